//! Replays every Atomas vector (the golden files and the extra files of an
//! `atomas` folder named in `ATOM4_EXTRA_VECTORS`): each step from its
//! state, request and reply (points, chains, bad replies refused with the
//! state unchanged), each spawn law as exact fractions, and each game move
//! by move, drawing seeded games with the reference generator.

use std::collections::BTreeMap;
use std::fmt::Write;

use atom4_core::atomas::{Atom, Atomas, Fuser, Reference, Reply, Request, Source};
use atom4_core::game::{Game, Turn};
use atom4_vectors::atomas::{
    read_records, vector_files, FileKind, GameRecord, SpawnRecord, StepRecord,
};
use atom4_vectors::Located;

fn parse(text: &str) -> Result<Atomas, String> {
    let state = Atomas::from_text(text).map_err(|e| format!("{text:?}: {e}"))?;
    let back = state.to_string();
    if back != text {
        return Err(format!("prints back as {back:?}, not {text:?}"));
    }
    Ok(state)
}

/// A chain as the vectors write it: `at` and the steps `[outer, result,
/// points]`.
type Chain = (String, Vec<(Option<u32>, u32, u64)>);

/// The chains of a move.
fn chains(fusions: &[atom4_core::atomas::Fusion]) -> Vec<Chain> {
    let mut out: Vec<Chain> = Vec::new();
    for f in fusions {
        if f.step == 0 {
            let at = match f.by {
                Fuser::Plus => "plus",
                Fuser::Black => "black",
            };
            out.push((at.to_string(), Vec::new()));
        }
        if let Some((_, steps)) = out.last_mut() {
            steps.push((f.outer, f.result, f.points));
        }
    }
    out
}

