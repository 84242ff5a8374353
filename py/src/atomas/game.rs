//! `atomas.Game`: a game of Atomas with its move stack, in the manner of
//! python-chess's `Board`: the state, the atoms drawn (by the game's own
//! reference generator, or given), replies pushed and popped.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::atomas::{Atomas, Reference, Reply as CoreReply, Source, ENCODED_LEN};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyString, PyTuple};

use super::atoms::{atom_arg, atom_py, entry_py, Reply, ACTIONS};
use crate::errors::{bad_text, IllegalMoveError};

/// One pushed reply: the decision state before it and the generator as it
/// was then, so that `pop` restores exactly what was.
#[derive(Clone, Copy)]
struct Frame {
    before: Atomas,
    draws: Option<Reference>,
    reply: CoreReply,
}

/// A game of Atomas: the state (ring, atom in hand, score, move, carry,
/// moves since a plus), the reference generator that draws its atoms (if
/// it has one) and the replies pushed so far.
#[pyclass(module = "atom4.atomas", name = "Game", from_py_object)]
#[derive(Clone)]
pub struct Game {
    pub state: Atomas,
    draws: Option<Reference>,
    stack: Vec<Frame>,
}

impl Game {
    /// A game of `state` without a generator.
    pub fn of_state(state: Atomas) -> Game {
        Game {
            state,
            draws: None,
            stack: Vec::new(),
        }
    }

    fn parse(py: Python<'_>, text: &str) -> PyResult<Atomas> {
        text.parse::<Atomas>().map_err(|e| {
            bad_text(
                py,
                format!("bad state text at byte {}: {}", e.offset, e.kind),
                e.offset,
            )
        })
    }

    /// The reply a Python value names for the atom in hand: a `Reply`, an
    /// integer action, or reply text.
    fn reply_arg(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<CoreReply> {
        if let Ok(reply) = value.cast::<Reply>() {
            return Ok(reply.get().reply);
        }
        let hand = || {
            self.state
                .hand()
                .ok_or_else(|| IllegalMoveError::new_err("no atom in hand: draw() first"))
        };
        if let Ok(int) = value.cast::<PyInt>() {
            return Reply::from_action_for(int.extract()?, hand()?);
        }
        if let Ok(text) = value.cast::<PyString>() {
            let text: String = text.extract()?;
            let text = text.as_str();
            return CoreReply::parse(text, hand()?, self.state.ring().len())
                .map_err(|e| bad_text(py, format!("bad reply {text:?}: {e}"), e.offset));
        }
        Err(PyTypeError::new_err(format!(
            "a reply is an atomas.Reply, an int action or reply text, not {}",
            value.get_type().name()?
        )))
    }

    fn legal(&self) -> Vec<CoreReply> {
        let mut replies = Vec::new();
        self.state.each_reply(|r| replies.push(r));
        replies
    }

    /// The pickled form: version, state, generator, then each frame.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![1u8];
        out.extend_from_slice(&self.state.to_bytes());
        push_draws(&mut out, self.draws);
        for frame in &self.stack {
            out.extend_from_slice(&frame.before.to_bytes());
            push_draws(&mut out, frame.draws);
            let (kind, index, to_plus) = match frame.reply {
                CoreReply::Gap(i) => (0, i, false),
                CoreReply::Entry(i) => (1, i, false),
                CoreReply::Remove { entry, to_plus } => (2, entry, to_plus),
            };
            out.extend_from_slice(&[kind, index, u8::from(to_plus)]);
        }
        out
    }

    fn from_bytes(bytes: &[u8]) -> Option<Game> {
        let (&version, mut rest) = bytes.split_first()?;
        if version != 1 {
            return None;
        }
        let state = |rest: &mut &[u8]| -> Option<Atomas> {
            let (head, tail) = rest.split_at_checked(ENCODED_LEN)?;
            *rest = tail;
            Atomas::from_bytes(head).ok()
        };
        let current = state(&mut rest)?;
        let draws = take_draws(&mut rest)?;
        let mut stack = Vec::new();
        while !rest.is_empty() {
            let before = state(&mut rest)?;
            let frame_draws = take_draws(&mut rest)?;
            let (head, tail) = rest.split_at_checked(3)?;
            rest = tail;
            let reply = match head[0] {
                0 => CoreReply::Gap(head[1]),
                1 => CoreReply::Entry(head[1]),
                2 => CoreReply::Remove {
                    entry: head[1],
                    to_plus: head[2] != 0,
                },
                _ => return None,
            };
            before.check_reply(reply).ok()?;
            stack.push(Frame {
                before,
                draws: frame_draws,
                reply,
            });
        }
        Some(Game {
            state: current,
            draws,
            stack,
        })
    }
}

