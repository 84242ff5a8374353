//! Draws the interactive mode's screen: the board in the cell format of
//! `gamma_board` (the row `y = height - 1` on top), the cursor's cell in
//! reverse video, the cells of the player on turn in colour; below it the
//! prompt line and a line for messages. Lines are cut at the terminal's
//! width.

use std::io::{self, Write};

use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue, terminal};

use super::interactive::Interactive;

/// The terminal size the game needs: the board, the prompt and message
/// lines.
pub fn needed_size(width: u32, height: u32, cell_width: usize) -> (u64, u64) {
    (u64::from(width) * cell_width as u64, u64::from(height) + 2)
}

/// The text of one cell: the player's number or `.`, right-aligned.
fn cell_text(owner: Option<u32>, cell_width: usize) -> String {
    match owner {
        Some(p) => format!("{p:>cell_width$}"),
        None => format!("{:>cell_width$}", "."),
    }
}

/// Draws the whole screen; `status` goes at the end of the message line
/// (what the computer is doing, for example).
pub fn draw(out: &mut impl Write, play: &mut Interactive<'_>, status: &str) -> io::Result<()> {
    let (cols, _) = terminal::size().unwrap_or((u16::MAX, u16::MAX));
    let cols = usize::from(cols);
    let prompt = play.prompt();
    let game = play.game();
    let cell_width = game.cell_text_width();
    let on_turn = play.player();
    let (cx, cy) = play.cursor();
    let (width, height) = (game.width(), game.height());
    let visible = (cols / cell_width) as u32;
    queue!(
        out,
        ResetColor,
        SetAttribute(Attribute::Reset),
        terminal::Clear(terminal::ClearType::All)
    )?;
    for row in 0..height {
        let y = height - 1 - row;
        queue!(out, cursor::MoveTo(0, row.min(u32::from(u16::MAX)) as u16))?;
        for x in 0..width.min(visible) {
            let owner = game.owner(x, y);
            let text = cell_text(owner, cell_width);
            let mine = owner.is_some() && owner == on_turn;
            if mine {
                queue!(
                    out,
                    SetForegroundColor(Color::Green),
                    SetAttribute(Attribute::Bold)
                )?;
            }
            if (x, y) == (cx, cy) {
                queue!(out, SetAttribute(Attribute::Reverse))?;
            }
            queue!(out, Print(text))?;
            if mine || (x, y) == (cx, cy) {
                queue!(out, ResetColor, SetAttribute(Attribute::Reset))?;
            }
        }
    }
    let lines = [prompt, join(&play.message, status)];
    for (i, line) in lines.iter().enumerate() {
        let row = (height as usize + i).min(usize::from(u16::MAX)) as u16;
        let cut: String = line.chars().take(cols).collect();
        queue!(out, cursor::MoveTo(0, row), Print(cut))?;
    }
    out.flush()
}

fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (_, true) => a.to_string(),
        (true, false) => b.to_string(),
        (false, false) => format!("{a}  {b}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_as_wide_as_the_board_text() {
        assert_eq!(cell_text(Some(7), 1), "7");
        assert_eq!(cell_text(None, 1), ".");
        assert_eq!(cell_text(Some(12), 3), " 12");
        assert_eq!(cell_text(None, 4), "   .");
        assert_eq!(needed_size(10, 5, 3), (30, 7));
        assert_eq!(join("a", ""), "a");
        assert_eq!(join("", "b"), "b");
        assert_eq!(join("a", "b"), "a  b");
    }
}
