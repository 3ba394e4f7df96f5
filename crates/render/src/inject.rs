//! Streams served HTML through lol_html and puts the badge tag right before the
//! first `</body>`, or at the very end when the document never closes its body.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lol_html::errors::RewritingError;
use lol_html::html_content::ContentType;
use lol_html::{element, end_tag, text, HtmlRewriter, MemorySettings, OutputSink, Settings};

use crate::badge_tag::BadgeTag;
use crate::cdn::{
    is_font_stylesheet, lift_font_imports, names_cdn, rewrite_module_text, take_lookup,
    vendored_url, CDN_LOOKUPS, MISSING_NOTE,
};
use crate::error::RenderError;

/// lol_html only buffers a token split across chunks (say a 5 MB `data:` URL
/// in one attribute); past this the document passes through untouched.
pub const DEFAULT_MEMORY_LIMIT: usize = 16 * 1024 * 1024;

/// Rewrites one HTML document chunk by chunk. Feed every chunk to [`write`]
/// as it arrives and send what it returns on; call [`end`] once after the last.
///
/// [`write`]: BadgeInjector::write
/// [`end`]: BadgeInjector::end
pub struct BadgeInjector {
    /// `None` once lol_html bailed out on its memory limit: the rest is copied as is.
    rewriter: Option<HtmlRewriter<'static, SharedBuffer>>,
    output: SharedBuffer,
    injected: Rc<Cell<bool>>,
    tag_html: Rc<str>,
}

impl BadgeInjector {
    pub fn new(tag: &BadgeTag) -> Self {
        Self::with_memory_limit(tag, DEFAULT_MEMORY_LIMIT)
    }

    pub fn with_memory_limit(tag: &BadgeTag, memory_limit: usize) -> Self {
        Self::build(Some(tag), HeadAdditions::default(), memory_limit)
    }

    /// A page rewriter: the badge tag when one is given (none when the badge is off), and what
    /// `head` adds at the top of `<head>`.
    pub fn for_page(tag: Option<&BadgeTag>, head: HeadAdditions) -> Self {
        Self::build(tag, head, DEFAULT_MEMORY_LIMIT)
    }

    fn build(tag: Option<&BadgeTag>, head: HeadAdditions, memory_limit: usize) -> Self {
        let output = SharedBuffer::default();
        // With no badge there is nothing to inject: behave as if it were already done.
        let injected = Rc::new(Cell::new(tag.is_none()));
        let tag_html: Rc<str> = tag.map(BadgeTag::to_html).unwrap_or_default().into();
        let rewriter = HtmlRewriter::new(
            settings(&injected, &tag_html, head, memory_limit),
            output.clone(),
        );
        BadgeInjector {
            rewriter: Some(rewriter),
            output,
            injected,
            tag_html,
        }
    }

    /// Rewrites one chunk; returns the bytes ready to send (possibly none yet).
    pub fn write(&mut self, chunk: &[u8]) -> Result<Vec<u8>, RenderError> {
        match self.rewriter.as_mut() {
            Some(rewriter) => {
                let result = rewriter.write(chunk);
                self.recover(result)?;
            }
            None => self.output.push(chunk),
        }
        Ok(self.output.take())
    }

    /// Flushes what lol_html still holds and, if no `</body>` carried the tag, appends it.
    pub fn end(mut self) -> Result<Vec<u8>, RenderError> {
        if let Some(rewriter) = self.rewriter.take() {
            let result = rewriter.end();
            self.recover(result)?;
        }
        if !self.injected.get() {
            self.output.push(self.tag_html.as_bytes());
        }
        Ok(self.output.take())
    }

    /// A memory bail-out has already flushed the input unchanged, so streaming
    /// goes on without the rewriter; any other error ends the document.
    fn recover(&mut self, result: Result<(), RewritingError>) -> Result<(), RenderError> {
        match result {
            Ok(()) => Ok(()),
            Err(RewritingError::MemoryLimitExceeded(_)) => {
                self.rewriter = None;
                Ok(())
            }
            Err(error) => {
                self.rewriter = None;
                Err(RenderError::Rewrite(error.to_string()))
            }
        }
    }
}

/// Rewrites a whole document held in memory (Plug's own pages, small uploads).
pub fn inject_badge(html: &str, tag: &BadgeTag) -> Result<String, RenderError> {
    rewrite_page(html, Some(tag), false)
}

