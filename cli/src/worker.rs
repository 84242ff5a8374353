//! The engines on a worker thread, so that the interface answers keys while
//! the computer thinks. Every request has its own stop flag; answers carry
//! the request's id, and answers to cancelled requests are dropped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread;

use atom4_arena::{Atom4Engine, EngineSpec};
use atom4_core::atom4::Atom4;
use atom4_core::Cell;

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's move.
    Move,
    /// A suggestion for the human.
    Hint,
}

struct Request {
    id: u64,
    game: Atom4,
    purpose: Purpose,
    stop: Arc<AtomicBool>,
}

/// What the worker says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A strong search completed this depth.
    Progress(u8),
    Done(Cell),
}

pub struct Worker {
    requests: Sender<Request>,
    answers: Receiver<(u64, Answer)>,
    current: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
}

impl Worker {
    /// A worker with `computer` for the computer's moves and `hint` for
    /// suggestions.
    pub fn spawn(computer: EngineSpec, hint: EngineSpec, seed: u64) -> Worker {
        let (requests, inbox) = channel::<Request>();
        let (outbox, answers) = channel();
        thread::spawn(move || {
            let mut engines = [
                Atom4Engine::new(computer, seed),
                Atom4Engine::new(hint, seed ^ 0x9E37),
            ];
            for request in inbox {
                let engine = &mut engines[request.purpose as usize];
                let id = request.id;
                let progress_out = outbox.clone();
                let mut progress = |report: &atom4_core::search::Report<Cell>| {
                    let _ = progress_out.send((id, Answer::Progress(report.depth)));
                };
                let cell = engine.choose_interruptible(&request.game, &request.stop, &mut progress);
                if outbox.send((id, Answer::Done(cell))).is_err() {
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

    /// Starts thinking about `game` (cancelling any earlier request).
    pub fn ask(&mut self, game: Atom4, purpose: Purpose) {
        self.cancel();
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some((self.next_id, stop.clone()));
        let _ = self.requests.send(Request {
            id: self.next_id,
            game,
            purpose,
            stop,
        });
    }

    /// Stops the current request; its answer will not be delivered.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The next answer to the current request, if one arrived.
    pub fn poll(&mut self) -> Option<Answer> {
        while let Ok((id, answer)) = self.answers.try_recv() {
            if self
                .current
                .as_ref()
                .is_some_and(|(current, _)| *current == id)
            {
                if let Answer::Done(_) = answer {
                    self.current = None;
                }
                return Some(answer);
            }
        }
        None
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait(worker: &mut Worker) -> Option<Cell> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            match worker.poll() {
                Some(Answer::Done(cell)) => return Some(cell),
                _ => thread::sleep(Duration::from_millis(2)),
            }
        }
        None
    }

    #[test]
    fn answers_arrive_and_cancelled_ones_do_not() {
        let strong = "strong:d3".parse().unwrap();
        let mut worker = Worker::spawn("classic:1".parse().unwrap(), strong, 1);
        let game = Atom4::standard();
        worker.ask(game, Purpose::Move);
        let cell = wait(&mut worker).expect("an answer");
        assert!(game.check_move(cell).is_ok());
        // A search with no depth limit, cancelled: no answer comes.
        let mut endless = Worker::spawn("strong:d64".parse().unwrap(), strong, 1);
        endless.ask(game, Purpose::Move);
        endless.cancel();
        thread::sleep(Duration::from_millis(50));
        assert_eq!(endless.poll(), None);
        // The next request is answered.
        endless.ask(game, Purpose::Hint);
        assert!(wait(&mut endless).is_some());
    }
}
