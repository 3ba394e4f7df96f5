//! Turns a path on disk into something to drop: a file as it is, or a folder with an
//! `index.html` zipped in memory (honouring `.gitignore`); plus the default name and source type.

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

use ignore::WalkBuilder;
use plug_domain::limits;
use plug_domain::SourceType;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::error::{CliError, CliResult};

pub mod beside;

/// The bytes of an upload: streamed from disk, or built in memory (a zipped folder).
#[derive(Debug)]
pub enum Content {
    File { path: PathBuf, len: u64 },
    Bytes(Vec<u8>),
}

impl Content {
    pub fn len(&self) -> u64 {
        match self {
            Content::File { len, .. } => *len,
            Content::Bytes(bytes) => bytes.len() as u64,
        }
    }
}

/// What `plug <path>` will send.
#[derive(Debug)]
pub struct Package {
    /// The file name the server sees; its extension must match `source_type`.
    pub file_name: String,
    pub source_type: SourceType,
    pub content: Content,
    /// A valid `name` derived from the file or folder name.
    pub default_name: String,
    /// The file or folder name as a person wrote it, for `display_name`.
    pub default_display_name: String,
    /// For a folder: what went into the zip and what was left out.
    pub folder: Option<FolderReport>,
    /// For a single page, README or component: the files beside it that it uses and a single-file
    /// drop leaves out (`beside::files_left_behind`).
    pub left_behind: Vec<String>,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct FolderReport {
    pub files: usize,
    /// The bytes of the files zipped, before compression.
    pub unpacked_bytes: u64,
    pub skipped_links: Vec<String>,
    /// Whether `index.html` itself made it in (an ignore rule can leave it out).
    pub has_index: bool,
}

/// Every extension Plug takes, for the refusal message.
pub fn accepted_extensions() -> String {
    SourceType::ALL
        .iter()
        .flat_map(|t| t.extensions())
        .map(|e| format!(".{e}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Packs `path`. `named_hidden_ok` is whether a hidden file or folder written in the path itself
/// may be read (a person typed it; an agent's `plug mcp` call may not).
pub fn package(path: &Path, named_hidden_ok: bool) -> CliResult<Package> {
    check_not_hidden(path, named_hidden_ok)?;
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            CliError::usage(format!("no such file or folder: {}", path.display()))
        }
        _ => CliError::usage(format!("cannot read {}: {e}", path.display())),
    })?;
    if meta.is_dir() {
        package_folder(path)
    } else if meta.is_file() {
        package_file(path, meta.len())
    } else {
        // A FIFO, a socket or a device (a link to `/dev/zero`) has no size to check and no end:
        // reading it would hang, or fill the memory.
        Err(CliError::usage(format!(
            "cannot drop {}: it is not a regular file or folder",
            path.display()
        )))
    }
}

/// Where keys and secrets live (`~/.ssh`, `~/.aws`, `.env`, `.git`) is never read by a link: a
/// `README.md` in a cloned repository that links to `../../.ssh/id_ed25519` would otherwise be
/// dropped as that key. A folder's walk already leaves out hidden files and every link.
fn check_not_hidden(path: &Path, named_hidden_ok: bool) -> CliResult<()> {
    let Ok(named) = std::path::absolute(path) else {
        return Ok(());
    };
    let named_hidden = hidden_parts(&named);
    if let Some(part) = named_hidden.first().filter(|_| !named_hidden_ok) {
        return Err(CliError::usage(format!(
            "cannot drop {}: {part} is hidden, and an agent may not drop hidden files or folders",
            path.display()
        )));
    }
    let real = std::fs::canonicalize(path).unwrap_or(named);
    match hidden_parts(&real)
        .into_iter()
        .find(|part| !named_hidden.contains(part))
    {
        Some(part) => Err(CliError::usage(format!(
            "cannot drop {}: it is a link into {part}, a hidden file or folder",
            path.display()
        ))
        .with_hint(
            "hidden files and folders hold keys and secrets; copy the file out if you mean to share it",
        )),
        None => Ok(()),
    }
}

/// The hidden files and folders named in `path` (`.ssh`, `.env`).
fn hidden_parts(path: &Path) -> Vec<String> {
    path.components()
        .filter_map(|c| match c {
            std::path::Component::Normal(part) => {
                let part = part.to_string_lossy();
                part.starts_with('.').then(|| part.into_owned())
            }
            _ => None,
        })
        .collect()
}

fn package_file(path: &Path, len: u64) -> CliResult<Package> {
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let source_type =
        SourceType::from_file_name(&file_name).ok_or_else(|| unsupported(&file_name))?;
    check_upload_size(path, len)?;
    if plug_domain::extension_of(&file_name).as_deref() == Some("zip") {
        check_zip_caps(path)?;
    }
    let stem = display_stem(path);
    // Read again only for the warning, and only what a person writes by hand or a tool writes
    // as one file: a page of many megabytes is a build's output, not a page with files beside it.
    let left_behind = match source_type {
        SourceType::Html | SourceType::Markdown | SourceType::ReactSingleFile
            if len <= 4 * 1024 * 1024 =>
        {
            std::fs::read(path)
                .map(|bytes| {
                    beside::files_left_behind(path, source_type, &String::from_utf8_lossy(&bytes))
                })
                .unwrap_or_default()
        }
        _ => Vec::new(),
    };
    Ok(Package {
        default_name: derive_name(&stem),
        default_display_name: stem,
        file_name,
        source_type,
        content: Content::File {
            path: path.to_path_buf(),
            len,
        },
        folder: None,
        left_behind,
    })
}

fn unsupported(file_name: &str) -> CliError {
    let what = match plug_domain::extension_of(file_name) {
        Some(ext) => match plug_domain::document_hint(&ext) {
            Some(hint) => format!(".{ext} files are not something Plug can serve. {hint}"),
            None => format!(".{ext} files are not something Plug can serve"),
        },
        None => "it has no file extension to tell its type by".to_string(),
    };
    CliError::usage(format!("cannot drop {file_name}: {what}")).with_hint(format!(
        "Plug takes {}, or a folder with an index.html",
        accepted_extensions()
    ))
}

/// The name a person gave the thing: the file stem, or for `index.html` the folder it sits in.
fn display_stem(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if stem.eq_ignore_ascii_case("index") {
        if let Some(folder) = absolute(path).parent().and_then(Path::file_name) {
            return folder.to_string_lossy().into_owned();
        }
    }
    stem
}

/// The path made absolute, so `.` and `..` have a real folder name.
fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

fn package_folder(path: &Path) -> CliResult<Package> {
    let root = absolute(path);
    let folder_name = root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".to_string());
    if !root.join("index.html").is_file() {
        return Err(no_index(path));
    }
    let (bytes, report) = zip_folder(&root)?;
    check_upload_size(path, bytes.len() as u64)?;
    if !report.has_index {
        return Err(CliError::usage(format!(
            "{} has an index.html, but an ignore rule leaves it out",
            path.display()
        ))
        .with_hint(
            "check .gitignore and .ignore in the folder: the site cannot start without index.html",
        ));
    }
    Ok(Package {
        file_name: format!("{}.zip", derive_name(&folder_name)),
        source_type: SourceType::Html,
        content: Content::Bytes(bytes),
        default_name: derive_name(&folder_name),
        default_display_name: folder_name,
        folder: Some(report),
        left_behind: Vec::new(),
    })
}

/// The 50 MB upload limit (README "Limits"), checked before a byte is sent.
fn check_upload_size(path: &Path, len: u64) -> CliResult<()> {
    if len <= limits::UPLOAD_MAX_BYTES {
        return Ok(());
    }
    let mb = |n: u64| n.div_ceil(1024 * 1024);
    Err(too_big(
        path,
        &format!(
            "it is {} MB; Plug takes at most {} MB per drop",
            mb(len),
            mb(limits::UPLOAD_MAX_BYTES)
        ),
    ))
}

/// A zipped site's file count and unpacked size, from its central directory (the sizes it
/// claims: the server counts real bytes). A zip that cannot be read is left to the server,
/// whose refusal says what is wrong with it.
fn check_zip_caps(path: &Path) -> CliResult<()> {
    let Some(mut archive) = std::fs::File::open(path)
        .ok()
        .and_then(|file| zip::ZipArchive::new(file).ok())
    else {
        return Ok(());
    };
    let (mut files, mut unpacked) = (0usize, 0u64);
    for i in 0..archive.len() {
        let Ok(entry) = archive.by_index_raw(i) else {
            return Ok(());
        };
        let Ok(name) = entry.name() else {
            return Ok(());
        };
        if !limits::is_zip_clutter(&name) {
            files += 1;
            unpacked += entry.size();
        }
    }
    match limits::site_over_caps(files, unpacked) {
        Some(why) => Err(too_big(path, &why)),
        None => Ok(()),
    }
}

fn too_big(path: &Path, why: &str) -> CliError {
    CliError::usage(format!("{} is too big to drop: {why}", path.display())).with_hint(
        "drop the built output only (often dist/ or build/), or split it into several drops; \
         the limits and why they are what they are: `plug --help`",
    )
}

fn no_index(path: &Path) -> CliError {
    CliError::usage(format!("{} is a folder without an index.html at its root", path.display())).with_hint(
        "Plug serves a folder as a site that starts at index.html: add one, point plug at the folder that has it \
         (often dist/ or build/), or drop a single file from the folder instead",
    )
}

/// Zips every file under `root` that git would keep: `.gitignore` and `.ignore` files inside the folder,
/// the global git excludes, and no hidden files (so `.git/` and `.env` never leave the machine).
/// Symbolic links are left out: following them could upload files from outside the folder.
pub fn zip_folder(root: &Path) -> CliResult<(Vec<u8>, FolderReport)> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut report = FolderReport::default();
    let walk = WalkBuilder::new(root)
        .hidden(true)
        .git_ignore(true)
        .git_global(true)
        .git_exclude(true)
        .ignore(true)
        // Only the folder's own ignore files count: a parent repository usually ignores build output.
        .parents(false)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walk {
        let entry = entry.map_err(|e| CliError::failed(format!("cannot read the folder: {e}")))?;
        let Some(kind) = entry.file_type() else {
            continue;
        };
        let relative = entry_name(root, entry.path())?;
        if kind.is_symlink() {
            report.skipped_links.push(relative);
        } else if kind.is_file() {
            // The size it claims is checked before it is read: a film left in the folder is
            // refused without being loaded into memory.
            let claimed = entry.metadata().map_or(0, |m| m.len());
            let ahead = FolderReport {
                files: report.files + 1,
                unpacked_bytes: report.unpacked_bytes + claimed,
                ..FolderReport::default()
            };
            if let Some(why) = folder_over_caps(&ahead) {
                return Err(too_big(root, &why));
            }
            let bytes = std::fs::read(entry.path()).map_err(|e| {
                CliError::failed(format!("cannot read {}: {e}", entry.path().display()))
            })?;
            report.has_index |= relative == "index.html";
            writer
                .start_file(relative.as_str(), options)
                .map_err(zip_error)?;
            writer.write_all(&bytes)?;
            report.files += 1;
            report.unpacked_bytes += bytes.len() as u64;
            // Stop reading as soon as the site cannot be dropped: the server would refuse it.
            if let Some(why) = folder_over_caps(&report) {
                return Err(too_big(root, &why));
            }
        }
    }
    let bytes = writer.finish().map_err(zip_error)?.into_inner();
    Ok((bytes, report))
}

/// Checked as the folder is read, so the count stops one past the cap.
fn folder_over_caps(report: &FolderReport) -> Option<String> {
    if report.files > limits::SITE_MAX_FILES {
        let max = limits::SITE_MAX_FILES;
        return Some(format!(
            "it holds more than {max} files; a site may hold at most {max}"
        ));
    }
    limits::site_over_caps(report.files, report.unpacked_bytes)
}

/// The zip entry name of a file: its path under the root with `/` separators.
fn entry_name(root: &Path, path: &Path) -> CliResult<String> {
    let relative = path.strip_prefix(root).unwrap_or(path);
    let parts: Option<Vec<&str>> = relative
        .components()
        .map(|c| c.as_os_str().to_str())
        .collect();
    parts.map(|p| p.join("/")).ok_or_else(|| {
        CliError::usage(format!(
            "{} has a name that is not valid UTF-8",
            path.display()
        ))
    })
}

fn zip_error(e: zip::result::ZipError) -> CliError {
    CliError::failed(format!("cannot zip the folder: {e}"))
}

/// The default name of a drop, one rule for `plug` and `plug mcp`'s inline drops.
pub use plug_domain::validate::derive_name;

#[cfg(test)]
mod tests;
