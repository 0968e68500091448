import { SURFACES, tileColours } from '@twenty48/common';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to place in HTML, in element content or a quoted attribute.
 *
 * @example
 * escapeHtml('<b>Ada</b>') // '&lt;b&gt;Ada&lt;/b&gt;'
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * Where the server serves the web game's icon: Vite copies packages/web/public/icon.svg, the
 * icon the game's own index.html links, to the root of the build. Relative to the server's
 * base path, as every link `htmlPage` writes.
 */
export const ICON_URL = 'icon.svg';

/**
 * Where the server serves the web game's font, Clear Sans, regular and bold: stable addresses
 * for the files Vite bundled from @fontsource/clear-sans under hashed names (web-files.ts finds
 * them in the build), so these pages use the game's font without importing the game's code.
 */
export const FONT_URLS = {
  400: 'fonts/clear-sans-400.woff2',
  700: 'fonts/clear-sans-700.woff2',
} as const;

const FONT_FACES = Object.entries(FONT_URLS)
  .map(
    ([weight, url]) =>
      `@font-face { font-family: "Clear Sans"; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(/${url}) format("woff2"); }`,
  )
  .join('\n');

const LIGHT = SURFACES.light;
const DARK = SURFACES.dark;

/**
 * The page's colours, light then dark, from common's palette (the surfaces, and tile 2 behind
 * code in the light theme); only the links' orange is the pages' own: the web game's page and text colours, links in its
 * orange darkened (light) to reach 4.5:1 against the page, as the text does against code.
 */
const STYLE = `
${FONT_FACES}
:root { color-scheme: light dark; --page: ${LIGHT.page}; --text: ${LIGHT.text}; --link: #b8401c; --code: ${tileColours(2, 'light').background}; --rule: ${LIGHT.board}; }
@media (prefers-color-scheme: dark) { :root { --page: ${DARK.page}; --text: ${DARK.text}; --link: #f65e3b; --code: ${DARK.board}; --rule: ${DARK.empty}; } }
body { font-family: "Clear Sans", "Helvetica Neue", Arial, sans-serif; background: var(--page); color: var(--text); max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
code { background: var(--code); padding: 0.1rem 0.3rem; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--rule); }
td.number, th.number { text-align: right; }
a { color: var(--link); }
`;

/**
 * `html` with every relative link (`href`/`src`/`url()` not starting with a scheme, `/` or `#`)
 * made absolute under `basePath`: `leaderboard` is `/game/leaderboard`, `./` is `/game/`. (A
 * `<base>` element would do it, but the pages' policy says `base-uri 'none'`.)
 */
const rooted = (html: string, basePath: string): string =>
  html
    .replace(
      /\b(href|src)="(?![a-z][a-z0-9+.-]*:|\/|#)(?:\.\/)?([^"]*)"/gi,
      (_, attribute: string, path: string) => `${attribute}="${escapeHtml(basePath)}/${path}"`,
    )
    .replace(/url\(\/(?!\/)/g, `url(${escapeHtml(basePath)}/`);

/**
 * A small complete page in the game's colours and with its icon, its content in one main
 * landmark (as axe-core's best practices ask); `body` must already be escaped HTML, its links relative (`leaderboard`, `./`): they are written under the server's
 * base path (`--base-path`), so they hold at any depth and under any prefix.
 *
 * @example
 * htmlPage('Not found', '<p>No such page. <a href="./">Play</a>.</p>', '/game')
 */
export function htmlPage(title: string, body: string, basePath = ''): string {
  return rooted(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · twenty48</title>
<link rel="icon" href="${ICON_URL}" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`,
    basePath,
  );
}

/** Headers for pages the server writes itself: no scripts, nothing from elsewhere. */
export const OWN_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'",
  'cache-control': 'no-cache',
};

/**
 * The policy of the built game's pages (`/`, `/checkers.html`): everything from the server
 * itself and nothing else. Scripts are the build's modules, never inline and never eval'd;
 * `'wasm-unsafe-eval'` lets them compile the AI's WebAssembly kernel (it allows no JavaScript
 * eval). Workers (the AI, the checkers search) and the service worker are the build's files;
 * the downloaded .xlsx is a blob URL; styles may be set inline by the scripts (tile positions).
 */
export const GAME_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * Forbid every site to show an HTML page in a frame (clickjacking): `frame-ancestors 'none'`
 * joins the page's Content-Security-Policy, or is the whole policy when it sent none, and
 * `X-Frame-Options: DENY` says the same to older browsers. Other responses are left alone.
 *
 * @example
 * forbidFraming(c.res.headers); // after the handler has answered
 */
export function forbidFraming(headers: Headers): void {
  if (!/^text\/html\b/i.test(headers.get('content-type') ?? '')) return;
  const policy = headers.get('content-security-policy')?.trim().replace(/;$/, '');
  if (!policy) headers.set('content-security-policy', FRAME_ANCESTORS);
  else if (!/(^|;)\s*frame-ancestors\s/i.test(policy)) {
    headers.set('content-security-policy', `${policy}; ${FRAME_ANCESTORS}`);
  }
  headers.set('x-frame-options', 'DENY');
}
