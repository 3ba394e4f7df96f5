//! A zipped static site, checked in full before anything is stored. The zip
//! itself is what gets stored: each file is found again by its entry in the
//! site index ([`SiteEntry`]) and read from the zip's bytes with one ranged
//! read, so storing a site costs one write whatever its number of files.

use std::collections::HashSet;
use std::fmt;
use std::io::Read;

use zip::read::ZipFile;
use zip::CompressionMethod;

use super::entry_path::{normalise, EntryPath};
use super::isolation::{self, EmbedderPolicy, HEADERS_FILE, HEADERS_FILE_MAX};
use super::source_project::{unbuilt_entry, BUILD_IT};
use super::{
    check_readable, is_dir_mode, is_symlink, names_too_long, open_zip, too_many_files, zip_error,
    ArchiveLimits, InflateBudget, Zip,
};
use crate::ContentError;

const NOUN: &str = "The zip";
/// How much of the home page is read for the scripts it loads (a Vite page is under 1 KB).
const HOME_READ_MAX: usize = 256 * 1024;

/// A validated zip site. Opening it checks every entry's path and inflates
/// every file, counting real bytes against [`ArchiveLimits`]; a refused upload
/// therefore stores nothing.
///
/// What is kept: regular files, with normalised `/`-separated paths. Directory
/// entries are skipped; `__MACOSX/` and `.DS_Store` (Finder clutter) are dropped
/// silently. The site's home page is `index.html` at the top of the archive;
/// a zip whose files all sit in one folder holding `index.html` (what
/// "Compress folder" makes) is accepted too, with that folder stripped from
/// every path.
pub struct SiteArchive {
    zip: Zip<Vec<u8>>,
    files: Vec<SiteFile>,
    isolation: Option<EmbedderPolicy>,
}

struct SiteFile {
    zip_index: usize,
    path: String,
    size: u64,
    data_offset: u64,
    stored_size: u64,
    deflated: bool,
}

/// Where one file of a site sits inside the stored zip: its bytes are
/// `stored_size` bytes at `data_offset`, raw deflate when `deflated`, and
/// they inflate to exactly `size` bytes (checked when the zip was opened).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteEntry<'a> {
    pub path: &'a str,
    pub data_offset: u64,
    pub stored_size: u64,
    pub size: u64,
    pub deflated: bool,
}

/// A file entry that passed the path checks, before the top folder is stripped.
struct Candidate {
    zip_index: usize,
    path: String,
    compressed: u64,
}

impl SiteArchive {
    /// Validates the whole archive (see the type's docs for what is refused).
    pub fn open(bytes: Vec<u8>, limits: &ArchiveLimits) -> Result<SiteArchive, ContentError> {
        let archive_len = bytes.len();
        let mut zip = open_zip(bytes, limits, NOUN)?;
        let candidates = list_files(&zip, limits)?;
        let top = site_root(&candidates)?;
        let mut budget = InflateBudget::new(*limits, archive_len);
        let mut files = Vec::with_capacity(candidates.len());
        let mut headers_file: Option<Vec<u8>> = None;
        let mut home: Option<Vec<u8>> = None;
        let mut threaded = Vec::new();
        for candidate in candidates {
            let entry = zip
                .by_index(candidate.zip_index)
                .map_err(|e| zip_error(NOUN, e))?;
            let (data_offset, stored_size) = data_span(&entry, &candidate.path, archive_len)?;
            let deflated = entry.compression() == CompressionMethod::DEFLATE;
            let path = match &top {
                Some(top) => candidate.path[top.len() + 1..].to_string(),
                None => candidate.path.clone(),
            };
            // The two files whose bytes are read here: `_headers` may ask for isolation, and the
            // home page may show the zip is a project's source.
            let mut kept = match path.as_str() {
                HEADERS_FILE => Some((Vec::new(), HEADERS_FILE_MAX)),
                "index.html" => Some((Vec::new(), HOME_READ_MAX)),
                _ => None,
            };
            // A top-level script is searched for an Emscripten pthread build's mark as it
            // inflates: the end of the last chunk, then the next.
            let mark = isolation::PTHREAD_MARK;
            let mut scan = (!path.contains('/') && path.ends_with(".js")).then(Vec::new);
            let mut marked = false;
            let size = budget.inflate(&candidate.path, candidate.compressed, entry, |chunk| {
                if let Some((kept, max)) = kept.as_mut() {
                    let room = max.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
                }
                if let Some(carry) = scan.as_mut().filter(|_| !marked) {
                    carry.extend_from_slice(chunk);
                    marked = carry.windows(mark.len()).any(|w| w == mark);
                    carry.drain(..carry.len().saturating_sub(mark.len() - 1));
                }
            })?;
            if marked {
                threaded.push(path.clone());
            }
            match (path.as_str(), kept) {
                (HEADERS_FILE, Some((bytes, _))) => headers_file = Some(bytes),
                (_, Some((bytes, _))) => home = Some(bytes),
                _ => {}
            }
            files.push(SiteFile {
                zip_index: candidate.zip_index,
                path,
                size,
                data_offset,
                stored_size,
                deflated,
            });
        }
        let has = |path: &str| files.iter().any(|f| f.path == path);
        if let Some(entry) = home.as_deref().and_then(|page| unbuilt_entry(page, &has)) {
            return Err(ContentError::malformed(format!(
                "The zip is a project's source, not a built site: its index.html loads '{entry}', \
                 which a browser cannot run (a Bolt, Lovable or v0 download and a Vite project \
                 before its build look like this). {BUILD_IT}"
            )));
        }
        let isolation = isolation::asked_for(
            files.iter().map(|f| f.path.as_str()),
            headers_file.as_deref(),
            &threaded,
        );
        Ok(SiteArchive {
            zip,
            files,
            isolation,
        })
    }

