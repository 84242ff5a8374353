//! The match runner over the registry: every registered game plays short
//! matches with the engines of every game and with its own; seats rotate;
//! bad engines and setups are refused with what is allowed.

use std::sync::{Arc, Mutex};

use atom4_arena::any::{self, AnyEngine};
use atom4_arena::games::{own_engines, OWN_ENGINES};
use atom4_arena::matches::{run, run_with, seat_of, MatchOptions};
use atom4_core::game::Turn;
use atom4_core::registry::{AnyState, GameId, GAME_IDS};
use atom4_core::state::{Action, Setup};

/// A small setup of each game, so that matches are quick.
fn small(game: GameId) -> Setup {
    Setup::parse(match game.name() {
        "atom4" => "size=8x8",
        "atropos" => "size=4",
        "chain" => "size=4x4",
        "gamma" => "size=5x5 players=3 areas=2",
        "atomas" => "seed=3",
        _ => "",
    })
    .unwrap()
}

fn options(games: u32) -> MatchOptions {
    MatchOptions {
        games,
        opening: 1,
        seed: 5,
        threads: Some(2),
        max_moves: 300,
        records: None,
    }
}

fn specs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// `list`, cut to the players of `game` (one for Atomas).
fn seats(game: GameId, list: &[&str]) -> Vec<String> {
    let mut specs = specs(list);
    specs.truncate(game.max_players());
    specs
}

/// Every game of the registry plays the engines of every game: each game
/// of the match counts once for every engine, and the decided games add
/// up between the two seats of two-player games.
#[test]
fn every_registered_game_plays_the_engines_of_every_game() {
    for &game in GAME_IDS {
        let standings = run(
            game,
            &small(game),
            &seats(game, &["engine:n300", "random"]),
            &options(4),
        )
        .unwrap_or_else(|e| panic!("{game}: {e}"));
        let players = game.start(&small(game)).unwrap().players();
        assert_eq!(standings.len(), players, "{game}");
        for s in &standings {
            assert_eq!(s.tally.games(), 4, "{game} {}", s.spec);
        }
        if players == 2 {
            let (a, b) = (standings[0].tally, standings[1].tally);
            assert_eq!((a.wins, a.losses), (b.losses, b.wins), "{game}");
        }
    }
}

/// Every game's own engines take their seats through its registry line:
/// their moves become the actions the game plays (a wrong numbering would
/// be refused, or end in another game's move).
#[test]
fn every_game_plays_its_own_engines() {
    let own: &[(&str, &[&str])] = &[
        (
            "atom4",
            &["classic:1", "strong:n500", "strong:d2:t2", "mcts:n200"],
        ),
        (
            "atropos",
            &["default", "ab:d2", "player:w2000", "mcts:n200"],
        ),
        (
            "chain",
            &[
                "agnishom",
                "agnishom-mm",
                "ns",
                "strong:n500",
                "paranoid:n500",
                "brs:n500",
                "maxn:d2",
                "mcts:n100",
            ],
        ),
        ("gamma", &["greedy", "mcts:n200"]),
        ("atomas", &["bot:d1", "bot:n2000", "mcts:n100"]),
    ];
    assert_eq!(own.len(), OWN_ENGINES.len());
    for &(name, engines) in own {
        let game: GameId = name.parse().unwrap();
        assert!(own_engines(game).is_some(), "{game}");
        for engine in engines {
            let standings = run(
                game,
                &small(game),
                &seats(game, &[engine, "random"]),
                &options(2),
            )
            .unwrap_or_else(|e| panic!("{game} {engine}: {e}"));
            assert_eq!(standings[0].tally.games(), 2, "{game} {engine}");
        }
    }
    // The tutorial's player on its own rules.
    let atoms = Setup::parse("rules=atoms size=5x5").unwrap();
    run(
        GameId::Chain,
        &atoms,
        &specs(&["seedai", "strong:n300"]),
        &options(2),
    )
    .unwrap();
}

/// The seats an engine moved in, shared with the test.
type Seats = Arc<Mutex<Vec<usize>>>;

