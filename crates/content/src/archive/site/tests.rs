use super::*;
use crate::test_zip::{crc_of, deflated_zeros, zip_of, RawEntry, RawZip};

fn open(bytes: Vec<u8>) -> Result<SiteArchive, ContentError> {
    SiteArchive::open(bytes, &ArchiveLimits::DEFAULT)
}

fn message(result: Result<SiteArchive, ContentError>) -> String {
    result.unwrap_err().message().to_string()
}

#[test]
fn opens_a_site_and_reads_each_file_back() {
    let bytes = zip_of(&[
        ("index.html", b"<h1>Home</h1>"),
        ("assets/app.js", b"console.log(1)"),
    ]);
    let mut site = open(bytes).unwrap();
    assert_eq!(
        site.paths().collect::<Vec<_>>(),
        ["index.html", "assets/app.js"]
    );
    let js = site.index_of("assets/app.js").unwrap();
    assert_eq!(site.read(js).unwrap(), b"console.log(1)");
    assert_eq!(site.size(js), 14);
    assert_eq!(site.total_size(), 27);
    assert_eq!(site.read(0).unwrap(), b"<h1>Home</h1>");
}

#[test]
fn opens_a_streamed_zip_whose_sizes_follow_the_data() {
    // Finder and streaming tools write sizes in data descriptors after
    // each entry, leaving zeros in the local headers.
    let mut writer = zip::ZipWriter::new_stream(Vec::new());
    let options = zip::write::SimpleFileOptions::default();
    for (name, body) in [
        ("site/index.html", &b"<h1>Home</h1>"[..]),
        ("site/a.css", b"p{}"),
    ] {
        writer.start_file(name, options).unwrap();
        std::io::Write::write_all(&mut writer, body).unwrap();
    }
    let bytes = writer.finish().unwrap().into_inner();
    assert_ne!(bytes[6] & 0x08, 0, "the first entry uses a data descriptor");
    let mut site = open(bytes).unwrap();
    assert_eq!(site.read(0).unwrap(), b"<h1>Home</h1>");
}

/// What serving does: the entry's span of the stored zip, inflated when deflated.
fn read_from_index(stored: &[u8], entry: &SiteEntry<'_>) -> Vec<u8> {
    let start = entry.data_offset as usize;
    let span = &stored[start..start + entry.stored_size as usize];
    if !entry.deflated {
        return span.to_vec();
    }
    let mut inflater = crate::EntryInflater::new(entry.size);
    let bytes = inflater.push(span).unwrap();
    inflater.finish().unwrap();
    bytes
}

#[test]
fn the_site_index_finds_every_file_in_the_stored_zip() {
    let mut writer = zip::ZipWriter::new_stream(Vec::new());
    let deflated = zip::write::SimpleFileOptions::default();
    let stored = deflated.compression_method(CompressionMethod::STORE);
    let big: Vec<u8> = (0..50_000u32)
        .flat_map(|i| (i % 97).to_le_bytes())
        .collect();
    let files: [(&str, &[u8], _); 4] = [
        ("site/index.html", b"<h1>Home</h1>", deflated),
        ("site/logo.png", b"\x89PNG not really", stored),
        ("site/data/big.bin", &big, deflated),
        ("site/empty.txt", b"", deflated),
    ];
    for (name, body, options) in &files {
        writer.start_file(*name, *options).unwrap();
        std::io::Write::write_all(&mut writer, body).unwrap();
    }
    let site = open(writer.finish().unwrap().into_inner()).unwrap();
    let spans: Vec<_> = site
        .entries()
        .map(|e| {
            (
                e.path.to_string(),
                e.data_offset,
                e.stored_size,
                e.size,
                e.deflated,
            )
        })
        .collect();
    let kinds: Vec<bool> = spans.iter().map(|span| span.4).collect();
    assert_eq!(kinds, [true, false, true, true]);
    let stored_zip = site.into_bytes();
    for ((path, data_offset, stored_size, size, deflated), (_, body, _)) in spans.iter().zip(&files)
    {
        let entry = SiteEntry {
            path,
            data_offset: *data_offset,
            stored_size: *stored_size,
            size: *size,
            deflated: *deflated,
        };
        assert_eq!(read_from_index(&stored_zip, &entry), *body, "{path}");
        assert_eq!(*size, body.len() as u64);
    }
}

