import * as React from "react";
import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { buttonVariants } from "./button.jsx";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const AlertDialogOverlay = styled(AlertDialogPrimitive.Overlay, "fixed inset-0 z-50 bg-black/80", "AlertDialogOverlay");

export const AlertDialogContent = React.forwardRef(({ className, ...props }, ref) => (
  <AlertDialogPortal>
    <AlertDialogOverlay />
    <AlertDialogPrimitive.Content
      ref={ref}
      className={cn(
        "fixed left-[50%] top-[50%] z-50 grid w-full max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 border border-border bg-background p-6 shadow-lg sm:rounded-lg",
        className,
      )}
      {...props}
    />
  </AlertDialogPortal>
));
AlertDialogContent.displayName = "AlertDialogContent";

export const AlertDialogHeader = ({ className, ...props }) => (
  <div className={cn("flex flex-col space-y-2 text-center sm:text-left", className)} {...props} />
);
export const AlertDialogFooter = ({ className, ...props }) => (
  <div className={cn("flex flex-col-reverse sm:flex-row sm:justify-end sm:space-x-2", className)} {...props} />
);
export const AlertDialogTitle = styled(AlertDialogPrimitive.Title, "text-lg font-semibold", "AlertDialogTitle");
export const AlertDialogDescription = styled(AlertDialogPrimitive.Description, "text-sm text-muted-foreground", "AlertDialogDescription");
export const AlertDialogAction = styled(AlertDialogPrimitive.Action, buttonVariants(), "AlertDialogAction");
export const AlertDialogCancel = styled(AlertDialogPrimitive.Cancel, buttonVariants({ variant: "outline", className: "mt-2 sm:mt-0" }), "AlertDialogCancel");
