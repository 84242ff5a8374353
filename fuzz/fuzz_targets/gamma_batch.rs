//! Any bytes as the `gamma` program's standard input, through the batch
//! session, whole and in pieces of sizes the input chooses: never a panic;
//! the same output either way; every error line is `ERROR n` with n rising;
//! standard output holds only results (`OK n`, numbers, board rows); games
//! whose memory exceeds the buffer are refused as errors.
#![no_main]

use atom4_core::gamma::{Fed, Session};
use libfuzzer_sys::fuzz_target;

/// Words of game memory: boards of about 1,100 cells and more are refused.
const WORDS: usize = 1 << 13;

fn run(input: &[u8], cut: &[usize]) -> (String, String, bool) {
    let mut memory = vec![0u32; WORDS];
    let mut session = Session::new(&mut memory[..]);
    let (mut out, mut err) = (String::new(), String::new());
    let mut at = 0usize;
    let mut interactive = false;
    for &len in cut.iter().chain(std::iter::once(&usize::MAX)) {
        let end = at.saturating_add(len).min(input.len());
        match session.feed(&input[at..end], &mut out, &mut err) {
            Ok(Fed::Batch) => {}
            Ok(Fed::Interactive { consumed }) => {
                assert!(consumed <= end - at);
                interactive = true;
                break;
            }
            Err(e) => panic!("a session over memory never fails: {e}"),
        }
        at = end;
        if at == input.len() {
            break;
        }
    }
    if !interactive {
        session.finish(&mut err).unwrap();
    }
    (out, err, interactive)
}

fuzz_target!(|data: &[u8]| {
    // The first byte chooses piece sizes for the second run.
    let Some((&seed, input)) = data.split_first() else {
        return;
    };
    let cut: Vec<usize> = (0..64)
        .map(|i| 1 + (usize::from(seed) * 31 + i * 7) % 17)
        .collect();
    let whole = run(input, &[]);
    let pieces = run(input, &cut);
    assert_eq!(whole, pieces, "whole and in pieces differ");
    let (out, err, _) = whole;
    let lines = input.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut last = 0;
    for line in err.lines() {
        let n: u64 = line
            .strip_prefix("ERROR ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("not an error line: {line:?}"));
        assert!(
            n > last && n <= lines,
            "error line numbers rise: {n} after {last}"
        );
        last = n;
    }
    for line in out.lines() {
        let ok = line.starts_with("OK ")
            || line.bytes().all(|b| b.is_ascii_digit())
            || line
                .bytes()
                .all(|b| b == b'.' || b == b' ' || b.is_ascii_digit());
        assert!(ok && !line.is_empty(), "not a result: {line:?}");
    }
});
