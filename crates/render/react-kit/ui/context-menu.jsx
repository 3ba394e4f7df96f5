// shadcn/ui's context menu (right click): Radix ContextMenu with the dropdown menu's parts and classes.
import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-context-menu";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { CheckGlyph, DotGlyph, RightGlyph } from "./icons.jsx";

export const ContextMenu = MenuPrimitive.Root;
export const ContextMenuTrigger = MenuPrimitive.Trigger;
export const ContextMenuGroup = MenuPrimitive.Group;
export const ContextMenuPortal = MenuPrimitive.Portal;
export const ContextMenuSub = MenuPrimitive.Sub;
export const ContextMenuRadioGroup = MenuPrimitive.RadioGroup;

const ITEM =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50";
const PANEL =
  "z-50 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md";

export const ContextMenuSubTrigger = React.forwardRef(({ className, inset, children, ...props }, ref) => (
  <MenuPrimitive.SubTrigger ref={ref} className={cn(ITEM, "data-[state=open]:bg-accent", inset && "pl-8", className)} {...props}>
    {children}
    <RightGlyph className="ml-auto h-4 w-4" />
  </MenuPrimitive.SubTrigger>
));
ContextMenuSubTrigger.displayName = "ContextMenuSubTrigger";

export const ContextMenuSubContent = styled(MenuPrimitive.SubContent, PANEL + " shadow-lg", "ContextMenuSubContent");

export const ContextMenuContent = React.forwardRef(({ className, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} className={cn(PANEL, className)} {...props} />
  </MenuPrimitive.Portal>
));
ContextMenuContent.displayName = "ContextMenuContent";

export const ContextMenuItem = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Item ref={ref} className={cn(ITEM, inset && "pl-8", className)} {...props} />
));
ContextMenuItem.displayName = "ContextMenuItem";

const indicated = (Primitive, Glyph, glyphClass, name) => {
  const Part = React.forwardRef(({ className, children, ...props }, ref) => (
    <Primitive ref={ref} className={cn(ITEM, "pl-8 pr-2", className)} {...props}>
      <span className="absolute left-2 flex h-3.5 w-3.5 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Glyph className={glyphClass} />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </Primitive>
  ));
  Part.displayName = name;
  return Part;
};
export const ContextMenuCheckboxItem = indicated(MenuPrimitive.CheckboxItem, CheckGlyph, "h-4 w-4", "ContextMenuCheckboxItem");
export const ContextMenuRadioItem = indicated(MenuPrimitive.RadioItem, DotGlyph, "h-2 w-2", "ContextMenuRadioItem");

export const ContextMenuLabel = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Label ref={ref} className={cn("px-2 py-1.5 text-sm font-semibold", inset && "pl-8", className)} {...props} />
));
ContextMenuLabel.displayName = "ContextMenuLabel";

export const ContextMenuSeparator = styled(MenuPrimitive.Separator, "-mx-1 my-1 h-px bg-muted", "ContextMenuSeparator");

export const ContextMenuShortcut = ({ className, ...props }) => (
  <span className={cn("ml-auto text-xs tracking-widest opacity-60", className)} {...props} />
);
