// Wraps a Radix part in fixed Tailwind classes that a `className` prop may extend or override.
import * as React from "react";
import { cn } from "../lib/utils.js";

export function styled(Primitive, base, name, defaults) {
  const Part = React.forwardRef(({ className, ...props }, ref) =>
    React.createElement(Primitive, { ref, ...defaults, className: cn(base, className), ...props }),
  );
  Part.displayName = name;
  return Part;
}
