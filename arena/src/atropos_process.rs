//! Runs a player program for one move as spec section 6 says: the command
//! split on whitespace (no shell) with the state string as one more
//! argument, standard input empty, standard output read while it runs (at
//! most [`FLOOD_LIMIT`] bytes kept, more is a flood; standard error thrown
//! away), through the child runner ([`crate::child`]): its process group
//! and whatever it left behind are killed at the time limit, at a flood and
//! once it exits, so nothing it started outlives its turn. Whatever the
//! program does, the referee gets an answer within the time limit and a
//! short grace, with every byte it wrote by then.

use std::os::unix::process::ExitStatusExt;
use std::time::{Duration, Instant};

use atom4_core::atropos::referee::FLOOD_LIMIT;

use crate::child::{Child, Input};

/// How long the referee waits, after a program exits (or is killed), for
/// its output still in the pipe: what it left behind is killed with it, so
/// the pipe closes at once unless something escaped the kill.
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
    let mut words: Vec<&str> = args.iter().map(String::as_str).collect();
    words.push(state);
    let mut child = match Child::spawn(program, &words, Input::Null, FLOOD_LIMIT) {
        Ok(child) => child,
        Err(e) => {
            return Turn {
                ending: Ending::NotStarted(format!("{program}: {e}")),
                elapsed: start.elapsed(),
            }
        }
    };
    let deadline = start + limit;
    // Until it exits, floods or runs out of time.
    while child.exited().is_none() && !child.flooded() && child.step(deadline) {}
    let flooded = child.flooded();
    let exited = child.exited();
    // Whatever it started goes with it; its pipe then closes.
    child.kill();
    let grace_end = Instant::now() + GRACE;
    while child.output_ended().is_none() && !child.flooded() && child.step(grace_end) {}
    let flooded = flooded || child.flooded();
    let end = exited.map_or_else(Instant::now, |(_, at)| at);
    let elapsed = end.saturating_duration_since(start);
    let ending = match exited {
        None => Ending::TimedOut,
        Some(_) if elapsed > limit => Ending::TimedOut,
        Some(_) if flooded => Ending::Flooded,
        Some((status, _)) => match (status.code(), status.signal()) {
            (Some(code), _) => Ending::Exited {
                code,
                output: child.take_output(FLOOD_LIMIT),
            },
            (None, Some(signal)) => Ending::Signalled(signal),
            (None, None) => Ending::Signalled(0),
        },
    };
    let ending = if flooded && exited.is_none() {
        Ending::Flooded
    } else {
        ending
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
