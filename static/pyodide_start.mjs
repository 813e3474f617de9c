// The site's pinned Pyodide, started from a memory snapshot when this browser keeps one:
// the page's interpreter module (pyscript.toml's `interpreter`) and the computer's worker
// (static/ai_worker.js) both start through this file.
//
// The snapshot is the memory of a freshly started interpreter (no module of ours in it,
// no reference to a JavaScript object), made by the worker on its first start and kept
// in the site's Cache Storage. A later start hands it to Pyodide (`_loadSnapshot`, an
// experimental option of the pinned version), which then skips the interpreter's own
// start-up. The page cannot make it itself: a runtime started to make a snapshot has a
// `js` module that PyScript cannot use (the worker's Python never touches `js`). Anything
// wrong with a snapshot (another build of Pyodide, a cache the browser refuses, a failed
// start) means a plain start, and the snapshot is dropped. No special header or server
// feature is involved; the cache's name is one the service worker keeps.
import { loadPyodide as loadRuntime, version } from "../pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const PREFIX = "python-snapshot-";
const CACHE = PREFIX + version; // restoring checks Pyodide's build id as well
const KEY = new URL("./python.snapshot", import.meta.url).href;

async function storedSnapshot() {
  try {
    const response = await (await caches.open(CACHE)).match(KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (an insecure origin, a private mode)
  }
}

// Lets the page's event loop run a task: what PyScript does next (and our app.py) then
// runs in a task of its own, not at the end of the interpreter's start.
const nextTask = () => new Promise((resume) => setTimeout(resume, 0));

async function startRuntime(options) {
  performance.mark("python-runtime-start");
  const pyodide = await loadRuntime(options);
  performance.measure("python-runtime", "python-runtime-start");
  await nextTask();
  return pyodide;
}

/** Start the page's interpreter: from the stored snapshot if there is one. */
export async function loadPyodide(options) {
  const stored = await storedSnapshot();
  if (stored) {
    try {
      const pyodide = await startRuntime({ ...options, indexURL: INDEX_URL, _loadSnapshot: stored });
      performance.mark("python-from-snapshot");
      return pyodide;
    } catch (error) {
      console.warn("starting without the stored snapshot:", error);
      await caches.delete(CACHE).catch(() => {});
    }
  }
  return startRuntime({ ...options, indexURL: INDEX_URL });
}

/** Start the worker's interpreter: from the stored snapshot if there is one, or else
 * making and storing it for the next starts (of the page and of the worker). Resolves
 * with the interpreter and a promise that settles once the snapshot is stored (the
 * worker waits for it before it says it is ready, so storing never slows a search). */
export async function loadWorkerPyodide() {
  let cache = null;
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    cache = await caches.open(CACHE);
  } catch {
    // no Cache Storage: a plain start, and nothing to keep
  }
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ indexURL: INDEX_URL, _loadSnapshot: snapshot });
      return { pyodide, stored: Promise.resolve() };
    } catch (error) {
      console.warn("starting the worker without the stored snapshot:", error);
      await caches.delete(CACHE).catch(() => {});
      cache = await caches.open(CACHE).catch(() => null);
    }
  }
  const pyodide = await loadRuntime({ indexURL: INDEX_URL, _makeSnapshot: cache !== null });
  // Taken before any of our code runs; stored while the worker goes on.
  const kept = cache ? cache.put(KEY, new Response(pyodide.makeMemorySnapshot())) : null;
  return { pyodide, stored: kept ? kept.catch(() => {}) : Promise.resolve() };
}
