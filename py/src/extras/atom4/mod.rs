//! Atom-4's extras: the methods of `atom4.Atom4` beyond the common ones
//! (tile, round, scores, pieces, learning views, pictures, the next
//! round), the classic levels, batch random playouts and constants.

mod observation;
mod render;

use atom4_core::atom4::classic::{self, ClassicError};
use atom4_core::atom4::playout::random_playout;
use atom4_core::atom4::{Atom4 as Core, Color, Status};
use atom4_core::state::State as Rules;
use atom4_core::{Cell, Rng};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::games::Atom4;
use crate::moves::Move;
use crate::state::{record, record_mut, State};

fn letter(color: Color) -> String {
    color.letter().to_string()
}

/// The position of an Atom-4 state.
fn game(state: &State) -> PyResult<Core> {
    Ok(record::<Core>(state)?.now)
}

/// A seed from the clock, for callers who give none.
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Rng::new(now.as_nanos() as u64).next_u64()
}

#[pymethods]
impl Atom4 {
    #[getter]
    fn width(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(game(slf.as_super())?.width())
    }

    #[getter]
    fn height(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(game(slf.as_super())?.height())
    }

    /// The colour the next move places, as its letter (`r y g c b p`).
    #[getter]
    fn tile(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(letter(game(slf.as_super())?.tile().color()))
    }

    /// The round being played, from 1.
    #[getter]
    fn round(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(game(slf.as_super())?.round())
    }

    /// Rounds won by player 1 and player 2.
    #[getter]
    fn scores(slf: PyRef<'_, Self>) -> PyResult<(u32, u32)> {
        let [a, b] = game(slf.as_super())?.scores();
        Ok((a, b))
    }

    /// The piece on `(x, y)` as its letter, or None for an empty cell.
    fn piece_at(slf: PyRef<'_, Self>, x: i64, y: i64) -> PyResult<Option<String>> {
        let game = game(slf.as_super())?;
        let cell = u8::try_from(x)
            .ok()
            .zip(u8::try_from(y).ok())
            .and_then(|(x, y)| game.board().cell(x, y))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "({x}, {y}) is not on this {} x {} board",
                    game.width(),
                    game.height()
                ))
            })?;
        Ok(game.board().get(cell).map(letter))
    }

    /// `OBSERVATION_LEN` bytes: for each action `y * 16 + x` the cell (0 off
    /// the board, 1 empty, 2 + colour bits for a piece), then the tile's
    /// colour bits, then the player to move (0 once the round is over).
    fn observation<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
        let game = game(slf.as_super())?;
        Ok(PyBytes::new(slf.py(), &observation::observation(&game)))
    }

    /// `PLANES * 256` bytes of one-hot feature planes, channels first.
    fn planes<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
        let game = game(slf.as_super())?;
        Ok(PyBytes::new(slf.py(), &observation::planes(&game)))
    }

    /// The diagram in colour for an ANSI terminal, legal cells marked.
    fn ansi(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(render::ansi(&game(slf.as_super())?))
    }

    /// An SVG picture of the board: coloured balls on the hexagonal grid,
    /// the last move ringed.
    #[pyo3(signature = (*, size = 28))]
    fn svg(slf: PyRef<'_, Self>, size: u32) -> PyResult<String> {
        if !(4..=200).contains(&size) {
            return Err(PyValueError::new_err(
                "size is the cell size in pixels, 4 to 200",
            ));
        }
        let r = record::<Core>(slf.as_super())?;
        let last = r.stack.last().map(|&(a, _)| Cell::from_index(a as u8));
        Ok(render::svg(&r.now, size, last))
    }

    fn _repr_svg_(slf: PyRef<'_, Self>) -> PyResult<String> {
        Atom4::svg(slf, 28)
    }

    /// Starts the next round (the round must be over): empty board, the
    /// other player first. The move stack starts again.
    fn next_round(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        let r = record_mut::<Core>(slf.as_super())?;
        if !Rules::next_round(&mut r.now) {
            return Err(PyValueError::new_err(
                "the round is not over: finish it first",
            ));
        }
        r.restart();
        Ok(())
    }
}

fn classic_error(e: ClassicError) -> PyErr {
    PyValueError::new_err(match e {
        ClassicError::RoundOver => "the round is over: there is no move to choose".to_string(),
        other => other.to_string(),
    })
}

