//! Atomas through its public API: the spec's worked examples and edge
//! cases, refusals that change nothing, the spawn law and the reference
//! generator's check values, and the game trait driven by random play and
//! by the generic searches.

use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{
    Atom, Atomas, DrawError, Entry, IllegalReply, Move, Reference, Reply, Ring, Source, MAX_MOVE,
    MAX_SCORE, MAX_VALUE,
};
use atom4_core::expectimax::{self, Evaluate, Expectimax};
use atom4_core::game::{Chance, Game, Player, Turn, MAX_PLAYERS};
use atom4_core::mcts::{self, Mcts, RandomRollout, Values, NODE_WORDS};
use atom4_core::Rng;

/// A decision state: `ring` (entries separated by spaces), `hand` in hand.
fn decision(ring: &str, hand: &str, score: u64) -> Atomas {
    let ring = ring.replace(' ', ",");
    format!("ring={ring} hand={hand} score={score} move=1 range=1-3 carry=. since=0")
        .parse()
        .unwrap()
}

/// The ring as the spec writes it: entries separated by spaces.
fn ring_text(game: &Atomas) -> String {
    let entries: Vec<String> = game.ring().iter().map(|e| e.to_string()).collect();
    entries.join(" ")
}

/// Whether `atom` can be drawn in `game` (a copy is changed).
fn draw(mut game: Atomas, atom: Atom) -> Result<Source, DrawError> {
    game.draw(atom)
}

/// Plays `reply` (protocol text) and returns the ring after and the points.
fn play(game: &mut Atomas, reply: &str) -> (String, u64) {
    let played = game
        .reply(reply)
        .unwrap_or_else(|e| panic!("{game}: {reply:?} refused: {e}"));
    (ring_text(game), played.points)
}

#[test]
fn worked_examples_of_the_spec() {
    // (ring before, atom, score, reply, ring after, points)
    let examples = [
        ("1 1 3 2 2 3", "+", 0, "3", "6", 32),
        ("1 3 2 3 1 1", "+", 0, "2", "1 3 2 + 3 1 1", 0),
        ("1 3 2 1 3 1", "B", 750, "2", "7", 39),
        ("2 + + 2", "B", 800, "1", "5", 18),
        ("3 1 5 2 2 1 3", "+", 0, "6", "5 2 2 5", 18),
        ("3 1 1 3 2 6 2", "+", 0, "1", "5 6", 27),
        ("4 + 2 1 1 2 5", "+", 0, "3", "5 5", 20),
        ("3 + 1 2", "3", 0, "1", "4 1 2", 6),
        ("2 + + 2 5", "2", 0, "1", "3 + 2 5", 4),
        ("2 + 4 2 7", "-", 0, "2 n", "3 7", 4),
        ("6 + 3 3", "B", 900, "2", "7", 19),
    ];
    for (before, atom, score, reply, after, points) in examples {
        let mut game = decision(before, atom, score);
        assert_eq!(
            play(&mut game, reply),
            (after.to_string(), points),
            "{before} {atom} {reply}"
        );
        assert_eq!(game.score(), score + points);
        assert_eq!(game.move_number(), 2);
    }
}

#[test]
fn chains_report_every_step_in_order() {
    // Example 9: the played plus's chain, then the dormant plus it armed.
    let mut game = decision("4 + 2 1 1 2 5", "+", 0);
    let played = game.play(Reply::Gap(3)).unwrap();
    let steps: Vec<(u8, Option<u32>, u32, u64)> = played
        .fusions
        .iter()
        .map(|f| (f.step, f.outer, f.result, f.points))
        .collect();
    assert_eq!(
        steps,
        [(0, Some(1), 2, 3), (1, Some(2), 4, 10), (0, Some(4), 5, 7)]
    );
    // Example 4: the black plus's first step has no outer value.
    let mut game = decision("1 3 2 1 3 1", "B", 750);
    let played = game.play(Reply::Gap(2)).unwrap();
    let results: Vec<(Option<u32>, u32, u64)> = played
        .fusions
        .iter()
        .map(|f| (f.outer, f.result, f.points))
        .collect();
    assert_eq!(results, [(None, 5, 7), (Some(3), 6, 14), (Some(1), 7, 18)]);
}

