//! Atropos against every golden vector file (and every extra one in an
//! `atropos` folder of `ATOM4_EXTRA_VECTORS`): start states, the Java
//! referee's positions (printing, end, legal circles, losing moves), game
//! records (replayed, Default's moves and the seeds reproduced) and solved
//! positions (the solver's value and complete winning set).

use std::collections::BTreeSet;

use atom4_core::atropos::referee::Generators;
use atom4_core::atropos::{default_move, Atropos, Move, MoveList, Player, Solver, Value};
use atom4_vectors::atropos::{
    numbered_lines, vector_files, GameRecord, Kind, PositionLine, SolvedLine,
};

/// What the checks of one file counted.
#[derive(Default)]
struct Counts {
    positions: usize,
    games: usize,
    solved: usize,
}

fn parse(state: &str) -> Result<Atropos, String> {
    let position = Atropos::from_text(state).map_err(|e| format!("{state}: {e}"))?;
    let printed = position.to_string();
    if printed != state {
        return Err(format!("printed back as {printed}"));
    }
    Ok(position)
}

fn listed<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|x| x.to_string()).collect()
}

/// A pretty-printed board (spaces and newlines removed): 1 when it is a
/// start position, else 0 and a failure.
fn pretty_board(block: &mut String, line: usize, failures: &mut Vec<String>) -> usize {
    if block.is_empty() {
        return 0;
    }
    let board: String = block.chars().filter(|c| !c.is_whitespace()).collect();
    block.clear();
    match Atropos::from_text(&board) {
        Ok(start) if start == Atropos::start(start.size()) => 1,
        Ok(other) => {
            failures.push(format!("line {line}: pretty board {other} is not a start"));
            0
        }
        Err(e) => {
            failures.push(format!("line {line}: pretty board {board}: {e}"));
            0
        }
    }
}

/// `size N: STATE` lines are the start states; each pretty-printed board
/// after them, its spaces and newlines removed, is a start state too.
fn check_initial_boards(text: &str, failures: &mut Vec<String>) -> usize {
    let mut checked = 0;
    let mut block = String::new();
    let mut last_line = 0;
    for (line, text) in numbered_lines(text) {
        last_line = line;
        if let Some(rest) = text.strip_prefix("size ") {
            let Some((n, state)) = rest.split_once(": ") else {
                failures.push(format!("line {line}: not `size N: STATE`"));
                continue;
            };
            let start = n.parse().ok().and_then(|n| Atropos::new(n).ok());
            match start {
                Some(start) if start.to_string() == state => checked += 1,
                Some(start) => {
                    failures.push(format!("line {line}: start of size {n} prints {start}"))
                }
                None => failures.push(format!("line {line}: no size {n}")),
            }
        } else if text.starts_with('[') || text.starts_with(' ') || text.starts_with("Last Play") {
            block.push_str(text);
            if text.starts_with("Last Play") {
                checked += pretty_board(&mut block, line, failures);
            }
        } else {
            // A caption of the next pretty board.
            checked += pretty_board(&mut block, line, failures);
        }
    }
    checked + pretty_board(&mut block, last_line, failures)
}

fn check_position(line: &str) -> Result<(), String> {
    let record = PositionLine::parse(line)?;
    let position = parse(record.state)?;
    match &record.legal {
        None if !position.is_finished() => return Err("not finished".into()),
        Some(_) if position.is_finished() => return Err("finished".into()),
        Some(legal) => {
            let ours = listed(position.legal_circles());
            if ours != *legal {
                return Err(format!(
                    "legal circles {}, recorded {}",
                    ours.join(" "),
                    legal.join(" ")
                ));
            }
        }
        None => {}
    }
    let losing = listed(position.losing_moves());
    if losing != record.losing {
        return Err(format!(
            "losing moves {}, recorded {}",
            losing.join(" "),
            record.losing.join(" ")
        ));
    }
    // Every legal move is one of the losing or the safe ones, and a losing
    // one finishes the game.
    for mv in position
        .safe_moves()
        .iter()
        .chain(position.losing_moves().iter())
    {
        let mut after = position;
        after.play(*mv).map_err(|e| format!("{mv}: {e}"))?;
        if after.is_finished() != position.is_losing(*mv) {
            return Err(format!("{mv} finishes: {}", after.is_finished()));
        }
    }
    Ok(())
}

fn seat(name: &str) -> Result<usize, String> {
    match name {
        "a" => Ok(0),
        "b" => Ok(1),
        other => Err(format!("seat {other:?}")),
    }
}

