//! atom4-web-native: the web door's searches, natively, for the tests and
//! the benchmark that compare the module with the native build.
//!
//! Reads cases from standard input, one a line, tab-separated:
//! `game  position-text  nodes  depth  seed  level` (0 for none, level
//! `-` for the strong engine), and answers each with a line
//! `action  score  depth  nodes  microseconds  move-text`, searching in
//! the same engine memory as the module ([`atom4_web::engine`]). A bad
//! case answers `error  <why>` and the run goes on.

use std::io::{BufRead, Write};
use std::time::Instant;

use atom4_core::control::Report;
use atom4_core::registry::GameId;
use atom4_core::state::{Action, Limits};
use atom4_web::door::Door;
use atom4_web::engine::{Clock, Stop, ENGINE_WORDS};
use atom4_web::out::Out;

struct NativeClock(Instant);

impl Clock for NativeClock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

fn case(line: &str, memory: &mut [u64]) -> Result<String, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [game, text, nodes, depth, seed, level] = fields[..] else {
        return Err(format!("{} fields, not 6", fields.len()));
    };
    let id: GameId = game.parse().map_err(|e| format!("{e}"))?;
    let state = id.from_text(text).map_err(|e| format!("{e}"))?;
    let number = |t: &str| t.parse::<u64>().map_err(|e| format!("{t:?}: {e}"));
    let limits = Limits {
        nodes: Some(number(nodes)?).filter(|&n| n > 0),
        depth: Some(number(depth)? as u8).filter(|&d| d > 0),
        time_ms: None,
        seed: number(seed)?,
        level: match level {
            "-" => None,
            l => Some(number(l)? as u8),
        },
    };
    let door = Door { state: Some(state) };
    let mut buf = vec![0u8; 1 << 16];
    let mut out = Out::new(&mut buf);
    let mut control = Stop::new(NativeClock(Instant::now()), None, |_: &Report<Action>| {});
    let started = Instant::now();
    let n = door.search(&limits, memory, &mut control, &mut out);
    let micros = started.elapsed().as_micros();
    if n < 0 {
        return Err(format!("search failed: code {n}"));
    }
    let answer = String::from_utf8_lossy(&buf[..n as usize]).into_owned();
    let mut lines = answer.lines();
    let head: Vec<&str> = lines.next().unwrap_or("").split(' ').collect();
    let [best, score, depth, nodes] = head[..] else {
        return Err(format!("search answered {answer:?}"));
    };
    let mv = if best != "-1" {
        lines.next().unwrap_or("")
    } else {
        ""
    };
    Ok(format!("{best}\t{score}\t{depth}\t{nodes}\t{micros}\t{mv}"))
}

fn main() {
    let mut memory = vec![0u64; ENGINE_WORDS];
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = case(&line, &mut memory).unwrap_or_else(|e| format!("error\t{e}"));
        if writeln!(stdout, "{answer}")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            break;
        }
    }
}
