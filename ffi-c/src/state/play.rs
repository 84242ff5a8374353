//! Making states and playing them: new games by name and parameters,
//! positions from text or bytes, whose turn it is, the legal actions and
//! chance's outcomes, checking and playing actions and move texts, what
//! each player got.

use core::ffi::c_char;

use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::{Layout, Setup, Turn};

use super::{atom4_state, atom4_why, game_named, read, refused, refusing, write, Refusal};
use crate::boundary::{drawing, guard, input_slice, input_str, output, output_array};
use crate::status::atom4_status::{self, *};
pub use crate::status::{atom4_layout, atom4_turn};

/// Everything about a state but its board (atom4_state_get_info()).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_state_info {
    /// The game: its index in the library's list (atom4_state_get_game()).
    pub game: usize,
    pub players: u32,
    pub turn: atom4_turn,
    /// The player to move, 1..players, at a player's turn; else 0.
    pub player: u32,
    /// Every action of a player is below this (fixed for the game's setup).
    pub action_count: u32,
    /// Every chance outcome is below this (0 for games without chance).
    pub chance_count: u32,
    pub layout: atom4_layout,
    pub width: u16,
    pub height: u16,
    pub shifted: bool,
    /// The spots the board has now (atom4_state_spots()).
    pub spots: usize,
}

/// A chance outcome and its weight: its probability is the weight over the
/// sum of the weights listed.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_chance {
    pub action: u32,
    pub weight: u32,
}

/// Sets `state` to what `make` makes of the game named `game`, as the
/// three functions below say.
fn making(
    state: *mut atom4_state,
    game: *const c_char,
    why: *mut atom4_why,
    make: impl FnOnce(GameId) -> core::result::Result<AnyState, Refusal>,
) -> atom4_status {
    refusing(why, || {
        let made = make(game_named(input_str(game)?)?)?;
        Ok(write(state, &made)?)
    })
}

/// Starts a game of `game` (a name of the library's list, ASCII case
/// ignored) set up by `setup`: `name=value` pairs separated by spaces or
/// commas, such as "size=6x9 players=4" (NULL or "": the game's
/// defaults). ATOM4_OUT_OF_RANGE for an unknown game, or a parameter the
/// game does not take or a value out of its range; `why` says which.
#[no_mangle]
pub extern "C" fn atom4_state_new(
    state: *mut atom4_state,
    game: *const c_char,
    setup: *const c_char,
    why: *mut atom4_why,
) -> atom4_status {
    making(state, game, why, |id| {
        let setup = match setup.is_null() {
            true => Setup::default(),
            false => Setup::parse(input_str(setup)?).map_err(refused(ATOM4_OUT_OF_RANGE))?,
        };
        id.start(&setup).map_err(refused(ATOM4_OUT_OF_RANGE))
    })
}

/// Sets `state` to the position of game `game` in its text notation
/// (`text`, NUL-terminated: what atom4_state_to_text() writes).
/// ATOM4_BAD_TEXT with the byte offset and the problem in `why`.
#[no_mangle]
pub extern "C" fn atom4_state_from_text(
    state: *mut atom4_state,
    game: *const c_char,
    text: *const c_char,
    why: *mut atom4_why,
) -> atom4_status {
    making(state, game, why, |id| {
        id.from_text(input_str(text)?)
            .map_err(refused(ATOM4_BAD_TEXT))
    })
}

/// Sets `state` to the position of game `game` in its checked binary form
/// (`length` bytes: what atom4_state_to_bytes() writes). Bytes that are
/// not a position of the game give ATOM4_BAD_GAME.
#[no_mangle]
pub extern "C" fn atom4_state_from_bytes(
    state: *mut atom4_state,
    game: *const c_char,
    bytes: *const u8,
    length: usize,
    why: *mut atom4_why,
) -> atom4_status {
    making(state, game, why, |id| {
        id.decode(input_slice(bytes, length)?)
            .map_err(refused(ATOM4_BAD_GAME))
    })
}

