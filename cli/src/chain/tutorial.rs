//! `atom4 chain atoms`: the learncgames tutorial's console game
//! (`atoms3.c`), as it plays and prints: the 8x8 board with columns and
//! rows numbered from 1, cells `...` or a count and `P` (you) or `C` (the
//! computer), your move as two keys (column, then row; `q`, `Q` or Esc
//! quits), the computer's reply, and from the sixth round on the cell
//! counts before each check. The computer is the tutorial's own player on
//! glibc's `rand()`, seeded with `--seed N` (or the clock, as the
//! original's `srand(time(0))`), so a seed replays the original's games.
//!
//! On a terminal a key is read as it is pressed, without Enter (the
//! original's `_getch`); from a pipe the keys are the bytes of the input,
//! and its end quits.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

use atom4_core::chain::{Move, Position, Rules, SeedAi, Status};
use atom4_core::game::Player;
use atom4_core::Cell;
use crossterm::event::KeyCode;
use crossterm::terminal;

use crate::terminal::{is_interrupt, Input, Watch};

use super::options::AtomsArgs;

/// The tutorial's board side.
const SIDE: u8 = 8;
/// The key code of Esc.
const ESC: u8 = 27;

/// A key, as the game reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Byte(u8),
    /// Ctrl-C, a signal, or the end of the input: quit.
    Quit,
}

/// Where keys come from.
pub trait Keys {
    fn next_key(&mut self) -> io::Result<Key>;
}

/// The bytes of a stream (a pipe, a file, a test's buffer).
pub struct StreamKeys<R>(pub R);

impl<R: BufRead> Keys for StreamKeys<R> {
    fn next_key(&mut self) -> io::Result<Key> {
        let mut byte = [0u8; 1];
        loop {
            return match self.0.read(&mut byte) {
                Ok(0) => Ok(Key::Quit),
                Ok(_) => Ok(Key::Byte(byte[0])),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => Err(e),
            };
        }
    }
}

/// Keys of a terminal, each as it is pressed: raw mode only while a key is
/// awaited, left on every way out (a key, an error, a panic, a signal, the
/// terminal gone: see [`Watch`]).
pub struct TerminalKeys {
    watch: Watch,
}

/// Raw mode while it lives.
struct RawMode;

