// shadcn/ui's resizable panels: react-resizable-panels 2's group, panel and handle (`withHandle`
// draws a grip), `direction` horizontal or vertical.
import * as React from "react";
import * as Panels from "react-resizable-panels";
// The package itself, for a component importing "react-resizable-panels" directly (react.js, PACKAGES_IN_KIT).
export * as __panels from "react-resizable-panels";
import { cn } from "../lib/utils.js";
import { glyph } from "./icons.jsx";

const GripGlyph = glyph(
  <path d="M9 6h.01M9 12h.01M9 18h.01M15 6h.01M15 12h.01M15 18h.01" strokeWidth="3" />,
);

export const ResizablePanelGroup = ({ className, ...props }) => (
  <Panels.PanelGroup className={cn("flex h-full w-full data-[panel-group-direction=vertical]:flex-col", className)} {...props} />
);
ResizablePanelGroup.displayName = "ResizablePanelGroup";

export const ResizablePanel = Panels.Panel;

export const ResizableHandle = ({ withHandle, className, ...props }) => (
  <Panels.PanelResizeHandle
    className={cn(
      "relative flex w-px items-center justify-center bg-border after:absolute after:inset-y-0 after:left-1/2 after:w-1 after:-translate-x-1/2 focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring focus-visible:ring-offset-1 data-[panel-group-direction=vertical]:h-px data-[panel-group-direction=vertical]:w-full data-[panel-group-direction=vertical]:after:left-0 data-[panel-group-direction=vertical]:after:h-1 data-[panel-group-direction=vertical]:after:w-full data-[panel-group-direction=vertical]:after:-translate-y-1/2 data-[panel-group-direction=vertical]:after:translate-x-0 [&[data-panel-group-direction=vertical]>div]:rotate-90",
      className,
    )}
    {...props}
  >
    {withHandle && (
      <div className="z-10 flex h-4 w-3 items-center justify-center rounded-sm border border-border bg-border">
        <GripGlyph className="h-2.5 w-2.5" />
      </div>
    )}
  </Panels.PanelResizeHandle>
);
ResizableHandle.displayName = "ResizableHandle";
