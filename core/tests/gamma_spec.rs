//! The spec's worked examples (gamma.md 4.4, 4.6, 4.7, 4.8, 4.9, 5.2, 5.4),
//! through the public API.

use atom4_core::gamma::{BoardText, Fed, Gamma, MoveError, NewError, Session};

/// Memory for a game of these dimensions.
fn memory(width: u32, height: u32, players: u32) -> Vec<u32> {
    vec![0; Gamma::memory_words(width, height, players).unwrap()]
}

fn board(game: &Gamma<'_>) -> String {
    let mut text = vec![0u8; game.board_len().unwrap()];
    let len = game.write_board(&mut text).unwrap();
    assert_eq!(len, text.len());
    let text = String::from_utf8(text).unwrap();
    assert_eq!(BoardText(game).to_string(), text, "the two writers agree");
    text
}

fn play_all(game: &mut Gamma<'_>, moves: &[(u32, u32, u32)]) {
    for &(p, x, y) in moves {
        game.play(p, x, y)
            .unwrap_or_else(|e| panic!("move {p} {x} {y}: {e}"));
    }
}

#[test]
fn worked_example_4_9() {
    let mut mem = memory(10, 10, 2);
    assert_eq!(
        Gamma::new(0, 0, 0, 0, &mut mem).unwrap_err(),
        NewError::ZeroArgument
    );
    let mut g = Gamma::new(10, 10, 2, 3, &mut mem).unwrap();
    assert!(g.play(1, 0, 0).is_ok());
    assert_eq!((g.busy_fields(1), g.busy_fields(2)), (1, 0));
    assert_eq!((g.free_fields(1), g.free_fields(2)), (99, 99));
    assert!(!g.golden_possible(1), "nobody else has a cell");
    assert!(g.play(2, 3, 1).is_ok());
    assert_eq!(
        [
            g.busy_fields(1),
            g.busy_fields(2),
            g.free_fields(1),
            g.free_fields(2)
        ],
        [1, 1, 98, 98]
    );
    assert!(g.play(1, 0, 2).is_ok());
    assert!(g.play(1, 0, 9).is_ok());
    assert_eq!(g.play(1, 5, 5), Err(MoveError::TooManyAreas));
    assert_eq!(g.free_fields(1), 6);
    assert!(g.play(1, 0, 1).is_ok(), "joins two areas");
    assert_eq!(g.free_fields(1), 95);
    assert!(g.play(1, 5, 5).is_ok());
    assert_eq!(g.play(1, 6, 6), Err(MoveError::TooManyAreas));
    assert_eq!((g.busy_fields(1), g.free_fields(1)), (5, 10));
    assert!(g.play(2, 2, 1).is_ok());
    assert!(g.play(2, 1, 1).is_ok());
    assert_eq!((g.free_fields(1), g.free_fields(2)), (9, 92));
    assert_eq!(g.play(2, 0, 1), Err(MoveError::Occupied));
    assert!(g.golden_possible(2));
    assert_eq!(
        g.golden_move(2, 0, 1),
        Err(MoveError::VictimTooManyAreas),
        "player 1 would have 4 areas"
    );
    assert!(g.golden_move(2, 5, 5).is_ok());
    assert!(!g.golden_possible(2), "used");
    assert!(g.play(2, 6, 6).is_ok());
    assert_eq!(
        [
            g.busy_fields(1),
            g.free_fields(1),
            g.busy_fields(2),
            g.free_fields(2)
        ],
        [4, 91, 5, 13]
    );
    assert!(g.golden_move(1, 3, 1).is_ok());
    assert_eq!(
        [
            g.busy_fields(1),
            g.free_fields(1),
            g.busy_fields(2),
            g.free_fields(2)
        ],
        [5, 8, 4, 10]
    );
    assert_eq!(
        board(&g),
        "1.........\n..........\n..........\n......2...\n.....2....\n\
         ..........\n..........\n1.........\n1221......\n1.........\n"
    );
}

