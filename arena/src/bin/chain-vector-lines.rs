//! Writes the Chain Reaction vectors (`tests/data/chain/` and the
//! chain files of `ATOM4_EXTRA_VECTORS`) as plain lines, for test suites
//! without a JSON or gzip reader (the C suite, `tests/c/test_chain.c`):
//!
//! ```text
//! G <rules> <width> <height> <players> <ai seed, 0 for none>   a game from the empty board
//! C <position text>                                           a case from its start
//! M <x> <y> <explosions> <waves> <legal> <board>              a move and what follows it
//! P - - <explosions> <waves> <legal> <board>                  a pass
//! E <position text>                                           the position at the end
//! ```
//!
//! In cases only the last move carries its explosions and waves (the
//! others have -1) and no move carries a legal count or a board (`-`).
//! `cargo run --release -p atom4-arena --bin chain-vector-lines`

use std::io::{BufWriter, Write};

use atom4_vectors::chain::{chain_files, read_chain_file, ChainRecord, MoveRecord};

fn move_fields(record: &MoveRecord) -> String {
    match record {
        MoveRecord::Cell([x, y]) => format!("M {x} {y}"),
        MoveRecord::Word(_) => "P - -".to_string(),
    }
}

fn main() -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for file in chain_files() {
        for located in read_chain_file(&file) {
            match located.record {
                ChainRecord::Game(game) => {
                    writeln!(
                        out,
                        "G {} {} {} {} {}",
                        game.rules,
                        game.width,
                        game.height,
                        game.players,
                        game.ai_seed
                            .filter(|_| game.policy == "seedai")
                            .unwrap_or(0)
                    )?;
                    for (j, mv) in game.moves.iter().enumerate() {
                        writeln!(
                            out,
                            "{} {} {} {} {}",
                            move_fields(mv),
                            game.explosions[j],
                            game.waves[j],
                            game.legal[j],
                            game.boards[j]
                        )?;
                    }
                    writeln!(out, "E {}", game.final_position)?;
                }
                ChainRecord::Case(case) => {
                    writeln!(out, "C {}", case.start)?;
                    let last = case.moves.len().saturating_sub(1);
                    for (j, mv) in case.moves.iter().enumerate() {
                        let (e, w) = if j == last {
                            (case.explosions as i64, case.waves as i64)
                        } else {
                            (-1, -1)
                        };
                        writeln!(out, "{} {e} {w} - -", move_fields(mv))?;
                    }
                    writeln!(out, "E {}", case.after)?;
                }
            }
        }
    }
    out.flush()
}
