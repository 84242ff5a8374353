//! The C enums: the status every call returns, and the codes the games
//! report (where a game stands, why a move is illegal, how an engine
//! chose, whose turn it is, how a board is laid out, Atomas's kinds of
//! atoms and replies). Their values are the ABI; they are numbered here, in
//! one place.

use core::ffi::c_char;

/// The result of a call. Zero is success; the other values say what was
/// wrong, and the call changed nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_status {
    /// Success.
    ATOM4_OK = 0,
    /// A required pointer was NULL.
    ATOM4_NULL_ARGUMENT = 1,
    /// A pointer was not aligned for its type.
    ATOM4_MISALIGNED = 2,
    /// A number outside its range: a cell off the board, a board size
    /// outside what the game allows, a level above the highest, a colour
    /// that does not exist.
    ATOM4_OUT_OF_RANGE = 3,
    /// An illegal move (Atom-4: the cell lacks two occupied neighbours
    /// next to each other; other games: see the function).
    ATOM4_ILLEGAL_MOVE = 4,
    /// The cell already holds a piece.
    ATOM4_OCCUPIED = 5,
    /// The round (or game) is over: there is no move to make.
    ATOM4_ROUND_OVER = 6,
    /// The round is still being played.
    ATOM4_ROUND_NOT_OVER = 7,
    /// The change list given to undo is not the last move of the game.
    ATOM4_NOT_LAST_MOVE = 8,
    /// Position text that does not parse (see the error offset).
    ATOM4_BAD_TEXT = 9,
    /// An output buffer is too small; the required length was reported.
    ATOM4_BUFFER_TOO_SMALL = 10,
    /// The game memory holds no game of that kind: never set up, or
    /// overwritten. (A Gamma game in caller memory is checked as its moves
    /// read it: atom4_gamma_move() and atom4_gamma_golden_move() give this
    /// when they find its areas overwritten.)
    ATOM4_BAD_GAME = 11,
    /// A bug in atom4 (a caught panic). Please report it.
    ATOM4_INTERNAL_ERROR = 12,
}

/// Where a round stands.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_round_status {
    ATOM4_PLAYING = 0,
    ATOM4_WON_BY_PLAYER_1 = 1,
    ATOM4_WON_BY_PLAYER_2 = 2,
    /// The board filled up without a winning row (the original's STALEMATE, 3).
    ATOM4_STALEMATE = 3,
}

/// A rule set.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_chain_rules {
    /// Critical mass = neighbours, 2 to 8 players (the Android game).
    ATOM4_CHAIN_CLASSIC = 0,
    /// The learncgames tutorial's game: threshold 4, orbs off the board
    /// lost, empty cells that keep an owner, passes, 2 players.
    ATOM4_CHAIN_ATOMS = 1,
}

/// Where a game stands.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_chain_result {
    ATOM4_CHAIN_ON = 0,
    /// Won by `atom4_chain_info.winner`.
    ATOM4_CHAIN_WON = 1,
    /// Drawn at the cap of 1000 waves (classic, first round only).
    ATOM4_CHAIN_DRAWN = 2,
}

/// Why a move is illegal (ATOM4_ATROPOS_LEGAL when it is not).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_atropos_illegal {
    ATOM4_ATROPOS_LEGAL = 0,
    /// The game is over.
    ATOM4_ATROPOS_FINISHED = 1,
    /// The colour is not 1, 2 or 3.
    ATOM4_ATROPOS_NO_SUCH_COLOR = 2,
    /// `(h, l)` is not an interior circle of the board.
    ATOM4_ATROPOS_OFF_BOARD = 3,
    /// `(h, l)` is interior but `r` is not n + 2 - h - l.
    ATOM4_ATROPOS_WRONG_R = 4,
    /// The circle is already coloured.
    ATOM4_ATROPOS_OCCUPIED = 5,
    /// The circle is not next to the last play, which has an uncoloured
    /// neighbour.
    ATOM4_ATROPOS_NOT_ADJACENT = 6,
}

/// A position's value for the player to move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_atropos_value {
    /// Not found: the limits stopped the search first.
    ATOM4_ATROPOS_UNKNOWN = 0,
    /// The player to move can force a win.
    ATOM4_ATROPOS_WIN = 1,
    /// Whatever the player to move does, the opponent can force a win.
    ATOM4_ATROPOS_LOSS = 2,
}

/// How the engine found its move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_atropos_reason {
    /// Every legal move loses: red on the first legal circle.
    ATOM4_ATROPOS_NO_SAFE_MOVE = 0,
    /// The only move that does not lose at once.
    ATOM4_ATROPOS_ONLY_MOVE = 1,
    /// The opponent has no safe reply to it.
    ATOM4_ATROPOS_WINS_AT_ONCE = 2,
    /// The solver proved that it wins.
    ATOM4_ATROPOS_PROVEN_WIN = 3,
    /// The solver proved the position lost; the move gives an opponent who
    /// plays like the Default player the best chance to hand the win back.
    ATOM4_ATROPOS_PROVEN_LOSS = 4,
    /// The tree search's choice.
    ATOM4_ATROPOS_SEARCHED = 5,
}

