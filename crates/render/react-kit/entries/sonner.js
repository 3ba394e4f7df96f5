// sonner as the tools use it (`toast()`, `<Toaster />`), with one change: the Toaster's default
// offset from the bottom is 56px (sonner's is 24px; 52px on narrow screens, sonner's 16px), above
// Plug's badge chip, which sits 16px from the bottom-right corner and is 30px tall (26px narrow).
// A component's own `offset` or `mobileOffset` still wins.
import * as React from "react";
import { Toaster as SonnerToaster } from "sonner";

export * from "sonner";

export const Toaster = React.forwardRef(function Toaster(props, ref) {
  return React.createElement(SonnerToaster, { ref, offset: { bottom: 56 }, mobileOffset: { bottom: 52 }, ...props });
});
