//! The game in caller memory, and the rules: new games, play, pass, legal
//! cells, cells and orbs.

use atom4_core::chain::{Cascade, IllegalMove, Move, Position, Rules, Status};
use atom4_core::game::Player;
use atom4_core::Cell;

use crate::atom4::atom4_cell;
use crate::boundary::{guard, output, output_array, output_opt, Result};
use crate::status::atom4_status::{self, *};
pub use crate::status::{atom4_chain_result, atom4_chain_rules};
pub use crate::stored::atom4_chain_game;
use crate::stored::{read, write};

/// Most cells a board has (16 x 16), so most legal cells a position has.
pub const ATOM4_CHAIN_MAX_CELLS: usize = 256;
/// Most players of a game (classic rules; atoms has 2).
pub const ATOM4_CHAIN_MAX_PLAYERS: u8 = 8;

/// Everything about a game but its cells. Players are numbered from 1
/// (player 1 is `a` in the notation).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_chain_info {
    pub rules: atom4_chain_rules,
    pub width: u8,
    pub height: u8,
    pub players: u8,
    /// The player to move, 1..players; 0 once the game is over.
    pub to_move: u8,
    pub result: atom4_chain_result,
    /// The winner, 1..players; 0 unless won.
    pub winner: u8,
    /// Bit i set: player i + 1 is out.
    pub out: u8,
    /// Turns completed (moves, passes, forfeits).
    pub ply: u32,
    /// Cells the player to move may take (passes not counted; 0 once over).
    pub legal_count: u16,
}

/// What a move set off.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct atom4_chain_cascade {
    /// Cell explosions, once per cell and wave.
    pub explosions: u32,
    /// Waves of explosions.
    pub waves: u32,
}

impl From<Cascade> for atom4_chain_cascade {
    fn from(c: Cascade) -> atom4_chain_cascade {
        atom4_chain_cascade {
            explosions: c.explosions,
            waves: c.waves,
        }
    }
}

/// A move: an orb on cell (x, y), or a pass (atoms only) when `pass` is true.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_chain_move {
    pub x: u8,
    pub y: u8,
    pub pass: bool,
}

impl From<Move> for atom4_chain_move {
    fn from(mv: Move) -> atom4_chain_move {
        match mv {
            Move::Place(cell) => atom4_chain_move {
                x: cell.x(),
                y: cell.y(),
                pass: false,
            },
            Move::Pass => atom4_chain_move {
                x: 0,
                y: 0,
                pass: true,
            },
        }
    }
}

/// The cell `(x, y)` of `position`'s board, or ATOM4_OUT_OF_RANGE.
fn cell_of(position: &Position, x: u8, y: u8) -> Result<Cell> {
    Cell::new(x, y)
        .filter(|&c| position.board().contains(c))
        .ok_or(ATOM4_OUT_OF_RANGE)
}

fn player_number(p: Player) -> u8 {
    p.number()
}

/// Starts a game of `rules` (ATOM4_CHAIN_CLASSIC or ATOM4_CHAIN_ATOMS): an
/// empty `width` x `height` board (1..16 each way, 2 cells at least),
/// player 1 to move. ATOM4_OUT_OF_RANGE for rules, a size or a player
/// count the rules do not allow (classic: 2..8 players; atoms: 2).
#[no_mangle]
pub extern "C" fn atom4_chain_game_init(
    game: *mut atom4_chain_game,
    rules: u32,
    width: u8,
    height: u8,
    players: u8,
) -> atom4_status {
    guard(|| {
        let rules = match rules {
            r if r == atom4_chain_rules::ATOM4_CHAIN_CLASSIC as u32 => Rules::Classic,
            r if r == atom4_chain_rules::ATOM4_CHAIN_ATOMS as u32 => Rules::Atoms,
            _ => return Err(ATOM4_OUT_OF_RANGE),
        };
        let position =
            Position::new(rules, width, height, players).map_err(|_| ATOM4_OUT_OF_RANGE)?;
        write(game, &position)
    })
}

/// Fills `info` with the game's rules, size, players, turn and result.
#[no_mangle]
pub extern "C" fn atom4_chain_game_info(
    game: *const atom4_chain_game,
    info: *mut atom4_chain_info,
) -> atom4_status {
    guard(|| {
        let p = read(game)?;
        let (result, winner) = match p.status() {
            Status::Playing => (atom4_chain_result::ATOM4_CHAIN_ON, 0),
            Status::Won(w) => (atom4_chain_result::ATOM4_CHAIN_WON, player_number(w)),
            Status::Drawn => (atom4_chain_result::ATOM4_CHAIN_DRAWN, 0),
        };
        let out = p.out_players().fold(0u8, |bits, q| bits | 1 << q.index());
        output(
            info,
            atom4_chain_info {
                rules: match p.rules() {
                    Rules::Classic => atom4_chain_rules::ATOM4_CHAIN_CLASSIC,
                    Rules::Atoms => atom4_chain_rules::ATOM4_CHAIN_ATOMS,
                },
                width: p.board().width(),
                height: p.board().height(),
                players: p.players() as u8,
                to_move: p.to_move().map_or(0, player_number),
                result,
                winner,
                out,
                ply: p.ply(),
                legal_count: p.legal_count() as u16,
            },
        )
    })
}