#[test]
fn golden_moves_of_4_4() {
    // Player 2 split in two, player 1 joins (2,1)-(3,1).
    let mut mem = memory(6, 3, 2);
    let mut g = Gamma::new(6, 3, 2, 2, &mut mem).unwrap();
    play_all(
        &mut g,
        &[(1, 0, 1), (1, 2, 1), (2, 3, 0), (2, 3, 1), (2, 3, 2)],
    );
    assert!(g.golden_move(1, 3, 1).is_ok());
    assert_eq!(board(&g), "...2..\n1.11..\n...2..\n");
    assert_eq!([g.busy_fields(1), g.busy_fields(2)], [3, 2]);
    assert_eq!([g.free_fields(1), g.free_fields(2)], [6, 4]);
    assert_eq!([g.areas_of(1), g.areas_of(2)], [2, 2]);
    drop(g);

    // Player 2 also holds (5,0): it would end with 3 areas.
    let mut g = Gamma::new(6, 3, 2, 2, &mut mem).unwrap();
    play_all(
        &mut g,
        &[
            (1, 0, 1),
            (1, 2, 1),
            (2, 3, 0),
            (2, 3, 1),
            (2, 3, 2),
            (2, 5, 0),
        ],
    );
    assert_eq!(g.golden_move(1, 3, 1), Err(MoveError::VictimTooManyAreas));
    assert_eq!([g.busy_fields(1), g.busy_fields(2)], [2, 4]);
    assert_eq!([g.free_fields(1), g.free_fields(2)], [5, 6]);
    assert!(
        !g.golden_move_used(1),
        "a failed golden move uses nothing up"
    );
    drop(g);

    // Player 1's two areas are not next to (3,1): it would get a third.
    let mut g = Gamma::new(6, 3, 2, 2, &mut mem).unwrap();
    play_all(
        &mut g,
        &[(1, 0, 0), (1, 0, 2), (2, 3, 0), (2, 3, 1), (2, 3, 2)],
    );
    assert_eq!(g.golden_move(1, 3, 1), Err(MoveError::TooManyAreas));
    assert_eq!([g.busy_fields(1), g.busy_fields(2)], [2, 3]);
    assert_eq!([g.free_fields(1), g.free_fields(2)], [3, 13]);

    let mut mem = memory(10, 10, 3);
    let mut g = Gamma::new(10, 10, 3, 1, &mut mem).unwrap();
    play_all(&mut g, &[(2, 1, 1), (2, 1, 2), (2, 1, 3)]);
    assert_eq!(g.golden_move(1, 1, 2), Err(MoveError::VictimTooManyAreas));
    assert_eq!(g.golden_move(1, 2, 2), Err(MoveError::EmptyCell));
    assert!(g.golden_move(1, 1, 1).is_ok());
    assert_eq!(g.golden_move(1, 1, 3), Err(MoveError::GoldenMoveUsed));
    assert_eq!(g.golden_move(2, 1, 2), Err(MoveError::OwnCell));
}

#[test]
fn free_fields_of_4_6() {
    let mut mem = memory(10, 10, 2);
    let mut g = Gamma::new(10, 10, 2, 3, &mut mem).unwrap();
    play_all(&mut g, &[(1, 0, 0), (1, 0, 2), (1, 0, 9)]);
    assert_eq!(g.free_fields(1), 6, "(0,1) touches two areas, counted once");
    assert_eq!(g.free_fields(2), 97);

    // An enclosed player at its limit has no free field.
    let mut mem = memory(5, 5, 3);
    let mut g = Gamma::new(5, 5, 3, 1, &mut mem).unwrap();
    play_all(
        &mut g,
        &[
            (3, 2, 2),
            (1, 1, 2),
            (1, 1, 1),
            (1, 2, 1),
            (2, 3, 2),
            (2, 3, 3),
            (2, 2, 3),
        ],
    );
    assert_eq!(g.free_fields(3), 0);
    assert_eq!(g.free_fields(1), 6);
}

#[test]
fn golden_possible_of_4_7() {
    let mut mem = memory(9, 9, 2);
    let mut g = Gamma::new(9, 9, 2, 2, &mut mem).unwrap();
    play_all(
        &mut g,
        &[(2, 1, 1), (2, 1, 2), (2, 1, 3), (1, 5, 4), (1, 4, 5)],
    );
    assert!(
        !g.golden_possible(1),
        "every golden move gives player 1 a third area"
    );
    assert_eq!(g.free_fields(1), 6);
    assert!(g.golden_possible(2));
    // Bad arguments are plain false.
    assert!(!g.golden_possible(0));
    assert!(!g.golden_possible(3));
    assert!(!g.golden_possible(u32::MAX));
}

