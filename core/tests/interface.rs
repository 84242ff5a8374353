//! The one game interface, the same checks for every game of the registry:
//! random games played through `AnyState` where at every step the legal
//! moves play and others are refused without a change, texts and binary
//! forms read back to the same position, move texts read back to the same
//! action, the view covers the board, and the engine answers a legal move.

use atom4_core::control::Report;
use atom4_core::registry::{AnyState, GameId, GAMES, GAME_IDS, MAX_ENCODED_LEN};
use atom4_core::state::{Action, Limits, Line, MoveErrorKind, Setup, Turn};
use atom4_core::Rng;

/// The setups each game is played in: its defaults and a few others.
fn setups(id: GameId) -> Vec<Setup> {
    let parse = |t: &str| Setup::parse(t).unwrap();
    let mut all = vec![Setup::default()];
    match id.name() {
        "atom4" => all.extend([parse("size=6x4"), parse("size=9x7")]),
        "chain" => all.extend([
            parse("size=3x3 players=3"),
            parse("size=5x5 rules=atoms"),
            parse("size=4x4 players=8"),
        ]),
        "gamma" => all.extend([
            parse("size=5x4 players=3 areas=2"),
            parse("size=32x32 players=8 areas=5"),
        ]),
        "atropos" => all.extend([parse("size=4"), parse("size=10")]),
        "atomas" => all.extend([parse("seed=7")]),
        _ => {}
    }
    all
}

fn text_of(state: &AnyState) -> String {
    let mut s = String::new();
    state.write_text(&mut s).unwrap();
    s
}

fn legal(state: &AnyState) -> Vec<Action> {
    let mut v = Vec::new();
    state.legal_actions(&mut |a| v.push(a));
    v
}

fn outcomes(state: &AnyState) -> Vec<(Action, u32)> {
    let mut v = Vec::new();
    state.chance_outcomes(&mut |a, w| v.push((a, w)));
    v
}

/// The checks of one position.
fn check_position(state: &AnyState, rng: &mut Rng) {
    let id = state.game();
    // Text and binary forms read back exactly.
    let text = text_of(state);
    let back = id
        .from_text(&text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(&back, state, "{text}");
    assert_eq!(text_of(&back), text);
    let mut bytes = [0u8; MAX_ENCODED_LEN];
    let len = state.encode(&mut bytes);
    assert!(len <= id.encoded_len());
    assert_eq!(id.decode(&bytes[..len]).as_ref(), Ok(state), "{text}");
    // The view covers the board; the diagram is there.
    let spots = state.layout().spots();
    for i in 0..spots {
        let spot = state.spot(i);
        assert!(usize::from(spot.owner) <= state.players());
    }
    let mut diagram = String::new();
    state.write_diagram(&mut diagram).unwrap();
    assert!(!diagram.is_empty());

    let (moves, count) = match state.turn() {
        Turn::Chance => (
            outcomes(state)
                .into_iter()
                .map(|(a, _)| a)
                .collect::<Vec<_>>(),
            state.chance_count(),
        ),
        Turn::Player(_) => (legal(state), state.action_count()),
        Turn::Over => {
            assert!(legal(state).is_empty() && outcomes(state).is_empty());
            for a in 0..5 {
                let e = state.clone().play(a).unwrap_err();
                assert!(
                    matches!(e.kind, MoveErrorKind::Over | MoveErrorKind::OutOfRange),
                    "{e}"
                );
            }
            return;
        }
    };
    assert!(!moves.is_empty(), "{text}: a turn without moves");
    if state.turn() != Turn::Chance {
        assert!(outcomes(state).is_empty());
    }
    for &a in &moves {
        state
            .check(a)
            .unwrap_or_else(|e| panic!("{text}: listed {a}: {e}"));
        let mut move_text = String::new();
        state.write_move(a, &mut move_text).unwrap();
        assert_eq!(state.parse_move(&move_text), Ok(a), "{text}: {move_text}");
    }
    // Other actions are refused, and refusing changes nothing.
    for _ in 0..20 {
        let a = if rng.below(4) == 0 {
            count + rng.below(1000)
        } else {
            rng.below(count.clamp(1, 1 << 20))
        };
        if moves.contains(&a) {
            continue;
        }
        let mut after = state.clone();
        let e = after.play(a).unwrap_err();
        assert_eq!(&after, state);
        assert!(state.check(a).is_err());
        if a >= count {
            assert_eq!(e.kind, MoveErrorKind::OutOfRange, "{text}: {a}: {e}");
        }
    }
    for bad in ["", "zz", "-1,-1", "999999999999999999999,3"] {
        if let Ok(a) = state.parse_move(bad) {
            assert!(
                state.check(a).is_err(),
                "{text}: {bad:?} read as a legal {a}"
            );
        }
    }
}

fn play_random_game(start: AnyState, seed: u64, max_moves: usize) -> AnyState {
    let mut rng = Rng::new(seed);
    let mut state = start;
    for ply in 0..max_moves {
        if ply < 60 || ply % 7 == 0 {
            check_position(&state, &mut rng);
        }
        let a = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.draw_chance(&mut rng).expect("chance has outcomes"),
            Turn::Player(_) => {
                let moves = legal(&state);
                moves[rng.below(moves.len() as u32) as usize]
            }
        };
        state.play(a).unwrap();
    }
    state
}

