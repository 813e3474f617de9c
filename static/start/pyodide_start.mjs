// The site's pinned Pyodide, started from the interpreter snapshot when this browser has
// it already: the page's interpreter module (pyscript.toml's `interpreter`) and the
// computer's worker (static/computer/worker.js) both start through this file, on the page's
// thread or in a worker (nothing here needs a document or a window).
//
// The snapshot (pyodide/python-<hash>.snapshot.gz, made at build time with the same Pyodide
// under Node: sitebuild/snapshot.py) is the memory of a freshly started interpreter that has
// imported the engine (the archipelago package), with no reference to a JavaScript
// object. Handed to Pyodide (`_loadSnapshot`, an experimental option of the pinned
// version), it spares the interpreter's own start-up and the engine's imports, most of a
// start's time.
// It is 4.8 MB even compressed, so a first visit does without it: the snapshot is used
// only when it is in the site's Cache Storage already, where the service worker (sw.js)
// puts it, with every other file of the site, in the background once the game is
// playable. A first visit starts the plain way and never asks for it; the next ones
// start from it, offline too. Anything wrong with it (not cached, no Cache Storage,
// another build of Pyodide, a failed start) means a plain start.
import { loadPyodide as loadRuntime, version } from "../../pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../../pyodide/", import.meta.url).href;
// The build writes the snapshot's name here: a name of its own for each snapshot, so that
// another build's, still in the cache, is never taken for this one's.
const SNAPSHOT_URL = new URL("../../pyodide/python.snapshot.gz", import.meta.url).href;
// Earlier versions of the site kept a snapshot of their own in Cache Storage.
const OLD_CACHE_PREFIX = "python-snapshot-";

// The loading bar (static/start/loading_progress.js) shows how much of the runtime's large
// files has arrived. They are fetched here, where the runtime starts (this thread or
// PyScript's worker, out of the page's sight), so each is counted here as its bytes
// arrive and posted on a channel every context of the site hears. Only those files are
// counted; every other fetch goes through untouched.
const COUNTED = /(pyodide\/pyodide\.asm\.wasm|pyodide\/python_stdlib\.zip|archipelago\.zip)$/;
const POST_EVERY_MS = 100;

// The engine's zip is one of pyscript.toml's [files], which PyScript asks for only once
// the interpreter runs: on a slow phone the bar stood at "3.5 of 4.0 MB" for the
// interpreter's whole start (3-7 s through slow 4G, more on a busy processor) and the
// last 0.5 MB came only after it. So it comes sooner, and PyScript's own request for it
// is answered with those bytes (takeEarlyEngine): one download, as before.
// - On the page's thread the loader preloads it from the first paint on
//   (start_after_paint.js), and the interpreter's start asks for it at once, so that it
//   is counted as the preload brings it.
// - In PyScript's worker, whose thread the interpreter's start keeps busy (nothing could
//   be counted, nor the bar drawn, meanwhile), the page's thread asks for it once the
//   runtime's WebAssembly has come, counts it and hands the bytes over on the
//   "archipelago-engine" channel (start_after_paint.js): it then comes while the
//   interpreter starts, which needs the processor, not the network, instead of sharing
//   the network with the WebAssembly. The page says it is coming first; a worker that
//   has not heard so when PyScript asks (a start quicker than the page's thread) asks the
//   page for it, which then fetches it at once: one download either way.
const ENGINE_URL = new URL("../../archipelago.zip", import.meta.url).href;
let earlyEngine = null; // a promise of the early {body, init} (null: failed), once asked

let countedFetch = null; // fetch, counting the files the bar counts (below)

function fetchEngineEarly() {
  earlyEngine = countedFetch(ENGINE_URL)
    .then(async (response) => {
      if (!response.ok) return null; // PyScript's own request then meets the problem
      const {status, statusText} = response;
      const type = response.headers.get("content-type") || "application/zip";
      return {body: await response.arrayBuffer(), init: {status, statusText, headers: {"content-type": type}}};
    })
    .catch(() => null);
}

