//! Readers for the Atropos golden vectors (`tests/data/atropos/`, the
//! formats of spec `atropos.md` section 9), told apart by their content:
//! start states, positions recorded from the Java referee, game records
//! and solved positions. Extra files named in `ATOM4_EXTRA_VECTORS` count
//! when their folder is named `atropos`.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::data_dir;

/// What an Atropos vector file holds, recognised by its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `size N: STATE` lines, then pretty-printed boards.
    InitialBoards,
    /// `STATE<TAB>legal circles or FINISHED=true<TAB>losing moves` (9.1).
    Positions,
    /// One JSON game record a line (9.2).
    Games,
    /// `STATE<TAB>win|loss<TAB>winning moves` (9.3).
    Solved,
}

/// A vector file: where it is, what it holds, its text (gunzipped).
#[derive(Debug)]
pub struct VectorFile {
    pub path: PathBuf,
    pub kind: Kind,
    pub text: String,
}

/// The folder of the golden Atropos vectors.
pub fn golden_dir() -> PathBuf {
    data_dir().join("atropos")
}

/// A file's text, gunzipped when it starts with the gzip magic. Panics
/// (this is test support) naming the file when it cannot be read.
pub fn read_text(path: &Path) -> String {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut text = String::new();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        flate2::read::MultiGzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{}: not gzipped UTF-8: {e}", path.display()));
    } else {
        text = String::from_utf8(bytes)
            .unwrap_or_else(|e| panic!("{}: not UTF-8: {e}", path.display()));
    }
    text
}

/// What a text holds, from its first non-empty line; `None` when it is
/// none of the formats.
pub fn kind_of(text: &str) -> Option<Kind> {
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    if first.starts_with("size ") && first.contains(": ") {
        return Some(Kind::InitialBoards);
    }
    if first.starts_with('{') {
        return Some(Kind::Games);
    }
    let fields: Vec<&str> = first.split('\t').collect();
    match fields.as_slice() {
        [_, "win" | "loss", _] => Some(Kind::Solved),
        [state, _, _] if state.starts_with('[') => Some(Kind::Positions),
        _ => None,
    }
}

/// Every golden file (the README aside; any other file must be one of the
/// formats) and every extra file of `ATOM4_EXTRA_VECTORS` in a folder
/// named `atropos` that is one of them.
pub fn vector_files() -> Vec<VectorFile> {
    let dir = golden_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    paths.sort();
    let mut files: Vec<VectorFile> = paths
        .into_iter()
        .map(|path| {
            let text = read_text(&path);
            let kind = kind_of(&text)
                .unwrap_or_else(|| panic!("{}: not an Atropos format", path.display()));
            VectorFile { path, kind, text }
        })
        .collect();
    for path in crate::extra_files("atropos") {
        let text = read_text(&path);
        if let Some(kind) = kind_of(&text) {
            files.push(VectorFile { path, kind, text });
        }
    }
    files
}

/// The non-empty lines of a text with their 1-based numbers.
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty())
}

/// The items of a space-separated list (trailing spaces allowed).
pub fn items(field: &str) -> Vec<&str> {
    field.split(' ').filter(|s| !s.is_empty()).collect()
}

/// A line of a position file.
#[derive(Debug, PartialEq, Eq)]
pub struct PositionLine<'a> {
    pub state: &'a str,
    /// The legal circles `(h,l,r)`; `None` for `FINISHED=true`.
    pub legal: Option<Vec<&'a str>>,
    pub losing: Vec<&'a str>,
}

impl<'a> PositionLine<'a> {
    pub fn parse(line: &'a str) -> Result<PositionLine<'a>, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [state, legal, losing] = fields[..] else {
            return Err(format!("{} fields, not 3", fields.len()));
        };
        let legal = if legal.trim() == "FINISHED=true" {
            None
        } else {
            Some(items(legal))
        };
        Ok(PositionLine {
            state,
            legal,
            losing: items(losing),
        })
    }
}

/// A line of `solved.tsv`.
#[derive(Debug, PartialEq, Eq)]
pub struct SolvedLine<'a> {
    pub state: &'a str,
    pub win: bool,
    pub winning: Vec<&'a str>,
}

impl<'a> SolvedLine<'a> {
    pub fn parse(line: &'a str) -> Result<SolvedLine<'a>, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [state, value, winning] = fields[..] else {
            return Err(format!("{} fields, not 3", fields.len()));
        };
        let win = match value {
            "win" => true,
            "loss" => false,
            other => return Err(format!("value {other:?} is not win or loss")),
        };
        Ok(SolvedLine {
            state,
            win,
            winning: items(winning),
        })
    }
}

/// A game record (9.2).
#[derive(Debug, Deserialize)]
pub struct GameRecord {
    pub size: u32,
    pub game: u64,
    pub seed: u64,
    pub opening: u32,
    pub on_illegal: String,
    pub a: String,
    pub b: String,
    pub first: String,
    pub openings: u32,
    pub moves: Vec<String>,
    pub end: String,
    pub reason: Option<String>,
    pub loser: String,
    pub winner: String,
    pub substituted: Vec<usize>,
}
