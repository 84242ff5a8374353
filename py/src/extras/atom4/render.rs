//! Pictures of a position: ANSI colour text for terminals and SVG for
//! notebooks. Odd rows sit half a cell right, as the original draws them.

use std::fmt::Write;

use atom4_core::atom4::{Atom4, Color};
use atom4_core::Cell;

/// ANSI 256-colour codes of the pieces, and the board behind them.
fn ansi_code(color: Color) -> u8 {
    match color {
        Color::Black => 16,
        Color::Red => 196,
        Color::Green => 46,
        Color::Yellow => 226,
        Color::Blue => 21,
        Color::Purple => 201,
        Color::Cyan => 51,
        Color::White => 231,
    }
}
const ANSI_BOARD: u8 = 240;
const ANSI_LEGAL: u8 = 250;
const ANSI_EMPTY: u8 = 244;

pub fn ansi(game: &Atom4) -> String {
    let board = game.board();
    let legal = game.legal_moves();
    let mut out = String::new();
    for y in 0..board.height() {
        let _ = write!(out, "\x1b[48;5;{ANSI_BOARD}m");
        out.push_str(if y % 2 == 1 { "  " } else { " " });
        for x in 0..board.width() {
            let Some(cell) = Cell::new(x, y) else {
                continue;
            };
            match board.get(cell) {
                Some(piece) => {
                    let _ = write!(out, "\x1b[38;5;{}m\u{25cf}", ansi_code(piece));
                }
                None if legal.has(cell) => {
                    let _ = write!(out, "\x1b[38;5;{ANSI_LEGAL}m\u{25cb}");
                }
                None => {
                    let _ = write!(out, "\x1b[38;5;{ANSI_EMPTY}m\u{00b7}");
                }
            }
            out.push(' ');
        }
        if y % 2 == 0 {
            out.push(' ');
        }
        out.push_str("\x1b[0m\n");
    }
    let _ = writeln!(
        out,
        "tile \x1b[38;5;{}m\u{25cf}\x1b[0m {}  round {}  {}-{}",
        ansi_code(game.tile().color()),
        game.tile().color().name(),
        game.round(),
        game.scores()[0],
        game.scores()[1]
    );
    out
}

fn svg_fill(color: Color) -> &'static str {
    match color {
        Color::Black => "#111111",
        Color::Red => "#e0201b",
        Color::Green => "#1fa83a",
        Color::Yellow => "#f2d21b",
        Color::Blue => "#2146d0",
        Color::Purple => "#a12ac0",
        Color::Cyan => "#21c4d6",
        Color::White => "#fafafa",
    }
}

/// An SVG of the board with cells `size` pixels across; `last` (the last
/// move) gets a ring. Legal empty cells are drawn lighter than the rest.
pub fn svg(game: &Atom4, size: u32, last: Option<Cell>) -> String {
    let board = game.board();
    let legal = game.legal_moves();
    let (w, h) = (u32::from(board.width()), u32::from(board.height()));
    let margin = size / 2;
    let width = 2 * margin + w * size + size / 2;
    let height = 2 * margin + h * size;
    let r = size * 43 / 100;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><title>{}</title><rect width="{width}" height="{height}" rx="{margin}" fill="#6b6b6b"/>"##,
        game
    );
    for y in 0..board.height() {
        for x in 0..board.width() {
            let Some(cell) = Cell::new(x, y) else {
                continue;
            };
            let shift = if y % 2 == 1 { size / 2 } else { 0 };
            let cx = margin + shift + u32::from(x) * size + size / 2;
            let cy = margin + u32::from(y) * size + size / 2;
            match board.get(cell) {
                Some(piece) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{}" stroke="#2a2a2a"/>"##,
                        svg_fill(piece)
                    );
                }
                None => {
                    let fill = if legal.has(cell) {
                        "#9a9a9a"
                    } else {
                        "#5a5a5a"
                    };
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}"/>"##,
                        r / 3
                    );
                }
            }
            if last == Some(cell) {
                let _ = write!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#ff8c00" stroke-width="{}"/>"##,
                    r + size / 14 + 1,
                    size / 14 + 1
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}
