// Half Moon's service worker (web/views.py: service_worker): the app shell offline.
// On install it caches the page and the static files it links (SHELL); the page is then
// fetched from the network first and from the cache only when the network fails, the shell's
// static files from the cache first. Nothing else is touched: the API, the game socket and
// every other request go to the network as if there were no worker, and are never cached.
{% autoescape off %}const CACHE = {{ cache }};
const SHELL = {{ shell }};{% endautoescape %}
const PREFIX = "halfmoon-shell-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SHELL)) // hashed names: the page's own copies, from the HTTP cache
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/") {
    event.respondWith(
      fetch(request).catch(() => caches.match("/", { cacheName: CACHE }).then((page) => page || Response.error())),
    );
  } else if (SHELL.includes(url.pathname) && url.pathname !== "/") {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then((cached) => cached || fetch(request)),
    );
  }
});
