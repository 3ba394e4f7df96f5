// `@/components/ui/*` and `@/lib/utils` as one module: the components share Radix's layers, focus
// scopes and portals (a Select inside a Dialog must see the Dialog), and one request beats twenty.
export * from "../ui/accordion.jsx";
export * from "../ui/alert.jsx";
export * from "../ui/avatar.jsx";
export * from "../ui/badge.jsx";
export * from "../ui/button.jsx";
export * from "../ui/card.jsx";
export * from "../ui/checkbox.jsx";
export * from "../ui/dialog.jsx";
export * from "../ui/dropdown-menu.jsx";
export * from "../ui/input.jsx";
export * from "../ui/label.jsx";
export * from "../ui/popover.jsx";
export * from "../ui/progress.jsx";
export * from "../ui/scroll-area.jsx";
export * from "../ui/select.jsx";
export * from "../ui/separator.jsx";
export * from "../ui/slider.jsx";
export * from "../ui/switch.jsx";
export * from "../ui/table.jsx";
export * from "../ui/tabs.jsx";
export * from "../ui/textarea.jsx";
export * from "../ui/tooltip.jsx";
export { cn } from "../lib/utils.js";
