//! `atom4.State`: a position of any game with its move stack, in the
//! manner of python-chess's `chess.Board`, written once over the core's
//! one game interface. Each game's class (`atom4.Chain`, ...) is a
//! subclass; what a game alone has lives in `extras/`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::registry::{AnyState, GameId, MAX_ENCODED_LEN};
use atom4_core::state::{
    Action, Layout, MoveError, MoveErrorKind, Player, Setup, State as Rules, Turn,
};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString, PyTuple};

use crate::errors::{illegal, position_text};
use crate::games::{self, Game, Of, Record};
use crate::moves::{LegalMoves, Move};

/// `turn` at a chance turn (players are 1..N): `atom4.CHANCE`.
pub const CHANCE: u8 = 0;

/// A position of a game, the moves that led to it from `root()`, and the
/// positions before each (so that `pop` restores exactly what was).
#[pyclass(subclass, module = "atom4", name = "State")]
#[derive(Clone)]
pub struct State {
    pub game: Game,
}

/// The text of `action` in `state`.
pub fn text_of<S: Rules>(state: &S, action: Action) -> String {
    let mut text = String::new();
    let _ = state.write_move(action, &mut text);
    text
}

/// A move of `state` by its action (a chance outcome at a chance turn).
pub fn move_of<S: Rules>(id: GameId, state: &S, action: Action) -> Move {
    Move {
        game: id,
        text: text_of(state, action),
        action: Some(action),
        chance: state.turn() == Turn::Chance,
    }
}

/// The legal actions of `state`; at a chance turn, the outcomes.
pub fn legal_of<S: Rules>(state: &S) -> Vec<Action> {
    // Room for every move up front: growing the list costs more than the
    // moves (the pure-Python bot loop asks for them every move).
    let mut actions = Vec::with_capacity(state.action_count().min(1 << 12) as usize);
    state.legal_actions(&mut |a| actions.push(a));
    if actions.is_empty() && state.turn() == Turn::Chance {
        state.chance_outcomes(&mut |a, _| actions.push(a));
    }
    actions
}

/// Whether `state` is the position of `other` (the same game too).
fn same<S: Of>(state: &S, other: &Game) -> bool {
    S::of(other).is_some_and(|o| &o.now == state)
}

/// The checked binary form of `state`.
pub fn encoded<S: Rules>(state: &S) -> Vec<u8> {
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let len = state.encode(&mut buf);
    buf[..len].to_vec()
}

/// What a Python value names as a move, before a state reads it.
enum Arg {
    Action(Action),
    /// An integer beyond every action.
    Beyond(String),
    Text(String),
    Move(Move),
}

fn arg(value: &Bound<'_, PyAny>) -> PyResult<Arg> {
    // An int first: the bot loop's case.
    if value.is_exact_instance_of::<PyInt>() {
        if let Ok(a) = value.extract::<Action>() {
            return Ok(Arg::Action(a));
        }
    }
    if let Ok(m) = value.cast::<Move>() {
        return Ok(Arg::Move(m.get().clone()));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Arg::Text(text.to_cow()?.into_owned()));
    }
    // bool is an int, but True is no move.
    if !value.is_instance_of::<PyBool>() {
        match value.extract::<i64>() {
            Ok(a) => {
                return Ok(match Action::try_from(a) {
                    Ok(a) => Arg::Action(a),
                    Err(_) => Arg::Beyond(a.to_string()),
                })
            }
            Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => {
                return Ok(Arg::Beyond(value.str()?.to_string()));
            }
            Err(_) => {}
        }
    }
    Err(PyTypeError::new_err(format!(
        "a move is an atom4.Move, its text or an int action, not {}",
        value.get_type().name()?
    )))
}

/// How a move named `text` (empty: by its action) shows in an error.
pub fn shown(action: Action, text: String) -> String {
    if text.is_empty() {
        action.to_string()
    } else {
        text
    }
}

fn out_of_range(shown: &str) -> MoveError {
    MoveError::new(
        MoveErrorKind::OutOfRange,
        format_args!("{shown} is no action (actions are small integers from 0)"),
    )
}

