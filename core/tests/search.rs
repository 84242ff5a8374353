//! The generic search, driven through Atom-4 and the strong evaluation.

use atom4_core::atom4::{Atom4, StrongEval, StrongSearch};
use atom4_core::search::{
    Control, Entry, Evaluator, Limits, Report, Search, CHECK_EVERY, MATE, MATE_BOUND,
};
use atom4_core::{Cell, Rng};

fn random_position(rng: &mut Rng, moves: u32) -> Atom4 {
    let mut game = Atom4::standard();
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let legal = game.legal_moves();
        game.play(legal.nth(rng.below(legal.count())).unwrap())
            .unwrap();
    }
    game
}

fn search(game: &Atom4, limits: Limits, table: &mut [Entry<Cell>]) -> Report<Cell> {
    StrongSearch::new(table, StrongEval::default()).run(game, limits, &mut ())
}

#[test]
fn finds_the_win_in_one_and_scores_it_as_mate() {
    // Red at (4,1) or (3,0) turns the cyan at (3,1) white: W W W W.
    let game: Atom4 = "....../WWWc../....KK/....../....../...... r 1 0-0 *"
        .parse()
        .unwrap();
    let mut table = vec![Entry::EMPTY; 1024];
    let report = search(&game, Limits::depth(4), &mut table);
    let mut after = game;
    after.play(report.best.unwrap()).unwrap();
    assert_eq!(
        after.status(),
        atom4_core::atom4::Status::Won(atom4_core::atom4::Player::ONE)
    );
    assert_eq!(report.score, MATE - 1);
    assert_eq!(report.pv.first().copied(), report.best);
}

/// A search cut short by its node limit answers with the last completed
/// depth, unless the unfinished iteration found a better move than that
/// depth's best and searched it to the end. The same search run to the end
/// goes through the same nodes first, so such a move scores at most the
/// deeper search's best, and exactly that when it is that best.
#[test]
fn an_interrupted_search_returns_the_last_completed_iteration_or_a_better_move() {
    let mut rng = Rng::new(7);
    let mut table = vec![Entry::EMPTY; 1 << 14];
    let (mut kept, mut changed) = (0, 0);
    for _ in 0..40 {
        let moves = 10 + rng.below(40);
        let game = random_position(&mut rng, moves);
        if game.is_over() {
            continue;
        }
        table.fill(Entry::EMPTY);
        let fixed = search(&game, Limits::depth(4), &mut table);
        table.fill(Entry::EMPTY);
        let deeper = search(&game, Limits::depth(5), &mut table);
        if deeper.depth < 5 {
            continue; // a forced result ended it early
        }
        let cut_at = |nodes: u64, table: &mut [Entry<Cell>]| {
            table.fill(Entry::EMPTY);
            let limits = Limits {
                depth: 64,
                nodes,
                seed: 0,
            };
            search(&game, limits, table)
        };
        // Stopped at the first node of depth 5: depth 4's answer.
        let cut = cut_at(fixed.nodes + 1, &mut table);
        assert_eq!(
            (cut.depth, cut.best, cut.score),
            (fixed.depth, fixed.best, fixed.score)
        );
        // Stopped half way through depth 5.
        let cut = cut_at((fixed.nodes + deeper.nodes) / 2, &mut table);
        assert_eq!(cut.depth, fixed.depth);
        if cut.best == fixed.best {
            assert_eq!(cut.score, fixed.score);
            kept += 1;
        } else {
            assert!(cut.score <= deeper.score, "{game}");
            if cut.best == deeper.best {
                assert_eq!(cut.score, deeper.score, "{game}");
            }
            assert_eq!(cut.pv.first().copied(), cut.best);
            changed += 1;
        }
    }
    assert!(kept > 5 && changed > 0, "kept {kept}, changed {changed}");
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let game = random_position(&mut Rng::new(3), 30);
    let mut t1 = vec![Entry::EMPTY; 4096];
    let mut t2 = vec![Entry::EMPTY; 4096];
    let limits = Limits {
        depth: 5,
        nodes: u64::MAX,
        seed: 99,
    };
    assert_eq!(
        search(&game, limits, &mut t1),
        search(&game, limits, &mut t2)
    );
}

/// One search object, the same position, limits and table contents (no
/// table at all here): the same result and the same nodes, whatever it
/// searched in between (the move-ordering memory starts afresh).
#[test]
fn the_same_search_repeats_itself() {
    let game = random_position(&mut Rng::new(3), 30);
    let other = random_position(&mut Rng::new(8), 45);
    let mut search = StrongSearch::new(&mut [], StrongEval::default());
    let first = search.run(&game, Limits::depth(5), &mut ());
    search.run(&other, Limits::depth(5), &mut ());
    let again = search.run(&game, Limits::depth(5), &mut ());
    assert_eq!(first, again);
    assert!(first.nodes > 1000, "a real search: {} nodes", first.nodes);
}

/// Tables of any length work, the empty one included.
#[test]
fn any_table_length_works() {
    let game = random_position(&mut Rng::new(4), 25);
    let mut reference = vec![Entry::EMPTY; 1 << 12];
    let best = search(&game, Limits::depth(3), &mut reference).best;
    for len in [0usize, 1, 3, 1000, 4096] {
        let mut table = vec![Entry::EMPTY; len];
        let report = search(&game, Limits::depth(3), &mut table);
        assert!(
            game.legal_moves().has(report.best.unwrap()),
            "table of {len}"
        );
        assert_eq!(report.depth, 3);
        if len == 0 {
            assert_eq!(report.best.is_some(), best.is_some());
        }
    }
}

