//! The seats the computer plays, as every game's `--computer` names them:
//! player numbers from 1, separated by commas (`--computer 2,3`), or
//! `none`.

use std::fmt;
use std::str::FromStr;

use atom4_core::game::Player;

/// The highest seat number a [`Seats`] holds (no game of the engine has
/// more players).
pub const MAX_SEAT: u8 = 32;

/// A set of seats (bit `i`: player `i + 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seats {
    bits: u32,
    /// Read from Chain Reaction's old letters (`b,c`): the program says
    /// the new form.
    pub lettered: bool,
}

impl Seats {
    pub const NONE: Seats = Seats {
        bits: 0,
        lettered: false,
    };

    /// The seat of player `number` (1-based) alone.
    pub fn of(number: u8) -> Seats {
        let mut seats = Seats::NONE;
        seats.add(number);
        seats
    }

    fn add(&mut self, number: u8) {
        if (1..=MAX_SEAT).contains(&number) {
            self.bits |= 1 << (number - 1);
        }
    }

    /// Whether the computer plays `player`.
    pub fn has(&self, player: Player) -> bool {
        player.index() < usize::from(MAX_SEAT) && self.bits >> player.index() & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// Whether the computer plays every seat of a game of `players`.
    pub fn all_of(&self, players: usize) -> bool {
        (0..players.min(usize::from(MAX_SEAT))).all(|i| self.bits >> i & 1 != 0)
    }

    /// The seat numbers, ascending.
    pub fn numbers(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=MAX_SEAT).filter(|n| self.bits >> (n - 1) & 1 != 0)
    }

    /// Refuses a seat beyond a game of `players` players.
    pub fn check(&self, players: usize) -> Result<(), String> {
        match self.numbers().find(|&n| usize::from(n) > players) {
            Some(n) => Err(format!(
                "--computer {n}: this game has {players} players (1 to {players})"
            )),
            None => Ok(()),
        }
    }

    /// Reads Chain Reaction's old form too: seat letters `a..h` (`b,c`),
    /// marked [`Seats::lettered`].
    pub fn parse_with_letters(text: &str) -> Result<Seats, String> {
        let letters = text
            .split(',')
            .all(|p| matches!(p.as_bytes(), [b'a'..=b'h']));
        if !letters {
            return text.parse();
        }
        let mut seats = Seats {
            lettered: true,
            ..Seats::NONE
        };
        for part in text.split(',') {
            seats.add(part.as_bytes()[0] - b'a' + 1);
        }
        Ok(seats)
    }

    /// What a program says when the seats came as letters.
    pub fn letters_note(&self) -> Option<String> {
        self.lettered.then(|| {
            format!(
                "note: seats are numbers now, for every game: --computer {self} (letters are read for a while yet)"
            )
        })
    }
}

impl FromStr for Seats {
    type Err = String;

    fn from_str(text: &str) -> Result<Seats, String> {
        if text == "none" {
            return Ok(Seats::NONE);
        }
        let mut seats = Seats::NONE;
        for part in text.split(',') {
            match part.parse::<u8>() {
                Ok(n @ 1..=MAX_SEAT) => seats.add(n),
                _ => {
                    return Err(format!(
                        "{:?} is not a seat: give player numbers from 1 separated by commas (2,3), or none",
                        crate::output::excerpt(part, 20)
                    ))
                }
            }
        }
        Ok(seats)
    }
}

/// `2,3`, or `none`.
impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut sep = "";
        for n in self.numbers() {
            write!(f, "{sep}{n}")?;
            sep = ",";
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_numbers_from_one() {
        let seats: Seats = "2,3".parse().unwrap();
        assert!(seats.has(Player::new(1).unwrap()) && seats.has(Player::new(2).unwrap()));
        assert!(!seats.has(Player::ONE));
        assert_eq!(seats.to_string(), "2,3");
        assert_eq!("none".parse::<Seats>().unwrap(), Seats::NONE);
        assert_eq!(Seats::NONE.to_string(), "none");
        assert_eq!("3,1,3".parse::<Seats>().unwrap().to_string(), "1,3");
        assert!("1,2".parse::<Seats>().unwrap().all_of(2));
        assert!(!"2".parse::<Seats>().unwrap().all_of(2));
        for bad in ["0", "b", "", "1,,2", "33", "-1", "1 2"] {
            let e = bad.parse::<Seats>().unwrap_err();
            assert!(
                e.contains("is not a seat: give player numbers"),
                "{bad}: {e}"
            );
        }
        assert_eq!(
            "4".parse::<Seats>().unwrap().check(3).unwrap_err(),
            "--computer 4: this game has 3 players (1 to 3)"
        );
        assert!("3".parse::<Seats>().unwrap().check(3).is_ok());
    }

    #[test]
    fn chain_reactions_letters_are_still_read_with_a_note() {
        let seats = Seats::parse_with_letters("b,c").unwrap();
        assert_eq!(seats.to_string(), "2,3");
        assert!(seats.letters_note().unwrap().contains("--computer 2,3"));
        let seats = Seats::parse_with_letters("2,3").unwrap();
        assert_eq!(
            (seats.to_string(), seats.letters_note()),
            ("2,3".into(), None)
        );
        assert!(Seats::parse_with_letters("b,x").is_err());
        assert_eq!(Seats::parse_with_letters("none").unwrap(), Seats::NONE);
    }
}
