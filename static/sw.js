// Scorekeeper's service worker: the app shell and the last viewed scoresheets stay
// readable without a connection; entering a hand always needs one, and says so.
"use strict";
const VERSION = "v1"; // served as the shell files' digest (web/pwa.py)
const SHELL = "shell-" + VERSION;
const PAGES = "pages-" + VERSION;
const SHELL_URLS = ["/offline", "/static/app.css", "/static/app.js", "/static/icons/icon-192.png"];
const KEEP_PAGES = 12;
// Pages worth keeping: home, scoresheets, hands, rule pages.
const READABLE = /^\/($|g\/[^/]+$|g\/[^/]+\/hands\/\d+$|rules\/)/;

self.addEventListener("install", (event) => {
  // Past the browser's own cache (a day for /static/): a new worker keeps the new files.
  const fresh = SHELL_URLS.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

async function keep(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))) await cache.delete(old);
}

async function offlinePage(status) {
  const page = await caches.match("/offline");
  if (!page) return new Response("Offline", { status: 503 });
  return new Response(await page.text(), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // A hand, an edit, a new game: only the server may store it. Never pretend it was saved.
    event.respondWith(fetch(request).catch(() => offlinePage(503)));
    return;
  }
  if (url.pathname.endsWith("/version")) return; // the live scoresheet's poll: network only
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && READABLE.test(url.pathname)) event.waitUntil(keep(request, response.clone()));
          return response;
        })
        .catch(() => caches.match(request).then((hit) => hit || offlinePage(503)))
    );
  }
});
