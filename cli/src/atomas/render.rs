//! Draws a game of Atomas: the ring as a ring (entries round an ellipse,
//! index 0 at the top and on clockwise, the selected gap or entry
//! highlighted), the atom in hand in the middle, a panel and a message line.

use std::io::{self, Write};

use atom4_core::atomas::{Atom, Entry};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue, terminal};

use super::app::App;

/// The ring's centre and radii, in characters.
const CENTRE: (f64, f64) = (31.0, 11.0);
const RADII: (f64, f64) = (27.0, 9.0);
const PANEL_LEFT: u16 = 64;
const MESSAGE_ROW: u16 = 22;

/// The terminal size the game needs.
pub const NEEDED: (u16, u16) = (100, MESSAGE_ROW + 2);

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

pub fn draw(out: &mut impl Write, app: &App) -> io::Result<()> {
    let (cols, rows) = terminal::size()?;
    queue!(
        out,
        ResetColor,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    if cols < NEEDED.0 || rows < NEEDED.1 {
        queue!(
            out,
            Print(format!(
                "The terminal is too small: Atomas needs {} x {}, this one is {cols} x {rows}. Enlarge it, or press q to quit.",
                NEEDED.0, NEEDED.1
            ))
        )?;
        return out.flush();
    }
    queue!(
        out,
        SetAttribute(Attribute::Bold),
        Print("atom4: Atomas"),
        SetAttribute(Attribute::Reset)
    )?;
    draw_ring(out, app)?;
    draw_panel(out, app)?;
    queue!(
        out,
        cursor::MoveTo(2, MESSAGE_ROW),
        SetAttribute(Attribute::Bold),
        Print(&app.message),
        SetAttribute(Attribute::Reset),
        cursor::MoveTo(0, rows - 1),
    )?;
    out.flush()
}

fn draw_ring(out: &mut impl Write, app: &App) -> io::Result<()> {
    let ring = app.game.ring();
    let n = ring.len();
    // Entries sit on even slots, gaps on odd ones between them.
    let slots = (2 * n.max(1)) as f64;
    let playing = !app.game.is_over();
    for (i, entry) in ring.iter().enumerate() {
        let (x, y) = place(2.0 * i as f64, slots);
        let selected = playing && app.selects_entry() && app.selected == i;
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
    if playing && !app.selects_entry() {
        // The selected gap: after entry `selected` (on an empty ring, the top).
        let slot = if n == 0 {
            0.0
        } else {
            2.0 * app.selected as f64 + 1.0
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
    match app.game.hand() {
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

fn draw_panel(out: &mut impl Write, app: &App) -> io::Result<()> {
    let game = &app.game;
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
        match app.last_points {
            Some(points) => format!("Last move: {points} points"),
            None => String::new(),
        },
        format!("Seed: {}", app.seed),
        if app.thinking {
            "The bot is thinking...".into()
        } else {
            String::new()
        },
        String::new(),
        "arrows choose   Enter/Space play".into(),
        "y/n after a minus".into(),
        "u undo   h the bot's hint".into(),
        "n new game (once over)   q quit".into(),
    ];
    for (i, text) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(PANEL_LEFT, 2 + i as u16), Print(text))?;
    }
    Ok(())
}
