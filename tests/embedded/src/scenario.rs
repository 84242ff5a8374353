//! The games the firmware plays, shared by the firmware and by build.rs
//! (which plays them on the host to get the expected moves): classic level
//! `classic_level` as player 1 against the strong engine at a fixed depth
//! as player 2, with fixed seeds.

use atom4_core::atom4::{classic, Atom4, Player, StrongEval, StrongSearch, Weights};
use atom4_core::search::{Entry, Limits};
use atom4_core::{Cell, Rng};

/// The transposition table the firmware gives the strong engine: 512
/// slots of 8 bytes, 4 KiB.
pub const TABLE_SLOTS: usize = 512;

pub struct GameSpec {
    pub width: u8,
    pub height: u8,
    pub rounds: u32,
    pub classic_level: u8,
    pub strong_depth: u8,
    pub seed: u64,
}

pub const GAMES: [GameSpec; 2] = [
    GameSpec {
        width: 16,
        height: 16,
        rounds: 1,
        classic_level: 2,
        strong_depth: 4,
        seed: 2026,
    },
    GameSpec {
        width: 9,
        height: 7,
        rounds: 2,
        classic_level: 2,
        strong_depth: 4,
        seed: 7,
    },
];

/// Plays `spec`, calling `on_move` with every move; stops early when it
/// returns false. Returns the final game.
pub fn play(
    spec: &GameSpec,
    table: &mut [Entry<Cell>],
    mut on_move: impl FnMut(Cell) -> bool,
) -> Atom4 {
    let mut game = match Atom4::new(spec.width, spec.height) {
        Ok(game) => game,
        Err(_) => return Atom4::standard(),
    };
    let mut rng = Rng::new(spec.seed);
    let mut search = StrongSearch::new(table, StrongEval::new(Weights::DEFAULT));
    let mut number = 0u64;
    for round in 1..=spec.rounds {
        if round > 1 && game.next_round().is_err() {
            break;
        }
        while let Some(player) = game.current_player() {
            let cell = if player == Player::ONE {
                classic::choose(&game, spec.classic_level, &mut rng).ok()
            } else {
                let limits = Limits {
                    depth: spec.strong_depth,
                    nodes: u64::MAX,
                    seed: spec.seed ^ number,
                };
                search.run(&game, limits, &mut ()).best
            };
            let Some(cell) = cell else { return game };
            if game.play(cell).is_err() || !on_move(cell) {
                return game;
            }
            number += 1;
        }
    }
    game
}
