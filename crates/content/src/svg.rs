//! SVG checked as real XML: one `<svg>` root, well-formed, and no internal DTD subset,
//! because entity declarations are how XXE and "billion laughs" attacks start. A bare
//! `<!DOCTYPE svg PUBLIC …>` naming the W3C's DTD (matplotlib's `savefig`, Batik, older
//! Illustrator and GIMP write one) declares nothing: no browser fetches the DTD it names, and an
//! entity it might define is refused here like any undefined one.

use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use crate::ContentError;

/// What an SVG says about itself, gathered while it is checked.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct SvgInfo {
    pub(crate) width: Option<String>,
    pub(crate) height: Option<String>,
    pub(crate) view_box: Option<String>,
    pub(crate) title: Option<String>,
    pub(crate) desc: Option<String>,
}

/// Parses the whole document; refuses (422) anything a browser would not
/// render as an SVG image, and any DOCTYPE with declarations of its own (`[…]`).
pub(crate) fn check_svg(text: &str) -> Result<SvgInfo, ContentError> {
    let mut reader = Reader::from_str(text);
    let mut info = SvgInfo::default();
    let mut depth = 0usize;
    let mut root_seen = false;
    // Text of the <title> or <desc> being read, directly under the root.
    let mut capture: Option<(bool, String)> = None;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| not_xml(&e.to_string(), reader.error_position()))?;
        match event {
            Event::DocType(declaration) if declaration.as_ref().contains('[') => {
                return Err(doctype())
            }
            Event::DocType(_) => {}
            Event::Start(ref tag) | Event::Empty(ref tag) => {
                check_attributes(tag)?;
                if depth == 0 {
                    if root_seen {
                        return Err(not_xml(
                            "more than one top-level element",
                            reader.buffer_position(),
                        ));
                    }
                    root_seen = true;
                    read_root(tag, &mut info)?;
                } else if depth == 1 {
                    capture = match tag.local_name().as_ref() {
                        "title" if info.title.is_none() => Some((true, String::new())),
                        "desc" if info.desc.is_none() => Some((false, String::new())),
                        _ => None,
                    };
                }
                if matches!(event, Event::Start(_)) {
                    depth += 1;
                } else {
                    capture = None;
                }
            }
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 1 {
                    store_capture(capture.take(), &mut info);
                }
            }
            Event::Text(text) => {
                let content = text.xml10_content();
                if depth == 0 && !content.trim().is_empty() {
                    return Err(not_xml(
                        "text outside the <svg> element",
                        reader.buffer_position(),
                    ));
                }
                if let Some((_, buffer)) = capture.as_mut() {
                    buffer.push_str(&content);
                }
            }
            Event::CData(data) => {
                if let Some((_, buffer)) = capture.as_mut() {
                    buffer.push_str(&data.xml10_content());
                }
            }
            Event::GeneralRef(reference) => {
                let resolved = resolve_reference(&reference)?;
                if let Some((_, buffer)) = capture.as_mut() {
                    buffer.push(resolved);
                }
            }
            Event::Eof if depth > 0 => {
                return Err(not_xml("it ends before </svg>", reader.buffer_position()))
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
        }
    }
    if !root_seen {
        return Err(not_xml("no <svg> element", reader.buffer_position()));
    }
    Ok(info)
}

fn read_root(tag: &BytesStart<'_>, info: &mut SvgInfo) -> Result<(), ContentError> {
    if tag.local_name().as_ref() != "svg" {
        let name = tag.name().as_ref().to_string();
        return Err(ContentError::malformed(format!(
            "This file is XML but its top element is <{name}>, not <svg>, so it is not an SVG image. \
             Export it again as SVG."
        )));
    }
    for attribute in tag.attributes().flatten() {
        let value = attribute
            .normalized_value(XmlVersion::Implicit1_0)
            .map(|v| v.trim().to_string())
            .ok();
        match attribute.key.local_name().as_ref() {
            "width" => info.width = value,
            "height" => info.height = value,
            "viewBox" => info.view_box = value,
            _ => {}
        }
    }
    Ok(())
}

/// Attributes are parsed lazily by quick-xml: walk them so that a broken
/// one (unquoted, duplicated) is caught like any other XML error.
fn check_attributes(tag: &BytesStart<'_>) -> Result<(), ContentError> {
    for attribute in tag.attributes() {
        let attribute = attribute.map_err(|e| not_xml(&e.to_string(), 0))?;
        attribute
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| not_xml(&e.to_string(), 0))?;
    }
    Ok(())
}

fn store_capture(capture: Option<(bool, String)>, info: &mut SvgInfo) {
    match capture {
        Some((true, text)) => info.title = Some(text),
        Some((false, text)) => info.desc = Some(text),
        None => {}
    }
}

