//! Searching from Python: the classic levels, the strong engine and batch
//! random playouts. The GIL is released while the engine works, so other
//! Python threads run, and `Engine.stop()` can end a search from one.

use atom4_core::atom4::classic::ClassicError;
use atom4_core::atom4::playout::random_playout;
use atom4_core::atom4::{classic, Atom4, Status, StrongEval, StrongSearch, Weights};
use atom4_core::search::Report;
use atom4_core::{Cell, Rng};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::board::Board;
use super::moves::{texts, Move};
use crate::search_table::{asked, SearchTable};

fn classic_error(e: ClassicError) -> PyErr {
    PyValueError::new_err(match e {
        ClassicError::RoundOver => "the round is over: there is no move to choose".to_string(),
        other => other.to_string(),
    })
}

fn game_of(board: &Bound<'_, Board>) -> Atom4 {
    board.borrow().game
}

/// A seed from the clock, for callers who give none.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Rng::new(now.as_nanos() as u64).next_u64()
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
        format!(
            "ClassicAnalysis(value={}, best_moves=[{}], nodes={})",
            self.value,
            texts(self.best_moves.iter().map(|m| m.cell)),
            self.nodes
        )
    }
}

/// The classic AI of atom4 4.1 at `level` (0..=8; the original's `-d`):
/// its best value and every best move.
#[pyfunction]
#[pyo3(signature = (board, level = 2))]
pub fn classic_analyse(
    py: Python<'_>,
    board: &Bound<'_, Board>,
    level: u8,
) -> PyResult<ClassicAnalysis> {
    let game = game_of(board);
    let analysis = py
        .detach(|| classic::analyse(&game, level))
        .map_err(classic_error)?;
    Ok(ClassicAnalysis {
        value: analysis.value,
        best_moves: analysis.best_moves.iter().copied().map(Move::of).collect(),
        nodes: analysis.nodes,
    })
}

/// The classic AI's move at `level`: uniformly random among the best, as
/// the original; the same seed gives the same choice.
#[pyfunction]
#[pyo3(signature = (board, level = 2, *, seed = None))]
pub fn classic_move(
    py: Python<'_>,
    board: &Bound<'_, Board>,
    level: u8,
    seed: Option<u64>,
) -> PyResult<Move> {
    let game = game_of(board);
    let mut rng = Rng::new(seed.unwrap_or_else(fresh_seed));
    py.detach(|| classic::choose(&game, level, &mut rng))
        .map(Move::of)
        .map_err(classic_error)
}

/// The result of a strong search.
#[pyclass(module = "atom4", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The best move found.
    r#move: Move,
    /// From the side to move's view; beyond `MATE - MAX_DEPTH` a forced
    /// win (`MATE - plies`), below its negation a forced loss.
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
        format!(
            "SearchResult(move=Move({}, {}), score={}, depth={}, nodes={}, pv=[{}])",
            self.r#move.cell.x(),
            self.r#move.cell.y(),
            self.score,
            self.depth,
            self.nodes,
            texts(self.pv.iter().map(|m| m.cell))
        )
    }
}

/// The strong engine with its transposition table. One search runs at a
/// time per engine (a second caller waits); `stop()` may come from any
/// thread.
#[pyclass(module = "atom4", name = "Engine", frozen)]
pub struct Engine {
    table: SearchTable<Cell>,
}

/// The time per move when no limit is given.
const DEFAULT_TIME: f64 = 0.1;

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

    /// Searches `board` by iterative deepening until a limit: `depth`
    /// (1..=64), `time` (seconds), `nodes`; with none given, 0.1 s. `seed`
    /// varies the choice among equal moves. The GIL is released meanwhile.
    #[pyo3(signature = (board, *, depth = None, time = None, nodes = None, seed = 0))]
    fn search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        depth: Option<i64>,
        time: Option<f64>,
        nodes: Option<i64>,
        seed: u64,
    ) -> PyResult<SearchResult> {
        let game = game_of(board);
        if game.status() != Status::Playing {
            return Err(PyValueError::new_err(
                "the round is over: there is no move to search",
            ));
        }
        let asked = asked(depth, time, nodes, seed, DEFAULT_TIME)?;
        let report = self.table.run(py, asked.time, |table, control| {
            StrongSearch::new(table, StrongEval::new(Weights::DEFAULT)).run(
                &game,
                asked.limits,
                control,
            )
        });
        result(report)
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

fn result(report: Report<Cell>) -> PyResult<SearchResult> {
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

/// Plays `games` uniformly random rounds from `board` in Rust (the GIL
/// released) and counts the results; `board` is not changed.
#[pyfunction]
#[pyo3(signature = (board, games, *, seed = 0))]
pub fn random_playouts(
    py: Python<'_>,
    board: &Bound<'_, Board>,
    games: u64,
    seed: u64,
) -> PlayoutStats {
    let start = game_of(board);
    py.detach(|| {
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
    })
}
