//! Atomas for the firmware: recorded games (scripted, random and played by
//! a heuristic bot), replayed on the host first, and the bot's games.

use std::fmt::Write as _;

use atom4_vectors::atomas::{read_records, GameRecord};
use atom4_vectors::data_dir;

use crate::atomas::{self as fw, Recorded};
use crate::check::Digest;
use crate::emit::{joined, Source};

/// Which games: (policy, how many at most, longest).
const PICKS: [(&str, usize, usize); 3] =
    [("scripted", 3, 100), ("random", 3, 40), ("eps0.3", 1, 100)];

pub fn generate(src: &mut Source) {
    let file = data_dir().join("atomas/games.jsonl.gz");
    src.depends_on(&file);
    let games: Vec<GameRecord> = read_records(&file).into_iter().map(|l| l.record).collect();
    src.line("pub const RECORDED: &[Recorded<'static>] = &[");
    let mut index = 0;
    for (policy, count, longest) in PICKS {
        let picked = games
            .iter()
            .filter(|g| g.policy.as_deref() == Some(policy) && g.moves.len() <= longest)
            .take(count);
        for game in picked {
            let moves: Vec<String> = game.moves.iter().map(|(a, r)| format!("{a}|{r}")).collect();
            let after: Vec<u32> = game.after.iter().map(|s| Digest::of(s)).collect();
            let seed = match game.rng.as_deref() {
                Some("splitmix64") => game.seed,
                _ => None,
            };
            let recorded = Recorded {
                seed,
                start: &game.start,
                moves: &moves.join(";"),
                sources: &game.sources,
                after: &after,
                full: game.end == "full",
            };
            match fw::replay(index, &recorded) {
                Ok(n) if n == moves.len() => {}
                other => panic!("the host's replay of Atomas game {seed:?} gives {other:?}"),
            }
            index += 1;
            src.line(&format!(
                "    Recorded {{ seed: {seed:?}, start: {:?}, moves: {:?}, sources: {:?}, after: &{after:?}, full: {} }},",
                recorded.start, recorded.moves, recorded.sources, recorded.full
            ));
        }
    }
    src.line("];");

    let mut engine = String::new();
    for spec in &fw::ENGINE_GAMES {
        let mut moves = Vec::new();
        let last = fw::play(spec, |reply| {
            moves.push(reply.to_string());
            true
        });
        write!(
            engine,
            "({}, {}), ",
            joined(&moves),
            Digest::of_display(&last)
        )
        .unwrap();
    }
    src.line(&format!(
        "/// The bot games' replies and the digest of their last state.\npub const ENGINE: [(&str, u32); {}] = [{engine}];",
        fw::ENGINE_GAMES.len()
    ));
}
