//! A client's outgoing queue: chunks of lines waiting for its socket,
//! bounded in bytes (spec section 10: a client that lets it fill is closed
//! without a message). Chunks are shared: a broadcast is one allocation
//! whatever the number of watchers.
//!
//! A TCP connection's socket is attached to its queue: a chunk pushed while
//! nothing is queued or being written goes straight to the socket (a
//! non-blocking write from the pusher), and the writer task is woken only
//! for what the socket did not take. A move then costs each watcher one
//! system call and no task wake-up.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::net::tcp::OwnedWriteHalf;
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
    /// The socket written straight to when the queue is idle (TCP).
    socket: Option<Arc<OwnedWriteHalf>>,
    /// Bytes written straight to the socket.
    direct: u64,
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
        let mut chunk = chunk;
        // Nothing queued and nothing being written: the bytes may go out
        // now, in order. What the socket does not take (it is full, or it
        // failed: the writer then says why) waits for the writer.
        if state.bytes == 0 {
            if let Some(socket) = &state.socket {
                if let Ok(n) = socket.try_write(&chunk) {
                    state.direct += n as u64;
                    if n == chunk.len() {
                        return Ok(());
                    }
                    chunk = chunk[n..].into();
                }
            }
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
        let mut state = self.lock();
        state.closing = true;
        // The writer alone holds the socket now, to shut it down.
        state.socket = None;
        drop(state);
        self.wake.notify_one();
    }

    /// Chunks pushed while the queue is idle go straight to `socket`.
    pub fn attach(&self, socket: Arc<OwnedWriteHalf>) {
        let mut state = self.lock();
        if !state.closing {
            state.socket = Some(socket);
        }
    }

    /// Bytes written straight to the socket by [`Outbox::push`].
    pub fn direct_bytes(&self) -> u64 {
        self.lock().direct
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

    #[tokio::test]
    async fn an_idle_queue_writes_straight_to_its_socket_and_queues_the_rest() {
        use tokio::io::AsyncReadExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let mut client = tokio::net::TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, _) = listener.accept().await.unwrap();
        let (_rd, wr) = server.into_split();
        let outbox = Outbox::new(1 << 30);
        outbox.attach(Arc::new(wr));
        outbox.push(vec![b'a'; 10].into()).unwrap();
        // Out at once: nothing for the writer.
        assert_eq!((outbox.bytes(), outbox.direct_bytes()), (0, 10));
        let mut first = [0u8; 10];
        client.read_exact(&mut first).await.unwrap();
        assert_eq!(&first, b"aaaaaaaaaa");
        // The client stops reading: the socket fills, the rest waits for
        // the writer, and what comes after waits behind it (never ahead).
        while outbox.bytes() == 0 {
            outbox.push(chunk(64 * 1024)).unwrap();
        }
        let queued = outbox.bytes();
        let direct = outbox.direct_bytes();
        outbox.push(chunk(5)).unwrap();
        assert_eq!(outbox.bytes(), queued + 5);
        assert_eq!(outbox.direct_bytes(), direct);
        // The close lets go of the socket: the writer alone holds it then.
        outbox.close();
        assert!(outbox.lock().socket.is_none());
    }
}
