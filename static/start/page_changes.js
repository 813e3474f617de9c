// All that one action of Python's does to the page, in one call (index.html inlines this
// script; Python calls it through static/page/bridge.py's on_page, typed by
// typings/page_functions.pyi). Python may run in a worker, where every call it makes on the
// page is a message and a wait: so the controller's Outbox (archipelago/page/browser.py)
// collects an action's changes (archipelago/page/view/changes.py's Changes), the history's
// scroll, the analysis's marks and ghost, dialogs, focus and storage writes, and sends
// them here as one JSON text.
(() => {
  const byId = (id) => document.getElementById(id);
  // An element Python marks "keyed" (the moves list) is brought to its new HTML in place:
  // a child with the same data-key (else the next one of the same tag) is kept and only
  // its attributes and children that differ are changed. A redraw landing between the
  // press and the release of a click on an entry leaves the entry the same element, so
  // the click lands (innerHTML would replace it, and the click would go to none).
  const keyOf = (node) => node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
  const patchChildren = (old, fresh) => {
    const keyed = new Map(), loose = new Map();  // data-key -> node; tag -> nodes, in order
    for (const node of old.childNodes) {
      const key = keyOf(node);
      if (key !== null) keyed.set(key, node);
      else loose.set(node.nodeName, [...(loose.get(node.nodeName) || []), node]);
    }
    // Every node before `place` is in its new order; old nodes left unused end up after it.
    let place = old.firstChild;
    for (const node of [...fresh.childNodes]) {
      const key = keyOf(node);
      const match = key !== null ? keyed.get(key) : (loose.get(node.nodeName) || []).shift();
      if (!match || match.nodeName !== node.nodeName) {
        old.insertBefore(node, place);
        continue;
      }
      if (match === place) place = place.nextSibling;
      else old.insertBefore(match, place);
      if (match.nodeType === Node.ELEMENT_NODE) patchElement(match, node);
      else if (match.nodeValue !== node.nodeValue) match.nodeValue = node.nodeValue;
    }
    while (place) {
      const next = place.nextSibling;
      place.remove();
      place = next;
    }
  };
  const patchElement = (old, fresh) => {
    for (const {name} of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
    for (const {name, value} of fresh.attributes) {
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    patchChildren(old, fresh);
  };
  const putKeyed = (element, html) => {
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    patchChildren(element, fresh.content);
  };
  const putChanges = (changes) => {
    const focused = document.activeElement ? document.activeElement.id : "";
    for (const [selector, props] of Object.entries(changes)) {
      const element = document.querySelector(selector);
      if (!element) continue;
      for (const [prop, value] of Object.entries(props)) {
        if (prop === "html" && props.keyed) putKeyed(element, value);
        else if (prop === "keyed") continue;  // (how "html" is put)
        else if (prop === "html") {
          // A menu open inside what is redrawn stays open (the action bar is redrawn at
          // every computer stone: its "more" menu would close under the player's finger).
          const open = [...element.querySelectorAll("details[open][id]")].map((menu) => menu.id);
          element.innerHTML = value;
          for (const id of open) { const menu = byId(id); if (menu) menu.open = true; }
        }
        else if (prop === "text") element.textContent = value;
        else if (prop === "attrs") {
          for (const [name, text] of Object.entries(value)) {
            if (text === null) element.removeAttribute(name);
            else element.setAttribute(name, text);
          }
        }
        else element[prop] = value;
      }
    }
    // A button redrawn under the keyboard focus gets the focus back.
    if (focused && !(document.activeElement && document.activeElement.id === focused)) {
      const again = byId(focused);
      if (again) again.focus();
    }
  };
  // The moves list keeps the turn shown in view (without scrolling the page), else the latest.
  // A turn already in view stays where it is: a list that re-centred itself after every
  // change (a note saved, a mark added) moved the entries under a click on its way.
  const scrollHistory = () => {
    const history = byId("history");
    const shown = history.querySelector("[aria-current]");
    if (!shown) {
      history.scrollTop = 1e9;
      return;
    }
    const list = history.getBoundingClientRect(), entry = shown.getBoundingClientRect();
    if (entry.top >= list.top && entry.bottom <= list.bottom) return;
    history.scrollTop = shown.offsetTop - history.clientHeight / 2;
  };
  // The analysis's marks in the moves list ({turn: HTML}; others lose theirs), as
  // archipelago/page/analysis.py decides them.
  const markHistory = (marks) => {
    // (the main line's turns: a side line's, inside its data-variation, are not the game's)
    for (const button of document.querySelectorAll("#history > li > [data-turn]")) {
      const html = marks[button.getAttribute("data-turn")];
      const mark = button.querySelector(".judgement");
      if (html === undefined) { if (mark) mark.remove(); }
      else if (mark) mark.outerHTML = html;
      else button.insertAdjacentHTML("beforeend", html);
    }
  };
  // A storage the browser refuses throws; its name (SecurityError, QuotaExceededError)
  // goes into the answer, which the page says.
  const write = (key, text) => {
    try {
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
      return "";
    } catch (error) { return `${error.name}: ${error.message}`; }
  };
  // {changes, scroll, marks, ghost, dialogs: {id: open}, focus, writes: [[key, text or
  // null]]}, each part optional. Returns the first storage write refused, else "".
  window.applyPageChanges = (json) => {
    const batch = JSON.parse(json);
    putChanges(batch.changes || {});
    if (batch.scroll) scrollHistory();
    if (batch.marks) markHistory(batch.marks);
    if (typeof batch.ghost === "string") window.drawGhost(batch.ghost);  // board_view.js
    for (const [id, open] of Object.entries(batch.dialogs || {})) {
      if (!open) byId(id).close();
      else if (!byId(id).open) byId(id).showModal();
    }
    if (batch.focus) byId(batch.focus).focus();
    let refused = "";
    for (const [key, text] of batch.writes || []) refused = refused || write(key, text);
    return refused;
  };
})();
