//! The `gamma` program's batch mode: standard input in big pieces through
//! the core's batch session, standard output and standard error through
//! buffers flushed when they fill and at the end. A million commands take
//! a fraction of a second; lines of any length take constant memory.

use std::fmt;
use std::io::{self, Read, Write};

use atom4_core::gamma::{Fed, Session};

use super::memory::HeapMemory;

/// Bytes read from standard input at a time.
const PIECE: usize = 1 << 18;

/// Bytes an output buffer holds before it is written out.
const FLUSH_AT: usize = 1 << 16;

/// A buffered byte stream that the session writes text to.
pub struct Sink<W: Write> {
    buffer: Vec<u8>,
    inner: W,
    /// The error that stopped the writing, if any.
    pub error: Option<io::Error>,
}

impl<W: Write> Sink<W> {
    pub fn new(inner: W) -> Sink<W> {
        Sink {
            buffer: Vec::with_capacity(FLUSH_AT * 2),
            inner,
            error: None,
        }
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let result = self
            .inner
            .write_all(&self.buffer)
            .and_then(|()| self.inner.flush());
        self.buffer.clear();
        result
    }
}

impl<W: Write> fmt::Write for Sink<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.error.is_some() {
            return Err(fmt::Error);
        }
        self.buffer.extend_from_slice(s.as_bytes());
        if self.buffer.len() >= FLUSH_AT {
            if let Err(e) = self.inner.write_all(&self.buffer) {
                self.error = Some(e);
                return Err(fmt::Error);
            }
            self.buffer.clear();
        }
        Ok(())
    }
}

/// A failure to read the input (every other error of [`run`] is one to
/// write an output).
#[derive(Debug)]
pub struct ReadError(pub io::Error);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read the input: {}", self.0)
    }
}

impl std::error::Error for ReadError {}

/// How the batch mode ended.
#[derive(Debug)]
pub enum Ended {
    /// At the end of input (the program exits with status 0).
    Input,
    /// An `I` line started the interactive mode: the session holds the
    /// game, and `pending` the bytes read after that line.
    Interactive {
        session: Session<HeapMemory>,
        pending: Vec<u8>,
    },
}

/// Runs the batch mode over `input` until its end or an `I` line. An error
/// means an output could not be written.
pub fn run(
    input: &mut impl Read,
    out: &mut Sink<impl Write>,
    err: &mut Sink<impl Write>,
) -> io::Result<Ended> {
    let mut session = Session::new(HeapMemory::default());
    let mut piece = vec![0u8; PIECE];
    let broken = |out: &mut Sink<_>, err: &mut Sink<_>| {
        out.error
            .take()
            .or_else(|| err.error.take())
            .unwrap_or_else(|| io::Error::other("the game memory lost its game"))
    };
    loop {
        let n = match input.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io::Error::new(e.kind(), ReadError(e))),
        };
        match session.feed(&piece[..n], out, err) {
            Ok(Fed::Batch) => {}
            Ok(Fed::Interactive { consumed }) => {
                out.flush()?;
                err.flush()?;
                return Ok(Ended::Interactive {
                    session,
                    pending: piece[consumed..n].to_vec(),
                });
            }
            Err(_) => return Err(broken(out, err)),
        }
    }
    if session.finish(err).is_err() {
        return Err(broken(out, err));
    }
    out.flush()?;
    err.flush()?;
    Ok(Ended::Input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(input: &[u8]) -> (String, String) {
        let (mut out, mut err) = (Sink::new(Vec::new()), Sink::new(Vec::new()));
        let ended = run(&mut &input[..], &mut out, &mut err).unwrap();
        assert!(matches!(ended, Ended::Input));
        (
            String::from_utf8(out.inner).unwrap(),
            String::from_utf8(err.inner).unwrap(),
        )
    }

    #[test]
    fn the_example_of_spec_5_4() {
        let input = "# przyklad\nB 7 5 3 2\nm 1 2 2\nm 2 4 2\nm 3 3 2\nm 1 7 4\nm 1 6 4\nm 2 0 0\nm 1 1 1\nm 1 1 2\ng 1 3 2\np\nb 1\nf 1\nq 1\nb 2\nf 2\nq 2\nb 3\nf 3\nq 3\n";
        let (out, err) = batch(input.as_bytes());
        assert_eq!(
            out,
            "OK 2\n1\n1\n1\n0\n1\n1\n0\n1\n1\n......1\n.......\n.1112..\n.......\n2......\n4\n9\n0\n2\n5\n1\n0\n29\n1\n"
        );
        assert_eq!(err, "");
    }

    #[test]
    fn errors_go_to_standard_error_and_a_last_line_needs_its_newline() {
        let (out, err) = batch(
            b"m 1 1 1\n\nB 4294967295 4294967295 4294967295 4294967295\nB 2 2 2 2\n \nB 2 2 2 2\np",
        );
        assert_eq!(out, "OK 4\n");
        assert_eq!(err, "ERROR 1\nERROR 3\nERROR 5\nERROR 6\nERROR 7\n");
        assert_eq!(batch(b""), (String::new(), String::new()));
    }

    #[test]
    fn an_i_line_hands_over_the_bytes_after_it() {
        let (mut out, mut err) = (Sink::new(Vec::new()), Sink::new(Vec::new()));
        let input = b"B 0 0 0 0\nI 3 3 2 2\n \x1b[A\x04more";
        match run(&mut &input[..], &mut out, &mut err).unwrap() {
            Ended::Interactive {
                mut session,
                pending,
            } => {
                assert_eq!(pending, b" \x1b[A\x04more");
                assert_eq!(session.game().unwrap().width(), 3);
            }
            Ended::Input => panic!("interactive mode expected"),
        }
        assert!(out.inner.is_empty());
        assert_eq!(err.inner, b"ERROR 1\n");
    }

    /// A writer that fails.
    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_output_is_an_error_not_a_panic() {
        let input = "B 3 3 2 2\n".to_string() + &"p\n".repeat(10_000);
        let (mut out, mut err) = (Sink::new(Closed), Sink::new(Vec::new()));
        let result = run(&mut input.as_bytes(), &mut out, &mut err);
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    }
}