fn push_draws(out: &mut Vec<u8>, draws: Option<Reference>) {
    match draws {
        Some(d) => {
            out.push(1);
            out.extend_from_slice(&d.state().to_le_bytes());
        }
        None => out.extend_from_slice(&[0; 9]),
    }
}

fn take_draws(rest: &mut &[u8]) -> Option<Option<Reference>> {
    let (head, tail) = rest.split_at_checked(9)?;
    *rest = tail;
    let mut word = [0u8; 8];
    word.copy_from_slice(&head[1..]);
    match head[0] {
        0 if word == [0; 8] => Some(None),
        1 => Some(Some(Reference::new(u64::from_le_bytes(word)))),
        _ => None,
    }
}

fn source_name(source: Source) -> &'static str {
    match source {
        Source::Carry => "carry",
        Source::Forced => "forced",
        Source::Random => "random",
    }
}

/// A seed from the clock, for callers who give none.
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    atom4_core::Rng::new(now.as_nanos() as u64).next_u64()
}

#[pymethods]
impl Game {
    /// A new game whose six atoms and every later draw come from the
    /// spec's reference generator seeded `seed` (game 0 of a controller's
    /// run with that seed; default: from the clock), or the state `text`
    /// (state notation), whose atoms you give to `draw()` unless a `seed`
    /// is given too.
    #[new]
    #[pyo3(signature = (text = None, *, seed = None))]
    fn new(py: Python<'_>, text: Option<&str>, seed: Option<u64>) -> PyResult<Game> {
        let (state, draws) = match text {
            Some(text) => (Game::parse(py, text)?, seed.map(Reference::new)),
            None => {
                let mut draws = Reference::new(seed.unwrap_or_else(fresh_seed));
                (Atomas::start(&mut draws), Some(draws))
            }
        };
        Ok(Game {
            state,
            draws,
            stack: Vec::new(),
        })
    }

    /// The entries in index order: numbers, and `"+"` for a plus.
    #[getter]
    fn ring(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.state.ring().iter().map(|e| entry_py(py, e)).collect()
    }

    /// How many entries the ring holds (a game is over beyond 18).
    #[getter]
    fn entries(&self) -> usize {
        self.state.ring().len()
    }

    /// The atom in hand, or None between moves.
    #[getter]
    fn hand(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.state.hand().map(|a| atom_py(py, a))
    }

    /// The atom the next move must play (after a `-` or a `C`), or None.
    #[getter]
    fn carry(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.state.carry().map(|e| entry_py(py, e))
    }

    #[getter]
    fn score(&self) -> u64 {
        self.state.score()
    }

    /// The number of the move being played, or about to be, from 1.
    #[getter]
    fn move_number(&self) -> u32 {
        self.state.move_number()
    }

    /// The range `(lo, lo + 2)` of new normal atoms.
    #[getter]
    fn range(&self) -> (u32, u32) {
        self.state.range()
    }

    /// Moves since the last one that played a `+` or a `B`.
    #[getter]
    fn since(&self) -> u32 {
        self.state.since()
    }

