// mammoth's browser build (its main entry needs Node's fs).
import mammoth from "mammoth/mammoth.browser.js";

export default mammoth;
