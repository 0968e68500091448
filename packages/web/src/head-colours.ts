/**
 * The colours a page's `<head>` names (the browser's bar, light and dark) and the web app
 * manifest's, from common's palette: the build writes them into every page (`vite.config.ts`),
 * so no page hard-codes a colour the palette already has.
 */
import { SURFACES } from '@twenty48/common';

/** One `<meta>` tag: its attributes. */
export interface MetaTag {
  readonly tag: 'meta';
  readonly attrs: { readonly name: string; readonly content: string; readonly media: string };
}

/**
 * The `theme-color` tags of every page (2048, checkers, daily, race): the page's colour in the light and in the dark theme.
 *
 * @example
 * themeColourTags()[0] // { tag: 'meta', attrs: { name: 'theme-color', content: '#faf8ef', media: '(prefers-color-scheme: light)' } }
 */
export const themeColourTags = (): MetaTag[] =>
  (['light', 'dark'] as const).map((theme) => ({
    tag: 'meta',
    attrs: {
      name: 'theme-color',
      content: SURFACES[theme].page,
      media: `(prefers-color-scheme: ${theme})`,
    },
  }));

/**
 * The manifest's colours: the splash screen's background (the light page) and the bar's (the
 * light board, the original's).
 *
 * @example
 * manifestColours() // { background_color: '#faf8ef', theme_color: '#bbada0' }
 */
export const manifestColours = (): { background_color: string; theme_color: string } => ({
  background_color: SURFACES.light.page,
  theme_color: SURFACES.light.board,
});
