// Each Tailwind core plugin's class roots (the keys of its context's candidate map: `bg`,
// `flex-row`, `sr-only`), for the Tailwind worker's unusedCorePlugins (tailwind-config.js). Read
// in Node at build time by scripts/vendor-react-kit.mjs from Tailwind 3.4 in node_modules, the
// version the browser build bundles; tests/react-kit-tailwind.test.mjs reads it too.
import { createRequire } from "node:module";
import { join } from "node:path";

export function corePluginKeys(nodeModules, config) {
  const tailwind = createRequire(join(nodeModules, "tailwindcss", "package.json"));
  const { createContext } = tailwind("./lib/lib/setupContextUtils.js");
  const resolveConfig = tailwind("./resolveConfig.js");
  const keys = {};
  for (const name of Object.keys(tailwind("./lib/corePlugins.js").corePlugins)) {
    if (name === "preflight") continue;
    // The config's own plugins (tailwind-config.js) are not core plugins and stay on whatever the text.
    const context = createContext(resolveConfig({ ...config, plugins: [], content: ["-"], corePlugins: [name] }));
    // "*" holds a plugin's defaults (`--tw-blur` …), which go to preflight's layer, precompiled.
    keys[name] = [...context.candidateRuleMap.keys()].map(String).filter((key) => key !== "*");
  }
  const roots = Object.values(keys).flat();
  if (roots.length < 400 || !keys.backgroundColor?.includes("bg") || roots.some((key) => !/^[A-Za-z0-9-]+$/.test(key))) {
    throw new Error("Tailwind's core plugins changed shape (unusedCorePlugins reads roots of letters, digits and dashes)");
  }
  return keys;
}
