//! A bot program run by the controller, kept at arm's length by the
//! child runner (a process group of its own, so that a shell and
//! everything it started die together, and whatever escapes the group is
//! ended too; input and output watched without blocking, so that a bot
//! that never reads, never answers or floods its output cannot stall the
//! controller): replies are waited for with a timeout, and lines are
//! capped in length.

use std::time::{Duration, Instant};

use atom4_arena::child::{self, Child, Input};

/// The longest reply line the controller reads (a real one is a few bytes).
pub const MAX_REPLY: usize = 4096;

/// What the bot's output gave instead of a reply line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoReply {
    /// Nothing within the timeout.
    Timeout(Duration),
    /// The output ended before a whole line (the bot exited or crashed);
    /// the end of its standard error.
    Ended { stderr: String },
    /// The shell could not run the bot (status 126 or 127: not found, not
    /// executable); the end of its standard error.
    CannotRun { stderr: String },
    /// A line longer than [`MAX_REPLY`] bytes.
    Overlong,
    /// A line that is not UTF-8 text.
    NotText,
    /// The bot's input is closed (it exited) or its output failed.
    Broken(String),
}

impl std::fmt::Display for NoReply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoReply::Timeout(t) => write!(f, "no reply within {} ms", t.as_millis()),
            NoReply::CannotRun { stderr } => {
                write!(f, "the bot cannot be run: {}", stderr.replace('\n', " / "))
            }
            NoReply::Ended { stderr } if stderr.is_empty() => {
                f.write_str("the bot's output ended without a reply")
            }
            NoReply::Ended { stderr } => write!(
                f,
                "the bot's output ended without a reply; its standard error ends: {}",
                stderr.replace('\n', " / ")
            ),
            NoReply::Overlong => write!(f, "a reply line longer than {MAX_REPLY} bytes"),
            NoReply::NotText => f.write_str("a reply line that is not UTF-8 text"),
            NoReply::Broken(why) => write!(f, "the bot's pipes failed: {why}"),
        }
    }
}

/// A running bot program, through the child runner
/// ([`atom4_arena::child`]).
pub struct BotProcess {
    child: Child,
    /// Set once the output has ended or failed: every later reply fails
    /// the same way, at once.
    finished: Option<NoReply>,
}

impl BotProcess {
    /// Starts `command` as `sh -c` would (without the shell when it is a
    /// simple command), in a process group of its own; of its standard
    /// error only the end is kept, for messages.
    pub fn start(command: &str) -> Result<BotProcess, String> {
        let child = child::spawn_command(command, Input::Piped, MAX_REPLY)
            .map_err(|e| format!("cannot start the bot {command:?}: {e}"))?;
        Ok(BotProcess {
            child,
            finished: None,
        })
    }

    /// Writes `line` and a newline to the bot's input (without waiting).
    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.child.send(&bytes);
    }

    /// Closes the bot's input (it sees the end of its input once the lines
    /// sent so far are written).
    pub fn close_input(&mut self) {
        self.child.close_input();
    }

    /// The next line of the bot's output (the last one also without its
    /// newline), waiting at most `timeout`.
    pub fn reply(&mut self, timeout: Duration) -> Result<String, NoReply> {
        if let Some(why) = &self.finished {
            return Err(why.clone());
        }
        let until = Instant::now() + timeout;
        let line = loop {
            if let Some(i) = self.child.output().iter().position(|&b| b == b'\n') {
                let mut line = self.child.take_output(i + 1);
                line.pop();
                break text(line);
            }
            if self.child.output().len() > MAX_REPLY {
                break Err(NoReply::Overlong);
            }
            if let Some(ended) = self.child.output_ended() {
                let why = match ended {
                    Some(e) => NoReply::Broken(e.to_string()),
                    None if self.child.output().is_empty() => {
                        // What it said on its way out (a shell's "not found").
                        let until = Instant::now() + Duration::from_millis(200);
                        while self.child.exited().is_none() && self.child.step(until) {}
                        self.child.kill();
                        let stderr = self.child.stderr_tail();
                        match self.child.exited().and_then(|(status, _)| status.code()) {
                            Some(126 | 127) => NoReply::CannotRun { stderr },
                            _ => NoReply::Ended { stderr },
                        }
                    }
                    None => {
                        let n = self.child.output().len();
                        break text(self.child.take_output(n));
                    }
                };
                self.finished = Some(why.clone());
                break Err(why);
            }
            if !self.child.step(until) {
                break Err(NoReply::Timeout(timeout));
            }
        };
        if let Err(NoReply::Overlong) = line {
            // The rest of a game's replies cannot be told apart from it.
            self.finished = Some(NoReply::Overlong);
        }
        line
    }

    /// Ends the bot: closes its input, gives it up to `grace` to exit,
    /// then kills its process group and whatever it left behind, and reaps
    /// it.
    pub fn end(self, grace: Duration) {
        self.child.end(grace);
    }
}

/// A reply line as text.
fn text(line: Vec<u8>) -> Result<String, NoReply> {
    String::from_utf8(line).map_err(|_| NoReply::NotText)
}
