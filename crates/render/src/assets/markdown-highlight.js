// highlight.js for a markdown page's fenced code: its common languages (the 36 of
// `highlight.js/lib/common`: bash, c, cpp, csharp, css, diff, go, java, javascript, json, kotlin,
// markdown, php, python, ruby, rust, shell, sql, swift, typescript, xml/html, yaml…) and two more
// READMEs often use. Bundled by scripts/vendor.sh as /_plug/vendor/plug-highlight.js and loaded
// by plug-markdown.js only for a document with such a block.
import hljs from "highlight.js/lib/common";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import powershell from "highlight.js/lib/languages/powershell";

hljs.registerLanguage("dockerfile", dockerfile);
hljs.registerLanguage("powershell", powershell);
self.PlugHighlight = hljs;
