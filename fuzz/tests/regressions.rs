//! Replays every kept input through its harness: the crashes fuzzing found (regressions/) and the
//! seeds it starts from (seeds/). Runs on stable with `cargo test --manifest-path fuzz/Cargo.toml`.

use std::cell::RefCell;
use std::fs;
use std::path::Path;
use std::sync::Once;

/// Bugs still open in crates the fuzz crate does not own: a regression input that panics where
/// one of these says is expected to, until the fix lands. Once none of an entry's inputs fail
/// that way any more, the run fails so the entry is removed.
struct KnownBug {
    target: &'static str,
    /// Part of the panic's `file:line: message`.
    panics_at: &'static str,
    bug: &'static str,
}

const KNOWN_BUGS: &[KnownBug] = &[];

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records where and why the current thread panicked, instead of printing it.
fn record_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let why = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            LAST_PANIC.with(|last| *last.borrow_mut() = format!("{at}: {why}"));
        }));
    });
}

/// Runs `harness` on `bytes`: None when it passes, else where and why it panicked.
fn failure(harness: plug_fuzz::Harness, bytes: &[u8]) -> Option<String> {
    record_panics();
    std::panic::catch_unwind(|| harness(bytes))
        .err()
        .map(|_| LAST_PANIC.with(|last| last.borrow().clone()))
}

/// Every input under `folder`/<target>/, with its target's name and harness.
fn inputs(folder: &str) -> Vec<(String, plug_fuzz::Harness, std::path::PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut found = Vec::new();
    for dir in fs::read_dir(&root).expect("folder exists").flatten() {
        if !dir.path().is_dir() {
            continue;
        }
        let name = dir.file_name().to_string_lossy().into_owned();
        let Some((_, harness)) = plug_fuzz::TARGETS.iter().find(|(t, _)| *t == name) else {
            panic!("{folder}/{name} names no fuzz target");
        };
        for input in fs::read_dir(dir.path()).expect("readable").flatten() {
            found.push((name.clone(), *harness, input.path()));
        }
    }
    found
}

#[test]
fn every_crash_fuzzing_found_stays_fixed() {
    let mut new_failures = Vec::new();
    let mut still_open = vec![false; KNOWN_BUGS.len()];
    for (target, harness, path) in inputs("regressions") {
        let Some(why) = failure(harness, &fs::read(&path).expect("readable input")) else {
            continue;
        };
        match KNOWN_BUGS
            .iter()
            .position(|b| b.target == target && why.contains(b.panics_at))
        {
            Some(known) => still_open[known] = true,
            None => new_failures.push(format!("{}: {why}", path.display())),
        }
    }
    assert!(new_failures.is_empty(), "{new_failures:#?}");
    for (bug, open) in KNOWN_BUGS.iter().zip(still_open) {
        assert!(open, "fixed, so remove it from KNOWN_BUGS: {}", bug.bug);
    }
}

#[test]
fn every_seed_passes_its_harness() {
    let seeds = inputs("seeds");
    assert!(seeds.len() >= 8, "a seed per target at least");
    for (_, harness, path) in seeds {
        let why = failure(harness, &fs::read(&path).expect("readable input"));
        assert!(why.is_none(), "{}: {why:?}", path.display());
    }
}

#[test]
fn every_target_has_seeds() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    for (target, _) in plug_fuzz::TARGETS {
        assert!(seeds.join(target).is_dir(), "no seeds/{target}");
    }
}
