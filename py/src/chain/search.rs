//! Computer players from Python: the strong engine (the GIL released while
//! it works; `Engine.stop()` ends a search from any thread), the tutorial's
//! computer player, the reference opponents, and batch random playouts.

use atom4_core::chain::{
    random_playout, reference, Move as CoreMove, Position as Core, SeedAi as CoreSeedAi,
    SeedAiError, Status, StrongEval, StrongSearch,
};
use atom4_core::Rng;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::moves::Move;
use super::position::Position;
use crate::search_table::{asked, SearchTable};

fn position_of(position: &Bound<'_, Position>) -> Core {
    position.borrow().position
}

fn game_over() -> PyErr {
    PyValueError::new_err("the game is over: there is no move to choose")
}

/// The result of a strong search.
#[pyclass(module = "atom4.chain", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The best move found.
    r#move: Move,
    /// From the view of the player to move; beyond `MATE - MAX_DEPTH` a
    /// forced win (`MATE - plies`), below its negation a forced loss.
    score: i32,
    /// The depth of the last completed iteration.
    depth: u8,
    /// Nodes searched.
    nodes: u64,
    /// The expected line, starting with `move`.
    pv: Vec<Move>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.mv.to_string()).collect();
        format!(
            "SearchResult(move={}, score={}, depth={}, nodes={}, pv=[{}])",
            self.r#move.mv,
            self.score,
            self.depth,
            self.nodes,
            pv.join(" ")
        )
    }
}

/// The strong engine with its transposition table: alpha-beta for two
/// players, the player to move against all the others for more. One
/// search runs at a time per engine (a second caller waits); `stop()` may
/// come from any thread.
#[pyclass(module = "atom4.chain", name = "Engine", frozen)]
pub struct Engine {
    table: SearchTable<CoreMove>,
}

/// The time per move when no limit is given.
const DEFAULT_TIME: f64 = 0.05;

#[pymethods]
impl Engine {
    /// An engine with a transposition table of about `hash_mb` MiB
    /// (rounded down to a power of two number of 8-byte entries).
    #[new]
    #[pyo3(signature = (*, hash_mb = 16))]
    fn new(hash_mb: u32) -> PyResult<Engine> {
        Ok(Engine {
            table: SearchTable::new(hash_mb)?,
        })
    }

    /// Searches `position` by iterative deepening until a limit: `time`
    /// (seconds), `depth` (1..=64), `nodes`; with none given, 0.05 s.
    /// `seed` varies the choice among equal moves. The GIL is released
    /// meanwhile.
    #[pyo3(signature = (position, *, time = None, depth = None, nodes = None, seed = 0))]
    fn search(
        &self,
        py: Python<'_>,
        position: &Bound<'_, Position>,
        time: Option<f64>,
        depth: Option<i64>,
        nodes: Option<i64>,
        seed: u64,
    ) -> PyResult<SearchResult> {
        let game = position_of(position);
        if game.status() != Status::Playing {
            return Err(PyValueError::new_err(
                "the game is over: there is no move to search",
            ));
        }
        if game.out_of_turns() {
            return Err(PyValueError::new_err(
                "no move is legal: the turn counter has no room for another turn",
            ));
        }
        let asked = asked(depth, time, nodes, seed, DEFAULT_TIME)?;
        let report = self.table.run(py, asked.time, |table, control| {
            StrongSearch::new(table, StrongEval::default()).run(&game, asked.limits, control)
        });
        let best = report
            .best
            .ok_or_else(|| PyRuntimeError::new_err("the search found no move"))?;
        Ok(SearchResult {
            r#move: Move::of(best),
            score: report.score,
            depth: report.depth,
            nodes: report.nodes,
            pv: report.pv.iter().copied().map(Move::of).collect(),
        })
    }

    /// Ends every search of this engine asked for before this call, soon:
    /// the one running (it answers with its last completed depth) and those
    /// waiting for their turn. Searches asked for later are not affected.
    fn stop(&self) {
        self.table.stop();
    }

    /// Forgets what earlier searches stored.
    fn clear(&self, py: Python<'_>) {
        self.table.clear(py);
    }
}

/// The tutorial's computer player (learncgames `atoms3.c`) on glibc's
/// `rand()`: the same seed gives the same moves as the original after
/// `srand(seed)`.
#[pyclass(module = "atom4.chain", name = "SeedAi")]
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

    /// Its move for the player to move of an atoms game: a cell, or
    /// `Move.PASS`; its random numbers move on. `ValueError` for a classic
    /// game or one that is over (then nothing moves on).
    fn choose(&mut self, position: &Bound<'_, Position>) -> PyResult<Move> {
        let game = position_of(position);
        let mut ai = self.ai;
        let mv = ai.choose(&game).map_err(|e| match e {
            SeedAiError::GameOver => game_over(),
            other => PyValueError::new_err(other.to_string()),
        })?;
        self.ai = ai;
        Ok(Move::of(mv))
    }
}

/// The move of a reference opponent of the spec (section 7): 'agnishom'
/// (Agnishom's published AI), 'agnishom-mm' (its evaluation in a true
/// minimax of depth 3) or 'ns' (notshridhar's alpha-beta, which picks
/// among its best three at random: `seed`). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (position, name, *, seed = 0))]
pub fn reference_move(
    py: Python<'_>,
    position: &Bound<'_, Position>,
    name: &str,
    seed: u64,
) -> PyResult<Move> {
    let game = position_of(position);
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
    py.detach(|| choose(&game, seed))
        .map(Move::of)
        .ok_or_else(game_over)
}

/// What a batch of random playouts did.
#[pyclass(module = "atom4.chain", name = "PlayoutStats", frozen, get_all)]
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
            "PlayoutStats(games={}, moves={}, explosions={}, wins={:?}, unfinished={})",
            self.games, self.moves, self.explosions, self.wins, self.unfinished
        )
    }
}

/// Plays `games` games of uniformly random legal cells from `position` in
/// Rust (the GIL released), each to its end or `max_moves` moves, and
/// counts the results; `position` is not changed.
#[pyfunction]
#[pyo3(signature = (position, games, *, seed = 0, max_moves = 5000))]
pub fn random_playouts(
    py: Python<'_>,
    position: &Bound<'_, Position>,
    games: u64,
    seed: u64,
    max_moves: u32,
) -> PlayoutStats {
    let start = position_of(position);
    py.detach(|| {
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
    })
}
