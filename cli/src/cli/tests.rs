#[test]
fn the_help_states_the_limits_the_server_applies() {
    use plug_domain::limits::{SITE_MAX_FILES, SITE_MAX_UNPACKED_BYTES, UPLOAD_MAX_BYTES};
    let mb = |n: u64| n / (1024 * 1024);
    assert!(DEFAULTS.contains(&format!("{} MB per drop", mb(UPLOAD_MAX_BYTES))));
    assert!(DEFAULTS.contains(&format!("at most {SITE_MAX_FILES} files")));
    let unpacked = plug_domain::limits::cap_text(SITE_MAX_UNPACKED_BYTES);
    assert!(DEFAULTS.contains(&format!("unpacks to at most {unpacked}")));
}

use super::*;
use clap::CommandFactory;

#[test]
fn the_command_line_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn a_bare_path_is_a_drop() {
    let cli = Cli::try_parse_from(["plug", "deck.pptx", "--pin", "keep it", "--json"]).unwrap();
    assert!(cli.command.is_none());
    assert_eq!(cli.drop.path.unwrap(), PathBuf::from("deck.pptx"));
    assert_eq!(cli.drop.pin.as_deref(), Some("keep it"));
    assert!(cli.global.json);
}

#[test]
fn subcommands_take_global_flags_after_them() {
    let cli =
        Cli::try_parse_from(["plug", "ls", "--sort", "views", "--json", "--grid", "acme"]).unwrap();
    let Some(Command::Ls(ls)) = cli.command else {
        panic!("ls")
    };
    assert_eq!(ls.sort, SortArg::Views);
    assert_eq!(cli.global.grid.as_deref(), Some("acme"));
}

#[test]
fn expiry_and_pin_cannot_be_combined() {
    assert!(Cli::try_parse_from(["plug", "a.md", "--expires", "3", "--pin", "forever"]).is_err());
    assert!(Cli::try_parse_from(["plug", "a.md", "--expires", "400"]).is_err());
}

#[test]
fn scope_and_visibility_take_the_wire_values() {
    let cli =
        Cli::try_parse_from(["plug", "a.md", "--scope", "org", "--visibility", "link"]).unwrap();
    assert_eq!(cli.drop.scope, Some(Scope::Org));
    assert_eq!(cli.drop.visibility, Some(CreateVisibility::Link));
    assert!(Cli::try_parse_from(["plug", "a.md", "--scope", "team"]).is_err());
}

#[test]
fn inspired_by_accepts_repeats_and_commas() {
    let cli = Cli::try_parse_from(["plug", "a.md", "--inspired-by", "a,b", "--inspired-by", "c"])
        .unwrap();
    assert_eq!(cli.drop.inspired_by, vec!["a", "b", "c"]);
}
