//! Chain Reaction through the generic traits: random play through `Game`
//! reaches the end with the returns the rules give, `Duel` makes and takes
//! back moves exactly with keys kept up to date, and the generic searches
//! run on it.

use atom4_core::chain::{random_playout, Duel, Move, MoveList, Position, Rules, Status};
use atom4_core::game::{Game, Player, Turn, ZeroSum};
use atom4_core::mcts::{self, Mcts, RandomRollout, NODE_WORDS};
use atom4_core::search::{Entry, Evaluator, Limits, Search, MATE};
use atom4_core::{Cell, Rng};

fn at(x: u8, y: u8) -> Move {
    Move::Place(Cell::new(x, y).unwrap())
}

#[test]
fn random_play_through_the_trait_reaches_the_end() {
    let mut rng = Rng::new(17);
    for (rules, w, h, players) in [
        (Rules::Classic, 6, 9, 2),
        (Rules::Classic, 6, 9, 5),
        (Rules::Classic, 3, 3, 8),
        (Rules::Classic, 2, 2, 6),
        (Rules::Classic, 1, 3, 3),
        (Rules::Classic, 1, 2, 2),
        (Rules::Classic, 16, 16, 4),
        (Rules::Atoms, 4, 4, 2),
    ] {
        let mut wins = 0;
        for _ in 0..30 {
            let mut game = Position::new(rules, w, h, players).unwrap();
            assert_eq!(Game::players(&game), players as usize);
            let mut previous = game;
            let mut moves = MoveList::new();
            while !game.is_over() {
                let Turn::Player(p) = game.turn() else {
                    unreachable!()
                };
                assert!(!game.is_out(p), "players who are out get no turn");
                game.legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len() as u32) as usize];
                previous = game;
                Game::play(&mut game, mv);
                assert!(game.ply() > previous.ply(), "every move counts a turn");
                if game.ply() > 20_000 {
                    break;
                }
            }
            match game.status() {
                Status::Won(winner) => {
                    wins += 1;
                    for p in (0..players as usize).map(|i| Player::new(i).unwrap()) {
                        let want = if p == winner { 1.0 } else { -1.0 };
                        assert_eq!(game.returns(p), want);
                        assert_eq!(game.is_out(p), p != winner);
                    }
                }
                Status::Drawn => {
                    assert!(
                        (0..players as usize).all(|i| game.returns(Player::new(i).unwrap()) == 0.0)
                    );
                    // Only the cap draws, and only while the check is off.
                    assert!(previous.ply() < players as u32 - 1, "{previous:?}");
                }
                Status::Playing => assert_eq!(rules, Rules::Atoms, "classic games end"),
            }
        }
        // (1x2 and 1x3 with 3 players are always drawn in round one.)
        if rules == Rules::Classic && w > 1 && h > 1 {
            assert!(wins > 0, "{w}x{h} {players} players: somebody wins");
        }
    }
}

/// The 1x2 board is drawn by the first move, whatever it is.
#[test]
fn a_two_cell_strip_is_drawn_at_once() {
    for mv in [at(0, 0), at(0, 1)] {
        let mut game = Position::new(Rules::Classic, 1, 2, 2).unwrap();
        let cascade = game.play(mv).unwrap();
        assert_eq!(game.status(), Status::Drawn);
        assert_eq!(cascade.waves, 1000);
        assert_eq!(game.turn(), Turn::Over);
    }
}