impl State {
    /// A new game of `id` from `params` (Python values: text, ints, a
    /// `(w, h)` size), or the position `text`.
    pub fn create(
        py: Python<'_>,
        id: GameId,
        text: Option<&str>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<State> {
        let params = params.filter(|p| !p.is_empty());
        let any = match (text, params) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "give a position's text or the game's parameters, not both",
                ))
            }
            (Some(text), None) => id.from_text(text).map_err(|e| position_text(py, &e))?,
            (None, params) => {
                let mut setup = Setup::default();
                for (name, value) in params.into_iter().flatten() {
                    let name: String = name.extract()?;
                    setup
                        .set(&name, &param_text(&value)?)
                        .map_err(|e| crate::errors::setup(&e))?;
                }
                id.start(&setup).map_err(|e| crate::errors::setup(&e))?
            }
        };
        Ok(State {
            game: Game::of(any),
        })
    }

    pub fn id(&self) -> GameId {
        self.game.id()
    }

    /// The position now, as the registry's state.
    pub fn now(&self) -> AnyState {
        self.game.now()
    }

    /// The legal actions now (at a chance turn, the outcomes).
    pub fn legal(&self) -> Vec<Action> {
        with_record!(&self.game, r => legal_of(&r.now))
    }

    pub fn legal_moves_now(&self) -> Vec<Move> {
        let id = self.id();
        with_record!(&self.game, r => legal_of(&r.now).into_iter().map(|a| move_of(id, &r.now, a)).collect())
    }

    /// The move of `action` now.
    pub fn move_now(&self, action: Action) -> Move {
        let id = self.id();
        with_record!(&self.game, r => move_of(id, &r.now, action))
    }

    pub fn turn_now(&self) -> Turn {
        with_record!(&self.game, r => Rules::turn(&r.now))
    }

    /// The action a Python value names now, and how to show it in an
    /// error (empty for a plain action: see [`shown`]); `IllegalMoveError`
    /// for one that names no move here.
    pub fn resolve(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<(Action, String)> {
        let parse = |text: &str| {
            with_record!(&self.game, r => Rules::parse_move(&r.now, text))
                .map_err(|e| illegal(py, &format!("{text:?}"), &e))
        };
        match arg(value)? {
            // Shown as its number, written only for an error.
            Arg::Action(a) => Ok((a, String::new())),
            Arg::Beyond(shown) => Err(illegal(py, &shown, &out_of_range(&shown))),
            Arg::Text(text) => Ok((parse(&text)?, format!("{text:?}"))),
            Arg::Move(m) => {
                let shown = m.text.clone();
                if m.game != self.id() {
                    let e = MoveError::illegal(format_args!(
                        "a move of {}, not of {}",
                        m.game.name(),
                        self.id().name()
                    ));
                    return Err(illegal(py, &shown, &e));
                }
                if m.chance != (self.turn_now() == Turn::Chance) {
                    let e = MoveError::new(
                        MoveErrorKind::WrongTurn,
                        format_args!(
                            "a {} at a {} turn",
                            if m.chance {
                                "chance outcome"
                            } else {
                                "player's move"
                            },
                            if m.chance { "player's" } else { "chance" }
                        ),
                    );
                    return Err(illegal(py, &shown, &e));
                }
                Ok((parse(&m.text)?, shown))
            }
        }
    }

    /// Why the move a value names is refused now, as `IllegalMoveError`.
    pub fn refusal(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Option<PyErr>> {
        match self.resolve(py, value) {
            Ok((a, text)) => Ok(with_record!(&self.game, r => Rules::check(&r.now, a))
                .err()
                .map(|e| illegal(py, &shown(a, text), &e))),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(py) => Ok(Some(e)),
            Err(e) => Err(e),
        }
    }

    pub fn is_legal(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.refusal(py, value)?.is_none())
    }

    /// Plays the move a Python value names (see `push`).
    pub fn push_value(&mut self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (action, text) = self.resolve(py, value)?;
        with_record!(&mut self.game, r => r.push(action))
            .map_err(|e| illegal(py, &shown(action, text), &e))
    }

    /// Plays `action`, shown as `shown` in an error; returns its move.
    pub fn push_action(&mut self, py: Python<'_>, action: Action, shown: &str) -> PyResult<Move> {
        let id = self.id();
        with_record!(&mut self.game, r => {
            let m = move_of(id, &r.now, action);
            r.push(action).map_err(|e| illegal(py, shown, &e))?;
            Ok(m)
        })
    }

    /// Replays `actions` from the root `bytes` of game `id`.
    pub fn rebuild(
        py: Python<'_>,
        id: GameId,
        bytes: &[u8],
        actions: &[Action],
    ) -> PyResult<State> {
        let root = id.decode(bytes).map_err(|e| {
            PyValueError::new_err(format!("not a pickled {} state: {e}", id.name()))
        })?;
        let mut state = State {
            game: Game::of(root),
        };
        for &a in actions {
            state.push_action(py, a, &a.to_string())?;
        }
        Ok(state)
    }
}

