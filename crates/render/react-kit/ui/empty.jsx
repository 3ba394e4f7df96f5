// shadcn/ui's empty state (late 2025): a dashed panel with an icon, a title, a description and
// actions, which v0's lists show when there is nothing in them.
import * as React from "react";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";

export const Empty = ({ className, ...props }) => (
  <div
    data-slot="empty"
    className={cn("flex min-w-0 flex-1 flex-col items-center justify-center gap-6 text-balance rounded-lg border-dashed p-6 text-center md:p-12", className)}
    {...props}
  />
);

export const EmptyHeader = ({ className, ...props }) => (
  <div data-slot="empty-header" className={cn("flex max-w-sm flex-col items-center gap-2 text-center", className)} {...props} />
);

const emptyMediaVariants = cva("mb-2 flex shrink-0 items-center justify-center [&_svg]:pointer-events-none [&_svg]:shrink-0", {
  variants: {
    variant: {
      default: "bg-transparent",
      icon: "flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground [&_svg:not([class*='size-'])]:size-6",
    },
  },
  defaultVariants: { variant: "default" },
});

export const EmptyMedia = ({ className, variant = "default", ...props }) => (
  <div data-slot="empty-icon" data-variant={variant} className={cn(emptyMediaVariants({ variant, className }))} {...props} />
);

export const EmptyTitle = ({ className, ...props }) => (
  <div data-slot="empty-title" className={cn("text-lg font-medium tracking-tight", className)} {...props} />
);

export const EmptyDescription = ({ className, ...props }) => (
  <div
    data-slot="empty-description"
    className={cn("text-sm/relaxed text-muted-foreground [&>a:hover]:text-primary [&>a]:underline [&>a]:underline-offset-4", className)}
    {...props}
  />
);

export const EmptyContent = ({ className, ...props }) => (
  <div data-slot="empty-content" className={cn("flex w-full min-w-0 max-w-sm flex-col items-center gap-4 text-balance text-sm", className)} {...props} />
);
