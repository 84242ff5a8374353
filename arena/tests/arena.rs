use atom4_arena::games::run_match;
use atom4_arena::matches::{MatchOptions, Setup};
use atom4_arena::{play_game, Atom4Engine, Engine, EngineSpec, GameRecord, Tally};
use atom4_core::atom4::{Atom4, Player};
use atom4_core::game::Game;
use atom4_core::{Cell, Rng};

#[test]
fn engine_specs_round_trip_and_refuse_nonsense() {
    for text in [
        "random",
        "classic:0",
        "classic:4",
        "strong:30ms",
        "strong:d6",
        "strong:n5000",
        "strong:30ms:t2",
        "strong:d6:t4",
        "mcts:50ms",
        "mcts:n2000",
    ] {
        let spec: EngineSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
    }
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

/// Plays a game on 8 x 8 (`first` moves first) and checks that every
/// move was legal and the returns are the replay's.
fn play_checked(first: &mut Atom4Engine, second: &mut Atom4Engine) -> GameRecord<Cell> {
    let mut no_opening = |_: &Atom4| None;
    let record = play_game(
        Atom4::new(8, 8).unwrap(),
        &mut [first as &mut dyn Engine<Atom4>, second],
        &mut Rng::new(0),
        &mut no_opening,
        u64::MAX,
    );
    let mut replay = Atom4::new(8, 8).unwrap();
    for &mv in &record.moves {
        replay.play(mv).expect("every move of a match is legal");
    }
    assert!(record.finished && replay.is_over());
    assert_eq!(
        record.returns,
        [Player::ONE, Player::TWO].map(|p| replay.returns(p))
    );
    record
}

/// Games end, every recorded move was legal, and the tally adds up.
#[test]
fn a_short_match_plays_legal_games_to_the_end() {
    let mut tally = Tally::default();
    for g in 0..4u64 {
        let mut a = Atom4Engine::new("classic:1".parse().unwrap(), g);
        let mut b = Atom4Engine::new("strong:d2".parse().unwrap(), g);
        let record = play_checked(&mut a, &mut b);
        tally.add(&record, Player::TWO);
    }
    assert_eq!(tally.games(), 4);
    assert!(tally.moves > 0);
}

/// The same seeds give the same games.
#[test]
fn matches_repeat_for_the_same_seed() {
    let run = || {
        let mut a = Atom4Engine::new("classic:2".parse().unwrap(), 7);
        let mut b = Atom4Engine::new("strong:n2000".parse().unwrap(), 8);
        let mut no_opening = |_: &Atom4| None;
        play_game(
            Atom4::new(10, 10).unwrap(),
            &mut [&mut a as &mut dyn Engine<Atom4>, &mut b],
            &mut Rng::new(1),
            &mut no_opening,
            u64::MAX,
        )
        .moves
    };
    assert_eq!(run(), run());
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
        play_checked(&mut a, &mut b);
        assert!(a.last().is_some_and(|r| r.nodes >= 1), "{spec}");
    }
}

/// The match runner rotates the seats and counts every game once for
/// each engine; the classic level 0 loses to the strong engine.
#[test]
fn a_match_through_the_runner() {
    let setup = Setup {
        size: Some((8, 8)),
        ..Setup::default()
    };
    let options = MatchOptions {
        games: 6,
        opening: 1,
        seed: 3,
        threads: Some(2),
        ..MatchOptions::default()
    };
    let specs = ["strong:d3".to_string(), "classic:0".to_string()];
    let standings = run_match("atom4", &setup, &specs, &options).unwrap();
    let (a, b) = (standings[0].tally, standings[1].tally);
    assert_eq!((a.games(), b.games()), (6, 6));
    assert_eq!((a.wins, a.losses, a.draws), (b.losses, b.wins, b.draws));
    assert!(a.wins > a.losses, "{a:?}");
    assert!(standings[0].depths.iter().sum::<u32>() > 0);
    for bad in [
        run_match("chess", &setup, &specs, &options),
        run_match("atom4", &setup, &["strong:x".to_string()], &options),
        run_match(
            "atom4",
            &Setup {
                players: Some(3),
                ..Setup::default()
            },
            &specs,
            &options,
        ),
    ] {
        assert!(bad.is_err());
    }
}
