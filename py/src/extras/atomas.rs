//! Atomas's extras: the methods of `atom4.Atomas` beyond the common ones
//! (ring, hand, carry, score, the spawn law, the protocol's request), the
//! spec's reference generator, the bot protocol's session, batch random
//! games and constants.

use atom4_core::atomas::interface::{action_reply, atom_action, ACTIONS};
use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{
    Atom, Atomas as Core, Entry, Reference as CoreReference, Request, Session as CoreSession,
    Source, CAPACITY,
};
use atom4_core::registry::AnyState;
use atom4_core::Rng;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::{bad_text, illegal};
use crate::games::{self, Atomas, Game};
use crate::moves::Move;
use crate::state::{record, record_mut, State};

/// An atom as Python sees it: an int, or one of `"+"`, `"-"`, `"B"`, `"C"`.
fn atom_py(py: Python<'_>, atom: Atom) -> Py<PyAny> {
    match atom {
        Atom::Number(v) => v.into_pyobject(py).map(|v| v.into_any().unbind()),
        other => other
            .to_string()
            .into_pyobject(py)
            .map(|s| s.into_any().unbind()),
    }
    .unwrap_or_else(|e| match e {})
}

fn entry_py(py: Python<'_>, entry: Entry) -> Py<PyAny> {
    atom_py(py, entry.atom())
}

fn game(state: &State) -> PyResult<Core> {
    Ok(record::<Core>(state)?.now)
}

/// The Python object of an Atomas position, its stack empty.
fn object(py: Python<'_>, core: Core) -> PyResult<Py<PyAny>> {
    games::object(
        py,
        State {
            game: Game::of(AnyState::Atomas(core)),
        },
    )
}

#[pymethods]
impl Atomas {
    /// The entries in index order: numbers, and `"+"` for a plus.
    #[getter]
    fn ring(slf: PyRef<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
        let py = slf.py();
        Ok(game(slf.as_super())?
            .ring()
            .iter()
            .map(|e| entry_py(py, e))
            .collect())
    }

    /// How many entries the ring holds (a game is over beyond 18).
    #[getter]
    fn entries(slf: PyRef<'_, Self>) -> PyResult<usize> {
        Ok(game(slf.as_super())?.ring().len())
    }

    /// The atom in hand, or None at chance's turn (and once over).
    #[getter]
    fn hand(slf: PyRef<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let py = slf.py();
        Ok(game(slf.as_super())?.hand().map(|a| atom_py(py, a)))
    }

    /// The atom the next move must play (after a `-` or a `C`), or None.
    #[getter]
    fn carry(slf: PyRef<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let py = slf.py();
        Ok(game(slf.as_super())?.carry().map(|e| entry_py(py, e)))
    }

    #[getter]
    fn score(slf: PyRef<'_, Self>) -> PyResult<u64> {
        Ok(game(slf.as_super())?.score())
    }

    /// The number of the move being played, or about to be, from 1.
    #[getter]
    fn move_number(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(game(slf.as_super())?.move_number())
    }

    /// The range `(lo, lo + 2)` of new normal atoms.
    #[getter]
    fn range(slf: PyRef<'_, Self>) -> PyResult<(u32, u32)> {
        Ok(game(slf.as_super())?.range())
    }

    /// Moves since the last one that played a `+` or a `B`.
    #[getter]
    fn since(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(game(slf.as_super())?.since())
    }

    /// Where the next atom comes from: `"carry"`, `"forced"`, `"random"`,
    /// or None once an atom is in hand or the game is over.
    #[getter]
    fn source(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(game(slf.as_super())?.source().map(|s| match s {
            Source::Carry => "carry",
            Source::Forced => "forced",
            Source::Random => "random",
        }))
    }

    /// The exact law of the next atom: `(atom, probability)` pairs as
    /// `fractions.Fraction`, `+ - B C` first, then numbers ascending
    /// (`chance_outcomes()` with atoms for moves). Empty once an atom is in
    /// hand or the game is over.
    fn spawn_law(slf: PyRef<'_, Self>) -> PyResult<Vec<(Py<PyAny>, Py<PyAny>)>> {
        let py = slf.py();
        let law = game(slf.as_super())?.spawn_law();
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
    fn request(slf: PyRef<'_, Self>, fields: i64) -> PyResult<String> {
        let mut request = game(slf.as_super())?
            .request()
            .ok_or_else(|| PyValueError::new_err("no atom in hand: chance draws first"))?;
        match fields {
            4 => {}
            2 => request.header = None,
            _ => return Err(PyValueError::new_err("a request has 2 or 4 fields")),
        }
        Ok(request.to_string())
    }

    /// Deprecated: `list(state.legal_moves)`.
    #[getter]
    fn legal_replies(slf: PyRef<'_, Self>) -> PyResult<Vec<Move>> {
        crate::deprecated(slf.py(), "Atomas.legal_replies", "list(state.legal_moves)")?;
        let state = slf.as_super();
        Ok(if state.turn_now() == atom4_core::state::Turn::Chance {
            Vec::new()
        } else {
            state.legal_moves_now()
        })
    }
}

/// The spec's reference generator (a KotH controller's): the start ring
/// and every atom it draws, as the controller run with its seed.
#[pyclass(module = "atom4", name = "Reference")]
pub struct Reference {
    generator: CoreReference,
}

#[pymethods]
impl Reference {
    /// The generator seeded `seed`; `game` picks the game of a
    /// controller's run with that seed (0: its first).
    #[new]
    #[pyo3(signature = (seed, game = 0))]
    fn new(seed: u64, game: u64) -> Reference {
        Reference {
            generator: CoreReference::for_game(seed, game),
        }
    }

