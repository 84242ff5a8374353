//! Draws the triangle: each row of circles shifted half a step from the
//! one below (so the six neighbours of a circle surround it), the fixed
//! boundary in its colours, coloured circles as coloured balls, the
//! circles the next move may use marked, the cursor in brackets and the
//! last play in parentheses; a side panel.

use std::io::{self, Write};

use atom4_core::atropos::{Atropos, Circle, Color as Paint};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue};

use super::screen::{color_name, AtroposScreen};
use crate::app::{run, Table};

const BOARD_LEFT: u16 = 2;
const BOARD_TOP: u16 = 2;
/// Columns between two circles of a row; rows shift by half of it.
const STEP: u16 = 4;
const PANEL_WIDTH: u16 = 40;
const PANEL_LINES: u16 = 14;

/// The board's width in columns.
fn board_width(game: &Atropos) -> u16 {
    // Row h = 1 runs from l = 0 to l = n + 1.
    let n = game.size().get() as u16;
    STEP / 2 + (n + 1) * STEP + 3
}

/// The columns the game needs (board and panel), and the row of its
/// message line.
pub fn size(game: &Atropos) -> (u16, u16) {
    let width = BOARD_LEFT + board_width(game) + 2 + PANEL_WIDTH;
    (width.max(80), message_row(game))
}

fn message_row(game: &Atropos) -> u16 {
    BOARD_TOP + (game.size().get() as u16 + 2).max(PANEL_LINES) + 1
}

/// The screen column of circle `(h, l)`'s ball.
fn column(h: u8, l: u8) -> u16 {
    BOARD_LEFT + 1 + h as u16 * (STEP / 2) + l as u16 * STEP
}

/// The terminal colour of a circle's colour.
pub fn paint(color: Paint) -> Color {
    match color {
        Paint::Red => Color::Red,
        Paint::Blue => Color::Blue,
        Paint::Green => Color::Green,
    }
}

/// Draws the board and the panel.
pub fn draw(
    out: &mut impl Write,
    screen: &AtroposScreen,
    game: &Atropos,
    table: &Table,
) -> io::Result<()> {
    draw_board(out, screen.cursor, game)?;
    draw_panel(out, game, table)
}

fn draw_board(out: &mut impl Write, cursor: Circle, game: &Atropos) -> io::Result<()> {
    let n = game.size().get();
    let legal = game.legal_circles();
    let last = game.last_play().map(|mv| mv.circle);
    for h in (0..=n + 1).rev() {
        let row = BOARD_TOP + (n + 1 - h) as u16;
        for l in 0..=n + 2 - h {
            let c = Circle::new(h, l, n + 2 - h - l);
            let corner = game.size().boundary_color(c).is_none() && !game.size().is_interior(c);
            if corner {
                continue;
            }
            let x = column(h, l);
            let (open, close) = if c == cursor {
                ("[", "]")
            } else if Some(c) == last {
                ("(", ")")
            } else {
                (" ", " ")
            };
            queue!(out, cursor::MoveTo(x - 1, row), Print(open))?;
            match game.color(c) {
                Some(color) => {
                    let interior = game.size().is_interior(c);
                    if !interior {
                        queue!(out, SetAttribute(Attribute::Dim))?;
                    }
                    queue!(out, SetForegroundColor(paint(color)), Print("●"))?;
                }
                None if legal.contains(&c) => {
                    queue!(out, SetForegroundColor(Color::White), Print("○"))?
                }
                None => queue!(out, SetForegroundColor(Color::DarkGrey), Print("·"))?,
            }
            queue!(
                out,
                SetAttribute(Attribute::Reset),
                ResetColor,
                Print(close)
            )?;
        }
    }
    Ok(())
}

fn draw_panel(out: &mut impl Write, game: &Atropos, table: &Table) -> io::Result<()> {
    let left = BOARD_LEFT + board_width(game) + 2;
    let who = |number: u8| match atom4_core::atropos::Player::from_number(number as u32, 2) {
        Some(p) if table.is_computer(p) => "computer",
        _ => "you",
    };
    let turn = match (game.winner(), game.to_move()) {
        (Some(p), _) => format!("Player {} won", p.number()),
        (_, Some(p)) => format!("Player {} ({})", p.number(), who(p.number())),
        _ => String::new(),
    };
    let last = match game.last_play() {
        Some(mv) => format!("Last play: {mv} {}", color_name(mv.color)),
        None => "Last play: none yet".into(),
    };
    let anywhere = if game.is_finished() {
        ""
    } else if game.plays_anywhere() {
        "The next move may go on any ○"
    } else {
        "The next move goes on a ○ next to it"
    };
    let thinking = table.thinking.map_or(String::new(), run::thinking);
    let lines: Vec<String> = vec![
        format!(
            "Size {}   Moves made {}",
            game.size().get(),
            game.moves_made()
        ),
        format!("Player 1: {}   Player 2: {}", who(1), who(2)),
        format!("Turn: {turn}"),
        last,
        anywhere.to_string(),
        format!("Computer: {}", table.engine),
        thinking,
        String::new(),
        "arrows move   r b g (1 2 3) colour".into(),
        "h hint, Enter plays it   u undo".into(),
        "s save   n new game   q quit".into(),
        "Whoever completes a triangle of".into(),
        "three colours loses.".into(),
    ];
    run::panel(out, left, BOARD_TOP, &lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Neighbours sit where the rules put them: half a step up or down
    /// and one step along the row.
    #[test]
    fn neighbours_surround_a_circle_on_screen() {
        let (h, l) = (3, 2);
        let x = column(h, l) as i32;
        let step = STEP as i32;
        for (dh, dl, dx) in [
            (1, -1, -step / 2),
            (0, -1, -step),
            (-1, 0, -step / 2),
            (-1, 1, step / 2),
            (0, 1, step),
            (1, 0, step / 2),
        ] {
            let nx = column((h as i32 + dh) as u8, (l as i32 + dl) as u8) as i32;
            assert_eq!(nx - x, dx, "({dh}, {dl})");
        }
        let big = Atropos::new(15).unwrap();
        assert!(size(&big).0 <= 120);
    }
}