#[test]
fn board_text_of_4_8() {
    let mut mem = memory(3, 2, 12);
    let mut g = Gamma::new(3, 2, 12, 2, &mut mem).unwrap();
    play_all(&mut g, &[(1, 0, 0), (10, 1, 0), (12, 2, 1)]);
    assert_eq!(board(&g), "  .  . 12\n  1 10  .\n");

    let mut mem = memory(4, 3, 100);
    let mut g = Gamma::new(4, 3, 100, 1, &mut mem).unwrap();
    play_all(&mut g, &[(7, 0, 0), (42, 1, 1), (100, 3, 2)]);
    assert_eq!(
        board(&g),
        "   .   .   . 100\n   .  42   .   .\n   7   .   .   .\n"
    );
    let mut short = [0u8; 10];
    assert!(g.write_board(&mut short).is_err());
    assert_eq!(short, [0; 10], "nothing written into a short buffer");
}

#[test]
fn the_official_border_board_of_4_8() {
    let mut mem = memory(6, 5, 4);
    let mut g = Gamma::new(6, 5, 4, 4, &mut mem).unwrap();
    let rows = ["123412", "1....3", "4....4", "4....1", "321442"];
    for (y, row) in rows.iter().enumerate() {
        for (x, p) in row.bytes().enumerate() {
            if p != b'.' {
                g.play(u32::from(p - b'0'), x as u32, y as u32).unwrap();
            }
        }
    }
    assert_eq!(board(&g), "321442\n4....1\n4....4\n1....3\n123412\n");
    assert_eq!([1, 2, 3, 4].map(|p| g.areas_of(p)), [4, 4, 3, 4]);
}

#[test]
fn bad_arguments_change_nothing() {
    let mut mem = memory(4, 4, 2);
    let mut g = Gamma::new(4, 4, 2, 2, &mut mem).unwrap();
    assert_eq!(g.play(0, 0, 0), Err(MoveError::BadPlayer));
    assert_eq!(g.play(3, 0, 0), Err(MoveError::BadPlayer));
    assert_eq!(g.play(1, 4, 0), Err(MoveError::OffBoard));
    assert_eq!(g.play(1, 0, u32::MAX), Err(MoveError::OffBoard));
    assert_eq!(g.golden_move(u32::MAX, 0, 0), Err(MoveError::BadPlayer));
    assert_eq!(g.busy_fields(0) + g.free_fields(3), 0);
    assert_eq!(g.free_fields(1), 16);
    assert_eq!(board(&g), "....\n....\n....\n....\n");
}

/// Runs batch-mode input through a session; returns (stdout, stderr).
fn batch(input: &[u8]) -> (String, String) {
    let mut memory = vec![0u32; 1 << 16];
    let mut session = Session::new(&mut memory[..]);
    let (mut out, mut err) = (String::new(), String::new());
    assert_eq!(session.feed(input, &mut out, &mut err), Ok(Fed::Batch));
    session.finish(&mut err).unwrap();
    (out, err)
}

#[test]
fn batch_example_5_4() {
    let input = "# przyklad gry w trybie wsadowym\nB 7 5 3 2\nm 1 2 2\nm 2 4 2\n\
                 m 3 3 2\nm 1 7 4\nm 1 6 4\nm 2 0 0\nm 1 1 1\nm 1 1 2\ng 1 3 2\np\n\
                 b 1\nf 1\nq 1\nb 2\nf 2\nq 2\nb 3\nf 3\nq 3\n";
    let (out, err) = batch(input.as_bytes());
    assert_eq!(
        out,
        "OK 2\n1\n1\n1\n0\n1\n1\n0\n1\n1\n......1\n.......\n.1112..\n.......\n2......\n\
         4\n9\n0\n2\n5\n1\n0\n29\n1\n"
    );
    assert_eq!(err, "");
}

