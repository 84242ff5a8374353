//! The community's two heaviest engine tests (kozakusek/ipp-2020-testy,
//! `z2/part1/jkk`), replayed through the Rust API on memory from the
//! allocator's zeroed pages. Ignored by default (boards of 25 and 250
//! million cells): `cargo test -p atom4-core --release --test gamma_speed --
//! --ignored --nocapture`.

use std::time::Instant;

use atom4_core::gamma::Gamma;
use atom4_core::Rng;

fn memory(width: u32, height: u32, players: u32) -> Vec<u32> {
    vec![0; Gamma::memory_words(width, height, players).unwrap()]
}

/// `jkk_test_1`: 5000 x 5000, one player, 10^6 moves on a 1000 x 1000
/// corner in random order, every one accepted.
#[test]
#[ignore]
fn jkk_test_1_a_million_moves_in_random_order() {
    let start = Instant::now();
    let mut mem = memory(5000, 5000, 1);
    let mut g = Gamma::new_in_zeroed(5000, 5000, 1, 1_000_000, &mut mem).unwrap();
    let mut cells: Vec<u32> = (0..1_000_000).collect();
    let mut rng = Rng::new(7331);
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i as u32 + 1) as usize);
    }
    for &c in &cells {
        assert_eq!(g.play(1, c / 1000, c % 1000), Ok(()), "move at {c}");
    }
    assert_eq!(g.busy_fields(1), 1_000_000);
    assert_eq!(g.areas_of(1), 1);
    println!("jkk_test_1: {:.2} s", start.elapsed().as_secs_f64());
}

/// `jkk_test_2`: 5010 x 50010, 500,000 players, limit 3: two areas of a
/// million cells, 179,000 golden moves that cut or trim them, then 100,000
/// rejected golden moves on the only link between the two (the remembered
/// rejection), while the far end grows and shrinks by leaves.
#[test]
#[ignore]
fn jkk_test_2_a_stream_of_rejected_golden_moves() {
    let start = Instant::now();
    let mut mem = memory(5010, 50010, 500_000);
    let mut g = Gamma::new_in_zeroed(5010, 50010, 500_000, 3, &mut mem).unwrap();
    let mut it = 1;
    let mut golden = |g: &mut Gamma<'_>, x: u32, y: u32| {
        it += 1;
        g.golden_move(it, x, y)
    };
    for i in 0..1000 {
        for x in 0..1000 {
            assert_eq!(g.play(1, 5 + i, 5 + x), Ok(()));
            assert_eq!(g.play(1, 1009 + i, 5 + x), Ok(()));
        }
    }
    for i in (0..1000).step_by(2) {
        for (x, y) in [
            (4, 5 + i),
            (3, 5 + i),
            (5 + i, 4),
            (5 + i, 3),
            (1006, 5 + i),
            (1005, 5 + i),
            (5 + i, 1006),
            (5 + i, 1005),
        ] {
            assert_eq!(g.play(1, x, y), Ok(()), "({x}, {y})");
        }
    }
    for i in (0..1000).step_by(2) {
        for (x, y) in [
            (4, 5 + i),
            (3, 5 + i),
            (5 + i, 4),
            (5 + i, 3),
            (1005, 5 + i),
            (1006, 5 + i),
            (5 + i, 1005),
            (5 + i, 1006),
        ] {
            assert_eq!(golden(&mut g, x, y), Ok(()), "golden ({x}, {y})");
        }
    }
    let part1 = start.elapsed().as_secs_f64();
    for i in (1..5000).step_by(2) {
        for x in 0..50 {
            assert_eq!(g.play(1, 5 + i, 1005 + x), Ok(()));
        }
        for x in 0..50 {
            assert_eq!(
                golden(&mut g, 5 + i, 1005 + x),
                Ok(()),
                "golden ({}, {})",
                5 + i,
                1005 + x
            );
        }
    }
    let part2 = start.elapsed().as_secs_f64();
    for (x, y) in [(1005, 6), (1006, 6), (1007, 6), (1008, 6)] {
        assert_eq!(g.play(1, x, y), Ok(()));
    }
    assert!(g.play(1, 5010, 5000).is_err());
    assert_eq!(g.play(1, 4999, 4999), Ok(()));
    assert_eq!(g.play(1, 4999, 4997), Ok(()));
    for i in 0..100_000 {
        if i < 50_000 {
            assert_eq!(g.play(1, 1007, 7 + i), Ok(()), "i = {i}");
        } else {
            assert_eq!(golden(&mut g, 1007, 50006 - (i - 50000)), Ok(()), "i = {i}");
        }
        assert!(golden(&mut g, 1008, 6).is_err(), "i = {i}");
    }
    println!(
        "jkk_test_2: {:.2} s (part 1 {part1:.2} s, part 2 {:.2} s, rejections {:.2} s)",
        start.elapsed().as_secs_f64(),
        part2 - part1,
        start.elapsed().as_secs_f64() - part2
    );
}
