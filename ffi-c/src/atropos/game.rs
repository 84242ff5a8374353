//! Atropos in caller memory, and its rules: the position, its circles and
//! colours, legal circles, losing and safe moves, checking and making a
//! move, the Default player.

use atom4_core::atropos::{default_move, Atropos, Circle, Color, IllegalMove, Move, Player};

use crate::boundary::{guard, output, output_array, output_opt};
pub use crate::status::atom4_atropos_illegal;
use crate::status::atom4_status::{self, *};
pub use crate::stored::atom4_atropos_game;
use crate::stored::{random_move, read, write};

/// Most interior circles a board has (size 15), so most legal circles.
pub const ATOM4_ATROPOS_MAX_CIRCLES: usize = 120;
/// Most legal moves a position has: three colours on each circle.
pub const ATOM4_ATROPOS_MAX_MOVES: usize = 360;
/// The largest board size; sizes go from 1.
pub const ATOM4_ATROPOS_MAX_SIZE: u8 = 15;

const _: () = assert!(ATOM4_ATROPOS_MAX_CIRCLES == atom4_core::atropos::MAX_CIRCLES);
const _: () = assert!(ATOM4_ATROPOS_MAX_MOVES == atom4_core::atropos::MAX_MOVES);
const _: () = assert!(ATOM4_ATROPOS_MAX_SIZE == atom4_core::atropos::MAX_SIZE);

/// A circle `(h, l, r)`: its height above the bottom side and its
/// distances from the left and right sides; on a board of size n,
/// h + l + r = n + 2, and the interior (playable) circles have all three
/// at least 1.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atropos_circle {
    pub h: u8,
    pub l: u8,
    pub r: u8,
}

impl From<Circle> for atom4_atropos_circle {
    fn from(c: Circle) -> atom4_atropos_circle {
        atom4_atropos_circle {
            h: c.h,
            l: c.l,
            r: c.r,
        }
    }
}

/// A move `(c, h, l, r)`: colour `color` (1 red, 2 blue, 3 green) on the
/// circle `(h, l, r)`, as player programs print it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atropos_move {
    pub color: u8,
    pub h: u8,
    pub l: u8,
    pub r: u8,
}

impl From<Move> for atom4_atropos_move {
    fn from(mv: Move) -> atom4_atropos_move {
        atom4_atropos_move {
            color: mv.color.digit(),
            h: mv.circle.h,
            l: mv.circle.l,
            r: mv.circle.r,
        }
    }
}

impl From<IllegalMove> for atom4_atropos_illegal {
    fn from(e: IllegalMove) -> atom4_atropos_illegal {
        use atom4_atropos_illegal::*;
        match e {
            IllegalMove::Finished => ATOM4_ATROPOS_FINISHED,
            IllegalMove::NoSuchColor => ATOM4_ATROPOS_NO_SUCH_COLOR,
            IllegalMove::OffBoard => ATOM4_ATROPOS_OFF_BOARD,
            IllegalMove::WrongR => ATOM4_ATROPOS_WRONG_R,
            IllegalMove::Occupied => ATOM4_ATROPOS_OCCUPIED,
            IllegalMove::NotAdjacent => ATOM4_ATROPOS_NOT_ADJACENT,
        }
    }
}

/// The status of an illegal move: ATOM4_ROUND_OVER (the game is over),
/// ATOM4_OUT_OF_RANGE (no such colour, not an interior circle),
/// ATOM4_OCCUPIED, ATOM4_ILLEGAL_MOVE (a wrong r, not next to the last play).
pub(crate) fn illegal_status(e: IllegalMove) -> atom4_status {
    match e {
        IllegalMove::Finished => ATOM4_ROUND_OVER,
        IllegalMove::NoSuchColor | IllegalMove::OffBoard => ATOM4_OUT_OF_RANGE,
        IllegalMove::Occupied => ATOM4_OCCUPIED,
        IllegalMove::WrongR | IllegalMove::NotAdjacent => ATOM4_ILLEGAL_MOVE,
    }
}