/// Rewrites a whole in-memory page: see [`BadgeInjector::for_page`].
pub fn rewrite_page(
    html: &str,
    tag: Option<&BadgeTag>,
    noindex: bool,
) -> Result<String, RenderError> {
    let head = HeadAdditions {
        noindex,
        ..HeadAdditions::default()
    };
    let mut injector = BadgeInjector::for_page(tag, head);
    let mut out = injector.write(html.as_bytes())?;
    out.extend(injector.end()?);
    // Input was UTF-8 and the tag is ASCII, so this cannot fail; stay total anyway.
    String::from_utf8(out).map_err(|e| RenderError::Rewrite(e.to_string()))
}

/// What Plug writes at the top of a page's first `<head>` (nothing when it has none).
#[derive(Debug, Clone, Copy, Default)]
pub struct HeadAdditions {
    /// `<meta name="robots" content="noindex, nofollow">`: the page is not to be indexed.
    pub noindex: bool,
    /// The AI tools' globals the page calls ([`calls_tool_globals`]), before its own scripts.
    pub tool_globals: bool,
    /// A zipped site's page: its links to the reserved example hosts ([`off_example_host`]) are
    /// made links to its own origin.
    pub site: bool,
}

const NOINDEX_META: &str = "<meta name=\"robots\" content=\"noindex, nofollow\">";
/// Claude's `window.storage`, and rejecting stand-ins for `window.fs` and `window.claude`
/// (docs/serving.md: the AI tools' globals in HTML pages), from the drop's own origin.
const TOOL_GLOBALS_SCRIPT: &str = "<script src=\"/_plug/vendor/plug-tool-globals.js\"></script>";

/// Flutter's loader takes CanvasKit (or Skwasm) from `www.gstatic.com/flutter-canvaskit/…` unless
/// its build config says `useLocalCanvasKit`, though `flutter build web` writes the same files into
/// the site's `canvaskit/`: where gstatic is out of reach (offline, an office firewall, a country
/// that blocks Google) the app stayed a white page. Set on the config as `flutter_bootstrap.js`
/// assigns it (or as it already is), it makes the loader take the site's own copy (docs/serving.md:
/// zipped sites); a `canvasKitBaseUrl` the page passes to `load` still wins.
const FLUTTER_LOCAL_CANVASKIT: &str = "<script>(f=>{let c=f.buildConfig;Object.defineProperty(f,\"buildConfig\",{configurable:!0,set(v){if(v)v.useLocalCanvasKit=!0;c=v},get:()=>c});f.buildConfig=c})(window._flutter??={})</script>";

/// On a zipped site's page whose links named a reserved example host ([`off_example_host`]): a
/// link its scripts build from the site's data (Hugo's `index.json` permalinks, which its themes'
/// search writes as results) is made the site's own as it is followed, by click or middle click.
const EXAMPLE_LINKS_SCRIPT: &str = "<script>for(const t of[\"click\",\"auxclick\"])addEventListener(t,e=>{const a=e.target.closest?.(\"a[href]\"),u=a&&new URL(a.getAttribute(\"href\"),location);if(u&&/^https?:$/.test(u.protocol)&&/^(www\\.)?example\\.(org|com|net)$/.test(u.hostname))a.setAttribute(\"href\",u.pathname+u.search+u.hash)},!0)</script>";

/// Whether a page's first bytes (what the Worker reads before it answers: its first 64 KB) call
/// the globals a Claude artifact is given: such a page, saved from Claude, stopped at its first
/// `window.storage.get` with a TypeError.
pub fn calls_tool_globals(head: &[u8]) -> bool {
    const NAMES: [&[u8]; 3] = [b"storage", b"claude.complete", b"fs.readFile"];
    let mut rest = head;
    while let Some(at) = rest.iter().position(|&b| b == b'w') {
        rest = &rest[at + 1..];
        if let Some(after) = rest.strip_prefix(b"indow.") {
            if NAMES.iter().any(|name| after.starts_with(name)) {
                return true;
            }
        }
    }
    false
}

/// The longest module script or import map text gathered to be rewritten whole (a few hundred KB
/// at most in real pages); past it the rest of the script is rewritten as it is read.
const MODULE_TEXT_MAX: usize = 1 << 20;

