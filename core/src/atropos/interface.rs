//! Atropos behind the one game interface ([`State`]): an action is
//! `3 * i + c - 1` for colour `c` (1 red, 2 blue, 3 green) on the interior
//! circle of canonical index `i` (by `h`, then `l`); a move's text is the
//! referee's `(c,h,l,r)`; the engine is the player (solver, then tree
//! search), its budget in work units or time. With [`Limits::level`] set
//! (any level) it is the tree search alone, with all the memory: the
//! solver's board takes about 140 KB of stack, more than a
//! microcontroller has.

use core::fmt::{self, Write};

use super::engine::{Budget, Config, Engine, Memory, PerMille, TreeSearch};
use super::geometry::{Circle, Color, Size, MAX_SIZE};
use super::state::{Atropos, IllegalMove, Move};
use super::ENCODED_LEN;
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::state::{
    Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError, Shown,
    Spot, State, TextError,
};

const PARAMS: &[Param] = &[Param {
    name: "size",
    default: "7",
    help: "the triangle's side, from 1 to 15",
}];

/// Work units a millisecond (solver positions; a tree-search iteration
/// counts 16): what a time limit becomes when the caller keeps no clock.
const WORK_PER_MS: u64 = 2_000;

/// The work of a move when nothing bounds it: about the strength of the
/// player program's default second.
const DEFAULT_WORK: u64 = 170_000;

fn action_of(size: Size, mv: Move) -> Action {
    let index = size.index(mv.circle).unwrap_or(0) as Action;
    3 * index + Action::from(mv.color.digit()) - 1
}

fn move_of(size: Size, action: Action) -> Result<Move, MoveError> {
    let count = 3 * size.circles() as Action;
    let circle = size
        .circle((action / 3) as usize)
        .filter(|_| action < count)
        .ok_or_else(|| MoveError::out_of_range(action, count))?;
    let color = Color::from_digit((action % 3) as u8 + 1).unwrap_or(Color::Red);
    Ok(Move::new(color, circle))
}

fn refused(e: IllegalMove) -> MoveError {
    match e {
        IllegalMove::Finished => MoveError::over(),
        e => MoveError::illegal(e),
    }
}

/// The engine's budget through the one interface: the caller's work limit
/// or time (from its clock, or turned into work), and its stop.
struct Shared<'c> {
    work: Option<u64>,
    time_ms: Option<u64>,
    control: &'c mut dyn Control<Action>,
}

impl Budget for Shared<'_> {
    fn spent(&mut self, work: u64) -> PerMille {
        if self.control.should_stop(work) {
            return u32::MAX;
        }
        let share = |used: u64, all: u64| {
            (used.saturating_mul(1000) / all.max(1)).min(u64::from(u32::MAX)) as PerMille
        };
        let by_work = self.work.map_or(0, |w| share(work, w));
        let by_time = match (self.time_ms, self.control.elapsed_ms()) {
            (Some(t), Some(elapsed)) => share(elapsed, t),
            _ => 0,
        };
        by_work.max(by_time)
    }
}

impl State for Atropos {
    const NAME: &'static str = "atropos";
    const TITLE: &'static str = "Atropos";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = ENCODED_LEN;
    const MAX_PLAYERS: usize = 2;

    fn new(setup: &Setup) -> Result<Atropos, SetupError> {
        setup.only(Self::NAME, &["size"])?;
        let side = match setup.size {
            None => 7,
            Some((w, h)) if w == h => u32::from(w),
            Some((w, h)) => {
                return Err(SetupError::new(
                    "size",
                    format_args!(
                        "{w}x{h}: Atropos's board is a triangle: one side, 1 to {MAX_SIZE}"
                    ),
                ))
            }
        };
        Atropos::new(side).map_err(|e| SetupError::new("size", format_args!("{e}")))
    }

