//! Draws the game as the original's text mode did: odd rows shifted half a
//! cell, coloured balls, and a side panel (the message line below is the
//! skeleton's).

use std::io::{self, Write};

use atom4_core::atom4::{Atom4, Changes, Color as Piece, Player, Status};
use atom4_core::Cell;
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, queue};

use crate::app::run::{self, panel};
use crate::app::Table;

pub const BOARD_LEFT: u16 = 2;
pub const BOARD_TOP: u16 = 2;
const PANEL_WIDTH: u16 = 34;

/// The columns the game needs (board and panel), and the row of its
/// message line.
pub fn size(game: &Atom4) -> (u16, u16) {
    let board_width = 2 * game.width() as u16 + 1;
    (
        BOARD_LEFT + board_width + 3 + PANEL_WIDTH,
        message_row(game),
    )
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

/// Draws the board: odd rows shifted half a cell, the legal cells dotted,
/// the cells of the last move's `changes` marked, the cursor reversed.
pub fn draw_board(
    out: &mut impl Write,
    game: &Atom4,
    cursor: Cell,
    changes: Option<&Changes>,
) -> io::Result<()> {
    let board = game.board();
    let legal = if game.is_over() {
        atom4_core::Bitboard::EMPTY
    } else {
        game.legal_moves()
    };
    let changed: Vec<Cell> = changes.map_or(Vec::new(), |c| c.iter().map(|c| c.cell).collect());
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
            if cell == cursor {
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

/// Draws the panel: round, board, scores, turn, tile, the computer's
/// engine and what it is doing, the keys.
pub fn draw_panel(out: &mut impl Write, game: &Atom4, table: &Table) -> io::Result<()> {
    let left = BOARD_LEFT + 2 * game.width() as u16 + 4;
    let [s1, s2] = game.scores();
    let who = |p: Player| {
        if table.seats.has(p) {
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
    let thinking = table.thinking.map_or(String::new(), run::thinking);
    let lines = [
        format!(
            "Round {}   Board {}x{}",
            game.round(),
            game.width(),
            game.height()
        ),
        format!("Player 1 (white rows, {}): {s1}", who(Player::ONE)),
        format!("Player 2 (black rows, {}): {s2}", who(Player::TWO)),
        format!("Turn: {turn}"),
        format!("Tile: {}", piece_name(tile)),
        format!("Computer: {}", table.engine),
        thinking,
        String::new(),
        "arrows move   Enter/Space place".into(),
        "u undo   h hint   s save".into(),
        "n next round   q quit".into(),
    ];
    panel(out, left, BOARD_TOP, &lines)?;
    // The tile's colour, after its name.
    queue!(
        out,
        cursor::MoveTo(left + lines[4].chars().count() as u16, BOARD_TOP + 4),
        Print(" "),
        SetBackgroundColor(BOARD_BG),
        SetForegroundColor(piece_color(tile)),
        Print("●"),
        ResetColor
    )
}
