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
// shadcn's card of 2025 adds CardAction, a button or badge at the header's top right (its header is
// a grid with a column for it): here the header becomes that grid only when it holds one.
export const CardHeader = part(
  "CardHeader",
  "div",
  "flex flex-col space-y-1.5 p-6 has-[>[data-slot=card-action]]:grid has-[>[data-slot=card-action]]:grid-cols-[1fr_auto] has-[>[data-slot=card-action]]:gap-x-4",
);
const CardActionPart = part("CardAction", "div", "col-start-2 row-span-2 row-start-1 self-start justify-self-end !mt-0");
export const CardAction = React.forwardRef((props, ref) => React.createElement(CardActionPart, { ref, "data-slot": "card-action", ...props }));
CardAction.displayName = "CardAction";
export const CardTitle = part("CardTitle", "h3", "text-2xl font-semibold leading-none tracking-tight");
export const CardDescription = part("CardDescription", "p", "text-sm text-muted-foreground");
export const CardContent = part("CardContent", "div", "p-6 pt-0");
export const CardFooter = part("CardFooter", "div", "flex items-center p-6 pt-0");