    fn setup(&self) -> Setup {
        let n = u16::from(self.size().get());
        Setup {
            size: Some((n, n)),
            ..Setup::default()
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        3 * self.size().circles() as u32
    }

    /// The legal moves in the canonical order (by circle, then colour),
    /// losing ones included.
    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        if Game::turn(self) == Turn::Over {
            return;
        }
        let size = self.size();
        for c in self.legal_circles() {
            for color in Color::ALL {
                f(action_of(size, Move::new(color, c)));
            }
        }
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        Atropos::check(self, move_of(self.size(), action)?).map_err(refused)
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        Atropos::play(self, move_of(self.size(), action)?).map_err(refused)
    }

    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        match move_of(self.size(), action) {
            Ok(mv) => write!(w, "{mv}"),
            Err(_) => write!(w, "#{action}"),
        }
    }

    /// `(c,h,l,r)` of an interior circle of this board.
    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        let mv = Move::from_text(text.trim()).map_err(|e| {
            MoveError::new(
                MoveErrorKind::BadText,
                format_args!(
                    "{} is not a move ({}): a move is (c,h,l,r)",
                    Shown(text),
                    e.kind
                ),
            )
        })?;
        let size = self.size();
        let c = mv.circle;
        if size.index(c).is_none() {
            let n = size.get();
            let why = if size
                .index(Circle::new(
                    c.h,
                    c.l,
                    (n + 2).wrapping_sub(c.h).wrapping_sub(c.l),
                ))
                .is_some()
            {
                IllegalMove::WrongR
            } else {
                IllegalMove::OffBoard
            };
            return Err(MoveError::illegal(why));
        }
        Ok(action_of(size, mv))
    }

    fn returns(&self, player: Player) -> f64 {
        Game::returns(self, player).into()
    }

    fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{self}")
    }

    fn from_text(text: &str) -> Result<Atropos, TextError> {
        Atropos::from_text(text).map_err(TextError::from)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        out[..ENCODED_LEN].copy_from_slice(&self.to_bytes());
        ENCODED_LEN
    }

    fn decode(bytes: &[u8]) -> Result<Atropos, DecodeError> {
        Atropos::from_bytes(bytes)
    }

    /// Every circle, the boundary's included, in the state string's
    /// order: rows from the top (`h = n + 1` down to 0).
    fn layout(&self) -> Layout {
        Layout::Triangle {
            side: self.size().get().into(),
        }
    }

    fn spot(&self, index: usize) -> Spot {
        let n = self.size().get();
        let mut i = index;
        for h in (0..=n + 1).rev() {
            let (start, len) = if h == 0 { (1, n + 1) } else { (0, n + 3 - h) };
            if i < usize::from(len) {
                let l = start + i as u8;
                let circle = Circle::new(h, l, n + 2 - h - l);
                let digit = self.color(circle).map_or(0, Color::digit);
                return Spot {
                    symbol: (b'0' + digit) as char,
                    owner: 0,
                    count: 0,
                    colour: digit,
                };
            }
            i -= usize::from(len);
        }
        Spot::default()
    }

    /// The state string a row a line, then the last play.
    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        let n = self.size().get();
        for h in (0..=n + 1).rev() {
            let (start, len) = if h == 0 { (1, n + 1) } else { (0, n + 3 - h) };
            for _ in 0..=h {
                w.write_char(' ')?;
            }
            for l in start..start + len {
                let digit = self
                    .color(Circle::new(h, l, n + 2 - h - l))
                    .map_or(0, Color::digit);
                write!(w, "{digit} ")?;
            }
            w.write_char('\n')?;
        }
        match self.last_play() {
            Some(mv) => writeln!(w, "last play {mv}"),
            None => writeln!(w, "no play yet"),
        }
    }

    /// A quarter for the solver's table, the rest for the tree: about a
    /// node for every six units of work.
    fn engine_words(&self, limits: &Limits) -> usize {
        let work = match (limits.nodes, limits.time_ms) {
            (Some(w), _) => w,
            (None, Some(ms)) => ms.saturating_mul(WORK_PER_MS),
            (None, None) => DEFAULT_WORK,
        };
        let nodes = (work / 6).clamp(1 << 12, 1 << 22) as usize;
        nodes * crate::mcts::NODE_WORDS * 4 / 3
    }

    fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice {
        if Game::turn(self) == Turn::Over {
            return Report::none();
        }
        memory.fill(0);
        let mut config = Config {
            seed: limits.seed,
            ..Config::default()
        };
        let memory = match limits.level {
            None => Memory::split(memory, TreeSearch::Mcts),
            Some(_) => {
                config.solver_max_live = 0;
                Memory {
                    solver: &mut [],
                    tree: memory,
                    table: &mut [],
                }
            }
        };
        let mut engine = Engine::new(memory, config);
        let clock = control.elapsed_ms().is_some();
        let work = match (limits.nodes, limits.time_ms) {
            (Some(w), _) => Some(w),
            (None, Some(_)) if clock => None,
            (None, Some(ms)) => Some(ms.saturating_mul(WORK_PER_MS)),
            (None, None) => Some(DEFAULT_WORK),
        };
        let mut budget = Shared {
            work,
            time_ms: limits.time_ms,
            control,
        };
        match engine.choose(self, &mut budget) {
            Some(choice) => {
                let mut report = Report::only(action_of(self.size(), choice.mv));
                report.nodes = choice.solver_nodes + choice.search_nodes;
                report.score = match choice.value {
                    Some(super::Value::Win) => crate::search::MATE,
                    Some(super::Value::Loss) => -crate::search::MATE,
                    None => 0,
                };
                report
            }
            None => Report::none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    /// The layout has a spot for every circle of the state string (the
    /// border's included), and the spots read its digits in order.
    #[test]
    fn the_layout_covers_every_circle_of_the_state_string() {
        for n in 1..=15 {
            let state = Atropos::new(n).unwrap();
            let mut text = String::new();
            State::write_text(&state, &mut text).unwrap();
            let digits: String = text
                .split("LastPlay")
                .next()
                .unwrap()
                .chars()
                .filter(char::is_ascii_digit)
                .collect();
            let spots = State::layout(&state).spots();
            assert_eq!(spots, digits.len(), "side {n}");
            let symbols: String = (0..spots).map(|i| State::spot(&state, i).symbol).collect();
            assert_eq!(symbols, digits, "side {n}");
        }
    }
}
