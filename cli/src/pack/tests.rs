use super::*;
use std::fs;

fn zip_names(bytes: &[u8]) -> Vec<String> {
    let archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut names: Vec<String> = archive
        .file_names()
        .map(|n| n.unwrap().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn derived_names_are_lower_case_slugs() {
    assert_eq!(derive_name("Q3 Plan (final)"), "q3-plan-final");
    assert_eq!(derive_name("my_site"), "my-site");
    assert_eq!(derive_name("--Hello--World--"), "hello-world");
}

#[test]
fn derived_names_start_with_a_letter() {
    assert_eq!(derive_name("2024 report"), "drop-2024-report");
    assert_eq!(derive_name("日本語"), "drop");
}

#[test]
fn derived_names_are_padded_to_three_characters() {
    assert_eq!(derive_name("a"), "a-drop");
    assert_eq!(derive_name("ab"), "ab-drop");
    assert_eq!(derive_name("abc"), "abc");
}

#[test]
fn derived_names_are_cut_to_forty_characters_at_a_hyphen() {
    let name = derive_name("the quarterly planning document for the whole engineering org");
    assert!(name.len() <= 40, "{name}");
    assert_eq!(name, "the-quarterly-planning-document-for-the");
    assert_eq!(derive_name(&"x".repeat(60)).len(), 40);
}

#[test]
fn every_derived_name_passes_the_server_rule() {
    for raw in [
        "",
        "-",
        "9",
        "Ünïcödé",
        "a b",
        "A.B.C",
        &"ab-".repeat(30),
        "x----------------------------------------y",
    ] {
        let name = derive_name(raw);
        assert!(
            plug_domain::validate::name(&name).is_ok(),
            "{raw:?} gave {name:?}"
        );
    }
}

#[test]
fn source_type_is_inferred_from_the_extension() {
    let dir = tempfile::tempdir().unwrap();
    for (file, expected) in [
        ("page.html", SourceType::Html),
        ("site.zip", SourceType::Html),
        ("App.jsx", SourceType::ReactSingleFile),
        ("notes.md", SourceType::Markdown),
        ("Deck.PPTX", SourceType::Pptx),
        ("logo.svg", SourceType::Image),
    ] {
        let path = dir.path().join(file);
        fs::write(&path, "x").unwrap();
        assert_eq!(
            package(&path, true).unwrap().source_type,
            expected,
            "{file}"
        );
    }
}

#[test]
fn an_unsupported_extension_is_a_usage_error_naming_what_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    fs::write(&path, "x").unwrap();
    let err = package(&path, true).unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains(".txt"), "{err}");
    let CliError::Usage {
        hint: Some(hint), ..
    } = err
    else {
        panic!("expected a hint")
    };
    assert!(
        hint.contains(".pdf") && hint.contains("index.html"),
        "{hint}"
    );
}

#[test]
fn a_notebook_or_a_dot_markdown_file_is_refused_saying_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    for (name, says) in [
        ("analysis.ipynb", "jupyter nbconvert --to html"),
        ("2024-05-01-launch.markdown", "rename it to .md"),
    ] {
        let path = dir.path().join(name);
        fs::write(&path, "x").unwrap();
        let err = package(&path, true).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
    }
}

#[test]
fn a_missing_path_is_a_usage_error() {
    let err = package(Path::new("/definitely/not/here.html"), true).unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("no such file or folder"));
}

#[test]
fn a_folder_without_index_html_is_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("page.html"), "x").unwrap();
    let err = package(dir.path(), true).unwrap_err();
    assert!(err.to_string().contains("without an index.html"), "{err}");
    assert!(matches!(err, CliError::Usage { hint: Some(_), .. }));
}

#[test]
fn index_html_is_named_after_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("Launch Site");
    fs::create_dir(&site).unwrap();
    fs::write(site.join("index.html"), "x").unwrap();
    let package = package(&site.join("index.html"), true).unwrap();
    assert_eq!(package.default_name, "launch-site");
    assert_eq!(package.file_name, "index.html");
}

