//! Our referee's rules that need no processes (spec section 7): the
//! seeds of a game's four generators, the opening moves, the grammar of a
//! player's output, the forfeit causes and who moves when. The referee
//! that runs player programs is built on these (`atom4 atropos referee`),
//! and so are the conformance test's replays of recorded games.

use core::fmt;

use super::geometry::MAX_SIZE;
use super::player::default_move;
use super::state::{Atropos, IllegalMove, Move};
use crate::rng::Rng;

/// The most bytes a player may write on standard output; one more is a
/// flood (decision 10).
pub const FLOOD_LIMIT: usize = 4096;

/// The seed of game `g` of a match seeded `match_seed`: `S + g`, wrapping.
#[inline]
pub const fn game_seed(match_seed: u64, g: u64) -> u64 {
    match_seed.wrapping_add(g)
}

/// The four generators of one game, each seeded with one number of a
/// SplitMix64 generator seeded with the game seed, in this order. A
/// generator that is never used is still seeded, so a Default player's
/// draws depend only on the game seed and its seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generators {
    /// Draws the opening moves.
    pub opening: Rng,
    /// Player A's Default moves (when A is `default`).
    pub a: Rng,
    /// Player B's Default moves.
    pub b: Rng,
    /// Draws the moves that replace illegal ones (`--on-illegal substitute`).
    pub substitute: Rng,
}

impl Generators {
    /// The generators of the game seeded `seed`.
    pub fn new(seed: u64) -> Generators {
        let mut game = Rng::new(seed);
        let mut next = || Rng::new(game.next_u64());
        let opening = next();
        let a = next();
        let b = next();
        let substitute = next();
        Generators {
            opening,
            a,
            b,
            substitute,
        }
    }

    /// The Default generator of a seat.
    pub fn seat(&mut self, seat: Seat) -> &mut Rng {
        match seat {
            Seat::A => &mut self.a,
            Seat::B => &mut self.b,
        }
    }
}

/// A seat of a match: the player given first (`A`) or second (`B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    /// The other seat.
    #[inline]
    pub const fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// Who makes move 0 of game `g`: A in even games, B in odd ones.
    #[inline]
    pub const fn first_in_game(g: u64) -> Seat {
        if g.is_multiple_of(2) {
            Seat::A
        } else {
            Seat::B
        }
    }

    /// Who makes move `i` (openings included) when `first` makes move 0.
    #[inline]
    pub const fn mover(first: Seat, i: usize) -> Seat {
        if i.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
    }

    /// `a` or `b`, as records write seats.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::A => "a",
            Seat::B => "b",
        }
    }

    /// The index of the seat: 0 for A, 1 for B.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Seat::A => 0,
            Seat::B => 1,
        }
    }
}

/// The next opening move: a Default move drawn with the opening
/// generator, `None` when no circle is safe (the opening stops there and
/// the players take over) or the game is over. Opening moves never lose.
pub fn opening_move(state: &Atropos, opening: &mut Rng) -> Option<Move> {
    if state.safe_moves().is_empty() {
        return None;
    }
    default_move(state, opening)
}

/// Why a player lost a game without completing a triangle, in the order
/// the referee checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// Not exited within the time limit, or its time over the limit.
    Time,
    /// More than [`FLOOD_LIMIT`] bytes on standard output.
    Flood,
    /// Could not be started, or ended by a signal.
    Crash,
    /// Exited with a non-zero status.
    Exit,
    /// Its output is not `(c,h,l,r)` ([`parse_output`]).
    Unparseable,
    /// Its move is not legal, and illegal moves forfeit.
    Illegal,
}

impl Forfeit {
    /// Every cause, in the order they are checked.
    pub const ALL: [Forfeit; 6] = [
        Forfeit::Time,
        Forfeit::Flood,
        Forfeit::Crash,
        Forfeit::Exit,
        Forfeit::Unparseable,
        Forfeit::Illegal,
    ];

    /// The cause as game records write it.
    pub const fn name(self) -> &'static str {
        match self {
            Forfeit::Time => "time",
            Forfeit::Flood => "flood",
            Forfeit::Crash => "crash",
            Forfeit::Exit => "exit",
            Forfeit::Unparseable => "unparseable",
            Forfeit::Illegal => "illegal",
        }
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The four numbers of a player's output `(c,h,l,r)` as written (signs
/// allowed, at most nine digits each).
pub type Numbers = [i32; 4];

/// Reads a player's standard output as the referee does: trailing spaces,
/// tabs, `\r` and `\n` removed, it must be `(` integer `,` integer `,`
/// integer `,` integer `)` with optional spaces or tabs around each
/// integer, an integer being an optional `-` or `+` and 1 to 9 decimal
/// digits. Anything else (a leading space, another byte) is `None`.
pub fn parse_output(output: &[u8]) -> Option<Numbers> {
    let end = output
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |i| i + 1);
    let text = &output[..end];
    let mut at = 0;
    let blank = |at: &mut usize| {
        while matches!(text.get(*at), Some(b' ' | b'\t')) {
            *at += 1;
        }
    };
    if text.first() != Some(&b'(') {
        return None;
    }
    at += 1;
    let mut numbers = [0i32; 4];
    for (i, slot) in numbers.iter_mut().enumerate() {
        blank(&mut at);
        let negative = match text.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let start = at;
        let mut value = 0i32;
        while let Some(&d @ b'0'..=b'9') = text.get(at) {
            if at - start == 9 {
                return None;
            }
            value = value * 10 + (d - b'0') as i32;
            at += 1;
        }
        if at == start {
            return None;
        }
        *slot = if negative { -value } else { value };
        blank(&mut at);
        let separator = if i < 3 { b',' } else { b')' };
        if text.get(at) != Some(&separator) {
            return None;
        }
        at += 1;
    }
    (at == text.len()).then_some(numbers)
}