#[test]
fn refuses_an_entry_whose_stored_bytes_run_past_the_archive() {
    let mut bytes = zip_of(&[("index.html", b"<h1>Home</h1>")]);
    // The central directory's compressed size (offset 20 of its record) is made huge.
    let directory = bytes.windows(4).rposition(|w| w == b"PK\x01\x02").unwrap();
    bytes[directory + 20..directory + 24].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(open(bytes).is_err());
}

#[test]
fn strips_a_single_top_folder_that_holds_index_html() {
    let bytes = zip_of(&[
        ("my-site/", b""),
        ("my-site/index.html", b"<p>hi</p>"),
        ("my-site/css/a.css", b"p{}"),
        ("__MACOSX/my-site/._index.html", b"junk"),
    ]);
    let site = open(bytes).unwrap();
    assert_eq!(
        site.paths().collect::<Vec<_>>(),
        ["index.html", "css/a.css"]
    );
}

#[test]
fn keeps_nested_folders_and_drops_finder_clutter() {
    let bytes = zip_of(&[
        ("index.html", b"x"),
        ("a/", b""),
        ("a/b/c.txt", b"c"),
        (".DS_Store", b"junk"),
        ("a/.DS_Store", b"junk"),
        ("__MACOSX/._index.html", b"junk"),
    ]);
    assert_eq!(
        open(bytes).unwrap().paths().collect::<Vec<_>>(),
        ["index.html", "a/b/c.txt"]
    );
}

#[test]
fn rejects_a_zip_without_index_html_and_points_at_the_nested_one() {
    let bytes = zip_of(&[("dist/site/index.html", b"x"), ("readme.md", b"y")]);
    let text = message(open(bytes));
    assert!(text.contains("no index.html at its top level"), "{text}");
    assert!(text.contains("'dist/site/index.html'"), "{text}");
}

#[test]
fn a_zipped_readme_with_its_images_is_told_to_upload_the_markdown_alone() {
    let bytes = zip_of(&[
        ("uv-main/docs/guide.md", b"# Guide".as_slice()),
        ("uv-main/README.md", b"# uv"),
        ("uv-main/assets/logo.png", b"png"),
    ]);
    let text = message(open(bytes));
    assert!(text.contains("no index.html at its top level"), "{text}");
    assert!(
        text.contains("holds 'uv-main/README.md' and no page, so upload 'uv-main/README.md' by itself with source_type markdown"),
        "{text}"
    );
}

#[test]
fn a_saved_complete_page_is_told_to_rename_its_one_page() {
    // Chrome's "Save page as… complete", zipped as saved or in its folder.
    for prefix in ["", "Saved/"] {
        let page = format!("{prefix}A blog post.html");
        let bytes = zip_of(&[
            (page.as_str(), b"<h1>x</h1>".as_slice()),
            (&format!("{prefix}A blog post_files/style.css"), b"h1{}"),
            (
                &format!("{prefix}A blog post_files/page.html"),
                b"an embedded frame",
            ),
        ]);
        let text = message(open(bytes));
        assert!(
            text.contains(&format!("rename '{page}' to index.html")),
            "{text}"
        );
    }
    let bytes = zip_of(&[("a.html", b"x"), ("b.html", b"y")]);
    assert!(message(open(bytes)).contains("zip the folder that holds index.html"));
}

#[test]
fn rejects_two_top_folders_even_if_one_holds_index_html() {
    let bytes = zip_of(&[("site/index.html", b"x"), ("other/a.css", b"y")]);
    assert!(message(open(bytes)).contains("no index.html"));
}

#[test]
fn rejects_an_empty_zip() {
    assert!(message(open(zip_of(&[("empty/", b"")]))).contains("holds no files"));
}

#[test]
fn rejects_zip_with_parent_directory_entries() {
    let bytes = zip_of(&[("index.html", b"x"), ("../evil.html", b"pwned")]);
    assert!(message(open(bytes)).contains("'..'"));
}

#[test]
fn rejects_absolute_paths_even_inside_macos_clutter() {
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("/etc/cron.d/evil", b"x"))
        .build();
    assert!(message(open(bytes)).contains("absolute path"));
    let bytes = zip_of(&[("index.html", b"x"), ("__MACOSX/../../evil", b"x")]);
    assert!(open(bytes).is_err());
}

