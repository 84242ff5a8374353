//! Engines and matches, for every game of the registry.
//!
//! [`matches`](mod@matches) plays any registered game ([`atom4_core::registry`])
//! through the one game interface, between engines over any game
//! ([`any::AnyEngine`]): those of [`any`] play every game (`random`, and
//! `engine:<limit>`, the game's own engine as every door calls it); a
//! game's own engines ([`Engine`] over its rules type, built from short
//! specs such as `classic:4` or `player:w170000`) live in a module of
//! their own ([`atom4_engines`], ...) and take their seats through one
//! line of [`games`]. [`generic`] holds the searches those engines share
//! (MCTS, alpha-beta, lazy SMP). The binaries of this crate are the match
//! runner, the benchmarks and the Atropos duel.

pub mod any;
pub mod atom4_engines;
pub mod atomas_engines;
pub mod atropos_engines;
pub mod bench;
pub mod chain_engines;
pub mod child;
pub mod games;
pub mod gamma_engines;
pub mod generic;
pub mod matches;
pub mod memory;
pub mod output;
pub mod progress;
pub mod record;
pub mod seats;
pub mod shared_table;
pub mod spec;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use atom4_core::control::{Report, StopFlag};
use atom4_core::game::Game;
use atom4_core::Rng;

pub use atom4_engines::{Atom4Engine, EngineSpec};

/// Something that chooses a move for the player to move.
pub trait Engine<G: Game>: Send {
    /// A move for `game`, which is not over and a player's turn. A search
    /// stops early once `stop` is raised (answering with the best it has)
    /// and hands each completed iteration to `progress`.
    fn think(
        &mut self,
        game: &G,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<G::Move>),
    ) -> G::Move;

    /// A move for `game`, which is not over and a player's turn.
    fn choose(&mut self, game: &G) -> G::Move {
        self.think(game, &AtomicBool::new(false), &mut |_| {})
    }

    /// A short name for reports.
    fn name(&self) -> String;

    /// For engines that deepen iteratively: how many moves ended at each
    /// completed depth (index: depth), for match reports.
    fn depths(&self) -> Option<&[u32]> {
        None
    }
}

/// A uniformly random legal move of the player to move, `None` when the
/// game is over or at a chance turn.
pub fn random_move<G: Game>(game: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = G::List::<G::Move>::default();
    game.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
}

/// Runs `job(i)` for `i` in `0..count` on `threads` threads (at least
/// one), each taking the next `i` in turn; after a job's error no new job
/// starts, and the first error is the answer.
pub fn in_parallel(
    count: u64,
    threads: u32,
    job: impl Fn(u64) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let next = AtomicU64::new(0);
    let failure = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || failure.lock().map_or(true, |f| f.is_some()) {
                    break;
                }
                if let Err(e) = job(i) {
                    if let Ok(mut f) = failure.lock() {
                        f.get_or_insert(e);
                    }
                    break;
                }
            });
        }
    });
    match failure.into_inner() {
        Ok(None) => Ok(()),
        Ok(Some(e)) => Err(e),
        Err(_) => Err("a worker thread failed".into()),
    }
}
