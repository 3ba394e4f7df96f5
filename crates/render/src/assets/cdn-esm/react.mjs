// React 18 as the ES module esm.sh, unpkg's `?module` and jsDelivr's `+esm` serve, for a page that
// imports it (crates/render/src/cdn.rs): the drop's own UMD build, run once as a module (it sets
// `self.React`), so the page, the libraries it imports beside it (react-kit's lucide-react and
// recharts read `window.React`) and its JSX runtime share one React, whose hooks need exactly one.
import "../../react.production.min.js";

const React = self.React;
export default React;
export const {
  Children,
  Component,
  Fragment,
  Profiler,
  PureComponent,
  StrictMode,
  Suspense,
  __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED,
  act,
  cloneElement,
  createContext,
  createElement,
  createFactory,
  createRef,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  unstable_act,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} = React;
