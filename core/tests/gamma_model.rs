//! The engine against a naive model written from the spec's definitions:
//! areas counted by flood fill, free fields by trying every empty cell,
//! `golden_possible` by trying every golden move. Thousands of random small
//! games with random players and areas limits, ordinary and golden moves,
//! handles dropped and reattached on the way.

use atom4_core::gamma::{Gamma, MoveError};
use atom4_core::Rng;

/// The rules, literally.
#[derive(Clone)]
struct Model {
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
    owner: Vec<u32>,
    golden_used: Vec<bool>,
    /// Flood-fill scratch: the fill that last saw each cell, and a stack.
    seen: Vec<u32>,
    fill: u32,
    stack: Vec<usize>,
}

impl Model {
    fn new(width: u32, height: u32, players: u32, areas: u32) -> Model {
        Model {
            width,
            height,
            players,
            areas,
            owner: vec![0; (width * height) as usize],
            golden_used: vec![false; players as usize + 1],
            seen: vec![0; (width * height) as usize],
            fill: 0,
            stack: Vec::new(),
        }
    }

    fn at(&self, x: u32, y: u32) -> usize {
        (y * self.width + x) as usize
    }

    /// The areas of `player`: connected sets of its cells, by flood fill.
    fn area_count(&mut self, player: u32) -> u32 {
        self.fill += 1;
        let fill = self.fill;
        let mut count = 0;
        for start in 0..self.owner.len() {
            if self.owner[start] != player || self.seen[start] == fill {
                continue;
            }
            count += 1;
            self.seen[start] = fill;
            self.stack.push(start);
            while let Some(c) = self.stack.pop() {
                let (x, y) = (c as u32 % self.width, c as u32 / self.width);
                let next = [
                    (x > 0).then(|| c - 1),
                    (x + 1 < self.width).then(|| c + 1),
                    (y > 0).then(|| c - self.width as usize),
                    (y + 1 < self.height).then(|| c + self.width as usize),
                ];
                for n in next.into_iter().flatten() {
                    if self.owner[n] == player && self.seen[n] != fill {
                        self.seen[n] = fill;
                        self.stack.push(n);
                    }
                }
            }
        }
        count
    }

    fn check_args(&self, player: u32, x: u32, y: u32) -> Result<usize, MoveError> {
        if player == 0 || player > self.players {
            return Err(MoveError::BadPlayer);
        }
        if x >= self.width || y >= self.height {
            return Err(MoveError::OffBoard);
        }
        Ok(self.at(x, y))
    }

    fn play(&mut self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        let c = self.check_args(player, x, y)?;
        if self.owner[c] != 0 {
            return Err(MoveError::Occupied);
        }
        self.owner[c] = player;
        if self.area_count(player) > self.areas {
            self.owner[c] = 0;
            return Err(MoveError::TooManyAreas);
        }
        Ok(())
    }

    fn golden_move(&mut self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        let c = self.check_args(player, x, y)?;
        if self.golden_used[player as usize] {
            return Err(MoveError::GoldenMoveUsed);
        }
        let victim = self.owner[c];
        if victim == 0 {
            return Err(MoveError::EmptyCell);
        }
        if victim == player {
            return Err(MoveError::OwnCell);
        }
        self.owner[c] = player;
        let result = if self.area_count(player) > self.areas {
            Err(MoveError::TooManyAreas)
        } else if self.area_count(victim) > self.areas {
            Err(MoveError::VictimTooManyAreas)
        } else {
            Ok(())
        };
        if result.is_err() {
            self.owner[c] = victim;
        } else {
            self.golden_used[player as usize] = true;
        }
        result
    }

    fn busy(&self, player: u32) -> u64 {
        self.owner.iter().filter(|&&o| o == player).count() as u64
    }

    /// Empty cells where a move of `player` would succeed: each tried.
    fn free(&mut self, player: u32) -> u64 {
        let mut count = 0;
        for y in 0..self.height {
            for x in 0..self.width {
                if self.play(player, x, y).is_ok() {
                    count += 1;
                    let c = self.at(x, y);
                    self.owner[c] = 0;
                }
            }
        }
        count
    }