#[test]
fn carries_are_played_next_move() {
    // Example 3: a minus with y carries a plus, which fuses 3 3 then 1 1.
    let mut game = decision("1 3 2 3 1 1", "-", 0);
    assert_eq!(play(&mut game, "2 y"), ("1 3 3 1 1".into(), 0));
    assert_eq!(game.carry(), Some(Entry::Plus));
    assert_eq!(game.source(), Some(Source::Carry));
    assert_eq!(
        game.draw(Atom::Number(1)),
        Err(DrawError::NotTheCarry(Entry::Plus))
    );
    assert_eq!(game.draw(Atom::Plus), Ok(Source::Carry));
    assert_eq!(game.carry(), None);
    assert_eq!(play(&mut game, "1"), ("5 1".into(), 18));
    // Example 6: a clone carries a copy, the ring unchanged.
    let mut game = decision("1 1 2 1", "C", 1500);
    assert_eq!(play(&mut game, "2"), ("1 1 2 1".into(), 0));
    assert_eq!(game.carry(), Some(Entry::Number(2)));
    let (atom, source) = game.draw_with(&mut Rng::new(1)).unwrap();
    assert_eq!((atom, source), (Atom::Number(2), Source::Carry));
    assert_eq!(play(&mut game, "3"), ("1 1 2 1 2".into(), 0));
    assert_eq!(game.since(), 2);
}

#[test]
fn edge_cases_of_the_spec() {
    // (ring before, atom, reply, ring after, carry after)
    let cases = [
        ("", "+", "0", "+", None),
        ("4", "+", "0", "4 +", None),
        ("2 2", "+", "0", "3", None),
        ("2 2", "+", "1", "3", None),
        ("4", "B", "0", "4 +", None),
        ("5", "-", "0 n", "", Some(Entry::Number(5))),
        ("5", "-", "0 y", "", Some(Entry::Plus)),
        ("+ 3", "-", "0 n", "3", Some(Entry::Plus)),
        ("+ 3", "-", "0 y", "3", Some(Entry::Plus)),
        ("+ 3", "C", "0", "+ 3", Some(Entry::Plus)),
        ("", "5", "0", "5", None),
    ];
    for (before, atom, reply, after, carry) in cases {
        let mut game = decision(before, atom, 1500);
        let (ring, _) = play(&mut game, reply);
        assert_eq!(
            (ring.as_str(), game.carry()),
            (after, carry),
            "{before} {atom}"
        );
    }
    // -, B and C are never drawn on an empty ring.
    let empty: Atomas = "ring= hand=. score=2000 move=1 range=1-3 carry=. since=0"
        .parse()
        .unwrap();
    let law = empty.spawn_law();
    assert!(law
        .iter()
        .all(|c| !matches!(c.outcome, Atom::Minus | Atom::Black | Atom::Clone)));
    for atom in [Atom::Minus, Atom::Black, Atom::Clone] {
        assert_eq!(draw(empty, atom), Err(DrawError::Impossible));
    }
}

#[test]
fn a_ring_read_unsettled_settles_on_the_next_move() {
    // The plus at index 2 is ready to fire (as in one golden step); any
    // move, even one far from it, settles the ring: 2 2 -> 3, then 3 3 -> 5.
    let mut game = decision("3 2 + 2 3 1", "-", 0);
    assert!(!game.ring().is_settled());
    assert_eq!(play(&mut game, "5 n"), ("5".into(), 16));
    assert!(game.ring().is_settled());
    // A played plus fires before a dormant one, whose sides its chain
    // then eats: 5 5 -> 6, then 2 2 around it -> 7 (9 + 16 points).
    let mut game = decision("2 + 2 5 5", "+", 0);
    let played = game.play(Reply::Gap(3)).unwrap();
    let results: Vec<u32> = played.fusions.iter().map(|f| f.result).collect();
    assert_eq!(
        (ring_text(&game), played.points, results),
        ("+ 7".into(), 25, vec![6, 7])
    );
}

