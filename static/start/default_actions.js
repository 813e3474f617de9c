// The default actions of what the page itself handles, cancelled as they happen (index.html
// inlines this script). Python may run in a worker, and then an event's default action is
// taken before Python hears of the event; so here:
// - the keys archipelago/page/input/keys.py's key_command takes (and the lesson's, on its
//   board; the slash, which goes to the command box, would open a browser's quick find), a wheel turn that zooms the board (static/page/zoom_ui.py), the forms Python
//   reads instead of sending, are cancelled;
// - an open menu closes on a click outside it or on a choice in it (the settings stay
//   open: their switches show what they did).
(() => {
  const byId = (id) => document.getElementById(id);
  const near = (node, selector) => (node && node.closest ? node.closest(selector) : null);
  const board = byId("board");
  const ready = () => document.body.dataset.ready === "1";
  const DIALOGS = ["new-game", "share", "confirm", "games", "club"];
  document.addEventListener("keydown", (event) => {
    if (!ready() || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const tag = (target.localName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const key = event.key;
    const moves = key.startsWith("Arrow") || key === "Enter" || key === " ";
    if (byId("tutorial").open) {
      if (target.id === "tutorial-board" && moves) event.preventDefault();
      return;
    }
    if (DIALOGS.some((id) => byId(id).open)) return;
    const onButton = (tag === "button" || tag === "summary" || tag === "a") && target.id !== "board";
    const stepping = document.body.dataset.stepping === "1";  // a past turn shown, or the game over
    if (key.startsWith("Arrow") || (stepping && (key === "Home" || key === "End")) ||
        ((key === "Enter" || key === " ") && !onButton) || key === "/") {
      event.preventDefault();
    }
  });
  board.addEventListener("wheel", (event) => {
    // Zoomed in, or turned inwards, the wheel zooms the board; turned outwards on the
    // whole board, it scrolls the page.
    if (ready() && (event.ctrlKey || event.deltaY < 0 || board.classList.contains("zoomed"))) {
      event.preventDefault();
    }
  }, {passive: false});
  byId("new-game-form").addEventListener("submit", (event) => event.preventDefault());
  byId("note-form").addEventListener("submit", (event) => event.preventDefault());
  byId("club-form").addEventListener("submit", (event) => event.preventDefault());
  byId("command-form").addEventListener("submit", (event) => event.preventDefault());
  byId("picker").addEventListener("submit", (event) => {
    if (event.target.hasAttribute("data-move-form")) event.preventDefault();
  });
  document.addEventListener("click", (event) => {
    for (const menu of document.querySelectorAll("details.pop[open]")) {
      const inside = menu.contains(event.target);
      const chosen = inside && !!near(event.target, ".pop-body button, .pop-body a");
      if (!inside || (chosen && menu.id !== "settings-menu")) menu.open = false;
    }
  });
})();