fn check_step(record: &StepRecord) -> Result<(), String> {
    let before = parse(&record.before)?;
    // The request lines, both forms, printed and read back.
    let request4 = before.request().ok_or("no atom in hand")?;
    let request2 = Request {
        header: None,
        ..request4
    };
    for (request, line) in [(request2, &record.request), (request4, &record.request4)] {
        if &request.to_string() != line {
            return Err(format!("request prints as {request}, recorded {line}"));
        }
        let read = Request::parse(line).map_err(|e| format!("request {line:?}: {e}"))?;
        if read != request {
            return Err(format!("request {line:?} reads as {read:?}"));
        }
    }
    let mut state = before;
    let result = state.reply(&record.reply);
    if record.error {
        return match result {
            Ok(_) => Err(format!("bad reply {:?} accepted", record.reply)),
            Err(_) if state != before => Err(format!(
                "bad reply {:?} changed the state to {state}",
                record.reply
            )),
            Err(_) => Ok(()),
        };
    }
    let played = result.map_err(|e| format!("reply {:?} refused: {e}", record.reply))?;
    // The reply is one of the legal moves the searches see, and playing it
    // through the trait gives the same state.
    let hand = before.hand().ok_or("no atom in hand")?;
    let reply =
        Reply::parse(&record.reply, hand, before.ring().len()).map_err(|e| e.to_string())?;
    let mut moves = Default::default();
    before.legal_moves(&mut moves);
    if !moves.contains(&atom4_core::atomas::Move::Reply(reply)) {
        return Err(format!("{reply:?} is not among the legal moves"));
    }
    let mut through_trait = before;
    Game::play(&mut through_trait, atom4_core::atomas::Move::Reply(reply));
    if through_trait != state {
        return Err(format!("Game::play gives {through_trait}"));
    }
    let after = record.after.as_deref().ok_or("no after")?;
    if state.to_string() != after {
        return Err(format!("after\n  engine   {state}\n  recorded {after}"));
    }
    parse(after)?;
    if Some(played.points) != record.points {
        return Err(format!(
            "{} points, recorded {:?}",
            played.points, record.points
        ));
    }
    if Some(state.is_over()) != record.over {
        return Err(format!(
            "over = {}, recorded {:?}",
            state.is_over(),
            record.over
        ));
    }
    let engine = chains(&played.fusions);
    let recorded: Vec<_> = record
        .chains
        .iter()
        .flatten()
        .map(|c| (c.at.clone(), c.steps.clone()))
        .collect();
    if engine != recorded {
        return Err(format!("chains {engine:?}, recorded {recorded:?}"));
    }
    // An oddly written reply means what its plain form means.
    if record.kind == "format" && reply.to_string() != record.reply.trim() {
        let mut plain = before;
        plain.reply(&reply.to_string()).map_err(|e| e.to_string())?;
        if plain != state {
            return Err(format!("plain reply {reply} gives {plain}"));
        }
    }
    Ok(())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn check_spawn(record: &SpawnRecord) -> Result<(), String> {
    let state = parse(&record.state)?;
    let source = match state.source() {
        Some(Source::Carry) => "carry",
        Some(Source::Forced) => "forced",
        Some(Source::Random) => "random",
        None => "none",
    };
    if source != record.source {
        return Err(format!("source {source}, recorded {}", record.source));
    }
    let law = state.spawn_law();
    let total: u64 = law.iter().map(|c| u64::from(c.weight)).sum();
    let engine: Vec<(String, String)> = law
        .iter()
        .map(|c| {
            let w = u64::from(c.weight);
            let g = gcd(w, total);
            (c.outcome.to_string(), format!("{}/{}", w / g, total / g))
        })
        .collect();
    // One golden record lists range values of probability 0 as "0/1";
    // an atom of probability 0 is one the law leaves out.
    let recorded: Vec<(String, String)> = record
        .dist
        .iter()
        .filter(|(_, p)| !p.starts_with("0/"))
        .cloned()
        .collect();
    if engine != recorded {
        return Err(format!("law {engine:?}, recorded {:?}", record.dist));
    }
    // The chance turn of the trait lists the same law.
    let mut outcomes = Default::default();
    state.chance_outcomes(&mut outcomes);
    let same = outcomes.len() == law.len()
        && outcomes.iter().zip(&law).all(|(o, c)| {
            o.weight == c.weight && o.outcome == atom4_core::atomas::Move::Draw(c.outcome)
        });
    if state.turn() != Turn::Chance || !same {
        return Err("the trait's chance outcomes differ from the law".into());
    }
    // Exactly the atoms of the law can be drawn.
    let high = state.ring().iter().filter_map(|e| match e {
        atom4_core::atomas::Entry::Number(v) => Some(v),
        _ => None,
    });
    let high = high.max().unwrap_or(0).max(state.range().1) + 2;
    let candidates = [Atom::Plus, Atom::Minus, Atom::Black, Atom::Clone]
        .into_iter()
        .chain((1..=high).map(Atom::Number));
    for atom in candidates {
        let listed = law.iter().any(|c| c.outcome == atom);
        let mut drawn = state;
        if drawn.draw(atom).is_ok() != listed {
            return Err(format!("drawing {atom}: allowed = {}", !listed));
        }
    }
    Ok(())
}

fn parse_atom(text: &str) -> Result<Atom, String> {
    Request::parse(&format!("{text}/1"))
        .map(|r| r.atom)
        .map_err(|e| format!("atom {text:?}: {e}"))
}

/// Replays a game; returns the number of moves checked.
fn check_game(record: &GameRecord) -> Result<usize, String> {
    let mut state = parse(&record.start)?;
    let mut rng = match (record.rng.as_deref(), record.seed) {
        (Some("splitmix64"), Some(seed)) => {
            let mut rng = Reference::new(seed);
            let start = Atomas::start(&mut rng);
            if start != state {
                return Err(format!("seed {seed} starts {start}"));
            }
            Some(rng)
        }
        (Some(other), _) => return Err(format!("unknown generator {other}")),
        _ => None,
    };
    let n = record.moves.len();
    if record.after.len() != n || record.gained.len() != n || record.sources.len() != n {
        return Err("moves, after, gained and sources differ in length".into());
    }
    if record.length != n {
        return Err(format!("length {}, {n} moves", record.length));
    }
    for (m, (atom, reply)) in record.moves.iter().enumerate() {
        let number = state.move_number();
        let at = |e: String| format!("move {} (number {number}): {e}", m + 1);
        if state.is_over() {
            return Err(at("the game is already over".into()));
        }
        let atom = parse_atom(atom).map_err(at)?;
        let source = match state.source() {
            Some(Source::Carry) => 'c',
            Some(Source::Forced) => 'f',
            Some(Source::Random) => 'r',
            None => '?',
        };
        let recorded = record.sources.as_bytes()[m] as char;
        if source != recorded {
            return Err(at(format!("source {source}, recorded {recorded}")));
        }
        match &mut rng {
            Some(rng) => {
                let (drawn, _) = state.draw_with(rng).map_err(|e| at(e.to_string()))?;
                if drawn != atom {
                    return Err(at(format!("the generator draws {drawn}, recorded {atom}")));
                }
            }
            None => {
                state
                    .draw(atom)
                    .map_err(|e| at(format!("{atom} cannot be drawn: {e}")))?;
            }
        }
        let played = state
            .reply(reply)
            .map_err(|e| at(format!("reply {reply:?} refused: {e}")))?;
        if state.to_string() != record.after[m] {
            return Err(at(format!(
                "after\n  engine   {state}\n  recorded {}",
                record.after[m]
            )));
        }
        if played.points != record.gained[m] {
            return Err(at(format!(
                "{} points, recorded {}",
                played.points, record.gained[m]
            )));
        }
    }
    if state.score() != record.score {
        return Err(format!(
            "score {}, recorded {}",
            state.score(),
            record.score
        ));
    }
    let full = record.end == "full";
    if state.is_over() != full {
        return Err(format!(
            "over = {} at the end ({})",
            state.is_over(),
            record.end
        ));
    }
    Ok(n)
}

/// Checks every record with `check`, noting failures as `file:line: what`.
fn check_all<T>(
    records: &[Located<T>],
    mut check: impl FnMut(&T) -> Result<(), String>,
    failures: &mut Vec<String>,
) {
    for located in records {
        if let Err(e) = check(&located.record) {
            failures.push(format!("{}:{}: {e}", located.file.display(), located.line));
        }
    }
}

#[test]
fn every_atomas_vector_replays_exactly() {
    let files = vector_files();
    let (mut steps, mut spawns, mut games, mut moves) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut per_file = BTreeMap::new();
    for (path, kind) in &files {
        match kind {
            FileKind::Steps => {
                let records = read_records::<StepRecord>(path);
                steps += records.len();
                per_file.insert(path.clone(), records.len());
                check_all(&records, check_step, &mut failures);
            }
            FileKind::Spawn => {
                let records = read_records::<SpawnRecord>(path);
                spawns += records.len();
                per_file.insert(path.clone(), records.len());
                check_all(&records, check_spawn, &mut failures);
            }
            FileKind::Games => {
                let records = read_records::<GameRecord>(path);
                games += records.len();
                per_file.insert(path.clone(), records.len());
                check_all(
                    &records,
                    |game| check_game(game).map(|n| moves += n),
                    &mut failures,
                );
            }
        }
    }
    println!(
        "atomas vectors: {} files, {steps} steps, {spawns} spawn states, {games} games, {moves} moves checked",
        files.len()
    );
    let mut report = String::new();
    for failure in failures.iter().take(20) {
        let _ = writeln!(report, "{failure}");
    }
    assert!(
        failures.is_empty(),
        "{} vectors differ (first 20):\n{report}",
        failures.len()
    );
    // The golden files are all there (a missing file panics on opening).
    assert!(
        steps >= 6638 && spawns >= 1200 && games >= 124,
        "{per_file:?}"
    );
}