/// The move `mv` names in `state`, checked.
pub(crate) fn checked(
    state: &Atropos,
    mv: atom4_atropos_move,
) -> core::result::Result<Move, IllegalMove> {
    state.checked_move(mv.color.into(), mv.h.into(), mv.l.into(), mv.r.into())
}

/// Everything about a position but its colours.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_atropos_info {
    /// The board size, 1..ATOM4_ATROPOS_MAX_SIZE.
    pub size: u8,
    /// The player to move, 1 (who made the first move) or 2; 0 once the
    /// game is over.
    pub to_move: u8,
    /// The winner once the game is over (the player who did not complete
    /// the triangle), else 0.
    pub winner: u8,
    /// Whether the last play completed a three-coloured triangle.
    pub finished: bool,
    /// Whether the next move may go on any uncoloured circle (at the start,
    /// or when every neighbour of the last play is coloured).
    pub plays_anywhere: bool,
    /// Whether there is a last play (false only at the start).
    pub has_last_play: bool,
    /// The last play (zeros at the start).
    pub last_play: atom4_atropos_move,
    /// Moves made so far.
    pub moves_made: u16,
    /// Circles the next move may go on (0 once the game is over).
    pub legal_circles: u16,
    /// Of the legal moves, how many lose at once and how many do not.
    pub losing_moves: u16,
    pub safe_moves: u16,
}

/// Starts a game on a board of `size` (1..ATOM4_ATROPOS_MAX_SIZE; the
/// course uses 7 and 10), ATOM4_OUT_OF_RANGE for any other.
#[no_mangle]
pub extern "C" fn atom4_atropos_init(game: *mut atom4_atropos_game, size: u32) -> atom4_status {
    guard(|| {
        let state = Atropos::new(size).map_err(|_| ATOM4_OUT_OF_RANGE)?;
        write(game, &state)
    })
}

/// Fills `info` with the size, the player to move, the end and the counts.
#[no_mangle]
pub extern "C" fn atom4_atropos_game_info(
    game: *const atom4_atropos_game,
    info: *mut atom4_atropos_info,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let number = |p: Option<Player>| p.map_or(0, |p| p.number());
        output(
            info,
            atom4_atropos_info {
                size: state.size().get(),
                to_move: number(state.to_move()),
                winner: number(state.winner()),
                finished: state.is_finished(),
                plays_anywhere: !state.is_finished() && state.plays_anywhere(),
                has_last_play: state.last_play().is_some(),
                last_play: state.last_play().map_or(
                    atom4_atropos_move {
                        color: 0,
                        h: 0,
                        l: 0,
                        r: 0,
                    },
                    atom4_atropos_move::from,
                ),
                moves_made: state.moves_made() as u16,
                legal_circles: state.legal_circles().len() as u16,
                losing_moves: state.losing_moves().len() as u16,
                safe_moves: state.safe_moves().len() as u16,
            },
        )
    })
}

/// Writes the colour of circle `(h, l, r)` to `color`: 0 uncoloured, 1
/// red, 2 blue, 3 green; interior circles and the fixed boundary alike.
/// ATOM4_OUT_OF_RANGE for a circle not on the board (h + l + r is not
/// n + 2, or a corner).
#[no_mangle]
pub extern "C" fn atom4_atropos_color(
    game: *const atom4_atropos_game,
    circle: atom4_atropos_circle,
    color: *mut u8,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let c = Circle::new(circle.h, circle.l, circle.r);
        let size = state.size();
        if !size.is_interior(c) && size.boundary_color(c).is_none() {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        output(color, state.color(c).map_or(0, Color::digit))
    })
}

