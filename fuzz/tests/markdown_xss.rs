//! Public XSS payload sets (xss/README.md) through markdown rendering: as the document itself and
//! in every markdown construct that carries a URL. Nothing executable may come out.

use std::fs;
use std::path::Path;

fn payloads() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("xss");
    let mut found: Vec<String> = fs::read_to_string(dir.join("xss-filters-seed.xss"))
        .expect("xss-filters payloads")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    // Plug's own cases for the surfaces the page's script draws: mermaid and KaTeX input.
    found.extend(
        fs::read_to_string(dir.join("plug-diagrams-and-math.xss"))
            .expect("diagram and formula payloads")
            .split("\n---\n")
            .filter(|p| !p.trim().is_empty())
            .map(str::to_string),
    );
    for file in fs::read_dir(dir.join("bleach"))
        .expect("bleach payloads")
        .flatten()
    {
        found.push(fs::read_to_string(file.path()).expect("utf-8 payload"));
    }
    found
}

/// The payload where markdown puts raw text, link and image targets, autolinks and references.
fn placements(payload: &str) -> Vec<String> {
    let one_line = payload.replace('\n', " ");
    // A footnote's label becomes the ids and links of its note and references.
    let label: String = payload
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '[' | ']'))
        .collect();
    vec![
        payload.to_string(),
        format!("Title\n{payload}"),
        format!("{payload}\n"),
        format!("[x]({one_line})"),
        format!("[x](<{one_line}>)"),
        format!("![x]({one_line})"),
        format!("![x](<{one_line}>)"),
        format!("<{one_line}>"),
        format!("[x]\n\n[x]: {one_line}"),
        format!("![x]\n\n[x]: <{one_line}> \"t\""),
        format!("| a |\n|---|\n| {one_line} |"),
        format!("*{one_line}* **[y]({one_line})**"),
        format!("- [ ] {one_line}\n\n> [!NOTE]\n> {one_line}"),
        format!("x[^1]\n\n[^1]: {one_line}"),
        format!("x[^{label}] y[^{label}]\n\n[^{label}]: z"),
        // YAML front matter, drawn as a table of keys and values.
        format!("---\nk: {one_line}\n{label}: v\nlist:\n  - {one_line}\n---\n\n# T"),
        // Diagram and formula sources, which the page hands to mermaid and KaTeX.
        format!("```mermaid\n{payload}\n```"),
        format!("```math\n{payload}\n```"),
        format!("Cost ${one_line}$ and $${one_line}$$"),
        format!("$$\n{payload}\n$$"),
        format!("https://a.example/{one_line} www.{one_line} :{one_line}:"),
    ]
}

#[test]
fn the_public_payload_sets_are_here() {
    assert!(payloads().len() >= 180, "{} payloads", payloads().len());
}

#[test]
fn no_public_xss_payload_survives_markdown_rendering() {
    let mut rendered = 0;
    for payload in payloads() {
        for markdown in placements(&payload) {
            // The harness asserts the fragment inert and the whole page free of script.
            plug_fuzz::markdown(markdown.as_bytes());
            rendered += 1;
        }
    }
    assert!(rendered > 2000, "{rendered} documents rendered");
}
