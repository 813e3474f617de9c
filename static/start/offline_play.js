// Offline play: once the game is ready, a service worker caches every file of the site
// (registered only then, so caching does not slow the first start).
if ("serviceWorker" in navigator) {
  new MutationObserver((_, observer) => {
    if (document.body.dataset.ready === "1") {
      observer.disconnect();
      const unavailable = (error) => console.warn("offline play is unavailable:", error);
      try {  // a browser that denies storage may refuse even to show its service workers
        navigator.serviceWorker.register("./sw.js").catch(unavailable);
      } catch (error) { unavailable(error); }
    }
  }).observe(document.documentElement, {attributes: true, subtree: true,
                                         attributeFilter: ["data-ready"]});
}
