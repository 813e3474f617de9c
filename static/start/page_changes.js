// The page's changes from Python, one call each (index.html inlines this script; Python
// calls these through static/page/bridge.py's on_page, typed by typings/page_functions.pyi).
// Python may run in a worker, where every call it makes on the page is a message and a
// wait: so a whole batch of changes (archipelago/page/view.py's Changes, as JSON) is put
// into the page in one call (static/page/app.py's apply decides what changed).
(() => {
  const byId = (id) => document.getElementById(id);
  window.applyPageChanges = (json) => {
    const focused = document.activeElement ? document.activeElement.id : "";
    for (const [selector, props] of Object.entries(JSON.parse(json))) {
      const element = document.querySelector(selector);
      if (!element) continue;
      for (const [prop, value] of Object.entries(props)) {
        if (prop === "html") element.innerHTML = value;
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
  window.scrollHistory = () => {
    const history = byId("history");
    const shown = history.querySelector("[aria-current]");
    history.scrollTop = shown ? shown.offsetTop - history.clientHeight / 2 : 1e9;
  };
  // The analysis's marks in the moves list ({turn: HTML}; others lose theirs), as
  // static/page/analysis_ui.py decides them.
  window.markHistory = (json) => {
    const marks = JSON.parse(json);
    for (const button of document.querySelectorAll("#history [data-turn]")) {
      const html = marks[button.getAttribute("data-turn")];
      const mark = button.querySelector(".judgement");
      if (html === undefined) { if (mark) mark.remove(); }
      else if (mark) mark.outerHTML = html;
      else button.insertAdjacentHTML("beforeend", html);
    }
  };
})();
