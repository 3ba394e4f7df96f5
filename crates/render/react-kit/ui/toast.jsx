// shadcn/ui's older toast (before sonner): Radix Toast parts with a `default` and a `destructive`
// variant. `useToast`/`toast` are in use-toast.jsx, `<Toaster />` in toaster.jsx.
import * as React from "react";
import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { CloseGlyph } from "./icons.jsx";

export const ToastProvider = ToastPrimitives.Provider;

// Bottom right from `sm` up, as shadcn's: react.js lifts it above Plug's badge chip in that corner
// (16px in, 30px tall) as it lifts any of a component's elements fixed there (data-plug-above-chip),
// so the toasts end 62px from the bottom; before sweep 8 the class itself said `sm:bottom-10`.
export const ToastViewport = styled(
  ToastPrimitives.Viewport,
  "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]",
  "ToastViewport",
);

export const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-center justify-between space-x-4 overflow-hidden rounded-md border p-6 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "border border-border bg-background text-foreground",
        destructive: "destructive group border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export const Toast = React.forwardRef(({ className, variant, ...props }, ref) => (
  <ToastPrimitives.Root ref={ref} className={cn(toastVariants({ variant }), className)} {...props} />
));
Toast.displayName = "Toast";

export const ToastAction = styled(
  ToastPrimitives.Action,
  "inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium ring-offset-background transition-colors hover:bg-secondary focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 group-[.destructive]:border-muted/40 group-[.destructive]:hover:border-destructive/30 group-[.destructive]:hover:bg-destructive group-[.destructive]:hover:text-destructive-foreground group-[.destructive]:focus:ring-destructive",
  "ToastAction",
);

export const ToastClose = React.forwardRef(({ className, ...props }, ref) => (
  <ToastPrimitives.Close
    ref={ref}
    toast-close=""
    aria-label="Close"
    className={cn(
      "absolute right-2 top-2 rounded-md p-1 text-foreground/50 opacity-0 transition-opacity hover:text-foreground focus:opacity-100 focus:outline-none focus:ring-2 group-hover:opacity-100 group-[.destructive]:text-red-300 group-[.destructive]:hover:text-red-50 group-[.destructive]:focus:ring-red-400 group-[.destructive]:focus:ring-offset-red-600",
      className,
    )}
    {...props}
  >
    <CloseGlyph className="h-4 w-4" />
  </ToastPrimitives.Close>
));
ToastClose.displayName = "ToastClose";

export const ToastTitle = styled(ToastPrimitives.Title, "text-sm font-semibold", "ToastTitle");
export const ToastDescription = styled(ToastPrimitives.Description, "text-sm opacity-90", "ToastDescription");
