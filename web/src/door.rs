//! The door: one position of any game, and every operation the module
//! exports on it, each writing its answer into a text buffer ([`Out`]) and
//! returning a number (a length, a count, or a negative error code with
//! the reason in the buffer). Safe Rust; [`crate::exports`] only hands it
//! the static buffers.

use core::fmt::Write;

use atom4_core::chain::Move as ChainMove;
use atom4_core::registry::{AnyState, GameId, GAME_IDS};
use atom4_core::search::PackedMove;
use atom4_core::state::{Action, Layout, Limits, MoveError, MoveErrorKind, Setup, Turn};

use crate::out::Out;

/// The error codes the exports return (negative; the message is in the
/// buffer). A refused move returns `-1 - kind`: see [`move_error_code`].
pub mod code {
    /// No position is loaded, or the game index is unknown.
    pub const NO_STATE: i32 = -100;
    /// The answer does not fit the buffer.
    pub const TOO_LONG: i32 = -101;
    /// A setup was refused: `param<TAB>message`.
    pub const SETUP: i32 = -102;
    /// A position text was refused: `offset<TAB>message`.
    pub const TEXT: i32 = -103;
    /// A binary form was refused.
    pub const DECODE: i32 = -104;
    /// The input is not UTF-8.
    pub const NOT_UTF8: i32 = -105;
}

/// The code of a refused move: `-1` Over, `-2` WrongTurn, `-3`
/// OutOfRange, `-4` BadText, `-5` Illegal.
pub fn move_error_code(kind: MoveErrorKind) -> i32 {
    match kind {
        MoveErrorKind::Over => -1,
        MoveErrorKind::WrongTurn => -2,
        MoveErrorKind::OutOfRange => -3,
        MoveErrorKind::BadText => -4,
        MoveErrorKind::Illegal => -5,
    }
}

/// The position the module works on.
#[derive(Debug, Default)]
pub struct Door {
    pub state: Option<AnyState>,
}

/// A length as the exports return it (the buffer is far below 2^31).
fn len(out: &Out<'_>) -> i32 {
    out.len() as i32
}

/// `r` as an export's answer: the buffer's length, or `TOO_LONG`.
fn written(r: core::fmt::Result, out: &Out<'_>) -> i32 {
    match r {
        Ok(()) => len(out),
        Err(_) => code::TOO_LONG,
    }
}

fn refused(e: &MoveError, out: &mut Out<'_>) -> i32 {
    let _ = out.write_str(&e.message);
    move_error_code(e.kind)
}

fn game_id(game: u32) -> Option<GameId> {
    GAME_IDS.get(game as usize).copied()
}

fn text_of(input: &[u8]) -> Result<&str, i32> {
    core::str::from_utf8(input).map_err(|_| code::NOT_UTF8)
}

impl Door {
    pub const fn new() -> Door {
        Door { state: None }
    }

    fn state(&self) -> Result<&AnyState, i32> {
        self.state.as_ref().ok_or(code::NO_STATE)
    }

    /// The games, one a line: `name<TAB>title<TAB>max players<TAB>binary
    /// length`, then a line a parameter: `<TAB>name<TAB>default<TAB>help`.
    pub fn games(out: &mut Out<'_>) -> i32 {
        let r = GAME_IDS.iter().try_for_each(|id| {
            writeln!(
                out,
                "{}\t{}\t{}\t{}",
                id.name(),
                id.title(),
                id.max_players(),
                id.encoded_len()
            )?;
            id.params()
                .iter()
                .try_for_each(|p| writeln!(out, "\t{}\t{}\t{}", p.name, p.default, p.help))
        });
        written(r, out)
    }

    /// A new game of `game` (an index of the list) set up by the
    /// `name=value` pairs of `input`.
    pub fn start(&mut self, game: u32, input: &[u8], out: &mut Out<'_>) -> i32 {
        let Some(id) = game_id(game) else {
            return code::NO_STATE;
        };
        let started = text_of(input).and_then(|t| {
            let setup = Setup::parse(t).map_err(|e| {
                let _ = write!(out, "{}\t{}", e.param, e.message);
                code::SETUP
            })?;
            id.start(&setup).map_err(|e| {
                let _ = write!(out, "{}\t{}", e.param, e.message);
                code::SETUP
            })
        });
        match started {
            Ok(s) => {
                self.state = Some(s);
                0
            }
            Err(c) => c,
        }
    }

    /// The position of `game` in its text notation.
    pub fn from_text(&mut self, game: u32, input: &[u8], out: &mut Out<'_>) -> i32 {
        let Some(id) = game_id(game) else {
            return code::NO_STATE;
        };
        let read = text_of(input).and_then(|t| {
            id.from_text(t).map_err(|e| {
                let _ = write!(out, "{}\t{}", e.offset, e.message);
                code::TEXT
            })
        });
        match read {
            Ok(s) => {
                self.state = Some(s);
                0
            }
            Err(c) => c,
        }
    }