    /// The embedder policy the site asks to be served with, making it cross-origin isolated
    /// (`_headers` or `coi-serviceworker.js`; see the `isolation` module).
    pub fn cross_origin_isolation(&self) -> Option<EmbedderPolicy> {
        self.isolation
    }

    /// How many files will be stored.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The storage path of file `index`, relative to the site root (`index.html`,
    /// `assets/app.js`). Panics if `index >= len()`.
    pub fn path(&self, index: usize) -> &str {
        &self.files[index].path
    }

    /// The inflated size of file `index` in bytes. Panics if `index >= len()`.
    pub fn size(&self, index: usize) -> u64 {
        self.files[index].size
    }

    /// Every storage path, in archive order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| f.path.as_str())
    }

    /// The inflated size of the whole site.
    pub fn total_size(&self) -> u64 {
        self.files.iter().map(|f| f.size).sum()
    }

    /// Where every file sits in the zip, in archive order: the site index.
    pub fn entries(&self) -> impl Iterator<Item = SiteEntry<'_>> {
        self.files.iter().map(|f| SiteEntry {
            path: &f.path,
            data_offset: f.data_offset,
            stored_size: f.stored_size,
            size: f.size,
            deflated: f.deflated,
        })
    }

    /// The zip as uploaded: what is stored, and what [`SiteArchive::entries`] point into.
    pub fn into_bytes(self) -> Vec<u8> {
        self.zip.into_inner().into_inner()
    }

    /// The index of the file stored at `path`, if any.
    pub fn index_of(&self, path: &str) -> Option<usize> {
        self.files.iter().position(|f| f.path == path)
    }

    /// Inflates file `index`. [`SiteArchive::open`] inflated and checked it
    /// already, so this should not fail; the read is still capped at the size
    /// measured then, so it can never grow. Panics if `index >= len()`.
    pub fn read(&mut self, index: usize) -> Result<Vec<u8>, ContentError> {
        let file = &self.files[index];
        let entry = self
            .zip
            .by_index(file.zip_index)
            .map_err(|e| zip_error(NOUN, e))?;
        let mut bytes = Vec::with_capacity(usize::try_from(file.size).unwrap_or(0));
        entry
            .take(file.size + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| {
                ContentError::malformed(format!(
                    "'{}' could not be inflated again ({e}).",
                    file.path
                ))
            })?;
        if bytes.len() as u64 != file.size {
            return Err(ContentError::malformed(format!(
                "'{}' changed size between reads.",
                file.path
            )));
        }
        Ok(bytes)
    }
}

impl fmt::Debug for SiteArchive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SiteArchive")
            .field("files", &self.paths().collect::<Vec<_>>())
            .finish()
    }
}

/// The span of an entry's stored bytes, which must lie inside the archive: it
/// is what a later ranged read of the stored zip fetches.
fn data_span(
    entry: &ZipFile<'_, impl Read>,
    path: &str,
    archive_len: usize,
) -> Result<(u64, u64), ContentError> {
    let stored_size = entry.compressed_size();
    entry
        .data_start()
        .filter(|start| {
            start
                .checked_add(stored_size)
                .is_some_and(|end| end <= archive_len as u64)
        })
        .map(|start| (start, stored_size))
        .ok_or_else(|| {
            ContentError::malformed(format!(
                "'{path}' claims more bytes than the zip holds; it may be truncated. Create the \
                 archive again and upload it."
            ))
        })
}

