//! Chain Reaction conformance: replays every game and case of
//! `tests/data/chain/` (and of the files named in `ATOM4_EXTRA_VECTORS`
//! whose folder is `chain`) and compares the engine after every move: the
//! board, the player to move, who is out, explosions, waves, legal cells,
//! the final position, and in `seedai` games every move and pass of the
//! tutorial's computer player. On the way, every position must print and
//! read back to itself, and its key kept up to date must equal the key
//! from scratch.

use std::collections::BTreeSet;

use atom4_core::chain::{letter, Move, Position, Rules, SeedAi, Status};
use atom4_core::game::Player;
use atom4_vectors::chain::{chain_files, read_chain_file, CaseRecord, ChainRecord, GameRecord};

/// The letters of the players who are out, in order.
fn out_letters(position: &Position) -> String {
    position.out_players().map(letter).collect()
}

fn next_letter(position: &Position) -> char {
    position.to_move().map_or('-', letter)
}

/// Plays `mv` and checks what every position must satisfy: the key kept up
/// to date equals the key from scratch, the text reads back to the same
/// position, and an illegal move would have changed nothing.
fn play_checked(position: &mut Position, mv: Move) -> Result<atom4_core::chain::Cascade, String> {
    let before = *position;
    let cascade = position
        .play(mv)
        .map_err(|e| format!("{mv} refused: {e}"))?;
    let key = position.rekey(&before, before.key());
    if key != position.key() {
        return Err(format!(
            "{mv}: key kept up to date differs from the key from scratch"
        ));
    }
    let text = position.to_string();
    let back: Position = text
        .parse()
        .map_err(|e| format!("{mv}: {text} does not read back: {e}"))?;
    if back != *position {
        return Err(format!("{mv}: {text} reads back as {back:?}"));
    }
    Ok(cascade)
}

/// Replays one game; returns the moves checked or what differed first.
fn replay_game(game: &GameRecord) -> Result<usize, String> {
    let rules = match game.rules.as_str() {
        "classic" => Rules::Classic,
        "atoms" => Rules::Atoms,
        other => return Err(format!("unknown rules {other}")),
    };
    let mut position =
        Position::new(rules, game.width, game.height, game.players).map_err(|e| e.to_string())?;
    let n = game.moves.len();
    let lengths = [
        game.boards.len(),
        game.next.len(),
        game.out.len(),
        game.explosions.len(),
        game.waves.len(),
        game.legal.len(),
    ];
    if lengths.iter().any(|&l| l != n) {
        return Err(format!("{n} moves but fields of lengths {lengths:?}"));
    }
    let mut ai = match (game.policy.as_str(), game.ai_seed) {
        ("seedai", Some(seed)) => Some(SeedAi::new(seed)),
        ("seedai", None) => return Err("a seedai game without ai_seed".into()),
        _ => None,
    };
    let next: Vec<char> = game.next.chars().collect();
    for (j, record) in game.moves.iter().enumerate() {
        let at = |what: String| format!("move {} ({record}): {what}", j + 1);
        let mv = record.to_move().map_err(at)?;
        if let Some(ai) = ai
            .as_mut()
            .filter(|_| position.to_move() == Some(Player::TWO))
        {
            let chosen = ai.choose(&position).map_err(|e| at(e.to_string()))?;
            if chosen != mv {
                return Err(at(format!("the seed's computer player chose {chosen}")));
            }
        }
        let cascade = play_checked(&mut position, mv).map_err(at)?;
        let board = position.board().to_string();
        if board != game.boards[j] {
            return Err(at(format!(
                "board\n  engine   {board}\n  recorded {}",
                game.boards[j]
            )));
        }
        let checks = [
            (
                "next",
                next_letter(&position).to_string(),
                next[j].to_string(),
            ),
            ("out", out_letters(&position), game.out[j].clone()),
            (
                "explosions",
                cascade.explosions.to_string(),
                game.explosions[j].to_string(),
            ),
            (
                "waves",
                cascade.waves.to_string(),
                game.waves[j].to_string(),
            ),
            (
                "legal",
                position.legal_count().to_string(),
                game.legal[j].to_string(),
            ),
        ];
        for (what, engine, recorded) in checks {
            if engine != recorded {
                return Err(at(format!("{what} {engine}, recorded {recorded}")));
            }
        }
    }
    let text = position.to_string();
    if text != game.final_position {
        return Err(format!(
            "final position\n  engine   {text}\n  recorded {}",
            game.final_position
        ));
    }
    let (winner, end) = match position.status() {
        Status::Playing => (None, "unfinished"),
        Status::Drawn => (Some("=".to_string()), "cap"),
        Status::Won(p) => (Some(letter(p).to_string()), "win"),
    };
    if winner != game.winner || end != game.end {
        return Err(format!(
            "ends {end} (winner {winner:?}), recorded {} ({:?})",
            game.end, game.winner
        ));
    }
    Ok(n)
}

/// Loads a case's start, plays its moves, compares the position after and
/// the last move's counts.
fn replay_case(case: &CaseRecord) -> Result<(), String> {
    let mut position: Position = case
        .start
        .parse()
        .map_err(|e| format!("start does not read: {e}"))?;
    if position.to_string() != case.start {
        return Err(format!("start prints as {position}"));
    }
    let mut last = None;
    for (j, record) in case.moves.iter().enumerate() {
        let at = |what: String| format!("move {} ({record}): {what}", j + 1);
        let mv = record.to_move().map_err(at)?;
        last = Some(play_checked(&mut position, mv).map_err(at)?);
    }
    let text = position.to_string();
    if text != case.after {
        return Err(format!(
            "position after\n  engine   {text}\n  recorded {}",
            case.after
        ));
    }
    let last = last.ok_or("a case without moves")?;
    if (last.explosions, last.waves) != (case.explosions, case.waves) {
        return Err(format!(
            "last move: {} explosions, {} waves; recorded {}, {}",
            last.explosions, last.waves, case.explosions, case.waves
        ));
    }
    let after: Position = case
        .after
        .parse()
        .map_err(|e| format!("after does not read: {e}"))?;
    if after != position {
        return Err(format!("after reads as {after:?}"));
    }
    Ok(())
}

#[test]
fn every_chain_vector_replays_exactly() {
    let files = chain_files();
    let (mut games, mut moves, mut cases, mut failures) = (0, 0, 0, Vec::new());
    let mut read = BTreeSet::new();
    for file in &files {
        read.insert(file.clone());
        for located in read_chain_file(file) {
            let place = format!("{}:{}", located.file.display(), located.line);
            let result = match &located.record {
                ChainRecord::Game(game) => {
                    games += 1;
                    replay_game(game)
                        .map(|n| moves += n)
                        .map_err(|e| format!("{place} ({}): {e}", game.id))
                }
                ChainRecord::Case(case) => {
                    cases += 1;
                    replay_case(case)
                        .map_err(|e| format!("{place} ({}, {}): {e}", case.id, case.kind))
                }
            };
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    println!(
        "chain vectors: {} files, {games} games, {moves} moves, {cases} cases checked",
        read.len()
    );
    assert!(
        games >= 303 && cases >= 41,
        "expected the 303 golden games and 41 cases, found {games} and {cases}"
    );
    assert!(
        failures.is_empty(),
        "{} records differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
