// `next/navigation` for a single-file drop: the router moves within the drop's own page with the
// History API (a hash or a path of this origin never leaves the drop; another origin is a plain
// navigation), and the hooks read `location` and follow it (back, forward, push).
import React from "react";

const NAVIGATE = "plug:navigate";
const subscribe = (callback) => {
  window.addEventListener("popstate", callback);
  window.addEventListener(NAVIGATE, callback);
  return () => {
    window.removeEventListener("popstate", callback);
    window.removeEventListener(NAVIGATE, callback);
  };
};

function go(href, replace, options) {
  const target = new URL(String(href), location.href);
  if (target.origin !== location.origin) {
    if (replace) location.replace(target.href);
    else location.assign(target.href);
    return;
  }
  const hashOnly = target.pathname === location.pathname && target.search === location.search;
  const oldURL = location.href;
  history[replace ? "replaceState" : "pushState"](history.state, "", target.href);
  window.dispatchEvent(new Event(NAVIGATE));
  if (hashOnly && target.hash !== new URL(oldURL).hash) {
    window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: target.href }));
  }
  if (options?.scroll === false) return;
  const id = decodeURIComponent(target.hash.slice(1));
  const element = id && document.getElementById(id);
  if (element) element.scrollIntoView();
  else if (!hashOnly || !target.hash) window.scrollTo(0, 0);
}

const router = Object.freeze({
  push: (href, options) => go(href, false, options),
  replace: (href, options) => go(href, true, options),
  back: () => history.back(),
  forward: () => history.forward(),
  // Next refetches server components; a drop has none, and reloading would lose the state.
  refresh: () => {},
  prefetch: () => {},
});

export const useRouter = () => router;
export const usePathname = () => React.useSyncExternalStore(subscribe, () => location.pathname);
export function useSearchParams() {
  const search = React.useSyncExternalStore(subscribe, () => location.search);
  return React.useMemo(() => new URLSearchParams(search), [search]);
}
export const useParams = () => ({});
export const useSelectedLayoutSegment = () => null;
export const useSelectedLayoutSegments = () => [];
export const RedirectType = { push: "push", replace: "replace" };

function serverOnly(what, detail) {
  return Object.assign(new Error(`${what}: ${detail} A single-file drop has no Next.js server and no other pages to go to.`), {
    name: "NextServerOnly",
  });
}
export function notFound() {
  throw serverOnly("notFound()", "Next.js answers this with its 404 page.");
}
export function redirect(url) {
  throw serverOnly(`redirect(${JSON.stringify(String(url))})`, "Next.js sends the visitor to that page.");
}
export const permanentRedirect = redirect;
