import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { cn } from "../lib/utils.js";
import { MENU_PANEL, menuParts } from "./menu-parts.jsx";

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuPortal = MenuPrimitive.Portal;
export const DropdownMenuSub = MenuPrimitive.Sub;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

export const DropdownMenuContent = React.forwardRef(({ className, sideOffset = 4, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} sideOffset={sideOffset} className={cn(MENU_PANEL, className)} {...props} />
  </MenuPrimitive.Portal>
));
DropdownMenuContent.displayName = "DropdownMenuContent";

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
  "DropdownMenu",
);
export const DropdownMenuSubTrigger = parts.SubTrigger;
export const DropdownMenuSubContent = parts.SubContent;
export const DropdownMenuItem = parts.Item;
export const DropdownMenuCheckboxItem = parts.CheckboxItem;
export const DropdownMenuRadioItem = parts.RadioItem;
export const DropdownMenuLabel = parts.Label;
export const DropdownMenuSeparator = parts.Separator;
export const DropdownMenuShortcut = parts.Shortcut;
