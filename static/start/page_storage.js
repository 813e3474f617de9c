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
})();
