//! The state in caller memory, and the rules: new games, draws, the spawn
//! law, legal replies, playing a reply.

use atom4_core::atomas::{
    Atom, Atomas, DrawError, IllegalReply, Reference, Reply, Source, MAX_MOVES, MAX_OUTCOMES,
};

use crate::boundary::{guard, input, output, output_array, output_opt, Result};
use crate::status::atom4_status::{self, *};
pub use crate::status::{
    ATOM4_ATOMAS_BLACK, ATOM4_ATOMAS_CLONE, ATOM4_ATOMAS_ENTRY, ATOM4_ATOMAS_GAP,
    ATOM4_ATOMAS_MINUS, ATOM4_ATOMAS_NONE, ATOM4_ATOMAS_NUMBER, ATOM4_ATOMAS_PLUS,
    ATOM4_ATOMAS_REMOVE, ATOM4_ATOMAS_SOURCE_CARRY, ATOM4_ATOMAS_SOURCE_FORCED,
    ATOM4_ATOMAS_SOURCE_NONE, ATOM4_ATOMAS_SOURCE_RANDOM,
};
pub use crate::stored::atom4_atomas_game;
use crate::stored::{read, write};

/// Most entries a ring holds (a game is over beyond 18).
pub const ATOM4_ATOMAS_MAX_ENTRIES: usize = 19;
/// Most legal replies of a state (a minus on 18 entries, y or n each).
pub const ATOM4_ATOMAS_MAX_REPLIES: usize = 36;
/// Most atoms a draw can give (four special ones, 18 below the range and
/// the range's three).
pub const ATOM4_ATOMAS_MAX_OUTCOMES: usize = 25;

const _: () = assert!(ATOM4_ATOMAS_MAX_REPLIES == MAX_MOVES);
const _: () = assert!(ATOM4_ATOMAS_MAX_OUTCOMES == MAX_OUTCOMES);

/// The spec's reference generator (SplitMix64) in caller memory: the same
/// seed draws the same games as every seeded controller. Any state is a
/// valid generator.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atomas_rng {
    pub state: u64,
}

/// An atom: `kind` is one of ATOM4_ATOMAS_NONE, _PLUS, _MINUS, _BLACK,
/// _CLONE, _NUMBER; `value` is the number (1 and up) for _NUMBER, 0
/// otherwise.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atomas_atom {
    pub kind: u8,
    pub value: u32,
}

impl From<Option<Atom>> for atom4_atomas_atom {
    fn from(atom: Option<Atom>) -> atom4_atomas_atom {
        let (kind, value) = match atom {
            None => (ATOM4_ATOMAS_NONE, 0),
            Some(Atom::Plus) => (ATOM4_ATOMAS_PLUS, 0),
            Some(Atom::Minus) => (ATOM4_ATOMAS_MINUS, 0),
            Some(Atom::Black) => (ATOM4_ATOMAS_BLACK, 0),
            Some(Atom::Clone) => (ATOM4_ATOMAS_CLONE, 0),
            Some(Atom::Number(v)) => (ATOM4_ATOMAS_NUMBER, v),
        };
        atom4_atomas_atom { kind, value }
    }
}

impl atom4_atomas_atom {
    /// The atom, or ATOM4_OUT_OF_RANGE for a kind that is no atom or a
    /// number 0.
    fn atom(self) -> Result<Atom> {
        match (self.kind, self.value) {
            (ATOM4_ATOMAS_PLUS, 0) => Ok(Atom::Plus),
            (ATOM4_ATOMAS_MINUS, 0) => Ok(Atom::Minus),
            (ATOM4_ATOMAS_BLACK, 0) => Ok(Atom::Black),
            (ATOM4_ATOMAS_CLONE, 0) => Ok(Atom::Clone),
            (ATOM4_ATOMAS_NUMBER, v) if v > 0 => Ok(Atom::Number(v)),
            _ => Err(ATOM4_OUT_OF_RANGE),
        }
    }
}

/// A reply: `kind` ATOM4_ATOMAS_GAP (a number, `+` or `B` in hand: the gap
/// `index`), ATOM4_ATOMAS_ENTRY (a `C`: the entry `index` it copies) or
/// ATOM4_ATOMAS_REMOVE (a `-`: the entry `index` it removes, and
/// `to_plus` non-zero for `y`, the next atom a plus, or 0 for `n`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atomas_reply {
    pub kind: u8,
    pub index: u8,
    pub to_plus: u8,
}

impl From<Reply> for atom4_atomas_reply {
    fn from(reply: Reply) -> atom4_atomas_reply {
        match reply {
            Reply::Gap(g) => atom4_atomas_reply {
                kind: ATOM4_ATOMAS_GAP,
                index: g,
                to_plus: 0,
            },
            Reply::Entry(j) => atom4_atomas_reply {
                kind: ATOM4_ATOMAS_ENTRY,
                index: j,
                to_plus: 0,
            },
            Reply::Remove { entry, to_plus } => atom4_atomas_reply {
                kind: ATOM4_ATOMAS_REMOVE,
                index: entry,
                to_plus: u8::from(to_plus),
            },
        }
    }
}

