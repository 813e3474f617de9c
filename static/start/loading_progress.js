// The loading bar over the board until Python is ready: the share of the runtime's large
// files downloaded and how many megabytes that is, from what static/start/pyodide_start.mjs
// counts as the bytes arrive (it runs where the downloads happen, on this thread or in
// PyScript's worker, and posts on the "archipelago-download" channel). A start that has
// received nothing for a while (stalledMs) and is still not ready says so and offers a
// retry: that nothing has arrived at all, where the download stopped, or that all of it
// came and the game has still not started. The retry and those words go together, decided
// in one place (draw): news that comes after the retry was offered (a slow network, not a
// dead one) takes both away and the bar goes on.
(() => {
  // {name in the site: [its size as a file, the size of the build's brotli copy]}; the
  // build writes them (sitebuild/index.py).
  const SIZES = {"the runtime files' sizes": 0};
  // A test may set window.__startStalledMs, before the page or while it loads (read at
  // each look, so that a test can hold the files back and only then let the stall come).
  const stalledMs = () => window.__startStalledMs || 60000;
  // The page's bar, and the lesson dialog's copy of it (the dialog covers the page).
  const bars = document.querySelectorAll("#loading-progress, .loading-mirror");
  const line = document.getElementById("loading-bytes");
  const retry = document.getElementById("loading-retry");
  const ready = () => document.body.dataset.ready === "1";
  // {name: {loaded: bytes unpacked so far, wire: bytes the server sends for it}}
  const files = {};
  let lastNews = performance.now();
  let stalled = false;
  // With the page's decimal sign ("1,5" in French: static/start/language.js).
  const decimal = (window.__language || {}).decimal || ".";
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", decimal);
  // The lines, in the page's language (index.html's data- texts of the line).
  const say = (name, fields) => line.dataset[name].replace(/\{(\w+)\}/g, (_, key) => String(fields[key]));

  // The bar and its line from what has arrived, and the retry with its words once
  // nothing has arrived for stalledMs().
  const draw = () => {
    let sent = 0, total = 0, started = false;
    for (const [name, [plain, expected]] of Object.entries(SIZES)) {
      const file = files[name];
      // Until the server answers, its brotli copy is the guess; then its own length.
      const wire = file ? file.wire || plain : expected;
      total += wire;
      if (file) {
        started = true;
        sent += wire * Math.min(1, file.loaded / plain);
      }
    }
    for (const bar of bars) bar.value = total ? sent / total : 0;
    retry.hidden = !stalled;
    const seconds = Math.round(stalledMs() / 1000);
    if (stalled) {
      line.textContent = !started ? say("stalled", {seconds})
        : sent < total ? say("stopped", {sent: megabytes(sent), total: megabytes(total), seconds})
        : say("stuck", {total: megabytes(total), seconds});
    } else if (started) {
      line.textContent = sent >= total
        ? say("arrived", {total: megabytes(total)})
        : say("progress", {sent: megabytes(sent), total: megabytes(total)});
    }
  };

  const news = (data) => {
    if (ready() || !data || !(data.name in SIZES)) return;
    files[data.name] = {loaded: data.loaded, wire: data.wire};
    lastNews = performance.now();
    stalled = false;
    draw();
  };
  if (typeof BroadcastChannel === "function") {
    new BroadcastChannel("archipelago-download").onmessage = ({data}) => news(data);
  }
  // Python on this thread: the counting is here too, and tells the bar at once rather
  // than by a message, which would wait behind the interpreter's start (the bar stood a
  // little short of full while all had come).
  window.__downloadNews = news;
  draw();
  retry.addEventListener("click", () => location.reload());
  const watch = setInterval(() => {
    if (ready()) { clearInterval(watch); return; }  // body.loading goes, and the bar with it
    const now = performance.now() - lastNews >= stalledMs();
    if (now === stalled) return;
    stalled = now;
    draw();
  }, 1000);
})();
