// shadcn/ui's context menu (right click): Radix ContextMenu with the dropdown menu's parts and classes.
import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-context-menu";
import { cn } from "../lib/utils.js";
import { MENU_PANEL, menuParts } from "./menu-parts.jsx";

export const ContextMenu = MenuPrimitive.Root;
export const ContextMenuTrigger = MenuPrimitive.Trigger;
export const ContextMenuGroup = MenuPrimitive.Group;
export const ContextMenuPortal = MenuPrimitive.Portal;
export const ContextMenuSub = MenuPrimitive.Sub;
export const ContextMenuRadioGroup = MenuPrimitive.RadioGroup;

export const ContextMenuContent = React.forwardRef(({ className, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} className={cn(MENU_PANEL, className)} {...props} />
  </MenuPrimitive.Portal>
));
ContextMenuContent.displayName = "ContextMenuContent";

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
  "ContextMenu",
);
export const ContextMenuSubTrigger = parts.SubTrigger;
export const ContextMenuSubContent = parts.SubContent;
export const ContextMenuItem = parts.Item;
export const ContextMenuCheckboxItem = parts.CheckboxItem;
export const ContextMenuRadioItem = parts.RadioItem;
export const ContextMenuLabel = parts.Label;
export const ContextMenuSeparator = parts.Separator;
export const ContextMenuShortcut = parts.Shortcut;
