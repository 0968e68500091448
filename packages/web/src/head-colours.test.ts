import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SURFACES } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { manifestColours, themeColourTags } from './head-colours.js';

const web = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const PAGES = ['index.html', 'checkers.html', 'daily.html', 'race.html'];

describe("the pages' head colours", () => {
  it("are common's page colours, light and dark, and the manifest's its light page and board", () => {
    expect(themeColourTags().map((tag) => [tag.attrs.content, tag.attrs.media])).toEqual([
      [SURFACES.light.page, '(prefers-color-scheme: light)'],
      [SURFACES.dark.page, '(prefers-color-scheme: dark)'],
    ]);
    expect(manifestColours()).toEqual({
      background_color: SURFACES.light.page,
      theme_color: SURFACES.light.board,
    });
  });

  it('are written by the build only: no page or manifest source names a colour', () => {
    for (const source of [...PAGES, 'public/manifest.webmanifest']) {
      expect(readFileSync(web(source), 'utf8')).not.toMatch(/#[0-9a-f]{6}\b|theme-color|_color/i);
    }
  });

  it.skipIf(!existsSync(web('dist/index.html')))(
    'stand once in every built page, and in the built manifest',
    () => {
      for (const page of PAGES) {
        const html = readFileSync(web(`dist/${page}`), 'utf8');
        expect(html.match(/name="theme-color"/g)?.length, page).toBe(themeColourTags().length);
        for (const { attrs } of themeColourTags()) {
          expect(html).toContain(
            `<meta name="theme-color" content="${attrs.content}" media="${attrs.media}">`,
          );
        }
      }
      const manifest = JSON.parse(readFileSync(web('dist/manifest.webmanifest'), 'utf8'));
      expect(manifest).toMatchObject(manifestColours());
    },
  );
});