#[test]
fn reads_backslashes_as_separators_and_still_refuses_escapes() {
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("..\\..\\evil.html", b"x"))
        .build();
    assert!(message(open(bytes)).contains("'..'"));
    // PowerShell 5's Compress-Archive: `assets\site.css`.
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("assets\\site.css", b"y"))
        .build();
    let mut site = open(bytes).unwrap();
    let css = site.index_of("assets/site.css").unwrap();
    assert_eq!(site.read(css).unwrap(), b"y");
}

#[test]
fn rejects_symlink_entries() {
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("secrets", b"/etc/passwd").unix_mode(0o120_777))
        .build();
    assert!(message(open(bytes)).contains("symbolic link"));
}

#[test]
fn rejects_symlinks_written_by_the_zip_crate() {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    writer.start_file("index.html", options).unwrap();
    writer
        .add_symlink("link.html", "/etc/passwd", options)
        .unwrap();
    let bytes = writer.finish().unwrap().into_inner();
    assert!(message(open(bytes)).contains("symbolic link"));
}

#[test]
fn rejects_names_that_normalise_to_the_same_path() {
    let bytes = zip_of(&[
        ("index.html", b"x"),
        ("a/b.css", b"1"),
        ("a//./b.css", b"2"),
    ]);
    assert!(message(open(bytes)).contains("'a/b.css' more than once"));
}

#[test]
fn rejects_a_path_that_is_both_file_and_folder() {
    let bytes = zip_of(&[
        ("index.html", b"x"),
        ("docs", b"file"),
        ("docs/a.html", b"y"),
    ]);
    assert!(message(open(bytes)).contains("'docs' both as a file and as a folder"));
    let bytes = zip_of(&[("index.html", b"x"), ("docs/", b""), ("./docs", b"file")]);
    assert!(message(open(bytes)).contains("'docs' both"));
}

#[test]
fn rejects_encrypted_entries() {
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("secret.html", b"xxxxxxxxxxxxxxxx").flags(0x1))
        .build();
    assert!(message(open(bytes)).contains("password-protected"));
}

#[test]
fn rejects_codecs_other_than_stored_and_deflate() {
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(RawEntry::stored("a.bin", b"BZh91AY").method(12))
        .build();
    assert!(message(open(bytes)).contains("Plug does not read"));
}

#[test]
fn rejects_more_files_than_the_cap() {
    let limits = ArchiveLimits {
        max_files: 3,
        ..ArchiveLimits::DEFAULT
    };
    let bytes = zip_of(&[("index.html", b"x"), ("a", b"1"), ("b", b"2"), ("c", b"3")]);
    assert_eq!(SiteArchive::open(bytes, &limits).unwrap_err().status(), 413);
}

#[test]
fn rejects_a_site_whose_paths_add_up_past_the_cap_and_takes_one_at_it() {
    let limits = ArchiveLimits {
        max_path_bytes: 31,
        ..ArchiveLimits::DEFAULT
    };
    // index.html (10) + docs/a.html (11) + docs/b.html (11) = 32, one past; with b.htm, 31; the folder record and the
    // Finder clutter are not files of the site, so they do not count.
    let over = zip_of(&[
        ("index.html", b"x"),
        ("docs/", b""),
        ("docs/a.html", b"a"),
        ("docs/b.html", b"b"),
        ("__MACOSX/docs/._a.html", b""),
    ]);
    let error = SiteArchive::open(over, &limits).unwrap_err();
    assert_eq!(error.status(), 413);
    assert!(error.message().contains("file names"), "{error}");
    let at = zip_of(&[
        ("index.html", b"x"),
        ("docs/", b""),
        ("docs/a.html", b"a"),
        ("docs/b.htm", b"b"),
        ("__MACOSX/docs/._a.html", b""),
    ]);
    assert_eq!(SiteArchive::open(at, &limits).unwrap().len(), 3);
}

#[test]
fn rejects_thousands_of_files_of_long_paths_that_each_fit() {
    // What the cap is for: files within the file cap, each path short of any limit, whose paths
    // together are many rows' worth of index (20,000 of them were 20 MB; 4,400 are 4.2 MB here).
    let dir = "d".repeat(950);
    let names: Vec<String> = (0..4_400).map(|i| format!("{dir}/{i}.html")).collect();
    let mut entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    entries.push(("index.html", b"x"));
    let error = open(zip_of(&entries)).unwrap_err();
    assert_eq!(error.status(), 413);
    assert!(error.message().contains("at most 4 MB"), "{error}");
}

