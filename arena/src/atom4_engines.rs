//! The Atom-4 engines, configured from short specs such as `classic:4`,
//! `strong:30ms`, `strong:30ms:t2` (two threads), `strong:d6`,
//! `strong:n50000` or `random`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use atom4_core::atom4::{classic, Atom4, StrongEval, StrongSearch, Weights};
use atom4_core::search::{Control, Entry, Limits, Report, Search};
use atom4_core::{Cell, Rng};

use crate::shared_table::SharedSlots;
use crate::Engine;

/// How an engine is configured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EngineSpec {
    Random,
    Classic {
        level: u8,
    },
    /// `threads` above 1 search together, sharing one table (lazy SMP).
    Strong {
        limit: StrongLimit,
        threads: u8,
    },
}

/// The most threads a strong engine uses.
pub const MAX_THREADS: u8 = 64;

/// What bounds a strong engine's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrongLimit {
    Time(Duration),
    Depth(u8),
    Nodes(u64),
}

impl std::str::FromStr for EngineSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let bad = || {
            format!("bad engine {s:?}: use random, classic:<level>, strong:<ms>ms, strong:d<depth> or strong:n<nodes>")
        };
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "random" if arg.is_empty() => Ok(EngineSpec::Random),
            "classic" => {
                let level = if arg.is_empty() {
                    2
                } else {
                    arg.parse().map_err(|_| bad())?
                };
                if level > classic::MAX_LEVEL {
                    return Err(format!(
                        "classic levels go from 0 to {}",
                        classic::MAX_LEVEL
                    ));
                }
                Ok(EngineSpec::Classic { level })
            }
            "strong" => {
                let (arg, threads) = match arg.split_once(":t") {
                    Some((limit, n)) => match n.parse() {
                        Ok(n @ 1..=MAX_THREADS) => (limit, n),
                        _ => return Err(format!("threads go from 1 to {MAX_THREADS}")),
                    },
                    None => (arg, 1),
                };
                let limit = if let Some(ms) = arg.strip_suffix("ms") {
                    StrongLimit::Time(Duration::from_millis(ms.parse().map_err(|_| bad())?))
                } else if let Some(d) = arg.strip_prefix('d') {
                    StrongLimit::Depth(d.parse().map_err(|_| bad())?)
                } else if let Some(n) = arg.strip_prefix('n') {
                    StrongLimit::Nodes(n.parse().map_err(|_| bad())?)
                } else if arg.is_empty() {
                    StrongLimit::Time(Duration::from_millis(100))
                } else {
                    return Err(bad());
                };
                Ok(EngineSpec::Strong { limit, threads })
            }
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Classic { level } => write!(f, "classic:{level}"),
            EngineSpec::Strong { limit, threads } => {
                match limit {
                    StrongLimit::Time(t) => write!(f, "strong:{}ms", t.as_millis())?,
                    StrongLimit::Depth(d) => write!(f, "strong:d{d}")?,
                    StrongLimit::Nodes(n) => write!(f, "strong:n{n}")?,
                }
                if *threads > 1 {
                    write!(f, ":t{threads}")?;
                }
                Ok(())
            }
        }
    }
}

/// Transposition table slots of a strong engine: at least one a node it
/// may visit (at about 1.2 M nodes a second; only inner nodes store), a
/// power of two from 2^12 to 2^20 (8 MiB). A table the size of the search
/// stays in the processor's cache: at 30 ms a move, 2^16 slots (512 KiB)
/// search about a tenth faster than 2^20.
pub fn table_slots(limit: StrongLimit) -> usize {
    let nodes = match limit {
        StrongLimit::Time(t) => t.as_micros().min(1 << 40) as u64 * 6 / 5,
        StrongLimit::Nodes(n) => n,
        StrongLimit::Depth(_) => u64::MAX,
    };
    nodes.clamp(1 << 12, 1 << 20).next_power_of_two() as usize
}

/// A strong engine's transposition table: its own, or one its threads share.
enum EngineTable {
    Own(Vec<Entry<Cell>>),
    Shared(SharedSlots),
}

/// An Atom-4 engine built from an [`EngineSpec`].
pub struct Atom4Engine {
    spec: EngineSpec,
    rng: Rng,
    table: EngineTable,
    weights: Weights,
    /// The last strong search's report.
    pub last: Option<Report<Cell>>,
    /// How many moves each completed depth ended at (index: depth).
    pub depths: [u32; 65],
}

/// Stops a search at a deadline or when asked, and passes on progress.
struct Stopper<'a> {
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    progress: &'a mut dyn FnMut(&Report<Cell>),
}

impl Control<Cell> for Stopper<'_> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn iteration_done(&mut self, report: &Report<Cell>) {
        (self.progress)(report);
    }
}

