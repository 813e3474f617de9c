// The click-to-play poster (the address's start=click, which the embed snippet uses): the
// board, the game's name, its players and a Play button, and nothing of the runtime until
// Play is pressed (static/start/start_after_paint.js waits for it), so a visitor of the
// host page who never plays downloads a few kilobytes. The board comes from the build's
// poster of this game and side (archipelago/page/view/poster.py), one small file; Python
// draws the real game over it once started.
(() => {
  const options = new URLSearchParams(location.search);
  if (options.get("start") !== "click") return;
  const body = document.body;
  body.classList.add("poster");
  const poster = document.getElementById("poster");
  poster.hidden = false;
  const game = /^[a-z]{1,30}$/.test(options.get("game") || "") ? options.get("game") : "archipelago";
  const size = /^[0-9]{1,2}$/.test(options.get("size") || "") ? `-${Number(options.get("size"))}` : "";
  const level = (seat) => /^c[1-9]$/.test(seat) ? Number(seat.slice(1)) : 0;
  const playersLine = document.getElementById("poster-players");
  // Its words in the page's language (the data- texts first_paint.js translates).
  const say = (name, fields) => playersLine.dataset[name].replace(/\{(\w+)\}/g, (_, key) => String(fields[key]));
  let shown = null;
  const describe = (view) => {
    shown = view;
    const players = Math.min(Math.max(Number(options.get("players")) || 2, 2), 4);
    const given = (options.get("names") || "").split(",").map((name) => name.trim().slice(0, 20));
    const seats = (options.get("seats") || "").split(",").map((seat) => seat.trim().toLowerCase());
    const names = view.names.slice(0, players).map((name, at) => given.length === players && given[at] ? given[at] : name);
    // The address's seats, else the poster's own (an address that sets nothing up plays
    // the computer: archipelago/page/start.py's embed_settings).
    const levels = names.map((_, at) => options.has("seats") ? level(seats[at] || "") : (view.levels || [])[at] || 0);
    const line = names.map((name, at) => levels[at] ? say("computer", {name, level: levels[at]}) : name);
    document.getElementById("poster-title").textContent = view.title;
    playersLine.textContent = line.reduce((first, second) => say("versus", {first, second}));
    document.title = view.title;
  };
  const show = (view) => {
    const board = document.getElementById("board");
    board.innerHTML = view.board.html;
    for (const [name, value] of Object.entries(view.board.attrs || {})) {
      if (/^(aria|data)-[a-z-]+$/.test(name)) board.setAttribute(name, String(value));
    }
    window.__earlyBoard = view.board.html;  // clicks made on it are Python's to play
    describe(view);
  };
  const fetchPoster = (name) => fetch(`./static/posters/${name}.json`).then((response) => {
    if (!response.ok) throw new Error(`no poster ${name}`);
    return response.json();
  });
  // The page's first paint may come after the poster (another language's words arrive
  // later: static/start/first_paint.js): it paints the page's own first board, so the
  // poster's is laid again, its words now in the language.
  document.addEventListener("first-painted", () => { if (shown) show(shown); });
  fetchPoster(game + size)
    .catch(() => fetchPoster(game))
    .then(show)
    .catch(() => { /* no poster: the Play button still starts the game */ });
  document.getElementById("poster-play").addEventListener("click", () => {
    poster.hidden = true;
    body.classList.remove("poster");
    if (window.__startGame) window.__startGame();
    else window.__playPressed = true;  // before the loader's module ran: it starts at once
  });
})();
