// `next/image` for a single-file drop: a plain <img> (no optimisation, no srcset, no blur
// placeholder). `fill` covers the positioned parent as Next's does; Next's own props are dropped so
// React sees only attributes it knows.
import React from "react";

const Image = React.forwardRef(function Image(props, ref) {
  const {
    src, alt = "", width, height, fill, sizes, priority, placeholder, blurDataURL, quality, loader, unoptimized,
    loading, style, onLoadingComplete, onLoad, overrideSrc, layout, objectFit, objectPosition, lazyBoundary,
    lazyRoot, fetchPriority, ...rest
  } = props;
  // A static import (`import hero from "./hero.png"`) is `{ src, width, height }` in Next.
  const image = src && typeof src === "object" ? src : { src };
  const own = fill || layout === "fill"
    ? { position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: objectFit ?? "cover", objectPosition, ...style }
    : objectFit || objectPosition ? { objectFit, objectPosition, ...style } : style;
  return React.createElement("img", {
    ...rest,
    ref,
    src: image.src,
    alt,
    width: fill ? undefined : width ?? image.width,
    height: fill ? undefined : height ?? image.height,
    sizes,
    loading: loading ?? (priority ? "eager" : "lazy"),
    decoding: "async",
    style: own,
    onLoad: onLoadingComplete
      ? (event) => { onLoad?.(event); onLoadingComplete(event.currentTarget); }
      : onLoad,
  });
});

export default Image;
