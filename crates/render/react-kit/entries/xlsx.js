// `xlsx` (SheetJS), which Plug does not provide (README, "Single-file React components"): the
// build on npm, 0.18.5, carries known advisories and newer builds are not published there. A
// component that imports it still renders; each call throws an error saying so, which the
// component's own `try` shows, and the page says it once.
import { notice } from "./notice.js";

const TEXT =
  "This component uses SheetJS (xlsx) to read or write spreadsheets. Plug does not provide it (the build on npm carries known advisories), so that part of it does nothing here.";

function unavailable() {
  notice(TEXT);
  throw Object.assign(new Error(TEXT), { plain: true });
}
const calls = new Proxy({}, { get: (_, key) => (typeof key === "symbol" ? undefined : unavailable) });

export const read = unavailable;
export const readFile = unavailable;
export const write = unavailable;
export const writeFile = unavailable;
export const writeFileXLSX = unavailable;
export const utils = calls;
export const stream = calls;
export const SSF = calls;
export const version = "unavailable";
export default { read, readFile, write, writeFile, writeFileXLSX, utils, stream, SSF, version };
