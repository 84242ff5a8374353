//! `Position` (the searches' copy of a game in turns) against `Gamma` (the
//! engine of `gamma.h`): random games on small boards played on both, every
//! move of every player tried on both, every count compared, the turn
//! order of spec section 6 followed; and the policies' moves are legal.

use atom4_core::game::{Game, Player, Turn};
use atom4_core::gamma::policy::{greedy_move, playout_move, random_move, Playout};
use atom4_core::gamma::{
    fits, words_for, Gamma, Move, MoveError, Position, PositionError, MAX_MOVES, POSITION_CELLS,
    POSITION_WORDS,
};

/// The largest capacity, every board of up to 2048 cells.
type Big = Position;
use arrayvec::ArrayVec;
use atom4_core::mcts::{Limits, Mcts, Rollout, NODE_WORDS};
use atom4_core::Rng;

/// Whether `mv` by `player` would succeed on `memory`'s game, tried on a
/// copy; the engine's own checks (`check_move`, `check_golden_move`) say
/// the same, with the same reason, and leave the board as it was.
fn engine_accepts(memory: &mut [u32], player: u32, mv: Move) -> bool {
    let mut copy = memory.to_vec();
    let mut game = Gamma::attach(&mut copy).unwrap();
    let (x, y) = (u32::from(mv.x), u32::from(mv.y));
    let made = if mv.golden {
        game.golden_move(player, x, y)
    } else {
        game.play(player, x, y)
    };
    let mut original = Gamma::attach(memory).unwrap();
    let before: Vec<Option<u32>> = (0..original.height())
        .flat_map(|y| (0..original.width()).map(move |x| (x, y)))
        .map(|(x, y)| original.owner(x, y))
        .collect();
    let checked = if mv.golden {
        original.check_golden_move(player, x, y)
    } else {
        original.check_move(player, x, y)
    };
    assert_eq!(
        checked, made,
        "{mv} by {player}: the check and the move disagree"
    );
    let after: Vec<Option<u32>> = (0..original.height())
        .flat_map(|y| (0..original.width()).map(move |x| (x, y)))
        .map(|(x, y)| original.owner(x, y))
        .collect();
    assert_eq!(before, after);
    made.is_ok()
}

/// The player after `from` who can act, as spec section 6 says, from the
/// engine's own answers.
fn next_player(game: &mut Gamma<'_>, from: u32) -> Option<u32> {
    let players = game.players();
    (1..=players)
        .map(|step| (from - 1 + step) % players + 1)
        .find(|&q| game.free_fields(q) > 0 || game.golden_possible(q))
}

fn compare<const WORDS: usize>(position: &Position<WORDS>, memory: &mut [u32]) {
    let mut game = Gamma::attach(memory).unwrap();
    for p in 1..=game.players() {
        assert_eq!(
            u64::from(position.busy_fields(p)),
            game.busy_fields(p),
            "busy {p}"
        );
        assert_eq!(
            u64::from(position.free_fields(p)),
            game.free_fields(p),
            "free {p}"
        );
        assert_eq!(position.areas_of(p), game.areas_of(p), "areas {p}");
        assert_eq!(
            position.golden_possible(p),
            game.golden_possible(p),
            "golden_possible {p}"
        );
        assert_eq!(position.golden_move_used(p), game.golden_move_used(p));
    }
    for y in 0..game.height() {
        for x in 0..game.width() {
            assert_eq!(position.owner(x, y), game.owner(x, y));
        }
    }
}

