//! The Atropos solver against a plain exhaustive search through the public
//! rules, the generic alpha-beta search on Atropos against the solver, and
//! the values of the start positions: Burke's conjecture (the first player
//! wins exactly when `n mod 4` is 0 or 3), as the spec's exhaustive
//! searches confirmed it up to size 8.

use std::time::Instant;

use atom4_core::atropos::{Atropos, MoveList, SolveError, Solver, Value};
use atom4_core::control::Control;
use atom4_core::game::Game;
use atom4_core::search::{Entry, Evaluator, Limits, Search, MATE_BOUND};
use atom4_core::Rng;

/// Whether the player to move wins, by trying every safe move: no table,
/// no ordering, nothing but the rules.
fn plain_value(position: &Atropos) -> bool {
    position.safe_moves().iter().any(|&mv| {
        let mut after = *position;
        after.play(mv).expect("a safe move is legal");
        !plain_value(&after)
    })
}

/// A position after `moves` random safe moves (fewer if none is left).
fn random_position(rng: &mut Rng, n: u32, moves: u32) -> Atropos {
    let mut position = Atropos::new(n).unwrap();
    for _ in 0..moves {
        let safe = position.safe_moves();
        if safe.is_empty() {
            break;
        }
        position
            .play(safe[rng.below(safe.len() as u32) as usize])
            .unwrap();
    }
    position
}

fn start_value(n: u32, table_log: u32) -> Value {
    let mut table = vec![0u64; 1 << table_log];
    let mut solver = Solver::new(&mut table);
    let t = Instant::now();
    let value = solver.value(&Atropos::new(n).unwrap(), &mut ()).unwrap();
    eprintln!(
        "size {n}: {value}, {} nodes, {:.3} s",
        solver.nodes(),
        t.elapsed().as_secs_f64()
    );
    value
}

fn conjecture(n: u32) -> Value {
    if matches!(n % 4, 0 | 3) {
        Value::Win
    } else {
        Value::Loss
    }
}

#[test]
fn the_solver_agrees_with_plain_search() {
    let mut rng = Rng::new(77);
    let mut table = vec![0u64; 1 << 16];
    let mut solver = Solver::new(&mut table);
    let mut winning = MoveList::new();
    let (mut wins, mut losses) = (0, 0);
    for (n, first_moves) in [(2, 0), (3, 0), (4, 0), (5, 2), (6, 8), (7, 14), (8, 22)] {
        for _ in 0..30 {
            let moves = first_moves + rng.below(4);
            let position = random_position(&mut rng, n, moves);
            if position.is_finished() {
                continue;
            }
            let win = plain_value(&position);
            let expected = if win { Value::Win } else { Value::Loss };
            assert_eq!(solver.value(&position, &mut ()), Ok(expected), "{position}");
            // The winning set: exactly the safe moves whose position is lost.
            solver
                .winning_moves(&position, &mut winning, &mut ())
                .unwrap();
            let plain: Vec<_> = position
                .safe_moves()
                .into_iter()
                .filter(|&mv| {
                    let mut after = position;
                    after.play(mv).unwrap();
                    !plain_value(&after)
                })
                .collect();
            assert_eq!(winning[..], plain[..], "{position}");
            // A winning move of the search is one of them.
            let found = solver.winning_move(&position, &mut ()).unwrap();
            assert_eq!(found.is_some(), win, "{position}");
            assert!(found.is_none_or(|mv| plain.contains(&mv)), "{position}");
            if win {
                wins += 1;
            } else {
                losses += 1;
            }
        }
    }
    assert!(wins > 20 && losses > 20, "{wins} wins, {losses} losses");
}

#[test]
fn finished_positions_have_no_value() {
    let mut table = vec![0u64; 64];
    let mut solver = Solver::new(&mut table);
    let finished: Atropos = "[13][322][12]LastPlay:(2,1,1,1)".parse().unwrap();
    let error = solver.value(&finished, &mut ()).unwrap_err();
    assert_eq!(error.to_string(), "the game is over");
    // An empty table works too, only without memory.
    let mut none: [u64; 0] = [];
    let mut solver = Solver::new(&mut none);
    assert_eq!(
        solver.value(&Atropos::new(4).unwrap(), &mut ()),
        Ok(Value::Win)
    );
}

/// Stops a search once it has visited so many positions.
struct NodeLimit(u64);

