//! The triangular board: sizes, circles `(h, l, r)`, colours, the fixed
//! boundary colouring, neighbours and the board's symmetries.
//!
//! Interior circles are numbered in the canonical order (row `h` from the
//! bottom, then `l` from the left), so that a bit mask over them iterates
//! in the order every list of the spec uses.

use core::fmt;

/// The largest board (120 interior circles: one `u128` of occupancy).
pub const MAX_SIZE: u8 = 15;

/// The most interior circles a board has: `15 * 16 / 2`.
pub const MAX_CIRCLES: usize = 120;

/// One of the three colours a circle can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Digit 1.
    Red = 1,
    /// Digit 2.
    Blue = 2,
    /// Digit 3.
    Green = 3,
}

impl Color {
    /// The colours in ascending order, as moves are listed.
    pub const ALL: [Color; 3] = [Color::Red, Color::Blue, Color::Green];

    /// The colour of digit `1`, `2` or `3`; `None` for anything else.
    #[inline]
    pub const fn from_digit(digit: u8) -> Option<Color> {
        match digit {
            1 => Some(Color::Red),
            2 => Some(Color::Blue),
            3 => Some(Color::Green),
            _ => None,
        }
    }

    /// The digit of the state string: 1 red, 2 blue, 3 green.
    #[inline]
    pub const fn digit(self) -> u8 {
        self as u8
    }

    /// The colour that is neither `self` nor `other` (`None` when they are equal).
    #[inline]
    pub const fn third(self, other: Color) -> Option<Color> {
        // 1 + 2 + 3 = 6.
        if self as u8 == other as u8 {
            None
        } else {
            Color::from_digit(6 - self as u8 - other as u8)
        }
    }
}

/// A set of colours as bits `1 << digit` (bit 0 unused): the colours that
/// lose on a circle, or those that do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ColorSet(u8);

impl ColorSet {
    /// No colour.
    pub const EMPTY: ColorSet = ColorSet(0);
    /// The three colours.
    pub const ALL: ColorSet = ColorSet(0b1110);

    /// Whether `color` is in the set.
    #[inline]
    pub const fn has(self, color: Color) -> bool {
        self.0 & (1 << color as u8) != 0
    }

    /// The set with `color` added.
    #[inline]
    pub const fn with(self, color: Color) -> ColorSet {
        ColorSet(self.0 | 1 << color as u8)
    }

    /// The colours not in `self`.
    #[inline]
    pub const fn complement(self) -> ColorSet {
        ColorSet(!self.0 & 0b1110)
    }

    /// Whether the set has no colour.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many colours the set has.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The colours of the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |&c| self.has(c))
    }

    /// The set as bits `1 << digit`.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// A circle `(h, l, r)`: heights above the bottom, left and right sides.
/// On a board of size `n` it exists when `h + l + r = n + 2`, all `>= 0`,
/// and it is not a corner; it is interior (playable) when all are `>= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Circle {
    /// The height above the bottom side.
    pub h: u8,
    /// The distance from the left side.
    pub l: u8,
    /// The distance from the right side.
    pub r: u8,
}

impl Circle {
    /// The circle `(h, l, r)`, on a board or not.
    #[inline]
    pub const fn new(h: u8, l: u8, r: u8) -> Circle {
        Circle { h, l, r }
    }
}

/// Written `(h,l,r)`, as the vectors list legal circles.
impl fmt::Display for Circle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{})", self.h, self.l, self.r)
    }
}

/// A size outside `1 ..= 15`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BadSize(pub u32);

impl fmt::Display for BadSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "size {} is not in 1 ..= {MAX_SIZE}", self.0)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BadSize {}

