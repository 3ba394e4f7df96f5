//! Fuzz harnesses for every parser Plug runs on uploaded or viewer-supplied bytes, each with an
//! oracle stronger than "does not panic". `fuzz_targets/*.rs` call these; `tests/` replay inputs.

mod html;

use plug_content::{
    check_extension, content_type_for, extract_enrichment, validate, ArchiveLimits, SiteArchive,
    Upload,
};
use plug_domain::cursor::Cursor;
use plug_domain::token::{self, Expectations};
use plug_domain::SourceType;
use plug_render::vendor::MARKDOWN_EXTRAS_JS;
use plug_render::{
    markdown_page, markdown_to_safe_html, parse_theme_str, rewrite_page, BadgeInjector, BadgeTag,
    BadgeTagMode, HeadAdditions, Position,
};

pub use html::{assert_inert_fragment, start_tags};

/// A harness: takes the fuzzer's bytes, panics when its oracle sees something wrong.
pub type Harness = fn(&[u8]);

/// Every harness by the name of its `cargo fuzz` target (and its folder under regressions/).
pub const TARGETS: &[(&str, Harness)] = &[
    ("archive", archive),
    ("content", content),
    ("enrichment", enrichment),
    ("markdown", markdown),
    ("theme", theme),
    ("rewriter", rewriter),
    ("cursor", cursor),
    ("token", token),
];

/// Each source type with the extensions a drop may carry for it (openapi.yaml).
const FILE_KINDS: &[(SourceType, &str)] = &[
    (SourceType::Html, "html"),
    (SourceType::Html, "htm"),
    (SourceType::Html, "zip"),
    (SourceType::ReactSingleFile, "jsx"),
    (SourceType::ReactSingleFile, "tsx"),
    (SourceType::ReactSingleFile, "js"),
    (SourceType::Markdown, "md"),
    (SourceType::Pdf, "pdf"),
    (SourceType::Pptx, "pptx"),
    (SourceType::Docx, "docx"),
    (SourceType::Xlsx, "xlsx"),
    (SourceType::Image, "png"),
    (SourceType::Image, "jpg"),
    (SourceType::Image, "jpeg"),
    (SourceType::Image, "svg"),
    (SourceType::Image, "webp"),
];

/// The first byte picks a source type and a matching file name; the rest is the file.
fn file_of(data: &[u8]) -> Option<(SourceType, String, &[u8])> {
    let (&pick, bytes) = data.split_first()?;
    let (source_type, ext) = FILE_KINDS[pick as usize % FILE_KINDS.len()];
    Some((source_type, format!("upload.{ext}"), bytes))
}

/// A zipped site: opening checks every entry; each kept path must be one the Worker can store
/// under the entity's prefix, and reading every entry stays within the archive limits.
pub fn archive(data: &[u8]) {
    let limits = ArchiveLimits::DEFAULT;
    let Ok(mut site) = SiteArchive::open(data.to_vec(), &limits) else {
        return;
    };
    assert!(site.len() <= limits.max_files);
    let mut inflated = 0u64;
    for i in 0..site.len() {
        assert_storable_path(site.path(i));
        if let Ok(bytes) = site.read(i) {
            inflated += bytes.len() as u64;
        }
    }
    assert!(
        inflated <= limits.max_total_bytes,
        "{inflated} bytes inflated"
    );
}

/// What a zip entry path must be once SiteArchive accepted it: relative, no `.`/`..`
/// segments, no backslashes or NULs, so the R2 key stays under the entity's prefix.
fn assert_storable_path(path: &str) {
    assert!(!path.is_empty(), "empty path");
    assert!(!path.starts_with('/'), "absolute path {path:?}");
    assert!(
        !path.contains('\\') && !path.contains('\0'),
        "path {path:?}"
    );
    for segment in path.split('/') {
        assert!(
            !segment.is_empty() && segment != "." && segment != "..",
            "path {path:?}"
        );
    }
    let _ = content_type_for(path);
}