/// One `body` handler that hangs an end-tag handler on every body start tag;
/// the shared flag lets only the first `</body>` take the tag.
fn settings(
    injected: &Rc<Cell<bool>>,
    tag_html: &Rc<str>,
    head: HeadAdditions,
    memory_limit: usize,
) -> Settings<'static, 'static> {
    let injected = Rc::clone(injected);
    let tag_html = Rc::clone(tag_html);
    let mut settings = Settings::new();
    // The page's CDN lookups, shared by its attributes and its module scripts' text.
    let lookups = Rc::new(Cell::new(CDN_LOOKUPS));
    let module_lookups = Rc::clone(&lookups);
    if head.noindex || head.tool_globals {
        let done = Rc::new(Cell::new(false));
        settings = settings.append_element_content_handler(element!("head", move |el| {
            if !done.replace(true) {
                // Prepended last goes first: the robots meta, then the script.
                if head.tool_globals {
                    el.prepend(TOOL_GLOBALS_SCRIPT, ContentType::Html);
                }
                if head.noindex {
                    el.prepend(NOINDEX_META, ContentType::Html);
                }
            }
            Ok(())
        }));
    }
    // Whether a link to a reserved example host was made the site's own: its scripts may build
    // more from the same data (a theme's search results), which a click then keeps on the drop.
    let rewrote = Rc::new(Cell::new(false));
    let rewrote_at_end = Rc::clone(&rewrote);
    if head.site {
        // Registered before the CDN handler, which reads a `<base href>` after this one.
        settings = settings.append_element_content_handler(element!(
            "[href], [src], [srcset], form[action], meta[content]",
            move |el| {
                for name in ["href", "src", "srcset", "action", "content"] {
                    let local = el.get_attribute(name).and_then(|v| off_example_host(&v));
                    if let Some(local) = local {
                        if name != "content"
                            || el
                                .get_attribute("http-equiv")
                                .is_some_and(|h| h.eq_ignore_ascii_case("refresh"))
                        {
                            el.set_attribute(name, &local)?;
                            rewrote.set(true);
                        }
                    }
                }
                Ok(())
            }
        ));
    }
    settings
        // Google Fonts `@import`s lifted out of a `<style>`, its text gathered as a module's is.
        .append_element_content_handler(text!(
            "style",
            gathered_text(style_text, Rc::clone(&module_lookups))
        ))
        // A module script whose import could not be loaded fires `error` on its element without
        // naming the import: the same note asks again for each address the page names.
        .append_element_content_handler(element!("script[type=module]", |el| {
            if !el.has_attribute("onerror") {
                el.set_attribute("onerror", MISSING_NOTE)?;
            }
            Ok(())
        }))
        .append_element_content_handler(element!(
            "script[src], link[href], base[href]",
            move |el| {
                if !take_lookup(&lookups) {
                    return Ok(());
                }
                let attribute = if el.tag_name() == "script" {
                    "src"
                } else {
                    "href"
                };
                let Some(url) = el.get_attribute(attribute) else {
                    return Ok(());
                };
                if el.tag_name() == "base" {
                    // `<base href="https://x.example/">` sends the drop's `/_plug/vendor/…` to that
                    // host, where the CDN's own address worked: the rest is left as written.
                    if url.contains("//") {
                        lookups.set(0);
                    }
                    return Ok(());
                }
                if url.ends_with("flutter_bootstrap.js") {
                    el.before(FLUTTER_LOCAL_CANVASKIT, ContentType::Html);
                }
                if let Some(local) = vendored_url(&url) {
                    el.set_attribute(attribute, &local)?;
                    // The page pinned the CDN's bytes; Plug's copy comes from the registry at build time.
                    el.remove_attribute("integrity");
                } else if is_font_stylesheet(&url, el.get_attribute("rel").as_deref())
                    && !el.has_attribute("media")
                    && !el.has_attribute("onload")
                {
                    // Loaded without holding the page back: where the font host hangs, the page is
                    // drawn and its scripts run in the next font instead of waiting for it.
                    el.set_attribute("media", "print")?;
                    el.set_attribute("onload", "this.media='all'")?;
                } else if el.tag_name() == "script"
                    && !el.has_attribute("onerror")
                    && names_cdn(url.as_bytes())
                {
                    // A library Plug does not hold, from a CDN out of reach: the page says so
                    // rather than stay blank.
                    el.set_attribute("onerror", MISSING_NOTE)?;
                }
                Ok(())
            }
        ))
        // A module's imports and an import map's addresses, which no attribute carries; Babel's
        // `data-type="module"` scripts become module scripts with the same text. The text comes
        // in as many chunks as the page's bytes did (R2's reads, the network), so it is gathered
        // to its end and rewritten whole: read chunk by chunk, an address cut between two reads
        // was left as written, and the same page worked offline or not by where its reads split.
        // Past MODULE_TEXT_MAX the rest of the script is rewritten chunk by chunk, as read.
        .append_element_content_handler(text!(
            "script[type=module], script[type=importmap], script[data-type=module]",
            gathered_text(rewrite_module_text, module_lookups)
        ))
        .append_element_content_handler(element!("body", move |el| {
            let injected = Rc::clone(&injected);
            let tag_html = Rc::clone(&tag_html);
            let rewrote = Rc::clone(&rewrote_at_end);
            if let Some(handlers) = el.end_tag_handlers() {
                handlers.push(end_tag!(move |end| {
                    if rewrote.replace(false) {
                        end.before(EXAMPLE_LINKS_SCRIPT, ContentType::Html);
                    }
                    if !injected.replace(true) {
                        end.before(&tag_html, ContentType::Html);
                    }
                    Ok(())
                }));
            }
            Ok(())
        }))
        // Strict mode aborts on markup it cannot place with certainty; a served
        // page must stream whatever it holds, and at worst the badge sits oddly.
        .with_strict(false)
        .with_memory_settings(
            MemorySettings::new()
                .with_max_allowed_memory_usage(memory_limit)
                .with_graceful_bail_out_on_memory_limit_exceeded(true),
        )
}

