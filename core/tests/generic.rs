//! The generic searches on toy games whose values are known exactly:
//! alpha-beta solves tic-tac-toe and Nim, MCTS finds forced wins and plays
//! three-player games, expectimax and MCTS handle chance.

mod toys;

use atom4_core::control::Control;
use atom4_core::expectimax::{self, Evaluate, Expectimax};
use atom4_core::game::{Game, Turn, MAX_PLAYERS};
use atom4_core::mcts::{self, Mcts, RandomRollout, Values, NODE_WORDS};
use atom4_core::search::{Entry, Evaluator, Limits, Search, MATE, MATE_BOUND};
use atom4_core::Rng;
use toys::{Dice, DiceMove, Nim, Race, TicTacToe, TwiceNim};

/// Knows nothing: the search must find everything by looking.
struct Blind;

impl<G: Game> Evaluator<G> for Blind {
    fn evaluate(&mut self, _game: &G) -> i32 {
        0
    }
}

impl<G: Game> Evaluate<G> for Blind {
    fn values(&mut self, _game: &G, values: &mut Values) {
        *values = [0.0; MAX_PLAYERS];
    }
}

/// The sign of an alpha-beta score: 1 a forced win, -1 a forced loss.
fn sign(score: i32) -> i32 {
    if score > MATE_BOUND {
        1
    } else if score < -MATE_BOUND {
        -1
    } else {
        0
    }
}

/// Every position reachable in tic-tac-toe after a few random moves: the
/// search to full depth gives the exhaustive minimax value, and a move
/// that keeps it.
#[test]
fn alpha_beta_solves_tic_tac_toe() {
    let mut table = vec![Entry::EMPTY; 1 << 12];
    let start = TicTacToe::new();
    let report = Search::new(&mut table, Blind).run(&start, Limits::depth(9), &mut ());
    assert_eq!(report.score, 0, "tic-tac-toe is a draw");
    let mut rng = Rng::new(1);
    for _ in 0..300 {
        let mut game = TicTacToe::new();
        for _ in 0..rng.below(7) {
            let mut moves = arrayvec::ArrayVec::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len() as u32) as usize]);
        }
        if game.is_over() {
            continue;
        }
        table.fill(Entry::EMPTY);
        let report = Search::new(&mut table, Blind).run(&game, Limits::depth(9), &mut ());
        let value = game.solve();
        assert_eq!(sign(report.score), value, "{game:?}");
        let mut after = game;
        after.play(report.best.unwrap());
        assert_eq!(
            -after.solve().max(-1),
            value,
            "{game:?}: the move keeps the value"
        );
    }
    // A win in one is found and scored as the nearest win.
    let game = TicTacToe::from_rows("XX./OO./...");
    let report = Search::new(&mut table, Blind).run(&game, Limits::depth(4), &mut ());
    assert_eq!((report.best, report.score), (Some(2), MATE - 1));
}

/// Nim: the player to move wins exactly when the pile is not a multiple
/// of 4, by leaving a multiple of 4; the search says so for every pile.
#[test]
fn alpha_beta_solves_nim() {
    let mut table = vec![Entry::EMPTY; 256];
    for pile in 1..=24u8 {
        let game = Nim::new(pile);
        table.fill(Entry::EMPTY);
        let report = Search::new(&mut table, Blind).run(&game, Limits::depth(30), &mut ());
        if pile % 4 == 0 {
            assert_eq!(sign(report.score), -1, "pile {pile}");
        } else {
            assert_eq!(sign(report.score), 1, "pile {pile}");
            assert_eq!(report.best, Some(pile % 4), "pile {pile}");
            // Wins are counted in plies: the win comes at the last stone.
            let plies = MATE - report.score;
            assert!(plies as u8 <= pile, "pile {pile}: {plies} plies");
        }
    }
}

/// A game where a player may move twice in a row (taking three stones
/// gives another turn): the search negates only when the turn changes
/// hands, and still solves every pile.
#[test]
fn alpha_beta_solves_a_game_without_strict_turns() {
    let mut table = vec![Entry::EMPTY; 256];
    for pile in 1..=20u8 {
        let game = TwiceNim(Nim::new(pile));
        table.fill(Entry::EMPTY);
        let report = Search::new(&mut table, Blind).run(&game, Limits::depth(30), &mut ());
        let want = if TwiceNim::wins(pile) { 1 } else { -1 };
        assert_eq!(want == -1, pile % 3 == 2, "the rule's losing piles");
        assert_eq!(sign(report.score), want, "pile {pile}");
        if want == 1 {
            // The chosen move keeps the win.
            let take = report.best.unwrap();
            let left = pile - take;
            let kept = left == 0 || (take == 3) == TwiceNim::wins(left);
            assert!(kept, "pile {pile}: taking {take}");
        }
    }
}

/// The same search object, the same position, settings and table
/// contents (here: no table at all): the same result, whatever it searched
/// before (killers and history start afresh).
#[test]
fn a_search_repeats_itself() {
    let mut search = Search::new(&mut [], Blind);
    let game = TicTacToe::from_rows("X../.O./...");
    let first = search.run(&game, Limits::depth(6), &mut ());
    search.run(
        &TicTacToe::from_rows("..O/.X./X.."),
        Limits::depth(7),
        &mut (),
    );
    let again = search.run(&game, Limits::depth(6), &mut ());
    assert_eq!(first, again);
}

