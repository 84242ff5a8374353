//! Plays one round of Atom-4 between two random players and prints it.
//! `cargo run --release -p atom4-core --example selfplay [seed]`

use atom4_core::atom4::playout::random_playout;
use atom4_core::atom4::{Atom4, Diagram, Status};
use atom4_core::Rng;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = Rng::new(seed);
    let mut game = Atom4::standard();
    println!("{}", Diagram(game.board()));
    while !game.is_over() {
        let player = game.side_to_move().number();
        let tile = game.tile().color().name();
        let legal = game.legal_moves();
        let Some(cell) = legal.nth(rng.below(legal.count())) else {
            break;
        };
        let changes = game.play(cell).expect("a legal cell");
        println!(
            "Player {player} plays {tile} at ({cell}), {} cells change",
            changes.len()
        );
    }
    println!("\n{}", Diagram(game.board()));
    match game.status() {
        Status::Won(p) => println!("Player {} WINS!!", p.number()),
        Status::Stalemate => println!("STALEMATE: no more moves left"),
        Status::Playing => println!("stopped"),
    }
    println!("position: {game}");
    // The same round again, fast, to show the playout helper agrees.
    let mut again = Atom4::standard();
    random_playout(&mut again, &mut Rng::new(seed));
    println!(
        "a random playout from the start lasts {} moves",
        again.board().occupied().count() - 2
    );
}