#[test]
fn rejects_an_archive_of_many_thousand_entries() {
    let names: Vec<String> = (0..=ArchiveLimits::DEFAULT.max_files)
        .map(|i| format!("p/{i}.html"))
        .collect();
    let mut entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    entries.push(("index.html", b"x"));
    let error = open(zip_of(&entries)).unwrap_err();
    assert_eq!(error.status(), 413);
    let cap = format!("more than {} files", ArchiveLimits::DEFAULT.max_files);
    assert!(error.message().contains(&cap), "{error}");
}

#[test]
fn rejects_a_zip_bomb_of_300_mb_of_zeros() {
    let megabytes = 300;
    let bomb = RawEntry::deflated_raw("zeros.html", deflated_zeros(megabytes), megabytes << 20);
    let bytes = RawZip::new()
        .entry(RawEntry::stored("index.html", b"x"))
        .entry(bomb)
        .build();
    assert!(
        bytes.len() < 1 << 20,
        "the bomb itself is small: {} bytes",
        bytes.len()
    );
    let error = open(bytes).unwrap_err();
    assert!(error.message().contains("zip bomb"), "{error}");
}

#[test]
fn rejects_many_small_entries_that_together_inflate_like_a_bomb() {
    let mut zip = RawZip::new().entry(RawEntry::stored("index.html", b"x"));
    let (one_mb, crc) = (deflated_zeros(1), crc_of(&vec![0; 1 << 20]));
    for i in 0..200 {
        zip = zip
            .entry(RawEntry::deflated_raw(&format!("{i}.bin"), one_mb.clone(), 1 << 20).crc(crc));
    }
    let error = open(zip.build()).unwrap_err();
    assert!(
        error.message().starts_with("The archive inflates"),
        "{error}"
    );
}

#[test]
fn counts_real_bytes_against_the_total_cap_with_plain_content() {
    let limits = ArchiveLimits {
        max_total_bytes: 1000,
        ..ArchiveLimits::DEFAULT
    };
    let bytes = zip_of(&[("index.html", &[b'a'; 600]), ("b.html", &[b'b'; 600])]);
    let error = SiteArchive::open(bytes, &limits).unwrap_err();
    assert_eq!(error.status(), 413);
    assert!(error.message().contains("more than 1000 bytes"), "{error}");
}

#[test]
fn rejects_an_entry_whose_header_understates_its_size() {
    let real = vec![b'a'; 5 << 20];
    let lying = RawEntry::deflated("index.html", &real).declared_size(10);
    let error = open(RawZip::new().entry(lying).build()).unwrap_err();
    assert_eq!(error.status(), 422);
    assert!(error.message().contains("sizes are wrong"), "{error}");
}

#[test]
fn rejects_an_entry_whose_checksum_does_not_match() {
    let entry = RawEntry::stored("index.html", b"hello").crc(0xdead_beef);
    assert_eq!(
        open(RawZip::new().entry(entry).build())
            .unwrap_err()
            .status(),
        422
    );
}

#[test]
fn a_home_page_named_index_htm_or_in_capitals_is_named_with_the_fix() {
    for (zip, named) in [
        (
            zip_of(&[("index.htm", b"x"), ("page2.htm", b"y")]),
            "'index.htm'",
        ),
        (
            zip_of(&[("site/Index.html", b"x"), ("site/a.css", b"y")]),
            "'site/Index.html'",
        ),
    ] {
        let text = message(open(zip));
        assert!(text.contains(&format!("it has {named}")), "{text}");
        assert!(
            text.contains(&format!("rename {named} to index.html")),
            "{text}"
        );
    }
    // Deeper down it is the usual advice: the folder to zip is the one holding it.
    let text = message(open(zip_of(&[
        ("dist/site/index.htm", b"x"),
        ("readme.md", b"y"),
    ])));
    assert!(
        text.contains("zip the folder that holds index.html"),
        "{text}"
    );
}

#[test]
fn a_site_asks_for_cross_origin_isolation_in_its_top_headers_file() {
    let headers: &[u8] =
        b"/*\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: require-corp\n";
    let site = open(zip_of(&[
        ("game/index.html", b"<canvas></canvas>"),
        ("game/_headers", headers),
    ]))
    .unwrap();
    assert_eq!(
        site.cross_origin_isolation(),
        Some(EmbedderPolicy::RequireCorp)
    );
    // Deeper down, it is a file like any other.
    let nested = open(zip_of(&[
        ("index.html", b"<canvas></canvas>"),
        ("docs/_headers", headers),
    ]))
    .unwrap();
    assert_eq!(nested.cross_origin_isolation(), None);
    let plain = open(zip_of(&[("index.html", b"<h1>Home</h1>")])).unwrap();
    assert_eq!(plain.cross_origin_isolation(), None);
}

