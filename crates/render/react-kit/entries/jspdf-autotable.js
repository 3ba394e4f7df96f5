// jspdf-autotable on the page's one jsPDF (./jspdf.mjs): `autoTable(doc, { … })`, as its
// documentation writes it now, and `doc.autoTable({ … })` after `import "jspdf-autotable"`, as
// older code and the tools' components still do (5.x's ES module applies itself only to a global
// jsPDF, which an ES module page has not, so it is applied here).
import { jsPDF } from "jspdf";
import { applyPlugin } from "jspdf-autotable";

applyPlugin(jsPDF);

export * from "jspdf-autotable";
export { default } from "jspdf-autotable";
