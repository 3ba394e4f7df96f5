//! `plug <path>`: package the file or folder, check every field locally, upload it with a
//! progress bar, then poll the read endpoint about once a second until the Inspiration is live.

use std::fs::File;
use std::io::{Cursor, Read};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use plug_domain::validate;
use plug_domain::wire::Inspiration;
use plug_domain::{CreateVisibility, Scope, SourceType, Status, UploadedVia};
use reqwest::blocking::multipart::{Form, Part};
use reqwest::Method;
use serde_json::Value;

use super::{audience_of, expiry_of, inspiration_path, shape, text, Context};
use crate::api::Api;
use crate::cli::DropArgs;
use crate::error::{CliError, CliResult};
use crate::pack::{self, Content, Package};
use crate::ui::{self, paint};

const POLL_EVERY: Duration = Duration::from_secs(1);

/// The create form's fields, checked before a byte is uploaded.
#[derive(Debug, PartialEq, Eq)]
pub struct Fields {
    pub name: String,
    pub display_name: Option<String>,
    pub scope: Scope,
    pub space_id: Option<String>,
    pub visibility: CreateVisibility,
    /// `None` pins (sent as the text `null`).
    pub expires_in_days: Option<i64>,
    pub pin_reason: Option<String>,
    pub inspired_by: Vec<String>,
}

pub fn run(cx: &Context, args: &DropArgs) -> CliResult<()> {
    let path = args
        .path
        .as_deref()
        .ok_or_else(|| CliError::usage("give a file or folder to drop"))?;
    let package = pack::package(path, true)?;
    let mut fields = fields(args, &package)?;
    let api = cx.api()?;
    fields.inspired_by = resolve_inspired_by(&api, &args.inspired_by)?;
    report_folder(cx, &package);
    if let Some(line) = pack::beside::warning(
        &package.file_name,
        package.source_type,
        &package.left_behind,
    ) {
        cx.ui.warn(line);
    }

    let created = upload(cx, &api, &package, &fields)?;
    let done = if args.no_wait {
        created
    } else {
        wait_until_live(cx, &api, &created, Duration::from_secs(args.timeout))?
    };
    print_result(cx, &done, args.no_wait);
    if args.open {
        super::open::open_item(cx, &api, &shape(&done)?, false)?;
    }
    Ok(())
}

/// Applies the defaults (see `plug --help`) and the server's field rules.
pub fn fields(args: &DropArgs, package: &Package) -> CliResult<Fields> {
    let name = match &args.name {
        Some(n) => {
            validate::name(n).map_err(|e| CliError::usage(format!("--name {n:?}: {}", e.hint)))?
        }
        None => package.default_name.clone(),
    };
    let display_name = match &args.display_name {
        Some(d) => Some(
            validate::display_name(d)
                .map_err(|e| CliError::usage(format!("--display-name: {}", e.hint)))?,
        ),
        None => default_display_name(&package.default_display_name),
    };
    let space_id = match &args.space {
        Some(s) if validate::is_uuid(&s.to_ascii_lowercase()) => Some(s.to_ascii_lowercase()),
        Some(s) => {
            return Err(CliError::usage(format!("--space {s:?} is not a space id"))
                .with_hint("--space takes the space's UUID"))
        }
        None => None,
    };
    let scope = args.scope.unwrap_or(if space_id.is_some() {
        Scope::Space
    } else {
        Scope::Personal
    });
    if scope == Scope::Space && space_id.is_none() {
        return Err(CliError::usage("--scope space needs --space <SPACE_ID>"));
    }
    if scope != Scope::Space && space_id.is_some() {
        return Err(CliError::usage(format!(
            "--space only goes with --scope space, not {scope}"
        )));
    }
    let visibility = args.visibility.unwrap_or(match scope {
        Scope::Space => CreateVisibility::Space,
        Scope::Personal | Scope::Org => CreateVisibility::Org,
    });
    let pin_reason = args
        .pin
        .as_deref()
        .map(|r| {
            validate::pin_reason(r)
                .map_err(|e| CliError::usage(format!("--pin: the reason must be {}", e.hint)))
        })
        .transpose()?;
    let expires_in_days = if pin_reason.is_some() {
        None
    } else {
        Some(args.expires.unwrap_or(validate::DEFAULT_EXPIRES_DAYS))
    };
    if args.inspired_by.len() > validate::INSPIRED_BY_MAX {
        return Err(CliError::usage("--inspired-by takes up to 10 ids"));
    }
    Ok(Fields {
        name,
        display_name,
        scope,
        space_id,
        visibility,
        expires_in_days,
        pin_reason,
        inspired_by: args.inspired_by.clone(),
    })
}

