//! The five games as the console holds them: one enum of the games' own
//! states (a game at a time, so the RAM holds the largest, not the five),
//! each driven through the one game interface ([`State`]), and what the
//! chip gives each engine: its limits and its memory.

use core::fmt::{self, Write};

use atom4_core::atom4::Atom4;
use atom4_core::atomas::Atomas;
use atom4_core::atropos::Atropos;
use atom4_core::chain;
use atom4_core::gamma;
use atom4_core::state::{Action, Limits, MoveError, Player, Setup, SetupError, State, Turn};

/// Gamma's boards on the chip: planes of 2 words, `height * (width + 1)`
/// bits up to 128 (10 x 10, 12 x 9, 15 x 7, ...): a position of 560 bytes
/// instead of the registry's 32 x 32 (4 KiB).
pub const GAMMA_WORDS: usize = 2;

/// A game's place on the console: its name, what the menu says of its
/// options, and its engine's limits and memory on the chip.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    /// The options the console takes, with their defaults, for the menu.
    pub options: &'static str,
    /// The engine's limits (the seed is the move's number from the start).
    pub limits: Limits,
    /// The engine's memory, in 64-bit words: an array on the stack while
    /// the engine thinks, sized to what the stack has left beside the
    /// engine's own frames.
    pub words: usize,
}

const fn nodes_depth(nodes: u64, depth: Option<u8>) -> Limits {
    Limits {
        nodes: Some(nodes),
        depth,
        time_ms: None,
        seed: 0,
        level: None,
    }
}

/// Atom-4: the strong search to depth 4 with a table of 256 slots (2 KiB:
/// a slot a word).
pub const ATOM4_WORDS: usize = 256;
/// Atropos: the tree search alone (level 0: the exact solver's board takes
/// about 140 KB of stack), 4,000 units of work in a tree of 96 nodes (its
/// playouts' frames take most of the stack: 512 words overflowed it).
pub const ATROPOS_WORDS: usize = 288;
/// Chain Reaction: the strong search to depth 3 with a table of 256
/// slots (2 KiB).
pub const CHAIN_WORDS: usize = 256;
/// Gamma: the tree search, 300 iterations in a tree of 400 nodes.
pub const GAMMA_TREE_WORDS: usize = 1200;
/// Atomas: the bot keeps its search on the stack.
pub const ATOMAS_WORDS: usize = 0;

/// The games in the menu's order, as the registry lists them.
pub const SPECS: [Spec; 5] = [
    Spec {
        name: "atom4",
        options: "size=WxH (2 to 16 each; default 16x16)",
        limits: nodes_depth(50_000, Some(4)),
        words: ATOM4_WORDS,
    },
    Spec {
        name: "atropos",
        options: "size=N (the triangle's side, 1 to 15; default 7)",
        limits: Limits {
            level: Some(0),
            ..nodes_depth(4_000, None)
        },
        words: ATROPOS_WORDS,
    },
    Spec {
        name: "chain",
        options: "size=WxH (2 to 16; default 6x9) players=N (2 to 8) rules=classic|atoms",
        limits: nodes_depth(3_000, Some(3)),
        words: CHAIN_WORDS,
    },
    Spec {
        name: "gamma",
        options: "size=WxH (height x (width+1) at most 128: 10x10, 12x9; default 10x10) players=N (1 to 16) areas=N",
        limits: nodes_depth(300, None),
        words: GAMMA_TREE_WORDS,
    },
    Spec {
        name: "atomas",
        options: "seed=N (draws the start ring and the atoms; default 0)",
        limits: nodes_depth(20_000, Some(2)),
        words: ATOMAS_WORDS,
    },
];

/// A position of one of the five games.
// No heap to box the large variant into: the console holds one game at a
// time, and the enum is the size of the largest.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Chip {
    Atom4(Atom4),
    Atropos(Atropos),
    Chain(chain::Position),
    Gamma(gamma::Position<GAMMA_WORDS>),
    Atomas(Atomas),
}

