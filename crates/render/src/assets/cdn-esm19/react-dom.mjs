// ReactDOM 19 as an ES module, for `react-dom` and `react-dom/client` alike (see bundle.js).
import { ReactDOM, client } from "./bundle.js";

export default { ...ReactDOM, ...client };
export const {
  createPortal,
  flushSync,
  preconnect,
  prefetchDNS,
  preinit,
  preinitModule,
  preload,
  preloadModule,
  requestFormReset,
  unstable_batchedUpdates,
  useFormState,
  useFormStatus,
  version,
} = ReactDOM;
export const { createRoot, hydrateRoot } = client;
