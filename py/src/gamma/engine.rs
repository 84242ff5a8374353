//! The computer's move choice from Python: the MCTS with Gamma's playouts
//! (`Engine.choose`), and the one-ply greedy and random players. The GIL is
//! released while the engine works, so other Python threads run and
//! `Engine.stop()` can end a search from one of them.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use atom4_core::control::Stopper;
use atom4_core::game::MAX_PLAYERS;
use atom4_core::gamma::policy::{greedy_move, random_move, Playout};
use atom4_core::gamma::{words_for, Move as CoreMove, Position, POSITION_CELLS, POSITION_WORDS};
use atom4_core::mcts::{Limits, Mcts, NODE_WORDS};
use atom4_core::Rng;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use super::game::Game;
use super::moves::Move;
use crate::control::StopSwitch;

/// Tree nodes of an engine: enough for long searches on small boards
/// (about 32 bytes each).
const TREE_NODES: usize = 1 << 21;

/// The time a move when no limit is given, in seconds.
const DEFAULT_TIME: f64 = 1.0;

/// A seed from the clock, for callers who give none.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Rng::new(now.as_nanos() as u64).next_u64()
}

/// The position of `game` with `player` on turn, on planes of `WORDS`
/// words; `ValueError` when the player cannot move.
fn position_of<const WORDS: usize>(game: &mut Game, player: u32) -> PyResult<Position<WORDS>> {
    let position = Position::<WORDS>::from_game(&game.engine(), player)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if position.player_to_move() != Some(player) {
        return Err(PyValueError::new_err(format!(
            "player {player} has no move and no golden move"
        )));
    }
    Ok(position)
}

fn move_of(player: u32, mv: CoreMove) -> Move {
    Move {
        player,
        x: u32::from(mv.x),
        y: u32::from(mv.y),
        golden: mv.golden,
    }
}

/// Checks what the computer needs of a game: at most 2048 cells and 16
/// players; the capacity of position to use.
fn capacity(game: &Game, player: u32) -> PyResult<usize> {
    let players = game.players_count();
    if players as usize > MAX_PLAYERS {
        return Err(PyValueError::new_err(format!(
            "the computer plays games of at most {MAX_PLAYERS} players, this one has {players}"
        )));
    }
    let _ = player;
    let (w, h) = game.size();
    words_for(w, h).ok_or_else(|| {
        PyValueError::new_err(format!(
            "the computer plays boards of at most {POSITION_CELLS} cells, this one has {}",
            u64::from(w) * u64::from(h)
        ))
    })
}

/// Runs `$body` with `$position` the game's position of the capacity the
/// board needs.
macro_rules! with_position {
    ($game:expr, $player:expr, |$position:ident| $body:expr) => {
        match capacity($game, $player)? {
            4 => {
                let $position = position_of::<4>($game, $player)?;
                $body
            }
            16 => {
                let $position = position_of::<16>($game, $player)?;
                $body
            }
            _ => {
                let $position = position_of::<POSITION_WORDS>($game, $player)?;
                $body
            }
        }
    };
}

/// The move after which `player` has the most free fields (ordinary and
/// golden moves alike), ties broken by `seed`: the one-ply greedy player.
#[pyfunction]
#[pyo3(signature = (game, player, *, seed = None))]
pub fn greedy(game: &Bound<'_, Game>, player: i64, seed: Option<u64>) -> PyResult<Move> {
    let mut game = game.borrow_mut();
    let player = game.player_arg(player)?;
    let mut rng = Rng::new(seed.unwrap_or_else(fresh_seed));
    let mv = with_position!(&mut game, player, |position| greedy_move(
        &position, &mut rng
    ));
    mv.map(|mv| move_of(player, mv))
        .ok_or_else(|| PyValueError::new_err(format!("player {player} has no move")))
}

/// A uniformly random move of `player` (golden moves included).
#[pyfunction]
#[pyo3(signature = (game, player, *, seed = None))]
pub fn random(game: &Bound<'_, Game>, player: i64, seed: Option<u64>) -> PyResult<Move> {
    let mut game = game.borrow_mut();
    let player = game.player_arg(player)?;
    let mut rng = Rng::new(seed.unwrap_or_else(fresh_seed));
    let mv = with_position!(&mut game, player, |position| random_move(
        &position, &mut rng
    ));
    mv.map(|mv| move_of(player, mv))
        .ok_or_else(|| PyValueError::new_err(format!("player {player} has no move")))
}

/// The computer player: Monte Carlo tree search with Gamma's playouts, for
/// boards of up to 2048 cells and 16 players. One search runs at a time per
/// engine (a second caller waits); `stop()` may come from any thread.
#[pyclass(module = "atom4.gamma", name = "Engine", frozen)]
pub struct Engine {
    /// [`NODE_WORDS`] words a node.
    tree: Mutex<Vec<u64>>,
    stops: StopSwitch,
}

#[pymethods]
impl Engine {
    #[new]
    fn new() -> PyResult<Engine> {
        let mut tree = Vec::new();
        tree.try_reserve_exact(TREE_NODES * NODE_WORDS)
            .map_err(|_| PyMemoryError::new_err("no memory for the engine's tree"))?;
        tree.resize(TREE_NODES * NODE_WORDS, 0);
        Ok(Engine {
            tree: Mutex::new(tree),
            stops: StopSwitch::default(),
        })
    }

    /// A move for `player` on `game`, with the interactive mode's turn
    /// order after it: searched until `time` seconds or `iterations`
    /// playouts (the first reached; none given: 1 second). `seed` varies
    /// the search. `ValueError` when the player cannot move or the game is
    /// too big for the computer. The GIL is released meanwhile.
    #[pyo3(signature = (game, player, *, time = None, iterations = None, seed = None))]
    fn choose(
        &self,
        py: Python<'_>,
        game: &Bound<'_, Game>,
        player: i64,
        time: Option<f64>,
        iterations: Option<i64>,
        seed: Option<u64>,
    ) -> PyResult<Move> {
        let time = match time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                return Err(PyValueError::new_err(format!(
                    "time {t}: give a positive number of seconds"
                )))
            }
            Some(t) => Some(t),
            None if iterations.is_none() => Some(DEFAULT_TIME),
            None => None,
        };
        let iterations = match iterations {
            None => u64::MAX,
            Some(n) if n >= 1 => n as u64,
            Some(n) => {
                return Err(PyValueError::new_err(format!(
                    "iterations {n}: give at least 1"
                )))
            }
        };
        let limits = Limits {
            iterations,
            seed: seed.unwrap_or_else(fresh_seed),
        };
        let mut game = game.borrow_mut();
        let player = game.player_arg(player)?;
        let stop = self.stops.watch();
        let best = with_position!(&mut game, player, |position| py.detach(|| {
            // A poisoned lock only means an earlier search panicked; the
            // tree is rebuilt by every search.
            let mut tree = self.tree.lock().unwrap_or_else(|e| e.into_inner());
            let deadline = time.map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e9)));
            let mut control = Stopper::new().deadline(deadline).flag(&stop);
            Mcts::new(&mut tree, Playout::default())
                .run(&position, limits, &mut control)
                .best
        }));
        best.map(|mv| move_of(player, mv))
            .ok_or_else(|| PyValueError::new_err(format!("player {player} has no move")))
    }

    /// Ends every search of this engine asked for before this call, soon
    /// (it answers with the best move so far); later searches are not
    /// affected.
    fn stop(&self) {
        self.stops.stop();
    }
}
