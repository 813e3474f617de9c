// The phone's own share sheet (Web Share) for the Share dialog's link, where the browser
// has one (most phones; few desktops): static/page/share_ui.py offers it, else Copy.
window.canShareLinks = () => typeof navigator.share === "function";
window.shareLink = (title, url) => {
  if (typeof navigator.share !== "function") return Promise.resolve("unavailable");
  return navigator.share({title, url}).then(
    () => "shared",
    (error) => (error && error.name === "AbortError" ? "cancelled" : "failed"),
  );
};
