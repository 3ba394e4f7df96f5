// `@/lib/utils`: `cn` joins class names and lets the last of two conflicting Tailwind classes win.
import { clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs) {
  return twMerge(clsx(inputs));
}
