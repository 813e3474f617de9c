// The page's language, chosen before anything is painted: the address's ?lang= (a link
// or an embed that asks), then the reader's choice in the settings, then the first of the
// browser's languages the page speaks, then English: archipelago/i18n.py's
// chosen_language, which this mirrors. <html lang> says it from the first paint.
// English is what index.html and the code are written in: it fetches nothing more. Another
// language fetches its two files at once, before the runtime: its first paint
// (locale/<lang>.json: index.html's text and the first views in that language, which
// first_paint.js paints, the page unseen until then so that no English flashes) and its
// catalogue (locale/<lang>.mo), which Python installs before it draws (pageLanguage).
(() => {
  const LANGUAGES = ["en", "de", "fr", "es", "it", "pt"];  // archipelago/i18n.py's LANGUAGES
  const DECIMAL_COMMA = ["de", "fr", "es", "it", "pt"];  // and its DECIMAL_COMMA
  const root = document.documentElement;
  const base = (code) => String(code || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0];
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem("archipelago.language")); } catch (error) { /* none */ }
  if (typeof stored !== "string") stored = null;
  const asked = new URLSearchParams(location.search).get("lang");
  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  const code = [asked, stored, ...browser].map(base).find((each) => LANGUAGES.includes(each)) || "en";
  root.lang = code;
  // The decimal sign for numbers the page's scripts write before Python (Intl's
  // formatters cost a long task at start to learn what this table says).
  const decimal = DECIMAL_COMMA.includes(code) ? "," : ".";
  const language = {code, decimal, catalogue: code === "en" ? null : undefined, first: null};
  window.__language = language;
  if (code === "en") return;
  root.style.visibility = "hidden";  // shown by first_paint.js, in the language
  // The version passes the browser's cache by when a new build changes the files.
  const fetched = (name) => fetch(`./locale/${name}?v=${root.dataset.version}`)
    .then((response) => { if (!response.ok) throw new Error(`${name}: ${response.status}`); return response; });
  language.first = fetched(`${code}.json`).then((response) => response.json());
  // The .mo file's bytes as a string of one character each, for Python's JSON. A
  // click-to-play poster (start=click) shows only the first paint's words: its catalogue
  // waits for Play (static/start/start_after_paint.js's start asks for it), so a visitor
  // who only scrolls past does not download it.
  let requested = false;
  language.fetchCatalogue = () => {
    if (requested) return;
    requested = true;
    fetched(`${code}.mo`).then((response) => response.arrayBuffer()).then((buffer) => {
      const bytes = new Uint8Array(buffer);
      let text = "";
      for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
      language.catalogue = text;
    }).catch((error) => {
      console.warn("the page's words are in English:", error);
      language.catalogue = null;
    });
  };
  if (new URLSearchParams(location.search).get("start") !== "click") language.fetchCatalogue();
  // For Python: "" while the catalogue is on its way, then {code, catalogue} as JSON
  // (catalogue null: English, the code's own words), with what chose the language, for
  // Python to choose the same (archipelago.i18n.chosen_language).
  const chosenFrom = {asked, stored, browser: [...browser]};
  window.pageLanguage = () => (language.catalogue === undefined ? "" : JSON.stringify(
    {...chosenFrom, code: language.catalogue === null ? "en" : code, catalogue: language.catalogue}));
})();
window.pageLanguage = window.pageLanguage || (() => JSON.stringify({code: "en", catalogue: null}));
