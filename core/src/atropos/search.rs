//! Atropos as the generic searches see it: the [`Game`] and [`ZeroSum`]
//! implementations and the Zobrist keys of positions.

use arrayvec::ArrayVec;

use super::geometry::{Circle, Color, MAX_CIRCLES};
use super::state::{Atropos, Bits, Move, MAX_MOVES, NO_PLAY};
use crate::game::{Game, Player, Turn, ZeroSum};
use crate::mcts::NodeMove;
use crate::search::PackedMove;

/// SplitMix64's output function, usable in const tables.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A key for each (circle, colour) by canonical index and digit (digit 0,
/// uncoloured, has key 0) and one for each circle as the last play.
const COLOR_KEYS: [[u64; 4]; MAX_CIRCLES] = {
    let mut keys = [[0u64; 4]; MAX_CIRCLES];
    let mut i = 0;
    while i < MAX_CIRCLES {
        let mut d = 1;
        while d < 4 {
            keys[i][d] = mix(0xA70B_05C0_1000_0000 ^ (4 * i + d) as u64);
            d += 1;
        }
        i += 1;
    }
    keys
};

const LAST_KEYS: [u64; MAX_CIRCLES] = {
    let mut keys = [0u64; MAX_CIRCLES];
    let mut i = 0;
    while i < MAX_CIRCLES {
        keys[i] = mix(0xA70B_05C0_2000_0000 ^ i as u64);
        i += 1;
    }
    keys
};

#[inline]
fn last_key(last: u8) -> u64 {
    LAST_KEYS.get(last as usize).copied().unwrap_or(0)
}

/// A move in 14 bits: `h`, `l` and `r` (at most 15 on any board) four
/// bits each, then the colour's digit.
impl PackedMove for Move {
    fn to_bits(self) -> u16 {
        let c = self.circle;
        u16::from(c.h & 15)
            | u16::from(c.l & 15) << 4
            | u16::from(c.r & 15) << 8
            | u16::from(self.color.digit()) << 12
    }

    fn from_bits(bits: u16) -> Move {
        let part = |shift: u16| (bits >> shift & 15) as u8;
        let color = Color::from_digit((bits >> 12 & 3) as u8).unwrap_or(Color::Red);
        Move::new(color, Circle::new(part(0), part(4), part(8)))
    }
}

impl NodeMove for Move {
    fn to_bits(self) -> u32 {
        PackedMove::to_bits(self).into()
    }

    fn from_bits(bits: u32) -> Move {
        <Move as PackedMove>::from_bits(bits as u16)
    }
}

/// What takes a move back: its circle and the last play before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    index: u8,
    last: u8,
}

impl Game for Atropos {
    type Move = Move;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.to_move() {
            Some(p) => Turn::Player(p),
            None => Turn::Over,
        }
    }

    /// Every legal move, losing ones included, in the canonical order.
    fn legal_moves(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        moves.clear();
        let size = self.size();
        for i in Bits(self.legal_mask()) {
            let c = size.circle_at(i);
            moves.extend(Color::ALL.map(|color| Move::new(color, c)));
        }
    }

    /// Makes a legal move; a move off the board is ignored.
    #[inline]
    fn play(&mut self, mv: Move) {
        if let Some(i) = self.size().index(mv.circle) {
            self.play_index(i, mv.color);
        }
    }

    /// 1 to the winner, -1 to the loser, 0 while the game goes on.
    #[inline]
    fn returns(&self, player: Player) -> f32 {
        match self.winner() {
            Some(w) if w == player => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
}

impl ZeroSum for Atropos {
    type Undo = Undo;

    fn hash(&self) -> u64 {
        Bits(self.occupied()).fold(last_key(self.last_raw()), |h, i| {
            h ^ COLOR_KEYS[i][self.digit(i) as usize]
        })
    }

    #[inline]
    fn play_keyed(&mut self, mv: Move, hash: u64) -> u64 {
        self.play_undoable(mv, hash).0
    }

    #[inline]
    fn play_undoable(&mut self, mv: Move, hash: u64) -> (u64, Undo) {
        let last = self.last_raw();
        let Some(i) = self.size().index(mv.circle) else {
            return (
                hash,
                Undo {
                    index: NO_PLAY,
                    last,
                },
            );
        };
        self.play_index(i, mv.color);
        let key = hash ^ COLOR_KEYS[i][mv.color as usize] ^ last_key(last) ^ last_key(i as u8);
        (
            key,
            Undo {
                index: i as u8,
                last,
            },
        )
    }

    #[inline]
    fn unplay(&mut self, undo: &Undo) {
        if undo.index != NO_PLAY {
            self.unplay_index(undo.index as usize, undo.last);
        }
    }

    /// A number below 360 for each move of any size: circles numbered by
    /// `h + l` then `h` (independent of the size), three colours each.
    #[inline]
    fn move_slot(mv: Move) -> usize {
        let Circle { h, l, .. } = mv.circle;
        let d = (h as usize + l as usize).saturating_sub(2);
        let circle = (d * (d + 1) / 2 + h as usize).saturating_sub(1);
        (3 * circle + mv.color as usize - 1) % MAX_MOVES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::List;
    use crate::rng::Rng;

    type Moves = <Atropos as Game>::List<Move>;

    #[test]
    fn random_games_reach_the_end_and_pay_the_winner() {
        let mut rng = Rng::new(17);
        let mut moves = Moves::default();
        for n in 1..=15 {
            for _ in 0..20 {
                let mut game = Atropos::new(n).unwrap();
                let mut made = 0;
                while let Turn::Player(p) = game.turn() {
                    assert_eq!(p.index() as u32, made % 2);
                    Game::legal_moves(&game, &mut moves);
                    assert!(!moves.is_empty() && moves.len() % 3 == 0);
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    let losing = game.is_losing(mv);
                    Game::play(&mut game, mv);
                    made += 1;
                    assert_eq!(game.is_over(), losing);
                }
                // The player who completed the triangle made move `made - 1`.
                let loser = Player::new((made as usize - 1) % 2).unwrap();
                assert_eq!(game.returns(loser), -1.0);
                assert_eq!(game.returns(loser.other()), 1.0);
                Game::legal_moves(&game, &mut moves);
                assert!(moves.is_empty());
            }
        }
    }

    #[test]
    fn unplay_restores_exactly_and_keys_follow_the_moves() {
        let mut rng = Rng::new(23);
        let mut moves = Moves::default();
        for n in [1, 4, 7, 10, 15] {
            for _ in 0..10 {
                let mut game = Atropos::new(n).unwrap();
                let mut hash = ZeroSum::hash(&game);
                while !game.is_over() {
                    Game::legal_moves(&game, &mut moves);
                    for &mv in moves.iter() {
                        let before = game;
                        let (key, undo) = game.play_undoable(mv, hash);
                        assert_eq!(key, ZeroSum::hash(&game));
                        ZeroSum::unplay(&mut game, &undo);
                        assert_eq!(game, before);
                    }
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    hash = game.play_keyed(mv, hash);
                    assert_eq!(hash, ZeroSum::hash(&game));
                }
            }
        }
    }

    #[test]
    fn move_slots_tell_moves_apart() {
        let game = Atropos::new(15).unwrap();
        let mut moves = Moves::default();
        Game::legal_moves(&game, &mut moves);
        assert_eq!(moves.len(), <Moves as List<Move>>::CAPACITY);
        let mut seen = [false; MAX_MOVES];
        for &mv in moves.iter() {
            let slot = Atropos::move_slot(mv);
            assert!(!seen[slot], "{mv}");
            seen[slot] = true;
        }
    }
}
