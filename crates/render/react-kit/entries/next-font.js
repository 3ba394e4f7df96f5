// `next/font/google` and `next/font/local` for a single-file drop: every font is a function
// returning what Next's does, its family by name (`Roboto_Mono` is "Roboto Mono") with a sans-serif
// fallback. No font file is fetched: the family applies where the visitor has it installed.
const font = (family) => (options) => {
  const name = family ?? options?.variable?.replace(/^--(font-)?/, "") ?? "local font";
  return { className: "", style: { fontFamily: `'${name}', sans-serif` }, variable: "" };
};

// Any export name is a font (Google has some 1,700); the page uses this object as the module.
export default new Proxy(
  {},
  {
    get(_, key) {
      if (key === "__esModule") return true;
      if (key === "default") return font(null);
      if (typeof key === "string" && /^[A-Z]/.test(key)) return font(key.replace(/_/g, " "));
      return undefined;
    },
    has: (_, key) => key === "__esModule" || key === "default" || (typeof key === "string" && /^[A-Z]/.test(key)),
  },
);
