// shadcn/ui's spinner (late 2025): a turning loader circle with role="status".
import * as React from "react";
import { cn } from "../lib/utils.js";

export const Spinner = ({ className, ...props }) => (
  <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor"
    strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="status" aria-label="Loading"
    className={cn("size-4 animate-spin", className)} {...props}>
    <path d="M21 12a9 9 0 1 1-6.22-8.56" />
  </svg>
);