/// Reads weight overrides `name=value,...` (the tuning aid behind the
/// `ATOM4_WEIGHTS` environment variable of the match runner).
pub fn parse_weights(text: &str, mut weights: Weights) -> Result<Weights, String> {
    for item in text.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or(format!("{item:?} is not name=value"))?;
        let value: i32 = value
            .parse()
            .map_err(|_| format!("{item:?}: not a number"))?;
        let field = match name {
            "three_near" => &mut weights.three_near,
            "three_near_next_tile" => &mut weights.three_near_next_tile,
            "three_empty" => &mut weights.three_empty,
            "three_other" => &mut weights.three_other,
            "two" => &mut weights.two,
            "one" => &mut weights.one,
            "propagator" => &mut weights.propagator,
            "near" => &mut weights.near,
            "win_now" => &mut weights.win_now,
            "threat" => &mut weights.threat,
            "double_threat" => &mut weights.double_threat,
            _ => return Err(format!("no weight called {name:?}")),
        };
        *field = value;
    }
    Ok(weights)
}

impl Atom4Engine {
    pub fn new(spec: EngineSpec, seed: u64) -> Atom4Engine {
        let table = match spec {
            EngineSpec::Strong { limit, threads: 1 } => {
                EngineTable::Own(vec![Entry::EMPTY; table_slots(limit)])
            }
            EngineSpec::Strong { limit, .. } => {
                EngineTable::Shared(SharedSlots::new(table_slots(limit)))
            }
            _ => EngineTable::Own(Vec::new()),
        };
        Atom4Engine {
            spec,
            rng: Rng::new(seed),
            table,
            weights: Weights::DEFAULT,
            last: None,
            depths: [0; 65],
        }
    }

    pub fn with_weights(mut self, weights: Weights) -> Atom4Engine {
        self.weights = weights;
        self
    }

    pub fn spec(&self) -> EngineSpec {
        self.spec
    }
}

impl Atom4Engine {
    /// Like [`Engine::choose`], but a strong search also stops soon after
    /// `stop` is set (answering its last completed depth) and reports each
    /// completed depth to `progress`: for interactive front ends.
    pub fn choose_interruptible(
        &mut self,
        game: &Atom4,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Report<Cell>),
    ) -> Cell {
        let legal = game.legal_moves();
        let fallback = legal
            .nth(self.rng.below(legal.count().max(1)))
            .unwrap_or(Cell::from_index(0));
        match self.spec {
            EngineSpec::Random => fallback,
            EngineSpec::Classic { level } => {
                classic::choose(game, level, &mut self.rng).unwrap_or(fallback)
            }
            EngineSpec::Strong { limit, threads } => {
                let (depth, nodes, deadline) = match limit {
                    StrongLimit::Depth(depth) => (depth, u64::MAX, None),
                    StrongLimit::Nodes(nodes) => (64, nodes, None),
                    StrongLimit::Time(t) => (64, u64::MAX, Some(Instant::now() + t)),
                };
                let limits = Limits {
                    depth,
                    nodes,
                    seed: self.rng.next_u64(),
                };
                let mut control = Stopper {
                    deadline,
                    stop,
                    progress,
                };
                let eval = StrongEval::new(self.weights);
                let report = match &mut self.table {
                    EngineTable::Own(table) => {
                        StrongSearch::new(table, eval).run(game, limits, &mut control)
                    }
                    EngineTable::Shared(slots) => {
                        let seeds: Vec<u64> = (1..threads).map(|_| self.rng.next_u64()).collect();
                        search_together(game, slots, eval, limits, seeds, &mut control)
                    }
                };
                let mv = report.best.unwrap_or(fallback);
                self.depths[report.depth as usize] += 1;
                self.last = Some(report);
                mv
            }
        }
    }
}

impl Engine<Atom4> for Atom4Engine {
    fn choose(&mut self, game: &Atom4) -> Cell {
        self.choose_interruptible(game, &AtomicBool::new(false), &mut |_| {})
    }

    fn name(&self) -> String {
        self.spec.to_string()
    }
}

/// Helpers stop when the main search is done.
struct Flag<'a>(&'a AtomicBool);

impl Control<Cell> for Flag<'_> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Lazy SMP: the main search runs within `limits` under `control`; one
/// helper a seed searches the same position as deep as it can meanwhile,
/// and what the helpers store in the shared table (refutations, deeper
/// results) lets the main search skip work. The answer is the main
/// search's.
fn search_together(
    game: &Atom4,
    slots: &SharedSlots,
    eval: StrongEval,
    limits: Limits,
    seeds: Vec<u64>,
    control: &mut Stopper<'_>,
) -> Report<Cell> {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for seed in seeds {
            let (done, table, game) = (&done, slots.table(), *game);
            scope.spawn(move || {
                let limits = Limits {
                    depth: 64,
                    nodes: u64::MAX,
                    seed,
                };
                Search::with_store(table, eval).run(&game, limits, &mut Flag(done));
            });
        }
        let report = Search::with_store(slots.table(), eval).run(game, limits, control);
        done.store(true, Ordering::Relaxed);
        report
    })
}
