//! The integer views of a position for learning code: the legal action
//! mask and feature planes seen from one player. The layout is in the
//! stub (`_chain.pyi`) and the README; tests pin it.

use atom4_core::chain::eval::critical_mass;
use atom4_core::chain::Position;
use atom4_core::game::Player;
use atom4_core::MAX_SIDE;

use super::moves::{action, ACTIONS};

/// Cells of the 16 x 16 frame.
const FRAME: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// Planes: 8 of owners (the observer's first, then the players after them
/// in turn order), 7 of counts (1 to 7 orbs), the board, the cells one orb
/// short of exploding, and the cells legal for the player to move.
pub const PLANES: usize = 18;

const COUNT_PLANES: usize = 8;
const BOARD_PLANE: usize = 15;
const LOADED_PLANE: usize = 16;
const LEGAL_PLANE: usize = 17;

/// 1 for each legal action (the pass, 256, in atoms while the game is on).
pub fn legal_action_mask(position: &Position) -> [u8; ACTIONS] {
    let mut mask = [0u8; ACTIONS];
    let mut moves = atom4_core::chain::MoveList::new();
    atom4_core::game::Game::legal_moves(position, &mut moves);
    for &mv in moves.iter() {
        mask[usize::from(action(mv))] = 1;
    }
    mask
}

/// The planes as `PLANES * 256` bytes, index `plane * 256 + y * 16 + x`,
/// seen from `observer` (owner planes rotate so that theirs comes first).
pub fn planes(position: &Position, observer: Player) -> Vec<u8> {
    let mut out = vec![0u8; PLANES * FRAME];
    let board = position.board();
    let players = position.players();
    let legal = legal_action_mask(position);
    for cell in board.cells() {
        let at = usize::from(cell.index());
        let count = board.count(cell);
        out[BOARD_PLANE * FRAME + at] = 1;
        if let Some(owner) = board.owner(cell) {
            let relative = (owner.index() + players - observer.index() % players) % players;
            out[relative * FRAME + at] = 1;
        }
        if count > 0 {
            out[(COUNT_PLANES + usize::from(count.min(7)) - 1) * FRAME + at] = 1;
            if count + 1 == critical_mass(position, cell.x(), cell.y()) {
                out[LOADED_PLANE * FRAME + at] = 1;
            }
        }
        out[LEGAL_PLANE * FRAME + at] = legal[at];
    }
    out
}