#[test]
fn batch_syntax_of_5_2() {
    let start = "B 4 4 2 2\n";
    let cases: &[(&str, &str)] = &[
        ("m 1 2 3\n", "1\n"),
        ("m\t1\x0b2\x0c3\r\n", "1\n"),
        ("p\n", "....\n....\n....\n....\n"),
        ("p \t\n", "....\n....\n....\n....\n"),
        ("p\r\n", "....\n....\n....\n....\n"),
        ("m 007 0000000000000000000001 2\n", "0\n"),
        ("m 0000000000004294967295 0 0\n", "0\n"),
        ("m 4294967295 0 0\n", "0\n"),
        ("b 0\n", "0\n"),
        ("m 1 999 999\n", "0\n"),
        ("\n", ""),
        ("#\0\u{ff} anything\n", ""),
    ];
    for (line, want) in cases {
        let (out, err) = batch(format!("{start}{line}").as_bytes());
        assert_eq!(
            (out.as_str(), err.as_str()),
            (format!("OK 1\n{want}").as_str(), ""),
            "{line:?}"
        );
    }
    let errors = [
        "m1 2 3\n",
        "p1\n",
        "b1\n",
        "q1\n",
        "m 1 2\n",
        "m 1 2 3 4\n",
        "b\n",
        "b 1 1\n",
        "p 1\n",
        " m 1 2 3\n",
        "\t\n",
        "\r\n",
        " \n",
        "M 1 2 3\n",
        "x\n",
        "mm 1 2 3\n",
        "m 1 2 4294967296\n",
        "m 1 2 -1\n",
        "m 1 2 3a\n",
        "m 1 2 +1\n",
        "m 1 2 -0\n",
        "m 1 2 1.0\n",
        "m 1 1,0\n",
        "m 1 2 0x1\n",
        "B 4 4 2 2\n",
        "I 4 4 2 2\n",
        "m 1 2 99999999999999999999\n",
        "\0\n",
        "\u{ff}\n",
        "m\u{a0}1 2 3\n",
        "m 1 2 3",
        "p",
    ];
    for line in errors {
        let (out, err) = batch(format!("{start}{line}").as_bytes());
        assert_eq!(
            (out.as_str(), err.as_str()),
            ("OK 1\n", "ERROR 2\n"),
            "{line:?}"
        );
    }
}

#[test]
fn batch_states_5_3() {
    // Before a game: game commands are errors, even well-formed.
    let (out, err) = batch(
        b"m 1 0 0\np\nB 0 4 2 2\nB 4294967295 4294967295 4294967295 4294967295\n\nB 2 2 2 2\nq 1\n",
    );
    assert_eq!(out, "OK 6\n0\n");
    assert_eq!(err, "ERROR 1\nERROR 2\nERROR 3\nERROR 4\n");
    // A comment as the last line without '\n' is ignored.
    assert_eq!(batch(b"B 2 2 2 2\n# end"), ("OK 1\n".into(), "".into()));
    assert_eq!(batch(b""), ("".into(), "".into()));
}

#[test]
fn batch_lines_may_span_pieces_and_i_hands_over() {
    let input = b"# x\nB 3 3 2 1\nm 1 1 1\nm 2 0 0\ng 2 1 1\np\nb 2\nq 1\n";
    let (want_out, want_err) = batch(input);
    for piece in 1..input.len() {
        let mut memory = vec![0u32; 1 << 12];
        let mut session = Session::new(&mut memory[..]);
        let (mut out, mut err) = (String::new(), String::new());
        for chunk in input.chunks(piece) {
            assert_eq!(session.feed(chunk, &mut out, &mut err), Ok(Fed::Batch));
        }
        session.finish(&mut err).unwrap();
        assert_eq!((&out, &err), (&want_out, &want_err), "pieces of {piece}");
    }

    let mut memory = vec![0u32; 1 << 12];
    let mut session = Session::new(&mut memory[..]);
    let (mut out, mut err) = (String::new(), String::new());
    let input = b"x\nI 5 4 3 2\nm 1 0 0\n";
    assert_eq!(
        session.feed(input, &mut out, &mut err),
        Ok(Fed::Interactive { consumed: 12 })
    );
    assert_eq!((out.as_str(), err.as_str()), ("", "ERROR 1\n"));
    let game = session.game().unwrap();
    assert_eq!(
        (game.width(), game.height(), game.players(), game.areas()),
        (5, 4, 3, 2)
    );
}