let engineChannel = null; // in PyScript's worker, the channel the page hands the engine on
let engineArrived = null; // resolves earlyEngine when the page's bytes (or its failure) come

function awaitThePage() {
  earlyEngine = new Promise((resolve) => { engineArrived = resolve; });
}

function engineFromThePage() {
  if (typeof BroadcastChannel !== "function") return;
  engineChannel = new BroadcastChannel("archipelago-engine");
  engineChannel.onmessage = ({data}) => {
    if (data && data.coming && !earlyEngine && !engineAsked) {
      awaitThePage();
    } else if (data && engineArrived && (data.body || data.failed)) {
      const {body, status, type} = data;
      engineArrived(body ? {body, init: {status, headers: {"content-type": type || "application/zip"}}} : null);
      engineChannel.close();
    }
  };
}

let engineAsked = false; // PyScript has asked for the engine
/** For PyScript's request of the engine, the early request's response (else null). */
async function takeEarlyEngine(args) {
  if (args[1]?.method && args[1].method !== "GET") return null;
  const asked = args[0] instanceof Request ? args[0].url : String(args[0]);
  if (new URL(asked, globalThis.location?.href).href !== ENGINE_URL) return null;
  engineAsked = true;
  if (!earlyEngine && engineChannel && !engineArrived) {
    // In a worker, PyScript asks before the page's word that the engine is coming has been
    // read (the page's thread was busy, or the word waits behind this start in the
    // worker's queue): ask the page, which fetches it now if it has not yet, rather than
    // downloading it a second time here. The page answers with the bytes or a failure.
    awaitThePage();
    engineChannel.postMessage({asking: true});
  }
  const early = earlyEngine;
  earlyEngine = null;
  const got = early && (await early);
  return got ? new Response(got.body, got.init) : null;
}

if (typeof BroadcastChannel === "function" && typeof TransformStream === "function" && !globalThis.__countedFetch) {
  const channel = new BroadcastChannel("archipelago-download");
  const plainFetch = globalThis.fetch;
  globalThis.__countedFetch = true;
  countedFetch = async (...args) => {
    const response = await plainFetch(...args);
    const name = (response.url.match(COUNTED) || [])[0];
    if (!name || !response.body) return response;
    // The bytes the server sends (its compressed copy's length), beside the bytes the
    // stream gives (unpacked): the page compares these with the file's own size.
    const wire = Number(response.headers.get("content-length")) || 0;
    let loaded = 0, posted = 0;
    const post = () => {
      posted = performance.now();
      // (on the page's thread, straight to its bar: static/start/loading_progress.js)
      if (globalThis.__downloadNews) globalThis.__downloadNews({name, loaded, wire});
      else channel.postMessage({name, loaded, wire});
    };
    const counter = new TransformStream({
      transform(chunk, stream) {
        loaded += chunk.byteLength;
        if (performance.now() - posted > POST_EVERY_MS) post();
        stream.enqueue(chunk);
      },
      flush() {
        post();
        channel.postMessage({name, loaded, wire, done: true}); // (the page then asks for the engine)
      },
    });
    post();
    const {status, statusText, headers} = response;
    return new Response(response.body.pipeThrough(counter), {status, statusText, headers});
  };
  globalThis.fetch = async (...args) =>
    (!engineAsked && (await takeEarlyEngine(args))) || countedFetch(...args);
}

const isGzip = (bytes) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

// Lets the thread's event loop run a task before going on.
const nextTask = () => new Promise((resume) => setTimeout(resume, 0));

/** Unpack gzipped bytes a piece at a time, a task apart: in one go, the 31 MB take
 * 100-150 ms of the page's thread (measured in chromium), a long task at start. */
