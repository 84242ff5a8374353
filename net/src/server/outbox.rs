//! A client's outgoing queue: chunks of lines waiting for its socket,
//! bounded in bytes (spec section 10: a client that lets it fill is closed
//! without a message). Chunks are shared: a broadcast is one allocation
//! whatever the number of watchers.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

/// The default bound of a client's queue: 256 KiB.
pub const QUEUE_LIMIT: usize = 256 * 1024;

/// What the writer is to do next.
#[derive(Debug)]
pub enum Next {
    /// Write these chunks, then call [`Outbox::written`] with their size.
    Write(Vec<Arc<[u8]>>, usize),
    /// Everything queued is written and the table asked for a close.
    Close,
}

#[derive(Default)]
struct State {
    chunks: VecDeque<Arc<[u8]>>,
    /// Bytes queued or being written.
    bytes: usize,
    closing: bool,
}

/// The queue between the table's task and a connection's writer.
pub struct Outbox {
    state: Mutex<State>,
    wake: Notify,
    limit: usize,
}

/// The queue would pass its bound: the client does not read.
#[derive(Debug, PartialEq, Eq)]
pub struct Overflow;

impl Outbox {
    pub fn new(limit: usize) -> Outbox {
        Outbox {
            state: Mutex::new(State::default()),
            wake: Notify::new(),
            limit,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere cannot leave the queue half-changed: every
        // change below is a single push, pop or add.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a chunk; refuses (queuing nothing) when the bytes queued and
    /// being written would pass the bound.
    pub fn push(&self, chunk: Arc<[u8]>) -> Result<(), Overflow> {
        let mut state = self.lock();
        if state.closing {
            return Ok(());
        }
        if state.bytes + chunk.len() > self.limit {
            return Err(Overflow);
        }
        state.bytes += chunk.len();
        state.chunks.push_back(chunk);
        drop(state);
        self.wake.notify_one();
        Ok(())
    }

    /// Nothing more will be queued: the writer ends once the queue is
    /// written.
    pub fn close(&self) {
        self.lock().closing = true;
        self.wake.notify_one();
    }

    /// Bytes queued or being written.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Waits for something to write, or for the close.
    pub async fn next(&self) -> Next {
        loop {
            {
                let mut state = self.lock();
                if !state.chunks.is_empty() {
                    let chunks: Vec<Arc<[u8]>> = state.chunks.drain(..).collect();
                    let size = chunks.iter().map(|c| c.len()).sum();
                    return Next::Write(chunks, size);
                }
                if state.closing {
                    return Next::Close;
                }
            }
            self.wake.notified().await;
        }
    }

    /// `size` bytes handed out by [`Outbox::next`] are written.
    pub fn written(&self, size: usize) {
        let mut state = self.lock();
        state.bytes = state.bytes.saturating_sub(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(n: usize) -> Arc<[u8]> {
        vec![b'x'; n].into()
    }

    #[tokio::test]
    async fn bytes_count_until_written_and_the_bound_holds() {
        let outbox = Outbox::new(100);
        outbox.push(chunk(60)).unwrap();
        assert_eq!(outbox.push(chunk(41)), Err(Overflow));
        outbox.push(chunk(40)).unwrap();
        let Next::Write(chunks, size) = outbox.next().await else {
            panic!()
        };
        assert_eq!((chunks.len(), size), (2, 100));
        // Taken but not yet written: still counted.
        assert_eq!(outbox.push(chunk(1)), Err(Overflow));
        outbox.written(size);
        outbox.push(chunk(1)).unwrap();
        outbox.close();
        assert!(matches!(outbox.next().await, Next::Write(_, 1)));
        outbox.written(1);
        assert!(matches!(outbox.next().await, Next::Close));
        // After the close nothing more is queued.
        outbox.push(chunk(5)).unwrap();
        assert_eq!(outbox.bytes(), 0);
    }
}