/// Checks every entry's name and kind and lists the files to keep.
fn list_files(zip: &Zip<Vec<u8>>, limits: &ArchiveLimits) -> Result<Vec<Candidate>, ContentError> {
    let mut files = Vec::new();
    let mut file_paths = HashSet::new();
    let mut dir_paths = HashSet::new();
    for zip_index in 0..zip.len() {
        let entry = zip
            .by_index_data(zip_index)
            .map_err(|e| zip_error(NOUN, e))?;
        let raw = entry.name().map_err(|e| zip_error(NOUN, e))?;
        let path = normalise(&raw)?;
        if is_symlink(entry.unix_mode()) {
            return Err(ContentError::malformed(format!(
                "'{raw}' is a symbolic link. Plug stores only regular files: replace the link with \
                 the file it points to and zip again."
            )));
        }
        let path = match path {
            EntryPath::File(path) if !is_dir_mode(entry.unix_mode()) => path,
            EntryPath::File(path) | EntryPath::Dir(path) => {
                dir_paths.insert(path);
                continue;
            }
        };
        if plug_domain::limits::is_zip_clutter(&path) {
            continue;
        }
        check_readable(&entry, &raw)?;
        if !file_paths.insert(path.clone()) {
            return Err(ContentError::malformed(format!(
                "The zip holds '{path}' more than once (under names that mean the same path). \
                 Keep one copy and zip again."
            )));
        }
        files.push(Candidate {
            zip_index,
            path,
            compressed: entry.compressed_size(),
        });
    }
    check_file_dir_clashes(&files, &file_paths, &dir_paths)?;
    if files.len() > limits.max_files {
        return Err(too_many_files(NOUN, limits));
    }
    let paths = files.iter().map(|f| f.path.len()).sum::<usize>();
    if paths > limits.max_path_bytes {
        return Err(names_too_long(NOUN, paths, limits.max_path_bytes));
    }
    Ok(files)
}

/// A path cannot be both a file and a folder (`a` and `a/b.css`): storage
/// would keep one and the site would break in ways hard to trace.
fn check_file_dir_clashes(
    files: &[Candidate],
    file_paths: &HashSet<String>,
    dir_paths: &HashSet<String>,
) -> Result<(), ContentError> {
    for file in files {
        let clash = dir_paths
            .contains(&file.path)
            .then_some(file.path.as_str())
            .or_else(|| {
                file.path
                    .match_indices('/')
                    .map(|(at, _)| &file.path[..at])
                    .find(|dir| file_paths.contains(*dir))
            });
        if let Some(clash) = clash {
            return Err(ContentError::malformed(format!(
                "The zip holds '{clash}' both as a file and as a folder. Rename one of them and zip again."
            )));
        }
    }
    Ok(())
}

/// The folder to strip so that `index.html` is at the root: `None` when it is
/// already, `Some(top)` when every file sits in the single folder `top` that
/// holds it.
fn site_root(files: &[Candidate]) -> Result<Option<String>, ContentError> {
    if files.iter().any(|f| f.path == "index.html") {
        return Ok(None);
    }
    if let Some(top) = single_top_folder(files) {
        let home = format!("{top}/index.html");
        if files.iter().any(|f| f.path == home) {
            return Ok(Some(top.to_string()));
        }
    }
    Err(no_home_page(files))
}

fn single_top_folder(files: &[Candidate]) -> Option<&str> {
    let top = top_folder(files.first()?)?;
    files
        .iter()
        .all(|f| top_folder(f) == Some(top))
        .then_some(top)
}

fn top_folder(file: &Candidate) -> Option<&str> {
    file.path.split_once('/').map(|(top, _)| top)
}