/// `value` with every address on a host RFC 2606 reserves for examples (`example.org`,
/// `example.com`, `example.net`, with or without `www.`, on `http:`, `https:` or `//`) made
/// root-relative: `https://example.org/posts/a/` is `/posts/a/`, in a `srcset` list or a
/// refresh's `0; url=…` too. `None` when it names none. Hugo's `baseURL` is
/// `"https://example.org/"` until its user sets one, and its themes write `.Permalink`s (and some
/// a `<base href>`) with it: a built site dropped as it came out linked every page, and some of its
/// styles, to a host that serves no page of it (docs/serving.md: zipped sites).
pub fn off_example_host(value: &str) -> Option<String> {
    let lower = value.to_ascii_lowercase();
    let mut out = String::new();
    let mut done = 0;
    let mut from = 0;
    while let Some(at) = lower[from..].find("//") {
        let slashes = from + at;
        from = slashes + 2;
        let host_end = lower[from..]
            .find(|c: char| matches!(c, '/' | '?' | '#' | ',' | '\'') || c.is_ascii_whitespace())
            .map_or(lower.len(), |end| from + end);
        let host = lower[from..host_end].trim_start_matches("www.");
        if !matches!(host, "example.org" | "example.com" | "example.net") {
            continue;
        }
        let start = if lower[..slashes].ends_with("https:") {
            slashes - 6
        } else if lower[..slashes].ends_with("http:") {
            slashes - 5
        } else {
            slashes
        };
        if start < done {
            continue;
        }
        out.push_str(&value[done..start]);
        if !value[host_end..].starts_with('/') {
            out.push('/');
        }
        done = host_end;
        from = host_end;
    }
    (done > 0).then(|| out + &value[done..])
}

/// A text handler that gathers an element's text to its end (up to [`MODULE_TEXT_MAX`], then
/// goes on chunk by chunk, as read) and puts what `rewrite` makes of it in its place. One function
/// for module scripts and styles: a second closure of its own cost the Worker's upload 0.3 KiB.
fn gathered_text(
    rewrite: fn(&str, &Cell<u32>) -> Option<String>,
    lookups: Rc<Cell<u32>>,
) -> impl FnMut(&mut lol_html::html_content::TextChunk<'_>) -> lol_html::HandlerResult + 'static {
    let mut gathered = String::new();
    let mut streaming = false;
    move |chunk| {
        let last = chunk.last_in_text_node();
        if streaming {
            if let Some(text) = rewrite(chunk.as_str(), &lookups) {
                chunk.replace(&text, ContentType::Html);
            }
            streaming = !last;
            return Ok(());
        }
        let held = !gathered.is_empty();
        gathered.push_str(chunk.as_str());
        if !last && gathered.len() <= MODULE_TEXT_MAX {
            chunk.remove();
            return Ok(());
        }
        let text = std::mem::take(&mut gathered);
        match rewrite(&text, &lookups) {
            Some(rewritten) => chunk.replace(&rewritten, ContentType::Html),
            None if held => chunk.replace(&text, ContentType::Html),
            None => {}
        }
        streaming = !last;
        Ok(())
    }
}

/// A `<style>`'s text with its Google Fonts `@import`s lifted out ([`lift_font_imports`]): the
/// style is closed after the rest of its CSS, the links follow, and an empty style is opened for
/// its own end tag (no handler of that end tag needed).
fn style_text(css: &str, _: &Cell<u32>) -> Option<String> {
    let (css, links) = lift_font_imports(css)?;
    Some(css + "</style>" + &links + "<style>")
}

/// Where lol_html writes; the injector drains it after every call.
#[derive(Clone, Default)]
struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl SharedBuffer {
    fn push(&self, bytes: &[u8]) {
        self.0.borrow_mut().extend_from_slice(bytes);
    }

    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.borrow_mut())
    }
}

