//! What a bot knows of the game it plays: the state behind each request.
//!
//! A request never says how many moves passed since the last plus, and the
//! 2-field form says neither the score nor the move number. A [`Session`]
//! fills them in by one rule:
//!
//! - **Continuing the game it follows** (a persistent bot): when the
//!   request's ring is the ring its last reply left, the atom can be drawn
//!   there, and a 4-field request's score and move are that state's, the
//!   state is that one with the atom in hand: exact.
//! - **Otherwise** (a new game, a bot started for each move): the
//!   request's own score and move (4-field form) or, in the 2-field form,
//!   an estimate from the atoms: the range is taken to start one below the
//!   median of the numbered atoms of the ring and in hand (1 at least, and
//!   1 when none is above 3),
//!   the move is the first of that range's moves, and the score is
//!   `move^2 / 100` (what bots that survive make), so that a game's first
//!   request is read exactly: move 1, score 0; and no move since the last
//!   plus.

use super::atom::{Atom, MAX_MOVE, MAX_SCORE};
use super::protocol::Request;
use super::state::{Atomas, Reply};

/// Follows one game request by request (see the module's rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Session {
    /// The state the last reply left, between moves.
    expected: Option<Atomas>,
}

impl Session {
    pub const fn new() -> Session {
        Session { expected: None }
    }

    /// The decision state behind `request`, by the module's rule.
    pub fn state(&self, request: &Request) -> Atomas {
        if let Some(state) = self.continuation(request) {
            return state;
        }
        let (score, move_number) = request.header.unwrap_or_else(|| estimate(request));
        let state = Atomas::from_parts(
            request.ring,
            score,
            move_number,
            0,
            None,
            Some(request.atom),
        );
        // Request::parse keeps every part within what from_parts takes.
        state.unwrap_or_else(|_| {
            let mut game = Atomas::new(request.ring);
            game.take_in_hand(request.atom);
            game
        })
    }

    /// The followed game with the request's atom drawn, if the request
    /// continues it.
    fn continuation(&self, request: &Request) -> Option<Atomas> {
        let mut state = self.expected?;
        if state.ring != request.ring {
            return None;
        }
        if let Some((score, move_number)) = request.header {
            if (score, move_number) != (state.score, state.move_number) {
                return None;
            }
        }
        state.draw(request.atom).ok()?;
        Some(state)
    }

    /// Remembers that `reply` was played in `state` (the state the
    /// session gave): the next request may continue from there.
    pub fn played(&mut self, state: &Atomas, reply: Reply) {
        let mut after = *state;
        self.expected = after.play(reply).ok().map(|_| after);
    }

    /// Forgets the followed game.
    pub fn reset(&mut self) {
        self.expected = None;
    }
}

/// The 2-field form's estimate of `(score, move)`.
fn estimate(request: &Request) -> (u64, u32) {
    let mut values = [0u32; super::ring::CAPACITY + 1];
    let mut count = 0;
    let hand = match request.atom {
        Atom::Number(v) => Some(v),
        _ => None,
    };
    for v in request.ring.codes().iter().copied().chain(hand) {
        if v != 0 {
            values[count] = v;
            count += 1;
        }
    }
    let values = &mut values[..count];
    values.sort_unstable();
    let median = values.get(count / 2).copied().unwrap_or(1);
    // No atom above the first range: a game's start, whatever the median
    // (a start ring of mostly 3s would otherwise read as move 41 and the
    // whole followed game would expect atoms one too high).
    let first_range = values.last().is_none_or(|&v| v <= 3);
    let lo = if first_range {
        1
    } else {
        median.saturating_sub(1).max(1)
    };
    let move_number = (u64::from(lo - 1) * 40 + 1).min(u64::from(MAX_MOVE - 1)) as u32;
    let score = (u64::from(move_number).pow(2) / 100).min(MAX_SCORE);
    (score, move_number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atomas::Reference;

    #[test]
    fn a_followed_game_is_known_exactly() {
        let mut draws = Reference::for_game(1, 0);
        let mut game = Atomas::start(&mut draws);
        let mut session = Session::new();
        for _ in 0..200 {
            if game.is_over() {
                break;
            }
            game.draw_with(&mut draws).unwrap();
            let mut request = game.request().unwrap();
            request.header = None;
            let state = session.state(&request);
            assert_eq!(state, game);
            let mut reply = None;
            state.each_reply(|r| reply = reply.or(Some(r)));
            let reply = reply.unwrap();
            session.played(&state, reply);
            game.play(reply).unwrap();
        }
    }

    #[test]
    fn a_fresh_request_is_estimated_by_the_rule() {
        let session = Session::new();
        let four = Request::parse("1234/567/+/5 5 6").unwrap();
        let state = session.state(&four);
        assert_eq!(
            (state.score(), state.move_number(), state.since()),
            (1234, 567, 0)
        );
        let two = Request::parse("101/98 99 100 102 103").unwrap();
        let state = session.state(&two);
        // Median 101: the range starts at 100, from move 3961.
        assert_eq!(state.move_number(), 3961);
        assert_eq!(state.range(), (100, 102));
        assert_eq!(state.score(), 3961 * 3961 / 100);
        let start = Request::parse("2/3 2 1 3 1 3").unwrap();
        let state = session.state(&start);
        assert_eq!((state.move_number(), state.score()), (1, 0));
        // Mostly 3s (median 3): still the first range, a game's start.
        let threes = Request::parse("2/3 3 3 1 1 3").unwrap();
        let state = session.state(&threes);
        assert_eq!((state.move_number(), state.score()), (1, 0));
        let fours = Request::parse("4/4 3 4 4 2").unwrap();
        assert_eq!(session.state(&fours).range(), (3, 5));
        let empty = Request::parse("+/").unwrap();
        assert_eq!(session.state(&empty).move_number(), 1);
    }

    #[test]
    fn a_request_that_does_not_continue_starts_afresh() {
        let mut session = Session::new();
        let request = Request::parse("0/7/1/1 2 2 3").unwrap();
        let state = session.state(&request);
        session.played(&state, Reply::Gap(0));
        // Another ring, or another move number: not the followed game.
        let other = Request::parse("0/8/1/1 2 2 3").unwrap();
        assert_eq!(session.state(&other).move_number(), 8);
        assert_eq!(session.state(&other).ring().len(), 4);
        let next = Request::parse("0/8/2/1 1 2 2 3").unwrap();
        let state = session.state(&next);
        assert_eq!(state.since(), 1);
    }
}