/// The file or folder name as a title, when it makes a valid one.
fn default_display_name(raw: &str) -> Option<String> {
    let cut: String = raw
        .trim()
        .chars()
        .take(validate::DISPLAY_NAME_MAX)
        .collect();
    validate::display_name(&cut).ok()
}

/// `--inspired-by` takes names too; the API takes entity ids, so names are looked up first.
fn resolve_inspired_by(api: &Api, ids: &[String]) -> CliResult<Vec<String>> {
    ids.iter()
        .map(|id| {
            let lower = id.to_ascii_lowercase();
            if validate::is_uuid(&lower) {
                return Ok(lower);
            }
            let found = api
                .get(&inspiration_path(id, ""), &[])
                .map_err(|e| match e {
                    CliError::Api(f) if f.status == 404 => CliError::usage(format!(
                        "--inspired-by {id}: no Inspiration by that name that you can see"
                    )),
                    other => other,
                })?;
            Ok(text(&found, "entity_id").to_string())
        })
        .collect()
}

fn report_folder(cx: &Context, package: &Package) {
    let Some(folder) = &package.folder else {
        return;
    };
    for link in &folder.skipped_links {
        cx.ui
            .warn(format!("left out {link}: symbolic links are not uploaded"));
    }
    if !cx.ui.json {
        let size = human_bytes(package.content.len());
        cx.ui.note(paint(
            ui::DIM,
            format!(
                "zipped {} files ({size}) from the folder (.gitignore honoured, hidden files left out)",
                folder.files
            ),
        ));
    }
}

/// One multipart form: the fields as text, `inspired_by` once per id, then the file.
fn form(fields: &Fields, package: &Package, bar: &ProgressBar) -> CliResult<Form> {
    let mut form = Form::new()
        .text("name", fields.name.clone())
        .text("scope", fields.scope.as_str())
        .text("visibility", fields.visibility.as_str())
        .text("source_type", package.source_type.as_str())
        .text("uploaded_via", UploadedVia::Cli.as_str())
        .text(
            "expires_in_days",
            fields
                .expires_in_days
                .map_or_else(|| "null".to_string(), |d| d.to_string()),
        );
    if let Some(d) = &fields.display_name {
        form = form.text("display_name", d.clone());
    }
    if let Some(s) = &fields.space_id {
        form = form.text("space_id", s.clone());
    }
    if let Some(r) = &fields.pin_reason {
        form = form.text("pin_reason", r.clone());
    }
    for id in &fields.inspired_by {
        form = form.text("inspired_by", id.clone());
    }
    bar.set_position(0);
    let part = match &package.content {
        Content::File { path, len } => {
            let file = File::open(path)
                .map_err(|e| CliError::failed(format!("cannot read {}: {e}", path.display())))?;
            Part::reader_with_length(
                Counted {
                    inner: file,
                    bar: bar.clone(),
                },
                *len,
            )
        }
        Content::Bytes(bytes) => Part::reader_with_length(
            Counted {
                inner: Cursor::new(bytes.clone()),
                bar: bar.clone(),
            },
            bytes.len() as u64,
        ),
    };
    let part = part
        .file_name(package.file_name.clone())
        .mime_str(mime_of(package))
        .map_err(|e| CliError::failed(e.to_string()))?;
    Ok(form.part("file", part))
}

