// The first view, painted before Python is up (index.html's <script id="first-view"> holds
// the views): a new game's, pre-rendered by the build with the page's own renderer, or the
// game in play as the page stored it (for this version of the page only). Stored text is
// untrusted: only the elements, properties and attributes the page itself sets are taken,
// and markup that could run code is dropped. Clicks on the board and the colours before
// Python is ready are kept for it to play.
// In another language than English (static/start/language.js) the paint waits for that
// language's first paint (locale/<lang>.json): index.html's marked text in it, and what its
// first views draw differently; the page, unseen until then, is shown once painted.
(() => {
  const PAINTED = new Set(JSON.parse(document.getElementById("first-view").dataset.painted));
  const UNSAFE = /^(script|style|iframe|frame|object|embed|link|meta|base|foreignobject|a|use|image|img|animate|set|form|input|textarea)$/i;
  // The fragments the cleaner changed: what is drawn there is not the stored HTML, so
  // Python must draw them again (archipelago/page/view/first.py, painted_html).
  const cleaned = [];
  const clean = (html, selector) => {
    const box = document.createElement("template");
    box.innerHTML = html;
    let changed = false;
    for (const node of [...box.content.querySelectorAll("*")]) {
      if (UNSAFE.test(node.localName)) { node.remove(); changed = true; continue; }
      for (const {name, value} of [...node.attributes]) {
        if (/^on|href|src|action/i.test(name) || /javascript:|url\(/i.test(value)) {
          node.removeAttribute(name);
          changed = true;
        }
      }
    }
    if (changed) cleaned.push(selector);
    return box.innerHTML;
  };
  const paint = (changes, stored, allowed = PAINTED) => {
    for (const [selector, props] of Object.entries(changes)) {
      const element = allowed.has(selector) && document.querySelector(selector);
      if (!element || typeof props !== "object" || !props) continue;
      for (const [prop, value] of Object.entries(props)) {
        if (prop === "html") element.innerHTML = stored ? clean(String(value), selector) : value;
        else if (prop === "text") element.textContent = String(value);
        else if (prop === "hidden" || prop === "disabled") element[prop] = !!value;
        else if (prop === "attrs" && value && typeof value === "object") {
          for (const [name, text] of Object.entries(value)) {
            if (/^(aria|data)-[a-z-]+$/.test(name)) element.setAttribute(name, String(text));
          }
        }
      }
    }
  };
  // What the build drew in English with what a language draws differently over it.
  const merged = (english, own) => Object.fromEntries(Object.entries(english).map(
    ([selector, props]) => [selector, {...props, ...((own || {})[selector] || {})}]));
  // For static/start/lesson_while_loading.js: the build's changes of other elements.
  window.__paintBuilt = (english, own) => {
    const changes = merged(english, own);
    paint(changes, false, new Set(Object.keys(changes)));
  };
  const root = document.documentElement;
  // index.html's elements marked data-i18n (their inner HTML) and data-i18n-attrs, in
  // the order the build found them (sitebuild/locales.py): left in English when the
  // page is not the one the file was made for.
  const translate = (entries) => {
    const marked = document.querySelectorAll("[data-i18n],[data-i18n-attrs]");
    if (!Array.isArray(entries) || entries.length !== marked.length) return;
    marked.forEach((element, index) => {
      const [html, attributes] = entries[index];
      if (typeof html === "string") element.innerHTML = html;
      for (const [name, text] of Object.entries(attributes || {})) element.setAttribute(name, String(text));
    });
  };
  const language = window.__language || {code: "en"};
  // The stored view is painted for this version of the page in this language only.
  const version = root.dataset.version + (language.code === "en" ? "" : "/" + language.code);
  const firstPaint = (translated) => {
    if (translated) translate(translated.text);
    // The theme chosen in the settings, before the first frame (static/page/display_ui.py).
    try {
      const theme = JSON.parse(localStorage.getItem("archipelago.theme"));
      if (theme === "light" || theme === "dark") root.dataset.theme = theme;
    } catch (error) { /* no storage: the system's theme */ }
    // The theme the address names (an embed snippet's) wins over the stored one.
    const asked = new URLSearchParams(location.search).get("theme");
    if (asked === "light" || asked === "dark") root.dataset.theme = asked;
    else if (asked === "auto") delete root.dataset.theme;
    // An embedded board takes its layout now, not when Python sees the option.
    if (new URLSearchParams(location.search).get("embed") === "1") document.body.classList.add("embed");
    // A new game's view for this address: the page's first game, or the game ?game= names
    // (the language's differences over English's).
    const views = JSON.parse(document.getElementById("first-view").textContent);
    const options = new URLSearchParams(location.search);
    options.delete("lang");
    options.delete("theme");  // read above; the same game's view in any theme
    // An embedded page that names at most its game starts the game of the same address
    // without embed=1 (archipelago/page/start.py's embed_settings): the same view.
    const viewed = new URLSearchParams(options);
    viewed.delete("embed");
    const query = viewed.toString();
    const shown = views[query] ? query : "";
    let changes = merged(views[shown], ((translated || {}).views || {})[shown]);
    let from = "build";
    if (!location.search && !location.hash) {  // options or a link open another game
      try {
        const kept = JSON.parse(localStorage.getItem("archipelago.view"));
        if (kept && kept.version === version && kept.changes && typeof kept.changes === "object") {
          changes = kept.changes;
          from = "storage";
        }
      } catch (error) { /* no storage, or not ours: the new game's view */ }
    }
    try { paint(changes, from === "storage"); } catch (error) { from = "none"; }
    // The first visit's welcome (archipelago/page/start.py decides the same from the same
    // keys), shown now so that nothing moves when Python takes over: an address that asks
    // for no game or only names one (its view brings the welcome's words).
    try {
      const onlyGame = [...options.keys()].every((key) => key === "game");
      const first = onlyGame && !location.hash &&
        localStorage.getItem("archipelago.games") === null && localStorage.getItem("archipelago.game") === null;
      document.getElementById("welcome").hidden = !first;
    } catch (error) { /* no storage: Python decides */ }
    finally { root.dataset.painted = from; }
    // Kept for Python: the board it was painted with, and what was clicked on it meanwhile.
    window.__firstView = from === "none" ? {} : changes;
    window.__cleaned = cleaned;
    window.__earlyBoard = (changes["#board"] || {}).html || "";
    window.__earlyInput = [];
    // For the scripts that drew before this paint, over which it painted the page's own
    // board and words (static/start/poster.js lays its poster again, in the language).
    document.dispatchEvent(new Event("first-painted"));
    const note = document.getElementById("loading-note");
    const waiting = (event) => {
      if (document.body.dataset.ready === "1") return;
      const target = event.target.closest ? event.target.closest("[data-cell],[data-colour]") : null;
      if (event.type === "click" && target && target.closest("#board,#picker")) {
        const cell = target.getAttribute("data-cell");
        window.__earlyInput.push(cell ? ["cell", cell] : ["colour", target.getAttribute("data-colour")]);
        const count = window.__earlyInput.filter((entry) => entry[0] === "cell").length;
        const said = count === 1 ? note.dataset.stone : count ? note.dataset.stones : note.dataset.colour;
        note.textContent = said.replace("{count}", String(count));
      } else {
        note.textContent = note.dataset.waiting;
      }
    };
    document.addEventListener("click", waiting, true);
    document.addEventListener("keydown", waiting, true);
  };
  if (!language.first) {
    firstPaint(null);
    return;
  }
  // A language's first paint that never comes (a slow network) must not keep the page
  // unseen: after a while it is painted in English; Python still speaks the language.
  let painted = false;
  const paintOnce = (translated) => {
    if (painted) return;
    painted = true;
    try { firstPaint(translated); } finally { root.style.visibility = ""; }
  };
  language.first.then(paintOnce, (error) => { console.warn(error); paintOnce(null); });
  setTimeout(() => paintOnce(null), 4000);
})();
