// The markdown page's diagrams, math, emoji shortcodes and code colours. Not compiled into the
// Worker: scripts/vendor.sh copies it to /_plug/vendor/plug-markdown.js, and the page loads it
// only when the document has a ```mermaid block, math, something shaped like a shortcode or
// fenced code with a language. Each library
// is loaded from the same folder only when the document needs it: mermaid for diagrams (with
// securityLevel "strict": no HTML labels, no click handlers, its output passed through
// DOMPurify), KaTeX for math (trust off: no \href, \url or \htmlClass), and the emoji table.
(() => {
  "use strict";
  const base = document.currentScript.src.replace(/[^/]*$/, "");
  const article = document.querySelector(".plug-prose");
  if (!article) return;

  function load(file) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = base + file;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${file} could not be loaded`));
      document.head.appendChild(script);
    });
  }

  function stylesheet(file) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = base + file;
    document.head.appendChild(link);
  }

  // A block that could not be drawn stays as its source, with a line saying why: the message's
  // first line and, for mermaid's parse errors, its last, which says what was expected
  // ("Parse error on line 2: … Expecting 'SQE', … got 'PS'"; the first alone named no cause).
  function explain(block, what, error) {
    const note = document.createElement("p");
    note.className = "plug-extra-error";
    const lines = String((error && error.message) || error).split("\n").map((line) => line.trim()).filter(Boolean);
    const why = lines.length > 1 && /^Expecting|^Unexpected|^Lexical/.test(lines.at(-1)) ? `${lines[0]} ${lines.at(-1)}` : lines[0] || "";
    note.textContent = `This ${what} could not be drawn: ${why.slice(0, 300)}`;
    block.after(note);
  }

  async function diagrams() {
    const blocks = [...article.querySelectorAll("pre > code.language-mermaid")].map((code) => code.parentElement);
    if (blocks.length === 0) return;
    try {
      await load("mermaid/mermaid.min.js");
    } catch (error) {
      for (const block of blocks) explain(block, "diagram", error);
      return;
    }
    const dark = matchMedia("(prefers-color-scheme: dark)").matches;
    // A gantt chart is as wide as the column it is drawn in (mermaid measured its scratch
    // element in <body>, the window's width, and the chart came out shrunk, its text unreadable).
    const style = getComputedStyle(article);
    const column = article.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // Labels as SVG text (no HTML in a foreignObject); a diagram's own `%%{init}%%` cannot
    // change the security level, which mermaid keeps among its `secure` keys. A diagram that
    // fails throws without mermaid's own "Syntax error" bomb, which it left at the page's end.
    window.mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      suppressErrorRendering: true,
      theme: dark ? "dark" : "default",
      maxTextSize: 100_000,
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      gantt: { useWidth: Math.max(320, Math.round(column)) },
    });
    let n = 0;
    for (const block of blocks) {
      try {
        const { svg } = await window.mermaid.render(`plug-mermaid-${n++}`, block.textContent);
        const figure = document.createElement("figure");
        figure.className = "plug-mermaid";
        // mermaid's own output in strict mode, sanitised by its DOMPurify.
        figure.innerHTML = svg;
        // Never under 60% of its size (labels of 10 px): a wide flowchart fitted to a phone had
        // text 5 px high. Past that its figure scrolls sideways, as a table does.
        const drawn = figure.querySelector("svg");
        const width = parseFloat(drawn?.style.maxWidth);
        if (width > 0) drawn.style.minWidth = `${Math.round(width * 0.6)}px`;
        block.replaceWith(figure);
      } catch (error) {
        explain(block, "diagram", error);
      }
    }
  }

  async function math() {
    const inline = [...article.querySelectorAll("span.math-inline")];
    const display = [...article.querySelectorAll("span.math-display")];
    const blocks = [...article.querySelectorAll("pre > code.language-math")].map((code) => code.parentElement);
    if (inline.length + display.length + blocks.length === 0) return;
    stylesheet("katex/katex.min.css");
    try {
      await load("katex/katex.min.js");
    } catch (error) {
      for (const element of [...inline, ...display, ...blocks]) explain(element, "formula", error);
      return;
    }
    const options = (displayMode) => ({ displayMode, throwOnError: false, trust: false, maxSize: 50, maxExpand: 1000, output: "htmlAndMathml" });
    for (const [elements, displayMode] of [[inline, false], [display, true]]) {
      for (const element of elements) {
        try {
          window.katex.render(element.textContent, element, options(displayMode));
        } catch (error) {
          explain(element, "formula", error);
        }
      }
    }
    for (const block of blocks) {
      const box = document.createElement("div");
      box.className = "math math-display";
      try {
        window.katex.render(block.textContent, box, options(true));
        block.replaceWith(box);
      } catch (error) {
        explain(block, "formula", error);
      }
    }
  }

  // :shortcode: in prose (not in code) becomes its emoji, as on GitHub; unknown names stay.
  async function emoji() {
    const pattern = /:([a-z0-9_+-]{1,40}):/g;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement.closest("code, pre, kbd, .math, .plug-mermaid") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      pattern.lastIndex = 0;
      if (pattern.test(node.data)) nodes.push(node);
    }
    if (nodes.length === 0) return;
    await load("plug-emoji.js");
    const table = window.PlugEmoji;
    for (const node of nodes) {
      node.data = node.data.replace(pattern, (whole, name) => (Object.hasOwn(table, name) ? table[name] : whole));
    }
  }

  // Fenced code with a language is coloured as on GitHub: highlight.js's common languages with
  // GitHub's colours, and the less common ones READMEs use (Elixir, Scala, Haskell, Dart, nginx,
  // protobuf, LaTeX, batch files…) from highlight.js's own per-language files, vendored for HTML
  // pages' CDN links, loaded only for a block in one of them. A language it does not know stays
  // plain, as GitHub leaves it, and so does code past 512 KB in all (a README's blocks are a few
  // KB). highlight.js escapes the text it returns; its markup is spans with hljs-* classes.
  const HIGHLIGHT_LIMIT = 512 * 1024;
  // Each file name, then the names GitHub and highlight.js also know it by.
  const MORE = new Map(
    ("elixir ex exs,scala sc sbt,haskell hs,dart,nginx nginxconf,protobuf proto,clojure clj edn cljs," +
      "erlang erl,julia jl,ocaml ml,fsharp fs f#,groovy,gradle,matlab,nix nixos,cmake,http https," +
      "latex tex,dos bat batch cmd,elm,vim vimscript,apache apacheconf,django jinja jinja2," +
      "handlebars hbs,erb,crystal cr,d,fortran f90 f95,verilog v sv,vhdl,x86asm asm nasm,armasm arm," +
      "llvm,pgsql postgres postgresql plpgsql,tcl,scheme scm,lisp elisp emacs-lisp,coffeescript coffee," +
      "delphi pascal pas,ada,prolog,awk,applescript,autohotkey ahk,puppet pp,reasonml re," +
      "mathematica wl,vbscript vbs,smalltalk st,properties,twig")
      .split(",")
      .flatMap((names) => names.split(" ").map((name, _, all) => [name, all[0]]))
  );
  // Written in a language highlight.js reads as another: a Vue or Svelte component is HTML with
  // its script and style inside, GeoJSON and TopoJSON are JSON (GitHub draws them as maps).
  const AS = new Map(Object.entries({ vue: "xml", svelte: "xml", astro: "xml", geojson: "json", topojson: "json", jsonl: "json", ndjson: "json" }));
  async function highlight() {
    const blocks = [...article.querySelectorAll("pre > code[class*='language-']")]
      .filter((code) => !/(^|\s)language-(mermaid|math)(\s|$)/.test(code.className));
    if (blocks.length === 0) return;
    stylesheet("plug-highlight.css");
    await load("plug-highlight.js");
    const hljs = window.PlugHighlight;
    // A file name or flags after the language (```python:app.py as chat tools and Cursor
    // write it, ```rust,ignore in Rust READMEs) still name it.
    const named = (code) => {
      const language = ((/(?:^|\s)language-([^\s:,]+)/.exec(code.className) || [])[1] || "").toLowerCase();
      return AS.get(language) || (hljs.getLanguage(language) ? language : MORE.get(language));
    };
    const wanted = new Set(blocks.map(named).filter((name) => name && !hljs.getLanguage(name)));
    if (wanted.size > 0) {
      // The files register themselves on the global highlight.js, as on a CDN page.
      window.hljs = hljs;
      await Promise.allSettled([...wanted].map((file) => load(`cdn/hljs/languages/${file}.min.js`)));
    }
    let budget = HIGHLIGHT_LIMIT;
    for (const code of blocks) {
      const language = named(code);
      const text = code.textContent;
      budget -= text.length;
      if (budget < 0) break;
      if (!language || !hljs.getLanguage(language)) continue;
      code.innerHTML = hljs.highlight(text, { language, ignoreIllegals: true }).value;
      code.classList.add("hljs");
    }
  }

  const done = Promise.allSettled([emoji(), math(), diagrams(), highlight()]).then((results) => {
    for (const result of results) if (result.status === "rejected") console.error(result.reason);
    article.dataset.extras = "done";
  });
  window.plugMarkdownExtras = done;
})();
