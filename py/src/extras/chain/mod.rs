//! Chain Reaction's extras: the methods of `atom4.Chain` beyond the common
//! ones (rules, cells, orbs, planes, what a move set off), the tutorial's
//! computer player, the reference opponents, batch random playouts and
//! constants.

mod observation;

use atom4_core::chain::eval::critical_mass;
use atom4_core::chain::{
    random_playout, reference, Cascade as CoreCascade, Move as CoreMove, Position as Core,
    SeedAi as CoreSeedAi, SeedAiError, Status,
};
use atom4_core::game::Player;
use atom4_core::search::PackedMove;
use atom4_core::{Cell, Rng};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::games::Chain;
use crate::moves::Move;
use crate::state::{record, State};

fn game_over() -> PyErr {
    PyValueError::new_err("the game is over: there is no move to choose")
}

fn position(state: &State) -> PyResult<Core> {
    Ok(record::<Core>(state)?.now)
}

/// The cell `(x, y)` if it is on the board, else a `ValueError`.
fn cell(position: &Core, x: i64, y: i64) -> PyResult<Cell> {
    u8::try_from(x)
        .ok()
        .zip(u8::try_from(y).ok())
        .and_then(|(x, y)| Cell::new(x, y))
        .filter(|&c| position.board().contains(c))
        .ok_or_else(|| {
            let b = position.board();
            PyValueError::new_err(format!(
                "({x}, {y}) is not on this {}x{} board",
                b.width(),
                b.height()
            ))
        })
}

/// The player numbered `number` (1-based), else a `ValueError`.
fn player(position: &Core, number: i64) -> PyResult<Player> {
    u32::try_from(number)
        .ok()
        .and_then(|n| Player::from_number(n, position.players()))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {number}: players go from 1 to {}",
                position.players()
            ))
        })
}

/// The move of a core move in `state`.
fn move_in(state: &State, mv: CoreMove) -> Move {
    state.move_now(mv.to_bits().into())
}

#[pymethods]
impl Chain {
    /// 'classic' or 'atoms'.
    #[getter]
    fn rules(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(position(slf.as_super())?.rules().name())
    }

    #[getter]
    fn width(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(position(slf.as_super())?.board().width())
    }

    #[getter]
    fn height(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(position(slf.as_super())?.board().height())
    }

    /// Turns completed: moves, passes and forfeits.
    #[getter]
    fn ply(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(slf.as_super())?.ply())
    }

    /// The players who are out, in turn order.
    #[getter]
    fn out(slf: PyRef<'_, Self>) -> PyResult<Vec<u32>> {
        // u32, not u8: a Vec<u8> would reach Python as bytes.
        Ok(position(slf.as_super())?
            .out_players()
            .map(|p| p.number().into())
            .collect())
    }

    /// The orbs on `(x, y)`.
    fn count_at(slf: PyRef<'_, Self>, x: i64, y: i64) -> PyResult<u8> {
        let p = position(slf.as_super())?;
        Ok(p.board().count(cell(&p, x, y)?))
    }

    /// The owner of `(x, y)` (1..players), or None. An atoms cell emptied
    /// by an explosion keeps its owner with no orbs.
    fn owner_at(slf: PyRef<'_, Self>, x: i64, y: i64) -> PyResult<Option<u8>> {
        let p = position(slf.as_super())?;
        Ok(p.board().owner(cell(&p, x, y)?).map(|o| o.number()))
    }

    /// The critical mass of `(x, y)`: its neighbours (classic), 4 (atoms).
    fn critical_mass(slf: PyRef<'_, Self>, x: i64, y: i64) -> PyResult<u8> {
        let p = position(slf.as_super())?;
        let c = cell(&p, x, y)?;
        Ok(critical_mass(&p, c.x(), c.y()))
    }

    /// All the orbs of `player` (1..players).
    fn orbs(slf: PyRef<'_, Self>, player: i64) -> PyResult<u32> {
        let p = position(slf.as_super())?;
        Ok(p.board().orbs(self::player(&p, player)?))
    }

    /// `PLANES * 256` bytes of 0/1 feature planes, index `plane * 256 + y
    /// * 16 + x`, seen from `player` (default: the player to move): 0..8
    /// the owners, that player's first and the others in turn order after
    /// them; 8..15 a count of 1..7 orbs; 15 on the board; 16 one orb short
    /// of the critical mass; 17 legal for the player to move.
    #[pyo3(signature = (player = None))]
    fn planes<'py>(slf: PyRef<'py, Self>, player: Option<i64>) -> PyResult<Bound<'py, PyBytes>> {
        let p = position(slf.as_super())?;
        let observer = match player {
            Some(n) => self::player(&p, n)?,
            None => p.to_move().unwrap_or(Player::ONE),
        };
        Ok(PyBytes::new(slf.py(), &observation::planes(&p, observer)))
    }

    /// What the last move of the stack set off, or None for an empty
    /// stack.
    fn last_cascade(slf: PyRef<'_, Self>) -> PyResult<Option<Cascade>> {
        let r = record::<Core>(slf.as_super())?;
        Ok(r.stack.last().and_then(|&(a, before)| {
            let mut before = before;
            let mv = CoreMove::from_bits(a as u16);
            before.play(mv).ok().map(Cascade::of)
        }))
    }
}