/// One random game on both; returns the number of moves.
fn play_both<const WORDS: usize>(
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
    seed: u64,
) -> usize {
    let mut rng = Rng::new(seed);
    let mut memory = vec![0; Gamma::memory_words(width, height, players).unwrap()];
    Gamma::new(width, height, players, areas, &mut memory).unwrap();
    let mut position = Position::<WORDS>::new(width, height, players, areas).unwrap();
    let mut turn = 1;
    let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
    let mut count = 0;
    loop {
        assert_eq!(position.player_to_move(), Some(turn));
        position.legal_moves_into(&mut moves);
        assert!(!moves.is_empty(), "a player on turn has a move");
        // Every move of the board, of both kinds: listed exactly when the
        // engine accepts it.
        for y in 0..height as u16 {
            for x in 0..width as u16 {
                for mv in [Move::ordinary(x, y), Move::golden(x, y)] {
                    let accepted = engine_accepts(&mut memory, turn, mv);
                    assert_eq!(
                        moves.contains(&mv),
                        accepted,
                        "{mv} by {turn}, seed {seed}\n{position}"
                    );
                    assert_eq!(position.is_legal(mv), accepted);
                }
            }
        }
        // Mostly ordinary moves, so that games get far.
        let mv = if rng.below(10) == 0 {
            moves[rng.below(moves.len() as u32) as usize]
        } else {
            playout_move(&position, &mut rng).unwrap()
        };
        position.make_move(mv).unwrap();
        {
            let mut game = Gamma::attach(&mut memory).unwrap();
            let (x, y) = (u32::from(mv.x), u32::from(mv.y));
            if mv.golden {
                game.golden_move(turn, x, y).unwrap();
            } else {
                game.play(turn, x, y).unwrap();
            }
        }
        count += 1;
        compare(&position, &mut memory);
        let mut game = Gamma::attach(&mut memory).unwrap();
        match next_player(&mut game, turn) {
            Some(next) => turn = next,
            None => {
                assert_eq!(position.turn(), Turn::Over);
                assert!(position.player_to_move().is_none());
                // The copy made from the engine's game agrees.
                let copy = Position::<WORDS>::from_game(&game, 1).unwrap();
                assert_eq!(copy.turn(), Turn::Over);
                return count;
            }
        }
        let copy = Position::<WORDS>::from_game(&game, turn).unwrap();
        assert!(
            copy == position,
            "from_game copies the position\n{copy}\n{position}"
        );
    }
}

#[test]
fn positions_follow_the_engine_move_by_move() {
    let mut total = 0;
    for (seed, &(w, h, players, areas)) in [
        (4, 4, 2, 1),
        (5, 4, 2, 2),
        (6, 5, 3, 2),
        (5, 5, 4, 3),
        (3, 7, 3, 1),
        (6, 6, 2, 3),
        (1, 8, 2, 2),
        (7, 3, 5, 2),
    ]
    .iter()
    .cycle()
    .take(40)
    .enumerate()
    {
        // The smallest capacity, and the largest for every fifth game.
        total += if seed % 5 == 0 {
            play_both::<{ POSITION_WORDS }>(w, h, players, areas, seed as u64)
        } else {
            play_both::<4>(w, h, players, areas, seed as u64)
        };
    }
    assert!(total > 500, "games get far: {total} moves");
}

#[test]
fn turns_skip_players_who_cannot_act_and_skipping_passes() {
    // One row of three cells, two players, one area each.
    let mut position = Big::new(3, 1, 2, 1).unwrap();
    position.make_move(Move::ordinary(1, 0)).unwrap();
    assert_eq!(position.player_to_move(), Some(2));
    position.make_move(Move::ordinary(0, 0)).unwrap();
    assert_eq!(position.player_to_move(), Some(1));
    assert_eq!(position.free_fields(1), 1);
    assert!(position.skip());
    // Player 2 has no free field, only its golden move on (1,0).
    assert_eq!(position.player_to_move(), Some(2));
    assert_eq!(position.free_fields(2), 0);
    assert!(position.golden_possible(2));
    position.make_move(Move::golden(1, 0)).unwrap();
    assert_eq!(position.busy_fields(2), 2);
    // Player 1 holds nothing: every empty cell is free to it.
    assert_eq!(position.player_to_move(), Some(1));
    position.make_move(Move::ordinary(2, 0)).unwrap();
    // Player 2 can do nothing (no free field, golden move used): skipped;
    // player 1 moves again, with its golden move.
    assert_eq!(position.player_to_move(), Some(1));
    assert_eq!(
        position.make_move(Move::ordinary(0, 0)),
        Err(MoveError::Occupied)
    );
    position.make_move(Move::golden(1, 0)).unwrap();
    assert_eq!(position.player_to_move(), None);
    assert_eq!(position.turn(), Turn::Over);
    assert_eq!(position.winner(), Some(1));
    assert_eq!(position.to_string(), "211\n");
    assert!(!position.skip());
    assert_eq!(
        position.make_move(Move::ordinary(0, 0)),
        Err(MoveError::BadPlayer)
    );
}