impl RawMode {
    fn enter() -> io::Result<RawMode> {
        terminal::enable_raw_mode()?;
        Ok(RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

impl TerminalKeys {
    pub fn new() -> Result<TerminalKeys, String> {
        Ok(TerminalKeys {
            watch: Watch::start()?,
        })
    }
}

impl Keys for TerminalKeys {
    fn next_key(&mut self) -> io::Result<Key> {
        let _raw = RawMode::enter()?;
        loop {
            let key = match self.watch.next_event(Duration::from_millis(50)) {
                Ok(Input::Key(key)) => key,
                Ok(Input::Resize | Input::Idle) => continue,
                // A signal, or the terminal gone: quit.
                Err(_) if self.watch.ended().is_some() => return Ok(Key::Quit),
                Err(e) => return Err(io::Error::other(e)),
            };
            if is_interrupt(&key) {
                return Ok(Key::Quit);
            }
            match key.code {
                KeyCode::Esc => return Ok(Key::Byte(ESC)),
                KeyCode::Char(c) if c.is_ascii() => return Ok(Key::Byte(c as u8)),
                _ => {}
            }
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    PlayerWon,
    ComputerWon,
    /// The player quit.
    Quit,
}

/// The game: the position, the computer player, and the original's round
/// counter (`turnCount`).
pub struct Tutorial<W: Write> {
    pub position: Position,
    ai: SeedAi,
    turn_count: u32,
    out: W,
}

/// The tutorial's `ReadKbd`: keys until one of `1`..`8`, Esc, `q`, `Q`.
fn read_key(keys: &mut impl Keys) -> io::Result<Key> {
    loop {
        match keys.next_key()? {
            Key::Byte(c @ (b'1'..=b'8' | ESC | b'q' | b'Q')) => return Ok(Key::Byte(c)),
            Key::Byte(_) => {}
            Key::Quit => return Ok(Key::Quit),
        }
    }
}

impl<W: Write> Tutorial<W> {
    /// A new game on the tutorial's 8x8 board, the computer after `srand(seed)`.
    pub fn new(seed: u32, out: W) -> Tutorial<W> {
        Tutorial {
            position: Position::new(Rules::Atoms, SIDE, SIDE, 2).expect("the tutorial's board"),
            ai: SeedAi::new(seed),
            turn_count: 0,
            out,
        }
    }

    /// The original's `main` loop, to the end of the game or a quit.
    pub fn play(&mut self, keys: &mut impl Keys) -> io::Result<Ending> {
        loop {
            if !self.player_move(keys)? {
                break;
            }
            self.draw_board()?;
            if self.is_game_over()? {
                break;
            }
            self.computer_move()?;
            if self.is_game_over()? {
                break;
            }
            self.draw_board()?;
            self.turn_count += 1;
        }
        let ending = match self.position.status() {
            Status::Won(p) if p == Player::ONE => Ending::PlayerWon,
            Status::Won(_) => Ending::ComputerWon,
            _ => Ending::Quit,
        };
        // As the original: anything but the player's win is a defeat.
        writeln!(self.out)?;
        if ending == Ending::PlayerWon {
            writeln!(self.out, "Congratulations- you won!")?;
        } else {
            writeln!(self.out, "you were defeated by the computer player...")?;
        }
        self.out.flush()?;
        Ok(ending)
    }

    /// `DrawBoard`: columns then rows from 1, `...` for a cell without
    /// orbs, else its count in two places and `P` or `C`.
    fn draw_board(&mut self) -> io::Result<()> {
        let header = "    1  2  3  4  5  6  7  8";
        writeln!(self.out, "{header}")?;
        let board = *self.position.board();
        for y in 0..SIDE {
            write!(self.out, "{:2}", y + 1)?;
            for x in 0..SIDE {
                let cell = Cell::new(x, y).expect("on the board");
                match board.count(cell) {
                    0 => write!(self.out, "...")?,
                    n => {
                        let owner = if board.owner(cell) == Some(Player::ONE) {
                            'P'
                        } else {
                            'C'
                        };
                        write!(self.out, "{n:2}{owner}")?;
                    }
                }
            }
            writeln!(self.out, "{:3}", y + 1)?;
        }
        writeln!(self.out, "{header}")?;
        self.out.flush()
    }

    /// `IsGameOver`: from the sixth round on, prints both sides' cells
    /// with orbs; whether the game is over is the rules' (the same check).
    fn is_game_over(&mut self) -> io::Result<bool> {
        if self.turn_count >= 5 {
            let board = *self.position.board();
            let cells = |p: Player| {
                board
                    .cells()
                    .filter(|&c| board.count(c) > 0 && board.owner(c) == Some(p))
                    .count()
            };
            writeln!(
                self.out,
                "Player: {} Computer: {}",
                cells(Player::ONE),
                cells(Player::TWO)
            )?;
        }
        Ok(self.position.is_over())
    }

    /// `GetPlayerMove`: a column and a row key, until a move is allowed;
    /// `false` when the player quits.
    fn player_move(&mut self, keys: &mut impl Keys) -> io::Result<bool> {
        loop {
            write!(self.out, "Your move X: 1-8 or Q/esc to exit:")?;
            self.out.flush()?;
            let Key::Byte(x @ b'1'..=b'8') = read_key(keys)? else {
                return Ok(false);
            };
            write!(
                self.out,
                "{}\nYour move Y: 1-8 or Q/esc to exit:",
                x as char
            )?;
            self.out.flush()?;
            let Key::Byte(y @ b'1'..=b'8') = read_key(keys)? else {
                return Ok(false);
            };
            writeln!(self.out, "{}", y as char)?;
            let cell = Cell::new(x - b'1', y - b'1').expect("1..8 is on the board");
            match self.position.play(Move::Place(cell)) {
                Ok(_) => return Ok(true),
                Err(_) => writeln!(
                    self.out,
                    "You cannot play on ({},{}) as it's computer owned!",
                    x - b'0',
                    y - b'0'
                )?,
            }
        }
    }

    /// `PlayComputerMove`: its move (printed from 1) or its silent pass.
    fn computer_move(&mut self) -> io::Result<()> {
        let Ok(mv) = self.ai.choose(&self.position) else {
            return Ok(());
        };
        if self.position.play(mv).is_ok() {
            if let Move::Place(cell) = mv {
                writeln!(self.out, "Computer plays {},{}", cell.x() + 1, cell.y() + 1)?;
            }
        }
        Ok(())
    }
}

/// Runs the game on the terminal (or on piped input).
pub fn run(args: &AtomsArgs) -> Result<(), String> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() as u32)
    });
    let stdout = io::stdout();
    let mut game = Tutorial::new(seed, stdout.lock());
    let played = if io::stdin().is_terminal() {
        game.play(&mut TerminalKeys::new()?)
    } else {
        game.play(&mut StreamKeys(io::stdin().lock()))
    };
    played.map(|_| ()).map_err(|e| format!("terminal: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(keys: &str, seed: u32) -> (Ending, String, Position) {
        let mut out = Vec::new();
        let mut game = Tutorial::new(seed, &mut out);
        let ending = game.play(&mut StreamKeys(keys.as_bytes())).unwrap();
        let position = game.position;
        (ending, String::from_utf8(out).unwrap(), position)
    }

    #[test]
    fn it_prints_as_the_tutorial() {
        let (ending, text, _) = play("33q", 1);
        assert_eq!(ending, Ending::Quit);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Your move X: 1-8 or Q/esc to exit:3");
        assert_eq!(lines[1], "Your move Y: 1-8 or Q/esc to exit:3");
        assert_eq!(lines[2], "    1  2  3  4  5  6  7  8");
        assert_eq!(lines[3], " 1........................  1");
        assert_eq!(lines[5], " 3...... 1P...............  3");
        assert!(lines[12].starts_with("Computer plays "), "{}", lines[12]);
        assert!(text.ends_with(
            "\nYour move X: 1-8 or Q/esc to exit:\nyou were defeated by the computer player...\n"
        ));
    }

    #[test]
    fn other_keys_are_ignored_and_refusals_explained() {
        // Keys outside 1..8, q, Q and Esc are skipped, as _getch's loop does.
        let (_, text, position) = play("x9\n1 1Q", 5);
        assert!(text.starts_with(
            "Your move X: 1-8 or Q/esc to exit:1\nYour move Y: 1-8 or Q/esc to exit:1\n"
        ));
        assert_eq!(position.board().count(Cell::new(0, 0).unwrap()), 1);
        // A computer cell: the original's message, and the move is asked again.
        let mut out = Vec::new();
        let mut game = Tutorial::new(5, &mut out);
        game.position = "atoms 2 1b......./......../......../......../......../......../......../........ a 2 - *"
            .parse()
            .unwrap();
        game.play(&mut StreamKeys(&b"11\x1b"[..])).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("You cannot play on (1,1) as it's computer owned!\nYour move X:"),
            "{text}"
        );
    }

    /// The tutorial's games of the vectors (8x8, `seedai`), replayed by
    /// typing the player's moves: every computer move and pass, and the
    /// end, as recorded.
    #[test]
    fn the_vectors_seed_games_replay_exactly() {
        use atom4_vectors::chain::{chain_files, read_chain_file, ChainRecord};
        let mut games = 0;
        for file in chain_files() {
            for located in read_chain_file(&file) {
                let ChainRecord::Game(game) = located.record else {
                    continue;
                };
                let (Some(seed), 8, 8) = (game.ai_seed, game.width, game.height) else {
                    continue;
                };
                if game.policy != "seedai" || game.end != "win" {
                    continue;
                }
                let moves: Vec<Move> = game.moves.iter().map(|m| m.to_move().unwrap()).collect();
                let mut keys = String::new();
                let mut expected = Vec::new();
                for (i, mv) in moves.iter().enumerate() {
                    match (i % 2, mv) {
                        (0, Move::Place(c)) => {
                            keys.push_str(&format!("{}{}", c.x() + 1, c.y() + 1))
                        }
                        (1, Move::Place(c)) => {
                            expected.push(format!("Computer plays {},{}", c.x() + 1, c.y() + 1))
                        }
                        _ => {}
                    }
                }
                let (ending, text, position) = play(&keys, seed);
                let computer: Vec<&str> = text
                    .lines()
                    .filter(|l| l.starts_with("Computer plays"))
                    .collect();
                assert_eq!(computer, expected, "{}", game.id);
                assert_eq!(position.to_string(), game.final_position, "{}", game.id);
                let won = if game.winner.as_deref() == Some("a") {
                    Ending::PlayerWon
                } else {
                    Ending::ComputerWon
                };
                assert_eq!(ending, won, "{}", game.id);
                games += 1;
            }
        }
        assert!(games >= 20, "{games} tutorial games");
    }
}