fn mime_of(package: &Package) -> &'static str {
    match (
        package.source_type,
        plug_domain::extension_of(&package.file_name).as_deref(),
    ) {
        (SourceType::Html, Some("zip")) => "application/zip",
        (SourceType::Html, _) => "text/html",
        (SourceType::Markdown, _) => "text/markdown",
        (SourceType::Pdf, _) => "application/pdf",
        (SourceType::Image, Some("svg")) => "image/svg+xml",
        (SourceType::Image, Some("png")) => "image/png",
        (SourceType::Image, Some("webp")) => "image/webp",
        (SourceType::Image, _) => "image/jpeg",
        _ => "application/octet-stream",
    }
}

/// A reader that moves the progress bar as the body is sent.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

fn upload(cx: &Context, api: &Api, package: &Package, fields: &Fields) -> CliResult<Value> {
    let bar = cx.ui.upload_bar(package.content.len(), &package.file_name);
    let result = api.send(|| {
        Ok(api
            .request(Method::POST, "/api/v2/inspirations")
            .multipart(form(fields, package, &bar)?))
    });
    bar.finish_and_clear();
    result
}

/// The part of a drop's answer that says how far it got: all the wait needs, so a server that
/// answers with less than the full shape is still followed.
#[derive(serde::Deserialize)]
struct Progress {
    entity_id: String,
    name: String,
    status: Status,
    #[serde(default)]
    error: Option<String>,
}

/// Polls the read endpoint until the Inspiration is live; a brief 5xx while it provisions is expected.
fn wait_until_live(
    cx: &Context,
    api: &Api,
    created: &Value,
    timeout: Duration,
) -> CliResult<Value> {
    let first: Progress = shape(created)?;
    let (id, name) = (first.entity_id, first.name);
    let spinner = cx.ui.spinner(format!("waiting for {name} to go live"));
    let started = Instant::now();
    let mut current = created.clone();
    let outcome = loop {
        let item: Progress = shape(&current)?;
        match item.status {
            Status::Live => break Ok(current),
            Status::Provisioning => {}
            Status::Failed => {
                let why = item
                    .error
                    .as_deref()
                    .unwrap_or("the server could not store it");
                break Err(CliError::failed(format!("{name} failed to go live: {why}"))
                    .with_hint("drop it again; `plug show` keeps the failed one for reference"));
            }
            other => {
                break Err(CliError::failed(format!(
                    "{name} is {other} instead of live"
                )))
            }
        }
        if started.elapsed() >= timeout {
            break Err(CliError::failed(format!(
                "{name} is still provisioning after {} s",
                timeout.as_secs()
            ))
            .with_hint(format!(
                "it may still go live: check with `plug show {name}`"
            )));
        }
        std::thread::sleep(POLL_EVERY);
        match api.get(&inspiration_path(&id, ""), &[]) {
            Ok(read) => current = read,
            Err(CliError::Api(f)) if f.status >= 500 => {}
            Err(e) => break Err(e),
        }
    };
    spinner.finish_and_clear();
    outcome
}

fn print_result(cx: &Context, value: &Value, accepted_only: bool) {
    if cx.ui.json {
        cx.ui.print_json(value);
        return;
    }
    let Ok(item) = shape::<Inspiration>(value) else {
        cx.ui.out(text(value, "url"));
        return;
    };
    let (name, title) = (&item.name, &item.display_name);
    let headline = if accepted_only {
        format!(
            "{} {name} accepted; still provisioning (`plug show {name}` tells when it is live)",
            paint(ui::YELLOW, "…")
        )
    } else {
        format!(
            "{} {} is live",
            paint(ui::GREEN, "✓"),
            paint(ui::BOLD, title)
        )
    };
    cx.ui.note(headline);
    cx.ui.note(paint(
        ui::DIM,
        format!(
            "  {name} · {} · visible to {} · {}",
            item.scope,
            audience_of(&item),
            expiry_of(&item)
        ),
    ));
    cx.ui.out(&item.url);
}

pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KB", "MB", "GB"];
    let mut size = n as f64;
    let mut unit = 0;
    while size >= 1024.0 && unit < UNITS.len() - 1 {
        size /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{size:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests;
