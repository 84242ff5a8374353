//! The non-interactive commands: engines playing each other, and printing
//! a position.

use atom4_arena::{Atom4Engine, Engine};
use atom4_core::atom4::{Atom4, Diagram, Status};

use super::options::{Batch, Show};
use super::screen::coords;
use atom4_core::registry::AnyState;

/// Plays `batch.rounds` rounds between the two engines (the first plays
/// player 1) and prints every move, each round's final board and result.
pub fn play(batch: &Batch) -> Result<(), String> {
    let seed = batch.seed.unwrap_or(1);
    let specs = batch.engines()?;
    let mut engines = [
        Atom4Engine::new(specs[0], seed),
        Atom4Engine::new(specs[1], seed.wrapping_add(1)),
    ];
    let (w, h) = batch.size;
    let mut game = Atom4::new(w, h).map_err(|e| e.to_string())?;
    for round in 1..=batch.rounds {
        if round > 1 {
            game.next_round().map_err(|e| e.to_string())?;
        }
        atom4_arena::outln!(
            "Round {round}: {} (player 1) against {} (player 2)",
            engines[0].name(),
            engines[1].name()
        );
        atom4_arena::outln!("start {game}");
        while !game.is_over() {
            let mover = game.side_to_move();
            let cell = engines[mover.index()].choose(&game);
            game.play(cell).map_err(|e| {
                format!(
                    "{} chose an illegal move: {e}",
                    engines[mover.index()].name()
                )
            })?;
            atom4_arena::outln!("Player {} moves {}", mover.number(), coords(cell));
        }
        atom4_arena::out!("{}", Diagram(game.board()));
        match game.status() {
            Status::Won(p) => atom4_arena::outln!(
                "Player {} WINS!! ({})",
                p.number(),
                engines[p.index()].name()
            ),
            _ => atom4_arena::outln!("STALEMATE: no more moves left"),
        }
        let [s1, s2] = game.scores();
        atom4_arena::outln!("Score: player 1 {s1}, player 2 {s2}");
    }
    Ok(())
}

/// Prints a position: its diagram, and what it says.
pub fn show(show: &Show) -> Result<(), String> {
    let game = match show {
        Show::Text(text) => text.parse::<Atom4>().map_err(|e| e.to_string())?,
        Show::Load(path) => match crate::app::options::load(path)?.end() {
            AnyState::Atom4(game) => game,
            other => {
                return Err(format!(
                    "{path}: a saved game of {}, not Atom-4",
                    other.game().title()
                ))
            }
        },
    };
    atom4_arena::out!("{}", Diagram(game.board()));
    let [s1, s2] = game.scores();
    let state = match (game.status(), game.current_player()) {
        (Status::Won(p), _) => format!("won by player {}", p.number()),
        (Status::Stalemate, _) => "stalemate".to_string(),
        (_, Some(p)) => format!("player {} to move", p.number()),
        (_, None) => String::new(),
    };
    atom4_arena::outln!(
        "round {}, score {s1}-{s2}, {state}, tile {}",
        game.round(),
        super::render::piece_name(game.tile().color())
    );
    atom4_arena::outln!("{game}");
    Ok(())
}