impl OutputSink for SharedBuffer {
    fn handle_chunk(&mut self, chunk: &[u8]) {
        self.push(chunk);
    }
}

#[cfg(test)]
mod test_support {
    use super::*;

    /// `html` through a page's rewriter with `head`'s additions and no badge, fed in pieces of
    /// `size` bytes as R2's reads and the network cut it.
    pub(super) fn rewrite_in_pieces_with(head: HeadAdditions, html: &str, size: usize) -> String {
        let mut injector = BadgeInjector::for_page(None, head);
        let mut out = Vec::new();
        for piece in html.as_bytes().chunks(size.max(1)) {
            out.extend(injector.write(piece).unwrap());
        }
        out.extend(injector.end().unwrap());
        String::from_utf8(out).unwrap()
    }
}

#[cfg(test)]
mod page_tests {
    use super::*;

    fn tag() -> BadgeTag {
        BadgeTag {
            base_url: "http://api".into(),
            entity_id: "e".into(),
            grid_slug: "g".into(),
            mode: Default::default(),
            position: None,
            theme: None,
            shell: false,
        }
    }

    #[test]
    fn noindex_meta_goes_first_in_head_once_and_never_without_a_head_request() {
        let html = "<html><head><title>x</title></head><body>hi</body></html>";
        let out = rewrite_page(html, Some(&tag()), true).unwrap();
        assert!(
            out.starts_with(
                "<html><head><meta name=\"robots\" content=\"noindex, nofollow\"><title>"
            ),
            "{out}"
        );
        assert_eq!(out.matches("name=\"robots\"").count(), 1);
        assert_eq!(out.matches("badge.js").count(), 1);
        assert!(!rewrite_page(html, Some(&tag()), false)
            .unwrap()
            .contains("robots"));
    }

    #[test]
    fn without_a_badge_only_the_robots_meta_is_added_even_split_at_every_byte() {
        let html = "<!doctype html><head><title>x</title></head><body>hi</body>";
        for split in 1..html.len() {
            let mut injector = BadgeInjector::for_page(
                None,
                HeadAdditions {
                    noindex: true,
                    tool_globals: false,
                    site: false,
                },
            );
            let mut out = injector.write(&html.as_bytes()[..split]).unwrap();
            out.extend(injector.write(&html.as_bytes()[split..]).unwrap());
            out.extend(injector.end().unwrap());
            let out = String::from_utf8(out).unwrap();
            assert_eq!(out.matches("noindex").count(), 1, "split {split}: {out}");
            assert!(!out.contains("script"), "split {split}: {out}");
        }
    }
}

#[cfg(test)]
mod tool_globals_tests {
    use super::*;

    #[test]
    fn a_page_calling_claudes_globals_gets_their_script_first_in_head() {
        let page = "<!DOCTYPE html><html><head><title>Habits</title><script>window.storage.get('h')</script></head><body></body></html>";
        assert!(calls_tool_globals(page.as_bytes()));
        let head = HeadAdditions {
            noindex: true,
            tool_globals: true,
            site: false,
        };
        let out = super::test_support::rewrite_in_pieces_with(head, page, page.len());
        assert!(
            out.contains(&format!("<head>{NOINDEX_META}{TOOL_GLOBALS_SCRIPT}<title>")),
            "{out}"
        );
        assert_eq!(out.matches("plug-tool-globals").count(), 1);
    }

    #[test]
    fn other_pages_do_not() {
        for page in [
            "<script>localStorage.getItem('a')</script>",
            "<p>window storage</p>",
        ] {
            assert!(!calls_tool_globals(page.as_bytes()), "{page}");
        }
        assert!(calls_tool_globals(b"await window.claude.complete(prompt)"));
    }
}

#[cfg(test)]
mod cdn_tests {
    use super::*;

