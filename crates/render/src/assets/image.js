// Fit the image to the window; a click (or Enter) toggles actual size, centred on the click. An
// SVG (the page marks it `plug-vector`: its URL, `_plug/file`, has no extension to tell) is scaled
// up to the window too; one larger than the window (a big diagram) toggles to actual size as well.
const frame = main.querySelector(".plug-image");
const image = frame.querySelector("img");

function update() {
  const larger = image.naturalWidth > frame.clientWidth || image.naturalHeight > frame.clientHeight;
  frame.classList.toggle("plug-zoomable", larger);
}

function toggle(xRatio, yRatio) {
  if (!frame.classList.contains("plug-zoomable") && !frame.classList.contains("plug-actual")) return;
  const actual = frame.classList.toggle("plug-actual");
  image.setAttribute("aria-pressed", String(actual));
  if (actual) {
    frame.scrollLeft = xRatio * image.naturalWidth - frame.clientWidth / 2;
    frame.scrollTop = yRatio * image.naturalHeight - frame.clientHeight / 2;
  }
}

image.addEventListener("load", update);
image.addEventListener("error", () => fail("This image could not be displayed."));
window.addEventListener("resize", update);
image.addEventListener("click", (event) => toggle(event.offsetX / image.clientWidth, event.offsetY / image.clientHeight));
image.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    toggle(0.5, 0.5);
  }
});
if (image.complete && image.naturalWidth) update();
