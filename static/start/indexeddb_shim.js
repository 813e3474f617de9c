// index.html's first script (the build writes it in there), run before PyScript can
// ask for IndexedDB.
//
// Where the browser denies this page its storage (a frame of another site with third-party
// storage blocked, some private windows), opening IndexedDB fails and PyScript, which keeps
// a cache there, would never start. A database that fails to open is replaced by one in
// memory, forgotten with the page; one that opens is used as it is.
(() => {
  let real = null;
  try { real = globalThis.indexedDB; } catch (error) { /* denied outright: memory only */ }
  const later = (request) => setTimeout(() => request.onsuccess && request.onsuccess({target: request}));
  const done = (result) => { const request = {result}; later(request); return request; };
  const inMemory = () => {
    const rows = new Map();
    const store = {
      get: (key) => done(rows.get(key)), getKey: (key) => done(rows.has(key) ? key : undefined),
      getAllKeys: () => done([...rows.keys()]), count: () => done(rows.size),
      put: (value, key) => (rows.set(key, value), done(key)),
      delete: (key) => (rows.delete(key), done(undefined)), clear: () => (rows.clear(), done(undefined)),
    };
    return {objectStoreNames: {length: 1, contains: () => true}, createObjectStore: () => store,
            transaction: () => ({objectStore: () => store}), close() {}};
  };
  const open = (name, version) => {
    const asked = {};
    const instead = () => { asked.result = inMemory(); later(asked); };
    let request;
    try { request = real.open(name, version); } catch (error) { instead(); return asked; }
    if (!request) { instead(); return asked; }
    request.onupgradeneeded = (event) => asked.onupgradeneeded && asked.onupgradeneeded(event);
    request.onsuccess = (event) => asked.onsuccess && asked.onsuccess(event);
    request.onerror = (event) => { event.preventDefault(); instead(); };
    return asked;
  };
  try {
    Object.defineProperty(globalThis, "indexedDB", {configurable: true, value: {open, deleteDatabase: (name) => real && real.deleteDatabase(name), cmp: (a, b) => real.cmp(a, b)}});
  } catch (error) { /* left as it is */ }
})();
