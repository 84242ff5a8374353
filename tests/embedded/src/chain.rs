//! Chain Reaction on the chip: recorded games of `tests/data/chain/`
//! replayed move by move, and games of the strong engine under node
//! limits. Shared with build.rs, which compiles the recorded games in and
//! plays the engine's games on the host.

use atom4_core::chain::{Move, Position, Rules, StrongEval, StrongSearch};
use atom4_core::search::{Entry, Limits};

use crate::check::{items, Digest, Fault};

/// The transposition table the firmware gives the strong engine: 256
/// slots of 8 bytes, 2 KiB.
pub const TABLE_SLOTS: usize = 256;

/// A recorded game, as build.rs compiles it in.
#[derive(Clone, Copy, Debug)]
pub struct Recorded<'a> {
    pub id: &'a str,
    pub rules: Rules,
    pub width: u8,
    pub height: u8,
    pub players: u8,
    /// The moves in the game's notation (`x,y` or `pass`), `;`-separated.
    pub moves: &'a str,
    /// The digest of the board text after each move.
    pub boards: &'a [u32],
    /// The digest of the position text after the last move.
    pub last: u32,
}

/// Replays `game` (index `index` in its list): every board and the final
/// position must be the recorded ones. Returns the number of moves.
pub fn replay(index: usize, game: &Recorded) -> Result<usize, Fault> {
    let fault = |at, what| Fault {
        game: index,
        at,
        what,
    };
    let mut position = Position::new(game.rules, game.width, game.height, game.players)
        .map_err(|_| fault(0, "the size or players are refused"))?;
    let mut n = 0;
    for (j, text) in items(game.moves).enumerate() {
        let mv: Move = text
            .parse()
            .map_err(|_| fault(j + 1, "the move does not read"))?;
        position
            .play(mv)
            .map_err(|_| fault(j + 1, "the move is refused"))?;
        if game.boards.get(j) != Some(&Digest::of_display(position.board())) {
            return Err(fault(j + 1, "the board differs"));
        }
        n = j + 1;
    }
    if n != game.boards.len() {
        return Err(fault(0, "fewer moves than boards"));
    }
    if Digest::of_display(&position) != game.last {
        return Err(fault(0, "the final position differs"));
    }
    Ok(n)
}

/// A game of the strong engine at every seat: the first player searches
/// `nodes[0]` nodes a move, the others `nodes[1]`, all to `depth` at most.
#[derive(Clone, Copy, Debug)]
pub struct EngineGame {
    pub rules: Rules,
    pub width: u8,
    pub height: u8,
    pub players: u8,
    pub depth: u8,
    pub nodes: [u64; 2],
    pub seed: u64,
    /// The game stops after this many moves if it has not ended.
    pub max_moves: u32,
}

impl core::fmt::Display for EngineGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{:?} {}x{}, {} players, depth {}, {}/{} nodes",
            self.rules,
            self.width,
            self.height,
            self.players,
            self.depth,
            self.nodes[0],
            self.nodes[1]
        )
    }
}

pub const ENGINE_GAMES: [EngineGame; 2] = [
    EngineGame {
        rules: Rules::Classic,
        width: 5,
        height: 6,
        players: 2,
        depth: 3,
        nodes: [3000, 1500],
        seed: 33,
        max_moves: 120,
    },
    EngineGame {
        rules: Rules::Classic,
        width: 4,
        height: 4,
        players: 3,
        depth: 3,
        nodes: [2000, 1000],
        seed: 34,
        max_moves: 120,
    },
];

/// Plays `spec`, calling `on_move` with every move; stops early when it
/// returns false. Returns the last position.
pub fn play(
    spec: &EngineGame,
    table: &mut [Entry<Move>],
    mut on_move: impl FnMut(Move) -> bool,
) -> Option<Position> {
    let mut position = Position::new(spec.rules, spec.width, spec.height, spec.players).ok()?;
    let mut search = StrongSearch::new(table, StrongEval::default());
    for number in 0..spec.max_moves {
        let Some(player) = position.to_move() else {
            break;
        };
        search.clear();
        let limits = Limits {
            depth: spec.depth,
            nodes: spec.nodes[usize::from(player.index() > 0)],
            seed: spec.seed ^ u64::from(number),
        };
        let mv = search.run(&position, limits, &mut ()).best?;
        if position.play(mv).is_err() || !on_move(mv) {
            break;
        }
    }
    Some(position)
}
