//! Runs a player program for one move as spec section 6 says: the command
//! split on whitespace (no shell) with the state string as one more
//! argument, standard input empty, standard output and standard error
//! read concurrently while it runs (at most [`FLOOD_LIMIT`] bytes of
//! output kept, the rest a flood; standard error thrown away), in a
//! process group of its own that is killed at the time limit, at a flood
//! and once it exits (so nothing it started outlives its turn). Whatever
//! the program does, the referee gets an answer within the time limit and
//! a short grace.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use atom4_core::atropos::referee::FLOOD_LIMIT;
use rustix::process::{kill_process_group, Pid, Signal};

/// How long the referee waits, after a program exits (or is killed), for
/// the pipes it left open to close: a program that hands its output to a
/// process outside its group cannot keep the referee waiting longer.
const GRACE: Duration = Duration::from_millis(1000);

/// How a program's turn ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Still running at the time limit: killed with its group.
    TimedOut,
    /// Wrote more than [`FLOOD_LIMIT`] bytes: killed with its group.
    Flooded,
    /// Could not be started (why).
    NotStarted(String),
    /// Ended by this signal.
    Signalled(i32),
    /// Exited with this status and standard output.
    Exited { code: i32, output: Vec<u8> },
}

/// A program's turn: how it ended and its time, from just before the
/// start to its exit (or to when it was killed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub ending: Ending,
    pub elapsed: Duration,
}

/// What the threads watching a program report.
enum Event {
    /// The program exited (or was killed) at this instant.
    Exited(std::io::Result<ExitStatus>, Instant),
    /// Standard output reached its end (all of it, or the first
    /// `FLOOD_LIMIT + 1` bytes of a flood).
    Output(Vec<u8>),
    /// More than `FLOOD_LIMIT` bytes arrived.
    Flood,
}

/// Runs `command` (program and arguments) with `state` appended, for at
/// most `limit`.
pub fn run(command: &[String], state: &str, limit: Duration) -> Turn {
    let start = Instant::now();
    let Some((program, args)) = command.split_first() else {
        return Turn {
            ending: Ending::NotStarted("an empty command".into()),
            elapsed: start.elapsed(),
        };
    };
    let spawned = Command::new(program)
        .args(args)
        .arg(state)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Turn {
                ending: Ending::NotStarted(format!("{program}: {e}")),
                elapsed: start.elapsed(),
            }
        }
    };
    let group = i32::try_from(child.id()).ok().and_then(Pid::from_raw);
    let (events, inbox) = channel();
    if let Some(stdout) = child.stdout.take() {
        let events = events.clone();
        thread::spawn(move || read_output(stdout, events));
    } else {
        let _ = events.send(Event::Output(Vec::new()));
    }
    if let Some(mut stderr) = child.stderr.take() {
        // Drained so that a chatty program never blocks; never a forfeit.
        thread::spawn(move || {
            let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        });
    }
    {
        let events = events.clone();
        thread::spawn(move || {
            let status = child.wait();
            let _ = events.send(Event::Exited(status, Instant::now()));
        });
    }
    drop(events);
    watch(start, limit, group, &inbox)
}

/// Reads standard output until its end or a flood.
fn read_output(mut stdout: impl Read, events: Sender<Event>) {
    let mut output = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match stdout.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = FLOOD_LIMIT + 1 - output.len();
                output.extend_from_slice(&chunk[..n.min(room)]);
                if output.len() > FLOOD_LIMIT {
                    let _ = events.send(Event::Flood);
                    break;
                }
            }
        }
    }
    let _ = events.send(Event::Output(output));
}

fn kill(group: Option<Pid>) {
    if let Some(group) = group {
        // Gone already is fine: there is nothing left to stop.
        let _ = kill_process_group(group, Signal::Kill);
    }
}