    /// The position of `game` from its binary form.
    pub fn decode(&mut self, game: u32, input: &[u8], out: &mut Out<'_>) -> i32 {
        let Some(id) = game_id(game) else {
            return code::NO_STATE;
        };
        match id.decode(input) {
            Ok(s) => {
                self.state = Some(s);
                0
            }
            Err(e) => {
                let _ = write!(out, "{e}");
                code::DECODE
            }
        }
    }

    /// The binary form, into the buffer.
    pub fn encode(&self, out: &mut Out<'_>) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let rest = out.rest();
        if rest.len() < s.game().encoded_len() {
            return code::TOO_LONG;
        }
        let n = s.encode(rest);
        out.advance(n);
        len(out)
    }

    /// Whose turn: `1..=N` a player, `0` chance, `-1` nobody (over).
    pub fn turn(&self) -> i32 {
        match self.state().map(AnyState::turn) {
            Ok(Turn::Player(p)) => i32::from(p.number()),
            Ok(Turn::Chance) => 0,
            Ok(Turn::Over) => -1,
            Err(c) => c,
        }
    }

    pub fn players(&self) -> i32 {
        self.state().map_or(code::NO_STATE, |s| s.players() as i32)
    }

    /// The legal actions (at a chance turn: the outcomes and their
    /// weights, pairs of `u32`), as little-endian `u32`s; returns how many.
    pub fn legal(&self, out: &mut Out<'_>) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let (mut n, mut r) = (0, Ok(()));
        if s.turn() == Turn::Chance {
            s.chance_outcomes(&mut |a, w| {
                r = r.and(out.u32(a)).and(out.u32(w));
                n += 1;
            });
        } else {
            s.legal_actions(&mut |a| {
                r = r.and(out.u32(a));
                n += 1;
            });
        }
        if r.is_err() {
            return code::TOO_LONG;
        }
        n
    }

    /// The legal moves' (or outcomes') texts, one a line, in the order of
    /// [`Door::legal`].
    pub fn legal_texts(&self, out: &mut Out<'_>) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let mut r = Ok(());
        let mut line = |a: Action| {
            r = r
                .and_then(|_| s.write_move(a, out))
                .and_then(|_| out.write_char('\n'));
        };
        if s.turn() == Turn::Chance {
            s.chance_outcomes(&mut |a, _| line(a));
        } else {
            s.legal_actions(&mut line);
        }
        written(r, out)
    }

    /// `action`'s text as it reads now.
    pub fn move_text(&self, action: u32, out: &mut Out<'_>) -> i32 {
        match self.state() {
            Ok(s) => written(s.write_move(action, out), out),
            Err(c) => c,
        }
    }

    /// The action a move text means, or why it means none.
    pub fn parse_move(&self, input: &[u8], out: &mut Out<'_>) -> i32 {
        let s = match self.state() {
            Ok(s) => s,
            Err(c) => return c,
        };
        let t = match text_of(input) {
            Ok(t) => t,
            Err(c) => return c,
        };
        match s.parse_move(t) {
            Ok(a) => a as i32,
            Err(e) => refused(&e, out),
        }
    }

    /// Whether `action` may be played now (0), or why not.
    pub fn check(&self, action: u32, out: &mut Out<'_>) -> i32 {
        match self.state().map(|s| s.check(action)) {
            Ok(Ok(())) => 0,
            Ok(Err(e)) => refused(&e, out),
            Err(c) => c,
        }
    }

    /// Plays `action` (checked; a refused one changes nothing).
    pub fn play(&mut self, action: u32, out: &mut Out<'_>) -> i32 {
        match self.state.as_mut().map(|s| s.play(action)) {
            Some(Ok(())) => 0,
            Some(Err(e)) => refused(&e, out),
            None => code::NO_STATE,
        }
    }

    /// Plays the move a text names; returns its action.
    pub fn play_text(&mut self, input: &[u8], out: &mut Out<'_>) -> i32 {
        let action = self.parse_move(input, out);
        if action < 0 {
            return action;
        }
        match self.play(action as u32, out) {
            0 => action,
            c => c,
        }
    }

