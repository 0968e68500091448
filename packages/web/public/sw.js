// Offline play: the page and its assets are cached as they are fetched; the page itself is
// fetched fresh when the network answers (so an update shows at the next visit) and served
// from the cache when it does not. The API (/api/) is never cached: scores must be live.
const CACHE = 'twenty48-v1';
const SHELL = ['./', './index.html', './manifest.webmanifest', './icon.svg'];

/** The shell plus the hashed scripts and styles the page names (their names change per build). */
const precache = async () => {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const page = await (await fetch('./', { cache: 'no-cache' })).text();
  const assets = [...page.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map(
    (m) => `./${m[1]}`,
  );
  await cache.addAll(assets);
};

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Keep a copy; `key` drops the query of pages so `?seed=…` links don't pile up in the cache. */
const remember = async (key, response) => {
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(key, response.clone());
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.includes('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => remember(url.origin + url.pathname, response))
        .catch(
          async () =>
            (await caches.match(request, { ignoreSearch: true, ignoreVary: true })) ??
            caches.match('./'),
        ),
    );
    return;
  }
  // Built assets have hashed names: a cached copy is always the right one.
  event.respondWith(
    caches
      .match(request, { ignoreVary: true })
      .then((cached) => cached ?? fetch(request).then((r) => remember(request, r))),
  );
});
