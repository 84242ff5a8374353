//! The controller's `--log`: each game as one JSON line in the golden
//! vectors' `games.jsonl` format (`seed`, `rng`, `start`, `moves` as
//! `[atom, reply]`, `sources`, `after`, `gained`, `score`, `length`,
//! `end`), plus the bot's command under `bot`.

use std::io::{self, Write};

use atom4_core::atomas::{Atom, Atomas, Reply, Source};

use super::koth::End;

/// Collects a game's moves and writes the game's line when it ends.
pub struct GameLog<W: Write> {
    out: W,
    seed: u64,
    bot: String,
    start: String,
    moves: Vec<(Atom, Reply)>,
    sources: String,
    after: Vec<String>,
    gained: Vec<u64>,
}

/// A JSON string.
fn json(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The letter of a source in the vectors' `sources`.
pub fn source_letter(source: Source) -> char {
    match source {
        Source::Carry => 'c',
        Source::Forced => 'f',
        Source::Random => 'r',
    }
}

impl<W: Write> GameLog<W> {
    pub fn new(out: W) -> GameLog<W> {
        GameLog {
            out,
            seed: 0,
            bot: String::new(),
            start: String::new(),
            moves: Vec::new(),
            sources: String::new(),
            after: Vec::new(),
            gained: Vec::new(),
        }
    }

    /// A new game, seeded `seed`, played by `bot`, from `start`.
    pub fn start(&mut self, seed: u64, bot: &str, start: &Atomas) {
        self.seed = seed;
        self.bot = bot.to_string();
        self.start = start.to_string();
        self.moves.clear();
        self.sources.clear();
        self.after.clear();
        self.gained.clear();
    }

    /// A move: the atom drawn and where from, the reply, the state after
    /// it and its points.
    pub fn moved(&mut self, atom: Atom, source: Source, reply: Reply, after: &Atomas, points: u64) {
        self.moves.push((atom, reply));
        self.sources.push(source_letter(source));
        self.after.push(after.to_string());
        self.gained.push(points);
    }

    /// Writes the game's line (and flushes it).
    pub fn end(&mut self, game: &Atomas, length: u64, end: &End) -> io::Result<()> {
        let out = &mut self.out;
        write!(
            out,
            "{{\"seed\":{},\"rng\":\"splitmix64\",\"bot\":{},\"start\":{},\"moves\":[",
            self.seed,
            json(&self.bot),
            json(&self.start)
        )?;
        for (i, (atom, reply)) in self.moves.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(out, "{sep}[\"{atom}\",\"{reply}\"]")?;
        }
        write!(out, "],\"sources\":\"{}\",\"after\":[", self.sources)?;
        for (i, state) in self.after.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(out, "{sep}\"{state}\"")?;
        }
        write!(out, "],\"gained\":[")?;
        for (i, points) in self.gained.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(out, "{sep}{points}")?;
        }
        writeln!(
            out,
            "],\"score\":{},\"length\":{length},\"end\":{}}}",
            game.score(),
            json(&end.to_string())
        )?;
        out.flush()
    }
}
