//! The Atomas bot's search limits: crowded rings searched a reply deeper,
//! the root narrowed beyond depth 2, and the reply that survives.

use atom4_core::atomas::bot::{Bot, Limits, DEFAULT_DEEPER_FROM};
use atom4_core::atomas::{Atomas, Reply};

/// A decision state at move 1 (range 1-3): `ring` (entries separated by
/// spaces), `hand` in hand.
fn decision(ring: &str, hand: &str) -> Atomas {
    let ring = ring.replace(' ', ",");
    format!("ring={ring} hand={hand} score=0 move=1 range=1-3 carry=. since=0")
        .parse()
        .unwrap()
}

/// A ring of `n` numbered atoms, no two neighbours equal.
fn ring_of(n: usize) -> String {
    let values: Vec<String> = (0..n).map(|i| (1 + i % 3).to_string()).collect();
    values.join(" ")
}

#[test]
fn crowded_rings_are_searched_a_reply_deeper() {
    let from = usize::from(DEFAULT_DEEPER_FROM);
    let limits = Limits::depth(2);
    for (n, depth) in [(from - 1, 2), (from, 3), (from + 3, 3)] {
        let game = decision(&ring_of(n), "1");
        let report = Bot::default().search(&game, limits, &mut ());
        assert_eq!(report.depth, depth, "{n} entries");
        assert!(report.best.is_some());
    }
    let never = Limits {
        deeper_from: 0,
        ..limits
    };
    let game = decision(&ring_of(from + 3), "1");
    assert_eq!(Bot::default().search(&game, never, &mut ()).depth, 2);
}

#[test]
fn a_narrow_root_searches_fewer_nodes_and_keeps_the_best_when_only_one_is_looked_at() {
    let game = decision(&ring_of(13), "2");
    let all = Limits {
        root_width: 0,
        ..Limits::depth(2)
    };
    let wide = Bot::default().search(&game, all, &mut ());
    let narrow = Bot::default().search(
        &game,
        Limits {
            root_width: 3,
            ..all
        },
        &mut (),
    );
    assert_eq!((wide.depth, narrow.depth), (3, 3));
    assert!(
        narrow.nodes < wide.nodes,
        "{} < {}",
        narrow.nodes,
        wide.nodes
    );
    // With one root reply beyond depth 2, depth 3 cannot change the choice.
    let two = Bot::default().search(
        &game,
        Limits {
            deeper_from: 0,
            ..all
        },
        &mut (),
    );
    let one = Bot::default().search(
        &game,
        Limits {
            root_width: 1,
            ..all
        },
        &mut (),
    );
    assert_eq!((two.depth, one.depth), (2, 3));
    assert_eq!(one.best, two.best);
}

#[test]
fn on_a_full_ring_the_bot_plays_the_plus_where_it_fires() {
    // 18 entries: a plus anywhere but between the two 9s leaves 19 and
    // ends the game.
    let game = decision("1 2 3 4 5 6 7 8 9 9 10 11 12 13 14 15 16 17", "+");
    for limits in [Limits::depth(1), Limits::depth(2)] {
        let report = Bot::default().search(&game, limits, &mut ());
        assert_eq!(report.best, Some(Reply::Gap(8)), "{limits:?}");
    }
}
