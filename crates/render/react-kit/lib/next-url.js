// Next's `href`: a string, or a URL object `{ pathname, query, hash, search }` as `url.format` reads it.
export function hrefOf(href) {
  if (!href || typeof href !== "object") return href;
  const query = href.query && Object.keys(href.query).length ? `?${new URLSearchParams(href.query)}` : (href.search ?? "");
  const hash = href.hash ? (href.hash.startsWith("#") ? href.hash : `#${href.hash}`) : "";
  return `${href.pathname ?? ""}${query}${hash}`;
}