/// A parameter's value as the setup reads it: text, an int, or a size
/// `(w, h)`.
fn param_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if let Ok((w, h)) = value.extract::<(i64, i64)>() {
        return Ok(format!("{w}x{h}"));
    }
    if !value.is_instance_of::<PyBool>() {
        if let Ok(n) = value.extract::<i64>() {
            return Ok(n.to_string());
        }
    }
    Err(PyTypeError::new_err(format!(
        "a parameter is a str or an int, not {}",
        value.get_type().name()?
    )))
}

/// How a game ended.
#[pyclass(module = "atom4", name = "Outcome", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The only player with the best return; None for a draw and in
    /// one-player games.
    #[pyo3(get)]
    winner: Option<u8>,
    /// "win", "draw", or "end" (a one-player game).
    #[pyo3(get)]
    termination: &'static str,
}

impl Outcome {
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    pub fn of(returns: &[f64]) -> Outcome {
        let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<usize> = (0..returns.len()).filter(|&i| returns[i] == best).collect();
        let winner = match top.as_slice() {
            [only] if returns.len() > 1 => Some(*only as u8 + 1),
            _ => None,
        };
        let termination = match (winner, returns.len()) {
            (Some(_), _) => "win",
            (None, 1) => "end",
            _ => "draw",
        };
        Outcome {
            winner,
            termination,
        }
    }
}

#[pymethods]
impl Outcome {
    #[new]
    #[pyo3(signature = (winner, termination))]
    fn new(winner: Option<u8>, termination: &str) -> PyResult<Outcome> {
        let termination = match (termination, winner) {
            ("win", Some(w)) if w >= 1 => "win",
            ("draw", None) => "draw",
            ("end", None) => "end",
            _ => {
                return Err(PyValueError::new_err(
                    "an outcome is a win (with its winner, from 1), a draw or an end",
                ))
            }
        };
        Ok(Outcome {
            winner,
            termination,
        })
    }

    /// `1-0`, `0-1` or `1/2-1/2` in two-player games; `winner N`, `draw`
    /// or `end` otherwise.
    fn result(&self) -> String {
        match (self.winner, self.termination) {
            (Some(1), _) => "1-0".into(),
            (Some(2), _) => "0-1".into(),
            (Some(w), _) => format!("winner {w}"),
            (None, "draw") => "1/2-1/2".into(),
            (None, t) => t.into(),
        }
    }

    fn __repr__(&self) -> String {
        match self.winner {
            Some(w) => format!("Outcome(winner={w}, termination='win')"),
            None => format!("Outcome(winner=None, termination={:?})", self.termination),
        }
    }

    fn __getnewargs__(&self) -> (Option<u8>, &'static str) {
        (self.winner, self.termination)
    }
}

#[pymethods]
impl State {
    /// States are made by `atom4.load(name, ...)` or a game's class.
    #[new]
    fn new_base() -> PyResult<State> {
        Err(PyTypeError::new_err(
            "atom4.State is the games' common class: use atom4.load(name, ...) or a game's class",
        ))
    }

