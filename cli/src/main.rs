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

fn main() -> ExitCode {
    // rustls needs one crypto provider; ring builds without a C toolchain beyond cc.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let cli = cli::Cli::parse();
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
