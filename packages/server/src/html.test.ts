import { SURFACES, THEMES } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { htmlPage } from './html.js';

describe("the server's own pages", () => {
  it("take the page and text colours of each theme from common's palette", () => {
    const page = htmlPage('t', '<p>x</p>');
    const [light, dark] = page.split('prefers-color-scheme: dark');
    for (const [theme, css] of THEMES.map((t, i) => [t, i === 0 ? light : dark] as const)) {
      expect(css).toContain(`--page: ${SURFACES[theme].page};`);
      expect(css).toContain(`--text: ${SURFACES[theme].text};`);
    }
  });
});