/// Replays a record; Default's moves (openings, a `default` seat,
/// substitutes) are drawn again and must be the recorded ones.
fn replay(record: &GameRecord) -> Result<(), String> {
    let mut position = Atropos::new(record.size).map_err(|e| e.to_string())?;
    let Generators {
        mut opening,
        a,
        b,
        mut substitute,
    } = Generators::new(record.seed);
    let mut seats = [a, b];
    let commands = [&record.a, &record.b];
    let first = seat(&record.first)?;
    if record.game % 2 != first as u64 {
        return Err(format!("game {} started by {}", record.game, record.first));
    }
    let mut openings = 0;
    for (i, text) in record.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("move {i} {text}: {e}"))?;
        if position.is_finished() {
            return Err(format!("move {i} {text} after the end"));
        }
        let mover = (first + i) % 2;
        let drawn = if openings < record.opening && i == openings as usize {
            if position.safe_moves().is_empty() {
                None
            } else {
                openings += 1;
                default_move(&position, &mut opening)
            }
        } else {
            None
        };
        let drawn = if openings as usize > i {
            drawn
        } else if record.substituted.contains(&i) {
            default_move(&position, &mut substitute)
        } else if commands[mover] == "default" {
            default_move(&position, &mut seats[mover])
        } else {
            None
        };
        if let Some(drawn) = drawn {
            if drawn != mv {
                return Err(format!("move {i}: recorded {text}, Default draws {drawn}"));
            }
        }
        position
            .play(mv)
            .map_err(|e| format!("move {i} {text}: {e}"))?;
    }
    if openings != record.openings {
        return Err(format!(
            "{openings} opening moves, recorded {}",
            record.openings
        ));
    }
    let made = record.moves.len();
    let loser = match record.end.as_str() {
        "loss" if position.is_finished() && made > 0 => {
            // The first mover wins when the number of moves is even.
            let first_wins = position.winner() == Some(Player::ONE);
            if first_wins != made.is_multiple_of(2) {
                return Err("winner is not the first mover of an even game".into());
            }
            (first + made - 1) % 2
        }
        "forfeit" if !position.is_finished() => (first + made) % 2,
        end => return Err(format!("end {end}, finished {}", position.is_finished())),
    };
    if seat(&record.loser)? != loser || seat(&record.winner)? != 1 - loser {
        return Err(format!("loser {}, winner {}", record.loser, record.winner));
    }
    if (record.end == "loss") != record.reason.is_none() {
        return Err(format!(
            "end {} with reason {:?}",
            record.end, record.reason
        ));
    }
    if record.on_illegal != "substitute" && !record.substituted.is_empty() {
        return Err("substitutions without --on-illegal substitute".into());
    }
    Ok(())
}

fn check_solved(line: &str, solver: &mut Solver<'_>) -> Result<(), String> {
    let record = SolvedLine::parse(line)?;
    let position = parse(record.state)?;
    let mut winning = MoveList::new();
    let value = solver
        .winning_moves(&position, &mut winning, &mut ())
        .map_err(|e| e.to_string())?;
    let ours = listed(winning.iter());
    if (value == Value::Win) != record.win || ours != record.winning {
        let recorded = if record.win { "win" } else { "loss" };
        return Err(format!(
            "{value}, winning {}; recorded {recorded}, winning {}",
            ours.join(" "),
            record.winning.join(" ")
        ));
    }
    // The value alone agrees too.
    let alone = solver
        .value(&position, &mut ())
        .map_err(|e| e.to_string())?;
    if alone != value {
        return Err(format!("value alone {alone}"));
    }
    Ok(())
}

#[test]
fn atropos_vectors() {
    let files = vector_files();
    let mut table = vec![0u64; 1 << 22];
    let mut solver = Solver::new(&mut table);
    let mut counts = Counts::default();
    let mut failures = Vec::new();
    let mut kinds = BTreeSet::new();
    for file in &files {
        kinds.insert(format!("{:?}", file.kind));
        let mut fail = |line: usize, e: String| {
            failures.push(format!("{}:{line}: {e}", file.path.display()));
        };
        match file.kind {
            Kind::InitialBoards => {
                let mut errors = Vec::new();
                if check_initial_boards(&file.text, &mut errors) < 17 {
                    errors.push("fewer than 15 start states and 2 pretty boards".into());
                }
                for e in errors {
                    fail(0, e);
                }
            }
            Kind::Positions => {
                for (line, text) in numbered_lines(&file.text) {
                    counts.positions += 1;
                    if let Err(e) = check_position(text) {
                        fail(line, e);
                    }
                }
            }
            Kind::Games => {
                for (line, text) in numbered_lines(&file.text) {
                    counts.games += 1;
                    let result = serde_json::from_str::<GameRecord>(text)
                        .map_err(|e| format!("not a game record: {e}"))
                        .and_then(|record| replay(&record));
                    if let Err(e) = result {
                        fail(line, e);
                    }
                }
            }
            Kind::Solved => {
                for (line, text) in numbered_lines(&file.text) {
                    counts.solved += 1;
                    if let Err(e) = check_solved(text, &mut solver) {
                        fail(line, e);
                    }
                }
            }
        }
    }
    println!(
        "atropos vectors: {} files, {} positions, {} games, {} solved checked",
        files.len(),
        counts.positions,
        counts.games,
        counts.solved
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The golden set holds every kind, and all of its records.
    assert_eq!(kinds.len(), 4, "kinds found: {kinds:?}");
    assert!(counts.positions >= 1940, "{} positions", counts.positions);
    assert!(counts.games >= 326, "{} games", counts.games);
    assert!(counts.solved >= 2153, "{} solved", counts.solved);
}
