// lucide-react through esm.sh: react-kit's build of 0.383.0 (which uses `window.React`), after
// react.mjs has set the page's one React. A page pinning a newer release names icons 0.383 lacks;
// an import of a name the module does not export fails the whole page, so scripts/vendor.sh
// appends each of those names below: react-kit's file for an icon 0.383 has under an older name
// (`House` is `Home`), and a dashed square for one it never drew.
import "./react.mjs";
import { createLucideIcon } from "../../react-kit/lucide-react.mjs";

export * from "../../react-kit/lucide-react.mjs";
const missing = (name) =>
  createLucideIcon(name, [["rect", { x: "3", y: "3", width: "18", height: "18", rx: "2", strokeDasharray: "3 3", key: "missing" }]]);
