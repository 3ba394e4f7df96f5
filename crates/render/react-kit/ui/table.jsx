import * as React from "react";
import { cn } from "../lib/utils.js";

const part = (name, tag, base) => {
  const Part = React.forwardRef(({ className, ...props }, ref) =>
    React.createElement(tag, { ref, className: cn(base, className), ...props }),
  );
  Part.displayName = name;
  return Part;
};

export const Table = React.forwardRef(({ className, ...props }, ref) => (
  <div className="relative w-full overflow-auto">
    <table ref={ref} className={cn("w-full caption-bottom text-sm", className)} {...props} />
  </div>
));
Table.displayName = "Table";
export const TableHeader = part("TableHeader", "thead", "[&_tr]:border-b");
export const TableBody = part("TableBody", "tbody", "[&_tr:last-child]:border-0");
export const TableFooter = part("TableFooter", "tfoot", "border-t bg-muted/50 font-medium [&>tr]:last:border-b-0");
export const TableRow = part("TableRow", "tr", "border-b border-border transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted");
export const TableHead = part("TableHead", "th", "h-12 px-4 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0");
export const TableCell = part("TableCell", "td", "p-4 align-middle [&:has([role=checkbox])]:pr-0");
export const TableCaption = part("TableCaption", "caption", "mt-4 text-sm text-muted-foreground");
