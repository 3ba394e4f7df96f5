//! The badge injector against awkward documents split at every chunk boundary
//! and at random ones: the tag must land exactly once, in exactly one place.

use plug_render::{BadgeInjector, BadgeTag, BadgeTagMode};

const HERE: &[u8] = b"@@BADGE@@";

fn tag() -> BadgeTag {
    BadgeTag {
        base_url: "https://plug.example".into(),
        entity_id: "0f8e4a52-3c1d-4b6e-9a7f-2d5c8e1b4a90".into(),
        grid_slug: "acme".into(),
        mode: BadgeTagMode::Auto,
        position: None,
        theme: None,
        shell: false,
    }
}

/// Documents with `@@BADGE@@` where the tag belongs (none: at the end).
const DOCUMENTS: &[&[u8]] = &[
    b"<!doctype html><html><head><title>t</title></head><body><p>hi</p>@@BADGE@@</body></html>\n",
    b"<p>a fragment with no body at all</p>\n@@BADGE@@",
    b"@@BADGE@@",
    b"<HTML><HEAD></HEAD><BODY CLASS=x>shouting@@BADGE@@</BODY></HTML>",
    b"<html><BoDy>mixed@@BADGE@@</bOdY></html>",
    b"<body><!-- </body> is only a comment -->text@@BADGE@@</body>",
    b"<body><script>var s = \"</body>\"; if (a < b) {}</script>after@@BADGE@@</body>",
    b"<head><style>p::after { content: \"</body>\" }</style></head><body>x@@BADGE@@</body>",
    b"<body><div title=\"</body>\" data-x='</body>'>attr</div>@@BADGE@@</body>",
    b"<title></body></title><body><textarea></body></textarea>@@BADGE@@</body>",
    b"<body>one<body class=second>two@@BADGE@@</body>three</body></html>",
    b"<body>a@@BADGE@@</body></html><body>b</body>",
    b"\xEF\xBB\xBF<!doctype html><html><body>with a BOM@@BADGE@@</body></html>",
    b"<html><head><meta charset=\"windows-1252\"></head><body>caf\xE9 \xFF\xFE \x80@@BADGE@@</body></html>",
    // Shift_JIS: trail bytes in ASCII's range (0x5C is a backslash), read as UTF-8, passed through as is.
    b"<html><head><meta charset=\"Shift_JIS\"></head><body>\x95\x5C \x83\x5C\x83\x74\x83\x67@@BADGE@@</body></html>",
    b"<body>\xC3\x28 broken utf-8 \xF0\x28\x8C\x28@@BADGE@@</body>",
    b"<body>spaced@@BADGE@@</body >\n</html>",
    b"<p>closing tag without an opening one</p></body></html>@@BADGE@@",
    b"<body><svg><![CDATA[ </body> ]]></svg>cdata@@BADGE@@</body>",
    b"<body><script><!-- document.write('<script></body></script>') --></script>escaped@@BADGE@@</body>",
    b"<body><pre>\n</body-like> text</pre>@@BADGE@@</body>",
    b"<body><template><p>x</p></template>t@@BADGE@@</body>",
];

fn split_marker(doc: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let tag_html = tag().to_html();
    match doc.windows(HERE.len()).position(|w| w == HERE) {
        Some(at) => {
            let input = [&doc[..at], &doc[at + HERE.len()..]].concat();
            let expected = [&doc[..at], tag_html.as_bytes(), &doc[at + HERE.len()..]].concat();
            (input, expected)
        }
        None => panic!(
            "document lacks the marker: {}",
            String::from_utf8_lossy(doc)
        ),
    }
}

fn run(input: &[u8], cuts: &[usize]) -> Vec<u8> {
    let mut injector = BadgeInjector::new(&tag());
    let mut out = Vec::new();
    let mut start = 0;
    for &cut in cuts.iter().chain(std::iter::once(&input.len())) {
        out.extend(injector.write(&input[start..cut]).unwrap());
        start = cut;
    }
    out.extend(injector.end().unwrap());
    out
}

fn check(doc: &[u8], cuts: &[usize]) {
    let (input, expected) = split_marker(doc);
    let out = run(&input, cuts);
    assert_eq!(
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&expected),
        "cuts {cuts:?} of {}",
        String::from_utf8_lossy(doc)
    );
}

