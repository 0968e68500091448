import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { injectPrecache, PRECACHE_LINE, precacheManifest } from './precache.js';

const BUILD = [
  { path: 'index.html', content: '<script src="./assets/index-a1.js"></script>' },
  { path: 'assets/index-a1.js', content: 'new Worker(new URL("ai-worker-b2.js", …))' },
  { path: 'assets/ai-worker-b2.js', content: 'import "./search-c3.js";' },
  { path: 'assets/search-c3.js', content: 'export const search = 1;' },
  { path: 'assets/index-a1.js.map', content: '{}' },
  { path: 'assets/classic.t48n-d4.gz', content: new Uint8Array([31, 139]) },
  { path: 'icon.svg', content: new Uint8Array([60, 115, 118, 103, 62]) },
  { path: 'sw.js', content: "const PRECACHE = { cache: 'twenty48-dev', files: [] };" },
];

describe('the precache manifest of a build', () => {
  it('lists every file the build wrote, the AI worker and its chunks too, but not sw.js, maps or the network', () => {
    expect(precacheManifest(BUILD).files).toEqual([
      './',
      './assets/ai-worker-b2.js',
      './assets/index-a1.js',
      './assets/search-c3.js',
      './icon.svg',
      './index.html',
    ]);
  });

  it('names the cache after the contents: the same build the same name, any change a new one', () => {
    const { cache } = precacheManifest(BUILD);
    expect(cache).toMatch(/^twenty48-[0-9a-f]{16}$/);
    expect(precacheManifest([...BUILD].reverse()).cache).toBe(cache);
    const changed = BUILD.map((file) =>
      file.path === 'assets/search-c3.js' ? { ...file, content: 'export const search = 2;' } : file,
    );
    expect(precacheManifest(changed).cache).not.toBe(cache);
    const renamed = BUILD.map((file) =>
      file.path === 'icon.svg' ? { ...file, path: 'icon-2.svg' } : file,
    );
    expect(precacheManifest(renamed).cache).not.toBe(cache);
    // The worker and the maps are not precached: they do not name the cache either.
    const workerOnly = BUILD.map((file) =>
      file.path === 'sw.js' ? { ...file, content: '// other' } : file,
    );
    expect(precacheManifest(workerOnly).cache).toBe(cache);
  });

  it('goes into sw.js in place of its PRECACHE line, the rest kept', () => {
    const worker = readFileSync(new URL('../public/sw.js', import.meta.url), 'utf8');
    expect(worker).toMatch(PRECACHE_LINE);
    const manifest = precacheManifest(BUILD);
    const injected = injectPrecache(worker, manifest);
    expect(injected).toContain(`const PRECACHE = ${JSON.stringify(manifest)};`);
    expect(injected.replace(PRECACHE_LINE, '')).toBe(worker.replace(PRECACHE_LINE, ''));
    expect(() => injectPrecache('self.addEventListener("fetch", () => {});', manifest)).toThrow(
      /PRECACHE/,
    );
  });
});