/// The move a player's numbers name, if it is legal in `state` (with the
/// reason it is not, as [`Atropos::checked_move`] gives it): negative
/// numbers are refused like any other that names no colour or circle.
pub fn checked_numbers(state: &Atropos, [c, h, l, r]: Numbers) -> Result<Move, IllegalMove> {
    if state.is_finished() {
        return Err(IllegalMove::Finished);
    }
    let colour = u32::try_from(c).map_err(|_| IllegalMove::NoSuchColor)?;
    let (Ok(h), Ok(l)) = (u32::try_from(h), u32::try_from(l)) else {
        return Err(IllegalMove::OffBoard);
    };
    // A negative r is a wrong r when (h, l) is on the board.
    let r = u32::try_from(r).unwrap_or(u32::MAX);
    state.checked_move(colour, h, l, r)
}

/// A bound on the length of a state string: the rows of the largest
/// board (2 digits on top, `n + 3 - h` on row `h`, `n + 1` at the bottom,
/// and the brackets: 202 bytes) and the longest suffix.
pub const MAX_STATE_LEN: usize = {
    let n = MAX_SIZE as usize;
    let digits = 2 + n * (n + 3) - n * (n + 1) / 2 + n + 1;
    digits + 2 * (n + 2) + "LastPlay:(3,15,15,15)".len()
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_read_as_the_referee_reads_them() {
        assert_eq!(parse_output(b"(1,2,3,4)\n"), Some([1, 2, 3, 4]));
        assert_eq!(parse_output(b"( 1 ,\t2, 3 ,4 )\r\n \t"), Some([1, 2, 3, 4]));
        assert_eq!(parse_output(b"(-1,+2,003,4)"), Some([-1, 2, 3, 4]));
        assert_eq!(
            parse_output(b"(1,2,3,999999999)"),
            Some([1, 2, 3, 999_999_999])
        );
        for bad in [
            &b" (1,2,3,4)"[..],
            b"",
            b"\n",
            b"(1,2,3,1000000000)",
            b"(1,2,3)",
            b"(1,2,3,4,5)",
            b"(1,2,3,4)x",
            b"(1,2,3,4) (1,2,3,4)",
            b"(1;2,3,4)",
            b"(1,2,3,--4)",
            b"(1,2,3,-)",
            b"(1,2,3,4",
            b"1,2,3,4)",
            b"(1, 2 3,4)",
            b"(1,2,3,4)\n\n(1,2,3,4)",
            b"(1,2,3,\xff)",
        ] {
            assert_eq!(parse_output(bad), None, "{:?}", core::str::from_utf8(bad));
        }
    }

    #[test]
    fn numbers_are_checked_as_moves() {
        let state = Atropos::new(5).unwrap();
        assert!(checked_numbers(&state, [1, 3, 1, 3]).is_ok());
        assert_eq!(
            checked_numbers(&state, [-1, 3, 1, 3]),
            Err(IllegalMove::NoSuchColor)
        );
        assert_eq!(
            checked_numbers(&state, [1, -3, 1, 3]),
            Err(IllegalMove::OffBoard)
        );
        assert_eq!(
            checked_numbers(&state, [1, 3, 1, -3]),
            Err(IllegalMove::WrongR)
        );
        assert_eq!(
            checked_numbers(&state, [1, 3, 1, 4]),
            Err(IllegalMove::WrongR)
        );
        assert_eq!(
            checked_numbers(&state, [1, 0, 1, 6]),
            Err(IllegalMove::OffBoard)
        );
    }

    #[test]
    fn seats_alternate_and_generators_follow_the_game_seed() {
        assert_eq!(Seat::first_in_game(0), Seat::A);
        assert_eq!(Seat::first_in_game(7), Seat::B);
        assert_eq!(Seat::mover(Seat::B, 3), Seat::A);
        let mut game = Rng::new(42);
        let g = Generators::new(42);
        assert_eq!(g.opening, Rng::new(game.next_u64()));
        assert_eq!(g.a, Rng::new(game.next_u64()));
        assert_eq!(g.b, Rng::new(game.next_u64()));
        assert_eq!(g.substitute, Rng::new(game.next_u64()));
        assert_eq!(game_seed(u64::MAX, 2), 1);
    }

    #[test]
    fn the_longest_state_string_fits() {
        let mut state = Atropos::new(15).unwrap();
        let mut rng = Rng::new(1);
        let mut longest = state.to_string().len();
        while let Some(mv) = opening_move(&state, &mut rng) {
            state.play(mv).unwrap();
            longest = longest.max(state.to_string().len());
        }
        assert!(longest <= MAX_STATE_LEN, "{longest}");
        const { assert!(MAX_STATE_LEN < 256) };
    }
}
