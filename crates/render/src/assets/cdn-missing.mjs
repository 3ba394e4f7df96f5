// What a page says when a library it loads from a CDN could not be loaded and Plug does not serve
// that version from the drop (docs/serving.md: CDN libraries in HTML pages): a note at its top
// naming each such address, where the page would otherwise stay blank. The `onerror` Plug gives
// such a `<script src>`, and every module script, imports this module (cdn.rs: MISSING_NOTE).
let list;
const named = new Set();

function add(address) {
  if (named.has(address)) return;
  named.add(address);
  if (!list) {
    const note = document.createElement("div");
    note.setAttribute("role", "alert");
    note.id = "plug-cdn-missing";
    note.style.cssText =
      "position:fixed;z-index:2147483647;top:12px;left:12px;right:12px;padding:10px 14px;border-radius:8px;" +
      "background:#fef2f2;color:#7f1d1d;border:1px solid #fca5a5;font:14px/1.4 system-ui,sans-serif;overflow-wrap:anywhere";
    note.append("This page loads a library Plug does not serve, and its CDN could not be reached, so the page may not work: ");
    list = document.createElement("code");
    note.append(list);
    (document.body || document.documentElement).append(note);
  }
  list.textContent += (list.textContent ? ", " : "") + address;
}

export async function show(script) {
  if (script.type !== "module") return add(script.src);
  // A module script fails whole when one of its imports does, and the browser does not say which:
  // each address of another origin that it, the drop's module it loads, or the page's import map
  // names is asked for again, and those the network refuses are named.
  let text = script.src ? "" : script.text;
  if (script.src && new URL(script.src).origin === location.origin) {
    text = await fetch(script.src).then((r) => r.text(), () => "");
  }
  for (const map of document.querySelectorAll("script[type=importmap]")) text += "\n" + map.text;
  if (script.src) text += "\n" + script.src;
  const addresses = new Set(
    (text.match(/https?:\/\/[^\s'"`<>)]+/g) || []).filter((a) => new URL(a).origin !== location.origin),
  );
  const failed = await Promise.all(
    [...addresses].map((a) => fetch(a, { mode: "no-cors" }).then(() => null, () => a)),
  );
  failed.filter(Boolean).forEach(add);
}
