// How to play while the game starts: a "How to play" button pressed before Python is ready
// opens the lesson's dialog on its first step as the build drew it (<script
// id="first-lesson">: archipelago/page/lessons.py's waiting_first_steps, with what the
// page's language words differently from locale/<lang>.json), to read during the download.
// Its board does not answer until Python is up, and then Python opens the same step live
// (static/page/tutorial_ui.py). Close closes it meanwhile.
(() => {
  const dialog = document.getElementById("tutorial");
  const show = (translated) => {
    const steps = JSON.parse(document.getElementById("first-lesson").textContent);
    const game = document.getElementById("game-switch").value;  // the game painted
    if (!steps[game] || document.body.dataset.ready === "1") return;
    window.__paintBuilt(steps[game], ((translated || {}).lessons || {})[game]);
    if (!dialog.open) dialog.showModal();
  };
  document.addEventListener("click", (event) => {
    if (document.body.dataset.ready === "1") return;
    const button = event.target.closest ? event.target.closest("[data-tutorial]") : null;
    if (!button) return;
    if (button.dataset.tutorial === "close") {
      dialog.close();
    } else if (button.dataset.tutorial === "open") {
      // The language's differences arrived before the page was painted.
      Promise.resolve((window.__language || {}).first).then(show, () => show(null));
    }
  });
})();
