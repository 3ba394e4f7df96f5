// docx-preview turns the document into HTML pages; narrow windows zoom the pages to fit.
const pagesBox = main.querySelector(".plug-docx");

function fitPages() {
  const wrapper = pagesBox.querySelector(".docx-wrapper");
  const page = wrapper && wrapper.querySelector("section.docx");
  if (!page) return;
  wrapper.style.zoom = "";
  const needed = page.offsetWidth + 32;
  wrapper.style.zoom = needed > pagesBox.clientWidth ? String(pagesBox.clientWidth / needed) : "";
}

try {
  setStatus("Loading document…");
  const bytes = await fetchBytes(fileUrl);
  await window.docx.renderAsync(bytes, pagesBox, null, {
    className: "docx",
    inWrapper: true,
    breakPages: true,
    ignoreLastRenderedPageBreak: true,
    renderHeaders: true,
    renderFooters: true,
    renderFootnotes: true,
    renderEndnotes: true,
    useBase64URL: true,
  });
  clearStatus();
  fitPages();
  window.addEventListener("resize", fitPages);
} catch (error) {
  fail("This document could not be displayed.", error);
}
