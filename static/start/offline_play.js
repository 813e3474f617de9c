// Offline play: once the game is ready, a service worker caches every file of the site
// (registered only then, so caching does not slow the first start).
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