    /// The game's name (one of `atom4.GAMES`).
    #[getter]
    fn game(&self) -> &'static str {
        self.id().name()
    }

    /// The game's name for people.
    #[getter]
    fn title(&self) -> &'static str {
        self.id().title()
    }

    /// The parameters of this game, as `atom4.load` takes them.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let setup = with_record!(&self.game, r => Rules::setup(&r.now));
        let dict = PyDict::new(py);
        if let Some((w, h)) = setup.size {
            // A game whose size is one number (Atropos's side) gets it back so.
            let one = self
                .id()
                .params()
                .iter()
                .any(|p| p.name == "size" && !p.default.contains('x'));
            if one {
                dict.set_item("size", w)?;
            } else {
                dict.set_item("size", format!("{w}x{h}"))?;
            }
        }
        if let Some(p) = setup.players {
            dict.set_item("players", p)?;
        }
        if let Some(r) = setup.rules {
            dict.set_item("rules", r.as_str())?;
        }
        if let Some(a) = setup.areas {
            dict.set_item("areas", a)?;
        }
        if let Some(s) = setup.seed {
            dict.set_item("seed", s)?;
        }
        Ok(dict)
    }

    /// How many players it has.
    #[getter]
    fn players(&self) -> usize {
        with_record!(&self.game, r => Rules::players(&r.now))
    }

    /// The player to move, 1..players; `atom4.CHANCE` (0) when chance
    /// moves; None once the game is over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        match self.turn_now() {
            Turn::Player(p) => Some(p.number()),
            Turn::Chance => Some(CHANCE),
            Turn::Over => None,
        }
    }

    /// How many actions a player's move may be (fixed for the game's
    /// parameters): every move is an action below it.
    #[getter]
    fn action_count(&self) -> u32 {
        with_record!(&self.game, r => Rules::action_count(&r.now))
    }

    /// How many chance outcomes there may be (0 without chance).
    #[getter]
    fn chance_count(&self) -> u32 {
        with_record!(&self.game, r => Rules::chance_count(&r.now))
    }

    /// The legal moves: a live view (iterate, `len`, `in`, `bool`); at a
    /// chance turn, the possible outcomes.
    #[getter]
    fn legal_moves(slf: Py<State>) -> LegalMoves {
        LegalMoves { state: slf }
    }

    /// The legal moves as actions, in the game's order (at a chance turn,
    /// the outcomes').
    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    /// `action_count` bytes, 1 where the action is a legal move of the
    /// player to move (all 0 at a chance turn and once over).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mask = with_record!(&self.game, r => {
            let mut mask = vec![0u8; Rules::action_count(&r.now) as usize];
            Rules::legal_actions(&r.now, &mut |a| {
                if let Some(m) = mask.get_mut(a as usize) {
                    *m = 1;
                }
            });
            mask
        });
        PyBytes::new(py, &mask)
    }

    /// At a chance turn, each outcome with its exact probability (a
    /// `fractions.Fraction`); empty at other turns.
    fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(Move, Py<PyAny>)>> {
        let id = self.id();
        let weighted: Vec<(Move, u32)> = with_record!(&self.game, r => {
            let mut v = Vec::new();
            Rules::chance_outcomes(&r.now, &mut |a, w| v.push((move_of(id, &r.now, a), w)));
            v
        });
        let total: u64 = weighted.iter().map(|(_, w)| u64::from(*w)).sum();
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        weighted
            .into_iter()
            .map(|(m, w)| Ok((m, fraction.call1((w, total))?.unbind())))
            .collect()
    }

    /// Whether `move` (a `Move`, a move's text or an action) is legal now.
    #[pyo3(name = "is_legal")]
    fn py_is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.is_legal(py, r#move)
    }

    /// Why `move` would be refused now (the `IllegalMoveError` message), or
    /// None when it is legal.
    fn why_illegal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.refusal(py, r#move)?.map(|e| e.value(py).to_string()))
    }

    /// The legal move `move` names (a `Move`, a move's text or an action);
    /// `IllegalMoveError` when it names none.
    fn parse_move(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let (action, text) = self.resolve(py, r#move)?;
        with_record!(&self.game, r => Rules::check(&r.now, action))
            .map_err(|e| illegal(py, &shown(action, text), &e))?;
        Ok(self.move_now(action))
    }

    /// Plays `move`: a `Move`, its text in the game's notation, or an int
    /// action (at a chance turn, an outcome). Anything illegal, malformed
    /// or out of range raises `IllegalMoveError` and changes nothing.
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.push_value(py, r#move)
    }

    /// Plays a random move: at a chance turn an outcome drawn by its
    /// probability, else a legal move drawn uniformly, each with
    /// `rng.randrange` (a `random.Random`; the `random` module's when
    /// None). Returns it; `IllegalMoveError` once the game is over.
    #[pyo3(signature = (rng = None))]
    fn push_random(&mut self, py: Python<'_>, rng: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
        let weighted: Vec<(Action, u64)> = with_record!(&self.game, r => {
            let mut v = Vec::new();
            if Rules::turn(&r.now) == Turn::Chance {
                Rules::chance_outcomes(&r.now, &mut |a, w| v.push((a, u64::from(w))));
            } else {
                Rules::legal_actions(&r.now, &mut |a| v.push((a, 1)));
            }
            v
        });
        let total: u64 = weighted.iter().map(|(_, w)| w).sum();
        if total == 0 {
            let e = MoveError::over();
            return Err(illegal(py, "(random)", &e));
        }
        let randrange = match rng {
            Some(rng) => rng.getattr("randrange")?,
            None => py.import("random")?.getattr("randrange")?,
        };
        let mut pick: u64 = randrange.call1((total,))?.extract()?;
        if pick >= total {
            return Err(PyValueError::new_err("randrange(n) gave a number beyond n"));
        }
        let mut chosen = weighted[0].0;
        for (a, w) in weighted {
            if pick < w {
                chosen = a;
                break;
            }
            pick -= w;
        }
        self.push_action(py, chosen, &chosen.to_string())
    }

    /// Takes back the last move of the stack and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        with_record!(&mut self.game, r => r.pop())
            .map(|a| self.move_now(a))
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))
    }

    /// The last move of the stack.
    fn peek(&self) -> PyResult<Move> {
        let id = self.id();
        with_record!(&self.game, r => r.stack.last().map(|(a, before)| move_of(id, before, *a)))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played since the stack began, oldest first (chance
    /// outcomes too).
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let id = self.id();
        with_record!(&self.game, r => r.stack.iter().map(|(a, before)| move_of(id, before, *a)).collect())
    }

    /// The position the move stack starts from (a new state, its stack
    /// empty).
    fn root(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        games::object(
            py,
            State {
                game: self.game.root(),
            },
        )
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.turn_now() == Turn::Over
    }

    /// What each player gets (index 0: player 1): +1 a win, -1 a loss, 0
    /// a draw in games that are won, Atomas's score; 0 before the end.
    fn returns(&self) -> Vec<f64> {
        with_record!(&self.game, r => (0..Rules::players(&r.now))
            .map(|i| Rules::returns(&r.now, Player::new(i).unwrap_or(Player::ONE)))
            .collect())
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.is_game_over().then(|| Outcome::of(&self.returns()))
    }

    /// The position in the game's text notation (what `atom4.load(name,
    /// text=...)` reads).
    fn text(&self) -> String {
        with_record!(&self.game, r => {
            let mut t = String::new();
            let _ = Rules::write_text(&r.now, &mut t);
            t
        })
    }

    /// Sets the position from its text (the same game); the move stack
    /// starts again. Bad text raises `ParseError` and changes nothing.
    fn set_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        let any = self
            .id()
            .from_text(text)
            .map_err(|e| position_text(py, &e))?;
        self.game = Game::of(any);
        Ok(())
    }

    /// How the board is drawn: `(kind, width, height, shifted)` with kind
    /// "grid" (rows from the top; `shifted`: odd rows half a cell right),
    /// "triangle" (width and height the side) or "ring" (width the
    /// entries, height 1).
    fn layout(&self) -> (&'static str, u16, u16, bool) {
        match with_record!(&self.game, r => Rules::layout(&r.now)) {
            Layout::Grid {
                width,
                height,
                shifted,
            } => ("grid", width, height, shifted),
            Layout::Triangle { side } => ("triangle", side, side, false),
            Layout::Ring { entries } => ("ring", entries, 1, false),
        }
    }

    /// Each spot of the board in the layout's order: `(symbol, owner,
    /// count, colour)` (owner 1..players or 0, count: orbs or an atom's
    /// value, colour: the game's palette index or 0).
    fn spots(&self) -> Vec<(String, u8, u32, u8)> {
        with_record!(&self.game, r => (0..Rules::layout(&r.now).spots())
            .map(|i| {
                let s = Rules::spot(&r.now, i);
                (s.symbol.to_string(), s.owner, s.count, s.colour)
            })
            .collect())
    }

    /// A copy; `stack=False` leaves out the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> PyResult<Py<PyAny>> {
        let mut copy = self.clone();
        if !stack {
            with_record!(&mut copy.game, r => r.restart());
        }
        games::object(py, copy)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        games::object(py, self.clone())
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        games::object(py, self.clone())
    }

    /// Pickles as the game's name, the root's checked binary form and the
    /// stack's actions, replayed (checked) on unpickling.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._native")?.getattr("_unpickle")?;
        let (root, actions) = with_record!(&self.game, r => (
            encoded(&r.root),
            r.stack.iter().map(|(a, _)| *a).collect::<Vec<Action>>()
        ));
        let args = (self.game(), PyBytes::new(py, &root), actions).into_pyobject(py)?;
        Ok((unpickle, args))
    }

    /// Equal positions of the same game; the move stacks may differ, as in
    /// python-chess.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<State>() else {
            return false;
        };
        let Ok(other) = other.try_borrow() else {
            return false;
        };
        with_record!(&self.game, r => same(&r.now, &other.game))
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.game().hash(&mut h);
        with_record!(&self.game, r => encoded(&r.now)).hash(&mut h);
        h.finish()
    }

    /// The board as lines of text.
    fn __str__(&self) -> String {
        with_record!(&self.game, r => {
            let mut t = String::new();
            let _ = Rules::write_diagram(&r.now, &mut t);
            t
        })
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let text = PyString::new(slf.py(), &slf.borrow().text()).repr()?;
        Ok(format!("{name}({text})"))
    }
}

