import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { manifestColours, themeColourTags } from './src/head-colours.js';
import { injectPrecache, precacheManifest } from './src/precache.js';

/** Every file under `dir`, '/'-separated paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));

/**
 * Offline play: once the build is written, sw.js gets the list of every file it wrote (the AI
 * worker and its chunks too, which index.html does not name) and a cache name from their
 * contents, so a new build's worker replaces the old cache.
 */
const precachePlugin = (): Plugin => ({
  name: 'twenty48-precache',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir;
    if (!dir) return;
    const built = filesUnder(dir).map((path) => ({
      path,
      content: readFileSync(join(dir, path)),
    }));
    const worker = join(dir, 'sw.js');
    writeFileSync(worker, injectPrecache(readFileSync(worker, 'utf8'), precacheManifest(built)));
  },
});

/**
 * Clear Sans asked for at once: each page preloads the built regular and bold woff2, so the
 * first paint already uses them and no text is laid out twice (a swap moves what is below).
 */
const preloadFontPlugin = (): Plugin => ({
  name: 'twenty48-preload-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, context) {
      const fonts = Object.keys(context.bundle ?? {}).filter((file) =>
        /clear-sans-latin-(400|700)-normal-[^/]+\.woff2$/.test(file),
      );
      return fonts.map((file) => ({
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: `./${file}`,
          as: 'font',
          type: 'font/woff2',
          crossorigin: '',
        },
        injectTo: 'head' as const,
      }));
    },
  },
});

/**
 * The pages' `<head>` colours and the manifest's from common's palette (`src/head-colours.ts`):
 * the theme-color tags written into every page, the manifest's colours into the built manifest
 * before the precache list is made from the files.
 */
const headColoursPlugin = (): Plugin => ({
  name: 'twenty48-head-colours',
  transformIndexHtml: () =>
    themeColourTags().map((meta) => ({ ...meta, injectTo: 'head-prepend' as const })),
  writeBundle: {
    // Before the precache plugin reads the files.
    order: 'pre',
    handler(options) {
      if (!options.dir) return;
      const file = join(options.dir, 'manifest.webmanifest');
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, `${JSON.stringify({ ...manifest, ...manifestColours() }, null, 2)}\n`);
    },
  },
});

const page = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

// The game is a static site: relative asset paths let `2048 serve` mount it anywhere.
// Four pages, each with its own entry: 2048 (index.html), checkers (checkers.html), and the
// daily challenge and races (daily.html, race.html, code in src/together).
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // exceljs (the checkers page's .xlsx saves) is one lazy chunk of about 930 kB, loaded only
    // when a file is saved or opened; the pages' own chunks stay far below this.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      input: {
        main: page('index.html'),
        checkers: page('checkers.html'),
        daily: page('daily.html'),
        race: page('race.html'),
      },
    },
  },
  worker: { format: 'es' },
  plugins: [headColoursPlugin(), preloadFontPlugin(), precachePlugin()],
});