    /// A new game whose six atoms it draws (the generator moves on).
    fn start(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        object(py, Core::start(&mut self.generator))
    }

    /// Draws the next atom of `state` (at chance's turn), pushes it on
    /// `state`'s stack as a chance move and returns it; the generator
    /// moves on. `IllegalMoveError` at another turn (nothing moves on).
    fn draw(&mut self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<Py<PyAny>> {
        let mut state = state.borrow_mut();
        let r = record_mut::<Core>(&mut state)?;
        let mut probe = r.now;
        let mut next = self.generator;
        let (atom, _) = probe.draw_with(&mut next).map_err(|e| {
            let e = atom4_core::state::MoveError::new(
                atom4_core::state::MoveErrorKind::WrongTurn,
                format_args!("{e}"),
            );
            illegal(py, "(draw)", &e)
        })?;
        r.push(atom_action(atom))
            .map_err(|e| illegal(py, &atom.to_string(), &e))?;
        self.generator = next;
        Ok(atom_py(py, atom))
    }

    /// The generator's state (a copy of the generator, for going back).
    #[getter]
    fn state(&self) -> u64 {
        self.generator.state()
    }

    fn copy(&self) -> Reference {
        Reference {
            generator: self.generator,
        }
    }
}

/// What a bot knows of the game it plays, request by request: the state
/// behind each request line, exact when the line continues the game the
/// session follows (a persistent bot), else from the line alone.
#[pyclass(module = "atom4", name = "Session")]
pub struct Session {
    session: CoreSession,
}

#[pymethods]
impl Session {
    #[new]
    fn new() -> Session {
        Session {
            session: CoreSession::new(),
        }
    }

    /// The state behind a request line (either form, with or without its
    /// newline), its atom in hand; `ParseError` for a malformed one.
    fn state(&self, py: Python<'_>, line: &str) -> PyResult<Py<PyAny>> {
        let request = Request::parse(line)
            .map_err(|e| bad_text(py, format!("bad request {line:?}: {e}"), e.offset))?;
        object(py, self.session.state(&request))
    }

    /// Remembers that `move` was played in `state` (a state this session
    /// gave): the next request may continue from there.
    fn played(
        &mut self,
        py: Python<'_>,
        state: &Bound<'_, State>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let state = state.borrow();
        let core = game(&state)?;
        let hand = core
            .hand()
            .ok_or_else(|| PyTypeError::new_err("a state with an atom in hand"))?;
        let (action, text) = state.resolve(py, r#move)?;
        let reply = action_reply(action, hand)
            .map_err(|e| illegal(py, &crate::state::shown(action, text), &e))?;
        self.session.played(&core, reply);
        Ok(())
    }

    /// Forgets the followed game.
    fn reset(&mut self) {
        self.session.reset();
    }
}

/// What `random_games` played.
#[pyclass(module = "atom4", name = "RandomStats", frozen, get_all)]
pub struct RandomStats {
    games: u64,
    moves: u64,
    /// The sum of the games' scores.
    total_score: u64,
    max_score: u64,
}

#[pymethods]
impl RandomStats {
    fn __repr__(&self) -> String {
        format!(
            "RandomStats(games={}, moves={}, total_score={}, max_score={})",
            self.games, self.moves, self.total_score, self.max_score
        )
    }
}

/// Plays `games` whole games in Rust with uniformly random legal replies
/// (atoms by the spawn law, game `k` drawn with the reference generator
/// seeded `seed`, game `k`), each stopped after `max_moves` moves if
/// given. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (games, *, seed = 0, max_moves = None))]
fn random_games(py: Python<'_>, games: u64, seed: u64, max_moves: Option<u32>) -> RandomStats {
    py.detach(|| {
        let mut rng = Rng::new(seed ^ 0x5EED);
        let mut stats = RandomStats {
            games,
            moves: 0,
            total_score: 0,
            max_score: 0,
        };
        for k in 0..games {
            let mut draws = CoreReference::for_game(seed, k);
            let mut game = Core::start(&mut draws);
            stats.moves += u64::from(random_game(
                &mut game,
                &mut draws,
                &mut rng,
                max_moves.unwrap_or(u32::MAX),
            ));
            stats.total_score += game.score();
            stats.max_score = stats.max_score.max(game.score());
        }
        stats
    })
}

/// Adds Atomas's functions, classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Reference>()?;
    m.add_class::<Session>()?;
    m.add_class::<RandomStats>()?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add("ATOMAS_ACTIONS", ACTIONS)?;
    m.add("ATOMAS_MAX_ENTRIES", CAPACITY)?;
    m.add("ATOMAS_FULL", atom4_core::atomas::FULL)?;
    m.add("ATOMAS_MAX_DEPTH", atom4_core::atomas::bot::MAX_DEPTH)?;
    Ok(())
}
