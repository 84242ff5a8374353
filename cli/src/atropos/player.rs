//! `atom4 atropos player [--time MS] STATE`: the player program a referee
//! runs once a move (spec section 6). It prints exactly `(c,h,l,r)` and a
//! newline, within its time from start to exit: the engine thinks on a
//! thread with a deadline short of the budget, and if it has not answered
//! by the budget's end (a machine too busy, a bug), the program prints the
//! move it had ready before thinking (a safe one if any) and exits.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use atom4_arena::atropos_engines::{player_config, PlayerEngine, PlayerLimit};
use atom4_core::atropos::engine::Choice;
use atom4_core::atropos::{Atropos, Color, Move};

use super::options::PlayerArgs;
use crate::input::excerpt;

/// What the budget keeps back for writing the move and exiting, and for
/// a busy machine's delays: 15%, at least 4 ms, at most 100 ms.
fn reserve(budget: Duration) -> Duration {
    (budget * 3 / 20).clamp(Duration::from_millis(4), Duration::from_millis(100))
}

/// The move to print should the engine not answer in time: the first
/// safe move, or red on the first legal circle when every move loses.
fn ready_move(state: &Atropos) -> Option<Move> {
    let safe = state.safe_moves();
    match safe.first() {
        Some(&mv) => Some(mv),
        None => state
            .legal_circles()
            .first()
            .map(|&c| Move::new(Color::Red, c)),
    }
}

/// Reads the state, or says why not.
pub fn parse_state(text: &str) -> Result<Atropos, String> {
    // A long argument is not echoed whole.
    let shown = || format!("{:?}", excerpt(text, 300));
    let state =
        Atropos::from_text(text).map_err(|e| format!("bad state string {}: {e}", shown()))?;
    if state.is_finished() {
        return Err(format!(
            "the game is over in {} (its last play completed a three-coloured triangle): there is no move to make",
            shown()
        ));
    }
    Ok(state)
}

/// Runs the player: prints the move and exits the process (skipping the
/// teardown of the engine's memory, which the budget need not pay for).
pub fn run(args: &PlayerArgs, start: Instant) -> Result<(), String> {
    let state = parse_state(&args.state)?;
    let budget = Duration::from_millis(args.time);
    let fallback = ready_move(&state).ok_or("the position has no legal move")?;
    let think = budget.saturating_sub(reserve(budget));
    let deadline = start + think;
    let (answer, inbox) = channel::<Result<Option<Choice>, String>>();
    let seed = args.seed;
    // A machine short of memory (or of threads) still gets the ready move.
    let thinking = std::thread::Builder::new().spawn(move || {
        let limit = PlayerLimit::Time(think);
        let engine =
            player_config(&[], seed).and_then(|config| PlayerEngine::try_new(limit, config));
        let choice = engine.map(|mut engine| engine.choose(&state, start, &AtomicBool::new(false)));
        let _ = answer.send(choice);
    });
    if let Err(e) = thinking {
        atom4_arena::errln!("atom4: cannot start the engine ({e}): the ready move");
    }
    // The engine's answer, or the ready move halfway through the reserve.
    let give_up = deadline + reserve(budget) / 2;
    let wait = give_up.saturating_duration_since(Instant::now());
    let choice = match inbox.recv_timeout(wait) {
        Ok(Ok(choice)) => choice,
        Ok(Err(e)) => {
            atom4_arena::errln!("atom4: {e}: the ready move");
            None
        }
        Err(_) => None,
    };
    let mv = match choice {
        Some(choice) if state.check(choice.mv).is_ok() => choice.mv,
        _ => fallback,
    };
    let mut out = std::io::stdout().lock();
    out.write_all(format!("{mv}\n").as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the move: {e}"))?;
    if args.explain {
        match choice {
            Some(c) => atom4_arena::errln!(
                "{mv}: {}; {} solver positions, {} search nodes, {:.1} ms (deadline {:.1} ms)",
                c.reason,
                c.solver_nodes,
                c.search_nodes,
                start.elapsed().as_secs_f64() * 1000.0,
                (deadline - start).as_secs_f64() * 1000.0
            ),
            None => atom4_arena::errln!("{mv}: the engine did not answer in time; the ready move"),
        }
    }
    std::process::exit(0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_scales_with_the_budget() {
        assert_eq!(reserve(Duration::from_millis(10)), Duration::from_millis(4));
        assert_eq!(
            reserve(Duration::from_millis(100)),
            Duration::from_millis(15)
        );
        assert_eq!(reserve(Duration::from_secs(10)), Duration::from_millis(100));
    }

    #[test]
    fn bad_states_and_finished_games_are_refused() {
        assert!(parse_state("[13][302][12]LastPlay:null").is_ok());
        let e = parse_state("[13][302][1]LastPlay:null").unwrap_err();
        assert!(e.contains("at byte"), "{e}");
        let e = parse_state("[13][302][12]LastPlay:(1,1,1,1)").unwrap_err();
        assert!(e.contains("at byte"), "{e}");
        // Size 1 after its only move: finished.
        let e = parse_state("[13][312][12]LastPlay:(1,1,1,1)").unwrap_err();
        assert!(e.contains("the game is over"), "{e}");
    }
}
