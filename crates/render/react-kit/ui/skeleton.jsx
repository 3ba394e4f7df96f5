import * as React from "react";
import { cn } from "../lib/utils.js";

export const Skeleton = ({ className, ...props }) => <div className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