    /// Plays `action` and, for a game whose moves set off waves (Chain
    /// Reaction's cascades), writes `waves explosions` and a NUL into
    /// `out` and the board after the orb and after each wave into
    /// `frames`: a byte of orbs and a byte of owner a cell, row by row.
    /// Returns the frames written (those beyond the room of `frames` are
    /// left out; the position is right either way). This is the one place
    /// the door looks inside a game: the interface's `play` has no waves.
    pub fn play_waves(&mut self, action: u32, out: &mut Out<'_>, frames: &mut Out<'_>) -> i32 {
        let Some(s) = self.state.as_mut() else {
            return code::NO_STATE;
        };
        if let Err(e) = s.check(action) {
            return refused(&e, out);
        }
        let AnyState::Chain(p) = s else {
            let played = self.play(action, out);
            if played == 0 {
                let _ = out.write_str("0 0\0");
            }
            return played;
        };
        let mv = <ChainMove as PackedMove>::from_bits(action as u16);
        let mut count = 0;
        let played = p.play_waves(mv, &mut |board| {
            let (w, h) = (board.width(), board.height());
            let frame = 2 * usize::from(w) * usize::from(h);
            if frames.rest().len() < frame {
                return;
            }
            for y in 0..h {
                for x in 0..w {
                    let cell = atom4_core::Cell::new(x, y);
                    let orbs = cell.map_or(0, |c| board.count(c));
                    let owner = cell.and_then(|c| board.owner(c)).map_or(0, |o| o.number());
                    let _ = frames.bytes(&[orbs, owner]);
                }
            }
            count += 1;
        });
        match played {
            Ok(cascade) => {
                let _ = write!(out, "{} {}\0", cascade.waves, cascade.explosions);
                count
            }
            Err(e) => {
                let _ = write!(out, "{e}");
                move_error_code(MoveErrorKind::Illegal)
            }
        }
    }

    /// What `player` (1..=N) gets once over.
    pub fn returns(&self, player: u32) -> f64 {
        let p = (player as usize)
            .checked_sub(1)
            .and_then(atom4_core::game::Player::new);
        match (self.state(), p) {
            (Ok(s), Some(p)) if (player as usize) <= s.players() => s.returns(p),
            _ => f64::NAN,
        }
    }

    pub fn text(&self, out: &mut Out<'_>) -> i32 {
        match self.state() {
            Ok(s) => written(s.write_text(out), out),
            Err(c) => c,
        }
    }

    pub fn diagram(&self, out: &mut Out<'_>) -> i32 {
        match self.state() {
            Ok(s) => written(s.write_diagram(out), out),
            Err(c) => c,
        }
    }

    /// The parameters of this game, as `name=value` pairs.
    pub fn setup(&self, out: &mut Out<'_>) -> i32 {
        match self.state() {
            Ok(s) => written(write!(out, "{}", s.setup()), out),
            Err(c) => c,
        }
    }

    /// The index of the game in the list.
    pub fn game(&self) -> i32 {
        match self.state() {
            Ok(s) => GAME_IDS
                .iter()
                .position(|&g| g == s.game())
                .map_or(-1, |i| i as i32),
            Err(c) => c,
        }
    }

    /// The layout as four `u32`: kind (0 grid, 1 triangle, 2 ring), then
    /// width, height, shifted (grid); side (triangle); entries (ring).
    pub fn layout(&self, out: &mut Out<'_>) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let words = match s.layout() {
            Layout::Grid {
                width,
                height,
                shifted,
            } => [0, width.into(), height.into(), shifted.into()],
            Layout::Triangle { side } => [1, side.into(), 0, 0],
            Layout::Ring { entries } => [2, entries.into(), 0, 0],
        };
        match words.iter().try_for_each(|&w| out.u32(w)) {
            Ok(()) => s.layout().spots() as i32,
            Err(_) => code::TOO_LONG,
        }
    }

    /// Every spot as four `u32`: symbol (a char), owner, count, colour.
    pub fn spots(&self, out: &mut Out<'_>) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let n = s.layout().spots();
        let r = (0..n).try_for_each(|i| {
            let spot = s.spot(i);
            out.u32(spot.symbol.into())?;
            out.u32(spot.owner.into())?;
            out.u32(spot.count)?;
            out.u32(spot.colour.into())
        });
        match r {
            Ok(()) => n as i32,
            Err(_) => code::TOO_LONG,
        }
    }

    /// The next round (Atom-4): 1 started, 0 nothing changed.
    pub fn next_round(&mut self) -> i32 {
        match self.state.as_mut() {
            Some(s) => s.next_round().into(),
            None => code::NO_STATE,
        }
    }

    /// The engine's choice, written as lines: `action score depth nodes`
    /// (action -1 when there is no move to choose), the move's text, then
    /// the expected line's moves' texts (as far as they play from here).
    /// Returns the length written.
    pub fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn atom4_core::control::Control<Action>,
        out: &mut Out<'_>,
    ) -> i32 {
        let Ok(s) = self.state() else {
            return code::NO_STATE;
        };
        let choice = crate::engine::search(s, limits, memory, control);
        let best = choice.best.map_or(-1, |a| a as i32);
        let mut r = writeln!(
            out,
            "{best} {} {} {}",
            choice.score, choice.depth, choice.nodes
        );
        if let Some(a) = choice.best {
            r = r
                .and_then(|_| s.write_move(a, out))
                .and_then(|_| out.write_char('\n'));
        }
        let mut line = s.clone();
        for &a in &choice.pv {
            if line.turn() == Turn::Chance || line.check(a).is_err() {
                break;
            }
            r = r
                .and_then(|_| line.write_move(a, out))
                .and_then(|_| out.write_char('\n'));
            if line.play(a).is_err() {
                break;
            }
        }
        written(r, out)
    }
}