/// Writes the orbs on `(x, y)` to `count` and their owner to `owner`
/// (1..players; 0 for none; an atoms cell emptied by an explosion keeps
/// its owner with 0 orbs). Either output may be NULL.
#[no_mangle]
pub extern "C" fn atom4_chain_get_cell(
    game: *const atom4_chain_game,
    x: u8,
    y: u8,
    count: *mut u8,
    owner: *mut u8,
) -> atom4_status {
    guard(|| {
        let p = read(game)?;
        let cell = cell_of(&p, x, y)?;
        output_opt(count, p.board().count(cell))?;
        output_opt(owner, p.board().owner(cell).map_or(0, player_number))
    })
}

/// Writes the orbs of `player` (1..players) to `orbs`.
#[no_mangle]
pub extern "C" fn atom4_chain_orbs(
    game: *const atom4_chain_game,
    player: u8,
    orbs: *mut u32,
) -> atom4_status {
    guard(|| {
        let p = read(game)?;
        let who = Player::from_number(player.into(), p.players()).ok_or(ATOM4_OUT_OF_RANGE)?;
        output(orbs, p.board().orbs(who))
    })
}

/// ATOM4_OK when the player to move may put an orb on `(x, y)`; otherwise
/// why not: ATOM4_OUT_OF_RANGE (off the board), ATOM4_OCCUPIED (another
/// player's orbs), ATOM4_ROUND_OVER (the game is over).
#[no_mangle]
pub extern "C" fn atom4_chain_check_move(
    game: *const atom4_chain_game,
    x: u8,
    y: u8,
) -> atom4_status {
    guard(|| {
        let p = read(game)?;
        let cell = cell_of(&p, x, y)?;
        Ok(p.check_move(Move::Place(cell))?)
    })
}

/// Puts an orb of the player to move on `(x, y)` and runs its cascade;
/// what it set off goes to `cascade` (may be NULL). Refused as
/// atom4_chain_check_move() says, and then nothing changes. A cascade is
/// bounded: it ends by itself, at a win, or at the cap of 1000 waves.
#[no_mangle]
pub extern "C" fn atom4_chain_play(
    game: *mut atom4_chain_game,
    x: u8,
    y: u8,
    cascade: *mut atom4_chain_cascade,
) -> atom4_status {
    guard(|| {
        let mut p = read(game)?;
        let cell = cell_of(&p, x, y)?;
        let made = p.play(Move::Place(cell))?;
        output_opt(cascade, made.into())?;
        write(game, &p)
    })
}

/// Passes the turn (atoms only: ATOM4_ILLEGAL_MOVE in classic, which has
/// no pass; ATOM4_ROUND_OVER once the game is over).
#[no_mangle]
pub extern "C" fn atom4_chain_pass(game: *mut atom4_chain_game) -> atom4_status {
    guard(|| {
        let mut p = read(game)?;
        p.play(Move::Pass)?;
        write(game, &p)
    })
}

/// Writes the cells the player to move may take, row by row, to `cells`
/// (`capacity` items; ATOM4_CHAIN_MAX_CELLS always suffice) and their
/// number to `count` (may be NULL). None once the game is over; in atoms
/// a pass is also legal (not listed).
#[no_mangle]
pub extern "C" fn atom4_chain_legal_moves(
    game: *const atom4_chain_game,
    cells: *mut atom4_cell,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let p = read(game)?;
        let list: arrayvec::ArrayVec<atom4_cell, ATOM4_CHAIN_MAX_CELLS> =
            p.legal_cells().map(atom4_cell::from).collect();
        output_array(cells, capacity, count, &list)
    })
}

impl From<IllegalMove> for atom4_status {
    fn from(e: IllegalMove) -> atom4_status {
        match e {
            IllegalMove::GameOver => ATOM4_ROUND_OVER,
            IllegalMove::OffBoard => ATOM4_OUT_OF_RANGE,
            IllegalMove::NotYours => ATOM4_OCCUPIED,
            IllegalMove::NoPass => ATOM4_ILLEGAL_MOVE,
            IllegalMove::TooManyTurns => ATOM4_OUT_OF_RANGE,
        }
    }
}
