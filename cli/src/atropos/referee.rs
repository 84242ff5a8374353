//! `atom4 atropos referee SIZE A B [options]`: matches between player
//! programs (or `default`) by our referee's rules (spec section 7), each
//! game on standard error as it ends, the records in `--log FILE` (one
//! JSON line a game, section 9.2, written as the games end), the summary
//! line (9.4) on standard output.

use std::io::Write;
use std::time::Duration;

use atom4_arena::atropos_engines::referee::{Contestant, Options, Referee};
use atom4_core::atropos::Size;

use super::options::RefereeArgs;

pub fn run(args: &RefereeArgs) -> Result<(), String> {
    let size = Size::new(args.size).map_err(|e| e.to_string())?;
    let contestants = [
        Contestant::from_command(&args.a).map_err(|e| format!("player A: {e}"))?,
        Contestant::from_command(&args.b).map_err(|e| format!("player B: {e}"))?,
    ];
    let options = Options {
        size,
        games: args.games,
        seed: args.seed,
        time_limit: Duration::from_secs_f64(args.time_limit),
        on_illegal: args.on_illegal,
        opening: args.opening,
    };
    let mut log = match &args.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?,
        )),
        None => None,
    };
    let mut referee = Referee::new(options, [args.a.clone(), args.b.clone()], contestants);
    for g in 0..args.games {
        let record = referee.play(g);
        let how = match record.reason {
            None => format!("{} completed a triangle", record.loser.to_uppercase()),
            Some(reason) => format!("{} forfeits: {reason}", record.loser.to_uppercase()),
        };
        atom4_arena::errln!(
            "game {}/{}: {} wins ({how}), {} moves; A {} B {} wins so far",
            g + 1,
            args.games,
            record.winner.to_uppercase(),
            record.moves.len(),
            referee.stats[0].wins,
            referee.stats[1].wins
        );
        if let (Some(file), Some(path)) = (log.as_mut(), args.log.as_ref()) {
            writeln!(file, "{}", record.to_json())
                .and_then(|()| file.flush())
                .map_err(|e| format!("{path}: {e}"))?;
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", referee.summary())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the summary: {e}"))
}