#[test]
fn a_projects_source_is_refused_with_how_to_build_it() {
    let index: &[u8] =
        b"<!doctype html><div id=\"root\"></div><script type=\"module\" src=\"/src/main.tsx\"></script>";
    let message = message(open(zip_of(&[
        ("task-flow/index.html", index),
        (
            "task-flow/src/main.tsx",
            b"createRoot(root!).render(<App />)",
        ),
        ("task-flow/package.json", b"{}"),
    ])));
    assert!(message.contains("loads 'src/main.tsx'"), "{message}");
    assert!(message.contains("npm run build"), "{message}");
}

#[test]
fn a_next_or_create_react_app_source_is_told_to_build() {
    for (folder, pages) in [
        ("my-v0-app", "app/page.tsx"),
        ("todo-cra", "public/index.html"),
    ] {
        let message = message(open(zip_of(&[
            (&format!("{folder}/package.json") as &str, b"{}" as &[u8]),
            (&format!("{folder}/{pages}"), b"<p>x</p>"),
            (&format!("{folder}/README.md"), b"# App"),
        ])));
        assert!(message.contains("a project's source"), "{message}");
        assert!(message.contains("npm run build"), "{message}");
    }
}

#[test]
fn a_github_download_of_a_repository_names_the_folder_that_holds_its_site() {
    // GitHub Pages from `docs/`, beside the repository's source and README.
    let text = message(open(zip_of(&[
        ("handbook-main/README.md", b"# Handbook" as &[u8]),
        ("handbook-main/package.json", b"{}"),
        ("handbook-main/src/index.md", b"# Hi"),
        ("handbook-main/docs/index.html", b"<h1>Handbook</h1>"),
        ("handbook-main/docs/assets/app.css", b"h1{}"),
    ])));
    assert!(
        text.contains("the site is the folder 'handbook-main/docs'"),
        "{text}"
    );
    assert!(text.contains("Download ZIP"), "{text}");
    assert!(!text.contains("npm run build"), "{text}");
    // A Create React App's source: `public/index.html` is its template, not a site.
    let text = message(open(zip_of(&[
        ("todo-main/package.json", b"{}" as &[u8]),
        (
            "todo-main/public/index.html",
            b"<div id=root>%PUBLIC_URL%</div>",
        ),
    ])));
    assert!(text.contains("npm run build"), "{text}");
}

#[test]
fn a_pthread_build_is_known_by_its_main_scripts_mark_wherever_the_inflated_chunks_cut_it() {
    for boundary in [4096, 8192, 16384, 32768, 65536] {
        for shift in 1..10 {
            let mut glue: Vec<u8> = (0..boundary + 64)
                .map(|i| b"var Module={};\n"[i % 15])
                .collect();
            let at = boundary - shift;
            glue[at..at + 10].copy_from_slice(b"em-pthread");
            let site = open(zip_of(&[
                ("index.html", b"<canvas></canvas>"),
                ("index.js", &glue),
                ("index.wasm", b"\0asm\x01\0\0\0"),
            ]))
            .unwrap();
            assert_eq!(
                site.cross_origin_isolation(),
                Some(EmbedderPolicy::RequireCorp),
                "mark at {at}"
            );
        }
    }
    // The same build without threads, or the mark in a script deeper down, asks for nothing.
    for (path, glue) in [
        ("index.js", &b"var Module={};"[..]),
        ("lib/index.js", b"name:'em-pthread'"),
    ] {
        let site = open(zip_of(&[
            ("index.html", b"<canvas></canvas>"),
            (path, glue),
            ("index.wasm", b"\0asm\x01\0\0\0"),
        ]))
        .unwrap();
        assert_eq!(site.cross_origin_isolation(), None, "{path}");
    }
}

#[test]
fn names_an_office_file_sent_as_a_zipped_site() {
    let docx = zip_of(&[
        ("[Content_Types].xml", b"<Types/>"),
        ("word/document.xml", b"<w:document/>"),
        ("docProps/core.xml", b"<cp:coreProperties/>"),
    ]);
    let said = message(open(docx));
    assert!(
        said.contains("holds a Word document (.docx), not a zipped site")
            && said.contains("source_type docx"),
        "{said}"
    );
}
