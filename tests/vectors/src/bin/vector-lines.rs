//! Prints the golden vectors as plain lines, so that test programs in other
//! languages (the C suite) replay them without a JSON or gzip reader.
//!
//! ```text
//! game <width> <height>            a new game: atom4_game_init
//! round <start player> <initial board text>
//! move <x> <y> <legal count after> <winner after: 0 playing, 1, 2, 3> <board after>
//! next                             atom4_next_round
//! position <position text>         a classic-AI position ...
//! classic <level> <value bits> <n> <x> <y> ...   ... and its n best moves
//! ```

use atom4_vectors::{all_records, Record};

fn main() {
    for located in all_records() {
        match located.record {
            Record::Game(game) => {
                println!("game {} {}", game.width, game.height);
                for (i, round) in game.rounds.iter().enumerate() {
                    if i > 0 {
                        println!("next");
                    }
                    println!("round {} {}", round.start_player, round.initial);
                    let last = round.moves.len().saturating_sub(1);
                    for (j, [x, y]) in round.moves.iter().enumerate() {
                        let winner = if j == last { round.winner } else { 0 };
                        let legal = round.legal_counts[j];
                        println!("move {x} {y} {legal} {winner} {}", round.boards[j]);
                    }
                }
            }
            Record::Classic(record) => {
                let position = record
                    .position()
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", located.file.display(), located.line));
                println!("position {position}");
                let moves: Vec<String> = record
                    .best_moves
                    .iter()
                    .map(|[x, y]| format!("{x} {y}"))
                    .collect();
                println!(
                    "classic {} {} {} {}",
                    record.depth,
                    record.best_value_bits,
                    moves.len(),
                    moves.join(" ")
                );
            }
        }
    }
}