/// A board size `n` in `1 ..= 15`: its geometry and boundary colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// `n` when it is in `1 ..= 15`.
    pub const fn new(n: u32) -> Result<Size, BadSize> {
        if n >= 1 && n <= MAX_SIZE as u32 {
            Ok(Size(n as u8))
        } else {
            Err(BadSize(n))
        }
    }

    /// `n`.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// `n (n + 1) / 2`.
    #[inline]
    pub const fn circles(self) -> usize {
        let n = self.0 as usize;
        n * (n + 1) / 2
    }

    /// The mask of all interior circles by index.
    #[inline]
    pub const fn all(self) -> u128 {
        // 120 circles at most, so the shift never reaches 128.
        (1u128 << self.circles()) - 1
    }

    /// Whether `(h, l, r)` is an interior circle of this board.
    #[inline]
    pub const fn is_interior(self, c: Circle) -> bool {
        c.h >= 1
            && c.l >= 1
            && c.r >= 1
            && c.h as u32 + c.l as u32 + c.r as u32 == self.0 as u32 + 2
    }

    /// The interior circle of height `h` and left distance `l`, given as
    /// wider numbers so that callers can step off the board and ask.
    #[inline]
    pub const fn interior(self, h: i32, l: i32) -> Option<Circle> {
        let r = self.0 as i64 + 2 - h as i64 - l as i64;
        if h >= 1 && l >= 1 && r >= 1 {
            Some(Circle::new(h as u8, l as u8, r as u8))
        } else {
            None
        }
    }

    /// The index of interior circle `(h, l)` in the canonical order (a
    /// number of no meaning for other circles).
    #[inline]
    pub(crate) const fn index_of(self, h: u8, l: u8) -> usize {
        // Rows 1 .. h-1 hold n, n-1, ... circles.
        let n = self.0 as usize;
        let below = (h as usize).wrapping_sub(1);
        below
            .wrapping_mul(n + 1)
            .wrapping_sub(below.wrapping_mul(below.wrapping_add(1)) / 2)
            .wrapping_add(l as usize)
            .wrapping_sub(1)
    }

    /// The index of an interior circle; `None` for any other.
    #[inline]
    pub const fn index(self, c: Circle) -> Option<usize> {
        if self.is_interior(c) {
            Some(self.index_of(c.h, c.l))
        } else {
            None
        }
    }

    /// The interior circle of canonical index `index`, if there is one.
    pub const fn circle(self, index: usize) -> Option<Circle> {
        if index < self.circles() {
            Some(self.circle_at(index))
        } else {
            None
        }
    }

    /// The interior circle of canonical index `index`, which is below
    /// [`Size::circles`] (a circle of no meaning otherwise).
    #[inline]
    pub(crate) const fn circle_at(self, index: usize) -> Circle {
        let n = self.0;
        let (mut h, mut start) = (1u8, 0usize);
        // Rows are at most 15: walking them beats a division here.
        while h < n && index >= start + (n + 1 - h) as usize {
            start += (n + 1 - h) as usize;
            h += 1;
        }
        let l = (index.wrapping_sub(start) as u8).wrapping_add(1);
        Circle::new(h, l, (n + 2 - h).wrapping_sub(l))
    }

    /// The interior circles in the canonical order.
    pub fn interior_circles(self) -> impl Iterator<Item = Circle> {
        (0..self.circles()).map(move |i| self.circle_at(i))
    }

    /// The fixed colour of a boundary circle (spec section 1); `None` for
    /// interior circles, corners and circles not on the board.
    pub const fn boundary_color(self, c: Circle) -> Option<Color> {
        let n = self.0 as u32;
        if c.h as u32 + c.l as u32 + c.r as u32 != n + 2 {
            return None;
        }
        if c.h == 0 && c.l >= 1 && c.r >= 1 {
            Some(if c.l % 2 == 1 {
                Color::Red
            } else {
                Color::Blue
            })
        } else if c.l == 0 && c.h >= 1 && c.r >= 1 {
            Some(if c.h % 2 == 1 {
                Color::Green
            } else {
                Color::Red
            })
        } else if c.r == 0 && c.h >= 1 && c.l >= 1 {
            Some(if c.h % 2 == 1 {
                Color::Blue
            } else {
                Color::Green
            })
        } else {
            None
        }
    }

    /// The symmetries of this board that keep its boundary colouring: a
    /// permutation of the coordinates with a permutation of the colours.
    /// Odd sizes have a mirror, even sizes two rotations (section 1's
    /// table; a test checks every candidate). The identity comes first.
    pub const fn symmetries(self) -> &'static [Symmetry] {
        if self.0 % 2 == 1 {
            &ODD_SYMMETRIES
        } else {
            &EVEN_SYMMETRIES
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The six neighbours of an interior circle in the Java referee's cyclic
/// order, as steps `(dh, dl)` (`dr` follows): up-left, left, down-left,
/// down-right, right, up-right. The six small triangles round a circle are
/// it with neighbours `(k, k+1 mod 6)`.
pub const NEIGHBOR_STEPS: [(i8, i8); 6] = [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0)];

/// A symmetry of the board: circle `(c0, c1, c2)` goes to
/// `(c[coords[0]], c[coords[1]], c[coords[2]])` and colour `d` to `colors[d]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Which coordinate of a circle (0 `h`, 1 `l`, 2 `r`) each coordinate
    /// of its image takes.
    pub coords: [u8; 3],
    /// Indexed by digit (index 0 unused, kept 0).
    pub colors: [u8; 4],
}

impl Symmetry {
    /// The image of a circle.
    #[inline]
    pub const fn circle(&self, c: Circle) -> Circle {
        let v = [c.h, c.l, c.r];
        Circle::new(
            v[self.coords[0] as usize],
            v[self.coords[1] as usize],
            v[self.coords[2] as usize],
        )
    }

    /// The image of a colour.
    #[inline]
    pub const fn color(&self, c: Color) -> Color {
        match Color::from_digit(self.colors[c as usize]) {
            Some(c) => c,
            None => c,
        }
    }
}

