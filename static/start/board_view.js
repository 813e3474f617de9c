// The board's drawing, read and changed in one call each (index.html inlines this script;
// Python calls these through static/page/bridge.py's on_page). Python may run in a worker,
// where every property it reads of the page is a message and a wait.
(() => {
  const byId = (id) => document.getElementById(id);
  // The board's drawing for static/page/zoom_ui.py's zoom: its viewBox, whether it is new
  // since last asked (then marked seen), its box on the screen, the keyboard cursor's box
  // and its coordinates' places as drawn ([x, y, whether it names a row]).
  const board = byId("board");
  const labelsOf = (svg) => [...svg.querySelectorAll(".labels text")];
  const describeBoard = () => {
    const svg = board.querySelector("svg");
    if (!svg) return null;
    const fresh = !svg.hasAttribute("data-zoom-seen");
    svg.setAttribute("data-zoom-seen", "1");
    const rect = svg.getBoundingClientRect();
    const cursor = svg.querySelector(".overlay .cursor");
    const box = cursor ? cursor.getBBox() : null;
    return {
      viewBox: svg.getAttribute("viewBox") || "", fresh,
      box: [rect.left, rect.top, rect.width, rect.height],
      cursor: box && [box.x, box.y, box.width, box.height],
      labels: labelsOf(svg).map((text) => [
        Number(text.getAttribute("data-x") ?? text.getAttribute("x")),
        Number(text.getAttribute("data-y") ?? text.getAttribute("y")),
        /^[A-Za-z]+$/.test(text.textContent)]),
    };
  };
  window.boardDrawing = () => JSON.stringify(describeBoard());
  // static/page/zoom_ui.py's view of the drawing: the viewBox, and each coordinate's place
  // ([x or null where it stays, font size or "" as drawn, shown]).
  window.showBoardView = (json) => {
    const svg = board.querySelector("svg");
    if (!svg) return;
    const {viewBox, zoomed, labels} = JSON.parse(json);
    svg.setAttribute("viewBox", viewBox);
    board.classList.toggle("zoomed", zoomed);
    byId("zoom-reset").hidden = !zoomed;
    labelsOf(svg).forEach((text, index) => {
      const [x, size, shown] = labels[index] || [null, "", true];
      if (!text.hasAttribute("data-x")) {
        text.setAttribute("data-x", text.getAttribute("x"));
        text.setAttribute("data-y", text.getAttribute("y"));
      }
      text.style.fontSize = size;
      text.style.display = shown ? "" : "none";
      if (x !== null) text.setAttribute("x", x);
    });
  };
  // The analysis's best turn drawn faintly over the board (archipelago/page/analysis.py
  // decides it; "" takes it away).
  window.drawGhost = (drawing) => {
    const svg = board.querySelector("svg");
    if (!svg) return;
    let group = svg.querySelector("g.analysis-ghost");
    if (!group) {
      if (!drawing) return;
      group = document.createElementNS("http://www.w3.org/2000/svg", "g");
      group.setAttribute("class", "analysis-ghost");
      group.setAttribute("aria-hidden", "true");
      svg.appendChild(group);
    }
    group.innerHTML = drawing;
  };
})();
