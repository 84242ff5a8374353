//! The eight colours of Atom-4, their mixing, and the tile sequence.

use crate::game::Player;

/// A piece colour, as three bits: bit 0 red, bit 1 green, bit 2 blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    Red = 1,
    Green = 2,
    Yellow = 3,
    Blue = 4,
    Purple = 5,
    Cyan = 6,
    White = 7,
}

/// What a colour does when played or splashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorKind {
    /// Black or white: the goal colours, never a tile.
    Propagator,
    /// Red, green, blue: player 1's tiles; they add their bit (light).
    Additive,
    /// Yellow, purple, cyan: player 2's tiles; they keep only their bits (paint).
    Subtractive,
}

impl Color {
    pub const ALL: [Color; 8] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Purple,
        Color::Cyan,
        Color::White,
    ];

    /// The colour of value `bits & 7`.
    #[inline]
    pub const fn from_bits(bits: u8) -> Color {
        // A match on the discriminants compiles to nothing at all.
        match bits & 7 {
            0 => Color::Black,
            1 => Color::Red,
            2 => Color::Green,
            3 => Color::Yellow,
            4 => Color::Blue,
            5 => Color::Purple,
            6 => Color::Cyan,
            _ => Color::White,
        }
    }

    #[inline]
    pub const fn bits(self) -> u8 {
        self as u8
    }

    #[inline]
    pub const fn kind(self) -> ColorKind {
        // One bit set: additive; two: subtractive; none or all: propagator.
        match self {
            Color::Black | Color::White => ColorKind::Propagator,
            Color::Red | Color::Green | Color::Blue => ColorKind::Additive,
            Color::Yellow | Color::Purple | Color::Cyan => ColorKind::Subtractive,
        }
    }

    /// The propagator a piece of this colour travels through: white for an
    /// additive piece, black for a subtractive one. Propagators themselves
    /// never move, so they have none.
    #[inline]
    pub const fn propagator(self) -> Option<Color> {
        match self.kind() {
            ColorKind::Additive => Some(Color::White),
            ColorKind::Subtractive => Some(Color::Black),
            ColorKind::Propagator => None,
        }
    }

    /// The opposite colour (every bit flipped).
    #[inline]
    pub const fn complement(self) -> Color {
        Color::from_bits(!self.bits())
    }

    /// What `target` becomes when a piece of this colour acts on it:
    /// additive pieces add their bit, subtractive ones keep only theirs,
    /// propagators change nothing.
    #[inline]
    pub const fn mix_onto(self, target: Color) -> Color {
        let (or, and) = self.mix_masks();
        Color::from_bits((target.bits() | or) & and)
    }

    /// `(or, and)` with `mix_onto(t) = (t | or) & and`: one formula for both
    /// kinds, so the splash does not branch on the piece.
    #[inline]
    pub const fn mix_masks(self) -> (u8, u8) {
        match self.kind() {
            ColorKind::Additive => (self.bits(), 7),
            ColorKind::Subtractive => (0, self.bits()),
            ColorKind::Propagator => (0, 7),
        }
    }

    /// The letter of this colour in board text (`K r g y b p c W`).
    #[inline]
    pub const fn letter(self) -> char {
        b"KrgybpcW"[self as usize] as char
    }

    /// The colour a board-text letter stands for.
    pub const fn from_letter(letter: char) -> Option<Color> {
        Some(match letter {
            'K' => Color::Black,
            'r' => Color::Red,
            'g' => Color::Green,
            'y' => Color::Yellow,
            'b' => Color::Blue,
            'p' => Color::Purple,
            'c' => Color::Cyan,
            'W' => Color::White,
            _ => return None,
        })
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        [
            "black", "red", "green", "yellow", "blue", "purple", "cyan", "white",
        ][self as usize]
    }
}

/// A position in the tile sequence red, yellow, green, cyan, blue, purple
/// (the colour wheel clockwise). Even positions are player 1's additive
/// tiles, odd ones player 2's subtractive tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    pub const SEQUENCE: [Color; 6] = [
        Color::Red,
        Color::Yellow,
        Color::Green,
        Color::Cyan,
        Color::Blue,
        Color::Purple,
    ];

    /// The tile at `index % 6` of the sequence.
    #[inline]
    pub const fn new(index: u8) -> Tile {
        Tile(index % 6)
    }

    /// The tile of a colour, if it is one of the six tile colours.
    pub const fn of_color(color: Color) -> Option<Tile> {
        let mut i = 0;
        while i < 6 {
            if Tile::SEQUENCE[i] as u8 == color as u8 {
                return Some(Tile(i as u8));
            }
            i += 1;
        }
        None
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn color(self) -> Color {
        Tile::SEQUENCE[self.0 as usize]
    }

    /// The tile `steps` further along the sequence.
    #[inline]
    pub const fn advance(self, steps: u8) -> Tile {
        Tile((self.0 + steps % 6) % 6)
    }

    /// Whose tile it is: player 1's at even positions, player 2's at odd.
    #[inline]
    pub const fn player(self) -> Player {
        if self.0 & 1 == 0 {
            Player::ONE
        } else {
            Player::TWO
        }
    }

    /// The next tile of the sequence.
    #[inline]
    pub const fn next(self) -> Tile {
        Tile(if self.0 == 5 { 0 } else { self.0 + 1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six rules of the manual page, checked against the one bit rule.
    #[test]
    fn mixing_matches_the_manual() {
        let wheel = Tile::SEQUENCE;
        for (i, &piece) in wheel.iter().enumerate() {
            let (own_prop, other_prop) = match piece.kind() {
                ColorKind::Additive => (Color::White, Color::Black),
                _ => (Color::Black, Color::White),
            };
            // Same colour and its two adjacent colours stay as they are.
            for step in [0, 1, 5] {
                let t = wheel[(i + step) % 6];
                assert_eq!(piece.mix_onto(t), t, "{piece:?} on {t:?}");
            }
            // 60 degrees away (two steps on the wheel): the one in between.
            assert_eq!(piece.mix_onto(wheel[(i + 2) % 6]), wheel[(i + 1) % 6]);
            assert_eq!(piece.mix_onto(wheel[(i + 4) % 6]), wheel[(i + 5) % 6]);
            // Opposites become the piece's own propagator.
            assert_eq!(piece.mix_onto(piece.complement()), own_prop);
            // The other propagator turns into the piece's colour.
            assert_eq!(piece.mix_onto(other_prop), piece);
        }
    }

    #[test]
    fn letters_round_trip() {
        for c in Color::ALL {
            assert_eq!(Color::from_letter(c.letter()), Some(c));
        }
        assert_eq!(Color::from_letter('x'), None);
    }

    #[test]
    fn tiles_alternate_kinds() {
        for i in 0..6 {
            let kind = Tile::new(i).color().kind();
            let expected = if i % 2 == 0 {
                ColorKind::Additive
            } else {
                ColorKind::Subtractive
            };
            assert_eq!(kind, expected);
            assert_eq!(Tile::of_color(Tile::new(i).color()), Some(Tile::new(i)));
        }
    }
}
