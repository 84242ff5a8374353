//! Gamma for the firmware: batch-mode triples (the course's two examples,
//! a few random games, parser errors and blank-line cases) that the host's
//! session passes in the firmware's memory, and the computer player's
//! games.

use atom4_vectors::data_dir;
use atom4_vectors::gamma::{read_tarball, Triple};

use crate::check::Digest;
use crate::emit::{engine_games, Source};
use crate::gamma::{self as fw, Recorded};

/// Which triples: (part of the name, how many at most, longest input).
const PICKS: [(&str, usize, usize); 4] = [
    ("testy_przykladowe/", 2, 2000),
    ("normal_random/", 4, 1200),
    ("parser_errors_2/", 3, 300),
    ("bk/", 5, 300),
];
/// Input pieces fed at once (lines span pieces).
pub const PIECE: usize = 61;

pub fn generate(src: &mut Source) {
    let tarball = data_dir().join("gamma/batch-tests.tar.gz");
    src.depends_on(&tarball);
    let set = read_tarball(&tarball);
    let mut memory = vec![0u32; fw::SESSION_WORDS];
    let mut chosen: Vec<&Triple> = Vec::new();
    for (part, count, longest) in PICKS {
        let before = chosen.len();
        for triple in &set.triples {
            if chosen.len() - before == count {
                break;
            }
            if !triple.name.contains(part) || triple.input.len() > longest {
                continue;
            }
            // Only the triples that pass in the firmware's memory: a board
            // too big for it would print ERROR where the record does not.
            if fw::replay(0, &recorded(triple), &mut memory, PIECE).is_ok() {
                chosen.push(triple);
            }
        }
        assert!(
            chosen.len() > before,
            "no Gamma triple {part} passes on the host"
        );
    }
    src.line(&format!("pub const PIECE: usize = {PIECE};"));
    src.line("pub const RECORDED: &[Recorded<'static>] = &[");
    for triple in chosen {
        let r = recorded(triple);
        src.line(&format!(
            "    Recorded {{ name: {:?}, input: b\"{}\", out: {:?}, err: {:?} }},",
            r.name.rsplit(':').next().unwrap_or(r.name),
            r.input.escape_ascii(),
            r.out,
            r.err
        ));
    }
    src.line("];");

    let mut tree = vec![0u64; fw::TREE_WORDS];
    let mut games = Vec::new();
    for spec in &fw::ENGINE_GAMES {
        let mut moves = Vec::new();
        let last = fw::play(spec, &mut tree, |mv| {
            moves.push(mv.to_string());
            true
        })
        .expect("the engine game starts");
        games.push((moves, Digest::of_display(&last)));
    }
    engine_games(src, &games);
}

fn recorded(triple: &Triple) -> Recorded<'_> {
    let digest = |bytes: &[u8]| {
        let mut d = Digest::new();
        d.bytes(bytes);
        (d.0, bytes.len())
    };
    Recorded {
        name: &triple.name,
        input: &triple.input,
        out: digest(&triple.out),
        err: digest(&triple.err),
    }
}