impl atom4_atomas_reply {
    /// The reply, or ATOM4_OUT_OF_RANGE for a kind that is no reply.
    pub(crate) fn reply(self) -> Result<Reply> {
        match self.kind {
            ATOM4_ATOMAS_GAP => Ok(Reply::Gap(self.index)),
            ATOM4_ATOMAS_ENTRY => Ok(Reply::Entry(self.index)),
            ATOM4_ATOMAS_REMOVE => Ok(Reply::Remove {
                entry: self.index,
                to_plus: self.to_plus != 0,
            }),
            _ => Err(ATOM4_OUT_OF_RANGE),
        }
    }
}

/// One atom a draw may give, and its weight: its probability is the
/// weight over the sum of all the weights listed (exact fractions).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atomas_chance {
    pub atom: atom4_atomas_atom,
    pub weight: u32,
}

/// Everything about a state but its entries.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atomas_info {
    /// Entries on the ring (pluses included); more than 18: the game is over.
    pub entries: u8,
    /// Whether the game is over (1) or not (0).
    pub over: u8,
    /// Where the next atom comes from: ATOM4_ATOMAS_SOURCE_*.
    pub source: u8,
    /// Points so far.
    pub score: u64,
    /// The number of the move being played or about to be, from 1.
    pub move_number: u32,
    /// The range of new normal atoms: `range_low .. range_low + 2`.
    pub range_low: u32,
    /// Moves since the last one that played a `+` or a `B`.
    pub since: u32,
    /// The atom in hand (kind ATOM4_ATOMAS_NONE between moves).
    pub hand: atom4_atomas_atom,
    /// The atom the next move must play (after a `-` or a `C`), or none.
    pub carry: atom4_atomas_atom,
}

/// Sets `rng` to the generator of game `game_index` (0-based) of a run
/// seeded `seed`: the state `seed + game_index`.
#[no_mangle]
pub extern "C" fn atom4_atomas_rng_init(
    rng: *mut atom4_atomas_rng,
    seed: u64,
    game_index: u64,
) -> atom4_status {
    guard(|| {
        output(
            rng,
            atom4_atomas_rng {
                state: seed.wrapping_add(game_index),
            },
        )
    })
}

/// Starts a new game in `game`: six atoms drawn from `rng` (advanced),
/// score 0, move 1, nothing in hand (draw the first atom next).
#[no_mangle]
pub extern "C" fn atom4_atomas_game_start(
    game: *mut atom4_atomas_game,
    rng: *mut atom4_atomas_rng,
) -> atom4_status {
    guard(|| {
        let mut draws = Reference::new(input(rng)?.state);
        let state = Atomas::start(&mut draws);
        write(game, &state)?;
        output(
            rng,
            atom4_atomas_rng {
                state: draws.state(),
            },
        )
    })
}

/// Fills `info` with the state's score, move, range, hand, carry and more.
#[no_mangle]
pub extern "C" fn atom4_atomas_game_info(
    game: *const atom4_atomas_game,
    info: *mut atom4_atomas_info,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let source = match state.source() {
            None => ATOM4_ATOMAS_SOURCE_NONE,
            Some(Source::Carry) => ATOM4_ATOMAS_SOURCE_CARRY,
            Some(Source::Forced) => ATOM4_ATOMAS_SOURCE_FORCED,
            Some(Source::Random) => ATOM4_ATOMAS_SOURCE_RANDOM,
        };
        output(
            info,
            atom4_atomas_info {
                entries: state.ring().len() as u8,
                over: u8::from(state.is_over()),
                source,
                score: state.score(),
                move_number: state.move_number(),
                range_low: state.range().0,
                since: state.since(),
                hand: state.hand().into(),
                carry: state.carry().map(|e| e.atom()).into(),
            },
        )
    })
}

/// Writes the ring's entries in index order to `entries` (`capacity`
/// items; ATOM4_ATOMAS_MAX_ENTRIES always suffice): each a number from 1,
/// or 0 for a plus. Their number goes to `count` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_atomas_ring(
    game: *const atom4_atomas_game,
    entries: *mut u32,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let mut list = [0u32; ATOM4_ATOMAS_MAX_ENTRIES];
        let n = state.ring().len();
        for (slot, entry) in list.iter_mut().zip(state.ring().iter()) {
            *slot = match entry.atom() {
                Atom::Number(v) => v,
                _ => 0,
            };
        }
        output_array(entries, capacity, count, &list[..n])
    })
}

/// Draws the next atom with the reference generator `rng` (advanced only
/// by the draws the spec makes: none for a carried or forced atom), puts it
/// in hand and writes it to `atom` and where it came from
/// (ATOM4_ATOMAS_SOURCE_*) to `source` (both may be NULL).
/// ATOM4_ILLEGAL_MOVE when an atom is already in hand, ATOM4_ROUND_OVER
/// when the game is over.
#[no_mangle]
pub extern "C" fn atom4_atomas_draw(
    game: *mut atom4_atomas_game,
    rng: *mut atom4_atomas_rng,
    atom: *mut atom4_atomas_atom,
    source: *mut u8,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        let mut draws = Reference::new(input(rng)?.state);
        let (drawn, from) = state.draw_with(&mut draws).map_err(draw_status)?;
        output_opt(atom, Some(drawn).into())?;
        output_opt(source, source_code(from))?;
        output(
            rng,
            atom4_atomas_rng {
                state: draws.state(),
            },
        )?;
        write(game, &state)
    })
}

