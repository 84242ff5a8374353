//! Readers of the Chain Reaction vectors (`tests/data/chain/`): whole
//! games (`classic.jsonl.gz`, `atoms.jsonl.gz`) and explicit cases
//! (`cases.jsonl.gz`); the formats are described in that folder's README.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use atom4_core::chain::Move;
use atom4_core::Cell;
use serde::Deserialize;

use crate::data_dir;

/// A move as the vectors write it: `[x, y]` or `"pass"`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum MoveRecord {
    Cell([u8; 2]),
    Word(String),
}

impl MoveRecord {
    /// The move, or what is wrong with the record.
    pub fn to_move(&self) -> Result<Move, String> {
        match self {
            MoveRecord::Cell([x, y]) => Cell::new(*x, *y)
                .map(Move::Place)
                .ok_or(format!("bad cell [{x}, {y}]")),
            MoveRecord::Word(w) if w == "pass" => Ok(Move::Pass),
            MoveRecord::Word(w) => Err(format!("bad move {w:?}")),
        }
    }
}

/// Writes the move as the vectors do: `[x, y]` or `"pass"`.
impl std::fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveRecord::Cell([x, y]) => write!(f, "[{x}, {y}]"),
            MoveRecord::Word(w) => write!(f, "{w:?}"),
        }
    }
}

/// A whole game from the empty board, and what follows each move.
#[derive(Debug, Deserialize)]
pub struct GameRecord {
    pub id: String,
    pub policy: String,
    pub rules: String,
    pub width: u8,
    pub height: u8,
    pub players: u8,
    pub moves: Vec<MoveRecord>,
    pub boards: Vec<String>,
    /// One letter a move: the player to move after it, `-` once over.
    pub next: String,
    pub out: Vec<String>,
    pub explosions: Vec<u32>,
    pub waves: Vec<u32>,
    pub legal: Vec<u32>,
    /// A letter, `=` (drawn), or none (stopped unfinished).
    pub winner: Option<String>,
    /// `win`, `cap` or `unfinished`.
    pub end: String,
    #[serde(rename = "final")]
    pub final_position: String,
    /// The seed of the tutorial's computer player (`seedai` games, as `b`).
    pub ai_seed: Option<u32>,
}

/// A position, moves from it, and what must follow.
#[derive(Debug, Deserialize)]
pub struct CaseRecord {
    pub id: String,
    pub kind: String,
    pub start: String,
    pub moves: Vec<MoveRecord>,
    pub after: String,
    /// Of the last move.
    pub explosions: u32,
    pub waves: u32,
}

/// One line of a vector file.
#[derive(Debug)]
pub enum ChainRecord {
    Game(GameRecord),
    Case(CaseRecord),
}

/// A record and where it came from, for error messages.
#[derive(Debug)]
pub struct Located {
    pub file: PathBuf,
    pub line: usize,
    pub record: ChainRecord,
}

/// The golden files, plus those named in `ATOM4_EXTRA_VECTORS` whose
/// folder is named `chain` (the files of other games are not ours).
pub fn chain_files() -> Vec<PathBuf> {
    let dir = data_dir().join("chain");
    let mut files: Vec<PathBuf> = ["classic.jsonl.gz", "atoms.jsonl.gz", "cases.jsonl.gz"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    files.extend(crate::extra_files("chain"));
    files
}

/// Reads every record of a gzipped JSON Lines file: a line with `start` is
/// a case, any other a game. Panics (this is test support) with the file
/// and line on anything unreadable.
pub fn read_chain_file(path: &Path) -> Vec<Located> {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("cannot open vector file {}: {e}", path.display()));
    let reader = BufReader::new(flate2::read::MultiGzDecoder::new(file));
    let mut out = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        let line = line.unwrap_or_else(|e| panic!("{at}: {e}"));
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("{at}: not JSON: {e}"));
        let record = if value.get("start").is_some() {
            ChainRecord::Case(
                serde_json::from_value(value)
                    .unwrap_or_else(|e| panic!("{at}: not a case record: {e}")),
            )
        } else {
            ChainRecord::Game(
                serde_json::from_value(value)
                    .unwrap_or_else(|e| panic!("{at}: not a game record: {e}")),
            )
        };
        out.push(Located {
            file: path.to_path_buf(),
            line: i + 1,
            record,
        });
    }
    out
}
