//! The screen of `atom4 connect`: the board as the local game draws it
//! (`atom4::render::draw_board`), a panel of the table (players, score,
//! whose turn, our seat), the server's messages and chat, and the line
//! being typed.

use std::io::{self, Write};

use atom4_core::atom4::{Color as Piece, Player};
use atom4_core::Cell;
use atom4_net::session::{as_changes, Outcome, Session};
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, queue};

use crate::atom4::render::{self, BOARD_LEFT, BOARD_TOP};

const PANEL_WIDTH: u16 = 40;
/// Lines of the panel: they set the message row on small boards.
const PANEL_LINES: u16 = 13;
/// Lines of server messages and chat shown at least.
const LOG_LINES: u16 = 5;

/// What the screen shows besides the session.
pub struct View<'a> {
    pub session: &'a Session,
    pub address: &'a str,
    pub cursor: Cell,
    /// The status line.
    pub message: &'a str,
    /// The chat line being typed, if any.
    pub input: Option<&'a str>,
    /// Show who is here instead of the messages.
    pub show_who: bool,
    /// The engine that plays for us, if any.
    pub engine: Option<&'a str>,
}

/// The board's width and height, or the largest until a `BDIM` came.
fn board_size(session: &Session) -> (u16, u16) {
    session
        .size()
        .map_or((16, 16), |(w, h)| (w.into(), h.into()))
}

fn message_row(session: &Session) -> u16 {
    BOARD_TOP + board_size(session).1.max(PANEL_LINES) + 1
}

/// The terminal size the screen needs.
pub fn needed_size(session: &Session) -> (u16, u16) {
    let (w, _) = board_size(session);
    let width = BOARD_LEFT + 2 * w + 1 + 3 + PANEL_WIDTH;
    (width, message_row(session) + 2 + LOG_LINES)
}

pub fn draw(out: &mut impl Write, view: &View) -> io::Result<()> {
    let session = view.session;
    let (need_cols, need_rows) = needed_size(session);
    let Some((cols, rows)) = crate::terminal::clear_frame(out, "this table", need_cols, need_rows)?
    else {
        return out.flush();
    };
    queue!(
        out,
        SetAttribute(Attribute::Bold),
        Print(format!("atom4: Atom-4 at {}", view.address)),
        SetAttribute(Attribute::Reset)
    )?;
    match session.position() {
        Some(game) => {
            let changes =
                (!session.last_changes.is_empty()).then(|| as_changes(&session.last_changes));
            render::draw_board(out, &game, view.cursor, changes.as_ref())?;
        }
        None => queue!(
            out,
            cursor::MoveTo(BOARD_LEFT, BOARD_TOP),
            Print(if session.is_connected() {
                "(waiting for the board)"
            } else {
                "(connecting...)"
            })
        )?,
    }
    draw_panel(out, view)?;
    let row = message_row(session);
    queue!(
        out,
        cursor::MoveTo(BOARD_LEFT, row),
        SetAttribute(Attribute::Bold),
        Print(cut(view.message, cols - BOARD_LEFT)),
        SetAttribute(Attribute::Reset),
    )?;
    let log_top = row + 2;
    let input_row = rows - 1;
    let room = usize::from(input_row.saturating_sub(log_top));
    let lines: Vec<String> = if view.show_who {
        let mut lines = vec!["Who is here (any key: back to the messages):".to_string()];
        for (id, who) in &session.who {
            let seat = who
                .seat
                .map_or("watching".to_string(), |p| format!("player {}", p.number()));
            let me = if session.id.as_deref() == Some(id) {
                " (you)"
            } else {
                ""
            };
            lines.push(format!("  {id} {}{me}: {seat} {}", who.nick, who.about));
        }
        lines
    } else {
        session.log.iter().cloned().collect()
    };
    let skip = lines.len().saturating_sub(room);
    for (i, line) in lines.iter().skip(skip).enumerate() {
        queue!(
            out,
            cursor::MoveTo(BOARD_LEFT, log_top + i as u16),
            Print(cut(line, cols - BOARD_LEFT))
        )?;
    }
    let prompt = match view.input {
        Some(text) => format!("say: {text}_   (Enter sends, Esc cancels)"),
        None => String::new(),
    };
    queue!(
        out,
        cursor::MoveTo(BOARD_LEFT, input_row),
        Print(cut(&prompt, cols - BOARD_LEFT))
    )?;
    out.flush()
}

fn draw_panel(out: &mut impl Write, view: &View) -> io::Result<()> {
    let session = view.session;
    let (w, _) = board_size(session);
    let left = BOARD_LEFT + 2 * w + 4;
    let nick = |p: Player| {
        session
            .player_nick(p)
            .map_or(String::new(), |n| format!(": {n}"))
    };
    let me = match (session.seat, view.engine) {
        (Some(p), Some(engine)) => format!("You: player {} ({engine} plays)", p.number()),
        (Some(p), None) => format!("You: player {}", p.number()),
        (None, _) => "You: watching".to_string(),
    };
    let turn = match (&session.outcome, session.turn) {
        (Some(Outcome::Win(p)), _) => format!("Player {} won the round", p.number()),
        (Some(Outcome::Draw(_)), _) => "A draw".to_string(),
        (Some(Outcome::Aborted(_)), _) => "Round aborted".to_string(),
        (None, Some((p, _))) if Some(p) == session.seat => "Turn: yours!".to_string(),
        (None, Some((p, _))) => format!("Turn: player {}{}", p.number(), nick(p)),
        (None, None) if session.offered => "Play or watch? (p / w)".to_string(),
        (None, None) => "Turn: no game".to_string(),
    };
    let tile = session.turn.map(|(_, c)| c);
    let [s1, s2] = session.scores;
    let mut lines: Vec<(String, Option<Piece>)> = vec![
        (format!("Round {}   Score {s1}-{s2}", session.round), None),
        (format!("Player 1 (white rows){}", nick(Player::ONE)), None),
        (format!("Player 2 (black rows){}", nick(Player::TWO)), None),
        (turn, None),
        (
            tile.map_or("Tile: -".to_string(), |c| {
                format!("Tile: {}", render::piece_name(c))
            }),
            tile,
        ),
        (me, None),
        (format!("Here: {}", session.who.len()), None),
        (String::new(), None),
    ];
    for help in [
        "arrows move   Enter/Space place",
        "t chat   r resign   n next round",
        "p play   w watch   ? who is here",
        "q quit",
    ] {
        lines.push((help.to_string(), None));
    }
    for (i, (text, ball)) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(left, BOARD_TOP + i as u16), Print(text))?;
        if let Some(piece) = ball {
            queue!(
                out,
                Print(" "),
                SetBackgroundColor(Color::AnsiValue(240)),
                SetForegroundColor(render::piece_color(*piece)),
                Print("●"),
                ResetColor
            )?;
        }
    }
    Ok(())
}

/// At most `width` characters of `text`.
fn cut(text: &str, width: u16) -> String {
    text.chars().take(usize::from(width)).collect()
}
