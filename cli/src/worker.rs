//! Engines on a worker thread, for any game, so that a screen answers keys
//! while the computer thinks. Every request has its own stop flag; answers
//! carry the request's id, and answers to cancelled requests are dropped.
//! An engine that panics ends the worker with an answer that says so,
//! never a screen waiting for ever.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use atom4_arena::Engine;
use atom4_core::control::StopFlag;
use atom4_core::game::Game;
use crossterm::event::KeyEvent;

use crate::terminal::{Input, Screen};

/// An engine the worker runs: it thinks about a `P` and answers an `M`,
/// stopping early once `stop` is raised and saying each depth it
/// completes to `progress`.
pub trait Think<P, M>: Send {
    fn think(&mut self, position: &P, stop: &dyn StopFlag, progress: &mut dyn FnMut(u8)) -> M;
}

/// The arena's engines, for a game's own type.
impl<G: Game> Think<G, G::Move> for Box<dyn Engine<G>> {
    fn think(&mut self, game: &G, stop: &dyn StopFlag, progress: &mut dyn FnMut(u8)) -> G::Move {
        (**self).think(game, stop, &mut |report| progress(report.depth))
    }
}

struct Request<P> {
    id: u64,
    position: P,
    engine: usize,
    stop: Arc<AtomicBool>,
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<M> {
    /// A search completed this depth.
    Progress(u8),
    Done(M),
    /// The engine failed (a bug): the worker is gone.
    Failed(String),
}

/// What ended a [`Worker::wait`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Woken<M> {
    Key(KeyEvent),
    Answer(Answer<M>),
    /// The window changed size: redraw.
    Resize,
    /// The caller's own check said so (a clock of the screen's).
    Due,
}

/// A thread of engines thinking about `P`s and answering `M`s (by
/// default a game's own moves).
pub struct Worker<P, M = <P as Game>::Move> {
    requests: Sender<Request<P>>,
    answers: Receiver<(u64, Answer<M>)>,
    current: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
}

impl<G> Worker<G>
where
    G: Game + Send + 'static,
    G::Move: Send + 'static,
{
    /// A worker thread owning the arena's `engines`; requests name one by
    /// index.
    pub fn spawn(engines: Vec<Box<dyn Engine<G>>>) -> Worker<G> {
        Worker::with_engines(
            engines
                .into_iter()
                .map(|engine| Box::new(engine) as Box<dyn Think<G, G::Move>>)
                .collect(),
        )
    }
}

impl<P, M> Worker<P, M>
where
    P: Send + 'static,
    M: Send + 'static,
{
    /// A worker thread owning `engines`; requests name one by index.
    pub fn with_engines(engines: Vec<Box<dyn Think<P, M>>>) -> Worker<P, M> {
        let (requests, inbox) = channel::<Request<P>>();
        let (outbox, answers) = channel();
        // A test hook: the terminal tests make the engine fail this way to
        // see the program end cleanly, with a message.
        let fail = std::env::var_os("ATOM4_FAIL_ENGINE").is_some_and(|v| v == "panic");
        thread::spawn(move || {
            let mut engines = engines;
            for request in inbox {
                let id = request.id;
                let progress_out = outbox.clone();
                let mut progress = |depth: u8| {
                    let _ = progress_out.send((id, Answer::Progress(depth)));
                };
                let Some(engine) = engines.get_mut(request.engine) else {
                    let _ = outbox.send((id, Answer::Failed("no such engine".into())));
                    break;
                };
                let thought = catch_unwind(AssertUnwindSafe(|| {
                    if fail {
                        panic!("the engine failed on purpose (ATOM4_FAIL_ENGINE=panic)");
                    }
                    engine.think(&request.position, request.stop.as_ref(), &mut progress)
                }));
                let answer = match thought {
                    Ok(mv) => Answer::Done(mv),
                    Err(panic) => Answer::Failed(panic_text(panic.as_ref())),
                };
                let failed = matches!(answer, Answer::Failed(_));
                if outbox.send((id, answer)).is_err() || failed {
                    break;
                }
            }
        });
        Worker {
            requests,
            answers,
            current: None,
            next_id: 0,
        }
    }

    /// Starts engine `engine` thinking about `position` (cancelling any
    /// earlier request).
    pub fn ask(&mut self, position: P, engine: usize) {
        self.cancel();
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some((self.next_id, stop.clone()));
        let _ = self.requests.send(Request {
            id: self.next_id,
            position,
            engine,
            stop,
        });
    }

    /// Stops the current request; its answer will not be delivered.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The next answer to the current request, if one arrived. A worker
    /// that is gone answers [`Answer::Failed`].
    pub fn poll(&mut self) -> Option<Answer<M>> {
        loop {
            match self.answers.try_recv() {
                Ok((id, answer)) => {
                    let current = self.current.as_ref().is_some_and(|(c, _)| *c == id);
                    if matches!(answer, Answer::Failed(_)) {
                        self.current = None;
                        return Some(answer);
                    }
                    if current {
                        if let Answer::Done(_) = answer {
                            self.current = None;
                        }
                        return Some(answer);
                    }
                }
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    return Some(Answer::Failed("the engine thread is gone".into()))
                }
            }
        }
    }

    /// Waits for whatever comes first: an answer of the engine, a key, a
    /// resize, or `due()` (asked every `step`) saying the screen's own
    /// clock has something to show.
    pub fn wait(
        &mut self,
        screen: &Screen,
        step: Duration,
        mut due: impl FnMut() -> bool,
    ) -> Result<Woken<M>, String> {
        loop {
            if due() {
                return Ok(Woken::Due);
            }
            if let Some(answer) = self.poll() {
                return Ok(Woken::Answer(answer));
            }
            match screen.next_event(step)? {
                Input::Key(key) => return Ok(Woken::Key(key)),
                Input::Resize => return Ok(Woken::Resize),
                Input::Idle => {}
            }
        }
    }
}