/// Whose turn it is as atom4_state_info says it: the code and the player.
fn turn_code(turn: Turn) -> (atom4_turn, u32) {
    match turn {
        Turn::Player(p) => (atom4_turn::ATOM4_TURN_PLAYER, u32::from(p.number())),
        Turn::Chance => (atom4_turn::ATOM4_TURN_CHANCE, 0),
        Turn::Over => (atom4_turn::ATOM4_TURN_OVER, 0),
    }
}

/// A board's layout as atom4_state_info says it: the code, width, height
/// and whether odd rows are shifted.
fn layout_code(layout: Layout) -> (atom4_layout, u16, u16, bool) {
    match layout {
        Layout::Grid {
            width,
            height,
            shifted,
        } => (atom4_layout::ATOM4_LAYOUT_GRID, width, height, shifted),
        Layout::Triangle { side } => (atom4_layout::ATOM4_LAYOUT_TRIANGLE, side, side, false),
        Layout::Ring { entries } => (atom4_layout::ATOM4_LAYOUT_RING, entries, 1, false),
    }
}

/// Fills `info` with the game, its players, whose turn it is, the action
/// counts and the board's layout.
#[no_mangle]
pub extern "C" fn atom4_state_get_info(
    state: *const atom4_state,
    info: *mut atom4_state_info,
) -> atom4_status {
    guard(|| {
        let s = read(state)?;
        let (turn, player) = turn_code(s.turn());
        let (layout, width, height, shifted) = layout_code(s.layout());
        let game = atom4_core::registry::GAME_IDS
            .iter()
            .position(|&id| id == s.game());
        output(
            info,
            atom4_state_info {
                game: game.ok_or(ATOM4_INTERNAL_ERROR)?,
                players: s.players() as u32,
                turn,
                player,
                action_count: s.action_count(),
                chance_count: s.chance_count(),
                layout,
                width,
                height,
                shifted,
                spots: s.layout().spots(),
            },
        )
    })
}

/// Writes the legal actions of the player to move, in the game's order,
/// to `actions` (`capacity` items; `action_count` of atom4_state_info
/// always suffice) and their number to `count` (may be NULL). None at
/// chance's turn or once over. When they do not fit, only `count` is
/// written and ATOM4_BUFFER_TOO_SMALL returned.
#[no_mangle]
pub extern "C" fn atom4_state_legal_actions(
    state: *const atom4_state,
    actions: *mut u32,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let mut list = Vec::new();
        read(state)?.legal_actions(&mut |a| list.push(a));
        output_array(actions, capacity, count, &list)
    })
}

/// At chance's turn, writes each outcome with its weight to `outcomes`
/// (`capacity` items; `chance_count` always suffice) and their number to
/// `count` (may be NULL); none at other turns. As
/// atom4_state_legal_actions() when they do not fit.
#[no_mangle]
pub extern "C" fn atom4_state_chance_outcomes(
    state: *const atom4_state,
    outcomes: *mut atom4_chance,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let mut list = Vec::new();
        read(state)?
            .chance_outcomes(&mut |action, weight| list.push(atom4_chance { action, weight }));
        output_array(outcomes, capacity, count, &list)
    })
}

/// At chance's turn, draws an outcome by weight with the generator state
/// `*rng_state` (any 64-bit seed to start with; advanced) and writes it to
/// `action`, to be played. ATOM4_ILLEGAL_MOVE at a player's turn,
/// ATOM4_ROUND_OVER once over.
#[no_mangle]
pub extern "C" fn atom4_state_draw_chance(
    state: *const atom4_state,
    rng_state: *mut u64,
    action: *mut u32,
) -> atom4_status {
    guard(|| {
        let s = read(state)?;
        drawing(rng_state, |rng| match s.turn() {
            Turn::Chance => output(action, s.draw_chance(rng).ok_or(ATOM4_INTERNAL_ERROR)?),
            Turn::Player(_) => Err(ATOM4_ILLEGAL_MOVE),
            Turn::Over => Err(ATOM4_ROUND_OVER),
        })
    })
}

