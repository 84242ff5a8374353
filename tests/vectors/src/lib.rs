//! The golden vectors of every game: Atom-4's, recorded from the original
//! atom4 4.1 engine, here; each kin game's in its module.
//!
//! They live in `tests/data/<game>/` (override the folder with
//! `ATOM4_DATA`); extra files of the same formats can be named in
//! `ATOM4_EXTRA_VECTORS` (colon-separated paths), each game taking those
//! whose folder bears its name ([`extra_files`]).
//! An Atom-4 line with `rounds` is a recorded game, a line with
//! `best_moves` a classic-AI position.

pub mod atomas;
pub mod atropos;
pub mod chain;
pub mod gamma;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One round of a recorded game.
#[derive(Debug, Deserialize)]
pub struct RoundRecord {
    pub round: u32,
    pub start_player: u8,
    pub start_tile: String,
    pub initial: String,
    pub moves: Vec<[u8; 2]>,
    pub tiles: Vec<String>,
    pub boards: Vec<String>,
    pub legal_counts: Vec<u32>,
    pub winner: u8,
    pub scores: [u32; 2],
}

/// A recorded game: its rounds, one after the other.
#[derive(Debug, Deserialize)]
pub struct GameRecord {
    pub width: u8,
    pub height: u8,
    #[serde(default)]
    pub policy: u8,
    pub rounds: Vec<RoundRecord>,
}

/// A position with the classic AI's complete set of best moves.
#[derive(Debug, Deserialize)]
pub struct ClassicRecord {
    pub moves: Vec<[u8; 2]>,
    pub board: String,
    pub tile: String,
    pub depth: u8,
    pub best_value: f64,
    pub best_value_bits: u32,
    pub best_moves: Vec<[u8; 2]>,
}

impl ClassicRecord {
    /// The recorded position: its moves played from the start of round 1
    /// on 16 x 16. An error names the move that does not replay.
    pub fn position(&self) -> Result<atom4_core::atom4::Atom4, String> {
        let mut game = atom4_core::atom4::Atom4::standard();
        for &[x, y] in &self.moves {
            let cell = atom4_core::Cell::new(x, y).ok_or(format!("bad cell ({x},{y})"))?;
            game.play(cell)
                .map_err(|e| format!("replaying ({x},{y}): {e}"))?;
        }
        Ok(game)
    }
}

/// One line of a vector file.
#[derive(Debug)]
pub enum Record {
    Game(GameRecord),
    Classic(ClassicRecord),
}

/// A record and where it came from, for error messages.
#[derive(Debug)]
pub struct Located<T> {
    pub file: PathBuf,
    pub line: usize,
    pub record: T,
}

/// The folder of the golden vectors, a folder a game: `tests/data/`, or
/// `$ATOM4_DATA`.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("ATOM4_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../data"),
    }
}

/// The files named in `ATOM4_EXTRA_VECTORS` (colon-separated) whose
/// parent folder is named `game`: each game's conformance test takes its
/// own and leaves the others to their tests.
pub fn extra_files(game: &str) -> Vec<PathBuf> {
    let Ok(extra) = std::env::var("ATOM4_EXTRA_VECTORS") else {
        return Vec::new();
    };
    extra
        .split(':')
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .filter(|p| {
            p.parent()
                .and_then(|d| d.file_name())
                .is_some_and(|name| name == game)
        })
        .collect()
}

/// The golden Atom-4 files plus the Atom-4 files of `ATOM4_EXTRA_VECTORS`.
pub fn vector_files() -> Vec<PathBuf> {
    let dir = data_dir().join("atom4");
    let mut files = vec![dir.join("games.jsonl.gz"), dir.join("classic_ai.jsonl.gz")];
    files.extend(extra_files("atom4"));
    files
}

/// Reads every record of a gzipped JSON Lines file. Panics (this is test
/// support) with the file and line on anything unreadable.
pub fn read_file(path: &Path) -> Vec<Located<Record>> {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("cannot open vector file {}: {e}", path.display()));
    let reader = BufReader::new(flate2::read::MultiGzDecoder::new(file));
    let mut out = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", path.display(), i + 1));
        let record =
            if value.get("rounds").is_some() {
                Record::Game(serde_json::from_value(value).unwrap_or_else(|e| {
                    panic!("{}:{}: not a game record: {e}", path.display(), i + 1)
                }))
            } else if value.get("best_moves").is_some() {
                Record::Classic(serde_json::from_value(value).unwrap_or_else(|e| {
                    panic!("{}:{}: not a classic-AI record: {e}", path.display(), i + 1)
                }))
            } else {
                panic!(
                    "{}:{}: neither `rounds` nor `best_moves`",
                    path.display(),
                    i + 1
                );
            };
        out.push(Located {
            file: path.to_path_buf(),
            line: i + 1,
            record,
        });
    }
    out
}

/// All records of all vector files.
pub fn all_records() -> Vec<Located<Record>> {
    vector_files().iter().flat_map(|f| read_file(f)).collect()
}