#[test]
fn zipping_a_folder_honours_gitignore_and_skips_hidden_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("My Site");
    fs::create_dir_all(root.join("css")).unwrap();
    fs::create_dir_all(root.join("node_modules/lib")).unwrap();
    fs::write(root.join("index.html"), "<h1>hi</h1>").unwrap();
    fs::write(root.join("css/site.css"), "body{}").unwrap();
    fs::write(root.join("secret.log"), "no").unwrap();
    fs::write(root.join("node_modules/lib/x.js"), "no").unwrap();
    fs::write(root.join(".env"), "TOKEN=no").unwrap();
    fs::write(root.join(".gitignore"), "*.log\nnode_modules/\n").unwrap();

    let package = package(&root, true).unwrap();
    assert_eq!(package.source_type, SourceType::Html);
    assert_eq!(package.file_name, "my-site.zip");
    assert_eq!(package.default_name, "my-site");
    assert_eq!(package.default_display_name, "My Site");
    let Content::Bytes(bytes) = &package.content else {
        panic!("a folder is zipped in memory")
    };
    assert_eq!(zip_names(bytes), vec!["css/site.css", "index.html"]);
    assert_eq!(package.folder.unwrap().files, 2);
}

#[test]
fn a_folder_whose_index_html_is_ignored_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("index.html"), "x").unwrap();
    fs::write(dir.path().join(".gitignore"), "*.html\n").unwrap();
    let err = package(dir.path(), true).unwrap_err();
    assert!(err.to_string().contains("ignore rule"), "{err}");
}

#[test]
fn zipped_entries_hold_the_file_bytes() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("index.html"), "<h1>hello</h1>").unwrap();
    let (bytes, _) = zip_folder(dir.path()).unwrap();
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("index.html").unwrap(), &mut text).unwrap();
    assert_eq!(text, "<h1>hello</h1>");
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_left_out_of_the_zip() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("id_rsa"), "private").unwrap();
    fs::write(dir.path().join("index.html"), "x").unwrap();
    std::os::unix::fs::symlink(outside.path().join("id_rsa"), dir.path().join("key.txt")).unwrap();
    let (bytes, report) = zip_folder(dir.path()).unwrap();
    assert_eq!(zip_names(&bytes), vec!["index.html"]);
    assert_eq!(report.skipped_links, vec!["key.txt"]);
}

#[cfg(unix)]
#[test]
fn a_link_into_a_hidden_folder_is_refused_and_an_agent_names_none() {
    let dir = tempfile::Builder::new().prefix("plug-").tempdir().unwrap();
    let secrets = dir.path().join(".ssh");
    fs::create_dir(&secrets).unwrap();
    fs::write(
        secrets.join("id_ed25519"),
        "-----BEGIN OPENSSH PRIVATE KEY-----",
    )
    .unwrap();
    let repo = dir.path().join("repo");
    fs::create_dir(&repo).unwrap();
    std::os::unix::fs::symlink("../.ssh/id_ed25519", repo.join("README.md")).unwrap();
    fs::write(repo.join("notes.md"), "# Notes").unwrap();
    std::os::unix::fs::symlink("notes.md", repo.join("linked.md")).unwrap();
    let err = package(&repo.join("README.md"), true).unwrap_err();
    assert!(err.to_string().contains("a link into .ssh"), "{err}");
    // A link that stays out of hidden folders, and a hidden file a person names, are dropped.
    assert!(package(&repo.join("linked.md"), false).is_ok());
    fs::write(secrets.join("plan.md"), "# Plan").unwrap();
    assert!(package(&secrets.join("plan.md"), true).is_ok());
    // An agent (`plug mcp`) names no hidden file or folder, linked or not.
    let err = package(&secrets.join("plan.md"), false).unwrap_err();
    assert!(err.to_string().contains(".ssh is hidden"), "{err}");
    let err = package(&repo.join("README.md"), false).unwrap_err();
    assert!(err.to_string().contains(".ssh"), "{err}");
}
