// `next/link` for a single-file drop (README, "Single-file React"): an <a> with the href (a string,
// or Next's `{ pathname, query, hash }`), every other prop and the ref; Next's routing props go.
import React from "react";
import { hrefOf } from "../lib/next-url.js";

const Link = React.forwardRef(function Link(props, ref) {
  const {
    href, as, replace, scroll, shallow, passHref, prefetch, locale, legacyBehavior, onNavigate, children, ...rest
  } = props;
  const url = hrefOf(as ?? href);
  // Next 12's form, `<Link href="/x"><a>…</a></Link>`: the child <a> gets the href.
  if (legacyBehavior && React.isValidElement(children)) return React.cloneElement(children, { href: url, ref, ...rest });
  return React.createElement("a", { ...rest, href: url, ref }, children);
});

export default Link;