    /// Whether some golden move of `player` would succeed: each tried.
    fn golden_possible(&mut self, player: u32) -> bool {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = self.at(x, y);
                let victim = self.owner[c];
                if self.golden_move(player, x, y).is_ok() {
                    self.owner[c] = victim;
                    self.golden_used[player as usize] = false;
                    return true;
                }
            }
        }
        false
    }

    fn board(&self) -> String {
        let wide = self.players >= 10;
        let cell = if wide {
            self.players.to_string().len() + 1
        } else {
            1
        };
        let mut text = String::new();
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                let o = self.owner[self.at(x, y)];
                let s = if o == 0 {
                    ".".to_string()
                } else {
                    o.to_string()
                };
                text.push_str(&format!("{s:>cell$}"));
            }
            text.push('\n');
        }
        text
    }
}

/// Compares every query for every player (and a few bad ones).
fn compare(game: &mut Gamma<'_>, model: &mut Model, context: &str) {
    for p in 0..=model.players + 1 {
        let (busy, free, possible) = if p == 0 || p > model.players {
            (0, 0, false)
        } else {
            (model.busy(p), model.free(p), model.golden_possible(p))
        };
        assert_eq!(game.busy_fields(p), busy, "busy {p} {context}");
        assert_eq!(game.free_fields(p), free, "free {p} {context}");
        assert_eq!(
            game.golden_possible(p),
            possible,
            "golden_possible {p} {context}"
        );
        if (1..=model.players).contains(&p) {
            assert_eq!(game.areas_of(p), model.area_count(p), "areas {p} {context}");
        }
    }
}

/// A cell for `player`'s next ordinary move: mostly an empty cell next to
/// its own (so areas grow into shapes that golden moves can cut), else any
/// cell, off the board now and then.
fn pick_move(rng: &mut Rng, model: &Model, player: u32) -> (u32, u32) {
    let (w, h) = (model.width, model.height);
    if rng.below(10) < 7 {
        let grow: Vec<(u32, u32)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                model.owner[model.at(x, y)] == 0
                    && [
                        (x.wrapping_sub(1), y),
                        (x + 1, y),
                        (x, y.wrapping_sub(1)),
                        (x, y + 1),
                    ]
                    .iter()
                    .any(|&(a, b)| a < w && b < h && model.owner[model.at(a, b)] == player)
            })
            .collect();
        if !grow.is_empty() {
            return grow[rng.below(grow.len() as u32) as usize];
        }
    }
    (rng.below(w + 1), rng.below(h + 1))
}

/// A cell for a golden move: mostly another player's cell with two or more
/// neighbours of its owner (where areas split), else any cell.
fn pick_golden(rng: &mut Rng, model: &Model, player: u32) -> (u32, u32) {
    let (w, h) = (model.width, model.height);
    if rng.below(10) < 8 {
        let cuts: Vec<(u32, u32)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let o = model.owner[model.at(x, y)];
                o != 0
                    && o != player
                    && [
                        (x.wrapping_sub(1), y),
                        (x + 1, y),
                        (x, y.wrapping_sub(1)),
                        (x, y + 1),
                    ]
                    .iter()
                    .filter(|&&(a, b)| a < w && b < h && model.owner[model.at(a, b)] == o)
                    .count()
                        >= 2
            })
            .collect();
        if !cuts.is_empty() {
            return cuts[rng.below(cuts.len() as u32) as usize];
        }
    }
    (rng.below(w + 1), rng.below(h + 1))
}

