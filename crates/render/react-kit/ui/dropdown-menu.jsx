import * as React from "react";
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { CheckGlyph, DotGlyph, RightGlyph } from "./icons.jsx";

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuPortal = MenuPrimitive.Portal;
export const DropdownMenuSub = MenuPrimitive.Sub;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

const ITEM =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50";
const PANEL =
  "z-50 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md";

export const DropdownMenuSubTrigger = React.forwardRef(({ className, inset, children, ...props }, ref) => (
  <MenuPrimitive.SubTrigger ref={ref} className={cn(ITEM, "data-[state=open]:bg-accent", inset && "pl-8", className)} {...props}>
    {children}
    <RightGlyph className="ml-auto h-4 w-4" />
  </MenuPrimitive.SubTrigger>
));
DropdownMenuSubTrigger.displayName = "DropdownMenuSubTrigger";

export const DropdownMenuSubContent = styled(MenuPrimitive.SubContent, PANEL + " shadow-lg", "DropdownMenuSubContent");

export const DropdownMenuContent = React.forwardRef(({ className, sideOffset = 4, ...props }, ref) => (
  <MenuPrimitive.Portal>
    <MenuPrimitive.Content ref={ref} sideOffset={sideOffset} className={cn(PANEL, className)} {...props} />
  </MenuPrimitive.Portal>
));
DropdownMenuContent.displayName = "DropdownMenuContent";

export const DropdownMenuItem = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Item ref={ref} className={cn(ITEM, inset && "pl-8", className)} {...props} />
));
DropdownMenuItem.displayName = "DropdownMenuItem";

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
export const DropdownMenuCheckboxItem = indicated(MenuPrimitive.CheckboxItem, CheckGlyph, "h-4 w-4", "DropdownMenuCheckboxItem");
export const DropdownMenuRadioItem = indicated(MenuPrimitive.RadioItem, DotGlyph, "h-2 w-2", "DropdownMenuRadioItem");

export const DropdownMenuLabel = React.forwardRef(({ className, inset, ...props }, ref) => (
  <MenuPrimitive.Label ref={ref} className={cn("px-2 py-1.5 text-sm font-semibold", inset && "pl-8", className)} {...props} />
));
DropdownMenuLabel.displayName = "DropdownMenuLabel";

export const DropdownMenuSeparator = styled(MenuPrimitive.Separator, "-mx-1 my-1 h-px bg-muted", "DropdownMenuSeparator");

export const DropdownMenuShortcut = ({ className, ...props }) => (
  <span className={cn("ml-auto text-xs tracking-widest opacity-60", className)} {...props} />
);
