// The parts shadcn/ui's dropdown menu, context menu and menubar share, with the same classes: each
// wraps its own Radix primitive's SubTrigger, SubContent, Item, CheckboxItem, RadioItem, Label and
// Separator (and a Shortcut span), named `${prefix}Item` and so on. Their Content differs (portal,
// offsets, width) and stays in each file.
import * as React from "react";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { CheckGlyph, DotGlyph, RightGlyph } from "./icons.jsx";

export const MENU_ITEM =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50";
export const MENU_PANEL =
  "z-50 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md";

const named = (Part, name) => {
  Part.displayName = name;
  return Part;
};

// `Menu` holds the Radix primitive's SubTrigger, SubContent, Item, CheckboxItem, RadioItem,
// ItemIndicator, Label and Separator.
export function menuParts(Menu, prefix) {
  const indicated = (Primitive, Glyph, glyphClass, name) =>
    named(
      React.forwardRef(({ className, children, ...props }, ref) => (
        <Primitive ref={ref} className={cn(MENU_ITEM, "pl-8 pr-2", className)} {...props}>
          <span className="absolute left-2 flex h-3.5 w-3.5 items-center justify-center">
            <Menu.ItemIndicator>
              <Glyph className={glyphClass} />
            </Menu.ItemIndicator>
          </span>
          {children}
        </Primitive>
      )),
      `${prefix}${name}`,
    );
  return {
    SubTrigger: named(
      React.forwardRef(({ className, inset, children, ...props }, ref) => (
        <Menu.SubTrigger ref={ref} className={cn(MENU_ITEM, "data-[state=open]:bg-accent", inset && "pl-8", className)} {...props}>
          {children}
          <RightGlyph className="ml-auto h-4 w-4" />
        </Menu.SubTrigger>
      )),
      `${prefix}SubTrigger`,
    ),
    SubContent: styled(Menu.SubContent, MENU_PANEL + " shadow-lg", `${prefix}SubContent`),
    Item: named(
      React.forwardRef(({ className, inset, ...props }, ref) => (
        <Menu.Item ref={ref} className={cn(MENU_ITEM, inset && "pl-8", className)} {...props} />
      )),
      `${prefix}Item`,
    ),
    CheckboxItem: indicated(Menu.CheckboxItem, CheckGlyph, "h-4 w-4", "CheckboxItem"),
    RadioItem: indicated(Menu.RadioItem, DotGlyph, "h-2 w-2", "RadioItem"),
    Label: named(
      React.forwardRef(({ className, inset, ...props }, ref) => (
        <Menu.Label ref={ref} className={cn("px-2 py-1.5 text-sm font-semibold", inset && "pl-8", className)} {...props} />
      )),
      `${prefix}Label`,
    ),
    Separator: styled(Menu.Separator, "-mx-1 my-1 h-px bg-muted", `${prefix}Separator`),
    Shortcut: named(
      ({ className, ...props }) => <span className={cn("ml-auto text-xs tracking-widest opacity-60", className)} {...props} />,
      `${prefix}Shortcut`,
    ),
  };
}
