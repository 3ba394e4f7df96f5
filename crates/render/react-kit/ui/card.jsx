import * as React from "react";
import { cn } from "../lib/utils.js";

const part = (name, tag, base) => {
  const Part = React.forwardRef(({ className, ...props }, ref) =>
    React.createElement(tag, { ref, className: cn(base, className), ...props }),
  );
  Part.displayName = name;
  return Part;
};

export const Card = part("Card", "div", "rounded-lg border border-border bg-card text-card-foreground shadow-sm");
export const CardHeader = part("CardHeader", "div", "flex flex-col space-y-1.5 p-6");
export const CardTitle = part("CardTitle", "h3", "text-2xl font-semibold leading-none tracking-tight");
export const CardDescription = part("CardDescription", "p", "text-sm text-muted-foreground");
export const CardContent = part("CardContent", "div", "p-6 pt-0");
export const CardFooter = part("CardFooter", "div", "flex items-center p-6 pt-0");
