//! Replays every kept input through its harness: the crashes fuzzing found (regressions/) and the
//! seeds it starts from (seeds/). Runs on stable with `cargo test --manifest-path fuzz/Cargo.toml`.

use std::fs;
use std::path::Path;

/// Regression inputs that still fail because the bug they found is open in a crate the fuzz
/// crate does not own: (target, files, the bug). They must keep failing; once one passes, its fix
/// landed and the entry goes.
const KNOWN_BUGS: &[(&str, &[&str], &str)] = &[(
    "enrichment",
    &[
        "attribute-without-name-before-multibyte-char",
        "minimized-attribute-without-name-before-invalid-byte",
        "crash-f3503a4631253d6dad4ecec91c258d07ca3a82b0",
    ],
    "plug-content enrich/html.rs attributes(): after an attribute with an empty name and a value \
     (`<p =\"\"é>`), `i += 1` steps into the next multi-byte char and `raw[name_start..i]` panics; \
     in the Worker the drop answers a bare 500 and brain_status stays pending",
)];

fn known_bug(folder: &str, target: &str, file: &str) -> Option<&'static str> {
    KNOWN_BUGS
        .iter()
        .find(|(t, files, _)| folder == "regressions" && *t == target && files.contains(&file))
        .map(|(_, _, bug)| *bug)
}

fn replay(folder: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut replayed = 0;
    for dir in fs::read_dir(&root).expect("folder exists").flatten() {
        if !dir.path().is_dir() {
            continue;
        }
        let name = dir.file_name().to_string_lossy().into_owned();
        let Some((_, harness)) = plug_fuzz::TARGETS.iter().find(|(t, _)| *t == name) else {
            panic!("{folder}/{name} names no fuzz target");
        };
        for input in fs::read_dir(dir.path()).expect("readable").flatten() {
            let bytes = fs::read(input.path()).expect("readable input");
            let file = input.file_name().to_string_lossy().into_owned();
            let outcome = std::panic::catch_unwind(|| harness(&bytes));
            match known_bug(folder, &name, &file) {
                None => assert!(outcome.is_ok(), "{} fails again", input.path().display()),
                Some(bug) => assert!(
                    outcome.is_err(),
                    "{} passes now: remove its KNOWN_BUGS entry ({bug})",
                    input.path().display()
                ),
            }
            replayed += 1;
        }
    }
    replayed
}

#[test]
fn every_crash_fuzzing_found_stays_fixed() {
    replay("regressions");
}

#[test]
fn every_seed_passes_its_harness() {
    assert!(replay("seeds") >= 8, "a seed per target at least");
}

#[test]
fn every_target_has_seeds() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    for (target, _) in plug_fuzz::TARGETS {
        assert!(seeds.join(target).is_dir(), "no seeds/{target}");
    }
}
