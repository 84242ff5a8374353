//! The Atomas golden vectors (`tests/data/atomas/`): moves one at a
//! time, the law of the next atom, and whole games. Extra files named in
//! `ATOM4_EXTRA_VECTORS` count when their folder is named `atomas`; the
//! start of a file's name tells its kind (`steps`, `spawn` or `games`).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::{data_dir, Located};

/// One move from a decision state (or a bad reply refused).
#[derive(Debug, Deserialize)]
pub struct StepRecord {
    pub kind: String,
    pub before: String,
    pub reply: String,
    pub request: String,
    pub request4: String,
    /// Set (true) on a bad reply, which has no `after`.
    #[serde(default)]
    pub error: bool,
    pub after: Option<String>,
    pub points: Option<u64>,
    pub over: Option<bool>,
    pub chains: Option<Vec<ChainRecord>>,
    pub note: Option<String>,
}

/// One fusion chain of a move: what started it (`plus` or `black`) and
/// its steps `[outer, result, points]` (`outer` null for a black plus's
/// first step).
#[derive(Debug, Deserialize)]
pub struct ChainRecord {
    pub at: String,
    pub steps: Vec<(Option<u32>, u32, u64)>,
}

/// The law of the next atom in a between-moves state.
#[derive(Debug, Deserialize)]
pub struct SpawnRecord {
    pub state: String,
    /// `carry`, `forced` or `random`.
    pub source: String,
    /// Every possible atom with its probability as a fraction in lowest
    /// terms (`"11/90"`), `+ - B C` first, then numbers ascending.
    pub dist: Vec<(String, String)>,
}

/// A whole game: the start, then per move the atom drawn and the reply.
#[derive(Debug, Deserialize)]
pub struct GameRecord {
    pub seed: Option<u64>,
    /// `splitmix64` when drawn with the spec's reference generator.
    pub rng: Option<String>,
    pub policy: Option<String>,
    pub start: String,
    pub moves: Vec<(String, String)>,
    /// One letter a move: `r` random draw, `c` the carry, `f` forced plus.
    pub sources: String,
    pub after: Vec<String>,
    pub gained: Vec<u64>,
    pub score: u64,
    pub length: usize,
    /// `full`, `move cap`, `script` or `bad reply` (maybe with a reason).
    pub end: String,
    pub note: Option<String>,
}

/// What a vector file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Steps,
    Spawn,
    Games,
}

impl FileKind {
    /// The kind named by the start of the file name; `None` for others.
    pub fn of(path: &Path) -> Option<FileKind> {
        let name = path.file_name()?.to_str()?;
        if name.starts_with("steps") {
            Some(FileKind::Steps)
        } else if name.starts_with("spawn") {
            Some(FileKind::Spawn)
        } else if name.starts_with("games") {
            Some(FileKind::Games)
        } else {
            None
        }
    }
}

/// The golden files, then the extra files whose folder is named `atomas`.
pub fn vector_files() -> Vec<(PathBuf, FileKind)> {
    let dir = data_dir().join("atomas");
    let mut files = vec![
        (dir.join("steps.jsonl.gz"), FileKind::Steps),
        (dir.join("spawn.jsonl.gz"), FileKind::Spawn),
        (dir.join("games.jsonl.gz"), FileKind::Games),
    ];
    for path in crate::extra_files("atomas") {
        if let Some(kind) = FileKind::of(&path) {
            files.push((path, kind));
        }
    }
    files
}

/// Reads every record of a JSON Lines file, gzipped if its name ends in
/// `.gz`. Panics (this is test support) with the file and line on anything
/// unreadable.
pub fn read_records<T: DeserializeOwned>(path: &Path) -> Vec<Located<T>> {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("cannot open vector file {}: {e}", path.display()));
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    let mut out = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("{}:{}: not a record: {e}", path.display(), i + 1));
        out.push(Located {
            file: path.to_path_buf(),
            line: i + 1,
            record,
        });
    }
    out
}
