//! Draws the game as the original's text mode did: odd rows shifted half a
//! cell, coloured balls, a side panel and a message line.

use std::io::{self, Write};

use atom4_core::atom4::{Atom4, Color as Piece, Player, Status};
use atom4_core::Cell;
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, queue, terminal};

use super::app::{App, Thinking};

pub const BOARD_LEFT: u16 = 2;
pub const BOARD_TOP: u16 = 2;
const PANEL_WIDTH: u16 = 34;

/// What the front end shows beside the board besides the game.
pub struct Labels<'a> {
    pub engine: &'a str,
}

/// The terminal size the game needs: board, panel and message line.
pub fn needed_size(game: &Atom4) -> (u16, u16) {
    let board_width = 2 * game.width() as u16 + 1;
    let width = BOARD_LEFT + board_width + 3 + PANEL_WIDTH;
    (width, message_row(game) + 2)
}

/// Panel lines: they set the message row on small boards.
const PANEL_LINES: u16 = 11;

/// The row of the message line, below the board and the panel.
fn message_row(game: &Atom4) -> u16 {
    BOARD_TOP + (game.height() as u16).max(PANEL_LINES) + 1
}

/// The terminal colour of a piece.
pub fn piece_color(piece: Piece) -> Color {
    match piece {
        Piece::Black => Color::Black,
        Piece::Red => Color::Red,
        Piece::Green => Color::Green,
        Piece::Yellow => Color::Yellow,
        Piece::Blue => Color::Blue,
        Piece::Purple => Color::Magenta,
        Piece::Cyan => Color::Cyan,
        Piece::White => Color::White,
    }
}

/// The colour's name, for the panel.
pub fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Black => "black",
        Piece::Red => "red",
        Piece::Green => "green",
        Piece::Yellow => "yellow",
        Piece::Blue => "blue",
        Piece::Purple => "purple",
        Piece::Cyan => "cyan",
        Piece::White => "white",
    }
}

/// The board's own background, so that black and white balls both show.
const BOARD_BG: Color = Color::AnsiValue(240);
/// The cells the last move changed.
const CHANGED_BG: Color = Color::AnsiValue(24);

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
                "The terminal is too small: atom4 needs {need_cols} x {need_rows}, this one is {cols} x {rows}. Enlarge it, or press q to quit."
            ))
        )?;
        return out.flush();
    }
    queue!(
        out,
        SetAttribute(Attribute::Bold),
        Print("atom4: Atom-4"),
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

pub fn draw_board(out: &mut impl Write, app: &App) -> io::Result<()> {
    let game = &app.game;
    let board = game.board();
    let legal = if game.is_over() {
        atom4_core::Bitboard::EMPTY
    } else {
        game.legal_moves()
    };
    let changed: Vec<Cell> = app
        .last_changes()
        .map_or(Vec::new(), |c| c.iter().map(|c| c.cell).collect());
    for y in 0..game.height() {
        let row = BOARD_TOP + y as u16;
        let shift = (y % 2) as u16;
        queue!(
            out,
            cursor::MoveTo(BOARD_LEFT, row),
            SetBackgroundColor(BOARD_BG)
        )?;
        queue!(out, Print(" ".repeat(2 * game.width() as usize + 1)))?;
        for x in 0..game.width() {
            let Some(cell) = Cell::new(x, y) else {
                continue;
            };
            let bg = if changed.first() == Some(&cell) {
                Color::AnsiValue(31)
            } else if changed.contains(&cell) {
                CHANGED_BG
            } else {
                BOARD_BG
            };
            queue!(
                out,
                cursor::MoveTo(BOARD_LEFT + 2 * x as u16 + shift, row),
                SetBackgroundColor(bg)
            )?;
            if cell == app.cursor {
                queue!(out, SetAttribute(Attribute::Reverse))?;
            }
            match board.get(cell) {
                Some(piece) => queue!(out, SetForegroundColor(piece_color(piece)), Print("●"))?,
                None if legal.has(cell) => {
                    queue!(out, SetForegroundColor(Color::Grey), Print("·"))?
                }
                None => queue!(out, SetForegroundColor(Color::AnsiValue(236)), Print("."))?,
            }
            queue!(out, SetAttribute(Attribute::Reset), ResetColor)?;
        }
        queue!(out, ResetColor)?;
    }
    Ok(())
}

fn draw_panel(out: &mut impl Write, app: &App, labels: &Labels) -> io::Result<()> {
    let game = &app.game;
    let left = BOARD_LEFT + 2 * game.width() as u16 + 4;
    let [s1, s2] = game.scores();
    let who = |p: Player| {
        if Some(p) == app.computer {
            "computer"
        } else {
            "you"
        }
    };
    let turn = match (game.status(), game.current_player()) {
        (Status::Won(p), _) => format!("Player {} won the round", p.number()),
        (Status::Stalemate, _) => "Stalemate".to_string(),
        (_, Some(p)) => format!("Player {} ({})", p.number(), who(p)),
        (_, None) => String::new(),
    };
    let tile = game.tile().color();
    let mut lines: Vec<(String, Option<Piece>)> = vec![
        (
            format!(
                "Round {}   Board {}x{}",
                game.round(),
                game.width(),
                game.height()
            ),
            None,
        ),
        (
            format!("Player 1 (white rows, {}): {s1}", who(Player::ONE)),
            None,
        ),
        (
            format!("Player 2 (black rows, {}): {s2}", who(Player::TWO)),
            None,
        ),
        (format!("Turn: {turn}"), None),
        (format!("Tile: {}", piece_name(tile)), Some(tile)),
        (format!("Computer: {}", labels.engine), None),
    ];
    lines.push((
        match app.thinking {
            Some(Thinking::Move { depth: 0 }) => "Thinking...".into(),
            Some(Thinking::Move { depth }) => format!("Thinking... depth {depth}"),
            Some(Thinking::Hint { depth }) => format!("Finding a hint... depth {depth}"),
            None => String::new(),
        },
        None,
    ));
    lines.push((String::new(), None));
    for help in [
        "arrows move   Enter/Space place",
        "u undo   h hint   s save",
        "n next round   q quit",
    ] {
        lines.push((help.to_string(), None));
    }
    for (i, (text, ball)) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(left, BOARD_TOP + i as u16), Print(text))?;
        if let Some(piece) = ball {
            queue!(
                out,
                Print(" "),
                SetBackgroundColor(BOARD_BG),
                SetForegroundColor(piece_color(*piece)),
                Print("●"),
                ResetColor
            )?;
        }
    }
    Ok(())
}