fn mcts_move<G: Game + Clone>(game: &G, iterations: u64, seed: u64) -> (G::Move, mcts::Limits)
where
    G::Move: mcts::NodeMove,
{
    let mut arena = vec![0u64; (1 << 16) * NODE_WORDS];
    let limits = mcts::Limits { iterations, seed };
    let report = Mcts::new(&mut arena, RandomRollout::default()).run(game, limits, &mut ());
    (report.best.expect("a move"), limits)
}

/// MCTS finds the only winning move of Nim piles that random play gets
/// wrong, and the block in tic-tac-toe.
#[test]
fn mcts_finds_forced_wins() {
    for pile in [5u8, 6, 7, 9, 10, 11] {
        let (mv, _) = mcts_move(&Nim::new(pile), 20_000, pile as u64);
        assert_eq!(mv, pile % 4, "pile {pile}");
    }
    // X to move wins at once at 2; O threatens 5 too.
    let (mv, _) = mcts_move(&TicTacToe::from_rows("XX./OO./..."), 5_000, 3);
    assert_eq!(mv, 2);
    // O to move must block at 2: every other move loses, that one draws.
    let game = TicTacToe::from_rows("XX./.O./...");
    for mv in [3u8, 5, 6, 7, 8] {
        let mut after = game;
        after.play(mv);
        assert_eq!(after.solve(), 1, "O at {mv} loses");
    }
    let mut after = game;
    after.play(2);
    assert_eq!(after.solve(), 0);
    let (mv, _) = mcts_move(&game, 20_000, 4);
    assert_eq!(mv, 2);
}

/// Three players: MCTS takes an immediate win, and avoids handing the
/// next player one; expectimax (max^n) gives the exact max^n values.
#[test]
fn three_players() {
    // Counter 8 of 10: adding 2 wins now.
    let game = Race::new(8, 10);
    assert_eq!(mcts_move(&game, 2_000, 1).0, 2);
    // Counter 6 of 10: +1 leaves 7 (the next player cannot reach 10, the
    // one after can be given 8 or 9); +2 leaves 8 (the next player wins).
    let game = Race::new(6, 10);
    assert_eq!(mcts_move(&game, 20_000, 2).0, 1);
    for count in 0..10 {
        let game = Race::new(count, 10);
        let report = Expectimax::new(Blind).run(&game, expectimax::Limits::depth(12), &mut ());
        let exact = game.max_n();
        let mover = game.to_move.index();
        assert_eq!(
            report.score,
            (exact[mover] * 1000.0) as i32,
            "count {count}: {exact:?}"
        );
    }
}

/// Chance: a die game whose best expected value is known; expectimax
/// computes it exactly and chooses by it, MCTS chooses the same.
#[test]
fn chance_games() {
    for (safe, weights) in [
        (0.6f32, [1u32; 6]),
        (0.75, [1; 6]),
        (0.6, [5, 1, 1, 1, 1, 1]),
        (0.5, [1, 1, 1, 1, 1, 7]),
    ] {
        let game = Dice {
            safe,
            weights,
            state: toys::DiceState::Start,
        };
        let expected = game.expected();
        let report = Expectimax::new(Blind).run(&game, expectimax::Limits::depth(2), &mut ());
        assert!(
            (report.score - (expected * 1000.0) as i32).abs() <= 1,
            "safe {safe}, weights {weights:?}: {} vs {expected}",
            report.score
        );
        let roll_wins = expected > safe + 1e-6;
        let want = if roll_wins {
            DiceMove::Roll
        } else {
            DiceMove::Stop
        };
        assert_eq!(report.best, Some(want), "expectimax, safe {safe}");
        let (mv, _) = mcts_move(&game, 40_000, 5);
        assert_eq!(mv, want, "MCTS, safe {safe}, weights {weights:?}");
    }
}

/// MCTS stops when its control says so and reports its progress; the same
/// seed gives the same search; a small arena still works.
#[test]
fn mcts_control_and_determinism() {
    struct Counting {
        checks: u32,
        reports: Vec<u64>,
    }
    impl Control<u8> for Counting {
        fn should_stop(&mut self, _iterations: u64) -> bool {
            self.checks += 1;
            self.checks > 100
        }
        fn iteration_done(&mut self, report: &atom4_core::control::Report<u8>) {
            self.reports.push(report.nodes);
        }
    }
    let game = TicTacToe::new();
    let mut arena = vec![0u64; (1 << 14) * NODE_WORDS];
    let mut control = Counting {
        checks: 0,
        reports: Vec::new(),
    };
    let report = Mcts::new(&mut arena, RandomRollout::default()).run(
        &game,
        mcts::Limits::iterations(u64::MAX),
        &mut control,
    );
    assert_eq!(report.nodes, 100 * mcts::CHECK_EVERY);
    assert_eq!(control.reports, [256, 512, 1024, 2048]);
    assert!(report.best.is_some() && report.pv.first() == report.best.as_ref());
    let limits = mcts::Limits {
        iterations: 3000,
        seed: 9,
    };
    let run =
        |arena: &mut [u64]| Mcts::new(arena, RandomRollout::default()).run(&game, limits, &mut ());
    assert_eq!(run(&mut arena), run(&mut arena));
    // Ten nodes: the root and its nine children, no more growth.
    let mut tiny = [0u64; 10 * NODE_WORDS];
    let report = run(&mut tiny);
    assert!(report.best.is_some());
    // No arena, or no turn to choose: no move.
    assert_eq!(run(&mut []).best, None);
    let over = TicTacToe::from_rows("XXX/OO./...");
    assert_eq!(over.turn(), Turn::Over);
    let report = Mcts::new(&mut arena, RandomRollout::default()).run(&over, limits, &mut ());
    assert_eq!(report.best, None);
}
