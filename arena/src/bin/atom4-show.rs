//! Scratch: plays one game and prints boards.
use atom4_arena::atom4_engines::Atom4Engine;
use atom4_arena::Engine;
use atom4_core::atom4::{Atom4, Diagram};
use atom4_core::Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: Atom4Engine = Atom4Engine::new(args[1].parse().unwrap(), 1);
    let b: Atom4Engine = Atom4Engine::new(args[2].parse().unwrap(), 2);
    let seed: u64 = args[3].parse().unwrap();
    let every: usize = args[4].parse().unwrap();
    let mut engines = [a, b];
    let mut game = Atom4::standard();
    let mut rng = Rng::new(seed);
    let mut n = 0;
    let mut hist = Vec::new();
    while !game.is_over() {
        let mv = if n < 2 {
            let m = game.legal_moves();
            m.nth(rng.below(m.count())).unwrap()
        } else {
            let side = game.side_to_move().index();
            let mv = engines[side].choose(&game);
            if let Some(r) = engines[side].last() {
                eprint!("{n}:{}/{} ", r.score, r.depth);
            }
            mv
        };
        game.play(mv).unwrap();
        n += 1;
        hist.push((n, mv, game));
        let _ = every;
    }
    if game.status() != atom4_core::atom4::Status::Stalemate {
        for (n, mv, g) in &hist[hist.len().saturating_sub(8)..] {
            println!("after move {n} ({mv}), to move {:?} tile {:?}\n{}", g.side_to_move(), g.tile(), Diagram(g.board()));
        }
    }
    println!("end after {n} moves: {}\n{}", game, Diagram(game.board()));
}
