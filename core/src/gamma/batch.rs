//! The `gamma` program's batch mode (spec section 5) as a library: a
//! session takes standard input in pieces of any size and writes standard
//! output and standard error to the caller's sinks; the program around it
//! only moves bytes.
//!
//! Before a game exists only a well-formed `B` or `I` is accepted; the
//! session then asks its [`GameMemory`] for the game's words. After `B`,
//! the game commands run and print their results, and every further `B` or
//! `I` is an error; after `I` the session hands over to the interactive
//! mode ([`Fed::Interactive`]) and reads nothing more. Each line that is
//! not ignored and cannot run prints `ERROR n` on standard error.

use core::fmt::{self, Write};

use super::board::BoardText;
use super::engine::Gamma;
use super::error::AttachError;
use super::lines::{Command, Line, LineReader};

/// Where a session keeps its game: the caller's memory, asked for once.
pub trait GameMemory {
    /// Makes `words` words available, every one zero, for the game of a
    /// `B` or `I` line; `false` when they cannot be had (the line is then an
    /// error). Asked at most once per session, with a size from
    /// [`Gamma::memory_words`].
    fn allocate_zeroed(&mut self, words: usize) -> bool;

    /// The words made available (at least as many as asked), as the game
    /// left them.
    fn words(&mut self) -> &mut [u32];
}

/// A fixed buffer serves as game memory when it is long enough.
impl GameMemory for &mut [u32] {
    fn allocate_zeroed(&mut self, words: usize) -> bool {
        match self.get_mut(..words) {
            Some(words) => {
                words.fill(0);
                true
            }
            None => false,
        }
    }

    fn words(&mut self) -> &mut [u32] {
        self
    }
}

/// What [`Session::feed`] did with its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fed {
    /// Read all of it; still in batch mode (or waiting for a game).
    Batch,
    /// A game started in interactive mode: the first `consumed` bytes were
    /// read, the rest belong to the interactive mode.
    Interactive { consumed: usize },
}

/// Why a session stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BatchError {
    /// A sink refused bytes.
    Output,
    /// The game memory no longer holds the game.
    GameLost(AttachError),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Output => f.write_str("the output could not be written"),
            BatchError::GameLost(e) => write!(f, "the game memory lost its game: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BatchError {}

impl From<fmt::Error> for BatchError {
    fn from(_: fmt::Error) -> Self {
        BatchError::Output
    }
}

impl From<AttachError> for BatchError {
    fn from(e: AttachError) -> Self {
        BatchError::GameLost(e)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Waiting,
    Batch,
    Interactive,
}

/// A run of the `gamma` program's batch mode.
#[derive(Debug)]
pub struct Session<M> {
    memory: M,
    lines: LineReader,
    mode: Mode,
}

impl<M: GameMemory> Session<M> {
    /// A session waiting for `B` or `I`, keeping its game in `memory`.
    pub fn new(memory: M) -> Session<M> {
        Session {
            memory,
            lines: LineReader::new(),
            mode: Mode::Waiting,
        }
    }

    /// Reads the next piece of standard input (any length, lines may span
    /// pieces), writing what the program prints to `out` (standard output)
    /// and `err` (standard error).
    pub fn feed<O: Write, E: Write>(
        &mut self,
        input: &[u8],
        out: &mut O,
        err: &mut E,
    ) -> Result<Fed, BatchError> {
        let mut at = 0;
        loop {
            match self.mode {
                Mode::Interactive => return Ok(Fed::Interactive { consumed: at }),
                Mode::Waiting => {
                    if at == input.len() {
                        return Ok(Fed::Batch);
                    }
                    let (used, line) = self.lines.next(&input[at..]);
                    at += used;
                    if let Some(line) = line {
                        self.start(line, out, err)?;
                    }
                }
                Mode::Batch => {
                    let mut game = Gamma::attach(self.memory.words())?;
                    while at < input.len() {
                        let (used, line) = self.lines.next(&input[at..]);
                        at += used;
                        if let Some(line) = line {
                            run(&mut game, line, out, err)?;
                        }
                    }
                    return Ok(Fed::Batch);
                }
            }
        }
    }

    /// The end of standard input: a last line without `'\n'` is an error
    /// unless it is a comment. The program then exits with status 0.
    pub fn finish<E: Write>(&mut self, err: &mut E) -> Result<(), BatchError> {
        if self.mode != Mode::Interactive {
            if let Some(line) = self.lines.finish() {
                error(err, line.number)?;
            }
        }
        Ok(())
    }

    /// The game, once a `B` or `I` line made one.
    pub fn game(&mut self) -> Option<Gamma<'_>> {
        match self.mode {
            Mode::Waiting => None,
            _ => Gamma::attach(self.memory.words()).ok(),
        }
    }

    /// Whether an `I` line started the interactive mode.
    pub fn is_interactive(&self) -> bool {
        self.mode == Mode::Interactive
    }

    /// The number of the line being read.
    pub fn line_number(&self) -> u64 {
        self.lines.line_number()
    }

    /// The game memory, for the caller to free.
    pub fn into_memory(self) -> M {
        self.memory
    }

    /// A line before any game: only `B` or `I` that makes one is accepted.
    fn start<O: Write, E: Write>(
        &mut self,
        line: Line,
        out: &mut O,
        err: &mut E,
    ) -> Result<(), BatchError> {
        let Some(Command::New {
            interactive,
            width,
            height,
            players,
            areas,
        }) = line.command
        else {
            return error(err, line.number);
        };
        let made = areas != 0
            && Gamma::memory_words(width, height, players).is_some_and(|words| {
                self.memory.allocate_zeroed(words)
                    && Gamma::new_in_zeroed(width, height, players, areas, self.memory.words())
                        .is_ok()
            });
        if !made {
            return error(err, line.number);
        }
        if interactive {
            self.mode = Mode::Interactive;
        } else {
            self.mode = Mode::Batch;
            writeln!(out, "OK {}", line.number)?;
        }
        Ok(())
    }
}

/// A line in batch mode, a game existing.
fn run<O: Write, E: Write>(
    game: &mut Gamma<'_>,
    line: Line,
    out: &mut O,
    err: &mut E,
) -> Result<(), BatchError> {
    let Some(command) = line.command else {
        return error(err, line.number);
    };
    let flag = |ok: bool| if ok { "1\n" } else { "0\n" };
    match command {
        Command::New { .. } => return error(err, line.number),
        Command::Move { player, x, y } => out.write_str(flag(game.play(player, x, y).is_ok()))?,
        Command::GoldenMove { player, x, y } => {
            out.write_str(flag(game.golden_move(player, x, y).is_ok()))?
        }
        Command::BusyFields(player) => writeln!(out, "{}", game.busy_fields(player))?,
        Command::FreeFields(player) => writeln!(out, "{}", game.free_fields(player))?,
        Command::GoldenPossible(player) => out.write_str(flag(game.golden_possible(player)))?,
        Command::Board => write!(out, "{}", BoardText(game))?,
    }
    Ok(())
}

fn error<E: Write>(err: &mut E, number: u64) -> Result<(), BatchError> {
    writeln!(err, "ERROR {number}")?;
    Ok(())
}