#[test]
fn bad_games_are_refused() {
    assert_eq!(
        Big::new(0, 4, 2, 2).unwrap_err(),
        PositionError::ZeroArgument
    );
    assert_eq!(
        Big::new(4, 4, 2, 0).unwrap_err(),
        PositionError::ZeroArgument
    );
    assert_eq!(
        Big::new(64, 33, 2, 2).unwrap_err(),
        PositionError::TooManyCells
    );
    assert_eq!(
        Big::new(1, POSITION_CELLS as u32 + 1, 2, 2).unwrap_err(),
        PositionError::TooManyCells
    );
    assert_eq!(
        Big::new(u32::MAX, u32::MAX, 2, 2).unwrap_err(),
        PositionError::TooManyCells
    );
    assert_eq!(
        Big::new(4, 4, 17, 2).unwrap_err(),
        PositionError::TooManyPlayers
    );
    let mut memory = vec![0; Gamma::memory_words(4, 4, 2).unwrap()];
    let game = Gamma::new(4, 4, 2, 2, &mut memory).unwrap();
    assert_eq!(
        Big::from_game(&game, 3).unwrap_err(),
        PositionError::BadPlayer
    );
    assert_eq!(
        Big::from_game(&game, 0).unwrap_err(),
        PositionError::BadPlayer
    );
    let mut big = vec![0; Gamma::memory_words(100, 100, 2).unwrap()];
    let game = Gamma::new(100, 100, 2, 2, &mut big).unwrap();
    assert_eq!(
        Big::from_game(&game, 1).unwrap_err(),
        PositionError::TooManyCells
    );
}

/// The largest boards of every shape: corners, edges and areas work.
#[test]
fn the_largest_boards_work_in_every_shape() {
    let cells = POSITION_CELLS as u32;
    for (w, h) in [
        (64, 32),
        (32, 64),
        (45, 45),
        (1, cells),
        (cells, 1),
        (2, cells / 2),
    ] {
        let mut position = Big::new(w, h, 16, 2).unwrap();
        assert_eq!(position.free_fields(1), w * h);
        let corners = [(0, 0), (w - 1, h - 1)];
        for (i, &(x, y)) in corners.iter().enumerate() {
            assert_eq!(position.player_to_move(), Some(i as u32 + 1));
            position
                .make_move(Move::ordinary(x as u16, y as u16))
                .unwrap();
        }
        // Player 3 takes both corners' neighbours: two areas, at its limit.
        let near = [
            (u32::from(w > 1), u32::from(w == 1)),
            (w - 1 - u32::from(w > 1), h - 1 - u32::from(w == 1)),
        ];
        for &(x, y) in &near {
            while position.player_to_move() != Some(3) {
                assert!(position.skip());
            }
            position
                .make_move(Move::ordinary(x as u16, y as u16))
                .unwrap();
        }
        assert_eq!(position.areas_of(3), 2, "{w}x{h}");
        // Its free fields: the empty cells next to its two cells.
        let expected = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| position.owner(x, y).is_none())
            .filter(|&(x, y)| {
                near.iter()
                    .any(|&(a, b)| a.abs_diff(x) + b.abs_diff(y) == 1)
            })
            .count() as u32;
        assert_eq!(position.free_fields(3), expected, "{w}x{h}");
        assert!(position.golden_possible(3));
        assert_eq!(position.owner(w - 1, h - 1), Some(2));
        assert_eq!(position.owner(w, 0), None);
    }
}