/// Character references and the five predefined entities; any other entity
/// could only come from a DTD, which SVG uploads may not have.
fn resolve_reference(reference: &BytesRef<'_>) -> Result<char, ContentError> {
    if let Ok(Some(c)) = reference.resolve_char_ref() {
        return Ok(c);
    }
    let name = reference.xml10_content();
    match name.as_ref() {
        "lt" => Ok('<'),
        "gt" => Ok('>'),
        "amp" => Ok('&'),
        "quot" => Ok('"'),
        "apos" => Ok('\''),
        _ => Err(ContentError::malformed(format!(
            "The SVG uses the entity &{name}; which is not defined. SVG files may only use &lt; &gt; \
             &amp; &quot; &apos; and numeric character references."
        ))),
    }
}

fn doctype() -> ContentError {
    ContentError::malformed(
        "The SVG's <!DOCTYPE> declares entities of its own. Plug refuses them in SVG uploads \
         because entity declarations can read files or explode in size (XXE, \"billion laughs\"). \
         Export the SVG again without them (Illustrator: untick \"Preserve Illustrator Editing \
         Capabilities\"), or delete the <!DOCTYPE ...> declaration, and upload again.",
    )
}

fn not_xml(reason: &str, position: u64) -> ContentError {
    ContentError::malformed(format!(
        "The SVG is not well-formed XML ({reason}, near byte {position}). Export it again from \
         your drawing tool."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_a_plain_svg_and_reads_its_size_and_title() {
        let svg = r#"<?xml version="1.0"?>
            <!-- drawn by hand -->
            <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80px" viewBox="0 0 120 80">
              <title>Logo &amp; mark</title><desc>A <![CDATA[round]]> logo</desc>
              <g><title>inner, ignored</title><rect width="1" height="1"/></g>
            </svg>"#;
        let info = check_svg(svg).unwrap();
        assert_eq!(info.width.as_deref(), Some("120"));
        assert_eq!(info.height.as_deref(), Some("80px"));
        assert_eq!(info.view_box.as_deref(), Some("0 0 120 80"));
        assert_eq!(info.title.as_deref(), Some("Logo & mark"));
        assert_eq!(info.desc.as_deref(), Some("A round logo"));
    }

    #[test]
    fn accepts_a_prefixed_svg_root() {
        check_svg(r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>"#).unwrap();
    }

    #[test]
    fn accepts_the_public_svg_doctype_matplotlib_writes() {
        let svg = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n  \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"460.8pt\" height=\"345.6pt\" viewBox=\"0 0 460.8 345.6\"/>";
        assert_eq!(check_svg(svg).unwrap().width.as_deref(), Some("460.8pt"));
        // What it names is never read: an entity it might declare stays undefined.
        let svg = r#"<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg>&passwd;</svg>"#;
        assert!(check_svg(svg).unwrap_err().message().contains("&passwd;"));
    }

    #[test]
    fn rejects_a_doctype_with_declarations_even_harmless_ones() {
        let svg = r#"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]><svg xmlns="&ns_svg;"/>"#;
        assert!(check_svg(svg).unwrap_err().message().contains("<!DOCTYPE>"));
    }

    #[test]
    fn rejects_billion_laughs() {
        let svg = r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><svg>&lol2;</svg>"#;
        assert!(check_svg(svg).unwrap_err().message().contains("XXE"));
    }

    #[test]
    fn rejects_external_entities() {
        let svg = r#"<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg>&xxe;</svg>"#;
        assert_eq!(check_svg(svg).unwrap_err().status(), 422);
    }

    #[test]
    fn rejects_undefined_entities() {
        assert!(check_svg("<svg><text>&nbsp;</text></svg>")
            .unwrap_err()
            .message()
            .contains("&nbsp;"));
        check_svg("<svg><text>&#169; &#xA9; &lt;</text></svg>").unwrap();
    }

    #[test]
    fn rejects_another_root_element() {
        let error = check_svg("<html><svg/></html>").unwrap_err();
        assert!(error.message().contains("<html>, not <svg>"), "{error}");
    }

    #[test]
    fn rejects_malformed_xml() {
        for svg in [
            "<svg><g></svg>",
            "<svg>",
            "<svg></g>",
            "<svg a=1/>",
            r#"<svg a="1" a="2"/>"#,
            "<svg/><svg/>",
            "hello <svg/>",
            "",
            "<!-- only a comment -->",
        ] {
            assert_eq!(check_svg(svg).map_err(|e| e.status()), Err(422), "{svg}");
        }
    }
}