/// Runs `$e` with `$s` bound to the game's own state.
macro_rules! each {
    ($chip:expr, $s:ident => $e:expr) => {
        match $chip {
            Chip::Atom4($s) => $e,
            Chip::Atropos($s) => $e,
            Chip::Chain($s) => $e,
            Chip::Gamma($s) => $e,
            Chip::Atomas($s) => $e,
        }
    };
}

impl Chip {
    /// A new game of `SPECS[game]` set up so.
    #[inline(never)]
    pub fn start(game: usize, setup: &Setup) -> Result<Chip, SetupError> {
        Ok(match game {
            0 => Chip::Atom4(State::new(setup)?),
            1 => Chip::Atropos(State::new(setup)?),
            2 => Chip::Chain(State::new(setup)?),
            3 => {
                if let Some((w, h)) = setup.size {
                    if !gamma::fits(w.into(), h.into(), GAMMA_WORDS) {
                        return Err(SetupError::new(
                            "size",
                            format_args!(
                                "{w}x{h} does not fit the chip: height x (width + 1) is at most {} (10x10, 12x9, 15x7)",
                                64 * GAMMA_WORDS
                            ),
                        ));
                    }
                }
                Chip::Gamma(State::new(setup)?)
            }
            _ => Chip::Atomas(State::new(setup)?),
        })
    }

    /// Which game it is: its index in [`SPECS`].
    pub fn game(&self) -> usize {
        match self {
            Chip::Atom4(_) => 0,
            Chip::Atropos(_) => 1,
            Chip::Chain(_) => 2,
            Chip::Gamma(_) => 3,
            Chip::Atomas(_) => 4,
        }
    }

    pub fn players(&self) -> usize {
        each!(self, s => State::players(s))
    }

    pub fn turn(&self) -> Turn {
        each!(self, s => State::turn(s))
    }

    pub fn play(&mut self, action: Action) -> Result<(), MoveError> {
        each!(self, s => State::play(s, action))
    }

    pub fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        each!(self, s => State::parse_move(s, text))
    }

    pub fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        each!(self, s => State::write_move(s, action, w))
    }

    pub fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        each!(self, s => State::legal_actions(s, f))
    }

    /// Chance's pick at a chance turn, drawn by weight with `rng`.
    pub fn draw_chance(&self, rng: &mut atom4_core::Rng) -> Option<Action> {
        each!(self, s => atom4_core::state::draw_chance(s, rng))
    }

    pub fn returns(&self, player: Player) -> f64 {
        each!(self, s => State::returns(s, player))
    }

    pub fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        each!(self, s => State::write_text(s, w))
    }

    pub fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        each!(self, s => State::write_diagram(s, w))
    }

    /// The engine's choice for the player to move under the game's
    /// [`Spec`], seeded with `seed`.
    pub fn think(&self, seed: u64) -> Option<Action> {
        // Each game's engine in a frame of its own, with its memory; its
        // limits are constants there, so that what they leave out (Atom-4's
        // classic levels, Atropos's solver) is left out of the flash too.
        match self {
            Chip::Atom4(s) => think::<_, ATOM4_WORDS>(s, seeded(0, seed)),
            Chip::Atropos(s) => think::<_, ATROPOS_WORDS>(s, seeded(1, seed)),
            Chip::Chain(s) => think::<_, CHAIN_WORDS>(s, seeded(2, seed)),
            Chip::Gamma(s) => think::<_, GAMMA_TREE_WORDS>(s, seeded(3, seed)),
            Chip::Atomas(s) => think::<_, ATOMAS_WORDS>(s, seeded(4, seed)),
        }
    }
}

/// The limits of `SPECS[game]` with `seed`.
#[inline(always)]
const fn seeded(game: usize, seed: u64) -> Limits {
    let mut limits = SPECS[game].limits;
    limits.seed = seed;
    limits
}

/// The engine of `state`'s game with `WORDS` words of memory on the stack
/// (the chip has no other room for it: static memory for five engines
/// would not fit beside the stack the deepest of them needs).
#[inline(never)]
fn think<S: State, const WORDS: usize>(state: &S, limits: Limits) -> Option<Action> {
    let mut memory = [0u64; WORDS];
    state.search(&limits, &mut memory, &mut ()).best
}