/// xorshift: enough randomness for chunk boundaries without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn tag_lands_once_in_place_when_the_document_is_whole() {
    for doc in DOCUMENTS {
        check(doc, &[]);
    }
}

#[test]
fn tag_lands_once_in_place_whatever_single_chunk_boundary() {
    for doc in DOCUMENTS {
        let len = split_marker(doc).0.len();
        for cut in 0..=len {
            check(doc, &[cut]);
        }
    }
}

#[test]
fn tag_lands_once_in_place_when_every_byte_is_its_own_chunk() {
    for doc in DOCUMENTS {
        let len = split_marker(doc).0.len();
        let cuts: Vec<usize> = (1..len).collect();
        check(doc, &cuts);
    }
}

#[test]
fn tag_lands_once_in_place_at_random_chunk_boundaries() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for doc in DOCUMENTS {
        let len = split_marker(doc).0.len();
        for _ in 0..200 {
            let mut cuts: Vec<usize> = (0..rng.below(6)).map(|_| rng.below(len + 1)).collect();
            cuts.sort_unstable();
            check(doc, &cuts);
        }
    }
}

#[test]
fn empty_chunks_change_nothing() {
    let (input, expected) = split_marker(DOCUMENTS[0]);
    let mut injector = BadgeInjector::new(&tag());
    let mut out = injector.write(b"").unwrap();
    out.extend(injector.write(&input).unwrap());
    out.extend(injector.write(b"").unwrap());
    out.extend(injector.end().unwrap());
    assert_eq!(out, expected);
}

#[test]
fn output_streams_before_the_document_ends() {
    let mut injector = BadgeInjector::new(&tag());
    let head = injector
        .write(b"<html><body><p>first paragraph</p>\n<p>")
        .unwrap();
    assert!(
        head.starts_with(b"<html><body><p>first paragraph</p>"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    let mut out = head;
    out.extend(injector.write(b"second</p></body></html>").unwrap());
    out.extend(injector.end().unwrap());
    assert_eq!(out.windows(8).filter(|w| w == b"<script ").count(), 1);
}

fn run_chunked(input: &str, injector: &mut BadgeInjector) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in input.as_bytes().chunks(1000) {
        out.extend(injector.write(chunk).unwrap());
    }
    out
}

#[test]
fn huge_attributes_on_other_elements_stream_without_buffering() {
    let big_image = format!(
        "<img src=\"data:image/png;base64,{}\">",
        "A".repeat(64 * 1024)
    );
    let input = format!("<html><body><p>x</p>{big_image}<p>y</p></body></html>");
    let mut injector = BadgeInjector::with_memory_limit(&tag(), 8 * 1024);
    let mut out = run_chunked(&input, &mut injector);
    out.extend(injector.end().unwrap());
    let expected = input.replace("</body>", &format!("{}</body>", tag().to_html()));
    let out = String::from_utf8(out).unwrap();
    assert!(
        out == expected,
        "got {} bytes, tag at {:?}",
        out.len(),
        out.find("<script")
    );
}

#[test]
fn a_body_tag_larger_than_the_memory_limit_passes_through_and_the_tag_goes_last() {
    let input = format!(
        "<html><body data-blob=\"{}\"><p>y</p></body></html>",
        "A".repeat(64 * 1024)
    );
    let mut injector = BadgeInjector::with_memory_limit(&tag(), 8 * 1024);
    let mut out = run_chunked(&input, &mut injector);
    out.extend(injector.end().unwrap());
    let expected = format!("{input}{}", tag().to_html());
    let out = String::from_utf8(out).unwrap();
    assert!(
        out == expected,
        "got {} bytes, tag at {:?}",
        out.len(),
        out.find("<script")
    );
}

#[test]
fn in_memory_helper_injects_into_generated_pages() {
    let page = "<!doctype html><html><body><main>x</main></body></html>";
    let out = plug_render::inject_badge(page, &tag()).unwrap();
    assert_eq!(
        out,
        page.replace("</body>", &format!("{}</body>", tag().to_html()))
    );
}
