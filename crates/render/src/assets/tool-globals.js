// Claude's artifact globals for an HTML page that calls them (docs/serving.md: the AI tools'
// globals in HTML pages). The Worker loads this at the top of such a page's <head>, so it runs
// before the page's own scripts; claude-storage.js, before this file, is `window.storage`. The
// calls a drop cannot answer (files attached to a chat, asking Claude) reject, and the page says
// so once in a bar at its top, instead of a TypeError that stops the page's script.
function notice(text) {
  const show = () => {
    if (document.querySelector(`[data-plug-notice="${CSS.escape(text)}"]`)) return;
    const bar = document.createElement("div");
    bar.setAttribute("role", "status");
    bar.dataset.plugNotice = text;
    bar.style.cssText =
      "position:fixed;inset:0 0 auto 0;z-index:2147483646;padding:8px 40px 8px 12px;font:14px/1.4 system-ui,sans-serif;background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b";
    bar.textContent = text;
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", "Dismiss");
    close.style.cssText = "position:absolute;top:4px;right:8px;border:0;background:none;font:20px/1 system-ui;color:inherit;cursor:pointer";
    close.onclick = () => bar.remove();
    bar.append(close);
    document.body.append(bar);
  };
  if (document.body) show();
  else document.addEventListener("DOMContentLoaded", show, { once: true });
}

function missing(what, provided) {
  return () => {
    const text = `This page calls ${what}, which ${provided}. A drop on Plug has no such service, so that part of it does nothing here.`;
    notice(text);
    return Promise.reject(new Error(text));
  };
}

window.fs ??= { readFile: missing("window.fs.readFile", "reads the files attached to a chat with Claude") };
window.claude ??= { complete: missing("window.claude.complete", "asks Claude from inside an artifact") };
