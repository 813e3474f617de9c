// Service worker of the Archipelago page: after one visit, every file of the site is in
// the cache, so the game (computer seats included) loads and plays with no network.
// build.py fills in VERSION (a hash of every file) and ASSETS (every file of dist/), so
// each build gets its own cache and the previous one is deleted when the new one takes
// over. Paths are relative to this file, which sits at the root of the site: the site
// works from any sub-path of any static host.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const PREFIX = "archipelago-";
const CACHE = PREFIX + VERSION;

// Installed once the game is playable (index.html registers it only then), so what it
// fetches here never competes with the start: the interpreter snapshot, which a first
// visit does without (static/start/pyodide_start.mjs), and every file the page has not needed
// yet. "no-cache" lets the browser reuse what the visit has just downloaded once the
// server confirms it is still this build's (a conditional request answered "304 Not
// Modified"); a file changed since, or never downloaded, comes whole. The browser's cache
// is never trusted without asking, as it may still hold an earlier build.
self.addEventListener("install", (event) => {
  const requests = ASSETS.map((path) => new Request(new URL(path, self.location), {
    cache: "no-cache",
  }));
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // The page itself is opened with options in its query (?embed=1, a shared game), so
  // documents are matched without their query string.
  const options = { ignoreSearch: request.mode === "navigate" };
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, options))
      .then((cached) => cached || fetch(request))
      .then(isolated),
  );
});

// Cross-origin isolation for hosts that cannot set headers: python build.py serve sends
// these with every file (sitebuild/serve.py says why), and here the service worker adds them
// to what it hands the page when the host did not. Every file of the site is same-origin,
// so the embedder policy blocks nothing of ours; the resource policy lets other sites
// still embed the page in an <iframe>.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

function isolated(response) {
  if (!response || response.status === 0 || response.headers.has("Cross-Origin-Embedder-Policy")) {
    return response;  // an opaque response, or the host set the headers itself
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  // The body is already unpacked: it no longer has the encoding or length it came with.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(response.body, {
    status: response.status, statusText: response.statusText, headers,
  });
}
