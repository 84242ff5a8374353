//! Atomas on the chip: recorded games of `tests/data/atomas/` (every
//! atom drawn again from the game's seed by the spec's reference
//! generator, or put in hand as recorded for the scripted games), and
//! games of the bot under node limits. Shared with build.rs, which
//! compiles the records in and plays the bot's games on the host.

use atom4_core::atomas::bot::Limits;
use atom4_core::atomas::{Atom, Atomas, Bot, Reference, Reply, Source, Weights};

use crate::check::{items, prints_as, Digest, Fault};

/// A recorded game.
#[derive(Clone, Copy, Debug)]
pub struct Recorded<'a> {
    /// The reference generator's seed; `None` for a scripted game, whose
    /// atoms are put in hand as recorded.
    pub seed: Option<u64>,
    /// The state text at the start.
    pub start: &'a str,
    /// Per move `ATOM|REPLY` (the atom drawn, the reply's text),
    /// `;`-separated.
    pub moves: &'a str,
    /// Per move where the atom came from: `r` random, `c` carry, `f` forced.
    pub sources: &'a str,
    /// The digest of the state text after each move.
    pub after: &'a [u32],
    /// Whether the ring ends full (more than 18 entries).
    pub full: bool,
}

/// Replays `game`: every draw, source and state after a move must be the
/// recorded ones. Returns the number of moves.
pub fn replay(index: usize, game: &Recorded) -> Result<usize, Fault> {
    let fault = |at, what| Fault {
        game: index,
        at,
        what,
    };
    let mut state: Atomas = game
        .start
        .parse()
        .map_err(|_| fault(0, "the start does not read"))?;
    let mut draws = match game.seed {
        Some(seed) => {
            let mut draws = Reference::new(seed);
            if Atomas::start(&mut draws) != state {
                return Err(fault(0, "the seed starts another ring"));
            }
            Some(draws)
        }
        None => None,
    };
    let mut n = 0;
    for (m, item) in items(game.moves).enumerate() {
        let at = m + 1;
        let (atom, reply) = item.split_once('|').ok_or(fault(at, "not ATOM|REPLY"))?;
        let source = match state.source() {
            Some(Source::Carry) => b'c',
            Some(Source::Forced) => b'f',
            Some(Source::Random) => b'r',
            None => return Err(fault(at, "no atom to draw")),
        };
        if game.sources.as_bytes().get(m) != Some(&source) {
            return Err(fault(at, "the atom comes from elsewhere"));
        }
        match &mut draws {
            Some(draws) => {
                let (drawn, _) = state
                    .draw_with(draws)
                    .map_err(|_| fault(at, "no atom drawn"))?;
                if !prints_as(&drawn, atom) {
                    return Err(fault(at, "the generator draws another atom"));
                }
            }
            None => {
                let atom = Atom::from_token(atom).ok_or(fault(at, "the atom does not read"))?;
                state
                    .draw(atom)
                    .map_err(|_| fault(at, "the atom cannot be drawn"))?;
            }
        }
        state
            .reply(reply)
            .map_err(|_| fault(at, "the reply is refused"))?;
        if game.after.get(m) != Some(&Digest::of_display(&state)) {
            return Err(fault(at, "the state after differs"));
        }
        n = at;
    }
    if n != game.after.len() {
        return Err(fault(0, "fewer moves than states"));
    }
    if state.is_over() != game.full {
        return Err(fault(0, "another end"));
    }
    Ok(n)
}

/// A game of the bot, its atoms drawn by the reference generator seeded
/// `seed`, searching `nodes` nodes to `depth` replies at most a move.
#[derive(Clone, Copy, Debug)]
pub struct EngineGame {
    pub seed: u64,
    pub depth: u8,
    pub nodes: u64,
    /// The game stops after this many moves if the ring is not full.
    pub max_moves: u32,
}

impl core::fmt::Display for EngineGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "depth {}, {} nodes", self.depth, self.nodes)
    }
}

pub const ENGINE_GAMES: [EngineGame; 2] = [
    EngineGame {
        seed: 81,
        depth: 1,
        nodes: 400,
        max_moves: 60,
    },
    EngineGame {
        seed: 82,
        depth: 2,
        nodes: 2000,
        max_moves: 60,
    },
];

/// Plays `spec`, calling `on_move` with every reply; stops early when it
/// returns false. Returns the last state.
pub fn play(spec: &EngineGame, mut on_move: impl FnMut(Reply) -> bool) -> Atomas {
    let mut draws = Reference::new(spec.seed);
    let mut state = Atomas::start(&mut draws);
    let mut bot = Bot::new(Weights::DEFAULT);
    for _ in 0..spec.max_moves {
        if state.draw_with(&mut draws).is_err() {
            break;
        }
        let limits = Limits {
            nodes: spec.nodes,
            ..Limits::depth(spec.depth)
        };
        let Some(reply) = bot.search(&state, limits, &mut ()).best else {
            break;
        };
        if state.play(reply).is_err() || !on_move(reply) {
            break;
        }
    }
    state
}
