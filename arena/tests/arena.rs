//! Atom-4's own engines: specs, legal games, repeatable games, and a
//! match through the runner.

use atom4_arena::any::AnyEngine;
use atom4_arena::games::engine;
use atom4_arena::matches::{play_game, run, GameRecord, MatchOptions, Tally};
use atom4_arena::spec::spec_mistakes;
use atom4_arena::{Atom4Engine, Engine, EngineSpec};
use atom4_core::atom4::{Atom4, Player};
use atom4_core::game::Game;
use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::Setup;
use atom4_core::Rng;

#[test]
fn engine_specs_round_trip_and_refuse_nonsense() {
    let good = "random classic:0 classic:4 strong:30ms strong:d6 strong:n5000 strong:30ms:t2 strong:d6:t4 mcts:50ms mcts:n2000";
    assert_eq!(spec_mistakes::<EngineSpec>(good, ""), Vec::<String>::new());
    assert_eq!(
        "classic".parse::<EngineSpec>().unwrap().to_string(),
        "classic:2"
    );
    assert_eq!(
        "strong".parse::<EngineSpec>().unwrap().to_string(),
        "strong:100ms"
    );
    for bad in [
        "classic:99",
        "strong:fast",
        "classic:x",
        "minimax",
        "random:3",
        "strong:30ms:t0",
        "strong:30ms:t65",
        "strong:30ms:tx",
        "mcts:d3",
    ] {
        let err = bad.parse::<EngineSpec>().unwrap_err();
        assert!(
            err.contains("classic") || err.contains("engine") || err.contains("threads"),
            "{bad}: {err}"
        );
    }
}

fn atom4(width: u16, height: u16) -> AnyState {
    let setup = Setup {
        size: Some((width, height)),
        ..Setup::default()
    };
    GameId::Atom4.start(&setup).unwrap()
}

/// Plays a game on 8 x 8 (`first` moves first) through the runner's game
/// loop, which plays every move checked, and checks the returns against
/// a replay with the rules type.
fn play_checked(first: &str, second: &str, seed: u64) -> GameRecord {
    let mut a = engine(GameId::Atom4, first, 0, seed).unwrap();
    let mut b = engine(GameId::Atom4, second, 1, seed).unwrap();
    let record = play_game(
        atom4(8, 8),
        &mut [a.as_mut() as &mut dyn AnyEngine, b.as_mut()],
        &mut Rng::new(0),
        &mut |_| None,
        u64::MAX,
    )
    .unwrap();
    let mut replay = Atom4::new(8, 8).unwrap();
    for &action in &record.moves {
        replay
            .play(atom4_core::Cell::from_index(action as u8))
            .expect("every move of a match is legal");
    }
    assert!(record.finished && replay.is_over());
    assert_eq!(
        record.returns,
        [Player::ONE, Player::TWO].map(|p| f64::from(Game::returns(&replay, p)))
    );
    record
}

/// Games end, every recorded move was legal, and the tally adds up.
#[test]
fn a_short_match_plays_legal_games_to_the_end() {
    let mut tally = Tally::default();
    for g in 0..4u64 {
        let record = play_checked("classic:1", "strong:d2", g);
        tally.add(&record, Player::TWO);
    }
    assert_eq!(tally.games(), 4);
    assert!(tally.moves > 0);
}

/// The same seeds give the same games, for the game's own engines and for
/// the interface's.
#[test]
fn matches_repeat_for_the_same_seed() {
    for (a, b) in [("classic:2", "strong:n2000"), ("engine:n2000", "random")] {
        let run = || play_checked(a, b, 7).moves;
        assert_eq!(run(), run(), "{a} {b}");
    }
}

/// Two threads sharing a table play whole games of legal moves, and the
/// helpers stop with the main search (else this test would hang); the
/// generic MCTS plays legal games too.
#[test]
fn threaded_and_mcts_engines_play_legal_games() {
    for (g, spec) in [
        "strong:d4:t2",
        "strong:5ms:t2",
        "strong:n3000:t3",
        "mcts:n500",
    ]
    .into_iter()
    .enumerate()
    {
        let mut a = Atom4Engine::new(spec.parse().unwrap(), g as u64);
        let mut b = Atom4Engine::new("classic:1".parse().unwrap(), g as u64);
        let mut game = Atom4::new(8, 8).unwrap();
        while let atom4_core::game::Turn::Player(p) = Game::turn(&game) {
            let cell = if p == Player::ONE {
                a.choose(&game)
            } else {
                b.choose(&game)
            };
            game.play(cell)
                .unwrap_or_else(|e| panic!("{spec}: {cell} {e}"));
        }
        assert!(a.last().is_some_and(|r| r.nodes >= 1), "{spec}");
    }
}

/// The match runner rotates the seats and counts every game once for
/// each engine; the classic level 0 loses to the strong engine.
#[test]
fn a_match_through_the_runner() {
    let setup = Setup::parse("size=8x8").unwrap();
    let options = MatchOptions {
        games: 6,
        opening: 1,
        seed: 3,
        threads: Some(2),
        ..MatchOptions::default()
    };
    let specs = ["strong:d3".to_string(), "classic:0".to_string()];
    let standings = run(GameId::Atom4, &setup, &specs, &options).unwrap();
    let (a, b) = (standings[0].tally, standings[1].tally);
    assert_eq!((a.games(), b.games()), (6, 6));
    assert_eq!((a.wins, a.losses, a.draws), (b.losses, b.wins, b.draws));
    assert!(a.wins > a.losses, "{a:?}");
    assert!(standings[0].depths.iter().sum::<u32>() > 0);
}
