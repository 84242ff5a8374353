//! Plays one round of Atom-4, the strong engine (player 1, depth 5) against
//! the classic level 2 player of atom4 4.1 (player 2), and prints it.
//! `cargo run --release -p atom4-core --example selfplay [seed]`

use atom4_core::atom4::{classic, Atom4, Diagram, Status, StrongEval, StrongSearch};
use atom4_core::search::{Entry, Limits};
use atom4_core::{Cell, Rng};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = Rng::new(seed);
    let mut table = vec![Entry::<Cell>::EMPTY; 1 << 16];
    let mut game = Atom4::standard();
    println!("Atom-4, 16 x 16: player 1 (white rows) is the strong engine, player 2 (black rows) classic level 2\n");
    println!("{}", Diagram(game.board()));
    while let Some(player) = game.current_player() {
        let tile = game.tile().color().name();
        let mv = if player.number() == 1 {
            let limits = Limits {
                depth: 5,
                nodes: u64::MAX,
                seed: rng.next_u64(),
            };
            let report =
                StrongSearch::new(&mut table, StrongEval::default()).run(&game, limits, &mut ());
            report.best.expect("a round in play has a move")
        } else {
            classic::choose(&game, 2, &mut rng).expect("a round in play has a move")
        };
        let changes = game.play(mv).expect("engines play legal moves");
        println!(
            "Player {} moves ({mv}) with {tile}: {} cells change",
            player.number(),
            changes.len()
        );
    }
    println!("\n{}", Diagram(game.board()));
    match game.status() {
        Status::Won(p) => println!("Player {} WINS!!", p.number()),
        Status::Stalemate => println!("STALEMATE: no more moves left"),
        Status::Playing => unreachable!("the loop ends with the round"),
    }
    println!("position: {game}");
}
