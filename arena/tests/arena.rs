use atom4_arena::{play_game, Atom4Engine, Engine, EngineSpec, GameRecord, Tally};
use atom4_core::atom4::Atom4;
use atom4_core::game::{Game, Side};
use atom4_core::Cell;

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
    ] {
        let spec: EngineSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
    }
    assert_eq!(
        "classic".parse::<EngineSpec>().unwrap().to_string(),
        "classic:2"
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
    ] {
        let err = bad.parse::<EngineSpec>().unwrap_err();
        assert!(
            err.contains("classic") || err.contains("engine") || err.contains("threads"),
            "{bad}: {err}"
        );
    }
}

/// Plays a game on 8 x 8 (`first` moves first) and checks that every
/// move was legal and the outcome is the replay's.
fn play_checked(first: &mut Atom4Engine, second: &mut Atom4Engine) -> GameRecord<Cell> {
    let mut no_opening = |_: &Atom4| None;
    let record = play_game(
        Atom4::new(8, 8).unwrap(),
        [first as &mut dyn Engine<Atom4>, second],
        &mut no_opening,
    );
    let mut replay = Atom4::new(8, 8).unwrap();
    for &mv in &record.moves {
        replay.play(mv).expect("every move of a match is legal");
    }
    assert_eq!(Game::outcome(&replay), Some(record.outcome));
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
        tally.add(&record, Side::Second);
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
            [&mut a as &mut dyn Engine<Atom4>, &mut b],
            &mut no_opening,
        )
        .moves
    };
    assert_eq!(run(), run());
}

/// The table grows with the search it serves, within its bounds.
#[test]
fn the_table_fits_the_search() {
    use atom4_arena::atom4_engines::{table_slots, StrongLimit};
    use std::time::Duration;
    let ms = |n| table_slots(StrongLimit::Time(Duration::from_millis(n)));
    assert_eq!(ms(30), 1 << 16);
    assert!(ms(30) < ms(1000));
    assert_eq!(ms(0), 1 << 12);
    assert_eq!(ms(1 << 40), 1 << 20);
    assert_eq!(table_slots(StrongLimit::Nodes(5000)), 1 << 13);
    assert_eq!(table_slots(StrongLimit::Depth(6)), 1 << 20);
    for slots in [
        ms(7),
        ms(30),
        ms(250),
        table_slots(StrongLimit::Nodes(123_457)),
    ] {
        assert!(slots.is_power_of_two());
    }
}

/// Two threads sharing a table play whole games of legal moves, and the
/// helpers stop with the main search (else this test would hang).
#[test]
fn two_threads_play_legal_games() {
    for (g, spec) in ["strong:d4:t2", "strong:5ms:t2", "strong:n3000:t3"]
        .into_iter()
        .enumerate()
    {
        let mut a = Atom4Engine::new(spec.parse().unwrap(), g as u64);
        let mut b = Atom4Engine::new("classic:1".parse().unwrap(), g as u64);
        play_checked(&mut a, &mut b);
        assert!(a.last.as_ref().is_some_and(|r| r.depth >= 1), "{spec}");
    }
}
