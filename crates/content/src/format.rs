//! Which concrete file format an upload claims to be, from its declared
//! source_type and its file name's extension (openapi.yaml).

use plug_domain::{extension_of, SourceType};

use crate::ContentError;

/// The format a file name announces, one step finer than [`SourceType`]:
/// it decides which parser checks the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Html,
    SiteZip,
    React,
    Markdown,
    Pdf,
    Docx,
    Xlsx,
    Pptx,
    Png,
    Jpeg,
    Webp,
    Svg,
}

/// Refuses (415) a file whose extension does not fit the declared source_type.
/// Extensions compare case-insensitively; `.zip` is accepted only for `html`.
pub fn check_extension(source_type: SourceType, file_name: &str) -> Result<(), ContentError> {
    format_of(source_type, file_name).map(|_| ())
}

/// The format of an upload, or the 415 that [`check_extension`] gives.
pub(crate) fn format_of(source_type: SourceType, file_name: &str) -> Result<Format, ContentError> {
    let Some(ext) = extension_of(file_name) else {
        return Err(ContentError::unsupported(format!(
            "'{file_name}' has no file extension. A {source_type} upload must end in {}.",
            extension_list(source_type)
        )));
    };
    if !source_type.extensions().contains(&ext.as_str()) {
        return Err(mismatch(source_type, file_name, &ext));
    }
    Ok(match ext.as_str() {
        "html" | "htm" => Format::Html,
        "zip" => Format::SiteZip,
        "jsx" | "tsx" | "js" => Format::React,
        "md" => Format::Markdown,
        "pdf" => Format::Pdf,
        "docx" => Format::Docx,
        "xlsx" => Format::Xlsx,
        "pptx" => Format::Pptx,
        "png" => Format::Png,
        "jpg" | "jpeg" => Format::Jpeg,
        "webp" => Format::Webp,
        "svg" => Format::Svg,
        // The domain added an extension this crate does not know yet.
        _ => return Err(mismatch(source_type, file_name, &ext)),
    })
}

/// Picture formats people export or save that `image` does not take.
const PICTURES_NOT_TAKEN: [&str; 9] = [
    "heic", "heif", "avif", "tif", "tiff", "bmp", "ico", "gif", "jxl",
];

fn mismatch(source_type: SourceType, file_name: &str, ext: &str) -> ContentError {
    let hint = match SourceType::from_file_name(file_name) {
        Some(other) if other != source_type => format!(" Send it with source_type {other}."),
        // Pictures a browser may show but Plug does not take (an iPhone's .heic, a scan's .tif).
        None if source_type == SourceType::Image && PICTURES_NOT_TAKEN.contains(&ext) => String::from(
            " Convert it to JPEG, PNG or WebP (Preview or Photos: Export as JPEG) and upload that.",
        ),
        None => plug_domain::document_hint(ext)
            .map(|hint| format!(" {hint}"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    ContentError::unsupported(format!(
        "'{file_name}' is a .{ext} file, but source_type {source_type} takes only {}.{hint}",
        extension_list(source_type)
    ))
}

/// ".html, .htm or .zip"
fn extension_list(source_type: SourceType) -> String {
    let dotted: Vec<String> = source_type
        .extensions()
        .iter()
        .map(|e| format!(".{e}"))
        .collect();
    match dotted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::from("no files"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_listed_extension_in_any_case() {
        for source_type in SourceType::ALL {
            for ext in source_type.extensions() {
                assert!(check_extension(*source_type, &format!("file.{ext}")).is_ok());
                let upper = format!("FILE.{}", ext.to_uppercase());
                assert!(check_extension(*source_type, &upper).is_ok(), "{upper}");
            }
        }
    }

    #[test]
    fn refuses_an_extension_of_another_source_type_and_names_the_right_one() {
        let error = check_extension(SourceType::Pdf, "deck.pptx").unwrap_err();
        assert_eq!(error.status(), 415);
        assert!(error.message().contains("source_type pptx"), "{error}");
        assert!(error.message().contains(".pdf"), "{error}");
    }

    #[test]
    fn accepts_zip_only_for_html() {
        assert!(check_extension(SourceType::Html, "site.zip").is_ok());
        for other in [SourceType::Markdown, SourceType::Docx, SourceType::Image] {
            assert_eq!(
                check_extension(other, "site.zip").unwrap_err().status(),
                415
            );
        }
    }

    #[test]
    fn says_how_to_convert_a_picture_in_a_format_plug_does_not_take() {
        for name in [
            "IMG_0412.HEIC",
            "scan.tiff",
            "logo.bmp",
            "favicon.ico",
            "photo.avif",
        ] {
            let message = check_extension(SourceType::Image, name)
                .unwrap_err()
                .to_string();
            assert!(
                message.contains("Convert it to JPEG, PNG or WebP"),
                "{message}"
            );
        }
        let message = check_extension(SourceType::Pdf, "scan.tiff")
            .unwrap_err()
            .to_string();
        assert!(!message.contains("Convert"), "{message}");
    }

    #[test]
    fn says_what_to_do_with_a_notebook_mdx_rst_adoc_or_dot_markdown() {
        for (name, says) in [
            ("_posts/2024-05-01-launch.markdown", "rename it to .md"),
            (
                "getting-started.mdx",
                "renamed to .md it is drawn as Markdown",
            ),
            ("analysis.ipynb", "jupyter nbconvert --to html"),
            ("README.rst", "pandoc README.rst -o README.md"),
            (
                "README.adoc",
                "asciidoctor README.adoc and upload the .html",
            ),
        ] {
            for declared in [SourceType::Markdown, SourceType::Html] {
                let error = check_extension(declared, name).unwrap_err();
                assert_eq!(error.status(), 415);
                assert!(error.message().contains(says), "{error}");
            }
        }
        let message = check_extension(SourceType::Markdown, "notes.txt")
            .unwrap_err()
            .to_string();
        assert!(message.ends_with("takes only .md."), "{message}");
    }

    #[test]
    fn refuses_a_file_without_an_extension() {
        let error = check_extension(SourceType::Html, "index").unwrap_err();
        assert!(error.message().contains(".html, .htm or .zip"), "{error}");
        assert_eq!(
            check_extension(SourceType::Markdown, ".md")
                .unwrap_err()
                .status(),
            415
        );
    }

    #[test]
    fn maps_extensions_to_formats() {
        assert_eq!(
            format_of(SourceType::Image, "a.JPEG").unwrap(),
            Format::Jpeg
        );
        assert_eq!(format_of(SourceType::Html, "a.htm").unwrap(), Format::Html);
        assert_eq!(
            format_of(SourceType::ReactSingleFile, "App.tsx").unwrap(),
            Format::React
        );
    }
}
