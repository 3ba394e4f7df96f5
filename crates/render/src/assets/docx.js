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

// Word's bullets are characters of the Symbol and Wingdings fonts at their private-use code
// points (U+F0B7 for Word's default "•", U+F0A7 for its third level's square), which no
// browser font draws: every bulleted list of a Word or LibreOffice document showed boxes.
// docx-preview writes them into its list styles' `content`, where the Unicode character each
// one draws replaces it (an unknown one becomes "•").
const SYMBOL_BULLETS = { "\uf0b7": "•", "\uf0a7": "▪", "\uf0d8": "➢", "\uf0fc": "✓", "\uf076": "❖", "\uf06e": "■", "\uf06c": "●", "\uf0a8": "◆" };

function readableBullets() {
  for (const style of pagesBox.querySelectorAll("style")) {
    const css = style.textContent;
    if (!/[\uf020-\uf0ff]/.test(css)) continue;
    style.textContent = css.replace(/content:\s*"[^"]*"/g, (content) =>
      content.replace(/[\uf020-\uf0ff]/g, (c) => SYMBOL_BULLETS[c] || "•"));
  }
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
  readableBullets();
  clearStatus();
  fitPages();
  window.addEventListener("resize", fitPages);
} catch (error) {
  fail("This document could not be displayed.", error);
}
