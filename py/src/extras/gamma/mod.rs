//! Gamma's extras: the methods of `atom4.Gamma` beyond the common ones
//! (fields, areas, golden moves), the course's API on boards of any size
//! and the baseline players.

mod course;
mod course_move;

use atom4_core::gamma::policy::{greedy_move, random_move};
use atom4_core::gamma::{Move as CoreMove, Position};
use atom4_core::registry::GAMMA_WORDS;
use atom4_core::state::{State as Rules, Turn};
use atom4_core::Rng;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::games::Gamma;
use crate::moves::Move;
use crate::state::{record, Outcome, State};

type Core = Position<GAMMA_WORDS>;

fn position(state: &State) -> PyResult<&Core> {
    Ok(&record::<Core>(state)?.now)
}

fn player_arg(position: &Core, player: i64) -> PyResult<u32> {
    match u32::try_from(player) {
        Ok(p) if p >= 1 && p <= position.player_count() => Ok(p),
        _ => Err(PyValueError::new_err(format!(
            "player {player}: players go from 1 to {}",
            position.player_count()
        ))),
    }
}

#[pymethods]
impl Gamma {
    #[getter]
    fn width(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(slf.as_super())?.width())
    }

    #[getter]
    fn height(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(slf.as_super())?.height())
    }

    /// The most areas a player may hold.
    #[getter]
    fn areas(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(slf.as_super())?.areas())
    }

    /// The cells `player` holds.
    fn busy_fields(slf: PyRef<'_, Self>, player: i64) -> PyResult<u32> {
        let p = position(slf.as_super())?;
        Ok(p.busy_fields(player_arg(p, player)?))
    }

    /// The empty cells where an ordinary move of `player` would succeed.
    fn free_fields(slf: PyRef<'_, Self>, player: i64) -> PyResult<u32> {
        let p = position(slf.as_super())?;
        Ok(p.free_fields(player_arg(p, player)?))
    }

    /// Whether some golden move of `player` would succeed now.
    fn golden_possible(slf: PyRef<'_, Self>, player: i64) -> PyResult<bool> {
        let p = position(slf.as_super())?;
        Ok(p.golden_possible(player_arg(p, player)?))
    }

    /// Whether `player` has made its golden move.
    fn golden_move_used(slf: PyRef<'_, Self>, player: i64) -> PyResult<bool> {
        let p = position(slf.as_super())?;
        Ok(p.golden_move_used(player_arg(p, player)?))
    }

    /// The areas `player` holds.
    fn areas_of(slf: PyRef<'_, Self>, player: i64) -> PyResult<u32> {
        let p = position(slf.as_super())?;
        Ok(p.areas_of(player_arg(p, player)?))
    }

    /// The player holding `(x, y)`, or None for an empty cell.
    fn owner(slf: PyRef<'_, Self>, x: i64, y: i64) -> PyResult<Option<u32>> {
        let p = position(slf.as_super())?;
        match (u32::try_from(x), u32::try_from(y)) {
            (Ok(x), Ok(y)) if x < p.width() && y < p.height() => Ok(p.owner(x, y)),
            _ => Err(PyValueError::new_err(format!(
                "({x}, {y}) is not on this {} x {} board",
                p.width(),
                p.height()
            ))),
        }
    }

    /// Deprecated: the player on turn is `turn`.
    #[pyo3(signature = (after = 0))]
    fn next_player(slf: PyRef<'_, Self>, after: i64) -> PyResult<Option<u32>> {
        crate::deprecated(slf.py(), "Gamma.next_player()", "the property turn")?;
        let _ = after;
        Ok(match Rules::turn(position(slf.as_super())?) {
            Turn::Player(p) => Some(p.number().into()),
            _ => None,
        })
    }

    /// Deprecated: `outcome().winner`.
    fn winner(slf: PyRef<'_, Self>) -> PyResult<Option<u8>> {
        crate::deprecated(slf.py(), "Gamma.winner()", "outcome().winner")?;
        let state = slf.as_super();
        Ok(if state.turn_now() == Turn::Over {
            let returns: Vec<f64> = {
                let p = position(state)?;
                (0..p.player_count())
                    .map(|i| p.busy_fields(i + 1) as f64)
                    .collect()
            };
            Outcome::of(&returns).winner()
        } else {
            None
        })
    }
}

fn choose(
    state: &Bound<'_, State>,
    seed: Option<u64>,
    policy: fn(&Core, &mut Rng) -> Option<CoreMove>,
) -> PyResult<Move> {
    let state = state.borrow();
    let p = position(&state)?;
    let mut rng = Rng::new(seed.unwrap_or_else(crate::extras::atom4::fresh_seed));
    let mv = policy(p, &mut rng)
        .ok_or_else(|| PyValueError::new_err("the game is over: there is no move to choose"))?;
    let action = 2 * (u32::from(mv.y) * p.width() + u32::from(mv.x)) + u32::from(mv.golden);
    Ok(state.move_now(action))
}

/// The move after which the player to move has the most free fields
/// (ordinary and golden moves alike), ties broken by `seed`: the one-ply
/// greedy player.
#[pyfunction]
#[pyo3(name = "gamma_greedy", signature = (state, *, seed = None))]
fn greedy(state: &Bound<'_, State>, seed: Option<u64>) -> PyResult<Move> {
    choose(state, seed, greedy_move)
}

/// A uniformly random move of the player to move (golden moves included).
#[pyfunction]
#[pyo3(name = "gamma_random", signature = (state, *, seed = None))]
fn random(state: &Bound<'_, State>, seed: Option<u64>) -> PyResult<Move> {
    choose(state, seed, random_move)
}

/// Adds Gamma's functions, classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<course::Game>()?;
    m.add_class::<course_move::CourseMove>()?;
    m.add_function(wrap_pyfunction!(course::unpickle_course, m)?)?;
    m.add_function(wrap_pyfunction!(greedy, m)?)?;
    m.add_function(wrap_pyfunction!(random, m)?)?;
    m.add("GAMMA_MAX_CELLS", atom4_core::gamma::MAX_CELLS)?;
    Ok(())
}
