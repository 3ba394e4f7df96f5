// React 19's API on the page's React 18.3, for components the tools write for React 19 (v0's Next.js
// 15 blocks, and the models' habits since): `use`, `useActionState`, `useOptimistic`,
// `useFormStatus`, `<form action={fn}>` and `formAction={fn}`, a context rendered as its own
// provider (`<ThemeContext value="dark">`), `ref` as a plain prop of a function component, an async
// function given to `startTransition`, and react-dom's resource hints. Loaded by the page only when
// the source names one of them (react.js, REACT_19); the libraries keep React 18 as it is: only
// the component's own `React` and its imports of "react" and "react-dom" are these.
//
// Approximations, where React 18 has no way in: `use(context)` is `useContext` (so not inside a
// condition); an optimistic update lasts until the action it was made in settles (or, made outside
// one, until the value it is based on changes); a form action runs as the form's submit handler,
// so `useFormStatus` sees the nearest such form; after the action succeeds the form is reset, as
// React 19 resets its uncontrolled fields.

const CONTEXT = Symbol.for("react.context");
const IDLE = Object.freeze({ pending: false, data: null, method: null, action: null });

export function react19(React, ReactDOM) {
  const { createElement, useState, useRef, useCallback, useContext, useEffect, useMemo, forwardRef } = React;
  const FormStatus = React.createContext(IDLE);

  // The action running now, so optimistic updates made in it (synchronously, before its first
  // await, as React's docs show them) end when it settles.
  let runningAction = null;
  function runAction(fn, ...args) {
    let settle;
    const done = new Promise((resolve) => (settle = resolve));
    const outer = runningAction;
    runningAction = done;
    let result;
    try {
      result = fn(...args);
    } catch (error) {
      settle();
      throw error;
    } finally {
      runningAction = outer;
    }
    return Promise.resolve(result).finally(settle);
  }

  function use(usable) {
    if (usable && typeof usable.then === "function") {
      // React 19 tracks a promise's state on the promise itself; a pending one suspends to the
      // nearest <Suspense>, which React 18 supports for thrown promises.
      if (usable.status === "fulfilled") return usable.value;
      if (usable.status === "rejected") throw usable.reason;
      if (usable.status !== "pending") {
        usable.status = "pending";
        usable.then(
          (value) => Object.assign(usable, { status: "fulfilled", value }),
          (reason) => Object.assign(usable, { status: "rejected", reason }),
        );
      }
      throw usable;
    }
    if (usable && usable.$$typeof === CONTEXT) return useContext(usable);
    throw new Error("use() takes a promise or a context");
  }

  // An action's error goes to the nearest error boundary, as in React 19: thrown from a render.
  function useThrower() {
    const [, setState] = useState(null);
    return useCallback((error) => setState(() => { throw error; }), []);
  }

  function useActionState(action, initialState) {
    const [state, setState] = useState(initialState);
    const [pending, setPending] = useState(0);
    const latest = useRef(initialState);
    const queue = useRef(Promise.resolve());
    const current = useRef(action);
    current.current = action;
    const raise = useThrower();
    // Calls run one after another, each given the state the one before returned.
    const dispatch = useCallback((payload) => {
      setPending((n) => n + 1);
      const run = queue.current.then(() =>
        runAction(() => current.current(latest.current, payload)).then(
          (next) => {
            latest.current = next;
            setState(next);
          },
          raise,
        ),
      );
      queue.current = run.finally(() => setPending((n) => n - 1));
      return queue.current;
    }, [raise]);
    return [state, dispatch, pending > 0];
  }

  function useOptimistic(passthrough, reducer) {
    const [updates, setUpdates] = useState([]);
    const seen = useRef(passthrough);
    useEffect(() => {
      if (Object.is(seen.current, passthrough)) return;
      seen.current = passthrough;
      setUpdates((list) => list.filter((update) => update.action));
    }, [passthrough]);
    const add = useCallback((value) => {
      const update = { value, action: runningAction };
      setUpdates((list) => [...list, update]);
      update.action?.then(() => setUpdates((list) => list.filter((u) => u !== update)));
    }, []);
    const state = useMemo(
      () => updates.reduce((s, u) => (reducer ? reducer(s, u.value) : u.value), passthrough),
      [updates, passthrough, reducer],
    );
    return [state, add];
  }

  // An async function given to startTransition keeps isPending true until it settles.
  function useTransition() {
    const [running, setRunning] = useState(0);
    const [reactPending, reactStart] = React.useTransition();
    const start = useCallback((fn) => {
      let result;
      reactStart(() => {
        result = runAction(fn);
      });
      setRunning((n) => n + 1);
      result.catch(() => {}).finally(() => setRunning((n) => n - 1));
    }, []);
    return [reactPending || running > 0, start];
  }
  const startTransition = (fn) => {
    React.startTransition(() => {
      runAction(fn).catch((error) => setTimeout(() => { throw error; }));
    });
  };

  function useFormStatus() {
    return useContext(FormStatus);
  }

  // <form action={fn}>: submitting calls fn with the form's data instead of navigating away.
  const ActionForm = forwardRef(function ActionForm({ action, onSubmit, children, ...props }, ref) {
    const [status, setStatus] = useState(IDLE);
    const raise = useThrower();
    const handle = (event) => {
      onSubmit?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = event.nativeEvent.submitter;
      const fn = (submitter && formActions.get(submitter)) || action;
      const data = new FormData(form, submitter || undefined);
      setStatus({ pending: true, data, method: (form.getAttribute("method") || "get").toLowerCase(), action: fn });
      runAction(fn, data).then(
        () => {
          setStatus(IDLE);
          form.reset();
        },
        (error) => {
          setStatus(IDLE);
          raise(error);
        },
      );
    };
    return createElement(FormStatus.Provider, { value: status }, createElement("form", { ...props, ref, onSubmit: handle }, children));
  });
  // A submit button's own formAction={fn}, found by ActionForm from the event's submitter.
  const formActions = new WeakMap();
  const refForwarders = new WeakMap();
  const asForwarder = (type) => {
    if (!refForwarders.has(type)) {
      const forwarding = forwardRef((props, ref) => type(ref == null ? props : { ...props, ref }));
      forwarding.displayName = type.displayName || type.name;
      if (type.defaultProps) forwarding.defaultProps = type.defaultProps;
      refForwarders.set(type, forwarding);
    }
    return refForwarders.get(type);
  };

  // A callback ref may return a cleanup function, which React 19 calls on detach instead of calling
  // the ref with null (React 18 calls ref(null), and `observer.observe(null)` threw). One wrapper
  // per ref function, so a stable ref stays stable to React.
  const refWrappers = new WeakMap();
  const wrappers = new WeakSet();
  const withCleanup = (ref) => {
    if (!refWrappers.has(ref)) {
      let cleanup = null;
      const wrapper = (node) => {
        if (node !== null) {
          const result = ref(node);
          cleanup = typeof result === "function" ? result : null;
        } else if (cleanup) {
          const run = cleanup;
          cleanup = null;
          run();
        } else {
          ref(null);
        }
      };
      wrappers.add(wrapper);
      refWrappers.set(ref, wrapper);
    }
    return refWrappers.get(ref);
  };

  // React 19 hoists a <title> rendered anywhere to the document's: here it stays where it is (a
  // <title> in the body draws nothing) and sets the tab's title while mounted, the one rendered
  // last winning; one inside an <svg> is the SVG's own tooltip, left alone as React 19 does.
  const titles = [];
  let original = "";
  function DocumentTitle({ children, ...props }) {
    const node = useRef(null);
    const entry = useRef({ text: "" });
    entry.current.text = [].concat(children ?? []).join("");
    React.useLayoutEffect(() => {
      if (node.current.closest("svg")) return undefined;
      const mine = entry.current;
      if (!titles.length) original = document.title;
      titles.push(mine);
      document.title = mine.text;
      return () => {
        titles.splice(titles.indexOf(mine), 1);
        document.title = titles.length ? titles[titles.length - 1].text : original;
      };
    }, []);
    React.useLayoutEffect(() => {
      if (!node.current.closest("svg") && titles[titles.length - 1] === entry.current) document.title = entry.current.text;
    });
    return createElement("title", { ...props, ref: node }, children);
  }

  function patchedCreateElement(type, props, ...children) {
    if (type === "title") return createElement(DocumentTitle, props, ...children);
    if (props && typeof props.ref === "function" && !wrappers.has(props.ref)) {
      props = { ...props, ref: withCleanup(props.ref) };
    }
    if (props) {
      if (type === "form" && typeof props.action === "function") return createElement(ActionForm, props, ...children);
      if ((type === "button" || type === "input") && typeof props.formAction === "function") {
        const { formAction, ref, ...rest } = props;
        const register = (node) => {
          if (node) formActions.set(node, formAction);
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        };
        return createElement(type, { ...rest, ref: register }, ...children);
      }
      if (type && type.$$typeof === CONTEXT && type.Provider && "value" in props && typeof children[0] !== "function" && typeof props.children !== "function") {
        return createElement(type.Provider, props, ...children);
      }
      if (typeof type === "function" && !type.prototype?.isReactComponent && props.ref != null) {
        return createElement(asForwarder(type), props, ...children);
      }
    }
    return createElement(type, props, ...children);
  }

  // React 19.2's: a function an effect calls that always sees the latest props and state.
  function useEffectEvent(fn) {
    const latest = useRef(fn);
    React.useLayoutEffect(() => {
      latest.current = fn;
    });
    return useCallback((...args) => latest.current(...args), []);
  }
  // React 19.2's <Activity mode="hidden"> keeps its children's state while hidden; React 18 cannot,
  // so hidden children are unmounted (their state starts again when shown).
  const Activity = ({ mode, children }) => (mode === "hidden" ? null : children);

  const react = Object.assign({}, React, {
    useEffectEvent,
    Activity,
    createElement: patchedCreateElement,
    use,
    useActionState,
    useOptimistic,
    useTransition,
    startTransition,
  });
  const noHint = () => {};
  const dom = Object.assign({}, ReactDOM, {
    useFormStatus,
    // React 18.3's canary name of useActionState, without its pending flag.
    useFormState: (action, initial) => useActionState(action, initial).slice(0, 2),
    requestFormReset: (form) => form.reset(),
    preload: noHint,
    preloadModule: noHint,
    preinit: noHint,
    preinitModule: noHint,
    preconnect: noHint,
    prefetchDNS: noHint,
  });
  return { react, dom };
}
