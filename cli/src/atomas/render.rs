//! Draws a game of Atomas: the ring as a ring (entries round an ellipse,
//! index 0 at the top and on clockwise, the selected gap or entry
//! highlighted), the atom in hand in the middle, and a panel.

use std::io::{self, Write};

use atom4_core::atomas::{Atom, Atomas, Entry};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue};

use super::screen::{selects_entry, AtomasScreen};
use crate::app::run::panel;
use crate::app::{Purpose, Table, Thinking};

/// The ring's centre and radii, in characters.
const CENTRE: (f64, f64) = (31.0, 11.0);
const RADII: (f64, f64) = (27.0, 9.0);
const PANEL_LEFT: u16 = 64;
const MESSAGE_ROW: u16 = 22;

/// The columns the game needs, and the row of its message line.
pub const SIZE: (u16, u16) = (100, MESSAGE_ROW);

/// Where the `k`-th of `slots` places round the ring is (0 at the top,
/// then clockwise): the column and row of the middle of its label.
fn place(k: f64, slots: f64) -> (f64, f64) {
    let angle = std::f64::consts::TAU * k / slots - std::f64::consts::FRAC_PI_2;
    (
        CENTRE.0 + RADII.0 * angle.cos(),
        CENTRE.1 + RADII.1 * angle.sin(),
    )
}

/// The colour of an entry or atom: pluses red, `-` blue, `B` and `C`
/// white, numbers by their value.
fn color(atom: Atom) -> Color {
    match atom {
        Atom::Plus => Color::Red,
        Atom::Minus => Color::Blue,
        Atom::Black | Atom::Clone => Color::White,
        Atom::Number(v) => [
            Color::Green,
            Color::Yellow,
            Color::Cyan,
            Color::Magenta,
            Color::DarkYellow,
            Color::DarkCyan,
        ][v as usize % 6],
    }
}

/// Prints `text` centred at `(x, y)`.
fn centred(out: &mut impl Write, x: f64, y: f64, text: &str) -> io::Result<()> {
    let half = text.chars().count() as f64 / 2.0;
    let column = (x - half).round().max(0.0) as u16;
    queue!(
        out,
        cursor::MoveTo(column, y.round().max(0.0) as u16),
        Print(text)
    )
}

/// Draws the ring and the panel.
pub fn draw(
    out: &mut impl Write,
    screen: &AtomasScreen,
    game: &Atomas,
    table: &Table,
) -> io::Result<()> {
    draw_ring(out, screen, game)?;
    draw_panel(out, screen, game, table)
}

fn draw_ring(out: &mut impl Write, screen: &AtomasScreen, game: &Atomas) -> io::Result<()> {
    let ring = game.ring();
    let n = ring.len();
    // Entries sit on even slots, gaps on odd ones between them.
    let slots = (2 * n.max(1)) as f64;
    let playing = !game.is_over();
    for (i, entry) in ring.iter().enumerate() {
        let (x, y) = place(2.0 * i as f64, slots);
        let selected = playing && selects_entry(game) && screen.selected == i;
        if selected {
            queue!(out, SetAttribute(Attribute::Reverse))?;
        }
        let text = match entry {
            Entry::Plus => " + ".to_string(),
            Entry::Number(v) => format!(" {v} "),
        };
        queue!(out, SetForegroundColor(color(entry.atom())))?;
        centred(out, x, y, &text)?;
        queue!(out, SetAttribute(Attribute::Reset), ResetColor)?;
    }
    if playing && !selects_entry(game) {
        // The selected gap: after entry `selected` (on an empty ring, the top).
        let slot = if n == 0 {
            0.0
        } else {
            2.0 * screen.selected as f64 + 1.0
        };
        let (x, y) = place(slot, slots);
        queue!(
            out,
            SetAttribute(Attribute::Bold),
            SetForegroundColor(Color::White)
        )?;
        centred(out, x, y, "▼")?;
        queue!(out, SetAttribute(Attribute::Reset), ResetColor)?;
    }
    let (cx, cy) = CENTRE;
    match game.hand() {
        Some(atom) if playing => {
            queue!(
                out,
                SetAttribute(Attribute::Bold),
                SetForegroundColor(color(atom))
            )?;
            centred(out, cx, cy, &format!("[ {atom} ]"))?;
            queue!(out, SetAttribute(Attribute::Reset), ResetColor)?;
            centred(out, cx, cy + 1.0, "in hand")?;
        }
        _ => {
            queue!(out, SetAttribute(Attribute::Bold))?;
            centred(out, cx, cy, "GAME OVER")?;
            queue!(out, SetAttribute(Attribute::Reset))?;
        }
    }
    Ok(())
}

fn draw_panel(
    out: &mut impl Write,
    screen: &AtomasScreen,
    game: &Atomas,
    table: &Table,
) -> io::Result<()> {
    let (lo, hi) = game.range();
    let carry = match game.carry() {
        Some(entry) => entry.to_string(),
        None => "-".into(),
    };
    let lines = [
        format!("Score: {}", game.score()),
        format!("Move: {}   Range: {lo}-{hi}", game.move_number()),
        format!("Entries: {} of 18", game.ring().len()),
        format!("Moves since a plus: {}", game.since()),
        format!("Carried: {carry}"),
        match screen.last_points {
            Some(points) => format!("Last move: {points} points"),
            None => String::new(),
        },
        format!("Seed: {}", screen.seed),
        match table.thinking {
            Some(Thinking {
                purpose: Purpose::Hint,
                ..
            }) => "The bot is thinking...".into(),
            Some(_) => format!("The computer ({}) is thinking...", table.engine),
            None => String::new(),
        },
        String::new(),
        "arrows choose   Enter/Space play".into(),
        "y/n after a minus".into(),
        "u undo   h the bot's hint   s save".into(),
        "n new game (once over)   q quit".into(),
    ];
    panel(out, PANEL_LEFT, 2, &lines)
}
