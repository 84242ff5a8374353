//! The Chain Reaction strong engine through its public entry
//! (`StrongSearch`): it takes wins, sees losses, plays any player count and
//! rule set, keeps its time on positions of endless-looking cascades, and
//! beats the reference opponents and random play in small matches.

use std::time::{Duration, Instant};

use atom4_core::chain::{reference, Move, Position, Rules, Status, StrongEval, StrongSearch};
use atom4_core::control::Control;
use atom4_core::game::Player;
use atom4_core::search::{Entry, Limits, Report, MATE, MATE_BOUND};
use atom4_core::Rng;

/// Stops at a deadline, as front ends do.
struct Deadline(Instant);

impl<M> Control<M> for Deadline {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        Instant::now() >= self.0
    }
}

fn search(position: &Position, limits: Limits) -> Report<Move> {
    let mut table = vec![Entry::EMPTY; 1 << 14];
    StrongSearch::new(&mut table, StrongEval::default()).run(position, limits, &mut ())
}

fn position(text: &str) -> Position {
    text.parse().unwrap()
}

#[test]
fn it_takes_a_win_in_one_with_any_player_count() {
    for text in [
        "classic 2 1a2b./2b3b2b/1a2b. b 13 - *",
        // c wins by capturing a's and b's last cells at once.
        "classic 3 1a2c./2c3c2c/1b2c. c 14 - *",
    ] {
        let p = position(text);
        let report = search(&p, Limits::depth(3));
        assert_eq!(report.score, MATE - 1, "{text}");
        let mut after = p;
        after.play(report.best.unwrap()).unwrap();
        assert_eq!(after.status(), Status::Won(p.to_move().unwrap()), "{text}");
    }
}

/// Whether the side to move of `p` forces a win (1) or is forced to lose
/// (-1) within `plies` moves, by looking at every move (0: neither).
fn solve(p: &Position, plies: u32) -> i32 {
    let mut best = -1;
    for cell in p.legal_cells() {
        let mut child = *p;
        child.play(Move::Place(cell)).unwrap();
        let value = if child.is_over() {
            1
        } else if plies == 1 {
            0
        } else {
            -solve(&child, plies - 1)
        };
        best = best.max(value);
        if best == 1 {
            break;
        }
    }
    best
}

/// Within its depth the search is exact about wins and losses: on random
/// small positions, a win score exactly when every-move search finds a
/// forced win in 3 plies, a loss score exactly when every move loses in 2.
#[test]
fn wins_and_losses_within_the_horizon_are_exact() {
    let mut rng = Rng::new(21);
    let (mut wins, mut losses, mut checked) = (0, 0, 0);
    for (w, h) in [(3u8, 3u8), (4, 3), (3, 4)] {
        for _ in 0..150 {
            let mut p = Position::new(Rules::Classic, w, h, 2).unwrap();
            for _ in 0..4 + rng.below(14) {
                if p.is_over() {
                    break;
                }
                let cells: Vec<_> = p.legal_cells().collect();
                p.play(Move::Place(cells[rng.below(cells.len() as u32) as usize]))
                    .unwrap();
            }
            if p.is_over() {
                continue;
            }
            let exact = solve(&p, 3);
            let score = search(&p, Limits::depth(3)).score;
            assert_eq!(score > MATE_BOUND, exact == 1, "{p} {score}");
            assert_eq!(score < -MATE_BOUND, exact == -1, "{p} {score}");
            wins += u32::from(exact == 1);
            losses += u32::from(exact == -1);
            checked += 1;
        }
    }
    assert!(
        wins > 20 && losses > 5 && checked > 300,
        "{wins} {losses} {checked}"
    );
}

#[test]
fn nothing_to_search_once_the_game_is_over() {
    let report = search(
        &position("classic 2 3b.2b/.4b./3b.2b - 14 a b"),
        Limits::depth(3),
    );
    assert_eq!(report.best, None);
}

#[test]
fn atoms_and_passes() {
    // Nothing of a's but cells b could explode: the search may pass.
    let p = position("atoms 2 1b1b/1b1b b 21 - *");
    let report = search(&p, Limits::depth(4));
    assert!(p.check_move(report.best.unwrap()).is_ok());
    let mut game = Position::new(Rules::Atoms, 5, 5, 2).unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..60 {
        if game.is_over() {
            break;
        }
        let mv = if game.to_move() == Some(Player::ONE) {
            search(&game, Limits::depth(2)).best.unwrap()
        } else {
            let cells: Vec<_> = game.legal_cells().collect();
            Move::Place(cells[rng.below(cells.len() as u32) as usize])
        };
        game.play(mv).unwrap();
    }
}

