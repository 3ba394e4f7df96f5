// shadcn/ui's item (late 2025): a row of media, a title and description, and actions, for lists,
// settings and notifications, which v0's blocks now import. Plug's own, with shadcn's exported
// names, props (`variant` default, outline or muted, `size` default or sm, `asChild`; a media's
// `variant` default, icon or image) and data-slots.
import * as React from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { Separator } from "./separator.jsx";

export const ItemGroup = ({ className, ...props }) => (
  <div role="list" data-slot="item-group" className={cn("group/item-group flex flex-col", className)} {...props} />
);

export const ItemSeparator = ({ className, ...props }) => (
  <Separator data-slot="item-separator" orientation="horizontal" className={cn("my-0", className)} {...props} />
);

export const itemVariants = cva(
  "group/item flex flex-wrap items-center rounded-md border border-transparent text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [a&]:hover:bg-accent/50",
  {
    variants: {
      variant: {
        default: "bg-transparent",
        outline: "border-border",
        muted: "bg-muted/50",
      },
      size: {
        default: "gap-4 p-4",
        sm: "gap-2.5 px-4 py-3",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export const Item = React.forwardRef(({ className, variant = "default", size = "default", asChild = false, ...props }, ref) => {
  const Tag = asChild ? Slot : "div";
  return <Tag ref={ref} data-slot="item" data-variant={variant} data-size={size} className={cn(itemVariants({ variant, size }), className)} {...props} />;
});
Item.displayName = "Item";

const itemMediaVariants = cva(
  "flex shrink-0 items-center justify-center gap-2 group-has-[[data-slot=item-description]]/item:translate-y-0.5 group-has-[[data-slot=item-description]]/item:self-start [&_svg]:pointer-events-none",
  {
    variants: {
      variant: {
        default: "bg-transparent",
        icon: "size-8 rounded-sm border bg-muted [&_svg:not([class*='size-'])]:size-4",
        image: "size-10 overflow-hidden rounded-sm [&_img]:size-full [&_img]:object-cover",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export const ItemMedia = ({ className, variant = "default", ...props }) => (
  <div data-slot="item-media" data-variant={variant} className={cn(itemMediaVariants({ variant }), className)} {...props} />
);

export const ItemContent = ({ className, ...props }) => (
  <div data-slot="item-content" className={cn("flex flex-1 flex-col gap-1 [&+[data-slot=item-content]]:flex-none", className)} {...props} />
);

export const ItemTitle = ({ className, ...props }) => (
  <div data-slot="item-title" className={cn("flex w-fit items-center gap-2 text-sm font-medium leading-snug", className)} {...props} />
);

export const ItemDescription = ({ className, ...props }) => (
  <p
    data-slot="item-description"
    className={cn(
      "line-clamp-2 text-balance text-sm font-normal leading-normal text-muted-foreground [&>a]:underline [&>a]:underline-offset-4 [&>a:hover]:text-primary",
      className,
    )}
    {...props}
  />
);

export const ItemActions = ({ className, ...props }) => (
  <div data-slot="item-actions" className={cn("flex items-center gap-2", className)} {...props} />
);

export const ItemHeader = ({ className, ...props }) => (
  <div data-slot="item-header" className={cn("flex basis-full items-center justify-between gap-2", className)} {...props} />
);

export const ItemFooter = ({ className, ...props }) => (
  <div data-slot="item-footer" className={cn("flex basis-full items-center justify-between gap-2", className)} {...props} />
);