/// Per-type validation of a drop (415, 413, 422 or a stored upload), as the create route runs it.
pub fn content(data: &[u8]) {
    let Some((source_type, name, bytes)) = file_of(data) else {
        return;
    };
    assert!(check_extension(source_type, &name).is_ok());
    match validate(source_type, &name, bytes.to_vec()) {
        Ok(Upload::Site(mut site)) => {
            for i in 0..site.len() {
                assert_storable_path(site.path(i));
                let _ = site.read(i);
            }
        }
        Ok(Upload::File { bytes: kept, .. }) => assert_eq!(kept, bytes, "a file is stored as sent"),
        Err(e) => assert!(matches!(e.status(), 413 | 415 | 422), "{e:?}"),
    }
}

/// Enrichment hints from any content: bounded and printable whatever the bytes.
pub fn enrichment(data: &[u8]) {
    let Some((source_type, name, bytes)) = file_of(data) else {
        return;
    };
    let Some(found) = extract_enrichment(source_type, &name, bytes) else {
        return;
    };
    if let Some(description) = &found.description {
        assert!(description.chars().count() <= 280, "{description:?}");
    }
    assert!(found.tags.len() <= 8, "{:?}", found.tags);
    for tag in &found.tags {
        assert_eq!(tag, &tag.to_lowercase(), "tags are lower case");
    }
}

/// Markdown from an upload, rendered: nothing executable may come out, and the page around it
/// carries no script but Plug's own diagrams-and-math script, by URL. The first line is the page
/// title (a user's display name).
pub fn markdown(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (title, body) = text.split_once('\n').unwrap_or(("", &text));
    assert_inert_fragment(&markdown_to_safe_html(body));
    let page = markdown_page(body, title, "_plug/file?download=1");
    for (name, attributes) in start_tags(&page) {
        if name == "script" {
            assert_eq!(
                attributes,
                [("src".to_string(), MARKDOWN_EXTRAS_JS.to_string())],
                "a script in the markdown page"
            );
        }
        for (attribute, _) in attributes {
            assert!(!attribute.starts_with("on"), "{attribute} on <{name}>");
        }
    }
}

/// A grid's badge theme (stored JSON): what parses round-trips, and the badge tag that carries it
/// stays one script tag whose theme attribute reads back as the same JSON.
pub fn theme(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(theme) = parse_theme_str(text) else {
        return;
    };
    let json = theme.to_json();
    assert_eq!(
        parse_theme_str(&json).ok().as_ref(),
        Some(&theme),
        "round trip of {json}"
    );
    let tag = BadgeTag {
        base_url: "http://localhost:8787".into(),
        entity_id: "0b5e2c1a-1111-4222-8333-444455556666".into(),
        grid_slug: "grid".into(),
        mode: BadgeTagMode::Auto,
        position: Some(Position::BottomLeft),
        theme: Some(theme.clone()),
        shell: false,
    };
    // The shell carries the theme too, in one style attribute of its wrapper.
    let shell = start_tags(
        &BadgeTag {
            shell: true,
            ..tag.clone()
        }
        .shell_html(),
    );
    assert_eq!(shell[0].0, "platform-badge", "the shell first: {shell:?}");
    assert!(
        shell.iter().all(|(name, _)| matches!(
            name.as_str(),
            "platform-badge" | "template" | "style" | "div" | "svg" | "path" | "i"
        )),
        "only the shell's own tags: {shell:?}"
    );
    let tags = start_tags(&tag.to_html());
    assert_eq!(tags.len(), 1, "one tag: {tags:?}");
    let (name, attributes) = &tags[0];
    assert_eq!(name, "script");
    let carried = attributes
        .iter()
        .find(|(k, _)| k == "data-platform-theme")
        .map(|(_, v)| {
            serde_json::from_str::<serde_json::Value>(v).expect("theme attribute is JSON")
        });
    if !theme.is_empty() {
        assert_eq!(carried, Some(theme.to_value()));
    }
}

