//! The server's engine seat: one thread that thinks while the table's task
//! goes on serving everyone. A request can be stopped (the answer then
//! arrives late and the table ignores it); an engine that panics is
//! reported, never a table waiting for ever.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use atom4_arena::{Atom4Engine, Engine, EngineSpec};
use atom4_core::atom4::Atom4;
use atom4_core::Cell;

/// The engine's answer to a request: a move, or why there is none.
pub type Answer = (u64, Result<Cell, String>);

pub struct EngineThread {
    requests: mpsc::Sender<(u64, Atom4, Arc<AtomicBool>)>,
    current: Option<Arc<AtomicBool>>,
}

impl EngineThread {
    /// Starts the thread; answers go to `answer`.
    pub fn spawn(
        spec: EngineSpec,
        seed: u64,
        answer: impl Fn(Answer) + Send + 'static,
    ) -> EngineThread {
        let (requests, inbox) = mpsc::channel::<(u64, Atom4, Arc<AtomicBool>)>();
        std::thread::Builder::new()
            .name("atom4-engine".into())
            .spawn(move || {
                let mut engine = Atom4Engine::new(spec, seed);
                for (request, game, stop) in inbox {
                    let thought = catch_unwind(AssertUnwindSafe(|| {
                        engine.think(&game, stop.as_ref(), &mut |_| {})
                    }));
                    match thought {
                        Ok(cell) => answer((request, Ok(cell))),
                        Err(_) => {
                            answer((request, Err("the engine panicked".into())));
                            break;
                        }
                    }
                }
            })
            .ok();
        EngineThread {
            requests,
            current: None,
        }
    }

    /// Starts thinking about `game` (stopping any request before).
    pub fn think(&mut self, request: u64, game: Atom4) -> Result<(), String> {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some(stop.clone());
        self.requests
            .send((request, game, stop))
            .map_err(|_| "the engine thread is gone".to_string())
    }

    /// Stops the current request, if any.
    pub fn stop(&mut self) {
        if let Some(stop) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for EngineThread {
    fn drop(&mut self) {
        self.stop();
    }
}