/// One random game on a board of sides up to `side`, every query compared
/// after every `every`-th step.
fn random_game(rng: &mut Rng, seed: u32, side: u32, every: u32) {
    let width = 1 + rng.below(side);
    let height = 1 + rng.below(side);
    let players = match rng.below(8) {
        0 => 10 + rng.below(3),
        1..=3 => 2,
        _ => 1 + rng.below(5),
    };
    let areas = 1 + rng.below(4);
    let words = Gamma::memory_words(width, height, players).unwrap();
    // Dirty memory for `new`, which clears it; fresh zeros for `new_in_zeroed`.
    let mut memory = vec![0xA5A5_A5A5u32; words + 3];
    let zeroed = rng.below(2) == 0;
    if zeroed {
        memory.fill(0);
    }
    let mut model = Model::new(width, height, players, areas);
    let mut game = if zeroed {
        Gamma::new_in_zeroed(width, height, players, areas, &mut memory).unwrap()
    } else {
        Gamma::new(width, height, players, areas, &mut memory).unwrap()
    };
    let cells = width * height;
    let steps = 2 * cells + rng.below(2 * cells + 1);
    // A rejected golden move, tried again now and then as the board changes.
    let mut rejected: Option<(u32, u32)> = None;
    for step in 0..steps {
        let context = format!(
            "game {seed} ({width}x{height}, {players} players, {areas} areas), step {step}"
        );
        // 0 and players + 1 are bad players, now and then.
        let player = if rng.below(20) == 0 {
            [0, players + 1][rng.below(2) as usize]
        } else {
            1 + rng.below(players)
        };
        let pick = rng.below(10);
        if pick < 6 {
            let (x, y) = pick_move(rng, &model, player);
            let want = model.play(player, x, y);
            assert_eq!(
                game.play(player, x, y),
                want,
                "move {player} {x} {y}, {context}"
            );
        } else {
            let (x, y) = match rejected {
                Some(cell) if pick < 8 => cell,
                _ => pick_golden(rng, &model, player),
            };
            let want = model.golden_move(player, x, y);
            assert_eq!(
                game.golden_move(player, x, y),
                want,
                "golden {player} {x} {y}, {context}"
            );
            if want == Err(MoveError::VictimTooManyAreas) {
                rejected = Some((x, y));
            }
        }
        if step % every == 0 || step + 1 == steps {
            compare(&mut game, &mut model, &context);
        }
        if rng.below(8) == 0 {
            let mut text = vec![0u8; game.board_len().unwrap()];
            game.write_board(&mut text).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), model.board(), "{context}");
        }
        if rng.below(16) == 0 {
            drop(game);
            game = Gamma::attach(&mut memory).unwrap();
        }
    }
}

/// Games to play: the model is quadratic, so fewer without optimisation.
const GAMES: u32 = if cfg!(debug_assertions) { 1000 } else { 5000 };

#[test]
fn engine_agrees_with_the_naive_model() {
    let mut rng = Rng::new(0x6A33A);
    for seed in 0..GAMES {
        random_game(&mut rng, seed, 8, 1);
    }
}

/// Bigger boards, where golden moves cut areas with rings and long arms:
/// searches that meet, that stop early, that run out of fresh nodes.
#[test]
fn engine_agrees_with_the_naive_model_on_bigger_boards() {
    let mut rng = Rng::new(0xB16);
    for seed in 0..GAMES / 10 {
        random_game(&mut rng, seed, 16, 8);
    }
}

/// Cuts the model and the engine must agree on: a ring (the searches from
/// both sides of the taken cell meet), a cross with arms of 1 and 3 cells
/// (one search ends while three run), a comb (many pieces).
#[test]
fn golden_moves_on_rings_crosses_and_combs() {
    let shapes: [(&[&str], u32); 3] = [
        (&["11111", "1...1", "1.2.1", "1...1", "11111"], 1),
        (
            &[
                "...1...", "...1...", "...1...", "1111111", "...1...", "...1...", "...1...",
            ],
            1,
        ),
        (&["1111111", "1.1.1.1", "1.1.1.1", "2222222"], 2),
    ];
    for (rows, areas) in shapes {
        let height = rows.len() as u32;
        let width = rows[0].len() as u32;
        for players in [2, 3] {
            let words = Gamma::memory_words(width, height, players).unwrap();
            for y in 0..height {
                for x in 0..width {
                    let mut memory = vec![0u32; words];
                    let mut game = Gamma::new(width, height, players, areas, &mut memory).unwrap();
                    let mut model = Model::new(width, height, players, areas);
                    for (r, row) in rows.iter().enumerate() {
                        for (cx, b) in row.bytes().enumerate() {
                            if b != b'.' {
                                let (p, cx, cy) =
                                    (u32::from(b - b'0'), cx as u32, height - 1 - r as u32);
                                assert_eq!(game.play(p, cx, cy), model.play(p, cx, cy));
                            }
                        }
                    }
                    let mover = players;
                    let context = format!("{rows:?}: golden {mover} {x} {y}");
                    assert_eq!(
                        game.golden_move(mover, x, y),
                        model.golden_move(mover, x, y),
                        "{context}"
                    );
                    compare(&mut game, &mut model, &context);
                    // The same again (remembered when rejected), then by another player.
                    assert_eq!(
                        game.golden_move(mover, x, y),
                        model.golden_move(mover, x, y),
                        "{context}"
                    );
                    assert_eq!(
                        game.golden_move(1, x, y),
                        model.golden_move(1, x, y),
                        "{context}"
                    );
                    compare(&mut game, &mut model, &context);
                }
            }
        }
    }
}
