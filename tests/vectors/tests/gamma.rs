//! Gamma's batch-mode conformance: every triple of
//! `tests/data/gamma/batch-tests.tar.gz` and `agree/`, and the Gamma
//! files named in `ATOM4_EXTRA_VECTORS`, run through the core's batch
//! session; both streams must match byte for byte.

use atom4_vectors::data_dir;
use atom4_vectors::gamma::{check, extra_files, read_extra, read_folder, read_tarball, Triples};

/// Runs a set; returns the failures' messages and the number passed.
fn run(set: &Triples, piece: usize) -> (usize, Vec<String>) {
    let mut failures: Vec<String> = set
        .incomplete
        .iter()
        .map(|name| format!("{name}: not a whole triple (.in, .out, .err)"))
        .collect();
    let mut passed = 0;
    for triple in &set.triples {
        match check(triple, piece) {
            Ok(()) => passed += 1,
            Err(e) => failures.push(format!("{}: {e}", triple.name)),
        }
    }
    (passed, failures)
}

#[test]
fn batch_triples_match_byte_for_byte() {
    let dir = data_dir().join("gamma");
    let mut published = read_tarball(&dir.join("batch-tests.tar.gz"));
    // The source lacks `bk/mode_test2.in`; its .out/.err alone are no test.
    published
        .incomplete
        .retain(|name| !name.ends_with("bk/mode_test2"));
    let agree = read_folder(&dir.join("agree"));
    let extra = read_extra(&extra_files());
    assert_eq!(published.triples.len(), 2140, "the published triples");
    assert_eq!(agree.triples.len(), 14, "the agree/ triples");

    let (mut passed, mut failures) = (0, Vec::new());
    for (set, piece) in [(&published, 4096), (&agree, 4096), (&extra, 4096)] {
        let (p, f) = run(set, piece);
        passed += p;
        failures.extend(f);
    }
    // Lines spanning pieces: the small triples again, a byte at a time
    // through the parser's every state.
    for triple in published.triples.iter().step_by(97) {
        if let Err(e) = check(triple, 1) {
            failures.push(format!("{} (fed a byte at a time): {e}", triple.name));
        }
    }
    println!("gamma batch: {passed} passed, {} failed", failures.len());
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