#[test]
fn each_board_gets_the_smallest_capacity_it_fits() {
    assert_eq!(words_for(10, 10), Some(4));
    assert_eq!(words_for(15, 15), Some(4));
    assert_eq!(words_for(16, 16), Some(16));
    assert_eq!(words_for(30, 30), Some(16));
    assert_eq!(words_for(64, 32), Some(POSITION_WORDS));
    assert_eq!(words_for(1, 2048), Some(POSITION_WORDS));
    assert_eq!(words_for(2049, 1), None);
    assert_eq!(words_for(u32::MAX, u32::MAX), None);
    assert!(fits(10, 10, 4) && !fits(16, 16, 4));
    assert_eq!(
        Position::<4>::new(16, 16, 2, 2).unwrap_err(),
        PositionError::TooManyCells
    );
    assert!(Position::<4>::new(15, 15, 2, 2).is_ok());
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut position = Big::new(5, 5, 2, 1).unwrap();
    position.make_move(Move::ordinary(0, 0)).unwrap();
    position.make_move(Move::ordinary(4, 4)).unwrap();
    let before = position.clone();
    for mv in [
        Move::ordinary(0, 0),
        Move::ordinary(3, 3),
        Move::ordinary(5, 0),
        Move::golden(1, 1),
        Move::golden(0, 0),
        Move::golden(9, 9),
    ] {
        assert!(position.make_move(mv).is_err(), "{mv}");
        assert!(position == before);
    }
}

#[test]
fn policies_play_legal_moves_to_the_end() {
    for seed in 0..20u64 {
        let mut rng = Rng::new(seed);
        let mut position = Big::new(6, 5, 3, 2).unwrap();
        while position.player_to_move().is_some() {
            let mv = match seed % 3 {
                0 => greedy_move(&position, &mut rng),
                1 => random_move(&position, &mut rng),
                _ => playout_move(&position, &mut rng),
            }
            .unwrap();
            assert!(position.is_legal(mv));
            position.make_move(mv).unwrap();
        }
        assert!(greedy_move(&position, &mut rng).is_none());
        let sum: u32 = (1..=3).map(|p| position.busy_fields(p)).sum();
        assert!(sum <= 30);
        let winners = (0..3)
            .filter(|&i| position.returns(Player::new(i).unwrap()) == 1.0)
            .count();
        assert_eq!(winners, usize::from(position.winner().is_some()));
    }
}

#[test]
fn the_greedy_move_leaves_the_most_free_fields() {
    // Player 1 at its limit of one area with (0,0): growing right or up
    // keeps 2 free fields (3 for the diagonal-free corner shapes).
    let mut position = Big::new(4, 4, 2, 1).unwrap();
    position.make_move(Move::ordinary(0, 0)).unwrap();
    position.make_move(Move::ordinary(3, 3)).unwrap();
    let mv = greedy_move(&position, &mut Rng::new(1)).unwrap();
    let mut after = position.clone();
    after.make_move(mv).unwrap();
    let best = after.free_fields(1);
    for other in [Move::ordinary(1, 0), Move::ordinary(0, 1)] {
        let mut a = position.clone();
        a.make_move(other).unwrap();
        assert!(a.free_fields(1) <= best);
    }
}

#[test]
fn playouts_value_winners_above_losers() {
    let mut rollout = Playout::default();
    let mut values = [0.0; 16];
    let mut position = Big::new(4, 4, 2, 2).unwrap();
    rollout.estimate(&mut position, &mut Rng::new(3), &mut values);
    assert_eq!(position.turn(), Turn::Over);
    match position.winner() {
        Some(1) => assert!(values[0] > 0.0 && values[1] < 0.0),
        Some(2) => assert!(values[1] > 0.0 && values[0] < 0.0),
        _ => assert_eq!(values[0], values[1]),
    }
    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
}

#[test]
fn the_mcts_keeps_its_golden_move_when_spending_it_loses() {
    // One row of three, one area each; 1 holds (1,0), 2 holds (0,0), 1 to
    // move. Taking (0,0) now loses (2 then takes (2,0) and, with its own
    // golden move, (1,0)); the ordinary move on (2,0) wins (2's golden move
    // takes (1,0), then 1's takes it back).
    let mut position = Big::new(3, 1, 2, 1).unwrap();
    position.make_move(Move::ordinary(1, 0)).unwrap();
    position.make_move(Move::ordinary(0, 0)).unwrap();
    let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
    position.legal_moves_into(&mut moves);
    assert_eq!(&moves[..], &[Move::ordinary(2, 0), Move::golden(0, 0)]);
    let mut arena = vec![0u64; (1 << 12) * NODE_WORDS];
    let report =
        Mcts::new(&mut arena, Playout::default()).run(&position, Limits::iterations(200), &mut ());
    assert_eq!(report.best, Some(Move::ordinary(2, 0)));
}
