// shadcn/ui's navigation menu: Radix NavigationMenu with triggers that open panels in one viewport
// under the list; `navigationMenuTriggerStyle()` styles a plain link like a trigger.
import * as React from "react";
import * as NavPrimitive from "@radix-ui/react-navigation-menu";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { DownGlyph } from "./icons.jsx";

export const NavigationMenuViewport = React.forwardRef(({ className, ...props }, ref) => (
  <div className="absolute left-0 top-full flex justify-center">
    <NavPrimitive.Viewport
      ref={ref}
      className={cn(
        "relative mt-1.5 h-[var(--radix-navigation-menu-viewport-height)] w-full overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-lg md:w-[var(--radix-navigation-menu-viewport-width)]",
        className,
      )}
      {...props}
    />
  </div>
));
NavigationMenuViewport.displayName = "NavigationMenuViewport";

export const NavigationMenu = React.forwardRef(({ className, children, ...props }, ref) => (
  <NavPrimitive.Root ref={ref} className={cn("relative z-10 flex max-w-max flex-1 items-center justify-center", className)} {...props}>
    {children}
    <NavigationMenuViewport />
  </NavPrimitive.Root>
));
NavigationMenu.displayName = "NavigationMenu";

export const NavigationMenuList = styled(NavPrimitive.List, "group flex flex-1 list-none items-center justify-center space-x-1", "NavigationMenuList");
export const NavigationMenuItem = NavPrimitive.Item;

export const navigationMenuTriggerStyle = cva(
  "group inline-flex h-10 w-max items-center justify-center rounded-md bg-background px-4 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground focus:outline-none disabled:pointer-events-none disabled:opacity-50 data-[active]:bg-accent/50 data-[state=open]:bg-accent/50",
);

export const NavigationMenuTrigger = React.forwardRef(({ className, children, ...props }, ref) => (
  <NavPrimitive.Trigger ref={ref} className={cn(navigationMenuTriggerStyle(), "group", className)} {...props}>
    {children}{" "}
    <DownGlyph className="relative top-[1px] ml-1 h-3 w-3 transition duration-200 group-data-[state=open]:rotate-180" aria-hidden="true" />
  </NavPrimitive.Trigger>
));
NavigationMenuTrigger.displayName = "NavigationMenuTrigger";

export const NavigationMenuContent = styled(NavPrimitive.Content, "left-0 top-0 w-full md:absolute md:w-auto", "NavigationMenuContent");
export const NavigationMenuLink = NavPrimitive.Link;

export const NavigationMenuIndicator = React.forwardRef(({ className, ...props }, ref) => (
  <NavPrimitive.Indicator ref={ref} className={cn("top-full z-[1] flex h-1.5 items-end justify-center overflow-hidden", className)} {...props}>
    <div className="relative top-[60%] h-2 w-2 rotate-45 rounded-tl-sm bg-border shadow-md" />
  </NavPrimitive.Indicator>
));
NavigationMenuIndicator.displayName = "NavigationMenuIndicator";
