// shadcn/ui's drawer: vaul's bottom sheet (drag to close) in the kit's classes.
import * as React from "react";
import { Drawer as DrawerPrimitive } from "vaul";
// The package itself, for a component importing "vaul" directly (react.js, PACKAGES_IN_KIT).
export * as __vaul from "vaul";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";

export const Drawer = ({ shouldScaleBackground = true, ...props }) => (
  <DrawerPrimitive.Root shouldScaleBackground={shouldScaleBackground} {...props} />
);
Drawer.displayName = "Drawer";
export const DrawerTrigger = DrawerPrimitive.Trigger;
export const DrawerPortal = DrawerPrimitive.Portal;
export const DrawerClose = DrawerPrimitive.Close;

export const DrawerOverlay = styled(DrawerPrimitive.Overlay, "fixed inset-0 z-50 bg-black/80", "DrawerOverlay");

export const DrawerContent = React.forwardRef(({ className, children, ...props }, ref) => (
  <DrawerPortal>
    <DrawerOverlay />
    <DrawerPrimitive.Content
      ref={ref}
      className={cn("fixed inset-x-0 bottom-0 z-50 mt-24 flex h-auto flex-col rounded-t-[10px] border border-border bg-background", className)}
      {...props}
    >
      <div className="mx-auto mt-4 h-2 w-[100px] rounded-full bg-muted" />
      {children}
    </DrawerPrimitive.Content>
  </DrawerPortal>
));
DrawerContent.displayName = "DrawerContent";

export const DrawerHeader = ({ className, ...props }) => <div className={cn("grid gap-1.5 p-4 text-center sm:text-left", className)} {...props} />;
DrawerHeader.displayName = "DrawerHeader";
export const DrawerFooter = ({ className, ...props }) => <div className={cn("mt-auto flex flex-col gap-2 p-4", className)} {...props} />;
DrawerFooter.displayName = "DrawerFooter";
export const DrawerTitle = styled(DrawerPrimitive.Title, "text-lg font-semibold leading-none tracking-tight", "DrawerTitle");
export const DrawerDescription = styled(DrawerPrimitive.Description, "text-sm text-muted-foreground", "DrawerDescription");