/// An engine that plays at random and notes the seat of each of its
/// moves.
struct Noting {
    inner: Box<dyn AnyEngine>,
    seats: Seats,
}

impl AnyEngine for Noting {
    fn choose(&mut self, state: &AnyState) -> Result<Action, String> {
        if let Turn::Player(p) = state.turn() {
            self.seats.lock().unwrap().push(p.index());
        }
        self.inner.choose(state)
    }
}

/// Game `g` seats engine `i` in seat `(i + g) mod players`, in games of
/// two and of four players; with fewer specs than seats the last one
/// fills the rest.
#[test]
fn seats_rotate_from_game_to_game() {
    for (game, setup, given) in [
        (GameId::Atom4, "size=6x6", 2),
        (GameId::Gamma, "size=4x4 players=4", 2),
    ] {
        let start = game.start(&Setup::parse(setup).unwrap()).unwrap();
        let players = start.players();
        let built: Mutex<Vec<(usize, Seats)>> = Mutex::new(Vec::new());
        let build = |_: &str, i: usize, seed: u64| {
            let seats = Arc::new(Mutex::new(Vec::new()));
            built.lock().unwrap().push((i, seats.clone()));
            let engine = Noting {
                inner: any::engine("random", seed).unwrap()?,
                seats,
            };
            Ok(Box::new(engine) as Box<dyn AnyEngine>)
        };
        let options = MatchOptions {
            threads: Some(1),
            opening: 0,
            ..options(5)
        };
        let names = specs(&["random"; 4][..given]);
        let standings = run_with(&start, &names, &build, &options).unwrap();
        assert_eq!(standings.len(), players);
        // The first builds check the specs; then one engine a seat a game.
        let built = built.into_inner().unwrap();
        let games: Vec<_> = built[players..].chunks(players).collect();
        assert_eq!(games.len(), 5);
        for (g, engines) in games.iter().enumerate() {
            for (i, (index, seats)) in engines.iter().enumerate() {
                assert_eq!(*index, i);
                let seats = seats.lock().unwrap();
                let expected = seat_of(i, g as u32, players);
                assert!(!seats.is_empty(), "{game} game {g} engine {i}");
                assert!(
                    seats.iter().all(|&s| s == expected),
                    "{game} game {g} engine {i}: {seats:?}"
                );
            }
        }
    }
}

/// A spec no engine of the game knows names the game's own engines and
/// those of every game; a setup the game does not take names what it
/// takes.
#[test]
fn bad_engines_and_setups_say_what_is_allowed() {
    let cases: &[(GameId, &str, &[&str], &[&str])] = &[
        (
            GameId::Atom4,
            "",
            &["strong:fast"],
            &["classic:<level>", "engine:<limit>"],
        ),
        (
            GameId::Gamma,
            "",
            &["minimax"],
            &["greedy", "engine:<limit>"],
        ),
        (GameId::Chain, "", &["engine:fast"], &["n<nodes>"]),
        (GameId::Chain, "", &["engine"], &["give a limit"]),
        (GameId::Atom4, "", &["random"; 3], &["give 1 to 2 engines"]),
        (
            GameId::Atom4,
            "areas=3",
            &["random"],
            &["areas", "atom4 takes: size"],
        ),
        (
            GameId::Atom4,
            "size=40x40",
            &["random"],
            &["size", "from 2 to 16"],
        ),
        (
            GameId::Chain,
            "players=9",
            &["random"],
            &["players:", "players (default 2"],
        ),
        (GameId::Atomas, "size=4", &["bot"], &["atomas takes: seed"]),
    ];
    for &(game, setup, engines, says) in cases {
        let setup = Setup::parse(setup).unwrap();
        let e = run(game, &setup, &specs(engines), &options(1))
            .err()
            .unwrap_or_else(|| panic!("{game} {engines:?} should be refused"));
        assert!(
            says.iter().all(|s| e.contains(s)),
            "{game} {engines:?}: {e}"
        );
    }
    let e = Setup::parse("colour=red").unwrap_err().to_string();
    assert!(e.contains("size, players, rules, areas, seed"), "{e}");
}