    /// Where the next atom comes from: `"carry"`, `"forced"`, `"random"`,
    /// or None once an atom is in hand or the game is over.
    #[getter]
    fn source(&self) -> Option<&'static str> {
        self.state.source().map(source_name)
    }

    /// Whether the game draws its own atoms (it has a generator).
    #[getter]
    fn seeded(&self) -> bool {
        self.draws.is_some()
    }

    fn is_game_over(&self) -> bool {
        self.state.is_over() || self.state.is_exhausted()
    }

    /// Puts the next atom in hand: `atom` if the draw can give it (the
    /// carry, the forced plus, or an atom of the spawn law; otherwise
    /// `IllegalMoveError`), or with no `atom` the one the game's generator
    /// draws. Returns the atom.
    #[pyo3(signature = (atom = None))]
    fn draw(&mut self, py: Python<'_>, atom: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let drawn = match atom {
            Some(atom) => {
                let atom = atom_arg(atom)?;
                self.state
                    .draw(atom)
                    .map_err(|e| IllegalMoveError::new_err(format!("cannot draw {atom}: {e}")))?;
                atom
            }
            None => {
                let Some(draws) = self.draws.as_mut() else {
                    return Err(PyValueError::new_err(
                        "this game has no generator: give the atom to draw (or make it with a seed)",
                    ));
                };
                let mut next = *draws;
                let (atom, _) = self
                    .state
                    .draw_with(&mut next)
                    .map_err(|e| IllegalMoveError::new_err(format!("cannot draw: {e}")))?;
                *draws = next;
                atom
            }
        };
        Ok(atom_py(py, drawn))
    }

    /// Plays the atom in hand as `reply` says (an `atomas.Reply`, an
    /// integer action, or reply text) and returns the points it scored. A
    /// refused reply raises `IllegalMoveError` (bad text: `ParseError`) and
    /// changes nothing.
    fn push(&mut self, py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<u64> {
        let reply = self.reply_arg(py, reply)?;
        let before = self.state;
        let played = self
            .state
            .play(reply)
            .map_err(|e| IllegalMoveError::new_err(format!("illegal reply {reply}: {e}")))?;
        self.stack.push(Frame {
            before,
            draws: self.draws,
            reply,
        });
        Ok(played.points)
    }

    /// Takes back the last reply (and any draw after it): the state before
    /// it, with its atom in hand and the same atoms to come. Returns it.
    fn pop(&mut self) -> PyResult<Reply> {
        let frame = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.state = frame.before;
        self.draws = frame.draws;
        Ok(Reply::of(frame.reply))
    }

    /// The last reply pushed.
    fn peek(&self) -> PyResult<Reply> {
        self.stack
            .last()
            .map(|f| Reply::of(f.reply))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// Every reply pushed, with the atom it played: `(atom, reply)`.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> Vec<(Py<PyAny>, Reply)> {
        self.stack
            .iter()
            .filter_map(|f| {
                f.before
                    .hand()
                    .map(|a| (atom_py(py, a), Reply::of(f.reply)))
            })
            .collect()
    }

    /// Every legal reply to the atom in hand, in index order (for a `-`,
    /// `n` before `y`); empty between moves and once the game is over.
    #[getter]
    fn legal_replies(&self) -> Vec<Reply> {
        self.legal().into_iter().map(Reply::of).collect()
    }

    /// The legal replies as integer actions.
    fn legal_actions(&self) -> Vec<usize> {
        self.legal().into_iter().map(Reply::action_of).collect()
    }

    /// `ACTIONS` bytes, 1 where the action is a legal reply.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = [0u8; ACTIONS];
        for reply in self.legal() {
            mask[Reply::action_of(reply)] = 1;
        }
        PyBytes::new(py, &mask)
    }

    fn is_legal(&self, py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.why_illegal(py, reply)?.is_none())
    }

    /// Why `reply` is refused (as `IllegalMoveError` would say), or None
    /// if it is legal.
    fn why_illegal(&self, py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let reply = match self.reply_arg(py, reply) {
            Ok(reply) => reply,
            Err(e) if e.is_instance_of::<PyTypeError>(py) => return Err(e),
            Err(e) => return Ok(Some(e.value(py).to_string())),
        };
        Ok(self.state.check_reply(reply).err().map(|e| e.to_string()))
    }

    /// The exact law of the next atom: `(atom, probability)` pairs as
    /// `fractions.Fraction`, `+ - B C` first, then numbers ascending.
    /// Empty once an atom is in hand or the game is over.
    fn spawn_law(&self, py: Python<'_>) -> PyResult<Vec<(Py<PyAny>, Py<PyAny>)>> {
        let law = self.state.spawn_law();
        let total: u64 = law.iter().map(|c| u64::from(c.weight)).sum();
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        law.iter()
            .map(|c| {
                let p = fraction.call1((u64::from(c.weight), total))?;
                Ok((atom_py(py, c.outcome), p.unbind()))
            })
            .collect()
    }

    /// The request line for the atom in hand: `fields` 4 (default,
    /// `SCORE/MOVE/ATOM/BOARD`) or 2 (`ATOM/BOARD`), without newline.
    #[pyo3(signature = (fields = 4))]
    fn request(&self, fields: i64) -> PyResult<String> {
        let mut request = self
            .state
            .request()
            .ok_or_else(|| PyValueError::new_err("no atom in hand: draw() first"))?;
        match fields {
            4 => {}
            2 => request.header = None,
            _ => return Err(PyValueError::new_err("a request has 2 or 4 fields")),
        }
        Ok(request.to_string())
    }

    /// The state in the state notation.
    fn text(&self) -> String {
        self.state.to_string()
    }

    /// Sets the state from its text; the move stack is cleared and the
    /// generator kept.
    fn set_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.state = Game::parse(py, text)?;
        self.stack.clear();
        Ok(())
    }

    /// A copy (with the move stack and generator unless `stack` is False,
    /// which keeps the generator but not the stack).
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Game {
        let mut copy = self.clone();
        if !stack {
            copy.stack.clear();
        }
        copy
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._atomas")?.getattr("unpickle_game")?;
        let args = PyTuple::new(py, [PyBytes::new(py, &self.to_bytes())])?;
        Ok((unpickle, args))
    }

    /// Equal states; the move stacks and generators may differ.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|other| other.borrow().state == self.state)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.state.hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.text())
    }
}

/// The game `Game.__reduce__` pickled.
#[pyfunction]
pub fn unpickle_game(data: &[u8]) -> PyResult<Game> {
    Game::from_bytes(data).ok_or_else(|| PyValueError::new_err("not a pickled atomas.Game"))
}