/// What the classic AI thinks of a position.
#[pyclass(module = "atom4", name = "ClassicAnalysis", frozen, get_all)]
pub struct ClassicAnalysis {
    /// The best value, the original's 32-bit float.
    value: f32,
    /// Every move with that value, in action order.
    best_moves: Vec<Move>,
    /// Positions visited.
    nodes: u64,
}

#[pymethods]
impl ClassicAnalysis {
    fn __repr__(&self) -> String {
        let moves: Vec<&str> = self.best_moves.iter().map(|m| m.text.as_str()).collect();
        format!(
            "ClassicAnalysis(value={}, best_moves=[{}], nodes={})",
            self.value,
            moves.join(" "),
            self.nodes
        )
    }
}

/// The classic AI of atom4 4.1 at `level` (0..=8; the original's `-d`):
/// its best value and every best move.
#[pyfunction]
#[pyo3(signature = (state, level = 2))]
fn classic_analyse(
    py: Python<'_>,
    state: &Bound<'_, State>,
    level: u8,
) -> PyResult<ClassicAnalysis> {
    let state = state.borrow();
    let game = game(&state)?;
    let analysis = py
        .detach(|| classic::analyse(&game, level))
        .map_err(classic_error)?;
    Ok(ClassicAnalysis {
        value: analysis.value,
        best_moves: analysis
            .best_moves
            .iter()
            .map(|c| state.move_now(c.index().into()))
            .collect(),
        nodes: analysis.nodes,
    })
}

/// The classic AI's move at `level`: uniformly random among the best, as
/// the original; the same seed gives the same choice.
#[pyfunction]
#[pyo3(signature = (state, level = 2, *, seed = None))]
fn classic_move(
    py: Python<'_>,
    state: &Bound<'_, State>,
    level: u8,
    seed: Option<u64>,
) -> PyResult<Move> {
    let state = state.borrow();
    let game = game(&state)?;
    let mut rng = Rng::new(seed.unwrap_or_else(fresh_seed));
    let cell = py
        .detach(|| classic::choose(&game, level, &mut rng))
        .map_err(classic_error)?;
    Ok(state.move_now(cell.index().into()))
}

/// What a batch of random playouts did.
#[pyclass(module = "atom4", name = "PlayoutStats", frozen, get_all)]
pub struct PlayoutStats {
    games: u64,
    moves: u64,
    /// Rounds won by player 1 and by player 2.
    wins: (u64, u64),
    stalemates: u64,
}

#[pymethods]
impl PlayoutStats {
    fn __repr__(&self) -> String {
        format!(
            "PlayoutStats(games={}, moves={}, wins={:?}, stalemates={})",
            self.games, self.moves, self.wins, self.stalemates
        )
    }
}

/// Plays `games` uniformly random rounds from `state` in Rust (the GIL
/// released) and counts the results; `state` is not changed.
#[pyfunction]
#[pyo3(signature = (state, games, *, seed = 0))]
fn random_playouts(
    py: Python<'_>,
    state: &Bound<'_, State>,
    games: u64,
    seed: u64,
) -> PyResult<PlayoutStats> {
    let start = game(&state.borrow())?;
    Ok(py.detach(|| {
        let mut rng = Rng::new(seed);
        let mut stats = PlayoutStats {
            games,
            moves: 0,
            wins: (0, 0),
            stalemates: 0,
        };
        for _ in 0..games {
            let mut game = start;
            stats.moves += u64::from(random_playout(&mut game, &mut rng));
            match game.status() {
                Status::Won(p) if p.number() == 1 => stats.wins.0 += 1,
                Status::Won(_) => stats.wins.1 += 1,
                Status::Stalemate => stats.stalemates += 1,
                Status::Playing => {}
            }
        }
        stats
    }))
}

/// Adds Atom-4's functions, classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ClassicAnalysis>()?;
    m.add_class::<PlayoutStats>()?;
    m.add_function(wrap_pyfunction!(classic_analyse, m)?)?;
    m.add_function(wrap_pyfunction!(classic_move, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add("BOARD_SIDE", atom4_core::MAX_SIDE)?;
    m.add("ACTIONS", atom4_core::atom4::interface::ACTIONS)?;
    m.add("OBSERVATION_LEN", observation::OBSERVATION_LEN)?;
    m.add("PLANES", observation::PLANES)?;
    m.add("CLASSIC_MAX_LEVEL", classic::MAX_LEVEL)?;
    m.add("MATE", atom4_core::search::MATE)?;
    m.add("MAX_DEPTH", atom4_core::search::MAX_PLY)?;
    Ok(())
}