/// Writes the circles the next move may go on, in the canonical order (by
/// h, then l), to `circles` (`capacity` items; ATOM4_ATROPOS_MAX_CIRCLES
/// always suffice) and their number to `count` (may be NULL). None once
/// the game is over.
#[no_mangle]
pub extern "C" fn atom4_atropos_legal_circles(
    game: *const atom4_atropos_game,
    circles: *mut atom4_atropos_circle,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let list: Vec<atom4_atropos_circle> =
            state.legal_circles().into_iter().map(Into::into).collect();
        output_array(circles, capacity, count, &list)
    })
}

/// Writes the moves `pick` lists as the two functions below say.
fn output_moves<L: IntoIterator<Item = Move>>(
    game: *const atom4_atropos_game,
    pick: fn(&Atropos) -> L,
    moves: *mut atom4_atropos_move,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let list: Vec<atom4_atropos_move> =
            pick(&read(game)?).into_iter().map(Into::into).collect();
        output_array(moves, capacity, count, &list)
    })
}

/// Writes the legal moves that complete a three-coloured triangle (and so
/// lose at once), in the canonical order, to `moves` (`capacity` items;
/// ATOM4_ATROPOS_MAX_MOVES always suffice), their number to `count`.
#[no_mangle]
pub extern "C" fn atom4_atropos_losing_moves(
    game: *const atom4_atropos_game,
    moves: *mut atom4_atropos_move,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    output_moves(game, Atropos::losing_moves, moves, capacity, count)
}

/// Writes the legal moves that do not lose at once, in the canonical
/// order, to `moves` (`capacity` items), their number to `count`.
#[no_mangle]
pub extern "C" fn atom4_atropos_safe_moves(
    game: *const atom4_atropos_game,
    moves: *mut atom4_atropos_move,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    output_moves(game, Atropos::safe_moves, moves, capacity, count)
}

/// ATOM4_OK when `move` is legal; otherwise why not, as a status
/// (ATOM4_ROUND_OVER, ATOM4_OUT_OF_RANGE for no such colour or circle,
/// ATOM4_OCCUPIED, ATOM4_ILLEGAL_MOVE for a wrong r or a circle not next to
/// the last play) and, in `reason` (may be NULL), exactly. `losing` (may
/// be NULL) says whether a legal move completes a triangle.
#[no_mangle]
pub extern "C" fn atom4_atropos_check(
    game: *const atom4_atropos_game,
    mv: atom4_atropos_move,
    reason: *mut atom4_atropos_illegal,
    losing: *mut bool,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let checked = checked(&state, mv);
        output_opt(
            reason,
            checked.map_or_else(Into::into, |_| atom4_atropos_illegal::ATOM4_ATROPOS_LEGAL),
        )?;
        output_opt(losing, checked.is_ok_and(|m| state.is_losing(m)))?;
        checked.map(|_| ()).map_err(illegal_status)
    })
}

/// Makes `move` for the player to move; an illegal move (see
/// atom4_atropos_check()) leaves the game unchanged. A move that completes
/// a three-coloured triangle ends the game: its maker loses.
#[no_mangle]
pub extern "C" fn atom4_atropos_play(
    game: *mut atom4_atropos_game,
    mv: atom4_atropos_move,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        let mv = checked(&state, mv).map_err(illegal_status)?;
        state.play(mv).map_err(illegal_status)?;
        write(game, &state)
    })
}

/// The Default player's move (the Java referee's built-in player, spec
/// section 5): a random safe circle, then a random colour that does not
/// lose there, drawn from the SplitMix64 state `*rng_state` (any 64-bit
/// seed to start with), which is advanced; red on the first legal circle,
/// without a draw, when every move loses. ATOM4_ROUND_OVER once the game
/// is over.
#[no_mangle]
pub extern "C" fn atom4_atropos_default_move(
    game: *const atom4_atropos_game,
    rng_state: *mut u64,
    mv: *mut atom4_atropos_move,
) -> atom4_status {
    random_move(game, rng_state, mv, |state, rng| {
        default_move(state, rng).ok_or(ATOM4_ROUND_OVER)
    })
}
