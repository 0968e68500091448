// The service worker's precache list, made at build time (vite.config.ts's plugin): every file
// the build wrote (the shell, the page's scripts and styles, the AI worker and the chunks it
// imports), and a cache name made from their contents, so a new build installs a new worker
// whose cache replaces the old one. Build side only: the page does not import it.

import { createHash } from 'node:crypto';

/** A file the build wrote: its path under the output folder ('/'-separated) and its bytes. */
export interface BuiltFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/** What sw.js precaches: the cache's name and the files' addresses relative to sw.js. */
export interface PrecacheManifest {
  readonly cache: string;
  readonly files: readonly string[];
}

/**
 * Not precached: the worker itself (the browser fetches it), source maps, and the AI's n-tuple
 * network (22 MiB: fetched the first time the AI plays, and then kept by the worker's fetch
 * handler like any built asset, so only players who use the AI download it).
 */
const skipped = (path: string): boolean =>
  path === 'sw.js' || path.endsWith('.map') || /\.t48n[^/]*$/.test(path);

/**
 * The manifest of a build: every file but the worker, sorted, and a cache name that changes
 * whenever any precached file's name or content changes.
 *
 * @example
 * precacheManifest([{ path: 'index.html', content: '<!doctype html>' }])
 * // { cache: 'twenty48-3f…', files: ['./', './index.html'] }
 */
export function precacheManifest(built: readonly BuiltFile[]): PrecacheManifest {
  const kept = built.filter((file) => !skipped(file.path));
  kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of kept) {
    hash.update(file.path);
    hash.update('\0');
    hash.update(file.content);
    hash.update('\0');
  }
  const files = kept.map((file) => `./${file.path}`);
  // The page is asked for as './' too: the address the player opens.
  const withRoot = files.includes('./index.html') ? ['./', ...files] : files;
  return { cache: `twenty48-${hash.digest('hex').slice(0, 16)}`, files: withRoot };
}

/** The line of sw.js the build replaces; sw.js as written is valid (and precaches nothing). */
export const PRECACHE_LINE = /^const PRECACHE = .*;$/m;

/**
 * sw.js with the build's manifest in place of its `const PRECACHE = …;` line.
 *
 * @example
 * injectPrecache("const PRECACHE = { cache: 'dev', files: [] };", manifest)
 * // 'const PRECACHE = {"cache":"twenty48-…","files":["./",…]};'
 */
export function injectPrecache(worker: string, manifest: PrecacheManifest): string {
  if (!PRECACHE_LINE.test(worker)) throw new Error('sw.js has no `const PRECACHE = …;` line');
  return worker.replace(PRECACHE_LINE, () => `const PRECACHE = ${JSON.stringify(manifest)};`);
}
