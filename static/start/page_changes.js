// All that one action of Python's does to the page, in one call (index.html inlines this
// script; Python calls it through static/page/bridge.py's on_page, typed by
// typings/page_functions.pyi). Python may run in a worker, where every call it makes on the
// page is a message and a wait: so the controller's Outbox (archipelago/page/browser.py)
// collects an action's changes (archipelago/page/view/changes.py's Changes), the history's
// scroll, the analysis's marks and ghost, dialogs, focus and storage writes, and sends
// them here as one JSON text.
(() => {
  const byId = (id) => document.getElementById(id);
  // What is redrawn in place (data-redraw="in-place" in index.html: the action bar, the
  // moves list) has its children patched, not replaced: a child is kept for the new one
  // of the same data-key, else of the same id, else of its tag at its place among those
  // with neither, and a kept element is moved only where the order changed (a move is a
  // removal). A click whose target is removed between its press and its release is lost:
  // the action bar is drawn again twice a stone while computers play (Stop comes and
  // goes), and the moves list as the pointer leaves the board.
  const slot = (node, counts) => {
    if (node.nodeType === 1 && node.hasAttribute("data-key")) return "key " + node.getAttribute("data-key");
    if (node.nodeType === 1 && node.id) return "#" + node.id;
    const n = counts[node.nodeName] = (counts[node.nodeName] || 0) + 1;
    return node.nodeName + " " + n;
  };
  const patch = (old, fresh) => {
    if (old.isEqualNode(fresh)) return;
    if (old.nodeType !== 1) { old.nodeValue = fresh.nodeValue; return; }
    for (const name of old.getAttributeNames()) {
      // (a menu's open state is the player's, not drawn)
      if (!fresh.hasAttribute(name) && !(name === "open" && old.localName === "details")) {
        old.removeAttribute(name);
      }
    }
    for (const name of fresh.getAttributeNames()) {
      const value = fresh.getAttribute(name);
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    patchChildren(old, fresh);
  };
  const patchChildren = (element, fresh) => {
    const olds = new Map(), oldCounts = {}, newCounts = {};
    for (const node of element.childNodes) olds.set(slot(node, oldCounts), node);
    const wanted = [...fresh.childNodes].map((node) => {
      const old = olds.get(slot(node, newCounts));
      if (old && old.nodeName === node.nodeName) { patch(old, node); return old; }
      return node;
    });
    const keep = new Set(wanted);
    for (const node of [...element.childNodes]) if (!keep.has(node)) node.remove();
    wanted.forEach((node, i) => {
      const there = element.childNodes[i];
      if (there !== node) element.insertBefore(node, there || null);
    });
  };
  const putChanges = (changes) => {
    const focused = document.activeElement ? document.activeElement.id : "";
    for (const [selector, props] of Object.entries(changes)) {
      const element = document.querySelector(selector);
      if (!element) continue;
      for (const [prop, value] of Object.entries(props)) {
        if (prop === "html" && element.dataset.redraw === "in-place") {
          const template = document.createElement("template");
          template.innerHTML = value;
          patchChildren(element, template.content);
        }
        else if (prop === "html") {
          // A menu open inside what is redrawn stays open (it would close under the
          // player's finger).
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
  // {changes, scroll, marks, ghost, dialogs: {id: open}, focus, reveal, writes: [[key,
  // text or null]]}, each part optional. Returns the first storage write refused, else "".
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
    // "nearest": an element in view stays put; one above or below comes to the edge.
    if (batch.reveal) byId(batch.reveal).scrollIntoView({block: "nearest"});
    let refused = "";
    for (const [key, text] of batch.writes || []) refused = refused || write(key, text);
    return refused;
  };
})();
