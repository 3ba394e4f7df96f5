//! The CDN addresses AI tools' HTML pages load their libraries from (Tailwind's Play CDN, React
//! with Babel, Chart.js, lucide, …), answered from the drop's own origin when Plug vendors the
//! same library line: the page then works where the CDN is out of reach (an office network, a
//! machine offline), sends its viewers' addresses to no third party, and loads from the origin it
//! already talks to. Any other address, or a version line Plug does not hold, is left as written
//! (docs/serving.md: CDN libraries in HTML pages).

use std::cell::Cell;

/// The libraries as CDNs name them, and what Plug serves for each under `/_plug/vendor/`: one line
/// each, four fields apart by a space, a field's items by a comma (kept as text, which costs the
/// Worker's upload a third of what a table of structs did):
/// - its names on npm (unpkg, jsDelivr) and on cdnjs;
/// - the version lines it stands for: a version asked for must be one of these or start with one
///   and a dot (`18` takes `18.2.0`), or, for a line ending in `=`, be that line alone (`3=` takes
///   `phaser@3`, not `3.55.2`); a page that names no version, or `latest`, takes the first line
///   of that name holding the file;
/// - the files a page may ask for by their last path segment, an empty item being the package's
///   default file (`https://cdn.jsdelivr.net/npm/chart.js`); for a tree, the starts of the paths
///   it holds, after the package's `dist/` or `build/`, or, after a `*`, their end (`*.min.js`);
/// - the file served for any of them, or, ending in `/`, a tree: a folder holding the package's
///   files at the paths the CDN serves them (Bootstrap's `css/` and `js/`, highlight.js's
///   languages and styles), the path asked for appended; a `*` in it stands for the file asked
///   for (GSAP's plugins as ES modules).
const LIBRARIES: &str = "\
react 18 react.development.js,react.production.min.js react.production.min.js
react-dom 18 react-dom.development.js,react-dom.production.min.js react-dom.production.min.js
react 18 +esm cdn/esm/react.mjs
react-dom 18 +esm,client cdn/esm/react-dom.mjs
react 18 jsx-runtime,jsx-dev-runtime cdn/esm/jsx-runtime.mjs
react 19 +esm cdn/esm19/react.mjs
react-dom 19 +esm,client cdn/esm19/react-dom.mjs
react 19 jsx-runtime,jsx-dev-runtime cdn/esm19/jsx-runtime.mjs
lucide-react 0 +esm cdn/esm/lucide-react.mjs
recharts 2 +esm cdn/esm/recharts.mjs
@babel/standalone,babel-standalone 7 ,babel.min.js,babel.js cdn/babel.min.js
chart.js,Chart.js 4 ,chart.umd.js,chart.umd.min.js,chart.min.js cdn/chart.umd.js
d3 7 ,d3.min.js,d3.js cdn/d3.min.js
three,three.js r128,0.128 three.min.js,three.js cdn/three.min.js
three,three.js 0.161,0.162,0.163,0.164,0.165,0.166,0.167,0.168,0.169,0.170,0.171,0.172,0.173,0.174,0.175,0.176,0.177,0.178,0.179,0.180,0.181,0.182,0.183,0.184,0.185,0.186,0.187 three.module,three.core,three.webgpu,three.tsl,examples/jsm/ cdn/three180/
three,three.js 0.160 three.,examples/jsm/ cdn/three160/
three 0.160 +esm cdn/three160/three.module.min.js
three 0.160 +esm/examples/jsm/ cdn/three160/
three 0.161,0.162,0.163,0.164,0.165,0.166,0.167,0.168,0.169,0.170,0.171,0.172,0.173,0.174,0.175,0.176,0.177,0.178,0.179,0.180,0.181,0.182,0.183,0.184,0.185,0.186,0.187 +esm cdn/three180/three.module.min.js
three 0.161,0.162,0.163,0.164,0.165,0.166,0.167,0.168,0.169,0.170,0.171,0.172,0.173,0.174,0.175,0.176,0.177,0.178,0.179,0.180,0.181,0.182,0.183,0.184,0.185,0.186,0.187 +esm/examples/jsm/ cdn/three180/
lodash,lodash.js 4 ,lodash.min.js,lodash.js cdn/lodash.min.js
papaparse,PapaParse 5 ,papaparse.min.js,papaparse.js cdn/papaparse.min.js
mathjs 11,12,13 ,math.js,math.min.js cdn/math.js
lucide 0,1 ,lucide.min.js,lucide.js cdn/lucide.min.js
@fortawesome/fontawesome-free,font-awesome 6 all.min.css,all.css cdn/fontawesome/css/all.min.css
@fortawesome/fontawesome-free,font-awesome 5 css/,js/all. cdn/fa5/
font-awesome 4 css/ cdn/fa4/
katex,KaTeX 0.16,0.17,0.18,0.19 katex.min.js,katex.js katex/katex.min.js
katex,KaTeX 0.16,0.17,0.18,0.19 katex.min.css,katex.css katex/katex.min.css
katex,KaTeX 0.16,0.17,0.18,0.19 auto-render.min.js,auto-render.js katex/auto-render.min.js
marked 5,9,11,12,13,14,15,16 ,marked.min.js,marked.umd.js cdn/marked.umd.js
alpinejs 3 ,cdn.min.js,cdn.js cdn/alpine.min.js
@alpinejs/collapse 3 cdn.min.js,cdn.js cdn/alpine/collapse.min.js
@alpinejs/focus 3 cdn.min.js,cdn.js cdn/alpine/focus.min.js
@alpinejs/intersect 3 cdn.min.js,cdn.js cdn/alpine/intersect.min.js
@alpinejs/persist 3 cdn.min.js,cdn.js cdn/alpine/persist.min.js
@alpinejs/mask 3 cdn.min.js,cdn.js cdn/alpine/mask.min.js
dompurify 3 ,purify.min.js,purify.js cdn/purify.min.js
html2canvas 1 ,html2canvas.min.js,html2canvas.js cdn/html2canvas.min.js
p5,p5.js 1 ,p5.min.js,p5.js cdn/p5.min.js
tone 14,15 ,Tone.js,Tone.min.js cdn/Tone.js
@tailwindcss/browser 4 ,index.global.js cdn/tailwindcss-browser.js
jquery 3 jquery. cdn/jquery/
bootstrap,twitter-bootstrap 5 css/,js/ cdn/bootstrap/
bootstrap-icons 1 font/ cdn/bootstrap-icons/
@popperjs/core,popper.js 2 ,popper.min.js,popper.js cdn/popper.min.js
vue 3 ,vue.global.js,vue.global.prod.js,vue.global.min.js,vue.global.prod.min.js cdn/vue.global.prod.js
plotly.js-dist-min,plotly.js-dist,plotly.js 2 ,plotly.min.js,plotly.js cdn/plotly.min.js
plotly.js-dist-min,plotly.js-dist,plotly.js 1 plotly.min.js,plotly.js cdn/plotly-1.min.js
mermaid 10,11,12 mermaid.min.js,mermaid.js mermaid/mermaid.min.js
mermaid 10,11,12 mermaid.esm.min.mjs,mermaid.esm.mjs,+esm mermaid/mermaid.esm.min.mjs
vue 3 vue.esm-browser.js,vue.esm-browser.prod.js,+esm cdn/vue.esm-browser.prod.js
highlight.js,@highlightjs/cdn-assets 11 highlight.,languages/,styles/ cdn/hljs/
highlight.js,@highlightjs/cdn-assets 10 highlight.,languages/,styles/ cdn/hljs10/
prism,prismjs 1 prism.,components/,plugins/,themes/ cdn/prism/
animate.css 4 animate. cdn/animate/
animejs 3 ,anime.min.js,anime.js cdn/anime.min.js
leaflet 1 leaflet,images/ cdn/leaflet/
aos 2 aos. cdn/aos/
chart.js,Chart.js 3 ,chart.min.js,chart.js cdn/chart3.min.js
chart.js,Chart.js 2 ,Chart.min.js,Chart.js cdn/chart2/Chart.min.js
chart.js,Chart.js 2 Chart.bundle.min.js,Chart.bundle.js cdn/chart2/Chart.bundle.min.js
chartjs-plugin-datalabels 2 ,chartjs-plugin-datalabels.min.js,chartjs-plugin-datalabels.js cdn/chartjs-plugin-datalabels.min.js
typed.js 2 ,typed.min.js,typed.umd.js,typed.js cdn/typed.umd.js
swiper,Swiper 11 swiper- cdn/swiper/
htmx.org,htmx 2 ,htmx.min.js,htmx.js cdn/htmx.min.js
htmx.org,htmx 1 ,htmx.min.js,htmx.js cdn/htmx1.min.js
daisyui 5 ,daisyui.css cdn/daisyui5/daisyui.css
daisyui 5 themes.css cdn/daisyui5/themes.css
daisyui 4 full.min.css,full.css cdn/daisyui4.css
flowbite 2 flowbite.min,flowbite.js,flowbite.css cdn/flowbite/
flowbite 1 flowbite.min,flowbite.js,flowbite.css cdn/flowbite1/
lottie-web,bodymovin 5 ,lottie.min.js,lottie.js cdn/lottie.min.js
@lottiefiles/lottie-player 2 ,lottie-player.js cdn/lottie-player.js
mathjax 3 es5/ cdn/mathjax/
remixicon 4.0,4.1,4.2,4.3,4.4,4.5,4.6 fonts/remixicon. cdn/remixicon/
remixicon 3 fonts/remixicon. cdn/remixicon3/
remixicon 2 fonts/remixicon. cdn/remixicon2/
@phosphor-icons/web 2 src/ cdn/phosphor/
tsparticles 2 tsparticles.bundle.min.js,tsparticles.bundle.js cdn/tsparticles.bundle.min.js
canvas-confetti 1 ,confetti.browser.min.js,confetti.browser.js cdn/confetti.browser.js
canvas-confetti 1 +esm,confetti.module.mjs cdn/confetti.module.mjs
axios 1 esm/ cdn/axios/
axios 1 +esm cdn/axios/esm/axios.min.js
axios 1 ,axios.min.js,axios.js cdn/axios.min.js
echarts 5 ,echarts.min.js,echarts.js cdn/echarts.min.js
jspdf 2 ,jspdf.umd.min.js,jspdf.umd.js cdn/jspdf.umd.min.js
jspdf-autotable 5 ,jspdf.plugin.autotable.min.js,jspdf.plugin.autotable.js cdn/jspdf.plugin.autotable.min.js
jspdf-autotable 3 ,jspdf.plugin.autotable.min.js,jspdf.plugin.autotable.js cdn/jspdf-autotable3.min.js
d3 7 +esm cdn/esm/d3.mjs
chart.js 4 +esm,chart.js cdn/esm/chart.mjs
chart.js 4 auto,auto.js cdn/esm/chart-auto.mjs
gsap 3 gsap.,*.min.js cdn/gsap/
gsap 2,1.18,1.19,1.20 TweenMax.min.js,TweenMax.js,TweenLite.min.js,TweenLite.js,TimelineMax.min.js,TimelineMax.js,TimelineLite.min.js,TimelineLite.js,CSSPlugin.min.js,CSSPlugin.js cdn/gsap/gsap.min.js
gsap 2,1.18,1.19,1.20 ScrollToPlugin.min.js,EasePack.min.js,Draggable.min.js,TextPlugin.min.js,CSSRulePlugin.min.js cdn/gsap/*
gsap 3 +esm cdn/gsap/esm/index.js
gsap 3 all,ScrollTrigger,ScrollToPlugin,TextPlugin,Draggable,Flip,MotionPathPlugin,Observer,SplitText,CustomEase,EasePack cdn/gsap/esm/*.js
phaser 3=,3.60,3.70,3.80,3.85,3.86,3.87,3.88,3.90 ,phaser.min.js,phaser.js,phaser-arcade-physics.min.js,phaser-arcade-physics.js cdn/phaser.min.js
phaser 3=,3.60,3.70,3.80,3.85,3.86,3.87,3.88,3.90 phaser.esm.js,phaser.esm.min.js,+esm cdn/phaser.esm.min.js";

/// The addresses read, after `https://`: the Play CDN's host, the CDNs' library paths, and the
/// hosts that name a file by its version (`code.jquery.com/jquery-3.7.1.min.js`).
const TAILWIND_PLAY: &str = "cdn.tailwindcss.com";
const UNPKG: &str = "unpkg.com/";
const JSDELIVR_NPM: &str = "cdn.jsdelivr.net/npm/";
const CDNJS: &str = "cdnjs.cloudflare.com/ajax/libs/";
const GOOGLE: &str = "ajax.googleapis.com/ajax/libs/";
const HLJS_GH: &str = "cdn.jsdelivr.net/gh/highlightjs/cdn-release@";
const JQUERY: &str = "code.jquery.com/jquery-";
const PLOTLY: &str = "cdn.plot.ly/plotly-";
const D3JS: &str = "d3js.org/";
const ESM_SH: &str = "esm.sh/";
const ESM_RUN: &str = "esm.run/";
const FA_RELEASES: &str = "use.fontawesome.com/releases/";
const BOOTSTRAPCDN: [&str; 2] = ["maxcdn.bootstrapcdn.com/", "stackpath.bootstrapcdn.com/"];

/// Google Fonts' stylesheets (docs/serving.md: CDN libraries in HTML pages).
const GOOGLE_FONTS: &str = "fonts.googleapis.com/";

/// Whether a `<link>` is a stylesheet from Google Fonts: one the page can be drawn without, which
/// the rewriter loads without holding the page back (where the host hangs rather than fails, as
/// behind a firewall that drops its packets, the page stayed blank and its scripts waited for
/// minutes).
pub fn is_font_stylesheet(href: &str, rel: Option<&str>) -> bool {
    let rest = href.trim();
    let rest = rest.strip_prefix("https:").unwrap_or(rest);
    rest.strip_prefix("//")
        .is_some_and(|rest| rest.starts_with(GOOGLE_FONTS))
        && rel.is_some_and(|rel| rel.to_ascii_lowercase().contains("stylesheet"))
}

/// A `<style>` text with its Google Fonts `@import`s taken out (`@import url('https://fonts.googleapis.com/css2?…');`,
/// as Claude's artifacts write them), and the `<link>`s that load them without holding the page
/// back ([`is_font_stylesheet`]), or `None` when it has none. An `@import` with a media list is
/// left.
pub fn lift_font_imports(css: &str) -> Option<(String, String)> {
    let (mut kept, mut links, mut done) = (String::new(), String::new(), 0);
    for (at, _) in css.match_indices("@import") {
        let rest = css[at + 7..].trim_start();
        let rest = rest.strip_prefix("url(").unwrap_or(rest);
        let rest = rest.trim_start_matches(['\'', '"', ' ']);
        let (url, after) = rest.split_at(
            rest.find(['\'', '"', ')', ' ', '\t', '\n'])
                .unwrap_or(rest.len()),
        );
        let Some(semi) = after.find(';') else {
            continue;
        };
        // The address ends before any quote, so it cannot leave the attribute it goes in.
        if at < done
            || !after[..semi].bytes().all(|b| b"'\") \t\r\n".contains(&b))
            || !is_font_stylesheet(url, Some("stylesheet"))
        {
            continue;
        }
        kept.push_str(&css[done..at]);
        done = css.len() - after.len() + semi + 1;
        links.push_str("<link rel=\"stylesheet\" href=\"");
        links.push_str(url);
        links.push_str("\" media=\"print\" onload=\"this.media='all'\">");
    }
    (done > 0).then(|| (kept + &css[done..], links))
}

/// Whether a page's first bytes name one of the CDNs [`vendored_url`] reads, or a host reserved for
/// examples (`crate::inject::off_example_host`), so that a page served without a badge still goes
/// through the rewriter that points them at the drop's origin.
pub fn names_cdn(head: &[u8]) -> bool {
    [
        GOOGLE_FONTS,
        TAILWIND_PLAY,
        UNPKG,
        JSDELIVR_NPM,
        CDNJS,
        GOOGLE,
        HLJS_GH,
        JQUERY,
        PLOTLY,
        ESM_SH,
        ESM_RUN,
        FA_RELEASES,
        BOOTSTRAPCDN[0],
        BOOTSTRAPCDN[1],
        "//example.",
        "//www.example.",
    ]
    .iter()
    .any(|host| head.windows(host.len()).any(|w| w == host.as_bytes()))
}

/// Where the drop's origin serves what `url` asks a CDN for, or `None` to leave it as written.
pub fn vendored_url(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = url
        .strip_prefix("https:")
        .or_else(|| url.strip_prefix("http:"))
        .unwrap_or(url)
        .strip_prefix("//")?;
    // Tailwind's Play CDN (v3), any of its versions, with its `?plugins=` kept for the stand-in.
    if let Some(after) = rest
        .strip_prefix(TAILWIND_PLAY)
        .filter(|after| after.is_empty() || after.starts_with(['/', '?']))
    {
        let (path, query) = after.split_once('?').unwrap_or((after, ""));
        let version = path.trim_start_matches('/');
        if !(version.is_empty() || version.starts_with('3')) || path.contains('#') {
            return None;
        }
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        return Some(format!(
            "{}cdn/tailwind-play.js{query}",
            crate::vendor::VENDOR_BASE
        ));
    }
    let named;
    let esm_built = rest.starts_with(ESM_SH);
    let (name, version, path) = if let Some(path) = rest.strip_prefix(ESM_SH) {
        // esm.sh builds a package as an ES module: its query (`?deps=`, `?external=`, `?dev`) and
        // `*` change how, not which library; a bare package is its `+esm`, as on jsDelivr. An
        // import map's prefix (`"react/": "https://esm.sh/react@18/"`) has no file here.
        let path = path.split(['?', '#']).next()?;
        if path.ends_with('/') {
            return None;
        }
        esm_parts(path.trim_start_matches('*'))?
    } else if let Some(path) = rest.strip_prefix(ESM_RUN) {
        // jsDelivr's short address: `esm.run/x` is `cdn.jsdelivr.net/npm/x/+esm`.
        esm_parts(path)?
    } else if let Some(path) = rest.strip_prefix(UNPKG) {
        // unpkg's `?module` (an ES module, no longer served) names what `+esm` does.
        match path.strip_suffix("?module") {
            Some(path) => esm_parts(path)?,
            None => npm_parts(path)?,
        }
    } else if let Some(path) = rest.strip_prefix(JSDELIVR_NPM) {
        npm_parts(path)?
    } else if let Some(path) = rest.strip_prefix(FA_RELEASES) {
        // Font Awesome's own CDN: `releases/v5.15.4/css/all.css`.
        let (version, path) = path.split_once('/')?;
        ("font-awesome", version, path)
    } else if let Some(path) = rest.strip_prefix(HLJS_GH) {
        let (version, path) = path.split_once('/')?;
        ("highlight.js", version, path)
    } else if let Some((name, file)) = [(JQUERY, "jquery"), (PLOTLY, "plotly")]
        .into_iter()
        .find_map(|(host, name)| Some((name, rest.strip_prefix(host)?)))
    {
        // `jquery-3.7.1.slim.min.js` is `jquery.slim.min.js` of 3.7.1. `plotly-latest.min.js`
        // stopped at 1.58.5; `jquery-latest.js` (1.11.1) has no version to read and is left.
        let (version, file) = match file.strip_prefix("latest") {
            Some(file) if name == "plotly" => ("1", file),
            _ => file.split_at(
                file.split('.')
                    .take_while(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                    .map(|n| n.len() + 1)
                    .sum::<usize>()
                    .saturating_sub(1),
            ),
        };
        if !version.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        named = format!("{name}{file}");
        let name = if name == "plotly" { "plotly.js" } else { name };
        (name, version, named.as_str())
    } else if let Some(file) = rest.strip_prefix(D3JS) {
        // d3's own site, as its older docs and many pages write it: `d3.v7.min.js` is
        // `d3.min.js` of 7 (`d3-hexbin.v0.min.js` likewise names a package Plug does not hold).
        let (name, after) = file.split_once(".v")?;
        let (version, ext) = after.split_once('.')?;
        named = format!("{name}.{ext}");
        (name, version, named.as_str())
    } else {
        let path = [CDNJS, GOOGLE, BOOTSTRAPCDN[0], BOOTSTRAPCDN[1]]
            .into_iter()
            .find_map(|host| rest.strip_prefix(host))?;
        let (name, path) = path.split_once('/')?;
        let (version, path) = path.split_once('/')?;
        (name, version, path)
    };
    // jsDelivr's `react@19/jsx-runtime/+esm` names the subpath's module, not the package's.
    let file = match path.strip_suffix("/+esm") {
        Some(sub) if !sub.is_empty() => last_segment(sub),
        _ => last_segment(path),
    };
    // A file built as an ES module (jsDelivr's `…/OrbitControls.js/+esm`, esm.sh's every path) is
    // a tree's `+esm/` copy, whose imports name the drop's files (three's addons import `three`).
    let esm_tree;
    let tree = match path.strip_suffix("/+esm") {
        Some(sub) if !sub.is_empty() => {
            esm_tree = format!("+esm/{sub}");
            &esm_tree
        }
        _ if esm_built && !path.starts_with('+') => {
            esm_tree = format!("+esm/{path}");
            &esm_tree
        }
        _ => path
            .strip_prefix("dist/")
            .or_else(|| path.strip_prefix("build/"))
            .unwrap_or(path),
    };
    let version = version.trim_start_matches(['^', '~', 'v', '=']);
    let vendored = LIBRARIES.lines().find_map(|row| {
        let mut fields = row.split(' ');
        let mut items = || fields.next().unwrap_or("").split(',');
        let (mut names, mut lines, mut files) = (items(), items(), items());
        let vendored = fields.next()?;
        let file_ok = if vendored.ends_with('/') {
            files.any(|f| match f.strip_prefix('*') {
                Some(end) => tree.ends_with(end) && !tree.contains('/'),
                None => tree.starts_with(f),
            })
        } else {
            files.any(|f| f == file)
        };
        (names.any(|n| n == name)
            && file_ok
            && (version.is_empty()
                || version == "latest"
                || lines.any(|line| match line.strip_suffix('=') {
                    Some(line) => version == line,
                    None => version
                        .strip_prefix(line)
                        .is_some_and(|after| after.is_empty() || after.starts_with('.')),
                })))
        .then_some(vendored)
    })?;
    if let Some((dir, ext)) = vendored.split_once('*') {
        return Some(format!("{}{dir}{file}{ext}", crate::vendor::VENDOR_BASE));
    }
    let local = if vendored.ends_with('/') {
        // A tree's path goes into the address as it is: only plain names, no `..`.
        let plain = tree
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-/+".contains(&b))
            && !tree.contains("..")
            && !tree.contains("//");
        plain.then_some(tree)?
    } else {
        ""
    };
    Some(format!("{}{vendored}{local}", crate::vendor::VENDOR_BASE))
}

/// The text of an inline module script or import map with each quoted CDN address
/// [`vendored_url`] knows pointed at the drop (`import mermaid from
/// 'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs'`), or `None` when it names
/// none (inject.rs hands it a script's whole text, or its pieces past 1 MB). Each address looked
/// up takes one of the page's `lookups` ([`CDN_LOOKUPS`]); with none left the rest is left too.
///
/// esm.sh's addresses go together: a package built there imports esm.sh's own React, so when the
/// text names one Plug does not hold (`https://esm.sh/framer-motion`), its React addresses stay
/// too, and the page keeps the one React it has online.
pub fn rewrite_module_text(text: &str, lookups: &Cell<u32>) -> Option<String> {
    let mut found: Vec<(usize, usize, String, bool)> = Vec::new();
    let mut esm_held = true;
    let mut scanned = 0;
    for (at, _) in text.match_indices("https://") {
        if !take_lookup(lookups) {
            break;
        }
        // Inside an address already read (`'https://unpkg.com/vue@3/"https://…"/x.js'`): replacing
        // both sliced from past the outer one back to the inner one and panicked the Worker on
        // every view of the page.
        if at < scanned {
            continue;
        }
        let Some(quote) = text[..at]
            .chars()
            .next_back()
            .filter(|c| matches!(c, '"' | '\''))
        else {
            continue;
        };
        let Some(len) = text[at..].find(quote) else {
            break;
        };
        let url = &text[at..at + len];
        // Markup in an address (`'https://x/<!--<script>'`, `-->`) moves where the browser ends
        // the script: cut out, the rest of the page would become the script's text.
        if url.contains(['<', '>']) {
            continue;
        }
        let esm = url[8..].starts_with(ESM_SH);
        let local = vendored_url(url);
        esm_held &= !esm || local.is_some();
        if let Some(local) = local {
            scanned = at + len;
            found.push((at, len, local, esm));
        }
    }
    // react-kit's lucide-react and recharts run on React 18's `window.React`: beside React 19 they
    // would make a second React, so such a text keeps esm.sh's addresses.
    let has = |name: &str| found.iter().any(|f| f.2.contains(name));
    esm_held &= !(has("/esm19/") && (has("/lucide-react.") || has("/recharts.")));
    let mut out = String::new();
    let mut done = 0;
    for (at, len, local, esm) in found {
        if esm_held || !esm {
            out.push_str(&text[done..at]);
            out.push_str(&local);
            done = at + len;
        }
    }
    (done > 0).then(|| out + &text[done..])
}

/// The `onerror` of a `<script src>` naming a CDN address Plug does not hold: where the CDN is out
/// of reach, `cdn/missing.mjs` (crates/render/src/assets) puts a note on the page naming it.
pub const MISSING_NOTE: &str = "import('/_plug/vendor/cdn/missing.mjs').then(m=>m.show(this))";

/// How many CDN addresses one page may have looked up (README "Limits"): each costs a few
/// microseconds, so a 20 MB page of nothing but addresses took 7 to 10 s of the isolate's CPU on
/// every view; real pages name a few dozen at most, and past this the rest are left as written.
pub const CDN_LOOKUPS: u32 = 256;

/// Spends one of a page's lookups; false when none is left.
pub fn take_lookup(lookups: &Cell<u32>) -> bool {
    let left = lookups.get();
    lookups.set(left.saturating_sub(1));
    left > 0
}

/// `name[@version][/path]` of an npm CDN address (a scoped name keeps its `@scope/`).
fn npm_parts(path: &str) -> Option<(&str, &str, &str)> {
    if path.contains(['?', '#']) {
        return None;
    }
    let scope_end = if path.starts_with('@') {
        path.find('/')? + 1
    } else {
        0
    };
    let name_end = path[scope_end..]
        .find('/')
        .map_or(path.len(), |i| scope_end + i);
    let (spec, file_path) = path.split_at(name_end);
    let (name, version) = match spec[scope_end..].find('@') {
        Some(at) => (&spec[..scope_end + at], &spec[scope_end + at + 1..]),
        None => (spec, ""),
    };
    Some((name, version, file_path.trim_start_matches('/')))
}

/// [`npm_parts`] of an address naming an ES module build: a bare package is its `+esm` file.
fn esm_parts(path: &str) -> Option<(&str, &str, &str)> {
    let (name, version, path) = npm_parts(path)?;
    Some((name, version, if path.is_empty() { "+esm" } else { path }))
}

fn last_segment(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::{names_cdn, vendored_url, CDN_LOOKUPS};
    use std::cell::Cell;

    fn rewrite_module_text(text: &str) -> Option<String> {
        super::rewrite_module_text(text, &Cell::new(CDN_LOOKUPS))
    }

    #[test]
    fn an_address_holding_markup_is_left_as_written() {
        for text in [
            "/*<!--<script>*/ import 'https://unpkg.com/vue@3.-->/dist/vue.esm-browser.js';",
            "import 'https://unpkg.com/vue@3/dist/<b>/vue.esm-browser.js';",
        ] {
            assert_eq!(rewrite_module_text(text), None, "{text}");
        }
    }

    #[test]
    fn google_fonts_stylesheets_are_told_apart() {
        use super::is_font_stylesheet;
        let css = "https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap";
        assert!(is_font_stylesheet(css, Some("stylesheet")));
        assert!(is_font_stylesheet(
            "//fonts.googleapis.com/css?family=Roboto",
            Some("Stylesheet")
        ));
        assert!(!is_font_stylesheet(css, Some("preconnect")));
        assert!(!is_font_stylesheet(css, Some("preload")));
        assert!(!is_font_stylesheet(css, None));
        assert!(!is_font_stylesheet(
            "https://fonts.googleapis.com.evil.example/x",
            Some("stylesheet")
        ));
        assert!(!is_font_stylesheet(
            "/fonts.googleapis.com/x",
            Some("stylesheet")
        ));
        assert!(names_cdn(
            br#"<link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet">"#
        ));
    }

    #[test]
    fn google_fonts_imports_are_lifted_out_of_a_style() {
        use super::lift_font_imports;
        let css = "@import url('https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap');\n  body { font-family: 'Inter'; }";
        let (kept, links) = lift_font_imports(css).unwrap();
        assert_eq!(kept, "\n  body { font-family: 'Inter'; }");
        assert_eq!(
            links,
            "<link rel=\"stylesheet\" href=\"https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap\" media=\"print\" onload=\"this.media='all'\">"
        );
        let two = r#"@import "https://fonts.googleapis.com/css?family=Lora" ; @import url(https://fonts.googleapis.com/css2?family=Mono);p{}"#;
        let (kept, links) = lift_font_imports(two).unwrap();
        assert_eq!(kept, " p{}");
        assert_eq!(links.matches("<link ").count(), 2, "{links}");
        for left in [
            "@import url('https://fonts.googleapis.com/css2?family=Inter') screen;",
            "@import url('https://example.com/x.css');",
            "@import url('https://fonts.googleapis.com/css2?family=\"><script>');",
            "@import url('https://fonts.googleapis.com/css2?family=Inter'",
            "@import",
            "p { color: red }",
        ] {
            assert_eq!(lift_font_imports(left), None, "{left}");
        }
    }

    #[test]
    fn a_page_naming_a_cdn_is_told_apart() {
        assert!(names_cdn(
            br#"<script src="https://unpkg.com/react@18/umd/react.development.js">"#
        ));
        assert!(names_cdn(
            b"<script src=\"https://cdn.tailwindcss.com\"></script>"
        ));
        assert!(!names_cdn(
            b"<p>unpkg.com is a CDN</p><script src=\"/app.js\">"
        ));
        assert!(names_cdn(
            br#"<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>"#
        ));
        assert!(names_cdn(
            br#"<script src="https://cdn.plot.ly/plotly-2.35.2.min.js">"#
        ));
    }

    #[test]
    fn the_addresses_ai_tools_write_are_served_from_the_drop() {
        for (url, local) in [
            ("https://cdn.tailwindcss.com", "cdn/tailwind-play.js"),
            ("https://cdn.tailwindcss.com/3.4.16", "cdn/tailwind-play.js"),
            (
                "https://cdn.tailwindcss.com?plugins=forms,typography",
                "cdn/tailwind-play.js?plugins=forms,typography",
            ),
            (
                "https://unpkg.com/react@18/umd/react.development.js",
                "react.production.min.js",
            ),
            (
                "https://unpkg.com/react-dom@18.2.0/umd/react-dom.production.min.js",
                "react-dom.production.min.js",
            ),
            (
                "https://unpkg.com/@babel/standalone/babel.min.js",
                "cdn/babel.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/babel-standalone/7.23.5/babel.min.js",
                "cdn/babel.min.js",
            ),
            ("https://cdn.jsdelivr.net/npm/chart.js", "cdn/chart.umd.js"),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.0/chart.umd.min.js",
                "cdn/chart.umd.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js",
                "cdn/three.min.js",
            ),
            ("https://unpkg.com/lucide@latest", "cdn/lucide.min.js"),
            (
                "//unpkg.com/lucide@0.460.0/dist/umd/lucide.js",
                "cdn/lucide.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css",
                "cdn/fontawesome/css/all.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4",
                "cdn/tailwindcss-browser.js",
            ),
            ("https://cdn.jsdelivr.net/npm/d3@7", "cdn/d3.min.js"),
            ("https://d3js.org/d3.v7.min.js", "cdn/d3.min.js"),
            ("https://d3js.org/d3.v7.js", "cdn/d3.min.js"),
            (
                "https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css",
                "katex/katex.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/contrib/auto-render.min.js",
                "katex/auto-render.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/KaTeX/0.16.8/katex.min.js",
                "katex/katex.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/marked/marked.min.js",
                "cdn/marked.umd.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js",
                "cdn/alpine.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/p5.js/1.9.0/p5.min.js",
                "cdn/p5.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/tone/14.8.49/Tone.js",
                "cdn/Tone.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/mathjs/11.8.0/math.min.js",
                "cdn/math.js",
            ),
            (
                "https://code.jquery.com/jquery-3.7.1.min.js",
                "cdn/jquery/jquery.min.js",
            ),
            ("https://code.jquery.com/jquery-3.6.0.js", "cdn/jquery/jquery.js"),
            (
                "https://code.jquery.com/jquery-3.7.1.slim.min.js",
                "cdn/jquery/jquery.slim.min.js",
            ),
            (
                "https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js",
                "cdn/jquery/jquery.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js",
                "cdn/jquery/jquery.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css",
                "cdn/bootstrap/css/bootstrap.min.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/twitter-bootstrap/5.3.2/js/bootstrap.bundle.min.js",
                "cdn/bootstrap/js/bootstrap.bundle.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css",
                "cdn/bootstrap-icons/font/bootstrap-icons.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/@popperjs/core@2.11.8/dist/umd/popper.min.js",
                "cdn/popper.min.js",
            ),
            (
                "https://unpkg.com/vue@3/dist/vue.global.js",
                "cdn/vue.global.prod.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/vue/3.4.21/vue.global.prod.min.js",
                "cdn/vue.global.prod.js",
            ),
            (
                "https://cdn.plot.ly/plotly-2.27.0.min.js",
                "cdn/plotly.min.js",
            ),
            (
                "https://cdn.plot.ly/plotly-latest.min.js",
                "cdn/plotly-1.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/plotly.js/2.27.0/plotly.min.js",
                "cdn/plotly.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.min.js",
                "mermaid/mermaid.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs",
                "mermaid/mermaid.esm.min.mjs",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/highlight.min.js",
                "cdn/hljs/highlight.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/styles/base16/tomorrow.min.css",
                "cdn/hljs/styles/base16/tomorrow.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/gh/highlightjs/cdn-release@11.9.0/build/languages/rust.min.js",
                "cdn/hljs/languages/rust.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/prism/1.29.0/components/prism-python.min.js",
                "cdn/prism/components/prism-python.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/prismjs@1.29.0/plugins/autoloader/prism-autoloader.min.js",
                "cdn/prism/plugins/autoloader/prism-autoloader.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/animate.css/4.1.1/animate.min.css",
                "cdn/animate/animate.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/animejs@3.2.1/lib/anime.min.js",
                "cdn/anime.min.js",
            ),
            (
                "https://unpkg.com/leaflet@1.9.4/dist/leaflet.css",
                "cdn/leaflet/leaflet.css",
            ),
            (
                "https://unpkg.com/leaflet@1.9.4/dist/leaflet-src.esm.js",
                "cdn/leaflet/leaflet-src.esm.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/leaflet/1.7.1/leaflet.js",
                "cdn/leaflet/leaflet.js",
            ),
            // Round 3: ES-module React and what imports it, three.js's module build and addons,
            // Font Awesome 4 and 5, highlight.js 10, AOS.
            ("https://esm.sh/react@18", "cdn/esm/react.mjs"),
            ("https://esm.sh/react@18.2.0?dev", "cdn/esm/react.mjs"),
            ("https://esm.sh/react@^18.3.1", "cdn/esm/react.mjs"),
            (
                "https://esm.sh/react-dom@18/client",
                "cdn/esm/react-dom.mjs",
            ),
            (
                "https://esm.sh/*react-dom@18.2.0/client?deps=react@18.2.0",
                "cdn/esm/react-dom.mjs",
            ),
            ("https://esm.sh/react-dom@18.3.1", "cdn/esm/react-dom.mjs"),
            (
                "https://esm.sh/react@18.3.1/jsx-runtime",
                "cdn/esm/jsx-runtime.mjs",
            ),
            ("https://unpkg.com/react@18?module", "cdn/esm/react.mjs"),
            (
                "https://cdn.jsdelivr.net/npm/react-dom@18.2.0/+esm",
                "cdn/esm/react-dom.mjs",
            ),
            (
                "https://esm.sh/lucide-react@0.263.1",
                "cdn/esm/lucide-react.mjs",
            ),
            (
                "https://esm.sh/recharts@2.12.7?external=react,react-dom",
                "cdn/esm/recharts.mjs",
            ),
            (
                "https://unpkg.com/three@0.160.0/build/three.module.js",
                "cdn/three160/three.module.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/three@0.160.1/examples/jsm/",
                "cdn/three160/examples/jsm/",
            ),
            (
                "https://unpkg.com/three@0.160.0/examples/jsm/controls/OrbitControls.js",
                "cdn/three160/examples/jsm/controls/OrbitControls.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/4.7.0/css/font-awesome.min.css",
                "cdn/fa4/css/font-awesome.min.css",
            ),
            (
                "https://maxcdn.bootstrapcdn.com/font-awesome/4.7.0/css/font-awesome.min.css",
                "cdn/fa4/css/font-awesome.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/font-awesome@4.7.0/css/font-awesome.css",
                "cdn/fa4/css/font-awesome.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/5.15.4/css/all.min.css",
                "cdn/fa5/css/all.min.css",
            ),
            (
                "https://use.fontawesome.com/releases/v5.15.4/css/all.css",
                "cdn/fa5/css/all.css",
            ),
            (
                "https://use.fontawesome.com/releases/v5.15.4/js/all.js",
                "cdn/fa5/js/all.js",
            ),
            (
                "https://use.fontawesome.com/releases/v6.5.1/css/all.css",
                "cdn/fontawesome/css/all.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@5.15.3/css/fontawesome.min.css",
                "cdn/fa5/css/fontawesome.min.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.7.3/highlight.min.js",
                "cdn/hljs10/highlight.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.7.2/styles/atom-one-dark.min.css",
                "cdn/hljs10/styles/atom-one-dark.min.css",
            ),
            ("https://unpkg.com/aos@2.3.1/dist/aos.css", "cdn/aos/aos.css"),
            (
                "https://cdn.jsdelivr.net/npm/aos@2.3.4/dist/aos.js",
                "cdn/aos/aos.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/aos/2.3.4/aos.js",
                "cdn/aos/aos.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/chart.js@3.9.1/dist/chart.min.js",
                "cdn/chart3.min.js",
            ),
            ("https://cdn.jsdelivr.net/npm/chart.js@3", "cdn/chart3.min.js"),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/Chart.js/2.9.4/Chart.min.js",
                "cdn/chart2/Chart.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/chart.js@2.9.4/dist/Chart.bundle.min.js",
                "cdn/chart2/Chart.bundle.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/chartjs-plugin-datalabels@2",
                "cdn/chartjs-plugin-datalabels.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/typed.js@2.0.12",
                "cdn/typed.umd.js",
            ),
            (
                "https://unpkg.com/typed.js@2.1.0/dist/typed.umd.js",
                "cdn/typed.umd.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.css",
                "cdn/swiper/swiper-bundle.min.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/Swiper/11.0.5/swiper-bundle.min.js",
                "cdn/swiper/swiper-bundle.min.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
    }

    #[test]
    fn quoted_addresses_in_module_text_are_rewritten_and_nothing_else() {
        assert_eq!(
            rewrite_module_text(
                r#"import mermaid from "https://cdn.jsdelivr.net/npm/mermaid@11/+esm"; import x from 'https://esm.sh/x@1'; // https://unpkg.com/vue@3/dist/vue.esm-browser.js"#
            )
            .as_deref(),
            Some(r#"import mermaid from "/_plug/vendor/mermaid/mermaid.esm.min.mjs"; import x from 'https://esm.sh/x@1'; // https://unpkg.com/vue@3/dist/vue.esm-browser.js"#)
        );
        assert_eq!(rewrite_module_text("import 'https://esm.sh/x@1';"), None);
        // esm.sh's React goes with everything else the text imports from esm.sh, or stays.
        let map = r#"{"imports": {"react": "https://esm.sh/react@18.2.0", "react-dom/client": "https://esm.sh/react-dom@18.2.0/client", "recharts": "https://esm.sh/recharts@2.12.7?deps=react@18.2.0"}}"#;
        assert_eq!(
            rewrite_module_text(map).as_deref(),
            Some(
                r#"{"imports": {"react": "/_plug/vendor/cdn/esm/react.mjs", "react-dom/client": "/_plug/vendor/cdn/esm/react-dom.mjs", "recharts": "/_plug/vendor/cdn/esm/recharts.mjs"}}"#
            )
        );
        // React 19: its own modules; beside react-kit's React 18 builds, esm.sh's addresses stay.
        let map = r#"{"imports": {"react": "https://esm.sh/react@19.1.0", "react-dom/client": "https://esm.sh/react-dom@19.1.0/client?deps=react@19.1.0", "react/jsx-runtime": "https://cdn.jsdelivr.net/npm/react@19/jsx-runtime/+esm"}}"#;
        assert_eq!(
            rewrite_module_text(map).as_deref(),
            Some(
                r#"{"imports": {"react": "/_plug/vendor/cdn/esm19/react.mjs", "react-dom/client": "/_plug/vendor/cdn/esm19/react-dom.mjs", "react/jsx-runtime": "/_plug/vendor/cdn/esm19/jsx-runtime.mjs"}}"#
            )
        );
        let map = r#"{"imports": {"react": "https://esm.sh/react@19", "lucide-react": "https://esm.sh/lucide-react@0.468.0?deps=react@19"}}"#;
        assert_eq!(rewrite_module_text(map), None);
        // A prefix for React's subpaths has no file on the drop: the map stays whole.
        let map = r#"{"imports": {"react": "https://esm.sh/react@18", "react/": "https://esm.sh/react@18/"}}"#;
        assert_eq!(rewrite_module_text(map), None);
        let map = r#"{"imports": {"react": "https://esm.sh/react@18.2.0", "framer-motion": "https://esm.sh/framer-motion@11", "vue": "https://unpkg.com/vue@3/dist/vue.esm-browser.js"}}"#;
        assert_eq!(
            rewrite_module_text(map).as_deref(),
            Some(
                r#"{"imports": {"react": "https://esm.sh/react@18.2.0", "framer-motion": "https://esm.sh/framer-motion@11", "vue": "/_plug/vendor/cdn/vue.esm-browser.prod.js"}}"#
            )
        );
        assert_eq!(
            rewrite_module_text("import v from 'https://unpkg.com/vue@3/dist/vue.esm-browser.js"),
            None,
            "an address cut off at the chunk's end is left"
        );
    }

    #[test]
    fn an_address_quoted_inside_a_replaced_one_is_not_replaced_twice() {
        // The outer address runs quote to quote over a second one; the Worker panicked here.
        let inner = r#""https://unpkg.com/vue@3/dist/vue.esm-browser.js""#;
        let text = format!("import x from 'https://unpkg.com/vue@3/{inner}/vue.esm-browser.js';");
        assert_eq!(
            rewrite_module_text(&text).as_deref(),
            Some("import x from '/_plug/vendor/cdn/vue.esm-browser.prod.js';")
        );
        // Every arrangement of these pieces, up to four of them, is rewritten without a panic.
        let pieces = [
            "'",
            "\"",
            "https://",
            "https://unpkg.com/vue@3/",
            "dist/vue.esm-browser.js",
            "/vue.esm-browser.js",
            "é",
        ];
        let n = pieces.len();
        for code in 0..n.pow(4) {
            let mut text = String::new();
            let mut rest = code;
            for _ in 0..4 {
                text.push_str(pieces[rest % n]);
                rest /= n;
            }
            let _ = rewrite_module_text(&text);
        }
    }

    #[test]
    fn round_four_libraries_are_served_from_the_drop() {
        for (url, local) in [
            ("https://unpkg.com/htmx.org@2.0.4", "cdn/htmx.min.js"),
            (
                "https://cdn.jsdelivr.net/npm/htmx.org@2.0.6/dist/htmx.min.js",
                "cdn/htmx.min.js",
            ),
            ("https://unpkg.com/htmx.org@1.9.10", "cdn/htmx1.min.js"),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/htmx/1.9.12/htmx.min.js",
                "cdn/htmx1.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/daisyui@4.12.14/dist/full.min.css",
                "cdn/daisyui4.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/daisyui@5",
                "cdn/daisyui5/daisyui.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/daisyui@5/themes.css",
                "cdn/daisyui5/themes.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/flowbite@2.5.2/dist/flowbite.min.css",
                "cdn/flowbite/flowbite.min.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/flowbite/2.3.0/flowbite.min.js",
                "cdn/flowbite/flowbite.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/@alpinejs/collapse@3.x.x/dist/cdn.min.js",
                "cdn/alpine/collapse.min.js",
            ),
            (
                "https://unpkg.com/@alpinejs/mask@3.13.0/dist/cdn.js",
                "cdn/alpine/mask.min.js",
            ),
            (
                "https://unpkg.com/flowbite@1.4.1/dist/flowbite.js",
                "cdn/flowbite1/flowbite.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/remixicon/fonts/remixicon.css",
                "cdn/remixicon/fonts/remixicon.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/remixicon@3.5.0/fonts/remixicon.css",
                "cdn/remixicon3/fonts/remixicon.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/remixicon@2.5.0/fonts/remixicon.css",
                "cdn/remixicon2/fonts/remixicon.css",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/lottie-web/5.12.2/lottie.min.js",
                "cdn/lottie.min.js",
            ),
            (
                "https://unpkg.com/lottie-web@5.12.2/build/player/lottie.min.js",
                "cdn/lottie.min.js",
            ),
            (
                "https://unpkg.com/@lottiefiles/lottie-player@latest/dist/lottie-player.js",
                "cdn/lottie-player.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js",
                "cdn/mathjax/es5/tex-mml-chtml.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/mathjax/3.2.2/es5/tex-svg.js",
                "cdn/mathjax/es5/tex-svg.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/remixicon@4.5.0/fonts/remixicon.css",
                "cdn/remixicon/fonts/remixicon.css",
            ),
            (
                "https://unpkg.com/@phosphor-icons/web@2.1.1/src/regular/style.css",
                "cdn/phosphor/src/regular/style.css",
            ),
            // A subpath's `+esm` was answered with the package's own module, which has no `jsx`.
            (
                "https://cdn.jsdelivr.net/npm/react@18.2.0/jsx-runtime/+esm",
                "cdn/esm/jsx-runtime.mjs",
            ),
            (
                "https://cdn.jsdelivr.net/npm/react-dom@19.1.0/client/+esm",
                "cdn/esm19/react-dom.mjs",
            ),
            ("https://esm.sh/react@19.2.0", "cdn/esm19/react.mjs"),
            (
                "https://cdn.jsdelivr.net/npm/tsparticles@2/tsparticles.bundle.min.js",
                "cdn/tsparticles.bundle.min.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        for url in [
            "https://cdn.jsdelivr.net/npm/daisyui@3.9.4/dist/full.css",
            "https://cdn.jsdelivr.net/npm/flowbite@2.5.2/dist/flowbite.turbo.js",
            "https://cdn.jsdelivr.net/npm/remixicon@4.9.0/fonts/remixicon.css",
            "https://cdn.jsdelivr.net/npm/remixicon@1.3.1/fonts/remixicon.css",
            "https://cdn.jsdelivr.net/npm/mathjax@4/tex-mml-chtml.js",
            "https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/MathJax.js?config=TeX-MML-AM_CHTML",
            "https://unpkg.com/@phosphor-icons/web",
            "https://unpkg.com/htmx.org@2.0.4/dist/ext/sse.js",
            "https://cdn.jsdelivr.net/npm/tsparticles@3/tsparticles.bundle.min.js",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn round_five_libraries_are_served_from_the_drop() {
        for (url, local) in [
            (
                "https://cdn.jsdelivr.net/npm/canvas-confetti@1.6.0/dist/confetti.browser.min.js",
                "cdn/confetti.browser.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/canvas-confetti/1.9.3/confetti.browser.min.js",
                "cdn/confetti.browser.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/canvas-confetti@1",
                "cdn/confetti.browser.js",
            ),
            (
                "https://esm.sh/canvas-confetti@1.9.3",
                "cdn/confetti.module.mjs",
            ),
            (
                "https://cdn.jsdelivr.net/npm/canvas-confetti@1.9.3/+esm",
                "cdn/confetti.module.mjs",
            ),
            (
                "https://cdn.jsdelivr.net/npm/axios/dist/axios.min.js",
                "cdn/axios.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/axios/1.6.7/axios.min.js",
                "cdn/axios.min.js",
            ),
            ("https://unpkg.com/axios@1.7.2", "cdn/axios.min.js"),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        // axios's ES module build is its own file, never the browser build of the same name.
        for (url, local) in [
            (
                "https://cdn.jsdelivr.net/npm/axios@1.6.0/dist/esm/axios.min.js",
                "cdn/axios/esm/axios.min.js",
            ),
            ("https://esm.sh/axios@1.7.2", "cdn/axios/esm/axios.min.js"),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        for url in [
            "https://cdnjs.cloudflare.com/ajax/libs/axios/0.27.2/axios.min.js",
            "https://cdn.jsdelivr.net/npm/canvas-confetti@0.3.0/dist/confetti.browser.min.js",
            "https://cdn.jsdelivr.net/npm/axios@1.6.0/dist/browser/axios.cjs",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn round_six_libraries_are_served_from_the_drop() {
        for (url, local) in [
            (
                "https://cdn.jsdelivr.net/npm/echarts@5.4.3/dist/echarts.min.js",
                "cdn/echarts.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/echarts/5.5.0/echarts.min.js",
                "cdn/echarts.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/echarts@5",
                "cdn/echarts.min.js",
            ),
            (
                "https://unpkg.com/echarts@5.5.1/dist/echarts.js",
                "cdn/echarts.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/jspdf/2.5.1/jspdf.umd.min.js",
                "cdn/jspdf.umd.min.js",
            ),
            (
                "https://unpkg.com/jspdf@latest/dist/jspdf.umd.min.js",
                "cdn/jspdf.umd.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/jspdf@2.5.2/dist/jspdf.umd.js",
                "cdn/jspdf.umd.min.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        // jsPDF 1 sets `window.jsPDF`, 2 `window.jspdf.jsPDF`; ECharts 4 and 6 are other lines.
        for url in [
            "https://cdnjs.cloudflare.com/ajax/libs/jspdf/1.5.3/jspdf.min.js",
            "https://cdn.jsdelivr.net/npm/jspdf@3.0.1/dist/jspdf.umd.min.js",
            "https://cdn.jsdelivr.net/npm/jspdf@2.5.1/dist/jspdf.es.min.js",
            "https://cdn.jsdelivr.net/npm/echarts@4.9.0/dist/echarts.min.js",
            "https://cdn.jsdelivr.net/npm/echarts@6.0.0/dist/echarts.min.js",
            "https://cdn.jsdelivr.net/npm/echarts@5/dist/extension/bmap.min.js",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn sweep_ten_libraries_are_served_from_the_drop() {
        for (url, local) in [
            (
                "https://cdnjs.cloudflare.com/ajax/libs/jspdf-autotable/3.5.31/jspdf.plugin.autotable.min.js",
                "cdn/jspdf-autotable3.min.js",
            ),
            (
                "https://unpkg.com/jspdf-autotable@3.8.2/dist/jspdf.plugin.autotable.js",
                "cdn/jspdf-autotable3.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/jspdf-autotable@5.0.2/dist/jspdf.plugin.autotable.min.js",
                "cdn/jspdf.plugin.autotable.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/jspdf-autotable",
                "cdn/jspdf.plugin.autotable.min.js",
            ),
            ("https://cdn.jsdelivr.net/npm/d3@7/+esm", "cdn/esm/d3.mjs"),
            ("https://esm.sh/d3@7.8.5", "cdn/esm/d3.mjs"),
            (
                "https://cdn.jsdelivr.net/npm/chart.js@4.4.1/+esm",
                "cdn/esm/chart.mjs",
            ),
            (
                "https://cdn.jsdelivr.net/npm/chart.js@4/auto/+esm",
                "cdn/esm/chart-auto.mjs",
            ),
            ("https://esm.sh/chart.js@4.4.0/auto", "cdn/esm/chart-auto.mjs"),
            // Sweep 11: Chart.js's file by its path through `+esm`, and esm.run, jsDelivr's short
            // address for `+esm`.
            (
                "https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.js/+esm",
                "cdn/esm/chart.mjs",
            ),
            (
                "https://cdn.jsdelivr.net/npm/chart.js@4/auto/auto.js/+esm",
                "cdn/esm/chart-auto.mjs",
            ),
            ("https://esm.run/chart.js", "cdn/esm/chart.mjs"),
            ("https://esm.run/chart.js@4.4.0", "cdn/esm/chart.mjs"),
            ("https://esm.run/chart.js/auto", "cdn/esm/chart-auto.mjs"),
            ("https://esm.run/d3@7", "cdn/esm/d3.mjs"),
            ("https://esm.run/canvas-confetti@1", "cdn/confetti.module.mjs"),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        // autotable 2 (its `doc.autoTable(columns, rows)`), d3 6, Chart.js 3's module are others.
        for url in [
            "https://cdnjs.cloudflare.com/ajax/libs/jspdf-autotable/2.3.5/jspdf.plugin.autotable.min.js",
            "https://cdn.jsdelivr.net/npm/d3@6/+esm",
            "https://cdn.jsdelivr.net/npm/d3-scale@4/+esm",
            "https://cdn.jsdelivr.net/npm/chart.js@3/auto/+esm",
            "https://esm.run/chart.js@3",
            "https://esm.run/d3@7?x=1",
            "https://esm.run.evil.example/d3@7",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn three_r180_gsap_and_phaser_are_served_from_the_drop() {
        for (url, local) in [
            (
                "https://unpkg.com/three@0.170.0/build/three.module.js",
                "cdn/three180/three.module.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/three@0.183.2/examples/jsm/",
                "cdn/three180/examples/jsm/",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/three.js/0.178.0/three.module.min.js",
                "cdn/three180/three.module.min.js",
            ),
            (
                "https://unpkg.com/three/build/three.module.js",
                "cdn/three180/three.module.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/three.js/0.160.0/three.module.min.js",
                "cdn/three160/three.module.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.5/gsap.min.js",
                "cdn/gsap/gsap.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.2/ScrollTrigger.min.js",
                "cdn/gsap/ScrollTrigger.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/gsap@3.13.0/dist/gsap.min.js",
                "cdn/gsap/gsap.min.js",
            ),
            (
                "https://unpkg.com/gsap@3/dist/ScrollToPlugin.min.js",
                "cdn/gsap/ScrollToPlugin.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/gsap@3.12.5/+esm",
                "cdn/gsap/esm/index.js",
            ),
            ("https://esm.sh/gsap@3.12.5", "cdn/gsap/esm/index.js"),
            (
                "https://cdn.jsdelivr.net/npm/gsap@3.12.5/ScrollTrigger/+esm",
                "cdn/gsap/esm/ScrollTrigger.js",
            ),
            (
                "https://esm.sh/gsap@3/ScrollTrigger",
                "cdn/gsap/esm/ScrollTrigger.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/phaser@3.70.0/dist/phaser.min.js",
                "cdn/phaser.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/phaser/3.88.2/phaser.js",
                "cdn/phaser.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/phaser@3/dist/phaser.min.js",
                "cdn/phaser.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/phaser@3.60.0/dist/phaser.esm.js",
                "cdn/phaser.esm.min.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        // Phaser 3.55 (its particles' `createEmitter`, which 3.60 removed) and GSAP's root ES
        // modules by path (the `dist/` UMD file has the same name) are left.
        for url in [
            "https://cdnjs.cloudflare.com/ajax/libs/phaser/3.55.2/phaser.min.js",
            "https://cdn.jsdelivr.net/npm/phaser@4.0.0/dist/phaser.min.js",
            "https://unpkg.com/gsap@3.12.5/ScrollTrigger.js",
            "https://cdn.jsdelivr.net/npm/gsap@3.12.5/dist/ScrollTrigger.js/+esm",
            "https://cdn.jsdelivr.net/npm/gsap@3.12.5/dist/utils/x.min.js",
            "https://unpkg.com/three@0.188.0/build/three.module.js",
            "https://cdnjs.cloudflare.com/ajax/libs/three.js/0.170.0/three.min.js",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn sweep14_three_r161_to_r169_its_esm_builds_and_gsap_2() {
        for (url, local) in [
            (
                "https://unpkg.com/three@0.169.0/build/three.module.js",
                "cdn/three180/three.module.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/three@0.164.1/examples/jsm/controls/OrbitControls.js",
                "cdn/three180/examples/jsm/controls/OrbitControls.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/three@0.160.0/+esm",
                "cdn/three160/three.module.min.js",
            ),
            ("https://esm.sh/three@0.166.1", "cdn/three180/three.module.min.js"),
            ("https://esm.run/three@0.170.0", "cdn/three180/three.module.min.js"),
            (
                "https://cdn.jsdelivr.net/npm/three@0.160.0/examples/jsm/controls/OrbitControls.js/+esm",
                "cdn/three160/+esm/examples/jsm/controls/OrbitControls.js",
            ),
            (
                "https://esm.sh/three@0.165.0/examples/jsm/loaders/GLTFLoader.js",
                "cdn/three180/+esm/examples/jsm/loaders/GLTFLoader.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/gsap/2.1.3/TweenMax.min.js",
                "cdn/gsap/gsap.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/gsap/1.20.3/TimelineMax.min.js",
                "cdn/gsap/gsap.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/gsap/2.1.3/plugins/ScrollToPlugin.min.js",
                "cdn/gsap/ScrollToPlugin.min.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
        for url in [
            "https://cdn.jsdelivr.net/npm/three@0.160.0/build/three.module.js/+esm",
            "https://esm.sh/three@0.160.0/examples/jsm/../../x.js",
            "https://cdnjs.cloudflare.com/ajax/libs/gsap/2.1.3/jquery.gsap.min.js",
            "https://cdnjs.cloudflare.com/ajax/libs/gsap/1.17.0/TweenMax.min.js",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }

    #[test]
    fn other_versions_files_and_hosts_are_left_as_written() {
        for url in [
            "https://cdn.tailwindcss.com/2.2.19",
            "https://unpkg.com/react@17/umd/react.development.js",
            "https://unpkg.com/react@18/index.js",
            "https://cdn.jsdelivr.net/npm/chart.js@1.0.2",
            "https://cdn.jsdelivr.net/npm/swiper@8/swiper-bundle.min.js",
            "https://cdn.jsdelivr.net/npm/chartjs-plugin-datalabels@0.7.0",
            "https://cdn.jsdelivr.net/npm/chart.js@3.9.1/+esm",
            "https://cdn.jsdelivr.net/npm/chart.js?x=1",
            "https://cdnjs.cloudflare.com/ajax/libs/three.js/r160/three.min.js",
            "https://cdn.jsdelivr.net/npm/p5@2.0.0/lib/p5.min.js",
            "https://cdn.jsdelivr.net/npm/katex@0.12.0/dist/katex.min.js",
            "https://cdn.jsdelivr.net/npm/marked@4.3.0/marked.min.js",
            "https://code.jquery.com/jquery-latest.min.js",
            "https://code.jquery.com/jquery-migrate-3.4.1.min.js",
            "https://code.jquery.com/jquery-1.12.4.min.js",
            "https://code.jquery.com/ui/1.13.2/jquery-ui.min.js",
            "https://cdn.jsdelivr.net/npm/jquery@4.0.0/dist/jquery.min.js",
            "https://cdn.jsdelivr.net/npm/bootstrap@4.6.2/dist/css/bootstrap.min.css",
            "https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/../../../x.css",
            "https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/a%2F..%2Fx.css",
            "https://unpkg.com/vue@2.7.16/dist/vue.js",
            "https://cdn.plot.ly/plotly-3.0.1.min.js",
            "https://cdn.jsdelivr.net/npm/mermaid@9/dist/mermaid.min.js",
            "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/9.18.1/highlight.min.js",
            "https://esm.sh/react@20",
            "https://unpkg.com/react@19/umd/react.production.min.js",
            "https://esm.sh/react@17.0.2",
            "https://esm.sh/react-dom@18/server",
            "https://esm.sh/framer-motion@10",
            "https://esm.sh/recharts@3.1.0",
            "https://esm.sh/react@18.2.0/es2022/react.mjs",
            "https://esm.sh/react@18.2.0/",
            "https://esm.sh/react-dom@18/",
            "https://esm.sh.evil.example/react@18",
            "https://unpkg.com/aos@next/dist/aos.js",
            "https://unpkg.com/react@18",
            "https://cdn.jsdelivr.net/npm/react@18",
            "https://unpkg.com/three@0.150.0/build/three.module.js",
            "https://unpkg.com/three@0.160.0/examples/js/controls/OrbitControls.js",
            "https://unpkg.com/three@0.160.0/examples/jsm/../../../x.js",
            "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/4.7.0/fonts/x/../../../../y",
            "https://maxcdn.bootstrapcdn.com/bootstrap/4.5.2/css/bootstrap.min.css",
            "https://use.fontawesome.com/releases/v7.0.0/css/all.css",
            "https://cdn.jsdelivr.net/npm/animejs@4.0.0/lib/anime.min.js",
            "https://unpkg.com/leaflet@2.0.0/dist/leaflet.js",
            "https://example.com/react@18/umd/react.development.js",
            "https://unpkg.com.evil.example/react@18/umd/react.development.js",
            "https://cdn.tailwindcss.com3.evil.example/",
            "https://d3js.org/d3.v5.min.js",
            "https://d3js.org/d3-hexbin.v0.min.js",
            "https://d3js.org/d3.v7.min.js/../../x.js",
            "https://d3js.org.evil.example/d3.v7.min.js",
            "https://d3js.org/d3.v7",
            "/react@18/umd/react.development.js",
            "javascript:alert(1)",
            "",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }
}