/// What a move set off.
#[pyclass(module = "atom4", name = "Cascade", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cascade {
    /// Cell explosions, once per cell and wave.
    explosions: u32,
    /// Waves of explosions.
    waves: u32,
}

impl Cascade {
    fn of(c: CoreCascade) -> Cascade {
        Cascade {
            explosions: c.explosions,
            waves: c.waves,
        }
    }
}

#[pymethods]
impl Cascade {
    fn __repr__(&self) -> String {
        format!(
            "Cascade(explosions={}, waves={})",
            self.explosions, self.waves
        )
    }
}

/// The tutorial's computer player (learncgames `atoms3.c`) on glibc's
/// `rand()`: the same seed gives the same moves as the original after
/// `srand(seed)`.
#[pyclass(module = "atom4", name = "SeedAi")]
pub struct SeedAi {
    ai: CoreSeedAi,
}

#[pymethods]
impl SeedAi {
    /// The player after `srand(seed)` (0 acts as 1, as in glibc).
    #[new]
    fn new(seed: u32) -> SeedAi {
        SeedAi {
            ai: CoreSeedAi::new(seed),
        }
    }

    /// Its move for the player to move of an atoms game: a cell, or the
    /// pass; its random numbers move on. `ValueError` for a classic game
    /// or one that is over (then nothing moves on).
    fn choose(&mut self, state: &Bound<'_, State>) -> PyResult<Move> {
        let state = state.borrow();
        let game = position(&state)?;
        let mut ai = self.ai;
        let mv = ai.choose(&game).map_err(|e| match e {
            SeedAiError::GameOver => game_over(),
            other => PyValueError::new_err(other.to_string()),
        })?;
        self.ai = ai;
        Ok(move_in(&state, mv))
    }
}

/// The move of a reference opponent of the spec (section 7): 'agnishom'
/// (Agnishom's published AI), 'agnishom-mm' (its evaluation in a true
/// minimax of depth 3) or 'ns' (notshridhar's alpha-beta, which picks
/// among its best three at random: `seed`). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (state, name, *, seed = 0))]
fn reference_move(
    py: Python<'_>,
    state: &Bound<'_, State>,
    name: &str,
    seed: u64,
) -> PyResult<Move> {
    let state = state.borrow();
    let game = position(&state)?;
    let choose: fn(&Core, u64) -> Option<CoreMove> = match name {
        "agnishom" => |p, _| reference::agnishom(p),
        "agnishom-mm" => |p, _| reference::agnishom_minimax(p),
        "ns" => |p, seed| reference::ns(p, &mut Rng::new(seed)),
        _ => {
            return Err(PyValueError::new_err(format!(
                "no reference opponent {name:?}: 'agnishom', 'agnishom-mm' or 'ns'"
            )))
        }
    };
    let mv = py.detach(|| choose(&game, seed)).ok_or_else(game_over)?;
    Ok(move_in(&state, mv))
}

/// What a batch of random playouts did.
#[pyclass(module = "atom4", name = "ChainPlayoutStats", frozen, get_all)]
pub struct PlayoutStats {
    games: u64,
    moves: u64,
    explosions: u64,
    /// Games won by each player (index 0: player 1).
    wins: Vec<u64>,
    /// Drawn games (the cap) and games still on after `max_moves`.
    unfinished: u64,
}

#[pymethods]
impl PlayoutStats {
    fn __repr__(&self) -> String {
        format!(
            "ChainPlayoutStats(games={}, moves={}, explosions={}, wins={:?}, unfinished={})",
            self.games, self.moves, self.explosions, self.wins, self.unfinished
        )
    }
}

/// Plays `games` games of uniformly random legal cells from `state` in
/// Rust (the GIL released), each to its end or `max_moves` moves, and
/// counts the results; `state` is not changed.
#[pyfunction]
#[pyo3(name = "chain_random_playouts", signature = (state, games, *, seed = 0, max_moves = 5000))]
fn random_playouts(
    py: Python<'_>,
    state: &Bound<'_, State>,
    games: u64,
    seed: u64,
    max_moves: u32,
) -> PyResult<PlayoutStats> {
    let start = position(&state.borrow())?;
    Ok(py.detach(|| {
        let mut rng = Rng::new(seed);
        let mut stats = PlayoutStats {
            games,
            moves: 0,
            explosions: 0,
            wins: vec![0; start.players()],
            unfinished: 0,
        };
        for _ in 0..games {
            let mut game = start;
            let played = random_playout(&mut game, &mut rng, max_moves);
            stats.moves += u64::from(played.moves);
            stats.explosions += played.explosions;
            match game.status() {
                Status::Won(p) => stats.wins[p.index()] += 1,
                _ => stats.unfinished += 1,
            }
        }
        stats
    }))
}

/// Adds Chain Reaction's functions, classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Cascade>()?;
    m.add_class::<SeedAi>()?;
    m.add_class::<PlayoutStats>()?;
    m.add_function(wrap_pyfunction!(reference_move, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add("CHAIN_ACTIONS", atom4_core::chain::interface::ACTIONS)?;
    m.add(
        "CHAIN_PASS_ACTION",
        atom4_core::chain::interface::PASS_ACTION,
    )?;
    m.add("CHAIN_PLANES", observation::PLANES)?;
    m.add("CHAIN_MAX_PLAYERS", atom4_core::chain::MAX_PLAYERS)?;
    Ok(())
}
