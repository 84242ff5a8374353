//! The programs as processes: `match` plays a short match of every
//! registered game, saves its games, lists them in its help and refuses
//! bad input clearly (exit status 2); `bench-games` measures every game.

use std::process::{Command, Output};

use atom4_arena::record::Record;
use atom4_core::game::Player;
use atom4_core::registry::GAME_IDS;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match"))
        .args(args)
        .output()
        .expect("the match program starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every game of the registry plays, with the engines of every game: the
/// summary a seat on standard output, a line a game on standard error.
#[test]
fn every_game_plays_a_short_match() {
    for &game in GAME_IDS {
        let mut args = vec!["--game", game.name(), "--games", "2", "--max-moves", "200"];
        args.extend(["engine:n200", "random"].iter().take(game.max_players()));
        let out = run(&args);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{game}: {stderr}");
        assert!(
            stdout.starts_with(&format!("match: 2 games of {game}, ")),
            "{game}: {stdout}"
        );
        assert!(
            stdout.contains("engine:n200") && stdout.contains("wins"),
            "{stdout}"
        );
        assert_eq!(
            stderr.lines().filter(|l| l.starts_with("game ")).count(),
            2,
            "{stderr}"
        );
    }
}

/// `--records` saves every game of every registry game as a saved game
/// that replays to its end and names the seats' engines and the result
/// the progress line gave.
#[test]
fn every_game_is_saved_and_replays() {
    for &game in GAME_IDS {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("records-{game}"));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = vec!["--game", game.name(), "--games", "3", "--max-moves", "200"];
        args.extend(["--records", dir.to_str().unwrap()]);
        args.extend(["engine:n200", "random"].iter().take(game.max_players()));
        let out = run(&args);
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{game}: {stderr}");
        let progress: Vec<&str> = stderr.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(progress.len(), 3, "{stderr}");
        for g in 1..=3 {
            let path = dir.join(format!("game-{g:04}.txt"));
            let saved = std::fs::read_to_string(&path).unwrap();
            let record = Record::parse(&saved).unwrap_or_else(|e| panic!("{saved}: {e}"));
            assert_eq!(record.start.game(), game);
            assert!(
                saved.contains(&format!("\n# match game {g} of seed 1\n")),
                "{saved}"
            );
            assert!(
                saved.contains("\n# engine 1 engine:n200 in seat "),
                "{saved}"
            );
            assert!(saved.contains("\ncomputer none\n"), "{saved}");
            // The result comment is the end of the game's progress line.
            let line = progress
                .iter()
                .find(|l| l.starts_with(&format!("game {g:>4}: ")))
                .unwrap();
            let result = line.split(" moves, ").nth(1).unwrap();
            assert!(
                saved.contains(&format!("\n# {result}\n")),
                "{line}\n{saved}"
            );
            let end = record.end();
            let moves: usize = line
                .split(", ")
                .nth(1)
                .unwrap()
                .trim_end_matches(" moves")
                .parse()
                .unwrap();
            assert_eq!(record.moves.len(), moves, "{line}");
            if !result.starts_with("stopped") && game.max_players() == 2 {
                assert!(end.is_over(), "{saved}");
                let seat = line.split("in seat ").nth(1).unwrap()[..1]
                    .parse::<usize>()
                    .unwrap();
                let mine = end.returns(Player::new(seat - 1).unwrap());
                let first = result
                    .trim_start_matches("returns by engine ")
                    .split(' ')
                    .next()
                    .unwrap();
                assert_eq!(mine, first.parse::<f64>().unwrap(), "{line}\n{saved}");
            }
        }
    }
}

/// The setup options reach the game: a 4-player Gamma on a small board
/// fills the seats with the last engine.
#[test]
fn setup_options_reach_the_game() {
    let out = run(&[
        "--game",
        "gamma",
        "--size",
        "4x3",
        "--players",
        "4",
        "--set",
        "areas=1",
        "--games",
        "1",
        "greedy",
        "random",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.split_whitespace().nth(1) == Some("random"))
            .count(),
        3,
        "{stdout}"
    );
}

/// `--help` lists every game with its parameters and engines.
#[test]
fn help_lists_the_games_and_their_engines() {
    let out = run(&["--help"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success());
    for &game in GAME_IDS {
        assert!(
            stdout.contains(&format!("  {} ({})", game.name(), game.title())),
            "{stdout}"
        );
    }
    assert!(stdout.contains("classic:<level>") && stdout.contains("engine:<limit>"));
}

/// Bad input: a message that says what is allowed, exit status 2, no
/// summary.
#[test]
fn bad_input_is_refused_with_what_is_allowed() {
    for (args, says) in [
        (
            &["--game", "chess", "random"][..],
            "the games are: atom4 atropos chain gamma atomas",
        ),
        (&["--game", "gamma", "minimax"][..], "greedy"),
        (
            &["--game", "chain", "--set", "rules=go", "random"][..],
            "classic and atoms",
        ),
        (
            &["--game", "atropos", "--size", "4x5", "random"][..],
            "triangle",
        ),
        (&["--set", "areas", "random"][..], "NAME=VALUE"),
        (
            &["--game", "atomas", "--players", "2", "bot"][..],
            "atomas takes: seed",
        ),
        (
            &["--records", "/dev/null/games", "random"][..],
            "cannot make the records' folder /dev/null/games",
        ),
    ] {
        let out = run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("match: ") && stderr.contains(says),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `bench-games` measures every game of the registry: a line each, with
/// its random games and its engine's searches.
#[test]
fn bench_games_measures_every_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_bench-games"))
        .args(["--games", "3", "--positions", "2", "--nodes", "300"])
        .output()
        .expect("bench-games starts");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for &game in GAME_IDS {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{game}: 3 random games")))
            .unwrap_or_else(|| panic!("no line for {game}: {stdout}"));
        assert!(line.contains("engine n300: 2 positions"), "{line}");
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_bench-games"))
        .args(["--game", "chess"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// `bench-strong` measures other weights from `ATOM4_WEIGHTS`, as `match`
/// does: other weights search other trees, and an unknown name is refused.
#[test]
fn bench_strong_takes_weights_from_the_environment() {
    let bench = |weights: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_bench-strong"));
        command.arg("4").env_remove("ATOM4_WEIGHTS");
        if let Some(w) = weights {
            command.env("ATOM4_WEIGHTS", w);
        }
        command.output().expect("bench-strong starts")
    };
    let nodes = |out: &Output| {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        stdout
            .lines()
            .find(|l| l.contains("depth 4:"))
            .and_then(|l| l.split(',').nth(1))
            .map(|s| s.trim().to_owned())
            .unwrap_or_else(|| panic!("no depth 4 line: {stdout}"))
    };
    let default = nodes(&bench(None));
    assert_eq!(nodes(&bench(Some(""))), default);
    assert_ne!(nodes(&bench(Some("three_near=300,two=0"))), default);
    let bad = bench(Some("bogus=1"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("no weight called \"bogus\""));
}
