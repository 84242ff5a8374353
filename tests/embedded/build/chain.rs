//! Chain Reaction for the firmware: a few recorded games of each kind,
//! replayed on the host first, and the strong engine's games.

use atom4_vectors::chain::{read_chain_file, ChainRecord, GameRecord};
use atom4_vectors::data_dir;

use crate::chain::{self as fw, Recorded};
use crate::check::Digest;
use crate::emit::{engine_games, Source};

/// Whether a recorded game is of a kind the firmware replays.
type Pick = fn(&GameRecord) -> bool;

/// The recorded games the firmware replays: the first of each kind.
const PICKS: [(&str, Pick); 6] = [
    ("classic 5 x 5, 2 players", |g| {
        g.rules == "classic" && (g.width, g.height, g.players) == (5, 5, 2)
    }),
    ("classic 6 x 9, 2 players, greedy", |g| {
        g.rules == "classic" && (g.width, g.height, g.players) == (6, 9, 2) && g.policy == "greedy"
    }),
    ("classic, 3 or 4 players", |g| {
        g.rules == "classic" && (3..=4).contains(&g.players) && g.moves.len() <= 60
    }),
    ("classic, 5 players or more", |g| {
        g.rules == "classic" && g.players >= 5 && g.moves.len() <= 60
    }),
    ("atoms 6 x 9", |g| {
        g.rules == "atoms" && (g.width, g.height) == (6, 9) && g.policy == "random"
    }),
    ("atoms, a pass", |g| {
        g.rules == "atoms"
            && g.moves.len() <= 200
            && g.moves
                .iter()
                .any(|m| m.to_move().ok() == Some(atom4_core::chain::Move::Pass))
    }),
];

pub fn generate(src: &mut Source) {
    let mut games = Vec::new();
    for name in ["classic.jsonl.gz", "atoms.jsonl.gz"] {
        let file = data_dir().join("chain").join(name);
        src.depends_on(&file);
        for located in read_chain_file(&file) {
            if let ChainRecord::Game(game) = located.record {
                games.push(game);
            }
        }
    }
    let mut taken: Vec<usize> = Vec::new();
    src.line("pub const RECORDED: &[Recorded<'static>] = &[");
    for (kind, pick) in PICKS {
        let Some(i) = (0..games.len()).find(|&i| !taken.contains(&i) && pick(&games[i])) else {
            panic!("no recorded Chain Reaction game of the kind {kind}");
        };
        taken.push(i);
        let game = &games[i];
        let moves: Vec<String> = game
            .moves
            .iter()
            .map(|m| {
                m.to_move()
                    .unwrap_or_else(|e| panic!("{}: {e}", game.id))
                    .to_string()
            })
            .collect();
        let boards: Vec<u32> = game.boards.iter().map(|b| Digest::of(b)).collect();
        let rules = match game.rules.as_str() {
            "atoms" => atom4_core::chain::Rules::Atoms,
            _ => atom4_core::chain::Rules::Classic,
        };
        let recorded = Recorded {
            id: &game.id,
            rules,
            width: game.width,
            height: game.height,
            players: game.players,
            moves: &moves.join(";"),
            boards: &boards,
            last: Digest::of(&game.final_position),
        };
        match fw::replay(taken.len() - 1, &recorded) {
            Ok(n) if n == moves.len() => {}
            other => panic!("the host's replay of {} gives {other:?}", game.id),
        }
        src.line(&format!(
            "    Recorded {{ id: {:?}, rules: Rules::{:?}, width: {}, height: {}, players: {}, moves: {:?}, boards: &{:?}, last: {} }},",
            recorded.id, rules, recorded.width, recorded.height, recorded.players, recorded.moves, boards, recorded.last
        ));
    }
    src.line("];");

    let mut table = vec![atom4_core::search::Entry::EMPTY; fw::TABLE_SLOTS];
    let mut games = Vec::new();
    for spec in &fw::ENGINE_GAMES {
        let mut moves = Vec::new();
        let last = fw::play(spec, &mut table, |mv| {
            moves.push(mv.to_string());
            true
        })
        .expect("the engine game starts");
        games.push((moves, Digest::of_display(&last)));
    }
    engine_games(src, &games);
}
