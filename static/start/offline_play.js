// Offline play: once the game is ready, a service worker caches every file of the site
// (registered only then, so caching does not slow the first start); and a note at the
// foot of the screen while the page is offline, so that nobody takes it for broken: shown
// while the browser says it is offline, or once a request of the page found no network,
// until the browser is online again or a later request is answered.
const offlineNote = document.getElementById("offline-note");
const offline = (shown) => { if (offlineNote) offlineNote.hidden = !shown; };
offline(navigator.onLine === false);
addEventListener("offline", () => offline(true));
addEventListener("online", () => offline(false));
const plainFetch = window.fetch;
if (typeof plainFetch === "function") {
  // Watched, never changed: the answer or the failure goes on to the caller as it was.
  window.fetch = function (...args) {
    return plainFetch.apply(this, args).then(
      (response) => { if (navigator.onLine !== false) offline(false); return response; },
      (error) => { if (error instanceof TypeError) offline(true); throw error; });
  };
}
if ("serviceWorker" in navigator) {
  new MutationObserver((_, observer) => {
    if (document.body.dataset.ready === "1") {
      observer.disconnect();
      const unavailable = (error) => console.warn("offline play is unavailable:", error);
      try {  // a browser that denies storage may refuse even to show its service workers
        // with the page's language, whose files it caches (static/start/language.js)
        const code = (window.__language || {code: "en"}).code;
        navigator.serviceWorker.register(code === "en" ? "./sw.js" : `./sw.js?lang=${code}`).catch(unavailable);
      } catch (error) { unavailable(error); }
    }
  }).observe(document.documentElement, {attributes: true, subtree: true,
                                         attributeFilter: ["data-ready"]});
}
