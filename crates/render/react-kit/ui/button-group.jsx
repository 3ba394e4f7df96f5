// shadcn/ui's button-group (late 2025): buttons, inputs and selects joined into one control, their
// shared edges squared and one border between neighbours, which v0's toolbars and split buttons now
// import. Plug's own, with shadcn's exported names, props (`orientation`, a text's `asChild`, a
// separator's `orientation`) and data-slots.
import * as React from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { Separator } from "./separator.jsx";

export const buttonGroupVariants = cva(
  "flex w-fit items-stretch has-[>[data-slot=button-group]]:gap-2 [&>*]:focus-visible:relative [&>*]:focus-visible:z-10 [&>input]:flex-1",
  {
    variants: {
      orientation: {
        // Every child but the first loses its leading edge's rounding and border, every child but
        // the last its trailing edge's rounding: neighbours share one border.
        horizontal: "[&>*:not(:first-child)]:rounded-l-none [&>*:not(:first-child)]:border-l-0 [&>*:not(:last-child)]:rounded-r-none",
        vertical: "flex-col [&>*:not(:first-child)]:rounded-t-none [&>*:not(:first-child)]:border-t-0 [&>*:not(:last-child)]:rounded-b-none",
      },
    },
    defaultVariants: { orientation: "horizontal" },
  },
);

export const ButtonGroup = ({ className, orientation = "horizontal", ...props }) => (
  <div role="group" data-slot="button-group" data-orientation={orientation} className={cn(buttonGroupVariants({ orientation }), className)} {...props} />
);

export const ButtonGroupText = ({ className, asChild = false, ...props }) => {
  const Tag = asChild ? Slot : "div";
  return (
    <Tag
      data-slot="button-group-text"
      className={cn(
        "flex items-center gap-2 rounded-md border border-input bg-muted px-4 text-sm font-medium shadow-xs [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
};

export const ButtonGroupSeparator = ({ className, orientation = "vertical", ...props }) => (
  <Separator
    data-slot="button-group-separator"
    orientation={orientation}
    className={cn("relative !m-0 self-stretch bg-input data-[orientation=vertical]:h-auto", className)}
    {...props}
  />
);
