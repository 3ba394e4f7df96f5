// lottie-react's ES module build: the package's `browser` field names its UMD build, whose one
// default export is the whole module (`Lottie` would be that object, not the component).
export * from "lottie-react/build/index.es.js";
export { default } from "lottie-react/build/index.es.js";
