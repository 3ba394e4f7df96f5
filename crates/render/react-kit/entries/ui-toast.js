// shadcn/ui's older toast: `@/components/ui/toast`, `…/toaster`, `…/use-toast` and `@/hooks/use-toast`
// are this one module, so `toast()` and `<Toaster />` share one store.
export * from "../ui/toast.jsx";
export * from "../ui/toaster.jsx";
export * from "../ui/use-toast.jsx";