#[test]
fn the_game_ends_above_eighteen_entries() {
    let mut game = decision("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "5", 0);
    assert!(!game.is_over());
    assert_eq!(game.turn(), Turn::Player(Player::ONE));
    play(&mut game, "3");
    assert!(game.is_over());
    assert_eq!(game.ring().len(), 19);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.source(), None);
    assert_eq!(game.draw(Atom::Plus), Err(DrawError::GameOver));
    assert_eq!(game.returns(Player::ONE), 0.0);
    let mut moves = Default::default();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn illegal_replies_are_refused_and_change_nothing() {
    let cases = [
        (
            "1 2 3",
            "+",
            Reply::Gap(3),
            IllegalReply::OutOfRange { index: 3, limit: 3 },
        ),
        (
            "",
            "+",
            Reply::Gap(1),
            IllegalReply::OutOfRange { index: 1, limit: 1 },
        ),
        (
            "1 2 3",
            "C",
            Reply::Entry(3),
            IllegalReply::OutOfRange { index: 3, limit: 3 },
        ),
        ("1 2 3", "-", Reply::Gap(0), IllegalReply::WrongKind),
        ("1 2 3", "+", Reply::Entry(0), IllegalReply::WrongKind),
        (
            "1 2 3",
            "C",
            Reply::Remove {
                entry: 0,
                to_plus: true,
            },
            IllegalReply::WrongKind,
        ),
    ];
    for (ring, atom, reply, error) in cases {
        let mut game = decision(ring, atom, 1500);
        let before = game;
        assert_eq!(game.play(reply), Err(error), "{ring} {atom} {reply:?}");
        assert_eq!(game, before);
    }
    let mut between: Atomas = "ring=1 hand=. score=0 move=1 range=1-3 carry=. since=0"
        .parse()
        .unwrap();
    assert_eq!(
        between.play(Reply::Gap(0)),
        Err(IllegalReply::NothingInHand)
    );
    // At the engine's limits nothing more is played.
    let text =
        format!("ring=1 hand=+ score=0 move={MAX_MOVE} range=2500001-2500003 carry=. since=0");
    let mut last: Atomas = text.parse().unwrap();
    assert_eq!(last.play(Reply::Gap(0)), Err(IllegalReply::Exhausted));
    assert_eq!(last.turn(), Turn::Over);
    let text = format!("ring=1 hand=+ score={MAX_SCORE} move=2 range=1-3 carry=. since=0");
    let rich: Atomas = text.parse().unwrap();
    let mut rich = rich;
    assert!(rich.play(Reply::Gap(0)).is_ok());
}

#[test]
fn the_largest_values_fuse_without_overflow() {
    let v = MAX_VALUE.to_string();
    let ring = [v.as_str(); 18].join(" ");
    let mut game = decision(&ring, "+", 0);
    let (after, points) = play(&mut game, "4");
    // Nine steps: the first gives v + 1, each later one more (the sides
    // are below the fused atom).
    assert_eq!(after, (MAX_VALUE + 9).to_string());
    assert!(points > 9 * u64::from(MAX_VALUE));
    let mut game = decision(&format!("{v} {v}"), "B", 750);
    assert_eq!(play(&mut game, "0").0, (MAX_VALUE + 3).to_string());
}

#[test]
fn draws_follow_the_source() {
    let mut forced: Atomas = "ring=1,2 hand=. score=0 move=9 range=1-3 carry=. since=5"
        .parse()
        .unwrap();
    assert_eq!(forced.source(), Some(Source::Forced));
    assert_eq!(forced.draw(Atom::Number(1)), Err(DrawError::NotForced));
    assert_eq!(forced.spawn_law().len(), 1);
    let (atom, source) = forced.draw_with(&mut Reference::new(3)).unwrap();
    assert_eq!((atom, source), (Atom::Plus, Source::Forced));
    assert_eq!(forced.draw(Atom::Plus), Err(DrawError::AlreadyDrawn));
    // Range 2..4 at move 40: 1 only as a below-range atom, 5 never.
    let game: Atomas = "ring=1,3 hand=. score=0 move=40 range=2-4 carry=. since=0"
        .parse()
        .unwrap();
    assert_eq!(draw(game, Atom::Number(1)), Ok(Source::Random));
    assert_eq!(draw(game, Atom::Number(5)), Err(DrawError::Impossible));
    assert_eq!(draw(game, Atom::Black), Err(DrawError::Impossible));
    let all_below: Atomas = "ring=1,1 hand=. score=0 move=40 range=2-4 carry=. since=0"
        .parse()
        .unwrap();
    assert_eq!(draw(all_below, Atom::Number(2)), Err(DrawError::Impossible));
}

/// `weight / total` in lowest terms.
fn fraction(weight: u32, total: u32) -> (u32, u32) {
    let (mut a, mut b) = (weight, total);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    (weight / a, total / a)
}

#[test]
fn the_spawn_law_of_the_spec_example() {
    let game: Atomas = "ring=1,1,2,+,5,6 hand=. score=800 move=81 range=3-5 carry=. since=2"
        .parse()
        .unwrap();
    let law = game.spawn_law();
    let total: u32 = law.iter().map(|c| c.weight).sum();
    let listed: Vec<(String, (u32, u32))> = law
        .iter()
        .map(|c| (c.outcome.to_string(), fraction(c.weight, total)))
        .collect();
    let expected = [
        ("+", (1, 5)),
        ("-", (1, 20)),
        ("B", (1, 60)),
        ("1", (11, 45)),
        ("2", (11, 90)),
        ("3", (11, 90)),
        ("4", (11, 90)),
        ("5", (11, 90)),
    ];
    let expected: Vec<(String, (u32, u32))> =
        expected.iter().map(|&(a, f)| (a.to_string(), f)).collect();
    assert_eq!(listed, expected);
}

/// Random between-moves states met in random games.
fn random_states(count: usize, seed: u64) -> Vec<Atomas> {
    let mut rng = Rng::new(seed);
    let mut draws = Rng::new(seed ^ 1);
    let mut states = Vec::new();
    while states.len() < count {
        let mut game = Atomas::start(&mut draws);
        let cut = rng.below(30);
        random_game(&mut game, &mut draws, &mut rng, cut);
        if game.hand().is_none() && !game.is_over() {
            states.push(game);
        }
    }
    states
}

#[test]
fn drawn_atoms_follow_the_law() {
    // Long-game states too: a high range with below-range atoms.
    let mut states = random_states(20, 7);
    states.push(
        "ring=7,3,+,9,3,12,1 hand=. score=1600 move=400 range=11-13 carry=. since=1"
            .parse()
            .unwrap(),
    );
    for state in states {
        let law = state.spawn_law();
        let total: u64 = law.iter().map(|c| u64::from(c.weight)).sum();
        let draws = 60_000;
        let mut counts = vec![0u64; law.len()];
        let mut rng = Reference::new(11);
        for _ in 0..draws {
            let mut game = state;
            let (atom, _) = game.draw_with(&mut rng).unwrap();
            let i = law.iter().position(|c| c.outcome == atom);
            counts[i.unwrap_or_else(|| panic!("{state}: drew {atom}, not in the law"))] += 1;
        }
        for (c, &n) in law.iter().zip(&counts) {
            let expected = draws as f64 * c.weight as f64 / total as f64;
            let spread = 5.0 * expected.sqrt() + 5.0;
            assert!(
                (n as f64 - expected).abs() < spread,
                "{state}: {} drawn {n} times, expected {expected:.0}",
                c.outcome
            );
        }
    }
}

#[test]
fn the_reference_generator_check_values() {
    assert_eq!(Reference::new(0).next_u64(), 0xe220a8397b1dcdaf);
    let mut one = Reference::new(1);
    assert_eq!(one.next_u64(), 0x910a2dec89025cc1);
    assert_eq!(one.next_u64(), 0xbeeb8da1658eec67);
    let game = Atomas::start(&mut Reference::new(1));
    assert_eq!(
        game.to_string(),
        "ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0"
    );
    assert_eq!(Reference::for_game(1, 0), Reference::new(1));
    assert_eq!(Reference::for_game(u64::MAX, 2), Reference::new(1));
}

/// Plays random legal moves through the trait (chance by weight) to the end.
fn random_play_through_the_trait(mut game: Atomas, rng: &mut Rng) -> (Atomas, u32) {
    let mut moves = <Atomas as Game>::List::<Move>::default();
    let mut outcomes = <Atomas as Game>::List::<Chance<Move>>::default();
    let mut replies = 0;
    loop {
        match game.turn() {
            Turn::Over => return (game, replies),
            Turn::Player(p) => {
                assert_eq!(p, Player::ONE);
                game.legal_moves(&mut moves);
                assert!(!moves.is_empty(), "{game}");
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let Move::Reply(reply) = mv else {
                    panic!("{game}: a player's move {mv:?}");
                };
                let mut checked = game;
                let points = checked.play(reply).unwrap().points;
                let before = game.score();
                Game::play(&mut game, mv);
                assert_eq!(game, checked);
                assert_eq!(game.score(), before + points);
                // Every move leaves no plus ready to fire.
                assert!(game.ring().is_settled(), "{game}");
                replies += 1;
            }
            Turn::Chance => {
                game.chance_outcomes(&mut outcomes);
                assert!(!outcomes.is_empty(), "{game}");
                assert_eq!(outcomes.len(), game.spawn_law().len());
                let total: u32 = outcomes.iter().map(|c| c.weight).sum();
                let mut pick = rng.below(total);
                let chosen = outcomes
                    .iter()
                    .find(|c| {
                        let hit = pick < c.weight;
                        pick = pick.wrapping_sub(c.weight);
                        hit
                    })
                    .unwrap();
                let Move::Draw(atom) = chosen.outcome else {
                    panic!("{game}: chance offers {:?}", chosen.outcome);
                };
                let mut checked = game;
                checked.draw(atom).unwrap();
                Game::play(&mut game, chosen.outcome);
                assert_eq!(game, checked);
            }
        }
    }
}

#[test]
fn random_play_through_the_trait_reaches_the_end() {
    let mut rng = Rng::new(5);
    for _ in 0..2000 {
        let start = Atomas::start(&mut rng);
        assert_eq!(start.players(), 1);
        let (end, replies) = random_play_through_the_trait(start, &mut rng);
        assert!(end.is_over());
        assert_eq!(end.move_number(), replies + 1);
        assert_eq!(end.returns(Player::ONE), end.score() as f32);
        // The notation round-trips every end.
        assert_eq!(end.to_string().parse::<Atomas>(), Ok(end));
    }
}

#[test]
fn fast_random_games_play_legal_moves() {
    let mut rng = Rng::new(9);
    let mut draws = Rng::new(10);
    for _ in 0..300 {
        let mut game = Atomas::start(&mut draws);
        let moves = random_game(&mut game, &mut draws, &mut rng, u32::MAX);
        assert!(game.is_over());
        assert_eq!(game.move_number(), moves + 1);
    }
    // A move cap stops a game early, and it goes on from there.
    let mut game = Atomas::start(&mut draws);
    assert_eq!(random_game(&mut game, &mut draws, &mut rng, 3), 3);
    assert_eq!(game.move_number(), 4);
    assert!(random_game(&mut game, &mut draws, &mut rng, u32::MAX) > 0);
}

/// The score, for the searches' horizon.
struct Score;

impl Evaluate<Atomas> for Score {
    fn values(&mut self, game: &Atomas, values: &mut Values) {
        *values = [0.0; MAX_PLAYERS];
        values[0] = game.score() as f32;
    }
}

#[test]
fn the_generic_searches_run_on_atomas() {
    // Expectimax one reply deep finds the seed's 32-point chain.
    let game = decision("1 1 3 2 2 3", "+", 0);
    let report = Expectimax::new(Score).run(&game, expectimax::Limits::depth(1), &mut ());
    assert_eq!(report.best, Some(Move::Reply(Reply::Gap(3))));
    assert_eq!(report.score, 32_000);
    // Two replies deep, through a chance turn.
    let report = Expectimax::new(Score).run(&game, expectimax::Limits::depth(2), &mut ());
    assert_eq!(report.best, Some(Move::Reply(Reply::Gap(3))));
    // MCTS plays a legal reply.
    let mut arena = vec![0u64; (4096) * NODE_WORDS];
    let mut search = Mcts::new(&mut arena, RandomRollout::default());
    let report = search.run(&game, mcts::Limits::iterations(500), &mut ());
    let mut legal = Default::default();
    game.legal_moves(&mut legal);
    assert!(legal.contains(&report.best.unwrap()));
}

#[test]
fn states_are_small() {
    assert!(
        std::mem::size_of::<Atomas>() <= 128,
        "{}",
        std::mem::size_of::<Atomas>()
    );
    assert!(std::mem::size_of::<Ring>() <= 88);
}
