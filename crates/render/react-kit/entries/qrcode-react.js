// qrcode.react as the tools write it: 4.x's `QRCodeSVG` and `QRCodeCanvas`, and the default
// export of its 3.x line (`import QRCode from "qrcode.react"`, drawn as a canvas unless
// `renderAs="svg"`), which 4.0 removed and the models still write from older code. The default
// passes every prop (3.x's `includeMargin` among them, which 4.x still reads) to the one it draws.
import * as React from "react";
import { QRCodeCanvas, QRCodeSVG } from "qrcode.react";

export * from "qrcode.react";

const QRCode = React.forwardRef(function QRCode({ renderAs = "canvas", ...props }, ref) {
  return React.createElement(renderAs === "svg" ? QRCodeSVG : QRCodeCanvas, { ref, ...props });
});
export default QRCode;
