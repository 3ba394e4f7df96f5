// React 19's JSX runtime, for `react/jsx-runtime` and `react/jsx-dev-runtime` (see bundle.js).
import { jsxRuntime } from "./bundle.js";

export const { Fragment, jsx, jsxs } = jsxRuntime;
export const jsxDEV = jsxRuntime.jsx;