/// Puts `atom` in hand if the next draw can give it (the carry, the forced
/// plus, or an atom of the spawn law); ATOM4_ILLEGAL_MOVE when it cannot
/// or an atom is already in hand, ATOM4_ROUND_OVER when the game is over,
/// ATOM4_OUT_OF_RANGE for a kind that is no atom.
#[no_mangle]
pub extern "C" fn atom4_atomas_put_in_hand(
    game: *mut atom4_atomas_game,
    atom: atom4_atomas_atom,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        state.draw(atom.atom()?).map_err(draw_status)?;
        write(game, &state)
    })
}

/// Writes the law of the next atom to `chances` (`capacity` items;
/// ATOM4_ATOMAS_MAX_OUTCOMES always suffice), in the order `+ - B C` then
/// numbers ascending, and their number to `count` (may be NULL). A carried
/// or forced atom is the one outcome; nothing once an atom is in hand or
/// the game is over.
#[no_mangle]
pub extern "C" fn atom4_atomas_spawn_law(
    game: *const atom4_atomas_game,
    chances: *mut atom4_atomas_chance,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let list: arrayvec::ArrayVec<atom4_atomas_chance, ATOM4_ATOMAS_MAX_OUTCOMES> = state
            .spawn_law()
            .iter()
            .map(|c| atom4_atomas_chance {
                atom: Some(c.outcome).into(),
                weight: c.weight,
            })
            .collect();
        output_array(chances, capacity, count, &list)
    })
}

/// Writes every legal reply to the atom in hand to `replies` (`capacity`
/// items; ATOM4_ATOMAS_MAX_REPLIES always suffice), in index order (for a
/// `-`, `n` before `y`), and their number to `count` (may be NULL). None
/// between moves or once the game is over.
#[no_mangle]
pub extern "C" fn atom4_atomas_legal_replies(
    game: *const atom4_atomas_game,
    replies: *mut atom4_atomas_reply,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let mut list: arrayvec::ArrayVec<atom4_atomas_reply, ATOM4_ATOMAS_MAX_REPLIES> =
            arrayvec::ArrayVec::new();
        state.each_reply(|reply| {
            let _ = list.try_push(reply.into());
        });
        output_array(replies, capacity, count, &list)
    })
}

/// ATOM4_OK when `reply` can play the atom in hand; otherwise why not:
/// ATOM4_OUT_OF_RANGE (the gap or entry is not on the ring, or a kind that
/// is no reply), ATOM4_ILLEGAL_MOVE (a reply of the wrong kind for the
/// atom, or no atom in hand), ATOM4_ROUND_OVER (the game is over).
#[no_mangle]
pub extern "C" fn atom4_atomas_check_reply(
    game: *const atom4_atomas_game,
    reply: atom4_atomas_reply,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        state.check_reply(reply.reply()?).map_err(reply_status)
    })
}

/// Plays the atom in hand as `reply` says, with every fusion it causes,
/// and writes the points it scored to `points` (may be NULL). The next
/// atom is drawn by atom4_atomas_draw() or atom4_atomas_put_in_hand(). A
/// refused reply (see atom4_atomas_check_reply()) changes nothing.
#[no_mangle]
pub extern "C" fn atom4_atomas_play(
    game: *mut atom4_atomas_game,
    reply: atom4_atomas_reply,
    points: *mut u64,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        let played = state.play(reply.reply()?).map_err(reply_status)?;
        output_opt(points, played.points)?;
        write(game, &state)
    })
}

pub(crate) fn source_code(source: Source) -> u8 {
    match source {
        Source::Carry => ATOM4_ATOMAS_SOURCE_CARRY,
        Source::Forced => ATOM4_ATOMAS_SOURCE_FORCED,
        Source::Random => ATOM4_ATOMAS_SOURCE_RANDOM,
    }
}

pub(crate) fn reply_status(e: IllegalReply) -> atom4_status {
    match e {
        IllegalReply::GameOver | IllegalReply::Exhausted => ATOM4_ROUND_OVER,
        IllegalReply::NothingInHand | IllegalReply::WrongKind => ATOM4_ILLEGAL_MOVE,
        IllegalReply::OutOfRange { .. } => ATOM4_OUT_OF_RANGE,
    }
}

fn draw_status(e: DrawError) -> atom4_status {
    match e {
        DrawError::GameOver => ATOM4_ROUND_OVER,
        DrawError::AlreadyDrawn
        | DrawError::NotTheCarry(_)
        | DrawError::NotForced
        | DrawError::Impossible => ATOM4_ILLEGAL_MOVE,
    }
}
