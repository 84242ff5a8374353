//! The worked examples of the rules pages (`docs/rules/<game>.md`) are
//! played here through the one game interface, so that the pages cannot
//! drift from the code: every fenced block marked `example` is a script
//! of these lines:
//!
//! - `game NAME [param=value ...]`: a new game of the registry, set up so;
//! - `from TEXT`: the position of that text instead (it must write back
//!   the same);
//! - `text TEXT`: the position's text now is TEXT;
//! - `legal MOVE=ACTION ...`: the legal moves now, in the interface's
//!   order, as move text and action (`none` for none);
//! - `chance MOVE=ACTION:WEIGHT ...`: the chance outcomes now, weighted;
//! - `play MOVE = ACTION`: the move's text reads as that action and the
//!   action writes as that text; then it is played;
//! - `refuse MOVE`: the move is refused (and nothing changes);
//! - `turn N` / `turn chance` / `turn over`: whose turn it is;
//! - `returns R1 R2 ...`: the game is over, each player got that.
//!
//! Every game of the registry has its page, and every page at least one
//! example.

use std::path::{Path, PathBuf};

use atom4_core::game::Turn;
use atom4_core::registry::{AnyState, GameId, GAMES};
use atom4_core::state::Setup;

fn pages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules")
}

fn move_text(state: &AnyState, action: u32) -> String {
    let mut text = String::new();
    state.write_move(action, &mut text).unwrap();
    text
}

/// Runs one example; an error names the line.
fn run(script: &str) -> Result<(), String> {
    let mut game: Option<GameId> = None;
    let mut state: Option<AnyState> = None;
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let fail = |why: String| format!("{line:?}: {why}");
        if command == "game" {
            let (name, setup) = rest.split_once(' ').unwrap_or((rest, ""));
            let id: GameId = name.parse().map_err(|e| fail(format!("{e}")))?;
            let setup = Setup::parse(setup).map_err(|e| fail(e.to_string()))?;
            state = Some(id.start(&setup).map_err(|e| fail(e.to_string()))?);
            game = Some(id);
            continue;
        }
        let id = game.ok_or_else(|| fail("no game line before it".into()))?;
        if command == "from" {
            let from = id.from_text(rest).map_err(|e| fail(e.to_string()))?;
            if from.to_string() != rest {
                return Err(fail(format!("writes back as {from}")));
            }
            state = Some(from);
            continue;
        }
        let s = state.as_mut().ok_or_else(|| fail("no position".into()))?;
        match command {
            "text" => {
                if s.to_string() != rest {
                    return Err(fail(format!("the position is {s}")));
                }
            }
            "legal" | "chance" => {
                let mut listed = Vec::new();
                if command == "legal" {
                    s.legal_actions(&mut |a| listed.push(format!("{}={a}", move_text(s, a))));
                } else {
                    s.chance_outcomes(&mut |a, w| {
                        listed.push(format!("{}={a}:{w}", move_text(s, a)))
                    });
                }
                let listed = if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(" ")
                };
                if listed != rest {
                    return Err(fail(format!("they are {listed}")));
                }
            }
            "play" => {
                let (text, action) = rest
                    .rsplit_once(" = ")
                    .ok_or_else(|| fail("write play MOVE = ACTION".into()))?;
                let action: u32 = action.parse().map_err(|_| fail("a bad action".into()))?;
                let read = s.parse_move(text).map_err(|e| fail(e.to_string()))?;
                if read != action {
                    return Err(fail(format!("{text:?} reads as action {read}")));
                }
                if move_text(s, action) != text {
                    return Err(fail(format!(
                        "action {action} writes as {}",
                        move_text(s, action)
                    )));
                }
                s.play(action).map_err(|e| fail(e.to_string()))?;
            }
            "refuse" => {
                let before = s.clone();
                let refused = match s.parse_move(rest) {
                    Ok(action) => s.play(action).is_err(),
                    Err(_) => true,
                };
                if !refused || *s != before {
                    return Err(fail("the move was not refused cleanly".into()));
                }
            }
            "turn" => {
                let turn = match s.turn() {
                    Turn::Player(p) => p.number().to_string(),
                    Turn::Chance => "chance".into(),
                    Turn::Over => "over".into(),
                };
                if turn != rest {
                    return Err(fail(format!("it is {turn}")));
                }
            }
            "returns" => {
                let got: Vec<String> = s.returns_all().map(|r| r.to_string()).collect();
                if s.turn() != Turn::Over || got.join(" ") != rest {
                    return Err(fail(format!(
                        "turn {:?}, returns {}",
                        s.turn(),
                        got.join(" ")
                    )));
                }
            }
            _ => return Err(fail("an unknown line".into())),
        }
    }
    Ok(())
}

/// The example blocks of a page: the lines between "```example" and the
/// next "```".
fn examples(page: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in page.lines().enumerate() {
        match &mut current {
            None if line.trim() == "```example" => current = Some((i + 1, String::new())),
            None => {}
            Some(_) if line.trim() == "```" => found.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    found
}

#[test]
fn every_example_of_the_rules_pages_plays_as_written() {
    let mut failures = Vec::new();
    let mut count = 0;
    for name in GAMES.iter().filter(|&&n| n != "tictactoe") {
        let path = pages().join(format!("{name}.md"));
        let page = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("the rules page {}: {e}", path.display()));
        let blocks = examples(&page);
        assert!(!blocks.is_empty(), "{} has no example", path.display());
        for (line, script) in blocks {
            count += 1;
            if let Err(e) = run(&script) {
                failures.push(format!("{name}.md, example at line {line}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("rules pages: {count} examples played");
}

/// The checker itself refuses what is wrong.
#[test]
fn a_wrong_example_fails() {
    assert!(run("game atom4 size=6x4\ntext ....../..gp../....../...... r 1 0-0 *").is_ok());
    for wrong in [
        "game atom4 size=6x4\ntext ....../..pg../....../...... r 1 0-0 *",
        "game atom4 size=6x4\nplay 3,0 = 4",
        "game atom4 size=6x4\nplay 2,2 = 34",
        "game atom4 size=6x4\nrefuse 3,0",
        "game atom4 size=6x4\nlegal 3,0=3",
        "game atom4 size=6x4\nturn 2",
        "game atom4 size=6x4\nreturns 0 0",
        "game chess",
        "text x",
    ] {
        assert!(run(wrong).is_err(), "{wrong}");
    }
}