/// Changes the state behind `state` by `change`, and stores it only when
/// `change` succeeds.
fn changing(
    state: *mut atom4_state,
    change: impl FnOnce(&mut AnyState) -> core::result::Result<(), Refusal>,
) -> core::result::Result<(), Refusal> {
    let mut s = read(state)?;
    change(&mut s)?;
    Ok(write(state, &s)?)
}

/// ATOM4_OK when `action` may be played now (a player's move at a
/// player's turn, an outcome at chance's), otherwise why not, as
/// atom4_state_play() says, and in words in `why`.
#[no_mangle]
pub extern "C" fn atom4_state_check(
    state: *const atom4_state,
    action: u32,
    why: *mut atom4_why,
) -> atom4_status {
    refusing(why, || Ok(read(state)?.check(action)?))
}

/// Plays `action`. Refused, changing nothing: ATOM4_ROUND_OVER once over,
/// ATOM4_OUT_OF_RANGE for an action at or beyond the game's count,
/// ATOM4_ILLEGAL_MOVE for one the rules forbid now (or an outcome at a
/// player's turn, a move at chance's); `why` gives the game's reason.
#[no_mangle]
pub extern "C" fn atom4_state_play(
    state: *mut atom4_state,
    action: u32,
    why: *mut atom4_why,
) -> atom4_status {
    refusing(why, || changing(state, |s| Ok(s.play(action)?)))
}

/// Reads `text` (NUL-terminated) in the game's move notation (`3,4`,
/// `pass`, `(1,2,3,2)`, `g 0,1`, ...) and writes its action to `action`.
/// ATOM4_BAD_TEXT for text that is no move of the game, ATOM4_ILLEGAL_MOVE
/// for one that names no spot of this board.
#[no_mangle]
pub extern "C" fn atom4_state_parse_move(
    state: *const atom4_state,
    text: *const c_char,
    action: *mut u32,
    why: *mut atom4_why,
) -> atom4_status {
    refusing(why, || {
        let parsed = read(state)?.parse_move(input_str(text)?)?;
        Ok(output(action, parsed)?)
    })
}

/// Plays the move `text` (NUL-terminated, as atom4_state_parse_move()
/// reads it): refused as there or as atom4_state_play(), changing nothing.
#[no_mangle]
pub extern "C" fn atom4_state_play_move(
    state: *mut atom4_state,
    text: *const c_char,
    why: *mut atom4_why,
) -> atom4_status {
    refusing(why, || {
        changing(state, |s| {
            let action = s.parse_move(input_str(text)?)?;
            Ok(s.play(action)?)
        })
    })
}

/// Writes what each player got, player 1 first, to `returns` (`capacity`
/// items) and the number of players to `count` (may be NULL): once over
/// +1 a win, -1 a loss, 0 a draw for games that are won (Atomas: the
/// score); 0 before the end.
#[no_mangle]
pub extern "C" fn atom4_state_returns(
    state: *const atom4_state,
    returns: *mut f64,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let list: Vec<f64> = read(state)?.returns_all().collect();
        output_array(returns, capacity, count, &list)
    })
}

/// Starts the next round of a game played in rounds (Atom-4) once a round
/// is over; ATOM4_ROUND_NOT_OVER otherwise (a round being played, or a
/// game without rounds), and nothing changes.
#[no_mangle]
pub extern "C" fn atom4_state_next_round(state: *mut atom4_state) -> atom4_status {
    refusing(core::ptr::null_mut(), || {
        changing(state, |s| match s.next_round() {
            true => Ok(()),
            false => Err(ATOM4_ROUND_NOT_OVER.into()),
        })
    })
}
