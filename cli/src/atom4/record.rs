//! The saved game: the position text at the start of the round and the
//! moves played since, one text file.
//!
//! ```text
//! atom4 record 1
//! start ....../..gp../....../...... r 1 0-0 *
//! moves 3,2 2,2 4,2
//! ```

use atom4_core::atom4::Atom4;
use atom4_core::Cell;

const HEADER: &str = "atom4 record 1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub start: Atom4,
    pub moves: Vec<Cell>,
}

impl Record {
    pub fn new(start: Atom4) -> Record {
        Record {
            start,
            moves: Vec::new(),
        }
    }

    /// The position after all the moves, or which move is illegal.
    pub fn replay(&self) -> Result<Atom4, String> {
        let mut game = self.start;
        for (i, &cell) in self.moves.iter().enumerate() {
            game.play(cell)
                .map_err(|e| format!("move {} at {},{}: {e}", i + 1, cell.x(), cell.y()))?;
        }
        Ok(game)
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
                    "line 1: expected {HEADER:?}: not an atom4 game record"
                ))
            }
        }
        let mut start = None;
        let mut moves = Vec::new();
        for (n, line) in lines {
            let at = |e: String| format!("line {}: {e}", n + 1);
            let line = line.trim();
            if let Some(text) = line.strip_prefix("start ") {
                let game = text.parse::<Atom4>().map_err(|e| at(e.to_string()))?;
                start = Some(game);
            } else if let Some(list) = line.strip_prefix("moves") {
                for item in list.split_whitespace() {
                    moves.push(parse_cell(item).map_err(at)?);
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

fn parse_cell(item: &str) -> Result<Cell, String> {
    let bad = || format!("{item:?} is not a cell x,y (0..15 each)");
    let (x, y) = item.split_once(',').ok_or_else(bad)?;
    let (x, y) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
    Cell::new(x, y).ok_or_else(bad)
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{HEADER}")?;
        writeln!(f, "start {}", self.start)?;
        f.write_str("moves")?;
        for cell in &self.moves {
            write!(f, " {},{}", cell.x(), cell.y())?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_replay() {
        let mut game = Atom4::new(6, 4).unwrap();
        let mut record = Record::new(game);
        for _ in 0..5 {
            let cell = game.legal_moves().iter().last().unwrap();
            game.play(cell).unwrap();
            record.moves.push(cell);
        }
        let text = record.to_string();
        assert!(
            text.starts_with("atom4 record 1\nstart ....../..gp../....../...... r 1 0-0 *\nmoves ")
        );
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay(), Ok(game));
    }

    #[test]
    fn bad_records_say_where() {
        let start = "atom4 record 1\nstart ....../..gp../....../...... r 1 0-0 *\n";
        assert!(Record::parse("hello")
            .unwrap_err()
            .contains("not an atom4 game record"));
        let e = Record::parse(&format!("{start}moves 0,0\n")).unwrap_err();
        assert!(e.starts_with("move 1 at 0,0:"), "{e}");
        let e = Record::parse(&format!("{start}moves 3;2\n")).unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = Record::parse("atom4 record 1\nstart ..x\n").unwrap_err();
        assert!(e.starts_with("line 2: at byte"), "{e}");
    }
}
