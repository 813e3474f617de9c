// The browser's storage and clipboard for Python, one call each (index.html inlines this
// script; Python calls these through static/page/bridge.py's on_page).
(() => {
  // The browser's storage: every item in one call (Python keeps a copy, which the storage
  // events of other tabs keep up to date; its writes come with applyPageChanges). A
  // storage the browser refuses throws here, as it would in Python.
  // (An error's name, SecurityError or QuotaExceededError, goes into its message: the
  // name itself does not reach Python in a worker, and the page says it.)
  const named = (act) => {
    try { return act(); } catch (error) { throw new Error(`${error.name}: ${error.message}`); }
  };
  window.storageItems = () => named(() => {
    const items = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      items[key] = localStorage.getItem(key);
    }
    return JSON.stringify(items);
  });
  // The clipboard: true when the text was copied, false when the browser refused (no
  // permission, no focus): a refusal is an answer here, not an error.
  window.copyText = (text) => navigator.clipboard.writeText(text).then(() => true, () => false);
  // A puzzle set (archipelago/page/puzzles/mode.py asks when Puzzles opens, never at
  // start): the copy kept in the Cache Storage for this version of the path, else the
  // network's, then kept there (and older versions dropped), so that a set once opened
  // works offline. The cache's name does not start with the service worker's prefix, so
  // a new build's worker leaves it alone. "" when the site has no such file, null when
  // neither the network nor the cache has it.
  const PUZZLES = "archipelago.puzzles";
  const keptOrFetched = async (path) => {
    const url = new URL(path, document.baseURI).href;
    const cache = await (typeof caches === "undefined" ? null : caches.open(PUZZLES).catch(() => null));
    const kept = cache && await cache.match(url);
    if (kept) return kept.text();
    let response;
    try { response = await fetch(url); } catch (error) { return null; }
    if (response.status === 404) return "";
    if (!response.ok) return null;
    const text = await response.text();
    if (cache) {
      const plain = url.split("?")[0];
      for (const old of await cache.keys()) {
        if (old.url.split("?")[0] === plain) await cache.delete(old);
      }
      await cache.put(url, new Response(text, {headers: {"Content-Type": "text/plain"}}));
    }
    return text;
  };
  window.puzzleSet = (path) => keptOrFetched(path);
})();