impl<M> Control<M> for NodeLimit {
    fn should_stop(&mut self, nodes: u64) -> bool {
        nodes >= self.0
    }
}

#[test]
fn a_control_stops_the_solver() {
    let mut table = vec![0u64; 1 << 12];
    let mut solver = Solver::new(&mut table);
    let start = Atropos::new(7).unwrap();
    let stopped = Err(SolveError::Stopped);
    assert_eq!(solver.value(&start, &mut NodeLimit(10_000)), stopped);
    assert!(solver.nodes() < 20_000, "{}", solver.nodes());
    let mut winning = MoveList::new();
    let all = solver.winning_moves(&start, &mut winning, &mut NodeLimit(30_000));
    assert_eq!((all, winning.len()), (stopped, 0));
    assert_eq!(
        solver.winning_move(&start, &mut NodeLimit(50_000)),
        Err(SolveError::Stopped)
    );
}

/// Knows nothing: the search must find everything by looking.
struct Blind;

impl<G: Game> Evaluator<G> for Blind {
    fn evaluate(&mut self, _game: &G) -> i32 {
        0
    }
}

/// The generic alpha-beta search, searched to the end of the game through
/// `ZeroSum`, finds the solver's values.
#[test]
fn alpha_beta_to_the_end_agrees_with_the_solver() {
    let mut rng = Rng::new(5);
    let mut tt = vec![Entry::EMPTY; 1 << 14];
    let mut table = vec![0u64; 1 << 14];
    let mut solver = Solver::new(&mut table);
    for _ in 0..40 {
        let moves = 3 + rng.below(4);
        let position = random_position(&mut rng, 5, moves);
        if position.is_finished() {
            continue;
        }
        tt.fill(Entry::EMPTY);
        let depth = 15 - position.moves_made() as u8;
        let report = Search::new(&mut tt, Blind).run(&position, Limits::depth(depth), &mut ());
        let value = solver.value(&position, &mut ()).unwrap();
        assert!(report.score.abs() > MATE_BOUND, "{position}: {report:?}");
        assert_eq!(report.score > 0, value == Value::Win, "{position}");
    }
}

#[test]
fn small_starts() {
    for n in 1..=6 {
        assert_eq!(start_value(n, 20), conjecture(n), "size {n}");
    }
}

#[test]
fn size_3_has_three_winning_moves() {
    let mut table = vec![0u64; 1 << 16];
    let mut solver = Solver::new(&mut table);
    let mut winning = MoveList::new();
    let value = solver
        .winning_moves(&Atropos::new(3).unwrap(), &mut winning, &mut ())
        .unwrap();
    let text: Vec<String> = winning.iter().map(|m| m.to_string()).collect();
    assert_eq!(value, Value::Win);
    assert_eq!(text, ["(1,1,1,3)", "(2,1,3,1)", "(3,3,1,1)"]);
}

#[test]
#[ignore = "a third of a second in a release build"]
fn size_7() {
    assert_eq!(start_value(7, 22), Value::Win);
}

#[test]
#[ignore = "seconds in a release build, 128 MiB of table"]
fn size_8() {
    assert_eq!(start_value(8, 24), Value::Win);
}

/// MCTS with random playouts, through `Game`, picks a winning move in
/// won endgames (a few circles left) that the solver checks.
#[test]
fn mcts_finds_winning_moves_in_endgames() {
    use atom4_core::mcts::{self, Mcts, RandomRollout, NODE_WORDS};
    let mut rng = Rng::new(8);
    let mut arena = vec![0u64; (1 << 16) * NODE_WORDS];
    let mut table = vec![0u64; 1 << 14];
    let mut solver = Solver::new(&mut table);
    let mut winning = MoveList::new();
    let mut checked = 0;
    while checked < 20 {
        let position = random_position(&mut rng, 6, 14);
        if position.is_finished()
            || solver.winning_moves(&position, &mut winning, &mut ()) != Ok(Value::Win)
            || winning.len() * 2 > position.safe_moves().len()
        {
            continue;
        }
        let limits = mcts::Limits {
            iterations: 20_000,
            seed: checked,
        };
        let report =
            Mcts::new(&mut arena, RandomRollout::default()).run(&position, limits, &mut ());
        let best = report.best.expect("a move");
        assert!(winning.contains(&best), "{position}: {best} of {winning:?}");
        checked += 1;
    }
}
