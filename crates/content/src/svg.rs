//! SVG checked as real XML: one `<svg>` root, well-formed, and an internal DTD subset only of
//! the kind drawing tools write, because entity declarations are how XXE and "billion laughs"
//! attacks start. A bare `<!DOCTYPE svg PUBLIC …>` naming the W3C's DTD (matplotlib's `savefig`,
//! Batik, older Illustrator and GIMP write one) declares nothing: no browser fetches the DTD it
//! names, and an entity it might define is refused here like any undefined one. Illustrator's
//! "Save As SVG" with its editing capabilities kept declares its namespaces as entities
//! (`<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">`, used as `xmlns:i="&ns_ai;"`):
//! a subset of such plain text entities is accepted, and nothing else (external or parameter
//! entities, entities that name entities or hold markup, other declarations).

use quick_xml::escape::resolve_predefined_entity;
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
/// render as an SVG image, and any DOCTYPE declaring more than plain text entities.
pub(crate) fn check_svg(text: &str) -> Result<SvgInfo, ContentError> {
    let mut reader = Reader::from_str(text);
    let mut info = SvgInfo::default();
    let mut depth = 0usize;
    let mut root_seen = false;
    let mut entities = Entities::new();
    // Text of the <title> or <desc> being read, directly under the root.
    let mut capture: Option<(bool, String)> = None;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| not_xml(&e.to_string(), reader.error_position()))?;
        match event {
            Event::DocType(declaration) => {
                if let Some((_, subset)) = declaration.as_ref().split_once('[') {
                    entities = internal_entities(subset)?;
                }
            }
            Event::Start(ref tag) | Event::Empty(ref tag) => {
                check_attributes(tag, &entities)?;
                if depth == 0 {
                    if root_seen {
                        return Err(not_xml(
                            "more than one top-level element",
                            reader.buffer_position(),
                        ));
                    }
                    root_seen = true;
                    read_root(tag, &mut info, &entities)?;
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
                // A title is a line: what a thousand references could add is not kept.
                let buffer = capture
                    .as_mut()
                    .map(|(_, buffer)| buffer)
                    .filter(|buffer| buffer.len() < CAPTURE_MAX);
                push_reference(&reference, &entities, buffer)?;
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

fn read_root(
    tag: &BytesStart<'_>,
    info: &mut SvgInfo,
    entities: &Entities,
) -> Result<(), ContentError> {
    if tag.local_name().as_ref() != "svg" {
        let name = tag.name().as_ref().to_string();
        return Err(ContentError::malformed(format!(
            "This file is XML but its top element is <{name}>, not <svg>, so it is not an SVG image. \
             Export it again as SVG."
        )));
    }
    for attribute in tag.attributes().flatten() {
        let value = attribute
            .normalized_value_with(XmlVersion::Implicit1_0, 1, |name| entities.unexpanded(name))
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
/// A declared entity counts as known and is not expanded, so no attribute can grow here.
fn check_attributes(tag: &BytesStart<'_>, entities: &Entities) -> Result<(), ContentError> {
    for attribute in tag.attributes() {
        let attribute = attribute.map_err(|e| not_xml(&e.to_string(), 0))?;
        attribute
            .normalized_value_with(XmlVersion::Implicit1_0, 1, |name| entities.unexpanded(name))
            .map_err(|e| not_xml(&e.to_string(), 0))?;
    }
    Ok(())
}

/// The most of a `<title>` or `<desc>` kept while checking.
const CAPTURE_MAX: usize = 4096;
/// The bounds of an internal subset Plug accepts: Illustrator declares eight namespaces.
const ENTITIES_MAX: usize = 64;
const ENTITY_VALUE_MAX: usize = 512;

/// The plain text entities of an SVG's internal subset, as (name, text): a few at most.
struct Entities(Vec<(String, String)>);

impl Entities {
    fn new() -> Self {
        Entities(Vec::new())
    }

    /// The text of a declared entity; the first declaration wins, as in XML.
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The predefined entities as themselves, a declared one as nothing (see `check_attributes`).
    fn unexpanded(&self, name: &str) -> Option<&'static str> {
        resolve_predefined_entity(name).or_else(|| self.get(name).map(|_| ""))
    }
}

/// Reads an internal subset (what follows `[` in the DOCTYPE) that holds only comments and
/// `<!ENTITY name "text">` declarations whose text names no entity and holds no markup; anything
/// else is refused. Such an entity is a string substituted where it is used: no file is read and
/// nothing multiplies.
fn internal_entities(subset: &str) -> Result<Entities, ContentError> {
    let mut entities = Entities::new();
    let mut rest = subset.trim_start();
    while !rest.is_empty() && !rest.starts_with(']') {
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").ok_or_else(doctype)?;
            rest = after[end + 3..].trim_start();
            continue;
        }
        let after = rest.strip_prefix("<!ENTITY").ok_or_else(doctype)?;
        let after = after.trim_start();
        let name_end = after
            .find(|c: char| c.is_whitespace())
            .ok_or_else(doctype)?;
        let name = &after[..name_end];
        let valid_name = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'));
        let after = after[name_end..].trim_start();
        let quote = after.chars().next().filter(|q| matches!(q, '"' | '\''));
        let (Some(quote), true) = (quote, valid_name) else {
            return Err(doctype());
        };
        let value_end = after[1..].find(quote).ok_or_else(doctype)? + 1;
        let value = &after[1..value_end];
        let after = after[value_end + 1..].trim_start();
        let plain = value.len() <= ENTITY_VALUE_MAX && !value.contains(['&', '%', '<']);
        let Some(after) = after.strip_prefix('>').filter(|_| plain) else {
            return Err(doctype());
        };
        if entities.0.len() == ENTITIES_MAX {
            return Err(doctype());
        }
        entities.0.push((name.to_string(), value.to_string()));
        rest = after.trim_start();
    }
    Ok(entities)
}

fn store_capture(capture: Option<(bool, String)>, info: &mut SvgInfo) {
    match capture {
        Some((true, text)) => info.title = Some(text),
        Some((false, text)) => info.desc = Some(text),
        None => {}
    }
}

/// Character references, the five predefined entities and the plain text ones the SVG declares;
/// any other entity is undefined.
/// Checks `reference` and, when `into` is given, appends what it stands for: nothing is
/// allocated for a reference that is only checked, however many there are.
fn push_reference(
    reference: &BytesRef<'_>,
    entities: &Entities,
    into: Option<&mut String>,
) -> Result<(), ContentError> {
    if let Ok(Some(c)) = reference.resolve_char_ref() {
        if let Some(buffer) = into {
            buffer.push(c);
        }
        return Ok(());
    }
    let name = reference.xml10_content();
    let text = resolve_predefined_entity(&name).or_else(|| entities.get(&name));
    if let (Some(buffer), Some(text)) = (into, text) {
        buffer.push_str(text);
    }
    text.map(drop).ok_or_else(|| {
        ContentError::malformed(format!(
            "The SVG uses the entity &{name}; which is not defined. SVG files may only use &lt; \
                 &gt; &amp; &quot; &apos;, numeric character references and text entities declared \
                 in the file."
        ))
    })
}

fn doctype() -> ContentError {
    ContentError::malformed(
        "The SVG's <!DOCTYPE> declares more than plain text entities (external or parameter \
         entities, entities inside entities, markup, or other declarations). Plug refuses them in \
         SVG uploads because they can read files or explode in size (XXE, \"billion laughs\"). \
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

    /// Illustrator's "Save As SVG" with "Preserve Illustrator Editing Capabilities", in its shape.
    const ILLUSTRATOR: &str = r##"<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 16.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
	<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
	<!ENTITY ns_graphs "http://ns.adobe.com/Graphs/1.0/">
	<!ENTITY ns_vars "http://ns.adobe.com/Variables/1.0/">
	<!ENTITY ns_imrep "http://ns.adobe.com/ImageReplacement/1.0/">
	<!ENTITY ns_sfw "http://ns.adobe.com/SaveForWeb/1.0/">
	<!ENTITY ns_custom "http://ns.adobe.com/GenericCustomNamespace/1.0/">
	<!ENTITY ns_adobe_xpath "http://ns.adobe.com/XPath/1.0/">
]>
<svg version="1.1" id="Layer_1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns:graph="&ns_graphs;"
	 xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" width="200px"
	 height="100px" viewBox="0 0 200 100" enable-background="new 0 0 200 100" xml:space="preserve">
<title>Acme &ns_sfw;</title>
<switch>
	<foreignObject requiredExtensions="&ns_ai;" x="0" y="0" width="1" height="1">
		<i:pgfRef  xlink:href="#adobe_illustrator_pgf"></i:pgfRef>
	</foreignObject>
	<g i:extraneous="self"><rect fill="#E30613" width="200" height="100"/></g>
</switch>
</svg>"##;

    #[test]
    fn accepts_the_namespace_entities_illustrator_declares() {
        let info = check_svg(ILLUSTRATOR).unwrap();
        assert_eq!(info.width.as_deref(), Some("200px"));
        assert_eq!(
            info.title.as_deref(),
            Some("Acme http://ns.adobe.com/SaveForWeb/1.0/")
        );
        // An entity it does not declare is still undefined.
        let undeclared = ILLUSTRATOR.replace("xmlns:x=\"&ns_extend;\"", "xmlns:x=\"&ns_other;\"");
        assert!(check_svg(&undeclared).is_err());
    }

    #[test]
    fn rejects_every_other_declaration_in_the_subset() {
        for subset in [
            r#"<!ENTITY % p "x">"#,
            r#"<!ENTITY a SYSTEM "http://evil.example/x">"#,
            r#"<!ENTITY a PUBLIC "-//x" "http://evil.example/x">"#,
            r#"<!ENTITY a "b"><!ENTITY c "&a;&a;">"#,
            r#"<!ENTITY a "<script>x</script>">"#,
            r#"<!ELEMENT svg ANY>"#,
            r#"<!ATTLIST svg onload CDATA "alert(1)">"#,
            r#"<!ENTITY a "b" junk>"#,
            r#"<!ENTITY a "unterminated>"#,
            r#"<!-- unterminated"#,
        ] {
            let svg = format!("<!DOCTYPE svg [{subset}]><svg/>");
            let error = check_svg(&svg).expect_err(subset);
            assert_eq!(error.status(), 422, "{subset}: {error}");
        }
        let long = format!(
            r#"<!DOCTYPE svg [<!ENTITY a "{}">]><svg/>"#,
            "x".repeat(600)
        );
        assert!(check_svg(&long).is_err());
        let many: String = (0..65).map(|i| format!("<!ENTITY e{i} \"x\">")).collect();
        assert!(check_svg(&format!("<!DOCTYPE svg [{many}]><svg/>")).is_err());
    }

    #[test]
    fn a_declared_entity_used_many_times_grows_nothing() {
        let value = "x".repeat(ENTITY_VALUE_MAX);
        let uses = "&a;".repeat(100_000);
        let svg = format!(
            r#"<!DOCTYPE svg [<!ENTITY a "{value}">]><svg id="{uses}"><title>{uses}</title></svg>"#
        );
        let info = check_svg(&svg).unwrap();
        assert!(info.title.unwrap().len() < CAPTURE_MAX + ENTITY_VALUE_MAX);
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
