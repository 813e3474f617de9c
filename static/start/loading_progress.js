// The loading bar over the board until Python is ready: the share of the runtime's large
// files downloaded and how many megabytes that is, from what static/start/pyodide_start.mjs
// counts as the bytes arrive (it runs where the downloads happen, on this thread or in
// PyScript's worker, and posts on the "archipelago-download" channel). A start that has
// received nothing for STALLED_MS and is still not ready says so and offers a retry.
(() => {
  // {name in the site: [its size as a file, the size of the build's brotli copy]}; the
  // build writes them (sitebuild/index.py).
  const SIZES = {"the runtime files' sizes": 0};
  const STALLED_MS = window.__startStalledMs || 60000;
  // The page's bar, and the lesson dialog's copy of it (the dialog covers the page).
  const bars = document.querySelectorAll("#loading-progress, .loading-mirror");
  const line = document.getElementById("loading-bytes");
  const retry = document.getElementById("loading-retry");
  const ready = () => document.body.dataset.ready === "1";
  // {name: {loaded: bytes unpacked so far, wire: bytes the server sends for it}}
  const files = {};
  let lastNews = performance.now();
  // With the page's decimal sign ("1,5" in French: static/start/language.js).
  const decimal = (window.__language || {}).decimal || ".";
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", decimal);
  // The lines, in the page's language (index.html's data- texts of the line).
  const say = (name, fields) => line.dataset[name].replace(/\{(\w+)\}/g, (_, key) => String(fields[key]));

  const show = () => {
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
    if (!started) return;
    line.textContent = sent >= total
      ? say("arrived", {total: megabytes(total)})
      : say("progress", {sent: megabytes(sent), total: megabytes(total)});
  };

  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel("archipelago-download");
    channel.onmessage = ({data}) => {
      if (ready() || !data || !(data.name in SIZES)) return;
      files[data.name] = {loaded: data.loaded, wire: data.wire};
      lastNews = performance.now();
      show();
    };
  }
  show();
  retry.addEventListener("click", () => location.reload());
  const watch = setInterval(() => {
    if (ready()) { clearInterval(watch); return; }  // body.loading goes, and the bar with it
    if (performance.now() - lastNews < STALLED_MS) return;
    clearInterval(watch);
    line.textContent = say("stalled", {seconds: Math.round(STALLED_MS / 1000)});
    retry.hidden = false;
  }, 1000);
})();
