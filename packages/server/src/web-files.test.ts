import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openStore, type Store } from '@twenty48/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { chooseEncoding } from './compression.js';
import { DEFAULT_WEB_ROOT } from './web-files.js';

let dir: string;
let store: Store;
let webRoot: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'twenty48-web-'));
  const opened = openStore({ dataDir: dir });
  if (!opened.ok) throw new Error(opened.error.message);
  store = opened.value;
  webRoot = join(dir, 'dist');
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function build(): void {
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>twenty48</title>');
  writeFileSync(join(webRoot, 'assets', 'main-3f2a.js'), 'console.log(2048)');
  writeFileSync(join(webRoot, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(join(dir, 'secret.txt'), 'outside the web root');
}

/** The directives of a page's Content-Security-Policy, by name. */
const policyOf = (response: Response): Map<string, string> =>
  new Map(
    (response.headers.get('content-security-policy') ?? '')
      .split(/\s*;\s*/)
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );

describe('every page the server sends carries a strict Content-Security-Policy', () => {
  it('the game, checkers, the leaderboard, a missing page and the not-built page', async () => {
    const app = createApp({ store, webRoot });
    const notBuilt = await app.request('/');
    build();
    writeFileSync(join(webRoot, 'checkers.html'), '<!doctype html><title>checkers</title>');
    const pages = {
      'not built': notBuilt,
      '/': await app.request('/'),
      '/index.html': await app.request('/index.html'),
      '/checkers.html': await app.request('/checkers.html'),
      '/leaderboard': await app.request('/leaderboard'),
      'a missing page': await app.request('/no-such-page'),
    };
    for (const [page, response] of Object.entries(pages)) {
      expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
      const policy = policyOf(response);
      // Scripts only from the server itself (the game's modules, its workers, its WebAssembly
      // kernel), or none at all: no inline script, no eval, nothing from elsewhere.
      const scripts = policy.get('script-src');
      expect(scripts, `${page}: ${[...policy].join('; ')}`).toMatch(
        /^('none'|'self'( 'wasm-unsafe-eval')?)$/,
      );
      expect(policy.get('object-src') ?? policy.get('default-src'), page).toBe("'none'");
      expect(policy.get('base-uri'), page).toBe("'none'");
      expect(policy.get('frame-ancestors'), page).toBe("'none'");
    }
  });
});

describe('the built web game', () => {
  it('is found next to the server package by default, whatever the cwd', () => {
    expect(DEFAULT_WEB_ROOT).toBe(`${join(import.meta.dirname, '..', '..', 'web', 'dist')}/`);
  });

  it('answers 503 naming the build command until the game is built', async () => {
    const app = createApp({ store, webRoot });
    const response = await app.request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build -w @twenty48/web');
    build();
    expect((await app.request('/')).status).toBe(200);
  });

  it('serves index.html and the service worker revalidated, hashed assets cached for a year', async () => {
    build();
    const app = createApp({ store, webRoot });
    const index = await app.request('/');
    expect(await index.text()).toContain('<title>twenty48</title>');
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const worker = await app.request('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const asset = await app.request('/assets/main-3f2a.js');
    expect(await asset.text()).toBe('console.log(2048)');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = asset.headers.get('etag') ?? '';
    const again = await app.request('/assets/main-3f2a.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('compresses what a client accepts compressed, and only that', async () => {
    build();
    const script = `const tiles = [${Array.from({ length: 400 }, (_, i) => 2 ** (i % 12)).join(', ')}];`;
    writeFileSync(join(webRoot, 'assets', 'big-9a9a.js'), script);
    const app = createApp({ store, webRoot });
    const zipped = await app.request('/assets/big-9a9a.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(script.length / 2);
    expect(gunzipSync(bytes).toString()).toBe(script);
    const plain = await app.request('/assets/big-9a9a.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    // A browser offers Brotli too: it is chosen, smaller still than gzip.
    const brotli = await app.request('/assets/big-9a9a.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brBytes.length).toBeLessThan(bytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);
  });

  it('chooses the encoding by the client’s weights, Brotli first among equals', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('keeps requests inside the web root and answers missing files with 404', async () => {
    build();
    const app = createApp({ store, webRoot });
    // %2F survives URL normalisation, so these reach the server's own check.
    for (const path of ['/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/%2e%2e/secret.txt']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('outside the web root');
    }
    expect((await app.request('/missing.js')).status).toBe(404);
    expect((await app.request('/%E0%A4%A')).status).toBe(404);
  });

  it("serves the web build's Clear Sans at stable addresses, which the leaderboard page uses", async () => {
    build();
    const regular = Buffer.from('wOF2 regular');
    writeFileSync(join(webRoot, 'assets', 'clear-sans-latin-400-normal-AbC1.woff2'), regular);
    writeFileSync(join(webRoot, 'assets', 'clear-sans-latin-700-normal-dEf2.woff2'), 'wOF2 bold');
    writeFileSync(join(webRoot, 'assets', 'clear-sans-latin-400-normal-AbC1.woff'), 'woff');
    const app = createApp({ store, webRoot });
    const font = await app.request('/fonts/clear-sans-400.woff2');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(Buffer.from(await font.arrayBuffer())).toEqual(regular);
    expect(await (await app.request('/fonts/clear-sans-700.woff2')).text()).toBe('wOF2 bold');
    expect((await app.request('/fonts/clear-sans-500.woff2')).status).toBe(404);

    const page = await app.request('/leaderboard');
    const html = await page.text();
    expect(html).toContain('url(/fonts/clear-sans-400.woff2)');
    expect(html).toContain('url(/fonts/clear-sans-700.woff2)');
    expect(html).toMatch(/body \{ font-family: "Clear Sans",/);
    expect(page.headers.get('content-security-policy')).toContain("font-src 'self'");
  });

  it('answers 404 for the font while the build has none', async () => {
    build();
    const app = createApp({ store, webRoot });
    expect((await app.request('/fonts/clear-sans-400.woff2')).status).toBe(404);
  });
});