/// Whose turn it is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_turn {
    /// A player's: `atom4_state_info.player`.
    ATOM4_TURN_PLAYER = 0,
    /// Chance's (a draw: atom4_state_chance_outcomes()).
    ATOM4_TURN_CHANCE = 1,
    /// Nobody's: the game (or round) is over.
    ATOM4_TURN_OVER = 2,
}

/// How the spots of a board are laid out, for drawing it
/// (atom4_state_spots() lists them in this order).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum atom4_layout {
    /// Rows of `width` cells from the top, `height` of them; with
    /// `shifted`, odd rows sit half a cell to the right.
    ATOM4_LAYOUT_GRID = 0,
    /// Atropos's triangle of side `width` (= `height`), its coloured border
    /// included, in the notation's order: rows from the top of 2, 3, ...,
    /// `width` + 2 spots, then the bottom row's `width` + 1.
    ATOM4_LAYOUT_TRIANGLE = 1,
    /// A ring of `width` entries (`height` is 1), in order.
    ATOM4_LAYOUT_RING = 2,
}

// Atomas's codes: plain numbers in `uint8_t` fields of its structs.

/// `atom4_atomas_atom.kind`: no atom.
pub const ATOM4_ATOMAS_NONE: u8 = 0;
/// `atom4_atomas_atom.kind`: a plus (`+`).
pub const ATOM4_ATOMAS_PLUS: u8 = 1;
/// `atom4_atomas_atom.kind`: a minus (`-`).
pub const ATOM4_ATOMAS_MINUS: u8 = 2;
/// `atom4_atomas_atom.kind`: a black plus (`B`).
pub const ATOM4_ATOMAS_BLACK: u8 = 3;
/// `atom4_atomas_atom.kind`: a clone (`C`).
pub const ATOM4_ATOMAS_CLONE: u8 = 4;
/// `atom4_atomas_atom.kind`: a numbered atom (`value`).
pub const ATOM4_ATOMAS_NUMBER: u8 = 5;

/// `atom4_atomas_reply.kind`: the gap of a number, `+` or `B` (`G`).
pub const ATOM4_ATOMAS_GAP: u8 = 0;
/// `atom4_atomas_reply.kind`: the entry a `C` copies (`J`).
pub const ATOM4_ATOMAS_ENTRY: u8 = 1;
/// `atom4_atomas_reply.kind`: the entry a `-` removes (`J y`, `J n`).
pub const ATOM4_ATOMAS_REMOVE: u8 = 2;

/// `atom4_atomas_info.source`: the atom is already in hand, or the game is over.
pub const ATOM4_ATOMAS_SOURCE_NONE: u8 = 0;
/// The next atom is the carry of a `-` or a `C`.
pub const ATOM4_ATOMAS_SOURCE_CARRY: u8 = 1;
/// The next atom is the forced plus (five moves without a `+` or `B`).
pub const ATOM4_ATOMAS_SOURCE_FORCED: u8 = 2;
/// The next atom is a random draw.
pub const ATOM4_ATOMAS_SOURCE_RANDOM: u8 = 3;

/// Text for each status, NUL-terminated, in the order of the values.
const MESSAGES: [&str; 13] = [
    "ok\0",
    "a required pointer is NULL\0",
    "a pointer is not aligned for its type\0",
    "a number is out of range\0",
    "illegal move\0",
    "illegal move: that cell is already occupied\0",
    "the round or game is over\0",
    "the round is not over yet\0",
    "those changes are not the last move of this game\0",
    "the position text does not parse\0",
    "the output buffer is too small\0",
    "the game memory holds no game (never set up, or overwritten)\0",
    "internal error in atom4 (please report it)\0",
];

/// A static, NUL-terminated English description of `status` (any int:
/// unknown values get "unknown status"). Never free it.
#[no_mangle]
pub extern "C" fn atom4_status_str(status: i32) -> *const c_char {
    let text = usize::try_from(status)
        .ok()
        .and_then(|i| MESSAGES.get(i))
        .copied()
        .unwrap_or("unknown status\0");
    text.as_ptr().cast()
}

/// The words of `status`: its text without the NUL.
pub(crate) fn words(status: atom4_status) -> &'static str {
    MESSAGES[status as usize].trim_end_matches('\0')
}

#[cfg(test)]
mod tests {
    use super::atom4_status::*;
    use super::*;

    #[test]
    fn every_status_has_its_own_message() {
        for (i, text) in MESSAGES.iter().enumerate() {
            assert!(text.ends_with('\0') && text.len() > 2, "{i}");
            assert_eq!(text.matches('\0').count(), 1);
        }
        assert_eq!(ATOM4_INTERNAL_ERROR as usize, MESSAGES.len() - 1);
    }
}
