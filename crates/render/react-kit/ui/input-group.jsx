// shadcn/ui's input-group (late 2025): one bordered control holding an input or textarea with
// icons, text and buttons beside it (`align` inline-start or inline-end) or above and below it
// (block-start, block-end), which v0's search boxes, URL fields and chat prompts now import. Plug's
// own, with shadcn's exported names, props and data-slots, on the kit's Input, Textarea and Button.
// The group draws the border and the focus ring; its control has none of its own. Clicking an
// addon (not a button in it) focuses the control, as shadcn's does.
import * as React from "react";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { Button } from "./button.jsx";
import { Input } from "./input.jsx";
import { Textarea } from "./textarea.jsx";

export const InputGroup = ({ className, ...props }) => (
  <div
    role="group"
    data-slot="input-group"
    className={cn(
      "group/input-group relative flex h-10 w-full min-w-0 items-center rounded-md border border-input bg-background shadow-xs ring-offset-background transition-[color,box-shadow]",
      "has-[>textarea]:h-auto",
      "has-[>[data-align=inline-start]]:[&>input]:pl-2 has-[>[data-align=inline-end]]:[&>input]:pr-2",
      "has-[>[data-align=block-start]]:h-auto has-[>[data-align=block-start]]:flex-col has-[>[data-align=block-start]]:[&>input]:pb-3",
      "has-[>[data-align=block-end]]:h-auto has-[>[data-align=block-end]]:flex-col has-[>[data-align=block-end]]:[&>input]:pt-3",
      "has-[[data-slot=input-group-control]:focus-visible]:ring-2 has-[[data-slot=input-group-control]:focus-visible]:ring-ring has-[[data-slot=input-group-control]:focus-visible]:ring-offset-2",
      "has-[[data-slot][aria-invalid=true]]:border-destructive has-[[data-slot][aria-invalid=true]]:ring-destructive",
      "has-[[data-slot=input-group-control]:disabled]:opacity-50",
      className,
    )}
    {...props}
  />
);

const inputGroupAddonVariants = cva(
  "flex h-auto cursor-text select-none items-center justify-center gap-2 py-1.5 text-sm font-medium text-muted-foreground group-has-[[data-slot=input-group-control]:disabled]/input-group:opacity-50 [&>kbd]:rounded-[calc(var(--radius)-5px)] [&>svg:not([class*='size-'])]:size-4",
  {
    variants: {
      align: {
        "inline-start": "order-first pl-3 has-[>button]:ml-[-0.45rem] has-[>kbd]:ml-[-0.35rem]",
        "inline-end": "order-last pr-3 has-[>button]:mr-[-0.45rem] has-[>kbd]:mr-[-0.35rem]",
        "block-start": "order-first w-full justify-start px-3 pt-3 [.border-b]:pb-3 group-has-[>input]/input-group:pt-2.5",
        "block-end": "order-last w-full justify-start px-3 pb-3 [.border-t]:pt-3 group-has-[>input]/input-group:pb-2.5",
      },
    },
    defaultVariants: { align: "inline-start" },
  },
);

export const InputGroupAddon = ({ className, align = "inline-start", onClick, ...props }) => (
  <div
    role="group"
    data-slot="input-group-addon"
    data-align={align}
    className={cn(inputGroupAddonVariants({ align }), className)}
    onClick={(event) => {
      onClick?.(event);
      if (event.defaultPrevented || event.target.closest("button")) return;
      event.currentTarget.parentElement?.querySelector("input, textarea")?.focus();
    }}
    {...props}
  />
);

const inputGroupButtonVariants = cva("flex items-center gap-2 text-sm shadow-none", {
  variants: {
    size: {
      xs: "h-6 gap-1 rounded-[calc(var(--radius)-5px)] px-2 has-[>svg]:px-2 [&>svg:not([class*='size-'])]:size-3.5",
      sm: "h-8 gap-1.5 rounded-md px-2.5 has-[>svg]:px-2.5",
      "icon-xs": "size-6 rounded-[calc(var(--radius)-5px)] p-0 has-[>svg]:p-0",
      "icon-sm": "size-8 p-0 has-[>svg]:p-0",
    },
  },
  defaultVariants: { size: "xs" },
});

export const InputGroupButton = React.forwardRef(({ className, type = "button", variant = "ghost", size = "xs", ...props }, ref) => (
  <Button
    ref={ref}
    type={type}
    data-size={size}
    variant={variant}
    // The kit's Button sizes give way to the group's (null: none of Button's own).
    size={null}
    className={cn(inputGroupButtonVariants({ size }), className)}
    {...props}
  />
));
InputGroupButton.displayName = "InputGroupButton";

export const InputGroupText = ({ className, ...props }) => (
  <span
    className={cn("flex items-center gap-2 text-sm text-muted-foreground [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4", className)}
    {...props}
  />
);

export const InputGroupInput = React.forwardRef(({ className, ...props }, ref) => (
  <Input
    ref={ref}
    data-slot="input-group-control"
    className={cn("h-auto flex-1 rounded-none border-0 bg-transparent shadow-none focus-visible:ring-0 focus-visible:ring-offset-0", className)}
    {...props}
  />
));
InputGroupInput.displayName = "InputGroupInput";

export const InputGroupTextarea = React.forwardRef(({ className, ...props }, ref) => (
  <Textarea
    ref={ref}
    data-slot="input-group-control"
    className={cn("flex-1 resize-none rounded-none border-0 bg-transparent py-3 shadow-none focus-visible:ring-0 focus-visible:ring-offset-0", className)}
    {...props}
  />
));
InputGroupTextarea.displayName = "InputGroupTextarea";