/// The page rewriter over HTML split into chunks where the input says: the result is the same
/// as rewriting the page whole, and the badge tag goes in exactly once.
pub fn rewriter(data: &[u8]) {
    let [flags, split_a, split_b, html @ ..] = data else {
        return;
    };
    let tag = (flags & 1 == 1).then(|| BadgeTag {
        base_url: "http://localhost:8787".into(),
        entity_id: "0b5e2c1a-1111-4222-8333-444455556666".into(),
        grid_slug: "grid".into(),
        mode: BadgeTagMode::LockedShow,
        position: None,
        theme: None,
        shell: flags & 4 == 4,
    });
    let noindex = flags & 2 == 2;
    let whole = rewrite_whole(html, tag.as_ref(), noindex);
    let chunked = rewrite_in_chunks(html, tag.as_ref(), noindex, &[*split_a, *split_b]);
    assert_eq!(whole, chunked, "chunk boundaries changed the output");
    if let (Ok(out), Some(tag)) = (&whole, &tag) {
        let needle = tag.to_html();
        assert_eq!(
            count(out, needle.as_bytes()),
            count(html, needle.as_bytes()) + 1,
            "the badge tag goes in once"
        );
    }
    if let Ok(text) = std::str::from_utf8(html) {
        let in_memory = rewrite_page(text, tag.as_ref(), noindex).map(String::into_bytes);
        assert_eq!(
            in_memory.ok(),
            whole.ok(),
            "rewrite_page and the injector agree"
        );
    }
}

fn rewrite_whole(html: &[u8], tag: Option<&BadgeTag>, noindex: bool) -> Result<Vec<u8>, String> {
    rewrite_in_chunks(html, tag, noindex, &[])
}

/// Feeds `html` to one injector in chunks whose sizes cycle through `sizes` (0 means one byte).
fn rewrite_in_chunks(
    html: &[u8],
    tag: Option<&BadgeTag>,
    noindex: bool,
    sizes: &[u8],
) -> Result<Vec<u8>, String> {
    let head = HeadAdditions {
        noindex,
        ..HeadAdditions::default()
    };
    let mut injector = BadgeInjector::for_page(tag, head);
    let mut out = Vec::new();
    let mut rest = html;
    let mut turn = 0;
    while !rest.is_empty() {
        let size = match sizes {
            [] => rest.len(),
            _ => usize::from(sizes[turn % sizes.len()])
                .max(1)
                .min(rest.len()),
        };
        let (chunk, after) = rest.split_at(size);
        out.extend(injector.write(chunk).map_err(|e| e.to_string())?);
        rest = after;
        turn += 1;
    }
    out.extend(injector.end().map_err(|e| e.to_string())?);
    Ok(out)
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

const SORTS: &[&str] = &[
    "created_at_desc",
    "view_count_desc",
    "reactions_desc",
    "updated_at_desc",
    "link_created_at_desc",
    "feedback_created_at_desc",
];

/// A list cursor from the query string: whatever decodes re-encodes to a cursor that decodes
/// to the same position, for the sort it was made for only.
pub fn cursor(data: &[u8]) {
    let raw = String::from_utf8_lossy(data);
    for sort in SORTS {
        let Some(found) = Cursor::decode(&raw, sort) else {
            continue;
        };
        assert_eq!(found.sort, *sort);
        assert!(plug_domain::validate::is_uuid(&found.id), "{:?}", found.id);
        assert_eq!(Cursor::decode(&found.encode(), sort), Some(found.clone()));
    }
}

const SECRET: &[u8] = b"fuzz-secret-0123456789-abcdefghijklmnop";
/// 2026-11-21T00:00:00Z: the seeds' tokens are valid around it.
const NOW_MS: i64 = 1_795_219_200_000;

/// A Bearer token from a request header: verification never panics, and what it accepts is
/// a user UUID.
pub fn token(data: &[u8]) {
    let (expect_pick, raw) = data.split_first().map_or((0, &[][..]), |(a, b)| (*a, b));
    let text = String::from_utf8_lossy(raw);
    let expect = Expectations {
        issuer: (expect_pick & 1 == 1).then_some("plug"),
        audience: (expect_pick & 2 == 2).then_some("plug-serve"),
    };
    if let Ok(sub) = token::verify(&text, SECRET, NOW_MS, &expect) {
        assert!(plug_domain::validate::is_uuid(&sub), "{sub:?}");
    }
}
