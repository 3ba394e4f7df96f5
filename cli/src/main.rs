//! `plug`: the command-line client of Plug. Parses the command line, runs one command,
//! and turns any failure into `error: <message> (<CODE>)` with exit code 1 (2 for usage).

mod api;
mod cli;
mod commands;
mod config;
mod error;
mod oidc;
mod pack;
mod table;
mod ui;

use std::process::ExitCode;

use clap::Parser;

use crate::error::CliError;

fn main() -> ExitCode {
    // rustls needs one crypto provider; ring builds without a C toolchain beyond cc.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(refused) => return parse_failure(&refused),
    };
    let ui = ui::Ui {
        json: cli.global.json,
    };
    match commands::run(cli, ui) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ui.report(&e);
            ExitCode::from(e.exit_code())
        }
    }
}

/// clap's own refusals (an unknown flag, a value out of range, a missing path) keep clap's text on
/// stderr and its exit code 2; under `--json` stdout carries the same `{ error: { code: "USAGE",
/// message } }` as every other usage error, so a script never reads an empty stdout. Help and
/// `--version` print as clap prints them.
fn parse_failure(refused: &clap::Error) -> ExitCode {
    let code = refused.exit_code();
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if code != 0 && json {
        let text = refused.to_string();
        let first = text.split("\n\n").next().unwrap_or_default().trim();
        let message = first.strip_prefix("error: ").unwrap_or(first);
        ui::Ui { json: true }.print_json(&CliError::usage(message).to_json());
    }
    let _ = refused.print();
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