    /// Attack round 12: the `onerror` written for a CDN script Plug does not hold is Plug's own
    /// text whatever the page's markup holds. An address with quotes and markup in it stays one
    /// attribute value, and a page's own `onerror` (or one spelled in another case) is kept.
    #[test]
    fn the_missing_library_note_takes_nothing_from_the_page() {
        let page = r#"<html><head><script src='https://cdn.jsdelivr.net/npm/nope@1/x.js?a="onload="alert(1)"><img src=x onerror=alert(2)>'></script>
<script src="https://unpkg.com/nope@1/y.js" ONERROR="mine()"></script></head><body></body></html>"#;
        let out = rewrite_page(page, None, false).unwrap();
        assert_eq!(out.matches(MISSING_NOTE).count(), 1, "{out}");
        // The address is left exactly as written, in its own quotes, the note after it.
        let src = r#"src='https://cdn.jsdelivr.net/npm/nope@1/x.js?a="onload="alert(1)"><img src=x onerror=alert(2)>'"#;
        assert!(
            out.contains(&format!(
                r#"<script {src} onerror="{MISSING_NOTE}"></script>"#
            )),
            "{out}"
        );
        assert!(out.contains(r#"ONERROR="mine()""#), "{out}");
    }

    /// The page fed to the rewriter in pieces of `size` bytes, as R2's reads and the network do.
    fn rewrite_in_pieces(html: &str, size: usize) -> String {
        super::test_support::rewrite_in_pieces_with(HeadAdditions::default(), html, size)
    }

    #[test]
    fn a_flutter_page_takes_canvaskit_from_its_own_site() {
        let page = "<!DOCTYPE html><html><head><base href=\"/\"></head><body><script src=\"flutter_bootstrap.js\" async></script></body></html>";
        let out = rewrite_in_pieces(page, 7);
        assert!(
            out.contains(&format!(
                "<body>{FLUTTER_LOCAL_CANVASKIT}<script src=\"flutter_bootstrap.js\" async>"
            )),
            "{out}"
        );
        let other = "<body><script src=\"main.dart.js\"></script></body>";
        assert!(!rewrite_in_pieces(other, 64).contains("useLocalCanvasKit"));
    }

    #[test]
    fn a_module_scripts_addresses_are_rewritten_wherever_the_page_is_cut() {
        let page = "<html><body><script type=\"module\">import mermaid from 'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs';\nmermaid.initialize({});</script><script type=\"importmap\">{\"imports\": {\"vue\": \"https://unpkg.com/vue@3/dist/vue.esm-browser.js\"}}</script></body></html>";
        let whole = rewrite_page(page, None, false).unwrap();
        assert!(
            whole.contains("/_plug/vendor/mermaid/mermaid.esm.min.mjs"),
            "{whole}"
        );
        assert!(
            whole.contains("/_plug/vendor/cdn/vue.esm-browser.prod.js"),
            "{whole}"
        );
        for size in [1, 2, 3, 7, 16, 50, 64, 100] {
            assert_eq!(
                rewrite_in_pieces(page, size),
                whole,
                "cut every {size} bytes"
            );
        }
    }

    #[test]
    fn a_module_script_longer_than_the_gathered_text_is_rewritten_as_it_is_read() {
        let vue = "https://unpkg.com/vue@3/dist/vue.esm-browser.js";
        let filler = "x".repeat(MODULE_TEXT_MAX);
        let page = format!("<html><body><script type=\"module\">import v from '{vue}';//{filler}\nimport w from '{vue}';</script><p>after</p></body></html>");
        let out = rewrite_in_pieces(&page, 64 * 1024);
        assert_eq!(
            out.matches("/_plug/vendor/cdn/vue.esm-browser.prod.js")
                .count(),
            2
        );
        assert!(out.ends_with("</script><p>after</p></body></html>"));
        assert_eq!(
            out.len(),
            // and the note a module script gets when an import fails.
            page.len() - 2 * (vue.len() - "/_plug/vendor/cdn/vue.esm-browser.prod.js".len())
                + " onerror=\"\"".len()
                + crate::cdn::MISSING_NOTE.len()
        );
    }

    #[test]
    fn cdn_libraries_the_drop_holds_are_served_from_it_and_others_stay() {
        let page = r#"<html><head><script src="https://cdn.tailwindcss.com"></script>
<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css" integrity="sha512-abc" crossorigin="anonymous">
<script src="https://cdn.jsdelivr.net/npm/chart.js@1.0.2"></script></head><body><script src="app.js"></script></body></html>"#;
        let out = rewrite_page(page, None, false).unwrap();
        assert!(
            out.contains(r#"<script src="/_plug/vendor/cdn/tailwind-play.js"></script>"#),
            "{out}"
        );
        assert!(
            out.contains(r#"<link rel="stylesheet" href="/_plug/vendor/cdn/fontawesome/css/all.min.css" crossorigin="anonymous">"#),
            "{out}"
        );
        // Left as written, with a note on the page should the CDN be out of reach.
        assert!(
            out.contains(r#"<script src="https://cdn.jsdelivr.net/npm/chart.js@1.0.2" onerror="import('/_plug/vendor/cdn/missing.mjs').then(m=>m.show(this))">"#),
            "{out}"
        );
        assert!(out.contains(r#"<script src="app.js">"#), "{out}");
    }

    #[test]
    fn a_google_fonts_stylesheet_no_longer_holds_the_page_back() {
        let page = r#"<head><link rel="preconnect" href="https://fonts.googleapis.com">
<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap" rel="stylesheet">
<link rel="stylesheet" media="(min-width: 40em)" href="https://fonts.googleapis.com/css?family=Lora">
<link rel="stylesheet" href="https://example.com/site.css"></head>"#;
        let out = rewrite_page(page, None, false).unwrap();
        assert!(
            out.contains(r#"<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap" rel="stylesheet" media="print" onload="this.media='all'">"#),
            "{out}"
        );
        assert!(out.contains(r#"<link rel="preconnect" href="https://fonts.googleapis.com">"#));
        // A media query of the page's own is kept; other stylesheets are left.
        assert!(out.contains(
            r#"media="(min-width: 40em)" href="https://fonts.googleapis.com/css?family=Lora">"#
        ));
        assert!(out.contains(r#"<link rel="stylesheet" href="https://example.com/site.css">"#));
    }

    #[test]
    fn after_a_base_on_another_host_cdn_addresses_are_left_as_written() {
        let chart = r#"<script src="https://cdn.jsdelivr.net/npm/chart.js"></script>"#;
        let map = r#"<script type="importmap">{"imports": {"vue": "https://unpkg.com/vue@3/dist/vue.esm-browser.js"}}</script>"#;
        let page = format!(
            r#"<head>{chart}<base href="https://octo.github.io/demo/">{chart}{map}</head>"#
        );
        let out = rewrite_page(&page, None, false).unwrap();
        assert_eq!(
            out.matches("/_plug/vendor/cdn/chart.umd.js").count(),
            1,
            "{out}"
        );
        assert!(out.ends_with(&format!("{chart}{map}</head>")), "{out}");
        // A base on the drop's own origin moves nothing Plug writes.
        let page = format!(r#"<head><base href="/docs/" target="_blank">{chart}</head>"#);
        let out = rewrite_page(&page, None, false).unwrap();
        assert!(out.contains("/_plug/vendor/cdn/chart.umd.js"), "{out}");
    }

    #[test]
    fn a_google_fonts_import_goes_after_its_style_as_a_link_wherever_the_page_is_cut() {
        let page = "<head><style>@import url('https://fonts.googleapis.com/css2?family=Inter&display=swap');\nbody > p { font-family: Inter; }</style><style>h1{}</style></head>";
        let link = "<link rel=\"stylesheet\" href=\"https://fonts.googleapis.com/css2?family=Inter&display=swap\" media=\"print\" onload=\"this.media='all'\">";
        let lifted = format!("<head><style>\nbody > p {{ font-family: Inter; }}</style>{link}<style></style><style>h1{{}}</style></head>");
        assert_eq!(rewrite_page(page, None, false).unwrap(), lifted);
        // Its text is gathered whole, so where the page's reads split it changes nothing.
        for size in 1..page.len() {
            assert_eq!(rewrite_in_pieces(page, size), lifted, "{size}");
        }
    }

    #[test]
    fn a_page_has_its_first_cdn_lookups_and_no_more() {
        let vue = "https://unpkg.com/vue@3/dist/vue.esm-browser.js";
        let n = crate::cdn::CDN_LOOKUPS as usize;
        let tags = format!("<script src=\"{vue}\"></script>").repeat(n - 10);
        let imports = format!("import '{vue}';\n").repeat(20);
        let page =
            format!("<html><body>{tags}<script type=module>{imports}</script></body></html>");
        let out = rewrite_page(&page, None, false).unwrap();
        assert_eq!(
            out.matches("/_plug/vendor/cdn/vue.esm-browser.prod.js")
                .count(),
            n
        );
        assert_eq!(out.matches(vue).count(), 10);
    }

    #[test]
    fn a_module_scripts_imports_and_an_import_maps_addresses_are_pointed_at_the_drop() {
        let page = r#"<html><head><script type="importmap">{"imports": {"vue": "https://unpkg.com/vue@3/dist/vue.esm-browser.js", "three": "https://unpkg.com/three@0.150.0/build/three.module.js"}}</script></head>
<body><pre class="mermaid">graph TD; A-->B</pre>
<script type="module">
  import mermaid from 'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs';
  mermaid.initialize({ startOnLoad: true });
</script>
<script type="text/babel" data-type="module">import React from "https://esm.sh/react@18"; const a = <p/>;</script>
<script>const shown = "https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs";</script>
<p>'https://unpkg.com/vue@3/dist/vue.esm-browser.js'</p></body></html>"#;
        let out = rewrite_page(page, None, false).unwrap();
        assert!(
            out.contains(r#"{"imports": {"vue": "/_plug/vendor/cdn/vue.esm-browser.prod.js", "three": "https://unpkg.com/three@0.150.0/build/three.module.js"}}"#),
            "{out}"
        );
        assert!(
            out.contains("import mermaid from '/_plug/vendor/mermaid/mermaid.esm.min.mjs';"),
            "{out}"
        );
        assert!(
            out.contains(r#"import React from "/_plug/vendor/cdn/esm/react.mjs"; const a = <p/>;"#),
            "{out}"
        );
        // A classic script's strings and the page's text are not imports.
        assert!(
            out.contains(r#"const shown = "https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs";"#),
            "{out}"
        );
        assert!(
            out.contains("<p>'https://unpkg.com/vue@3/dist/vue.esm-browser.js'</p>"),
            "{out}"
        );
    }
}

#[cfg(test)]
mod example_host_tests {
    use super::*;

    #[test]
    fn hugos_default_base_url_becomes_the_sites_own_root() {
        let cases = [
            ("https://example.org/posts/first/", "/posts/first/"),
            ("https://example.org", "/"),
            ("http://www.Example.com/css/a.css?v=1", "/css/a.css?v=1"),
            (
                "//example.net/x.png 1x, https://example.org/x@2.png 2x",
                "/x.png 1x, /x@2.png 2x",
            ),
            ("0; url=https://example.org/posts/", "0; url=/posts/"),
        ];
        for (value, local) in cases {
            assert_eq!(off_example_host(value).as_deref(), Some(local), "{value}");
        }
        for value in [
            "https://example.org.evil.test/a",
            "https://myexample.org/a",
            "/posts/a/",
            "mailto:me@example.org",
            "https://gohugo.io/",
        ] {
            assert_eq!(off_example_host(value), None, "{value}");
        }
    }

    #[test]
    fn a_sites_page_without_placeholder_links_is_left_as_written() {
        let html = r#"<head></head><body><a href="/posts/a/">a</a><a href="https://gohugo.io/">Hugo</a></body>"#;
        let head = HeadAdditions {
            site: true,
            ..HeadAdditions::default()
        };
        let out = super::test_support::rewrite_in_pieces_with(head, html, html.len());
        assert_eq!(out, html);
    }

    #[test]
    fn a_sites_page_links_and_base_stay_on_its_origin_and_other_meta_is_left() {
        let html = r#"<head><base href="https://example.org/"><meta property="og:url" content="https://example.org/"><meta http-equiv="refresh" content="0; url=https://example.org/p/"><link rel="stylesheet" href="https://example.org/assets/css/stylesheet.3f2a.css"></head><body><a href="https://example.org/posts/a/">a</a><img srcset="https://example.org/i.png 2x"><a href="https://gohugo.io/">Hugo</a></body>"#;
        let head = HeadAdditions {
            site: true,
            ..HeadAdditions::default()
        };
        let out = super::test_support::rewrite_in_pieces_with(head, html, html.len());
        assert_eq!(out.matches("example.org").count(), 1, "{out}");
        assert!(out.contains(r#"<base href="/">"#), "{out}");
        assert!(out.contains(r#"content="0; url=/p/""#), "{out}");
        assert!(
            out.contains(r#"href="/assets/css/stylesheet.3f2a.css""#),
            "{out}"
        );
        assert!(out.contains(r#"srcset="/i.png 2x""#), "{out}");
        assert!(out.contains("https://gohugo.io/"), "{out}");
        assert!(
            out.ends_with(&format!("{EXAMPLE_LINKS_SCRIPT}</body>")),
            "links its scripts build are kept on the drop: {out}"
        );
        let plain = rewrite_page(html, None, false).unwrap();
        assert_eq!(plain, html);
        assert!(
            crate::cdn::names_cdn(html.as_bytes()),
            "goes through the rewriter unbadged"
        );
    }
}
