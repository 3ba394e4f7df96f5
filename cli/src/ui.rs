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
        anstream::eprintln!("{}", terminal_safe(&text.to_string()));
    }

    pub fn warn(&self, text: impl std::fmt::Display) {
        anstream::eprintln!(
            "{} {}",
            paint(YELLOW, "warning:"),
            terminal_safe(&text.to_string())
        );
    }

    /// The result of a command on stdout.
    pub fn out(&self, text: impl std::fmt::Display) {
        write_stdout(&mut anstream::stdout(), &terminal_safe(&text.to_string()));
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
    pub fn report(&self, error_of: &CliError) {
        if self.json {
            self.print_json(&error_of.to_json());
        }
        let error = error_of.to_string();
        anstream::eprintln!("{} {}", paint(RED, "error:"), terminal_safe(&error));
        match error_of {
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
                    let line = format!("  {}{issue}{hint}", paint(BOLD, &d.field));
                    anstream::eprintln!("{}", terminal_safe(&line));
                }
                if let Some(id) = &failure.request_id {
                    let line = paint(DIM, format!("request id: {id}"));
                    anstream::eprintln!("  {}", terminal_safe(&line));
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
                anstream::eprintln!("{} {}", paint(CYAN, "hint:"), terminal_safe(hint));
            }
            _ => {}
        }
    }
}

/// What a server, a provider or a teammate wrote, made fit to print on a terminal: every control
/// character but newline and tab (escape sequences that would move the cursor, set the title,
/// write the clipboard, hide text or make links), C1 controls, and the bidirectional formatting
/// characters that would turn the words around them, become U+FFFD, so they show instead of acting.
pub fn clean(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| if unsafe_char(c) { '\u{fffd}' } else { c })
            .collect(),
    )
}

/// Every string in a server's answer, cleaned as `clean` does (keys too), before any of it is shown.
pub fn clean_value(value: &mut Value) {
    match value {
        Value::String(s) => {
            if let std::borrow::Cow::Owned(c) = clean(s) {
                *s = c;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(clean_value),
        Value::Object(map) => {
            if map.keys().any(|k| k.chars().any(unsafe_char)) {
                let entries = std::mem::take(map);
                for (k, v) in entries {
                    map.insert(clean(&k).into_owned(), v);
                }
            }
            map.values_mut().for_each(clean_value);
        }
        _ => {}
    }
}

fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The last guard before the terminal: a line as it is about to be printed keeps the styles
/// `paint` wrote (SGR sequences, `ESC [ digits ; m`) and nothing else that could act.
fn terminal_safe(line: &str) -> std::borrow::Cow<'_, str> {
    if !line.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}' {
            let params = rest[2.min(rest.len())..]
                .find(|p: char| !(p.is_ascii_digit() || p == ';'))
                .map(|n| n + 2);
            if let Some(end) = params.filter(|_| rest.starts_with("\u{1b}[")) {
                if rest[end..].starts_with('m') {
                    out.push_str(&rest[..=end]);
                    rest = &rest[end + 1..];
                    continue;
                }
            }
        }
        out.push(if unsafe_char(c) { '\u{fffd}' } else { c });
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_text_cannot_act_on_the_terminal() {
        let hostile = "ok\u{1b}]52;c;cm0gLXJmIH4=\u{7}\u{1b}[2J\r\u{9b}31m\u{202e}txt.exe";
        let shown = clean(hostile);
        assert!(!shown.chars().any(unsafe_char), "{shown:?}");
        assert!(shown.starts_with("ok\u{fffd}]52;c;"));
        assert_eq!(clean("two\nlines\tand a tab"), "two\nlines\tand a tab");
        let mut value =
            serde_json::json!({"items": [{"display_name": "a\u{1b}[8mhidden"}], "k\u{7}": 1});
        clean_value(&mut value);
        assert_eq!(value["items"][0]["display_name"], "a\u{fffd}[8mhidden");
        assert!(value.get("k\u{fffd}").is_some());
    }

    #[test]
    fn the_last_guard_keeps_paints_own_styles_only() {
        let line = format!("{} x\u{1b}]0;title\u{7} \u{1b}[31m", paint(BOLD, "name"));
        let safe = terminal_safe(&line);
        assert!(safe.starts_with(&paint(BOLD, "name")), "{safe:?}");
        assert!(safe.contains("x\u{fffd}]0;title\u{fffd}"), "{safe:?}");
        // An SGR sequence is a style wherever it comes from; data is cleaned before it gets here.
        assert!(safe.ends_with("\u{1b}[31m"));
        assert_eq!(terminal_safe("\u{1b}[2J\u{1b}["), "\u{fffd}[2J\u{fffd}[");
    }
}
