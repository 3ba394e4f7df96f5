// shadcn/ui's menubar: Radix Menubar (File, Edit, View …) with the dropdown menu's parts and classes.
import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-menubar";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { CheckGlyph, DotGlyph, RightGlyph } from "./icons.jsx";

export const MenubarMenu = MenuPrimitive.Menu;

export const Menubar = styled(
  MenuPrimitive.Root,
  "flex h-10 items-center space-x-1 rounded-md border border-border bg-background p-1",
  "Menubar",
);

export const MenubarTrigger = styled(
  MenuPrimitive.Trigger,
  "flex cursor-default select-none items-center rounded-sm px-3 py-1.5 text-sm font-medium outline-none focus:bg-accent focus:text-accent-foreground data-[state=open]:bg-accent data-[state=open]:text-accent-foreground",
  "MenubarTrigger",
);
export const MenubarGroup = MenuPrimitive.Group;
export const MenubarPortal = MenuPrimitive.Portal;
export const MenubarSub = MenuPrimitive.Sub;
export const MenubarRadioGroup = MenuPrimitive.RadioGroup;

const ITEM =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50";
const PANEL =
  "z-50 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md";

export const MenubarSubTrigger = React.forwardRef(({ className, inset, children, ...props }, ref) => (
  <MenuPrimitive.SubTrigger ref={ref} className={cn(ITEM, "data-[state=open]:bg-accent", inset && "pl-8", className)} {...props}>
    {children}
    <RightGlyph className="ml-auto h-4 w-4" />
  </MenuPrimitive.SubTrigger>
));
MenubarSubTrigger.displayName = "MenubarSubTrigger";

export const MenubarSubContent = styled(MenuPrimitive.SubContent, PANEL + " shadow-lg", "MenubarSubContent");

export const MenubarContent = React.forwardRef(({ className, align = "start", alignOffset = -4, sideOffset = 8, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} align={align} alignOffset={alignOffset} sideOffset={sideOffset} className={cn(PANEL, "min-w-[12rem]", className)} {...props} />
  </MenuPrimitive.Portal>
));
MenubarContent.displayName = "MenubarContent";

export const MenubarItem = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Item ref={ref} className={cn(ITEM, inset && "pl-8", className)} {...props} />
));
MenubarItem.displayName = "MenubarItem";

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
export const MenubarCheckboxItem = indicated(MenuPrimitive.CheckboxItem, CheckGlyph, "h-4 w-4", "MenubarCheckboxItem");
export const MenubarRadioItem = indicated(MenuPrimitive.RadioItem, DotGlyph, "h-2 w-2", "MenubarRadioItem");

export const MenubarLabel = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Label ref={ref} className={cn("px-2 py-1.5 text-sm font-semibold", inset && "pl-8", className)} {...props} />
));
MenubarLabel.displayName = "MenubarLabel";

export const MenubarSeparator = styled(MenuPrimitive.Separator, "-mx-1 my-1 h-px bg-muted", "MenubarSeparator");

export const MenubarShortcut = ({ className, ...props }) => (
  <span className={cn("ml-auto text-xs tracking-widest opacity-60", className)} {...props} />
);