fn no_home_page(files: &[Candidate]) -> ContentError {
    if files.is_empty() {
        return ContentError::malformed(
            "The zip holds no files. Zip the folder of your site and upload it again.",
        );
    }
    // A .docx, .xlsx or .pptx renamed .zip (or an Office file's name lost on its way) is a zip of
    // Office's parts: said what it is, and where it goes.
    let office = |part: &str| files.iter().any(|f| f.path == part);
    if office("[Content_Types].xml") {
        let kind = [
            ("word/document.xml", "a Word document (.docx)", "docx"),
            ("xl/workbook.xml", "an Excel workbook (.xlsx)", "xlsx"),
            ("ppt/presentation.xml", "a PowerPoint deck (.pptx)", "pptx"),
        ]
        .into_iter()
        .find(|(part, _, _)| office(part));
        if let Some((_, what, ext)) = kind {
            return ContentError::malformed(format!(
                "This file is named .zip but holds {what}, not a zipped site. Upload it as .{ext} \
                 with source_type {ext}."
            ));
        }
    }
    // `index.htm` (older editors, Word's "Save as Web Page") and `Index.html` count as near misses.
    let nearest = files
        .iter()
        .map(|f| f.path.as_str())
        .filter(|p| {
            p.rsplit('/').next().is_some_and(|name| {
                name.eq_ignore_ascii_case("index.html") || name.eq_ignore_ascii_case("index.htm")
            })
        })
        .min_by_key(|p| (p.matches('/').count(), p.len()));
    let found = nearest
        .map(|p| format!(" (it has '{p}')"))
        .unwrap_or_default();
    // A browser's "Save page as… complete" writes `Page.html` beside `Page_files/`: zipped, its
    // one page is the home page once renamed (its links to `Page_files/` are relative).
    let only_page = || {
        let mut pages = files.iter().map(|f| f.path.as_str()).filter(|p| {
            let name = p.rsplit('/').next().unwrap_or(p).to_ascii_lowercase();
            (name.ends_with(".html") || name.ends_with(".htm")) && home_depth_ok(files, p)
        });
        pages.next().filter(|_| pages.next().is_none())
    };
    let misnamed = match nearest {
        Some(p) => Some(p).filter(|p| !p.ends_with("index.html") && home_depth_ok(files, p)),
        None => only_page(),
    };
    // A repository's README zipped with its images: no page at all, a markdown document on top.
    let markdown = || {
        files
            .iter()
            .map(|f| f.path.as_str())
            .filter(|p| p.to_ascii_lowercase().ends_with(".md") && home_depth_ok(files, p))
            .min_by_key(|p| {
                !p.rsplit('/')
                    .next()
                    .unwrap_or(p)
                    .eq_ignore_ascii_case("readme.md")
            })
    };
    // A project's source (v0's Next.js download, a Create React App): its build writes the site.
    let project = files
        .iter()
        .map(|f| f.path.as_str())
        .find(|p| p.rsplit('/').next() == Some("package.json") && home_depth_ok(files, p));
    let built = built_folder(
        files
            .iter()
            .map(|f| f.path.as_str())
            .filter(|p| home_depth_ok(files, p.rsplit_once('/').map_or("", |(dir, _)| dir))),
        project.is_some(),
    );
    let advice = match (misnamed, markdown()) {
        (Some(p), _) => format!("rename '{p}' to index.html (in lower case) and zip it again"),
        // GitHub's "Download ZIP" of a repository that publishes `docs/` or keeps its `dist/`.
        (None, _) if built.is_some() => format!(
            "the site is the folder '{}', so zip that folder by itself (GitHub's Download ZIP \
             holds a whole repository)",
            built.unwrap_or_default()
        ),
        (None, _) if project.is_some() => format!(
            "this one is a project's source (it has '{}'), so build it first (npm install, then \
             npm run build) and upload the folder the build writes: dist for Vite, out for a \
             Next.js app with output: 'export', build for Create React App",
            project.unwrap_or_default()
        ),
        (None, Some(md)) if nearest.is_none() => format!(
            "this one holds '{md}' and no page, so upload '{md}' by itself with source_type \
             markdown (its images by http(s) address show; those in the zip cannot)"
        ),
        (None, _) => "zip the folder that holds index.html, or the files inside it".to_string(),
    };
    ContentError::malformed(format!(
        "The zip has no index.html at its top level{found}. A zipped site needs index.html as its \
         home page: {advice}."
    ))
}

/// Folders a build writes a site into, or that GitHub Pages publishes (`docs`), in the order one
/// is named when a zip holds several; `public` is a project's template folder when the zip has a
/// `package.json` (Create React App's `public/index.html`), so it counts only without one.
const BUILT_FOLDERS: [&str; 7] = ["dist", "build", "out", "docs", "_site", "site", "public"];

/// The folder (its path in the zip) of the first `{folder}/index.html` among `paths` whose last
/// folder is one of [`BUILT_FOLDERS`].
fn built_folder<'a>(
    paths: impl Iterator<Item = &'a str> + Clone,
    project: bool,
) -> Option<&'a str> {
    BUILT_FOLDERS
        .iter()
        .filter(|name| !(project && **name == "public"))
        .find_map(|name| {
            paths.clone().find_map(|p| {
                let folder = p.strip_suffix("/index.html")?;
                (folder.rsplit('/').next() == Some(*name)).then_some(folder)
            })
        })
}

/// Whether `path` sits where the home page belongs: at the top, or in the one top folder.
fn home_depth_ok(files: &[Candidate], path: &str) -> bool {
    match path.split_once('/') {
        None => true,
        Some((top, rest)) => !rest.contains('/') && single_top_folder(files) == Some(top),
    }
}

#[cfg(test)]
mod tests;
