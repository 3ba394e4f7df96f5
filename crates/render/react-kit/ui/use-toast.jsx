// `useToast()` and `toast()` of shadcn/ui's older toast (`@/components/ui/use-toast`, later
// `@/hooks/use-toast`): one store for the page, any number of components listening. As in shadcn,
// one toast shows at a time (a new one replaces it); a dismissed toast closes, then leaves the list.
import * as React from "react";

const LIMIT = 1;
const REMOVE_AFTER_MS = 1000;

let toasts = [];
let counter = 0;
const listeners = new Set();
const removals = new Map();

function publish(next) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, REMOVE_AFTER_MS),
  );
}

function dismiss(toastId) {
  for (const t of toasts) if (toastId === undefined || t.id === toastId) scheduleRemoval(t.id);
  publish(toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)));
}

export function toast(props = {}) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const update = (next) => publish(toasts.map((t) => (t.id === id ? { ...t, ...next } : t)));
  const close = () => dismiss(id);
  const entry = {
    ...props,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) close();
      props.onOpenChange?.(open);
    },
  };
  publish([entry, ...toasts].slice(0, LIMIT));
  return { id, dismiss: close, update };
}

export function useToast() {
  const [state, setState] = React.useState(toasts);
  React.useEffect(() => {
    listeners.add(setState);
    setState(toasts);
    return () => listeners.delete(setState);
  }, []);
  return { toasts: state, toast, dismiss };
}