/// The caller's stop check ends the search; iterations are reported.
#[test]
fn the_caller_can_stop_a_search() {
    struct StopAfter {
        calls: u32,
        iterations: Vec<u8>,
    }
    impl Control<Cell> for StopAfter {
        fn should_stop(&mut self, _nodes: u64) -> bool {
            self.calls += 1;
            self.calls > 3
        }
        fn iteration_done(&mut self, report: &Report<Cell>) {
            self.iterations.push(report.depth);
        }
    }
    let game = random_position(&mut Rng::new(5), 40);
    let mut table = vec![Entry::EMPTY; 1 << 12];
    let mut control = StopAfter {
        calls: 0,
        iterations: Vec::new(),
    };
    let report = StrongSearch::new(&mut table, StrongEval::default()).run(
        &game,
        Limits::depth(30),
        &mut control,
    );
    // Asked every CHECK_EVERY nodes, it said stop the fourth time.
    assert_eq!((control.calls, report.nodes), (4, 4 * CHECK_EVERY));
    assert!(report.depth < 30);
    // Every completed iteration was reported, in order, and the answer is
    // the last one's.
    assert_eq!(control.iterations.last().copied(), Some(report.depth));
    assert_eq!(control.iterations, (1..=report.depth).collect::<Vec<u8>>());
    assert!(game.legal_moves().has(report.best.unwrap()));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut game = Atom4::new(2, 2).unwrap();
    while !game.is_over() {
        game.play(game.legal_moves().first().unwrap()).unwrap();
    }
    let report = search(&game, Limits::depth(3), &mut []);
    assert_eq!(report.best, None);
}

/// Whether the side to move can force a win within `plies` plies, by
/// trying every line (the oracle for the pruned search).
fn forced_win(game: &Atom4, plies: u32) -> bool {
    use atom4_core::atom4::Status;
    if plies == 0 {
        return false;
    }
    let me = game.side_to_move();
    game.legal_moves().iter().any(|mv| {
        let mut after = *game;
        after.play(mv).unwrap();
        match after.status() {
            Status::Won(p) => p == me,
            Status::Stalemate => false,
            Status::Playing => {
                plies >= 3
                    && after.legal_moves().iter().all(|reply| {
                        let mut next = after;
                        next.play(reply).unwrap();
                        match next.status() {
                            Status::Playing => forced_win(&next, plies - 2),
                            _ => false,
                        }
                    })
            }
        }
    })
}

/// Pruning (null moves, reductions) may miss a win but must never invent
/// one: every win in one or two moves the search announces is checked
/// against all lines.
#[test]
fn every_announced_win_is_real() {
    let mut rng = Rng::new(21);
    let mut table = vec![Entry::EMPTY; 1 << 14];
    let mut wins = 0;
    for _ in 0..400 {
        let moves = 40 + rng.below(120);
        let game = random_position(&mut rng, moves);
        if game.is_over() {
            continue;
        }
        table.fill(Entry::EMPTY);
        let report = search(&game, Limits::depth(4), &mut table);
        let plies = MATE - report.score;
        if report.score <= MATE_BOUND || plies > 3 {
            continue;
        }
        let mut after = game;
        after.play(report.best.unwrap()).unwrap();
        assert!(
            plies == 1 && after.is_over() || forced_win(&game, plies as u32),
            "{game}: no win in {plies} plies"
        );
        wins += 1;
    }
    assert!(wins >= 10, "only {wins} wins announced");
}

/// The strong evaluation, with every move searched: the measure of late
/// move pruning.
struct EveryMove(StrongEval);

impl Evaluator<Atom4> for EveryMove {
    fn evaluate(&mut self, game: &Atom4) -> i32 {
        self.0.evaluate(game)
    }

    fn move_hint(&mut self, game: &Atom4, mv: Cell) -> i32 {
        self.0.move_hint(game, mv)
    }

    fn start(&mut self, root: &Atom4) {
        self.0.start(root)
    }

    fn wins_at_once(&mut self, game: &Atom4) -> bool {
        self.0.wins_at_once(game)
    }
}

/// [`search`] with every move searched.
fn search_every_move(game: &Atom4, limits: Limits, table: &mut [Entry<Cell>]) -> Report<Cell> {
    Search::new(table, EveryMove(StrongEval::default())).run(game, limits, &mut ())
}

/// Late move pruning skips late quiet moves at depths 1 and 2 only, and
/// only below the root: a search of depth 1 is the same with it and
/// without, deeper ones visit fewer nodes.
#[test]
fn late_move_pruning_skips_moves_below_the_root_only() {
    assert_eq!(
        <StrongEval as Evaluator<Atom4>>::LATE_MOVES,
        [8, 12],
        "the pruning the docs measured"
    );
    let mut rng = Rng::new(35);
    let mut table = vec![Entry::EMPTY; 1 << 14];
    let (mut pruned, mut every) = (0, 0);
    for _ in 0..20 {
        let moves = 20 + rng.below(40);
        let game = random_position(&mut rng, moves);
        if game.is_over() {
            continue;
        }
        table.fill(Entry::EMPTY);
        let shallow = search(&game, Limits::depth(1), &mut table);
        table.fill(Entry::EMPTY);
        let all = search_every_move(&game, Limits::depth(1), &mut table);
        assert_eq!(shallow, all, "{game}");
        table.fill(Entry::EMPTY);
        pruned += search(&game, Limits::depth(6), &mut table).nodes;
        table.fill(Entry::EMPTY);
        every += search_every_move(&game, Limits::depth(6), &mut table).nodes;
    }
    assert!(
        pruned * 10 < every * 9,
        "{pruned} nodes with pruning, {every} without"
    );
}
