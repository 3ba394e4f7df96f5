// r128's OrbitControls (and MapControls) from three's examples, on the page's one three.mjs.
export { OrbitControls, MapControls } from "three/examples/jsm/controls/OrbitControls.js";