/// Waits for the program's end within the limit; kills its group at the
/// limit, at a flood and after its exit.
fn watch(start: Instant, limit: Duration, group: Option<Pid>, inbox: &Receiver<Event>) -> Turn {
    let deadline = start + limit;
    let mut exited: Option<(std::io::Result<ExitStatus>, Instant)> = None;
    let mut output: Option<Vec<u8>> = None;
    let mut flooded = false;
    let mut timed_out = false;
    let mut grace_end: Option<Instant> = None;
    loop {
        if exited.is_some() && (output.is_some() || flooded) {
            break;
        }
        let until = grace_end.unwrap_or(deadline);
        let wait = until.saturating_duration_since(Instant::now());
        match inbox.recv_timeout(wait) {
            Ok(Event::Exited(status, at)) => {
                exited = Some((status, at));
                // Whatever it started goes with it; its pipes then close.
                kill(group);
                grace_end.get_or_insert(Instant::now() + GRACE);
            }
            Ok(Event::Output(bytes)) => output = Some(bytes),
            Ok(Event::Flood) => {
                flooded = true;
                kill(group);
                grace_end.get_or_insert(Instant::now() + GRACE);
            }
            Err(RecvTimeoutError::Timeout) => {
                if grace_end.is_some() {
                    // Pipes held open by something outside the group.
                    break;
                }
                timed_out = true;
                kill(group);
                grace_end = Some(Instant::now() + GRACE);
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let end = exited.as_ref().map_or_else(Instant::now, |(_, at)| *at);
    let elapsed = end.saturating_duration_since(start);
    let ending = if timed_out || elapsed > limit {
        Ending::TimedOut
    } else if flooded {
        Ending::Flooded
    } else {
        match exited {
            Some((Ok(status), _)) => match (status.code(), status.signal()) {
                (Some(code), _) => Ending::Exited {
                    code,
                    output: output.unwrap_or_default(),
                },
                (None, Some(signal)) => Ending::Signalled(signal),
                (None, None) => Ending::Signalled(0),
            },
            Some((Err(e), _)) => Ending::NotStarted(format!("cannot wait for it: {e}")),
            None => Ending::TimedOut,
        }
    };
    Turn { ending, elapsed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limit_ms: u64) -> Turn {
        let command = vec![
            "sh".to_string(),
            "-c".to_string(),
            script.to_string(),
            "sh".to_string(),
        ];
        run(&command, "STATE", Duration::from_millis(limit_ms))
    }

    #[test]
    fn a_program_answers_with_its_output_and_status() {
        let turn = sh("printf '%s\\n' \"$1\"", 5000);
        assert_eq!(
            turn.ending,
            Ending::Exited {
                code: 0,
                output: b"STATE\n".to_vec()
            }
        );
        let turn = sh("echo x; exit 3", 5000);
        assert!(matches!(turn.ending, Ending::Exited { code: 3, .. }));
    }

    #[test]
    fn misbehaving_programs_end_within_the_limit() {
        let t = Instant::now();
        assert_eq!(sh("sleep 10", 300).ending, Ending::TimedOut);
        // A child that keeps the pipe open dies with the group.
        assert_eq!(
            sh("(sleep 10; echo late) & echo '(1,1,1,1)'", 2000).ending,
            Ending::Exited {
                code: 0,
                output: b"(1,1,1,1)\n".to_vec()
            }
        );
        assert_eq!(sh("yes", 5000).ending, Ending::Flooded);
        assert_eq!(sh("kill -SEGV $$", 5000).ending, Ending::Signalled(11));
        assert_eq!(
            sh("yes >&2 & sleep 0.2; echo ok", 5000).ending,
            Ending::Exited {
                code: 0,
                output: b"ok\n".to_vec()
            }
        );
        let missing = run(
            &["/no/such/program".to_string()],
            "S",
            Duration::from_secs(1),
        );
        assert!(matches!(missing.ending, Ending::NotStarted(_)));
        assert!(matches!(
            run(&[], "S", Duration::from_secs(1)).ending,
            Ending::NotStarted(_)
        ));
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }
}
