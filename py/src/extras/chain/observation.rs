//! Chain Reaction's feature planes for learning code, seen from one
//! player. The layout is in the stub (`_native.pyi`); tests pin it.

use atom4_core::chain::eval::critical_mass;
use atom4_core::chain::Position;
use atom4_core::game::Player;
use atom4_core::search::PackedMove;
use atom4_core::MAX_SIDE;

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

/// The planes as `PLANES * 256` bytes, index `plane * 256 + y * 16 + x`,
/// seen from `observer` (owner planes rotate so that theirs comes first).
pub fn planes(position: &Position, observer: Player) -> Vec<u8> {
    let mut out = vec![0u8; PLANES * FRAME];
    let board = position.board();
    let players = position.players();
    let mut legal = [0u8; FRAME];
    let mut moves = atom4_core::chain::MoveList::new();
    atom4_core::game::Game::legal_moves(position, &mut moves);
    for &mv in moves.iter() {
        if let Some(l) = legal.get_mut(usize::from(mv.to_bits())) {
            *l = 1;
        }
    }
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
