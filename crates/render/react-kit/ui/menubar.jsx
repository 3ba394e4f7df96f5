// shadcn/ui's menubar: Radix Menubar (File, Edit, View …) with the dropdown menu's parts and classes.
import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-menubar";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { MENU_PANEL, menuParts } from "./menu-parts.jsx";

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

export const MenubarContent = React.forwardRef(({ className, align = "start", alignOffset = -4, sideOffset = 8, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} align={align} alignOffset={alignOffset} sideOffset={sideOffset} className={cn(MENU_PANEL, "min-w-[12rem]", className)} {...props} />
  </MenuPrimitive.Portal>
));
MenubarContent.displayName = "MenubarContent";

// The parts by name, not the namespace: a namespace passed as a value keeps all its exports.
const parts = menuParts(
  {
    SubTrigger: MenuPrimitive.SubTrigger,
    SubContent: MenuPrimitive.SubContent,
    Item: MenuPrimitive.Item,
    CheckboxItem: MenuPrimitive.CheckboxItem,
    RadioItem: MenuPrimitive.RadioItem,
    ItemIndicator: MenuPrimitive.ItemIndicator,
    Label: MenuPrimitive.Label,
    Separator: MenuPrimitive.Separator,
  },
  "Menubar",
);
export const MenubarSubTrigger = parts.SubTrigger;
export const MenubarSubContent = parts.SubContent;
export const MenubarItem = parts.Item;
export const MenubarCheckboxItem = parts.CheckboxItem;
export const MenubarRadioItem = parts.RadioItem;
export const MenubarLabel = parts.Label;
export const MenubarSeparator = parts.Separator;
export const MenubarShortcut = parts.Shortcut;