/// Make and take back in place: the position after `unplay` is the one
/// before, bit for bit, and the key kept up to date is the key from scratch.
#[test]
fn duels_make_and_take_back_moves_exactly() {
    let mut rng = Rng::new(23);
    for (rules, w, h) in [
        (Rules::Classic, 6, 9),
        (Rules::Classic, 16, 16),
        (Rules::Classic, 1, 5),
        (Rules::Atoms, 8, 8),
    ] {
        for _ in 0..10 {
            let mut duel = Duel::new(Position::new(rules, w, h, 2).unwrap()).unwrap();
            let mut key = duel.hash();
            let mut moves = MoveList::new();
            let mut plies = 0;
            while !duel.is_over() && plies < 400 {
                duel.legal_moves(&mut moves);
                for &mv in moves.iter().take(6) {
                    let before = duel;
                    let (child, undo) = duel.play_undoable(mv, key);
                    assert_eq!(child, duel.hash(), "{before:?} {mv}");
                    let mut again = before;
                    assert_eq!(again.play_keyed(mv, key), child);
                    assert_eq!(again, duel);
                    duel.unplay(&undo);
                    assert_eq!(duel, before);
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let turn = duel.turn();
                key = duel.play_keyed(mv, key);
                plies += 1;
                assert_eq!(key, duel.hash());
                // Two players always alternate.
                if let (Turn::Player(p), Turn::Player(q)) = (turn, duel.turn()) {
                    assert_eq!(q, p.other());
                }
            }
        }
    }
    assert!(Duel::new(Position::new(Rules::Classic, 6, 9, 3).unwrap()).is_err());
}

/// Keys tell apart what the rules tell apart: the player to move, the
/// players out, and the ply while the first check is still to come.
#[test]
fn keys_depend_on_what_the_rules_see() {
    let key = |text: &str| text.parse::<Position>().unwrap().key();
    let base = key("classic 3 1a1b./1c.. b 3 - *");
    assert_ne!(base, key("classic 3 1a1b./1c.. c 3 - *"));
    assert_ne!(base, key("classic 3 1a1b./1c.. b 1 - *"));
    assert_eq!(base, key("classic 3 1a1b./1c.. b 9 - *"));
    assert_ne!(base, key("classic 3 1a2b./1c.. b 3 - *"));
    assert_ne!(
        key("atoms 2 0a1b/.. a 3 - *"),
        key("atoms 2 .1b/.. a 3 - *")
    );
    assert_ne!(
        key("atoms 2 0a1b/.. a 3 - *"),
        key("atoms 2 0b1b/.. a 3 - *")
    );
}

/// Knows nothing: the search must find the win by looking.
struct Blind;

impl<G: Game> Evaluator<G> for Blind {
    fn evaluate(&mut self, _game: &G) -> i32 {
        0
    }
}

/// Alpha-beta over `Duel` finds the winning cascade of the spec's example.
#[test]
fn alpha_beta_finds_a_win_in_one() {
    let position: Position = "classic 2 1a2b./2b3b2b/1a2b. b 13 - *".parse().unwrap();
    let duel = Duel::new(position).unwrap();
    let mut table = vec![Entry::EMPTY; 1 << 12];
    let report = Search::new(&mut table, Blind).run(&duel, Limits::depth(3), &mut ());
    assert_eq!(report.score, MATE - 1);
    let mut after = duel;
    after.play(report.best.unwrap());
    assert_eq!(after.position().status(), Status::Won(Player::TWO));
}

/// MCTS runs on a game of four players and answers with a legal move;
/// with one winning cascade on the board it finds it.
#[test]
fn mcts_plays_many_players() {
    let mut arena = vec![0u64; (1 << 15) * NODE_WORDS];
    let game = Position::new(Rules::Classic, 4, 4, 4).unwrap();
    let limits = mcts::Limits {
        iterations: 3_000,
        seed: 1,
    };
    let report = Mcts::new(&mut arena, RandomRollout::default()).run(&game, limits, &mut ());
    let best = report.best.expect("a move");
    assert!(game.check_move(best).is_ok());
    let game: Position = "classic 2 1a2b./2b3b2b/1a2b. b 13 - *".parse().unwrap();
    let report = Mcts::new(&mut arena, RandomRollout::default()).run(&game, limits, &mut ());
    let mut after = game;
    after.play(report.best.expect("a move")).unwrap();
    assert_eq!(after.status(), Status::Won(Player::TWO));
}

/// The fast playout is the rules: the same random choices through the
/// checked `play` give the same game (also checked in the core's unit tests
/// on every word count); here a long `16x16` game with 8 players.
#[test]
fn a_playout_equals_the_same_game_played_move_by_move() {
    let start = Position::new(Rules::Classic, 16, 16, 8).unwrap();
    let mut fast = start;
    let played = random_playout(&mut fast, &mut Rng::new(4), u32::MAX);
    assert!(fast.is_over());
    let mut slow = start;
    let mut rng = Rng::new(4);
    let mut moves = 0;
    while !slow.is_over() {
        let cells: Vec<Cell> = slow.legal_cells().collect();
        let cell = cells[rng.below(cells.len() as u32) as usize];
        slow.play(Move::Place(cell)).unwrap();
        moves += 1;
    }
    assert_eq!((fast, played.moves), (slow, moves));
}
