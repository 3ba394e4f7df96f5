//! How `plug` talks to people: colour only on a terminal (anstream honours NO_COLOR and
//! CLICOLOR_FORCE), progress bars only on an interactive stderr, JSON on stdout for scripts.

use std::io::IsTerminal;
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::Value;

use crate::error::CliError;

pub const BOLD: Style = Style::new().bold();
pub const DIM: Style = Style::new().dimmed();
pub const GREEN: Style = Style::new()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)))
    .bold();
pub const YELLOW: Style = Style::new()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)))
    .bold();
pub const RED: Style = Style::new()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)))
    .bold();
pub const CYAN: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));

/// Wraps text in a style; anstream strips the codes again wherever colour is off.
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

#[derive(Debug, Clone, Copy)]
pub struct Ui {
    pub json: bool,
}

impl Ui {
    /// A progress line on stderr: never part of what a script reads.
    pub fn note(&self, text: impl std::fmt::Display) {
        anstream::eprintln!("{text}");
    }

    pub fn warn(&self, text: impl std::fmt::Display) {
        anstream::eprintln!("{} {text}", paint(YELLOW, "warning:"));
    }

    /// The result of a command on stdout.
    pub fn out(&self, text: impl std::fmt::Display) {
        write_stdout(&mut anstream::stdout(), &text);
    }

    pub fn print_json(&self, value: &Value) {
        let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
        write_stdout(&mut std::io::stdout(), &text);
    }

    /// Bars and spinners draw only for a person watching stderr, never under `--json`.
    fn animated(&self) -> bool {
        !self.json && std::io::stderr().is_terminal()
    }

    pub fn upload_bar(&self, len: u64, label: &str) -> ProgressBar {
        if !self.animated() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{prefix} [{bar:30.cyan/blue}] {bytes}/{total_bytes} {bytes_per_sec} {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_prefix(format!("uploading {label}"));
        bar
    }

    pub fn spinner(&self, message: String) -> ProgressBar {
        if !self.animated() {
            return ProgressBar::hidden();
        }
        let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        spinner.set_message(message);
        spinner.enable_steady_tick(Duration::from_millis(100));
        spinner
    }

    /// `error: <message> (<CODE>)`, the details, the request id and a hint, on stderr;
    /// under `--json` the error body goes to stdout as well.
    pub fn report(&self, error: &CliError) {
        if self.json {
            self.print_json(&error.to_json());
        }
        anstream::eprintln!("{} {error}", paint(RED, "error:"));
        match error {
            CliError::Api(failure) => {
                for d in &failure.details {
                    let issue = if d.issue.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", d.issue)
                    };
                    let hint = if d.hint.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", d.hint)
                    };
                    anstream::eprintln!("  {}{issue}{hint}", paint(BOLD, &d.field));
                }
                if let Some(id) = &failure.request_id {
                    anstream::eprintln!("  {}", paint(DIM, format!("request id: {id}")));
                }
                if let Some(hint) = failure.hint() {
                    anstream::eprintln!("{} {hint}", paint(CYAN, "hint:"));
                }
            }
            CliError::Usage {
                hint: Some(hint), ..
            }
            | CliError::Failed {
                hint: Some(hint), ..
            } => {
                anstream::eprintln!("{} {hint}", paint(CYAN, "hint:"));
            }
            _ => {}
        }
    }
}

/// Writes one line of results. A reader that went away (`plug ls --json | head -1`) ends the
/// program quietly, as a Unix filter should, instead of the panic `println!` gives.
fn write_stdout(out: &mut impl std::io::Write, text: &dyn std::fmt::Display) {
    let written = writeln!(out, "{text}").and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            anstream::eprintln!("error: could not write the output: {e}");
            std::process::exit(1);
        }
    }
}
