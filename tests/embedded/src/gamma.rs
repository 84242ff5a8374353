//! Gamma on the chip: batch-mode triples of `tests/data/gamma/` run
//! through the core's batch session (standard output and error must match
//! byte for byte), and games of the computer player (MCTS with playouts)
//! on a small board under iteration limits. Shared with build.rs, which
//! compiles the triples in and plays the engine's games on the host.

use atom4_core::gamma::policy::Playout;
use atom4_core::gamma::{Fed, Move, Position, Session};
use atom4_core::mcts::{self, Mcts, NODE_WORDS};

use crate::check::{Digest, Fault};

/// Words of game memory for the batch sessions (4 KiB): boards of up to
/// about 200 cells.
pub const SESSION_WORDS: usize = 1024;
/// Words a plane of the engine's positions: 4 serve up to 10 x 10 (well,
/// `height * (width + 1) <= 256`).
pub const WORDS: usize = 4;
/// The MCTS tree: 128 nodes of 3 words (24 bytes), 3 KiB.
pub const TREE_NODES: usize = 128;
/// The tree's words.
pub const TREE_WORDS: usize = TREE_NODES * NODE_WORDS;

/// A batch-mode triple: what is fed on standard input, and the digests and
/// lengths of the expected standard output and error.
#[derive(Clone, Copy, Debug)]
pub struct Recorded<'a> {
    pub name: &'a str,
    pub input: &'a [u8],
    pub out: (u32, usize),
    pub err: (u32, usize),
}

/// A digest that counts the bytes too.
struct Stream(Digest, usize);

impl core::fmt::Write for Stream {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.bytes(s.as_bytes());
        self.1 += s.len();
        Ok(())
    }
}

/// Runs `triple`, its input fed in pieces of `piece` bytes, in `memory`.
/// Returns the number of input lines.
pub fn replay(
    index: usize,
    triple: &Recorded,
    memory: &mut [u32],
    piece: usize,
) -> Result<usize, Fault> {
    let fault = |what| Fault {
        game: index,
        at: 0,
        what,
    };
    let mut session = Session::new(memory);
    let mut out = Stream(Digest::new(), 0);
    let mut err = Stream(Digest::new(), 0);
    for chunk in triple.input.chunks(piece.max(1)) {
        match session.feed(chunk, &mut out, &mut err) {
            Ok(Fed::Batch) => {}
            Ok(Fed::Interactive { .. }) => return Err(fault("the interactive mode started")),
            Err(_) => return Err(fault("the session failed")),
        }
    }
    session
        .finish(&mut err)
        .map_err(|_| fault("the session failed at the end"))?;
    if (out.0 .0, out.1) != triple.out {
        return Err(fault("standard output differs"));
    }
    if (err.0 .0, err.1) != triple.err {
        return Err(fault("standard error differs"));
    }
    Ok(triple.input.iter().filter(|&&b| b == b'\n').count())
}

/// A game of the computer player at every seat on a `width` x `height`
/// board: player 1 runs `iterations[0]` MCTS iterations a move, the others
/// `iterations[1]`.
#[derive(Clone, Copy, Debug)]
pub struct EngineGame {
    pub width: u32,
    pub height: u32,
    pub players: u32,
    pub areas: u32,
    pub iterations: [u64; 2],
    pub seed: u64,
}

impl core::fmt::Display for EngineGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}x{}, {} players, {} areas, {}/{} iterations",
            self.width,
            self.height,
            self.players,
            self.areas,
            self.iterations[0],
            self.iterations[1]
        )
    }
}

pub const ENGINE_GAMES: [EngineGame; 2] = [
    EngineGame {
        width: 5,
        height: 5,
        players: 2,
        areas: 2,
        iterations: [300, 150],
        seed: 71,
    },
    EngineGame {
        width: 6,
        height: 4,
        players: 3,
        areas: 3,
        iterations: [200, 100],
        seed: 72,
    },
];

/// Plays `spec`, calling `on_move` with every move; stops early when it
/// returns false. Returns the last position.
pub fn play(
    spec: &EngineGame,
    tree: &mut [u64],
    mut on_move: impl FnMut(Move) -> bool,
) -> Option<Position<WORDS>> {
    let mut position =
        Position::<WORDS>::new(spec.width, spec.height, spec.players, spec.areas).ok()?;
    let mut number = 0u64;
    while let Some(player) = position.player_to_move() {
        let limits = mcts::Limits {
            iterations: spec.iterations[usize::from(player > 1)],
            seed: spec.seed ^ number,
        };
        let mv = Mcts::new(&mut *tree, Playout::default())
            .run(&position, limits, &mut ())
            .best?;
        if position.make_move(mv).is_err() || !on_move(mv) {
            break;
        }
        number += 1;
    }
    Some(position)
}
