//! Draws a game of Chain Reaction: the board (each cell its count and
//! owner letter in the owner's colour, cells one orb short of exploding in
//! bold, the cursor in reverse video, the last move's cell marked) and a
//! side panel of players, orbs and turn.

use std::io::{self, Write};

use atom4_core::chain::{eval::critical_mass, letter, Position, Status};
use atom4_core::game::Player;
use atom4_core::Cell;
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, queue};

use super::screen::ChainScreen;
use crate::app::run::thinking;
use crate::app::Table;

const BOARD_LEFT: u16 = 2;
const BOARD_TOP: u16 = 2;
/// Characters a cell takes: a space, the count, the owner's letter.
const CELL_WIDTH: u16 = 3;
const PANEL_WIDTH: u16 = 40;
/// Panel lines: they set the message row on small boards.
const PANEL_LINES: u16 = 19;

/// The columns a game needs (board and panel), and the row of its
/// message line.
pub fn size(position: &Position) -> (u16, u16) {
    let board = position.board();
    let width = BOARD_LEFT + CELL_WIDTH * board.width() as u16 + 3 + PANEL_WIDTH;
    (width, message_row(position))
}

fn message_row(position: &Position) -> u16 {
    BOARD_TOP + (position.board().height() as u16).max(PANEL_LINES) + 1
}

/// Each player's colour, `a` to `h`.
pub fn player_color(player: Player) -> Color {
    crate::app::generic::player_color(player.index())
}

/// The board's own background, so that every colour shows.
const BOARD_BG: Color = Color::AnsiValue(236);
/// The last move's cell.
const LAST_BG: Color = Color::AnsiValue(24);

/// Draws the board and the panel.
pub fn draw(
    out: &mut impl Write,
    screen: &ChainScreen,
    position: &Position,
    table: &Table,
) -> io::Result<()> {
    draw_board(out, screen, position)?;
    draw_panel(out, screen, position, table)
}

fn draw_board(out: &mut impl Write, screen: &ChainScreen, p: &Position) -> io::Result<()> {
    let board = screen.board(p);
    let last = match screen.last {
        Some((atom4_core::chain::Move::Place(cell), _, _)) => Some(cell),
        _ => None,
    };
    for y in 0..board.height() {
        queue!(out, cursor::MoveTo(BOARD_LEFT, BOARD_TOP + y as u16))?;
        for x in 0..board.width() {
            let Some(cell) = Cell::new(x, y) else {
                continue;
            };
            let bg = if last == Some(cell) {
                LAST_BG
            } else {
                BOARD_BG
            };
            queue!(out, SetBackgroundColor(bg))?;
            if cell == screen.cursor {
                queue!(out, SetAttribute(Attribute::Reverse))?;
            }
            let count = board.count(cell);
            match board.owner(cell) {
                Some(owner) => {
                    if count + 1 >= critical_mass(p, x, y) && count > 0 {
                        queue!(out, SetAttribute(Attribute::Bold))?;
                    }
                    queue!(
                        out,
                        SetForegroundColor(player_color(owner)),
                        Print(format!(" {count}{}", letter(owner)))
                    )?;
                }
                None => queue!(out, SetForegroundColor(Color::AnsiValue(244)), Print("  ."))?,
            }
            queue!(out, SetAttribute(Attribute::Reset), ResetColor)?;
        }
    }
    Ok(())
}

fn draw_panel(
    out: &mut impl Write,
    screen: &ChainScreen,
    p: &Position,
    table: &Table,
) -> io::Result<()> {
    let left = BOARD_LEFT + CELL_WIDTH * p.board().width() as u16 + 3;
    let mut lines: Vec<(String, Option<Player>)> = Vec::new();
    for i in 0..p.players() {
        let Some(player) = Player::new(i) else {
            continue;
        };
        let who = if table.is_computer(player) {
            "computer"
        } else {
            "person"
        };
        let state = if p.is_out(player) {
            "out".to_string()
        } else {
            format!("{} orbs", p.board().orbs(player))
        };
        let turn = if p.to_move() == Some(player) {
            " <"
        } else {
            ""
        };
        lines.push((
            format!("{} {who:<8} {state}{turn}", letter(player)),
            Some(player),
        ));
    }
    lines.push((String::new(), None));
    lines.push((
        match p.status() {
            Status::Won(w) => format!("Won by {}", letter(w)),
            Status::Drawn => "Drawn".to_string(),
            Status::Playing => format!("Turn {}", p.ply() + 1),
        },
        None,
    ));
    lines.push((
        match screen.last {
            Some((mv, mover, c)) => format!(
                "Last: {} {mv}, {} explosions, {} waves",
                letter(mover),
                c.explosions,
                c.waves
            ),
            None => String::new(),
        },
        None,
    ));
    lines.push((
        match (&screen.animation, table.thinking) {
            (Some(a), _) => format!("Cascade: wave {} of {}", a.shown, a.frames.len() - 1),
            (None, Some(t)) => thinking(t),
            (None, None) => String::new(),
        },
        None,
    ));
    lines.push((format!("Computer: {}", table.engine), None));
    lines.push((String::new(), None));
    for help in [
        "arrows move   Enter/Space place",
        "u undo   h hint   s save   p pass",
        "a cascades wave by wave / at once",
        "Enter or any key skips a cascade",
        "n new game   q quit",
    ] {
        lines.push((help.to_string(), None));
    }
    for (i, (text, player)) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(left, BOARD_TOP + i as u16))?;
        match player {
            Some(pl) => queue!(
                out,
                SetForegroundColor(player_color(*pl)),
                SetAttribute(Attribute::Bold),
                Print(text),
                SetAttribute(Attribute::Reset),
                ResetColor
            )?,
            None => queue!(out, Print(text))?,
        }
    }
    Ok(())
}
