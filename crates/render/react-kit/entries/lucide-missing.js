// An icon lucide-react 0.383.0 (the tools' pin) does not have: one that newer releases draw (each
// gets a lucide/<Name>.mjs of two lines, scripts/vendor-react-kit.mjs), or a name no release has.
// A dashed square stands in for it, drawn as lucide draws its icons (size, colour, strokeWidth,
// className), so the rest of the component renders; the page says which icon it is.
import createLucideIcon from "lucide-react/dist/esm/createLucideIcon.js";
import { notice } from "./notice.js";

const node = [["rect", { x: "3", y: "3", width: "18", height: "18", rx: "2", strokeDasharray: "3 3", key: "plug-missing" }]];

export function missingIcon(name, line) {
  notice(
    `lucide-react 0.383.0 (the version the AI tools provide) has no icon "${name}"${line ? ` (line ${line})` : ""}; a dashed square stands in for it. Newer releases of lucide may have it, or have it under another name.`,
  );
  return createLucideIcon(name, node);
}