async function gunzip(packed) {
  const PIECE = 256 * 1024; // unpacks to about 1.3 MB, a few milliseconds' work
  const stream = new DecompressionStream("gzip");
  const writer = stream.writable.getWriter();
  const feeding = (async () => {
    for (let at = 0; at < packed.length; at += PIECE) {
      await writer.write(packed.subarray(at, at + PIECE));
      await nextTask();
    }
    await writer.close();
  })();
  // Read as it comes; a damaged archive fails both, and Promise.all handles both.
  const [, unpacked] = await Promise.all([feeding, new Response(stream.readable).arrayBuffer()]);
  return new Uint8Array(unpacked);
}

/** The snapshot's bytes from the site's Cache Storage, or null when it is not there.
 * Cache Storage only: the network is never asked (a first visit must not wait for, nor
 * pay for, 4.8 MB it can do without). `caches` answers in windows and workers alike,
 * and before a service worker controls the page too; it is missing on an insecure origin
 * and may throw in a private mode. */
async function cachedSnapshot() {
  let response;
  try {
    if (typeof caches === "undefined") return null;
    response = await caches.match(SNAPSHOT_URL);
  } catch {
    return null;
  }
  if (!response || !response.ok) return null;
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The service worker keeps what the browser unpacked: the plain snapshot when the
    // server sent its brotli copy, the gzipped file from a host that sends it as it is.
    return isGzip(bytes) ? await gunzip(bytes) : bytes;
  } catch (error) {
    console.warn("the cached interpreter snapshot is unreadable:", error);
    return null;
  }
}

// Every start from one snapshot begins with the same state of `random`'s generator (it
// is part of the interpreter's memory); a fresh seed from the browser's entropy keeps
// any use of it apart from one visit to the next.
const RESEED = "import random\nrandom.seed()\ndel random";

// `loadRuntime` with a task let by between compiling the WebAssembly and starting the
// interpreter in it: Pyodide does both in one run of the thread (in chromium, taking the
// compiled code from the browser's cache alone is 40-60 ms of it), a long task. Pyodide
// calls the global `WebAssembly.instantiateStreaming`, so it is wrapped while a start is
// under way (several may overlap) and given back afterwards.
const instantiate = WebAssembly.instantiateStreaming;
async function instantiateThenYield(...args) {
  const compiled = await instantiate.apply(WebAssembly, args);
  await nextTask();
  return compiled;
}
let starting = 0;
async function loadRuntimeInSteps(options) {
  if (starting++ === 0) WebAssembly.instantiateStreaming = instantiateThenYield;
  try {
    return await loadRuntime(options);
  } finally {
    if (--starting === 0) WebAssembly.instantiateStreaming = instantiate;
  }
}

/** Start an interpreter: from the cached snapshot if there is one and it works, else the
 * plain way. Marks "python-from-snapshot" when the snapshot served. */
async function startRuntime(options) {
  const snapshot = await cachedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadRuntimeInSteps({ ...options, indexURL: INDEX_URL, _loadSnapshot: snapshot });
      pyodide.runPython(RESEED);
      performance.mark("python-from-snapshot");
      return pyodide;
    } catch (error) {
      console.warn("starting without the interpreter snapshot:", error);
    }
  }
  return loadRuntimeInSteps({ ...options, indexURL: INDEX_URL });
}

/** Start the page's interpreter (PyScript's `interpreter` module calls this). */
export async function loadPyodide(options) {
  performance.mark("python-runtime-start");
  if (countedFetch && typeof document !== "undefined") fetchEngineEarly(); // preloaded
  else if (countedFetch) engineFromThePage();
  const pyodide = await startRuntime(options);
  performance.measure("python-runtime", "python-runtime-start");
  // What PyScript does next (and our app.py) then runs in a task of its own, not at the
  // end of the interpreter's start.
  await nextTask();
  return pyodide;
}

/** Start the computer's worker's interpreter, and drop what earlier versions of the
 * site stored (a snapshot per browser, about 30 MB, in Cache Storage). */
export async function loadWorkerPyodide() {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(OLD_CACHE_PREFIX)) await caches.delete(name);
    }
  } catch {
    // no Cache Storage here (an insecure origin, a private mode): nothing to drop
  }
  return startRuntime({});
}
