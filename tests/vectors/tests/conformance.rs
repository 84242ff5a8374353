//! Replays every recorded game of the golden vectors (and of any file named
//! in `ATOM4_EXTRA_VECTORS`) and compares the engine after every move.

use atom4_core::atom4::{classic, Atom4, BoardText, Player, Status};
use atom4_core::Cell;
use atom4_vectors::{all_records, ClassicRecord, GameRecord, Record};

/// Plays one recorded game; returns the number of moves checked or a message
/// naming the round and move of the first difference.
fn replay(game: &GameRecord) -> Result<usize, String> {
    let mut state = Atom4::new(game.width, game.height).map_err(|e| e.to_string())?;
    let mut moves = 0;
    for (r, round) in game.rounds.iter().enumerate() {
        let at = |m: usize| format!("round {} move {}", round.round, m + 1);
        if r > 0 {
            state
                .next_round()
                .map_err(|e| format!("round {}: {e}", round.round))?;
        }
        if state.round() != round.round {
            return Err(format!(
                "round {}: engine is at round {}",
                round.round,
                state.round()
            ));
        }
        let start_player = state.current_player().map(Player::number);
        if start_player != Some(round.start_player) {
            return Err(format!(
                "round {}: starts with player {start_player:?}",
                round.round
            ));
        }
        let tile = state.tile().color().letter().to_string();
        if tile != round.start_tile {
            return Err(format!("round {}: starts with tile {tile}", round.round));
        }
        let initial = BoardText(state.board()).to_string();
        if initial != round.initial {
            return Err(format!("round {}: initial board {initial}", round.round));
        }
        for (m, &[x, y]) in round.moves.iter().enumerate() {
            let tile = state.tile().color().letter().to_string();
            if tile != round.tiles[m] {
                return Err(format!(
                    "{}: tile {tile}, recorded {}",
                    at(m),
                    round.tiles[m]
                ));
            }
            let cell = Cell::new(x, y).ok_or_else(|| format!("{}: bad cell", at(m)))?;
            // The one-cell check agrees with the bitboard generator everywhere.
            let legal = state.legal_moves();
            for i in 0..=255 {
                let c = Cell::from_index(i);
                if state.check_move(c).is_ok() != legal.has(c) {
                    return Err(format!(
                        "{}: check_move and legal_moves disagree at {c:?}",
                        at(m)
                    ));
                }
            }
            let before = state;
            let changes = state
                .play(cell)
                .map_err(|e| format!("{}: ({x},{y}) refused: {e}", at(m)))?;
            // Taking the move back restores the position exactly.
            let mut undone = state;
            undone
                .unplay(&changes)
                .map_err(|e| format!("{}: unplay: {e}", at(m)))?;
            if undone != before {
                return Err(format!(
                    "{}: unplay gives {undone:?}, expected {before:?}",
                    at(m)
                ));
            }
            let board = BoardText(state.board()).to_string();
            if board != round.boards[m] {
                return Err(format!(
                    "{}: board\n  engine   {board}\n  recorded {}",
                    at(m),
                    round.boards[m]
                ));
            }
            let legal = state.board().legal_cells().count();
            if legal != round.legal_counts[m] {
                return Err(format!(
                    "{}: {legal} legal cells, recorded {}",
                    at(m),
                    round.legal_counts[m]
                ));
            }
            let last = m + 1 == round.moves.len();
            if state.is_over() != last {
                return Err(format!(
                    "{}: round over = {}, recorded {}",
                    at(m),
                    state.is_over(),
                    last
                ));
            }
            moves += 1;
        }
        let winner = match state.status() {
            Status::Playing => 0,
            Status::Won(p) => p.number(),
            Status::Stalemate => 3,
        };
        if winner != round.winner {
            return Err(format!(
                "round {}: winner {winner}, recorded {}",
                round.round, round.winner
            ));
        }
        if state.scores() != round.scores {
            return Err(format!(
                "round {}: scores {:?}, recorded {:?}",
                round.round,
                state.scores(),
                round.scores
            ));
        }
        // The position notation must survive every end of round unchanged.
        let text = state.to_string();
        let back: Atom4 = text
            .parse()
            .map_err(|e| format!("round {}: {text}: {e}", round.round))?;
        if back != state {
            return Err(format!(
                "round {}: notation does not round-trip: {text}",
                round.round
            ));
        }
    }
    Ok(moves)
}

#[test]
fn every_recorded_game_replays_exactly() {
    let records = all_records();
    let files: std::collections::BTreeSet<_> = records.iter().map(|r| r.file.clone()).collect();
    let (mut games, mut moves, mut failures) = (0, 0, Vec::new());
    for located in &records {
        let Record::Game(game) = &located.record else {
            continue;
        };
        games += 1;
        match replay(game) {
            Ok(n) => moves += n,
            Err(e) => failures.push(format!(
                "{}:{} (game {games}): {e}",
                located.file.display(),
                located.line
            )),
        }
    }
    println!(
        "vectors: {} files, {games} games, {moves} moves checked",
        files.len()
    );
    assert!(games >= 150, "expected the 150 golden games, found {games}");
    assert!(
        failures.is_empty(),
        "{} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Replays the moves of a classic-AI record and runs the classic search at
/// its level; the best value must match to the bit and the best moves exactly.
fn check_classic(record: &ClassicRecord) -> Result<(), String> {
    let game = record.position()?;
    let board = BoardText(game.board()).to_string();
    if board != record.board {
        return Err(format!("board after the moves is {board}"));
    }
    let tile = game.tile().color().letter().to_string();
    if tile != record.tile {
        return Err(format!("tile is {tile}, recorded {}", record.tile));
    }
    let analysis = classic::analyse(&game, record.depth).map_err(|e| e.to_string())?;
    let best: Vec<[u8; 2]> = analysis.best_moves.iter().map(|c| [c.x(), c.y()]).collect();
    if analysis.value.to_bits() != record.best_value_bits || best != record.best_moves {
        return Err(format!(
            "level {}: value {} (bits {}), best {:?}; recorded {} (bits {}), best {:?}",
            record.depth,
            analysis.value,
            analysis.value.to_bits(),
            best,
            record.best_value,
            record.best_value_bits,
            record.best_moves
        ));
    }
    Ok(())
}

#[test]
fn the_classic_levels_choose_exactly_as_the_original() {
    let records = all_records();
    let (mut positions, mut failures) = (0, Vec::new());
    for located in &records {
        let Record::Classic(record) = &located.record else {
            continue;
        };
        positions += 1;
        if let Err(e) = check_classic(record) {
            failures.push(format!("{}:{}: {e}", located.file.display(), located.line));
        }
    }
    println!("classic: {positions} positions checked");
    assert!(
        positions >= 260,
        "expected the 260 golden positions, found {positions}"
    );
    assert!(
        failures.is_empty(),
        "{} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
