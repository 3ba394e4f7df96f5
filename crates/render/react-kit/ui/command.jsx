// shadcn/ui's command menu: cmdk's parts in the kit's classes, and CommandDialog, a Command in the
// kit's Dialog (one copy of Radix's dialog with everything else, see scripts/vendor-react-kit.mjs).
import * as React from "react";
import { Command as CommandPrimitive } from "cmdk";
// The package itself, for a component importing "cmdk" directly (react.js, PACKAGES_IN_KIT).
export * as __cmdk from "cmdk";
import { cn } from "../lib/utils.js";
import { styled } from "./wrap.js";
import { glyph } from "./icons.jsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog.jsx";

const SearchGlyph = glyph(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20.5 20.5l-4.5-4.5" />
  </>,
);

export const Command = styled(
  CommandPrimitive,
  "flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground",
  "Command",
);

export function CommandDialog({ children, title = "Command Palette", description = "Search for a command to run…", ...props }) {
  return (
    <Dialog {...props}>
      <DialogContent className="overflow-hidden p-0 shadow-lg">
        <DialogTitle className="sr-only">{title}</DialogTitle>
        <DialogDescription className="sr-only">{description}</DialogDescription>
        <Command className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group]:not([hidden])_~[cmdk-group]]:pt-0 [&_[cmdk-group]]:px-2 [&_[cmdk-input-wrapper]_svg]:h-5 [&_[cmdk-input-wrapper]_svg]:w-5 [&_[cmdk-input]]:h-12 [&_[cmdk-item]]:px-2 [&_[cmdk-item]]:py-3 [&_[cmdk-item]_svg]:h-5 [&_[cmdk-item]_svg]:w-5">
          {children}
        </Command>
      </DialogContent>
    </Dialog>
  );
}

export const CommandInput = React.forwardRef(({ className, ...props }, ref) => (
  <div className="flex items-center border-b border-border px-3" cmdk-input-wrapper="">
    <SearchGlyph className="mr-2 h-4 w-4 shrink-0 opacity-50" />
    <CommandPrimitive.Input
      ref={ref}
      className={cn(
        "flex h-11 w-full rounded-md bg-transparent py-3 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  </div>
));
CommandInput.displayName = "CommandInput";

export const CommandList = styled(CommandPrimitive.List, "max-h-[300px] overflow-y-auto overflow-x-hidden", "CommandList");
export const CommandEmpty = styled(CommandPrimitive.Empty, "py-6 text-center text-sm", "CommandEmpty");
export const CommandGroup = styled(
  CommandPrimitive.Group,
  "overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground",
  "CommandGroup",
);
export const CommandSeparator = styled(CommandPrimitive.Separator, "-mx-1 h-px bg-border", "CommandSeparator");
export const CommandItem = styled(
  CommandPrimitive.Item,
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[disabled=true]:pointer-events-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[disabled=true]:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  "CommandItem",
);
export const CommandShortcut = ({ className, ...props }) => (
  <span className={cn("ml-auto text-xs tracking-widest text-muted-foreground", className)} {...props} />
);
CommandShortcut.displayName = "CommandShortcut";
