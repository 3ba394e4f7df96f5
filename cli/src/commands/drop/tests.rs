use super::*;
use crate::cli::Cli;
use clap::Parser;

fn package(name: &str) -> Package {
    Package {
        file_name: name.into(),
        source_type: SourceType::from_file_name(name).unwrap(),
        content: Content::Bytes(vec![1, 2, 3]),
        default_name: pack::derive_name(name.split('.').next().unwrap()),
        default_display_name: name.split('.').next().unwrap().into(),
        folder: None,
        left_behind: Vec::new(),
    }
}

fn fields_for(argv: &[&str]) -> CliResult<Fields> {
    let cli = Cli::try_parse_from(argv).unwrap();
    fields(&cli.drop, &package("Q3 Plan.pdf"))
}

#[test]
fn a_plain_drop_is_personal_visible_to_the_grid_for_thirty_days() {
    let f = fields_for(&["plug", "Q3 Plan.pdf"]).unwrap();
    assert_eq!(
        (f.scope, f.visibility),
        (Scope::Personal, CreateVisibility::Org)
    );
    assert_eq!(f.name, "q3-plan");
    assert_eq!(f.display_name.as_deref(), Some("Q3 Plan"));
    assert_eq!(f.expires_in_days, Some(30));
    assert_eq!(f.pin_reason, None);
}

#[test]
fn a_space_id_implies_scope_and_visibility_space() {
    let id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    let f = fields_for(&["plug", "a.pdf", "--space", id]).unwrap();
    assert_eq!(
        (f.scope, f.visibility),
        (Scope::Space, CreateVisibility::Space)
    );
    assert_eq!(f.space_id.as_deref(), Some(id));
    assert!(fields_for(&["plug", "a.pdf", "--scope", "space"]).is_err());
    assert!(fields_for(&["plug", "a.pdf", "--space", "design"]).is_err());
}

#[test]
fn pinning_sends_no_expiry_and_checks_the_reason() {
    let f = fields_for(&["plug", "a.pdf", "--pin", "keep for the retro"]).unwrap();
    assert_eq!(
        (f.expires_in_days, f.pin_reason.as_deref()),
        (None, Some("keep for the retro"))
    );
    let err = fields_for(&["plug", "a.pdf", "--pin", "no"]).unwrap_err();
    assert_eq!(err.exit_code(), 2);
}

#[test]
fn a_bad_name_is_refused_before_uploading() {
    let err = fields_for(&["plug", "a.pdf", "--name", "Bad Name"]).unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("--name"), "{err}");
}

#[test]
fn sizes_read_like_people_write_them() {
    assert_eq!(human_bytes(512), "512 B");
    assert_eq!(human_bytes(51 * 1024 * 1024), "51.0 MB");
}
