// shadcn/ui's toggle group: Radix ToggleGroup whose items take the group's `variant` and `size`
// (toggleVariants of toggle.jsx) unless given their own.
import * as React from "react";
import * as ToggleGroupPrimitive from "@radix-ui/react-toggle-group";
import { cn } from "../lib/utils.js";
import { toggleVariants } from "./toggle.jsx";

const GroupContext = React.createContext({ size: "default", variant: "default" });

export const ToggleGroup = React.forwardRef(({ className, variant, size, children, ...props }, ref) => (
  <ToggleGroupPrimitive.Root ref={ref} className={cn("flex items-center justify-center gap-1", className)} {...props}>
    <GroupContext.Provider value={{ variant, size }}>{children}</GroupContext.Provider>
  </ToggleGroupPrimitive.Root>
));
ToggleGroup.displayName = "ToggleGroup";

export const ToggleGroupItem = React.forwardRef(({ className, children, variant, size, ...props }, ref) => {
  const group = React.useContext(GroupContext);
  return (
    <ToggleGroupPrimitive.Item
      ref={ref}
      className={cn(toggleVariants({ variant: group.variant || variant, size: group.size || size }), className)}
      {...props}
    >
      {children}
    </ToggleGroupPrimitive.Item>
  );
});
ToggleGroupItem.displayName = "ToggleGroupItem";
