// Paint first, download second: the board is painted from index.html alone
// (static/start/first_paint.js, at the end of its <body>), and only once the browser
// reports that paint (its first contentful paint) does the runtime start downloading. All
// the files the start needs are then asked for at once (sitebuild/index.py writes their
// list here), not one after the other as the runtime finds it needs them. A hidden tab
// paints nothing: there it starts at once; a browser without paint timing starts after
// its first frame.
//
// Where the page is cross-origin isolated (the headers of `python build.py serve`, or the
// service worker's on a later visit), Python runs in a worker (PyScript's worker mode):
// its start and every turn it computes then leave this thread free, so the page scrolls
// and answers while the interpreter starts. Elsewhere (a host without those headers on a
// first visit, a frame in another site's page) the worker could not reach the page
// synchronously, so Python runs here as before. So it does in any frame: a frame of an
// isolated site that passes its isolation on (the embed snippet's
// allow="cross-origin-isolated") is isolated too, but there PyScript's worker failed to
// start (its messages carried an event that cannot be cloned). The files fetched by the worker are not
// preloaded from here: a preload serves only the document that made it.
const START_FILES = ["the files the page fetches at start"];
const IN_WORKER = globalThis.crossOriginIsolated === true && window.top === window;

// Python in a worker: the engine's zip is asked for here, once the runtime's WebAssembly
// has come (the worker says so on the download channel) or the worker asks for it (this
// thread was too busy to hear of the WebAssembly first), counted on that channel as it
// comes, and its bytes handed to the worker, which gives them to PyScript's own request
// for it. The worker's thread is busy starting the interpreter meanwhile: it could
// neither count it nor, before, even ask for it (static/start/pyodide_start.mjs).
const engineForTheWorker = () => {
  if (typeof BroadcastChannel !== "function") return;  // the worker then fetches it
  const downloads = new BroadcastChannel("archipelago-download");
  const engine = new BroadcastChannel("archipelago-engine");
  // The hand-over's message, once the zip is asked for: its bytes, or a failure (the
  // worker then fetches it itself).
  let handing = null, closed = false;
  const fetchEngine = async () => {
    try {
      const response = await fetch("./archipelago.zip");
      if (!response.ok || !response.body) throw new Error(`archipelago.zip: ${response.status}`);
      const name = "archipelago.zip", wire = Number(response.headers.get("content-length")) || 0;
      const parts = [], reader = response.body.getReader();
      for (let loaded = 0, read = await reader.read(); !read.done; read = await reader.read()) {
        parts.push(read.value);
        loaded += read.value.byteLength;
        if (!closed) downloads.postMessage({name, loaded, wire});
      }
      const body = await new Blob(parts).arrayBuffer();
      return {body, status: response.status, type: response.headers.get("content-type")};
    } catch (error) {
      return {failed: true};
    }
  };
  // Every ask is answered, even after a hand-over: news of another start (a worker of
  // the document this one replaced, still loading) may have set it off before this
  // page's worker listened, and that worker would wait for ever.
  const handOver = () => {
    if (!handing) {
      engine.postMessage({coming: true});
      handing = fetchEngine();
    }
    handing.then((message) => closed || engine.postMessage(message));
  };
  downloads.onmessage = ({data}) => {
    if (data && data.name === "pyodide/pyodide.asm.wasm" && data.done && !handing) handOver();
  };
  // The worker got there first (this thread was busy when the WebAssembly came).
  engine.onmessage = ({data}) => { if (data && data.asking) handOver(); };
  // Once the page is playable its worker has the engine: the channels close, the bytes go.
  new MutationObserver((_, observer) => {
    if (document.body.dataset.ready !== "1") return;
    observer.disconnect();
    closed = true;
    downloads.onmessage = engine.onmessage = null;
    downloads.close();
    engine.close();
    handing = null;
  }).observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The language's catalogue, which a click-to-play poster left for now (language.js).
  if (window.__language && window.__language.fetchCatalogue) window.__language.fetchCatalogue();
  if (IN_WORKER) {
    const script = document.querySelector('script[type="py"]');
    script.setAttribute("worker", "");
    // The page-wide options (the plugins left out) then come from a <py-config>, since a
    // worker's script keeps its config to itself.
    const options = document.createElement("py-config");
    options.textContent = document.querySelector("mpy-config").textContent;
    document.head.append(options);
    document.documentElement.dataset.python = "worker";
    engineForTheWorker();
  } else {
    document.documentElement.dataset.python = "page";
  }
  for (const [rel, href] of START_FILES) {
    if (IN_WORKER && (rel === "preload" || !href.startsWith("./pyscript/"))) continue;
    const link = Object.assign(document.createElement("link"), {rel, href});
    if (rel === "preload") Object.assign(link, {as: "fetch", crossOrigin: "anonymous"});
    document.head.append(link);
  }
  import("./pyscript/core.js");
};
if (new URLSearchParams(location.search).get("start") === "click") {
  // A click-to-play poster (static/start/poster.js): nothing is fetched until Play.
  window.__startGame = start;
  if (window.__playPressed) start();
} else if (document.visibilityState === "hidden") {
  start();
} else if ((PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      start();
    }
  }).observe({type: "paint", buffered: true});
  setTimeout(start, 10000);  // a paint never reported (a browser bug) must not stop the game
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
