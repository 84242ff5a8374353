//! Atropos on the chip: recorded games of `tests/data/atropos/` (the
//! Default player against itself, its every move drawn again from the
//! game's seed), the Java referee's positions (legal circles and losing
//! moves), and games of the player engine under work budgets. Shared with
//! build.rs, which compiles the records in and plays the engine's games
//! on the host.

use core::fmt::Write as _;

use atom4_core::atropos::engine::WorkBudget;
use atom4_core::atropos::referee::Generators;
use atom4_core::atropos::{default_move, Atropos, Config, Engine, Memory, Move};
use atom4_core::mcts::NODE_WORDS;
use atom4_core::Rng;

use crate::check::{items, Digest, Fault};

/// The solver's table: 256 words, 2 KiB.
pub const SOLVER_WORDS: usize = 256;
/// The MCTS tree: 96 nodes of 3 words (24 bytes), 2,304 bytes.
pub const TREE_NODES: usize = 96;

/// A recorded game of the Default player against itself.
#[derive(Clone, Copy, Debug)]
pub struct Recorded<'a> {
    pub size: u32,
    /// The game seed: it seeds the openings' and both seats' generators.
    pub seed: u64,
    /// The seat that moves first: 0 (a) or 1 (b).
    pub first: usize,
    /// Opening moves asked for, and made.
    pub opening: u32,
    pub openings: u32,
    /// The moves as `(c,h,l,r)`, `;`-separated.
    pub moves: &'a str,
    /// The seat that lost.
    pub loser: usize,
}

/// Replays `game`: each move must be the one Default draws, and the game
/// must end with the recorded loser. Returns the number of moves.
pub fn replay(index: usize, game: &Recorded) -> Result<usize, Fault> {
    let fault = |at, what| Fault {
        game: index,
        at,
        what,
    };
    let mut position = Atropos::new(game.size).map_err(|_| fault(0, "the size is refused"))?;
    let generators = Generators::new(game.seed);
    let mut opening = generators.opening;
    let mut seats = [generators.a, generators.b];
    let mut openings = 0;
    let mut made = 0;
    for (i, text) in items(game.moves).enumerate() {
        let mv: Move = text
            .parse()
            .map_err(|_| fault(i + 1, "the move does not read"))?;
        if position.is_finished() {
            return Err(fault(i + 1, "a move after the end"));
        }
        let mut drawn = None;
        if openings < game.opening && i == openings as usize && !position.safe_moves().is_empty() {
            openings += 1;
            drawn = default_move(&position, &mut opening);
        }
        if openings as usize <= i {
            drawn = default_move(&position, &mut seats[(game.first + i) % 2]);
        }
        if drawn != Some(mv) {
            return Err(fault(i + 1, "Default draws another move"));
        }
        position
            .play(mv)
            .map_err(|_| fault(i + 1, "the move is refused"))?;
        made = i + 1;
    }
    if openings != game.openings {
        return Err(fault(0, "another number of opening moves"));
    }
    if !position.is_finished() || made == 0 || (game.first + made - 1) % 2 != game.loser {
        return Err(fault(0, "another end or loser"));
    }
    Ok(made)
}

/// A position of the Java referee: its state string, and the digests of
/// its legal circles (`FINISHED=true` when finished) and of its losing
/// moves, each list `' '`-separated in canonical order.
#[derive(Clone, Copy, Debug)]
pub struct RefereePosition<'a> {
    pub state: &'a str,
    pub legal: u32,
    pub losing: u32,
}

/// Reads `position` and checks that it prints back, its legal circles and
/// its losing moves.
pub fn check_position(index: usize, position: &RefereePosition) -> Result<(), Fault> {
    let fault = |what| Fault {
        game: index,
        at: 0,
        what,
    };
    let state = Atropos::from_text(position.state).map_err(|_| fault("the state does not read"))?;
    if Digest::of_display(&state) != Digest::of(position.state) {
        return Err(fault("the state prints otherwise"));
    }
    let mut legal = Digest::new();
    if state.is_finished() {
        legal.bytes(b"FINISHED=true");
    } else {
        for (i, circle) in state.legal_circles().iter().enumerate() {
            let _ = write!(legal, "{}{circle}", if i > 0 { " " } else { "" });
        }
    }
    if legal.0 != position.legal {
        return Err(fault("other legal circles"));
    }
    let mut losing = Digest::new();
    for (i, mv) in state.losing_moves().iter().enumerate() {
        let _ = write!(losing, "{}{mv}", if i > 0 { " " } else { "" });
    }
    if losing.0 != position.losing {
        return Err(fault("other losing moves"));
    }
    Ok(())
}

/// A game of the engine at both seats, `work[seat]` units of work a move
/// (solver positions; an MCTS iteration counts 16).
#[derive(Clone, Copy, Debug)]
pub struct EngineGame {
    pub size: u32,
    pub work: [u64; 2],
    pub seed: u64,
    /// The exact solver is tried with at most this many live circles (0:
    /// never; its board takes about 140 KB of stack).
    pub solver_max_live: u32,
}

impl core::fmt::Display for EngineGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "size {}, work {}/{}, ",
            self.size, self.work[0], self.work[1]
        )?;
        match self.solver_max_live {
            0 => f.write_str("no solver"),
            n => write!(f, "solver from {n} live circles"),
        }
    }
}

pub const ENGINE_GAMES: [EngineGame; 2] = [
    EngineGame {
        size: 6,
        work: [3000, 1500],
        seed: 61,
        solver_max_live: 40,
    },
    EngineGame {
        size: 8,
        work: [2000, 4000],
        seed: 62,
        solver_max_live: 0,
    },
];

/// The engine's memory.
pub struct EngineMemory {
    pub solver: [u64; SOLVER_WORDS],
    pub tree: [u64; TREE_NODES * NODE_WORDS],
}

impl EngineMemory {
    pub const EMPTY: EngineMemory = EngineMemory {
        solver: [0; SOLVER_WORDS],
        tree: [0; TREE_NODES * NODE_WORDS],
    };
}

/// Plays `spec`, calling `on_move` with every move; stops early when it
/// returns false. Each move starts with an empty solver table, as the
/// player program does. Returns the last position.
pub fn play(
    spec: &EngineGame,
    memory: &mut EngineMemory,
    mut on_move: impl FnMut(Move) -> bool,
) -> Option<Atropos> {
    let mut position = Atropos::new(spec.size).ok()?;
    let mut rng = Rng::new(spec.seed);
    while let Some(player) = position.to_move() {
        let mut engine = Engine::new(
            Memory {
                solver: &mut memory.solver,
                tree: &mut memory.tree,
                table: &mut [],
            },
            Config {
                seed: rng.next_u64(),
                solver_max_live: spec.solver_max_live,
                ..Config::default()
            },
        );
        engine.clear();
        let mut budget = WorkBudget(spec.work[player.index()]);
        let mv = engine.choose(&position, &mut budget)?.mv;
        if position.play(mv).is_err() || !on_move(mv) {
            break;
        }
    }
    Some(position)
}
