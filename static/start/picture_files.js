// The Picture dialog's files: an SVG document that Python drew (archipelago/page/view/
// picture.py) saved as it is, or drawn on a canvas and saved or copied as a PNG. One call
// does a whole job (Python may run in a worker). Nothing is fetched: the picture is read
// from a data: address of its own text.
window.canCopyPictures = () =>
  !!(navigator.clipboard && typeof navigator.clipboard.write === "function" && typeof ClipboardItem === "function");
(() => {
  const saveFile = (blob, name) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  // The SVG drawn at `pixels` wide on a canvas, as a PNG blob.
  const png = (svg, width, height, pixels) => new Promise((done, failed) => {
    const image = new Image();
    image.onload = () => {
      const scale = pixels / width;
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => (blob ? done(blob) : failed(new Error("no PNG"))), "image/png");
    };
    image.onerror = () => failed(new Error("the picture could not be drawn"));
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  });
  // how: "svg" or "png" saves the file `stem`.svg or .png, "copy" puts the PNG on the
  // clipboard. Answers "saved", "copied" or "failed".
  window.savePicture = (svg, stem, width, height, pixels, how) => {
    if (how === "svg") {
      saveFile(new Blob([svg], {type: "image/svg+xml"}), `${stem}.svg`);
      return Promise.resolve("saved");
    }
    if (how === "copy") {
      if (!window.canCopyPictures()) return Promise.resolve("failed");
      // The item takes the promise itself: Safari wants the write asked for at once.
      const item = new ClipboardItem({"image/png": png(svg, width, height, pixels)});
      return navigator.clipboard.write([item]).then(() => "copied", () => "failed");
    }
    return png(svg, width, height, pixels).then(
      (blob) => { saveFile(blob, `${stem}.png`); return "saved"; },
      () => "failed",
    );
  };
})();