impl<P, M> Drop for Worker<P, M> {
    fn drop(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The message of a panic payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_arena::Atom4Engine;
    use atom4_core::atom4::Atom4;
    use atom4_core::control::{Report, StopFlag};
    use atom4_core::Cell;
    use std::time::{Duration, Instant};

    fn wait(worker: &mut Worker<Atom4>) -> Option<Answer<Cell>> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            match worker.poll() {
                Some(Answer::Progress(_)) | None => thread::sleep(Duration::from_millis(2)),
                answer => return answer,
            }
        }
        None
    }

    fn engine(spec: &str) -> Box<dyn Engine<Atom4>> {
        Box::new(Atom4Engine::new(spec.parse().unwrap(), 1))
    }

    #[test]
    fn answers_arrive_and_cancelled_ones_do_not() {
        let mut worker = Worker::spawn(vec![engine("classic:1"), engine("strong:d3")]);
        let game = Atom4::standard();
        worker.ask(game, 0);
        let Some(Answer::Done(cell)) = wait(&mut worker) else {
            panic!("an answer")
        };
        assert!(game.check_move(cell).is_ok());
        // A search with no depth limit, cancelled: no answer comes.
        let mut endless = Worker::spawn(vec![engine("strong:d64"), engine("strong:d3")]);
        endless.ask(game, 0);
        endless.cancel();
        thread::sleep(Duration::from_millis(50));
        assert_eq!(endless.poll(), None);
        // The next request is answered.
        endless.ask(game, 1);
        assert!(matches!(wait(&mut endless), Some(Answer::Done(_))));
    }

    /// An engine that panics: the worker says so instead of going silent,
    /// and keeps saying so.
    #[test]
    fn a_panicking_engine_is_reported() {
        struct Broken;
        impl Engine<Atom4> for Broken {
            fn think(
                &mut self,
                _: &Atom4,
                _: &dyn StopFlag,
                _: &mut dyn FnMut(&Report<Cell>),
            ) -> Cell {
                panic!("broken engine")
            }
            fn name(&self) -> String {
                "broken".into()
            }
        }
        let mut worker = Worker::spawn(vec![Box::new(Broken)]);
        worker.ask(Atom4::standard(), 0);
        assert_eq!(
            wait(&mut worker),
            Some(Answer::Failed("broken engine".into()))
        );
        thread::sleep(Duration::from_millis(20));
        worker.ask(Atom4::standard(), 0);
        assert!(matches!(wait(&mut worker), Some(Answer::Failed(_))));
    }
}
