//! The batch session on random streams: command-like lines, bad bytes,
//! long numbers, comments, missing newlines, games of every size class.
//! The session must never panic, and the same stream fed whole or in random
//! pieces must print the same bytes.

use atom4_core::gamma::{Fed, GameMemory, Gamma, Session};
use atom4_core::Rng;

/// Heap memory, zeroed on request.
#[derive(Default)]
struct HeapMemory(Vec<u32>);

impl GameMemory for HeapMemory {
    fn allocate_zeroed(&mut self, words: usize) -> bool {
        // Tests keep to games of a few megabytes.
        if words > 1 << 22 {
            return false;
        }
        self.0 = vec![0; words];
        true
    }

    fn words(&mut self) -> &mut [u32] {
        &mut self.0
    }
}

const PIECES: [&[u8]; 24] = [
    b"m",
    b"g",
    b"b",
    b"f",
    b"q",
    b"p",
    b"B",
    b"I",
    b"#",
    b"x",
    b" ",
    b"\t",
    b"\r",
    b"\x0b",
    b"\n",
    b"\n",
    b"\n",
    b"0",
    b"00",
    b"4294967295",
    b"4294967296",
    b"\0",
    b"\xff",
    b"-1",
];

/// A random line: mostly a well-formed command on a small board.
fn line(rng: &mut Rng, out: &mut Vec<u8>) {
    let number = |rng: &mut Rng| rng.below(7).to_string();
    match rng.below(10) {
        0 => {
            for _ in 0..rng.below(8) {
                out.extend_from_slice(PIECES[rng.below(PIECES.len() as u32) as usize]);
            }
        }
        1 => out.extend(
            format!(
                "B {} {} {} {}",
                1 + rng.below(9),
                1 + rng.below(9),
                rng.below(12),
                rng.below(4)
            )
            .bytes(),
        ),
        2 => out.extend(format!("g {} {} {}", number(rng), number(rng), number(rng)).bytes()),
        3 => out
            .extend(format!("{} {}", ["b", "f", "q"][rng.below(3) as usize], number(rng)).bytes()),
        4 => out.extend(b"p"),
        _ => out.extend(format!("m {} {} {}", number(rng), number(rng), number(rng)).bytes()),
    }
    if rng.below(30) != 0 {
        out.push(b'\n');
    }
}

fn run(input: &[u8], pieces: &mut dyn FnMut(usize) -> usize) -> (String, String, Option<usize>) {
    let mut session = Session::new(HeapMemory::default());
    let (mut out, mut err) = (String::new(), String::new());
    let mut at = 0;
    while at < input.len() {
        let end = (at + pieces(input.len() - at)).min(input.len());
        match session.feed(&input[at..end], &mut out, &mut err).unwrap() {
            Fed::Batch => at = end,
            Fed::Interactive { consumed } => return (out, err, Some(at + consumed)),
        }
    }
    session.finish(&mut err).unwrap();
    (out, err, None)
}

#[test]
fn random_streams_print_the_same_whole_or_in_pieces() {
    let mut rng = Rng::new(0xBA7C4);
    for stream in 0..400 {
        let mut input = Vec::new();
        if rng.below(4) != 0 {
            input.extend(b"B 6 5 3 2\n");
        }
        for _ in 0..rng.below(120) {
            line(&mut rng, &mut input);
        }
        let whole = run(&input, &mut |rest| rest);
        let mut piece_rng = Rng::new(stream);
        let pieces = run(&input, &mut |rest| {
            1 + piece_rng.below(rest.min(40) as u32) as usize
        });
        assert_eq!(
            whole,
            pieces,
            "stream {stream}: {:?}",
            String::from_utf8_lossy(&input)
        );
    }
}

#[test]
fn games_too_big_for_memory_are_errors_and_huge_numbers_are_fine() {
    let input = b"B 100000 100000 2 2\nB 4294967295 1 1 1\nB 1 1 4294967295 1\nB 3 3 4294967295 4294967295\nm 4294967295 2 2\nq 4294967295\np\n";
    let (out, err, _) = run(input, &mut |rest| rest);
    // 3 x 3 with u32::MAX players needs gigabytes: refused by the memory.
    assert_eq!(
        err,
        "ERROR 1\nERROR 2\nERROR 3\nERROR 4\nERROR 5\nERROR 6\nERROR 7\n"
    );
    assert_eq!(out, "");
    assert!(Gamma::memory_words(3, 3, u32::MAX).is_none_or(|w| w > 1 << 22));
}
