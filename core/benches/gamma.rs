//! Gamma's batch mode on the four timing scenarios of spec section 7
//! (`../shared/bench/gamma/perf.sh`): each input through a batch session,
//! output to memory, best of `RUNS` runs. `cargo bench -p atom4-core --bench
//! gamma [SCENARIO...]`.
//!
//! The inputs are written once by `perf_inputs.py` beside `perf.sh` into
//! `$GAMMA_PERF_DIR` (default `~/.cache/gamma-perf-inputs`, as `perf.sh`
//! does). Each output (standard output, then standard error) is checked
//! against `perf_expected.md5` with `md5sum` when it is installed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use atom4_core::gamma::{Fed, GameMemory, Session};

/// Runs of each scenario, the best counted (`GAMMA_BENCH_RUNS` to change).
const RUNS: u32 = 3;
const SCENARIOS: [&str; 4] = ["golden_400", "snake_150", "random_1000", "cut_1000"];
/// What a buffered reader hands over at a time.
const PIECE: usize = 1 << 16;

/// Zeroed memory from the allocator (`calloc`: pages mapped as touched).
#[derive(Default)]
struct HeapMemory(Vec<u32>);

impl GameMemory for HeapMemory {
    fn allocate_zeroed(&mut self, words: usize) -> bool {
        self.0 = vec![0; words];
        true
    }

    fn words(&mut self) -> &mut [u32] {
        &mut self.0
    }
}

fn bench_dir() -> PathBuf {
    let shared = std::env::var_os("ATOM4_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    shared.join("bench/gamma")
}

fn inputs_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GAMMA_PERF_DIR") {
        return PathBuf::from(dir);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache")
        });
    cache.join("gamma-perf-inputs")
}

/// One run: seconds, standard output and standard error.
fn run(input: &[u8]) -> (f64, String, String) {
    let (mut out, mut err) = (String::new(), String::new());
    let start = Instant::now();
    let mut session = Session::new(HeapMemory::default());
    for piece in input.chunks(PIECE) {
        match session.feed(piece, &mut out, &mut err) {
            Ok(Fed::Batch) => {}
            other => panic!("the batch session stopped: {other:?}"),
        }
    }
    session.finish(&mut err).expect("output to memory");
    drop(session);
    (start.elapsed().as_secs_f64(), out, err)
}

/// The md5 of `bytes` by `md5sum`, if it runs.
fn md5(bytes: &[u8]) -> Option<String> {
    let mut child = Command::new("md5sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(bytes).ok()?;
    let output = child.wait_with_output().ok()?;
    Some(
        String::from_utf8_lossy(&output.stdout)
            .get(..32)?
            .to_string(),
    )
}

fn main() {
    let bench = bench_dir();
    let inputs = inputs_dir();
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| SCENARIOS.contains(&a.as_str()))
        .collect();
    if SCENARIOS
        .iter()
        .any(|s| !inputs.join(format!("{s}.in")).exists())
    {
        std::fs::create_dir_all(&inputs).expect("a folder for the inputs");
        let status = Command::new("python3")
            .arg(bench.join("perf_inputs.py"))
            .arg(&inputs)
            .status()
            .expect("python3 writes the inputs");
        assert!(status.success(), "perf_inputs.py failed");
    }
    let runs = std::env::var("GAMMA_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(RUNS)
        .max(1);
    let expected = std::fs::read_to_string(bench.join("perf_expected.md5")).unwrap_or_default();
    for name in SCENARIOS {
        if !chosen.is_empty() && !chosen.iter().any(|c| c == name) {
            continue;
        }
        let input = std::fs::read(inputs.join(format!("{name}.in"))).expect("the scenario's input");
        let mut best = f64::INFINITY;
        let mut verdict = "not checked (no md5sum)";
        for _ in 0..runs {
            let (secs, out, err) = run(&input);
            best = best.min(secs);
            let want = expected
                .lines()
                .find(|l| l.split_whitespace().nth(1) == Some(name))
                .and_then(|l| l.split_whitespace().next());
            if let (Some(got), Some(want)) = (md5(&[out.as_bytes(), err.as_bytes()].concat()), want)
            {
                verdict = if got == want { "OK" } else { "WRONG OUTPUT" };
            }
        }
        println!("gamma {name}: {best:.3} s (best of {runs}), {verdict}");
    }
}
