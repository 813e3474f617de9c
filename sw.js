// Service worker of the Archipelago page: after one visit, every file of the site is in
// the cache, so the game (computer seats included) loads and plays with no network.
// The build (sitebuild/assemble.py) fills in VERSION (a hash of every file) and ASSETS
// (every file of dist/), so each build gets its own cache. Paths are relative to this
// file, which sits at the root of the site: the site works from any sub-path of any
// static host.
//
// A tab opened before a new build was deployed keeps running the build it loaded, and it
// may still ask for that build's files: the computer's worker, the engine, the rules page.
// A new build may have moved them, or changed what a path holds. So when a new build takes
// over, the tabs and workers then open (its "old clients") stay on the previous build's
// cache, which is kept until none of them is left; a reload opens the new build.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
// Each language's own files (its catalogue, its first paint, its rules pages): only the
// visitor's are cached, the language the page registered this worker with (sw.js?lang=fr,
// static/start/offline_play.js). A choice of another language registers the worker again
// with it, which is a new worker with a cache of its own, like a new build.
const LANGUAGE_ASSETS = __LANGUAGE_ASSETS__;
const LANGUAGE = new URL(self.location).searchParams.get("lang") || "en";
const PREFIX = "archipelago-";
const CACHE = PREFIX + VERSION + (LANGUAGE === "en" ? "" : "-" + LANGUAGE);
// Where the worker remembers, across its restarts, the previous build and its old clients
// (not a build's cache: its name does not start with PREFIX).
const STATE = new Request(new URL("./service-worker-state", self.location));
const STATE_CACHE = "archipelago.state";

// Installed once the game is playable (index.html registers it only then), so what it
// fetches here never competes with the start: the interpreter snapshot, which a first
// visit does without (static/start/pyodide_start.mjs), and every file the page has not needed
// yet. "no-cache" lets the browser reuse what the visit has just downloaded once the
// server confirms it is still this build's (a conditional request answered "304 Not
// Modified"); a file changed since, or never downloaded, comes whole. The browser's cache
// is never trusted without asking, as it may still hold an earlier build.
self.addEventListener("install", (event) => {
  const requests = [...ASSETS, ...(LANGUAGE_ASSETS[LANGUAGE] || [])].map((path) => new Request(new URL(path, self.location), {
    cache: "no-cache",
  }));
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(takeOver().then(() => self.clients.claim()));
});

// {current: the build cache of the worker that last took over, previous: the previous
// build's cache or null, clients: the ids of that build's old clients}, read once per
// start of this worker.
let state = null;

async function readState() {
  if (!state) {
    const kept = await (await caches.open(STATE_CACHE)).match(STATE);
    state = kept ? await kept.json() : { current: null, previous: null, clients: [] };
  }
  return state;
}

async function writeState(next) {
  state = next;
  const body = JSON.stringify(next);
  await (await caches.open(STATE_CACHE)).put(STATE, new Response(body));
}

// The previous build is the one that was current before this one (an earlier worker of
// ours wrote its name down), or, from a worker that did not, the only other build cache.
// Every other build cache is deleted.
async function takeOver() {
  const before = await readState();
  const others = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const previous = others.includes(before.current) ? before.current
    : others.length === 1 ? others[0] : null;
  const open = previous ? await self.clients.matchAll({ type: "all", includeUncontrolled: true }) : [];
  const kept = open.length ? previous : null;
  await Promise.all(others.filter((name) => name !== kept).map((name) => caches.delete(name)));
  await writeState({ current: CACHE, previous: kept, clients: open.map((client) => client.id) });
}

// Once every old client has gone (closed, or reloaded into the new build), the previous
// build's cache goes too. Checked at most every few seconds, on requests of new clients.
const FORGET_EVERY_MS = 5000;
let forgetChecked = 0;

async function forgetGoneClients() {
  const known = await readState();
  const open = new Set((await self.clients.matchAll({ type: "all", includeUncontrolled: true }))
    .map((client) => client.id));
  const left = known.clients.filter((id) => open.has(id));
  if (left.length === known.clients.length) return;
  if (left.length === 0 && known.previous) await caches.delete(known.previous);
  await writeState({ ...known, previous: left.length ? known.previous : null, clients: left });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(respond(event).then(isolated));
});

async function respond(event) {
  const request = event.request;
  // The page itself is opened with options in its query (?embed=1, a shared game), so
  // documents are matched without their query string; so are a language's files, which
  // the page asks for with its version (locale/fr.json?v=...) to pass the HTTP cache by.
  const options = { ignoreSearch: request.mode === "navigate" || /\/locale\/[^/]+$/.test(new URL(request.url).pathname) };
  const known = await readState();
  const builds = [CACHE];
  // A page opened, or reloaded, is the new build's (a reload's request may carry the
  // old page's client id).
  if (request.mode !== "navigate" && known.previous && known.clients.includes(event.clientId)) {
    builds.unshift(known.previous);  // an old client: its own build first
    if (event.resultingClientId) {  // a worker it starts is an old client too
      event.waitUntil(writeState({ ...known, clients: [...known.clients, event.resultingClientId] }));
    }
  } else if (known.previous && Date.now() - forgetChecked > FORGET_EVERY_MS) {
    forgetChecked = Date.now();
    event.waitUntil(forgetGoneClients());
  }
  for (const cacheName of builds) {  // (caches.open would make a deleted cache again)
    const cached = await caches.match(request, { ...options, cacheName });
    if (cached) return cached;
  }
  return fetch(request);
}

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