/// The made-up positions of the vectors whose moves set off thousands of
/// waves (4,805 and 1,108, with the check on): a search with a deadline
/// still answers about then.
#[test]
fn long_cascades_keep_to_the_time() {
    let sixteen = "classic 2 1a2a2a2a2a2a.2a1a2a1a2a2a1a2a1a/2a1a2a3a3a..1a2a1a2a1a2a2a1a2a/1a2a3a2a.3a2a3a2a3a2a3a2a3a3a1a/2a1a2a2a3a3a2a2a2a2a3a3a3a3a3a2a/1a2a3a1a3a1a3a3a1a2a3a3a3a2a3a2a/2a1a3a3a3a2a3a1a1a3a2a.1a3a2a2a/1a3a2a1a2a1a3a2a3a3a2a.1a3a2a2a/2a2a1a2a2a3a3a2a3a3a3a.3a1a3a1a/1a3a1a3a1a2a2a3a3a3a3a3a2a3a1a1a/2a1a3a2a2a1a3a3a3a3a3a3a.2a.1a/2a3a3a3a.1a3a3a3a3a3a3a2a1a../2a3a1a2a2a3a3a3a3a3a3a2a...1a/.1a3a1a2a3a2a3a2a3a2a1a..../2a3a3a1a3a2a3a3a3a3a3a2a...1a/.3a1a3a2a3a3a3a1a3a2a1a..../.2a2a1a2a2a2a2a2a2a2a1a...1b a 2 - *";
    let twelve = "classic 2 .2a.2a1a2a2a1a2a1a2a1a/1a3a3a2a3a2a3a3a2a3a1a2a/1a1a3a.1a2a2a2a2a1a3a1a/1a2a2a3a2a3a3a3a3a3a2a2a/2a2a3a3a3a2a.3a2a.3a2a/2a3a1a3a3a3a..1a3a3a2a/2a3a3a1a3a3a3a2a1a2a3a1a/2a1a1a3a.3a.3a3a3a3a2a/1a..2a2a1a3a3a3a.3a2a/..1a1a.1a3a2a3a1a3a2a/..1a3a3a3a.1a3a.3a2a/1b.1a.2a2a2a1a2a2a.1a a 2 - *";
    for text in [sixteen, twelve] {
        let p = position(text);
        let mut table = vec![Entry::EMPTY; 1 << 14];
        let started = Instant::now();
        let mut deadline = Deadline(started + Duration::from_millis(50));
        let report = StrongSearch::new(&mut table, StrongEval::default()).run(
            &p,
            Limits::depth(64),
            &mut deadline,
        );
        let took = started.elapsed();
        assert!(p.check_move(report.best.unwrap()).is_ok());
        // Generous for loaded test machines; it takes about 60 ms alone.
        assert!(took < Duration::from_secs(2), "{took:?}");
    }
}

/// One engine against another from the start, `games` games with seats
/// alternating and two random opening moves; the first engine's wins.
fn duel(
    games: u32,
    w: u8,
    h: u8,
    mut first: impl FnMut(&Position, &mut Rng) -> Move,
    mut second: impl FnMut(&Position, &mut Rng) -> Move,
) -> u32 {
    let mut rng = Rng::new(17);
    let mut wins = 0;
    for g in 0..games {
        let mut p = Position::new(Rules::Classic, w, h, 2).unwrap();
        let seat = Player::new((g % 2) as usize).unwrap();
        while !p.is_over() {
            let mv = if p.ply() < 2 {
                let cells: Vec<_> = p.legal_cells().collect();
                Move::Place(cells[rng.below(cells.len() as u32) as usize])
            } else if p.to_move() == Some(seat) {
                first(&p, &mut rng)
            } else {
                second(&p, &mut rng)
            };
            p.play(mv).unwrap();
        }
        wins += u32::from(p.status() == Status::Won(seat));
    }
    wins
}

#[test]
fn it_beats_random_play_and_the_reference_opponents() {
    let strong = |p: &Position, _: &mut Rng| {
        search(
            p,
            Limits {
                depth: 64,
                nodes: 20_000,
                seed: 0,
            },
        )
        .best
        .unwrap()
    };
    let random = |p: &Position, rng: &mut Rng| {
        let cells: Vec<_> = p.legal_cells().collect();
        Move::Place(cells[rng.below(cells.len() as u32) as usize])
    };
    assert!(duel(10, 5, 5, strong, random) >= 10);
    let ns = |p: &Position, rng: &mut Rng| reference::ns(p, rng).unwrap();
    let agnishom = |p: &Position, _: &mut Rng| reference::agnishom_minimax(p).unwrap();
    assert!(duel(6, 6, 9, strong, ns) >= 5);
    let won = duel(6, 6, 9, strong, agnishom);
    assert!(won >= 5, "{won} of 6");
}

/// Best-Reply Search (the `brs:` method) takes a win in one as well, with
/// the others' replies drawn from every opponent.
#[test]
fn best_reply_search_takes_a_win_in_one() {
    use atom4_core::chain::{BestReply, BestReplySearch};
    let p = position("classic 3 1a2c./2c3c2c/1b2c. c 14 - *");
    let me = p.to_move().unwrap();
    let mut table = vec![Entry::EMPTY; 1 << 14];
    let report = BestReplySearch::new(&mut table, StrongEval::default()).run(
        &BestReply::new(p, me),
        Limits::depth(3),
        &mut (),
    );
    assert_eq!(report.score, MATE - 1);
    let mut after = p;
    after.play(report.best.unwrap()).unwrap();
    assert_eq!(after.status(), Status::Won(me));
}
