//! A bot program run by the controller, kept at arm's length: it runs in a
//! process group of its own (so that a shell and everything it started die
//! together), its input is written and its output read on threads of
//! their own (so that a bot that never reads, never answers or floods its
//! output cannot stall the controller), replies are waited for with a
//! timeout, and lines are capped in length.

use std::io::{BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// The longest reply line the controller reads (a real one is a few bytes).
pub const MAX_REPLY: usize = 4096;

/// What the bot's output gave instead of a reply line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoReply {
    /// Nothing within the timeout.
    Timeout(Duration),
    /// The output ended before a whole line (the bot exited or crashed).
    Ended,
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
            NoReply::Ended => f.write_str("the bot's output ended without a reply"),
            NoReply::Overlong => write!(f, "a reply line longer than {MAX_REPLY} bytes"),
            NoReply::NotText => f.write_str("a reply line that is not UTF-8 text"),
            NoReply::Broken(why) => write!(f, "the bot's pipes failed: {why}"),
        }
    }
}

/// One item of the bot's output.
type Line = Result<String, NoReply>;

/// A running bot program.
pub struct BotProcess {
    child: Child,
    /// Lines to write to the bot's input; dropped to close it.
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<Line>,
    /// Set once the output has ended or failed: every later reply fails
    /// the same way, at once.
    finished: Option<NoReply>,
}

impl BotProcess {
    /// Starts `command` with `sh -c`, in a process group of its own; its
    /// standard error is discarded.
    pub fn start(command: &str) -> Result<BotProcess, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start the bot {command:?}: {e}"))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => {
                kill_group(&mut child);
                return Err("the bot's pipes could not be set up".into());
            }
        };
        let (input, to_write) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || {
            let mut stdin = stdin;
            for bytes in to_write {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        // A few lines of look-ahead: a flooding bot blocks on its own pipe.
        let (lines, output) = mpsc::sync_channel::<Line>(4);
        thread::spawn(move || read_lines(stdout, lines));
        Ok(BotProcess {
            child,
            input: Some(input),
            output,
            finished: None,
        })
    }

    /// Writes `line` and a newline to the bot's input (without waiting).
    pub fn send(&mut self, line: &str) {
        if let Some(input) = &self.input {
            let mut bytes = line.as_bytes().to_vec();
            bytes.push(b'\n');
            let _ = input.send(bytes);
        }
    }

    /// Closes the bot's input (it sees the end of its input once the lines
    /// sent so far are written).
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next line of the bot's output, waiting at most `timeout`.
    pub fn reply(&mut self, timeout: Duration) -> Result<String, NoReply> {
        if let Some(why) = &self.finished {
            return Err(why.clone());
        }
        let line = match self.output.recv_timeout(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => Err(NoReply::Timeout(timeout)),
            Err(RecvTimeoutError::Disconnected) => Err(NoReply::Ended),
        };
        if let Err(why @ (NoReply::Ended | NoReply::Broken(_))) = &line {
            self.finished = Some(why.clone());
        }
        line
    }

    /// Ends the bot: closes its input, gives it up to `grace` to exit,
    /// then kills its process group, and reaps it.
    pub fn end(mut self, grace: Duration) {
        self.close_input();
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) => thread::sleep(Duration::from_millis(1)),
            }
        }
        // Drop kills what is left.
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.input = None;
        kill_group(&mut self.child);
    }
}

/// Kills the child's whole process group (the shell and what it started)
/// and reaps the child.
fn kill_group(child: &mut Child) {
    let group = rustix::process::Pid::from_child(child);
    let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    let _ = child.kill();
    let _ = child.wait();
}

/// Reads the bot's output as lines: each whole line (the last one also
/// without its newline), a line that grows beyond [`MAX_REPLY`] as soon as
/// it does (the rest of it is skipped), then the end or the failure of the
/// output.
fn read_lines(stdout: impl Read, lines: SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    let mut overlong = false;
    let mut chunk = [0u8; 4096];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => {
                // A last line without its newline still counts.
                if !line.is_empty() && !overlong {
                    let last = String::from_utf8(line).map_err(|_| NoReply::NotText);
                    if lines.send(last).is_err() {
                        return;
                    }
                }
                let _ = lines.send(Err(NoReply::Ended));
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = lines.send(Err(NoReply::Broken(e.to_string())));
                return;
            }
        };
        for &b in &chunk[..n] {
            if b == b'\n' {
                let item = if overlong {
                    None
                } else {
                    Some(String::from_utf8(std::mem::take(&mut line)).map_err(|_| NoReply::NotText))
                };
                line.clear();
                overlong = false;
                if let Some(item) = item {
                    if lines.send(item).is_err() {
                        return;
                    }
                }
            } else if !overlong {
                if line.len() == MAX_REPLY {
                    overlong = true;
                    line.clear();
                    if lines.send(Err(NoReply::Overlong)).is_err() {
                        return;
                    }
                } else {
                    line.push(b);
                }
            }
        }
    }
}
