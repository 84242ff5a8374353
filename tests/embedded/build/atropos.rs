//! Atropos for the firmware: recorded games of the Default player on a few
//! sizes and positions of the Java referee, checked on the host first, and
//! the engine's games.

use atom4_vectors::atropos::{golden_dir, numbered_lines, read_text, GameRecord, PositionLine};

use crate::atropos::{self as fw, EngineMemory, Recorded, RefereePosition};
use crate::check::Digest;
use crate::emit::{engine_games, Source};

/// Recorded games: sizes 3 to 8, the first game without opening moves and
/// the first with of each.
const SIZES: std::ops::RangeInclusive<u32> = 3..=8;
/// Referee positions: the first few lines of each file, finished ones too.
const POSITIONS_PER_FILE: usize = 6;

pub fn generate(src: &mut Source) {
    let dir = golden_dir();
    let games_file = dir.join("games.jsonl.gz");
    src.depends_on(&games_file);
    let records: Vec<GameRecord> = read_text(&games_file)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a game record"))
        .collect();
    src.line("pub const RECORDED: &[Recorded<'static>] = &[");
    let mut index = 0;
    for size in SIZES {
        for opening in [false, true] {
            let game = records
                .iter()
                .find(|g| {
                    g.size == size
                        && (g.opening > 0) == opening
                        && g.a == "default"
                        && g.b == "default"
                })
                .unwrap_or_else(|| panic!("no Atropos game of size {size} (openings: {opening})"));
            let seat = |s: &str| usize::from(s == "b");
            let recorded = Recorded {
                size,
                seed: game.seed,
                first: seat(&game.first),
                opening: game.opening,
                openings: game.openings,
                moves: &game.moves.join(";"),
                loser: seat(&game.loser),
            };
            match fw::replay(index, &recorded) {
                Ok(n) if n == game.moves.len() => {}
                other => panic!(
                    "the host's replay of size {size} seed {} gives {other:?}",
                    game.seed
                ),
            }
            index += 1;
            src.line(&format!(
                "    Recorded {{ size: {size}, seed: {}, first: {}, opening: {}, openings: {}, moves: {:?}, loser: {} }},",
                recorded.seed, recorded.first, recorded.opening, recorded.openings, recorded.moves, recorded.loser
            ));
        }
    }
    src.line("];");

    src.line("pub const POSITIONS: &[RefereePosition<'static>] = &[");
    let mut index = 0;
    for n in [4, 5, 7, 10] {
        let file = dir.join(format!("vectors_size{n}.tsv"));
        src.depends_on(&file);
        let text = read_text(&file);
        let lines: Vec<&str> = numbered_lines(&text).map(|(_, l)| l).collect();
        let finished = lines.iter().filter(|l| l.contains("FINISHED=true")).take(1);
        for line in lines.iter().take(POSITIONS_PER_FILE).chain(finished) {
            let record = PositionLine::parse(line).expect("a referee position");
            let legal = match &record.legal {
                None => "FINISHED=true".to_string(),
                Some(legal) => legal.join(" "),
            };
            let position = RefereePosition {
                state: record.state,
                legal: Digest::of(&legal),
                losing: Digest::of(&record.losing.join(" ")),
            };
            if let Err(fault) = fw::check_position(index, &position) {
                panic!("the host's check of {} gives {fault}", record.state);
            }
            index += 1;
            src.line(&format!(
                "    RefereePosition {{ state: {:?}, legal: {}, losing: {} }},",
                position.state, position.legal, position.losing
            ));
        }
    }
    src.line("];");

    let mut memory = Box::new(EngineMemory::EMPTY);
    let mut games = Vec::new();
    for spec in &fw::ENGINE_GAMES {
        let mut moves = Vec::new();
        let last = fw::play(spec, &mut memory, |mv| {
            moves.push(mv.to_string());
            true
        })
        .expect("the engine game starts");
        games.push((moves, Digest::of_display(&last)));
    }
    engine_games(src, &games);
}
