//! The host's side of the console test: replays a game the console played
//! (written by `tests/console/drive.py`) through the one game interface on
//! the host (`registry::AnyState`, the doors' type), and checks that every
//! move the chip's engine chose is the host engine's choice under the same
//! limits, seed and memory, and that the game ends in the position the
//! console printed last.
//!
//! Usage: `replay RECORD` (built for the host: `cargo run --release
//! --example replay --target <host>`). The record has one line a move, in
//! order: `game NAME`, `options TEXT`, then `person M`, `go M` (the
//! engine's choice at the person's turn), `engine M`, `chance M`, and
//! last `final POSITION`.

use std::process::ExitCode;

use atom4_console::games::SPECS;
use atom4_core::registry::AnyState;
use atom4_core::state::Setup;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: replay RECORD");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("replay: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match replay(&text) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("replay: MISMATCH: {e}");
            ExitCode::FAILURE
        }
    }
}

fn replay(text: &str) -> Result<String, String> {
    let mut lines = text.lines();
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
            .ok_or(format!("the record has no {name} line"))
    };
    let game = field("game ")?;
    let options = field("options")?;
    let index = SPECS
        .iter()
        .position(|s| s.name == game)
        .ok_or(format!("no game {game}"))?;
    let spec = SPECS[index];
    let setup = Setup::parse(&options).map_err(|e| e.to_string())?;
    let mut state = AnyState::start(&game, &setup).map_err(|e| e.to_string())?;
    let mut memory = vec![0u64; spec.words];
    let (mut moves, mut engine) = (0u32, 0u32);
    let mut last = None;
    for line in text.lines().skip(2) {
        let (kind, arg) = line.split_once(' ').unwrap_or((line, ""));
        if kind == "final" {
            last = Some(arg.to_string());
            break;
        }
        let action = state
            .parse_move(arg)
            .map_err(|e| format!("move {}: {arg}: {e}", moves + 1))?;
        match kind {
            "person" | "chance" => {}
            "go" | "engine" => {
                let mut limits = spec.limits;
                limits.seed = u64::from(moves);
                let choice = state.search(&limits, &mut memory, &mut ()).best;
                if choice != Some(action) {
                    let mut host = String::new();
                    if let Some(a) = choice {
                        let _ = state.write_move(a, &mut host);
                    }
                    return Err(format!(
                        "move {}: the chip's engine played {arg}, the host's chooses {host:?}",
                        moves + 1
                    ));
                }
                engine += 1;
            }
            _ => return Err(format!("a line of no kind: {line:?}")),
        }
        state
            .play(action)
            .map_err(|e| format!("move {}: {arg}: {e}", moves + 1))?;
        moves += 1;
    }
    let last = last.ok_or("the record has no final line")?;
    let host = state.to_string();
    if host != last {
        return Err(format!(
            "the console ends in {last:?}, the host's replay in {host:?}"
        ));
    }
    Ok(format!(
        "host: {game} {options}: {moves} moves replayed, the engine's {engine} choices equal to the host's, the same final position"
    ))
}