/// A pickled state.
#[pyfunction]
pub fn _unpickle(
    py: Python<'_>,
    game: &str,
    root: &[u8],
    actions: Vec<Action>,
) -> PyResult<Py<PyAny>> {
    let id = crate::moves::game_id(game)?;
    games::object(py, State::rebuild(py, id, root, &actions)?)
}

/// A new game of `name` (one of `atom4.GAMES`): the game's defaults for
/// the parameters not given (`size`, `players`, `rules`, `areas`,
/// `seed`), or the position `text`. Returns the game's state class.
#[pyfunction]
#[pyo3(signature = (name, text = None, **params))]
pub fn load(
    py: Python<'_>,
    name: &str,
    text: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let id = crate::moves::game_id(name)?;
    games::object(py, State::create(py, id, text, params)?)
}

/// The record of game `S` in `state`, for a game's extras.
pub fn record<S: Of>(state: &State) -> PyResult<&Record<S>> {
    S::of(&state.game).ok_or_else(|| PyTypeError::new_err("a state of another game"))
}

/// The record of game `S` in `state`, to change.
pub fn record_mut<S: Of>(state: &mut State) -> PyResult<&mut Record<S>> {
    S::of_mut(&mut state.game).ok_or_else(|| PyTypeError::new_err("a state of another game"))
}
