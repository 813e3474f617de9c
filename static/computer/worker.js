// The computer players' Web Worker: its own Pyodide (the site's pinned copy), the engine
// (archipelago.zip) and its thinker, archipelago/page/worker/thinker.py. The messages are
// those of archipelago/page/worker/protocol.py, which checks every request and builds every
// reply: the page posts {type: "think", id, record, level, seed, fresh, hurry} (record: the
// JSON record of any registered game); the worker answers
// {type: "move", id, move, stopped} with the move's canonical text once it is chosen.
// {type: "stop", id} asks for the best move found so far at once, {type: "cancel", id}
// drops the request. {type: "analyse", id, record, seed, iterations, solve_nodes} analyses
// a game's turns (archipelago/page/worker/analysis_protocol.py), answering
// {type: "analysis", id, done, total, rows, finished, stopped} as it goes; "stop" ends it
// with the turns done. No shared memory is needed (a plain static host cannot enable it):
// the search runs in short slices and the worker reads its messages between them. Every
// URL is relative to this file, so the site works from any sub-path.
// Started from the interpreter snapshot that ships with the site
// (static/start/pyodide_start.mjs).
import { loadWorkerPyodide } from "../start/pyodide_start.mjs";

const SLICE_SECONDS = 0.04;

const ready = (async () => {
  const pyodide = await loadWorkerPyodide();
  const engine = await fetch(new URL("../../archipelago.zip", import.meta.url));
  pyodide.unpackArchive(await engine.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
  const protocol = pyodide.pyimport("archipelago.page.worker.protocol");
  const analysis = pyodide.pyimport("archipelago.page.worker.analysis_protocol");
  const module = pyodide.pyimport("archipelago.page.worker.thinker");
  // Warm up before saying it is ready (archipelago/page/worker/thinker.py says why), unless asked already;
  // with a thinker of its own, so the one that answers requests starts untouched.
  const warmer = module.Thinker();
  const warm = { record: module.WARM_UP_RECORD, level: module.WARM_UP_LEVEL, fresh: true };
  const times = [];
  do {
    const began = performance.now();
    await sliced(warmer, { ...warm, seed: times.length + 1 });
    times.push(performance.now() - began);
  } while (!waiting && !module.warmed_up(times.length, times[0], times[times.length - 1]));
  warmer.destroy();
  return { thinker: module.THINKER, protocol, analysis };
})();
ready.then(
  ({ protocol }) => postMessage(JSON.parse(protocol.worker_ready())),
  // Without Python there is no protocol module to build the reply with.
  (error) => postMessage({ type: "error", id: null, message: String(error) }),
);

// A Python exception's message is its traceback: its last line says what went wrong.
const reason = (error) => String(error.message || error).trim().split("\n").pop();

// A yield to the worker's event loop that is not slowed down like nested timers are.
const channel = new MessageChannel();
let wake = null;
channel.port1.onmessage = () => { const resume = wake; wake = null; if (resume) resume(); };
const nextTask = () => new Promise((resume) => { wake = resume; channel.port2.postMessage(0); });

/** One search in slices, reading messages between them: resolves with the move, or
 * with undefined once the job is cancelled or a newer request waits. */
async function sliced(thinker, job) {
  // A JS null would reach Python as JsNull, undefined arrives as None.
  thinker.begin(job.record, job.level, job.seed ?? undefined, job.fresh, !!job.hurry);
  let move = thinker.step(SLICE_SECONDS);
  while (move === undefined) {
    await nextTask();
    if (job.cancelled || waiting) return undefined;
    move = job.stopped ? thinker.finish() : thinker.step(SLICE_SECONDS);
  }
  return move;
}

/** An analysis in slices, reading messages between them: posts a reply each time a turn
 * more is analysed, and a last one when all are, on Stop, or once a newer request waits. */
async function analysed(job, analysis) {
  const work = analysis.AnalysisJob(job.text);
  try {
    for (;;) {
      if (job.cancelled || job.stopped || waiting) {
        postMessage(JSON.parse(work.stop()));
        return;
      }
      const reply = work.step(SLICE_SECONDS);
      if (reply !== undefined) {
        postMessage(JSON.parse(reply));
        if (work.finished) return;
      }
      await nextTask();
    }
  } finally {
    work.destroy();
  }
}

let waiting = null;   // the latest request not yet started (older ones are dropped)
let current = null;   // the request being thought about
let running = false;

async function run() {
  if (running) return;
  running = true;
  try {
    const { thinker, protocol, analysis } = await ready;
    while (waiting) {
      const job = waiting;
      waiting = null;
      if (job.cancelled) continue;
      current = job;
      try {
        if (job.type === "analyse") {
          await analysed(job, analysis);
          current = null;
          continue;
        }
        const move = await sliced(thinker, job);
        if (move !== undefined && !job.cancelled) {
          postMessage(JSON.parse(protocol.worker_move(job.id, move, !!job.stopped)));
        }
      } catch (error) {
        postMessage(JSON.parse(protocol.worker_error(job.id, reason(error))));
      }
      current = null;
    }
  } catch (error) {
    postMessage({ type: "error", id: null, message: reason(error) });
  } finally {
    running = false;
  }
}

self.onmessage = async (event) => {
  let protocol;
  try {
    ({ protocol } = await ready);
  } catch {
    return; // the worker could not start, and has said so
  }
  if (event.data && event.data.type === "analyse") {
    // Checked by analysis_protocol.py as the job starts; a bad one gets an error reply.
    if (current) current.cancelled = true;
    waiting = { type: "analyse", id: event.data.id, text: JSON.stringify(event.data) };
    run();
    return;
  }
  // Checked and completed by the protocol module; a bad request gets an error reply.
  const message = JSON.parse(protocol.worker_request(JSON.stringify(event.data)));
  if (message.type === "error") {
    postMessage(message);
  } else if (message.type === "think") {
    if (current) current.cancelled = true;
    waiting = message;
    run();
  } else if (message.type === "stop" || message.type === "cancel") {
    for (const job of [current, waiting]) {
      if (job && job.id === message.id) job[message.type === "stop" ? "stopped" : "cancelled"] = true;
    }
  }
};
