//! The saved game: the start position and the moves played since, one
//! text file.
//!
//! ```text
//! atom4 chain record 1
//! start classic 2 ....../....../....../....../....../....../....../....../...... a 0 - *
//! moves 0,0 5,8 0,0
//! ```

use atom4_core::chain::{Move, Position};

const HEADER: &str = "atom4 chain record 1";

/// The longest saved game read: far beyond any real game (a classic game
/// has at most 705 moves; atoms games are adjudicated at 5000 plies).
const MAX_MOVES: usize = 100_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Record {
    pub fn new(start: Position) -> Record {
        Record {
            start,
            moves: Vec::new(),
        }
    }

    /// The position after all the moves, or which move is illegal.
    pub fn replay(&self) -> Result<Position, String> {
        let mut position = self.start;
        for (i, &mv) in self.moves.iter().enumerate() {
            position
                .play(mv)
                .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        }
        Ok(position)
    }

    /// Reads a record, checking that every move replays.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        match lines.next() {
            Some((_, line)) if line.trim() == HEADER => {}
            _ => {
                return Err(format!(
                    "line 1: expected {HEADER:?}: not a saved Chain Reaction game"
                ))
            }
        }
        let mut start = None;
        let mut moves = Vec::new();
        for (n, line) in lines {
            let at = |e: String| format!("line {}: {e}", n + 1);
            let line = line.trim();
            if let Some(text) = line.strip_prefix("start ") {
                start = Some(text.parse::<Position>().map_err(|e| at(e.to_string()))?);
            } else if let Some(list) = line.strip_prefix("moves") {
                for item in list.split_whitespace() {
                    if moves.len() >= MAX_MOVES {
                        return Err(at(format!("more than {MAX_MOVES} moves")));
                    }
                    let mv = item
                        .parse::<Move>()
                        .map_err(|e| at(format!("{item:?}: {e}")))?;
                    moves.push(mv);
                }
            } else {
                return Err(at(format!(
                    "expected `start` or `moves`, found {:?}",
                    crate::input::excerpt(line, 80)
                )));
            }
        }
        let record = Record {
            start: start.ok_or("no `start` line")?,
            moves,
        };
        record.replay()?;
        Ok(record)
    }
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{HEADER}")?;
        writeln!(f, "start {}", self.start)?;
        f.write_str("moves")?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_core::chain::Rules;

    #[test]
    fn records_round_trip_and_replay() {
        let mut position = Position::new(Rules::Atoms, 4, 3, 2).unwrap();
        let mut record = Record::new(position);
        for _ in 0..9 {
            let mv = position
                .legal_cells()
                .last()
                .map_or(Move::Pass, Move::Place);
            position.play(mv).unwrap();
            record.moves.push(mv);
        }
        record.moves.push(Move::Pass);
        position.play(Move::Pass).unwrap();
        let text = record.to_string();
        assert!(text
            .starts_with("atom4 chain record 1\nstart atoms 2 ..../..../.... a 0 - *\nmoves 3,2 "));
        assert!(text.ends_with(" pass\n"));
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay(), Ok(position));
    }

    #[test]
    fn bad_records_say_where() {
        let start = "atom4 chain record 1\nstart classic 2 1a1b./..1b/... a 2 - *\n";
        assert!(Record::parse("hello")
            .unwrap_err()
            .contains("not a saved Chain Reaction game"));
        let e = Record::parse(&format!("{start}moves 1,0\n")).unwrap_err();
        assert!(e.starts_with("move 1 (1,0): that cell holds"), "{e}");
        let e = Record::parse(&format!("{start}moves 3;2\n")).unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = Record::parse("atom4 chain record 1\nstart classic 2 x\n").unwrap_err();
        assert!(e.starts_with("line 2: at byte"), "{e}");
        assert_eq!(
            Record::parse("atom4 chain record 1\nmoves\n").unwrap_err(),
            "no `start` line"
        );
    }
}