const IDENTITY: Symmetry = Symmetry {
    coords: [0, 1, 2],
    colors: [0, 1, 2, 3],
};

/// Odd sizes: the mirror `(h, l, r) -> (r, l, h)` with red and green swapped.
static ODD_SYMMETRIES: [Symmetry; 2] = [
    IDENTITY,
    Symmetry {
        coords: [2, 1, 0],
        colors: [0, 3, 2, 1],
    },
];

/// Even sizes: the rotations `(h, l, r) -> (l, r, h)` with red to blue to
/// green to red, and its inverse.
static EVEN_SYMMETRIES: [Symmetry; 3] = [
    IDENTITY,
    Symmetry {
        coords: [1, 2, 0],
        colors: [0, 2, 3, 1],
    },
    Symmetry {
        coords: [2, 0, 1],
        colors: [0, 3, 1, 2],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_one_to_fifteen() {
        assert_eq!(Size::new(0), Err(BadSize(0)));
        assert_eq!(Size::new(16), Err(BadSize(16)));
        assert_eq!(Size::new(15).map(Size::circles), Ok(MAX_CIRCLES));
        assert_eq!(Size::new(1).map(Size::circles), Ok(1));
    }

    #[test]
    fn canonical_indices_run_row_by_row() {
        for n in 1..=15 {
            let size = Size::new(n).unwrap();
            let mut expected = 0;
            for h in 1..=n as u8 {
                for l in 1..=(n as u8 + 1 - h) {
                    let c = Circle::new(h, l, n as u8 + 2 - h - l);
                    assert_eq!(size.index(c), Some(expected));
                    assert_eq!(size.circle(expected), Some(c));
                    expected += 1;
                }
            }
            assert_eq!(expected, size.circles());
            assert_eq!(size.circle(expected), None);
            assert_eq!(size.all().count_ones() as usize, size.circles());
        }
    }

    #[test]
    fn boundary_reads_as_section_one() {
        let size = Size::new(4).unwrap();
        let bottom: [u8; 5] = core::array::from_fn(|i| {
            size.boundary_color(Circle::new(0, i as u8 + 1, 5 - i as u8))
                .unwrap()
                .digit()
        });
        assert_eq!(bottom, [1, 2, 1, 2, 1]);
        let left: [u8; 5] = core::array::from_fn(|i| {
            let h = i as u8 + 1;
            size.boundary_color(Circle::new(h, 0, 6 - h))
                .unwrap()
                .digit()
        });
        assert_eq!(left, [3, 1, 3, 1, 3]);
        let right: [u8; 5] = core::array::from_fn(|i| {
            let h = i as u8 + 1;
            size.boundary_color(Circle::new(h, 6 - h, 0))
                .unwrap()
                .digit()
        });
        assert_eq!(right, [2, 3, 2, 3, 2]);
        assert_eq!(size.boundary_color(Circle::new(6, 0, 0)), None);
        assert_eq!(size.boundary_color(Circle::new(1, 1, 4)), None);
        assert_eq!(size.boundary_color(Circle::new(0, 1, 4)), None);
    }

    fn boundary(size: Size) -> impl Iterator<Item = (Circle, Color)> {
        let m = size.get() + 2;
        (0..=m).flat_map(move |h| {
            (0..=m - h).filter_map(move |l| {
                let c = Circle::new(h, l, m - h - l);
                size.boundary_color(c).map(|color| (c, color))
            })
        })
    }

    /// Every permutation of coordinates and colours is tried: exactly the
    /// listed ones keep the boundary colouring.
    #[test]
    fn the_symmetries_are_exactly_those_keeping_the_boundary() {
        const PERMS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for n in 1..=15 {
            let size = Size::new(n).unwrap();
            let mut found = 0;
            for coords in PERMS {
                for p in PERMS {
                    let sym = Symmetry {
                        coords,
                        colors: [0, p[0] + 1, p[1] + 1, p[2] + 1],
                    };
                    let keeps = boundary(size).all(|(c, color)| {
                        size.boundary_color(sym.circle(c)) == Some(sym.color(color))
                    });
                    assert_eq!(keeps, size.symmetries().contains(&sym), "size {n}: {sym:?}");
                    found += keeps as usize;
                }
            }
            assert_eq!(found, size.symmetries().len());
            assert_eq!(size.symmetries()[0], IDENTITY);
        }
    }

    #[test]
    fn third_colours() {
        assert_eq!(Color::Red.third(Color::Blue), Some(Color::Green));
        assert_eq!(Color::Green.third(Color::Blue), Some(Color::Red));
        assert_eq!(Color::Green.third(Color::Green), None);
        let set = ColorSet::EMPTY.with(Color::Blue);
        assert!(set.has(Color::Blue) && !set.has(Color::Red));
        assert_eq!(
            set.complement()
                .iter()
                .collect::<arrayvec::ArrayVec<_, 3>>()[..],
            [Color::Red, Color::Green]
        );
    }
}
