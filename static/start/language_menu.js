// The settings' language menu: the reader's choice is kept in the browser's storage (read
// by static/start/language.js before the next paint) and the page reloads in it, as the
// catalogue, the first paint and every drawing are the chosen language's. "The browser's"
// forgets the choice. The address's ?lang= gives way to the choice.
(() => {
  const menu = document.getElementById("language");
  if (!menu) return;
  const KEY = "archipelago.language";
  try { menu.value = JSON.parse(localStorage.getItem(KEY)) || ""; } catch (error) { menu.value = ""; }
  menu.addEventListener("change", () => {
    const address = new URL(location.href);
    address.searchParams.delete("lang");
    try {
      if (menu.value) localStorage.setItem(KEY, JSON.stringify(menu.value));
      else localStorage.removeItem(KEY);
    } catch (error) {  // no storage: the address says it, for this visit
      if (menu.value) address.searchParams.set("lang", menu.value);
    }
    location.replace(address.href);
  });
})();
