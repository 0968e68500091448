import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { escapeHtml, GAME_PAGE_POLICY, htmlPage, OWN_PAGE_HEADERS } from './html.js';

/** Where `vite build` of packages/web writes the game, found from this file, not the cwd. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export const WEB_BUILD_COMMAND = 'npm run build -w @twenty48/web';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Vite puts content-hashed files under `assets/`: they never change, so browsers keep them a
 * year. Everything else (index.html, the service worker, the manifest) is revalidated on every
 * load, so a new build reaches players at once.
 */
const cacheControlFor = (relativePath: string): string =>
  relativePath.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

/** `/fonts/clear-sans-400.woff2` and `…-700.woff2`: html.ts's FONT_URLS. */
const FONT_PATH = /^\/fonts\/clear-sans-(400|700)\.woff2$/;

/**
 * The built file behind one of the font's stable addresses: Vite names it after the
 * @fontsource file and a hash (`assets/clear-sans-latin-400-normal-<hash>.woff2`).
 */
async function builtFont(root: string, weight: string): Promise<string | null> {
  const names = await readdir(join(root, 'assets')).catch((): string[] => []);
  const prefix = `clear-sans-latin-${weight}-normal-`;
  const name = names.find((n) => n.startsWith(prefix) && n.endsWith('.woff2'));
  return name === undefined ? null : join(root, 'assets', name);
}

/** The file under `root` a URL path names, or null when it tries to leave the root. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = resolve(root, relative);
  return file.startsWith(resolve(root) + sep) ? file : null;
}

/** The file's size and time when it is a regular file, else null. */
async function regularFile(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Serve the built web game from `root`: its files with caching headers, and, while it is not
 * built, a 503 page that says how to build it.
 *
 * @example
 * app.get('*', (c) => serveWebFile(c, DEFAULT_WEB_ROOT));
 */
export async function serveWebFile(c: Context, root: string, basePath = ''): Promise<Response> {
  if (!(await regularFile(join(root, 'index.html')))) {
    const page = htmlPage(
      'The web game is not built yet',
      `<p>The server is running and the <a href="api/health">API</a> answers, but there is no
built game in <code>${escapeHtml(root)}</code>.</p>
<p>Build it with <code>${WEB_BUILD_COMMAND}</code> and reload this page.</p>
<p>Meanwhile: <a href="leaderboard">the leaderboard</a>.</p>`,
      basePath,
    );
    return c.body(page, 503, { ...OWN_PAGE_HEADERS, 'retry-after': '30' });
  }
  // The path under the base path (the app is mounted there; the request's path includes it).
  const path = c.req.path.slice(basePath.length) || '/';
  const font = FONT_PATH.exec(path);
  const weight = font?.[1];
  const file = weight !== undefined ? await builtFont(root, weight) : fileFor(root, path);
  const stats = file ? await regularFile(file) : null;
  if (!file || !stats) {
    const page = htmlPage(
      'Not found',
      '<p>No such page. <a href="./">Play twenty48</a>.</p>',
      basePath,
    );
    return c.body(page, 404, OWN_PAGE_HEADERS);
  }
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = {
    'content-type': type,
    ...(type.startsWith('text/html') ? { 'content-security-policy': GAME_PAGE_POLICY } : {}),
    // A font's stable address is revalidated: a new build may put another file behind it.
    'cache-control': font ? 'no-cache' : cacheControlFor(file.slice(resolve(root).length + 1)),
    etag,
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(await readFile(file), 200, headers);
}
