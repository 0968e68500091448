// Offline play: at install, every file of the build is cached (the list and the cache's name
// are written into the next line by the build, vite.config.ts: the AI worker and its chunks
// included, which the page does not name); a new build brings a new name, and its worker
// deletes the old cache once active. The page itself is fetched fresh when the network answers
// (so an update shows at the next visit) and served from the cache when it does not. The API
// (/api/) is never cached: scores must be live.
const PRECACHE = { cache: 'twenty48-dev', files: [] };
const CACHE = PRECACHE.cache;
const SHELL = ['./', './index.html', './manifest.webmanifest', './icon.svg'];

const precache = async () => {
  const cache = await caches.open(CACHE);
  await cache.addAll([...new Set([...SHELL, ...PRECACHE.files])]);
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
