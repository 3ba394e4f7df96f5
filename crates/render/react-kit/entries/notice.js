// A line in the page above the component (react-globals.js shows it, once per text): what the
// tool that wrote the component provided that a drop does not.
export function notice(text) {
  window.dispatchEvent(new CustomEvent("plug:notice", { detail: text }));
}
