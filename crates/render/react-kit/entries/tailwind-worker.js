// Tailwind CSS v3's JIT compiler in a Web Worker, so the page's thread parses the component's
// libraries meanwhile. Asked with { css, content, config, kit }: kit names the ui components whose
// classes join the component's own.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";
import kitClasses from "../ui-classes.generated.js";

self.onmessage = async ({ data }) => {
  try {
    const compiler = createTailwindcss({ tailwindConfig: data.config });
    const content = [data.content, ...data.kit.map((name) => kitClasses[name] ?? "")];
    self.postMessage({ css: await compiler.generateStylesFromContent(data.css, content) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error) });
  }
};
