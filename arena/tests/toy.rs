//! A game no arena code was written for: with core's toy game in the
//! registry (`cargo test -p atom4-arena --features toy --test toy`), the
//! `match` program plays tic-tac-toe with the engines of every game.
#![cfg(feature = "toy")]

use std::process::Command;

#[test]
fn the_match_program_plays_the_toy_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_match"))
        .args(["--game", "tictactoe", "--games", "20", "--opening", "0"])
        .args(["engine:n500", "random"])
        .output()
        .expect("the match program starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("game ")).count(),
        20
    );
    let line = |spec: &str| {
        stdout
            .lines()
            .find(|l| l.contains(spec))
            .unwrap_or_else(|| panic!("no line for {spec}: {stdout}"))
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // `N spec wins W losses L draws D ...`
    let (engine, random) = (line("engine:n500"), line("random"));
    let number = |words: &[String], after: &str| -> u32 {
        let i = words.iter().position(|w| w == after).unwrap();
        words[i + 1].parse().unwrap()
    };
    let (wins, losses) = (number(&engine, "wins"), number(&engine, "losses"));
    assert_eq!(wins, number(&random, "losses"));
    // The toy's engine (MCTS, 500 playouts) hardly ever loses to random play.
    assert!(wins >= 10 && losses <= 2, "{stdout}");
    let help = Command::new(env!("CARGO_BIN_EXE_match"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("tictactoe (Tic-tac-toe)"));
}
