// Offline play: the page and its assets are cached as they are fetched; the page itself is
// fetched fresh when the network answers (so an update shows at the next visit) and served
// from the cache when it does not. The API (/api/) is never cached: scores must be live.
const CACHE = 'twenty48-v1';
const SHELL = ['./', './index.html', './manifest.webmanifest', './icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
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

const remember = async (request, response) => {
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
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
        .then((response) => remember(request, response))
        .catch(
          async () => (await caches.match(request, { ignoreSearch: true })) ?? caches.match('./'),
        ),
    );
    return;
  }
  // Built assets have hashed names: a cached copy is always the right one.
  event.respondWith(
    caches
      .match(request)
      .then((cached) => cached ?? fetch(request).then((r) => remember(request, r))),
  );
});
