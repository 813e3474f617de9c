// What Python hears of the page, one call each (index.html inlines this script; Python
// calls these through static/page/bridge.py's on_page). Python may run in a worker (see
// static/start/start_after_paint.js), where every property it reads of a browser object
// is a message and a wait: so an event reaches Python as one JSON text of what its
// handlers read (archipelago/page/input/events.py reads it), not as an object whose every
// property is one more call, and a form is read in one call.
(() => {
  const byId = (id) => document.getElementById(id);
  const near = (node, selector) => (node && node.closest ? node.closest(selector) : null);
  // The events Python is still handling (only in a worker: here a call returns when done).
  // Tests wait for none before reading the page, as a player's eye would wait a frame.
  let busy = 0;
  const counted = (result) => {
    if (result && typeof result.then === "function") {
      busy++;
      const done = () => { busy--; };
      result.then(done, done);
    }
  };
  window.pythonBusy = () => busy;
  // The messages Python was sent, by what sent them (an event's type, "board-drawn"), for
  // the tests: from a worker each one is a message, and a click should cost few.
  window.pythonMessages = {};
  const sent = (what) => { window.pythonMessages[what] = (window.pythonMessages[what] || 0) + 1; };
  // What the first paint left for Python (static/start/first_paint.js), and the page's
  // version.
  window.earlyValues = () => JSON.stringify({
    firstView: window.__firstView || {}, cleaned: window.__cleaned || [],
    earlyInput: window.__earlyInput || [], earlyBoard: window.__earlyBoard || "",
    // (with the language: a stored first view is painted in its own language only)
    version: (document.documentElement.dataset.version || "") +
      ((window.__language || {code: "en"}).code === "en" ? "" : "/" + window.__language.code),
    touch: matchMedia("(pointer: coarse)").matches,  // "tap" rather than "click"
    width: innerWidth,  // an embedded page's frame: whether its coordinates can be read
  });
  const formFields = (form) => {
    const fields = {};
    if (!form || !form.elements) return fields;
    for (const element of form.elements) {
      if (!element.name || (element.type === "radio" && !element.checked)) continue;
      fields[element.name] = element.type === "checkbox" ? element.checked : String(element.value);
    }
    return fields;
  };
  window.readPageForm = (id) => JSON.stringify(formFields(byId(id)));
  const describe = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const cell = near(target, "[data-cell]");
    const button = near(target, "[data-command],[data-turn],[data-colour],[data-move]");
    const lesson = near(target, "[data-tutorial],[data-tutorial-colour]");
    const form = target && target.localName === "form" ? target : null;
    const number = (value) => (typeof value === "number" ? value : null);
    return {
      type: event.type,
      key: typeof event.key === "string" ? event.key : null,
      newValue: typeof event.newValue === "string" ? event.newValue : null,
      ctrl: !!(event.ctrlKey || event.metaKey), ctrlKey: !!event.ctrlKey, alt: !!event.altKey,
      time: event.timeStamp, pointerType: event.pointerType || "", pointerId: number(event.pointerId),
      x: number(event.clientX), y: number(event.clientY),
      deltaY: number(event.deltaY), deltaMode: number(event.deltaMode),
      target: target && {id: target.id, tag: target.localName, name: target.getAttribute("name") || "",
                         value: "value" in target ? String(target.value) : "",
                         focusVisible: target.matches(":focus-visible")},
      cell: cell && {name: cell.getAttribute("data-cell"), width: cell.getBoundingClientRect().width,
                     board: cell.closest("#board") ? "board" : cell.closest("#tutorial-board") ? "tutorial" : ""},
      button: button && {...button.dataset},
      lesson: lesson && {...lesson.dataset},
      preset: (near(target, "[data-preset]") || {dataset: {}}).dataset.preset || null,
      form: form && {moveForm: form.hasAttribute("data-move-form"), fields: formFields(form)},
      dialogOpen: !!document.querySelector("dialog[open]"),
    };
  };
  // [[where ("document", "window" or a selector), type, capture, number]], and the
  // function to call with (number, the event's description): static/page/bridge.py.
  // Python's pointer events are a finger's (the board's pinch and pan): a mouse's or a
  // pen's never leave this thread; nor does a focus that shows no ring (a click's: the
  // boards show their keyboard cursor only for a keyboard's focus).
  const TARGETS = {document, window};
  // The pointer coming over the cell Python already has under it (#board's data-hover)
  // changes nothing either: a board redrawn under a still mouse sends its mouseover.
  const forPython = (event) => {
    if (event.type.startsWith("pointer")) return event.pointerType === "touch";
    if (event.type === "mouseover") {
      const cell = near(event.target instanceof Element ? event.target : null, "[data-cell]");
      const name = cell ? cell.getAttribute("data-cell") : "";
      const board = event.currentTarget;
      return !(board instanceof Element) || name !== (board.getAttribute("data-hover") || "");
    }
    if (event.type !== "focus") return true;
    return event.target instanceof Element && event.target.matches(":focus-visible");
  };
  window.listenForPython = (json, dispatch) => {
    for (const [where, type, capture, number] of JSON.parse(json)) {
      const element = TARGETS[where] || document.querySelector(where);
      element.addEventListener(type, (event) => {
        if (!forPython(event)) return;
        sent(event.type);
        counted(dispatch(number, JSON.stringify(describe(event))));
      }, !!capture);
    }
  };
  // Every new drawing of the board, as static/start/board_view.js's boardDrawing describes
  // it, for static/page/zoom_ui.py's zoom.
  // (board_view.js is written in before this script; taken now, the description is not
  // counted as a call of Python's by python_calls.js, which wraps window.boardDrawing.)
  const describeBoard = window.boardDrawing;
  // Unzoomed, a new drawing changes nothing of the zoom (a pinch or the wheel reads the
  // drawing as it starts): Python hears of drawings only while the board is zoomed.
  window.observeBoard = (handler) => new MutationObserver(() => {
    if (!byId("board").classList.contains("zoomed")) return;
    sent("board-drawn");
    counted(handler(describeBoard()));
  }).observe(byId("board"), {childList: true, subtree: true});
})();