#[test]
fn the_registry_lists_every_game_once() {
    assert_eq!(GAMES.len(), GAME_IDS.len());
    for (name, id) in GAMES.iter().zip(GAME_IDS) {
        assert_eq!(name.parse::<GameId>(), Ok(*id));
        assert_eq!(name.to_uppercase().parse::<GameId>(), Ok(*id));
        assert!(!id.title().is_empty());
    }
    for name in ["atom4", "atropos", "chain", "gamma", "atomas"] {
        assert!(GAMES.contains(&name), "{name}");
    }
    assert!("chess".parse::<GameId>().is_err());
}

#[test]
fn random_games_of_every_game_keep_to_the_interface() {
    for &id in GAME_IDS {
        for (k, setup) in setups(id).into_iter().enumerate() {
            for game in 0..3u64 {
                let start = id
                    .start(&setup)
                    .unwrap_or_else(|e| panic!("{id}: {setup}: {e}"));
                assert_eq!(start.game(), id);
                // The setup it reports makes a game set up the same way.
                let again = id.start(&start.setup()).unwrap();
                assert_eq!(again.setup(), start.setup(), "{id}: {setup}");
                if setup.seed.is_none() {
                    assert_eq!(again, start, "{id}: {setup}");
                }
                let end = play_random_game(start, 100 * k as u64 + game, 400);
                check_position(&end, &mut Rng::new(game));
                for (p, r) in end.returns_all().enumerate() {
                    assert!(r.is_finite(), "{id}: player {p}");
                }
            }
        }
    }
}

#[test]
fn setups_are_checked() {
    let bad = [
        ("atom4", "size=1x2"),
        ("atom4", "size=17x4"),
        ("atom4", "players=3"),
        ("chain", "players=9"),
        ("chain", "rules=atoms players=3"),
        ("chain", "rules=go"),
        ("chain", "size=1x1"),
        ("gamma", "size=100x100"),
        ("gamma", "players=0"),
        ("gamma", "areas=0"),
        ("gamma", "players=17"),
        ("atropos", "size=7x8"),
        ("atropos", "size=16"),
        ("atomas", "size=5"),
    ];
    for (name, text) in bad {
        let setup = Setup::parse(text).unwrap();
        let e = AnyState::start(name, &setup).unwrap_err();
        assert!(!e.to_string().is_empty(), "{name} {text}");
    }
    assert!(Setup::parse("size=axb").is_err());
    assert!(Setup::parse("colour=red").is_err());
    assert!(Setup::parse("players").is_err());
    assert!(Setup::parse("players=1000").is_err());
    assert_eq!(
        Setup::parse("size=6x9 players=4 rules=atoms areas=3 seed=9")
            .unwrap()
            .to_string(),
        "size=6x9 players=4 rules=atoms areas=3 seed=9"
    );
}

#[test]
fn the_engine_answers_a_legal_move_in_every_game() {
    for &id in GAME_IDS {
        let mut rng = Rng::new(5);
        let mut state = id.start(&Setup::default()).unwrap();
        let mut searched = 0;
        for ply in 0..40 {
            let a = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.draw_chance(&mut rng).unwrap(),
                Turn::Player(_) => {
                    let limits = Limits {
                        nodes: Some(300),
                        depth: Some(3),
                        seed: ply,
                        ..Limits::default()
                    };
                    let mut memory = vec![0u64; state.engine_words(&limits).min(1 << 16)];
                    let report: Report<Action> = state.search(&limits, &mut memory, &mut ());
                    let best = report.best.unwrap_or_else(|| panic!("{id}: no move"));
                    state
                        .check(best)
                        .unwrap_or_else(|e| panic!("{id}: {best}: {e}"));
                    // The same limits and memory give the same choice.
                    let again = state.search(&limits, &mut memory, &mut ()).best;
                    assert_eq!(again, Some(best), "{id}");
                    searched += 1;
                    best
                }
            };
            state.play(a).unwrap();
        }
        assert!(searched > 0, "{id}");
    }
}

#[test]
fn a_line_takes_moves_back_by_replaying() {
    for &id in GAME_IDS {
        let mut rng = Rng::new(11);
        let start = id.start(&Setup::default()).unwrap();
        let mut line = Line::<AnyState, 64>::new(start.clone());
        let mut seen = vec![start];
        for _ in 0..30 {
            let state = line.state().clone();
            let a = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.draw_chance(&mut rng).unwrap(),
                Turn::Player(_) => {
                    let moves = legal(&state);
                    moves[rng.below(moves.len() as u32) as usize]
                }
            };
            line.push(a).unwrap();
            seen.push(line.state().clone());
        }
        while line.pop().is_some() {
            seen.pop();
            assert_eq!(line.state(), seen.last().unwrap(), "{id}");
        }
        assert!(line.actions().is_empty());
    }
}
