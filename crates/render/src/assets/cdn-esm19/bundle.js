// React 19 for an HTML page that imports it as an ES module from esm.sh, jsDelivr's `+esm` or
// unpkg (crates/render/src/cdn.rs): React 19 has no UMD build, so scripts/vendor.sh bundles the
// registry's production builds (scripts/react19) into this one module, and react.mjs,
// react-dom.mjs and jsx-runtime.mjs beside it re-export from it: the page, however many of those
// addresses it names, gets one React, whose hooks need exactly one.
import React from "react";
import ReactDOM from "react-dom";
import * as client from "react-dom/client";
import * as jsxRuntime from "react/jsx-runtime";

export { React, ReactDOM, client, jsxRuntime };
