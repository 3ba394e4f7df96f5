// Fit the image to the window; a click (or Enter) toggles actual size, centred on the click.
const frame = main.querySelector(".plug-image");
const image = frame.querySelector("img");

function update() {
  const vector = /\.svg(?:[?#]|$)/i.test(image.currentSrc || image.src);
  frame.classList.toggle("plug-vector", vector);
  const larger = image.naturalWidth > frame.clientWidth || image.naturalHeight > frame.clientHeight;
  frame.classList.toggle("plug-zoomable", !vector && larger);
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
