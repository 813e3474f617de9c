// The calls Python makes on this thread, by name, for the tests (window.pythonCalls): from
// a worker each one is a message and a wait, and one action of the player's should cost
// one. Inlined last, once every function Python calls is defined.
(() => {
  window.pythonCalls = {};
  for (const name of ["applyPageChanges", "earlyValues", "storageItems", "copyText",
                      "readPageForm", "listenForPython", "boardDrawing", "observeBoard",
                      "showBoardView", "canShareLinks", "shareLink", "puzzleSet"]) {
    const call = window[name];
    window[name] = (...args) => {
      window.pythonCalls[name] = (window.pythonCalls[name] || 0) + 1;
      return call(...args);
    };
  }
})();
