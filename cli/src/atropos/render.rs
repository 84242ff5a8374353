//! Draws the triangle: each row of circles shifted half a step from the
//! one below (so the six neighbours of a circle surround it), the fixed
//! boundary in its colours, coloured circles as coloured balls, the
//! circles the next move may use marked, the cursor in brackets and the
//! last play in parentheses; a side panel and a message line.

use std::io::{self, Write};

use atom4_core::atropos::{Atropos, Circle, Color as Paint};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue, terminal};

use super::app::{color_name, App, Thinking};

const BOARD_LEFT: u16 = 2;
const BOARD_TOP: u16 = 2;
/// Columns between two circles of a row; rows shift by half of it.
const STEP: u16 = 4;
const PANEL_WIDTH: u16 = 40;
const PANEL_LINES: u16 = 14;

/// What the front end shows beside the game.
pub struct Labels<'a> {
    pub computer: &'a str,
}

/// The board's width in columns.
fn board_width(game: &Atropos) -> u16 {
    // Row h = 1 runs from l = 0 to l = n + 1.
    let n = game.size().get() as u16;
    STEP / 2 + (n + 1) * STEP + 3
}

/// The terminal size the game needs: board, panel and message line.
pub fn needed_size(game: &Atropos) -> (u16, u16) {
    let width = BOARD_LEFT + board_width(game) + 2 + PANEL_WIDTH;
    (width.max(80), message_row(game) + 2)
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

pub fn draw(out: &mut impl Write, app: &App, labels: &Labels) -> io::Result<()> {
    let (cols, rows) = terminal::size()?;
    let (need_cols, need_rows) = needed_size(&app.game);
    queue!(
        out,
        ResetColor,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    if cols < need_cols || rows < need_rows {
        queue!(
            out,
            Print(format!(
                "The terminal is too small: atom4 atropos needs {need_cols} x {need_rows}, this one is {cols} x {rows}. Enlarge it, or press q to quit."
            ))
        )?;
        return out.flush();
    }
    queue!(
        out,
        SetAttribute(Attribute::Bold),
        Print("atom4: Atropos"),
        SetAttribute(Attribute::Reset)
    )?;
    draw_board(out, app)?;
    draw_panel(out, app, labels)?;
    queue!(
        out,
        cursor::MoveTo(BOARD_LEFT, message_row(&app.game)),
        SetAttribute(Attribute::Bold),
        Print(&app.message),
        SetAttribute(Attribute::Reset),
        cursor::MoveTo(0, rows - 1),
    )?;
    out.flush()
}

fn draw_board(out: &mut impl Write, app: &App) -> io::Result<()> {
    let game = &app.game;
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
            let (open, close) = if c == app.cursor {
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

fn draw_panel(out: &mut impl Write, app: &App, labels: &Labels) -> io::Result<()> {
    let game = &app.game;
    let left = BOARD_LEFT + board_width(game) + 2;
    let who = |number: u8| {
        let p = atom4_core::atropos::Player::from_number(number as u32, 2);
        if p.is_some() && p == app.computer {
            "computer"
        } else {
            "you"
        }
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
    let thinking = match app.thinking {
        Some(Thinking::Move) => "Thinking...",
        Some(Thinking::Hint) => "Finding a hint...",
        None => "",
    };
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
        format!("Computer: {}", labels.computer),
        thinking.to_string(),
        String::new(),
        "arrows move   r b g (1 2 3) colour".into(),
        "h hint, Enter plays it   u undo".into(),
        "n new game   q quit".into(),
        "Whoever completes a triangle of".into(),
        "three colours loses.".into(),
    ];
    for (i, text) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(left, BOARD_TOP + i as u16), Print(text))?;
    }
    Ok(())
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
        assert!(needed_size(&big).0 <= 120);
    }
}
