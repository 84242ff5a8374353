//! Keys as every game's screen sees them: the terminal's key events,
//! decoded once.

use crossterm::event::{KeyCode, KeyEvent};

use crate::terminal;

/// A key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    /// A character, space included.
    Char(char),
    Backspace,
    Esc,
    /// Ctrl-C (in raw mode a key, not a signal): quit at once.
    Interrupt,
    Other,
}

impl Key {
    /// Enter or Space: place, play, confirm.
    pub fn is_place(self) -> bool {
        matches!(self, Key::Enter | Key::Char(' '))
    }

    /// Whether it is an arrow.
    pub fn is_arrow(self) -> bool {
        matches!(self, Key::Up | Key::Down | Key::Left | Key::Right)
    }

    /// Where an arrow moves a cursor at `(x, y)` on a `width` x `height`
    /// grid: one step, staying within its edges (any other key: nowhere).
    pub fn step(self, (x, y): (u8, u8), (width, height): (u8, u8)) -> (u8, u8) {
        match self {
            Key::Up => (x, y.saturating_sub(1)),
            Key::Down => (x, y.saturating_add(1).min(height.saturating_sub(1))),
            Key::Left => (x.saturating_sub(1), y),
            Key::Right => (x.saturating_add(1).min(width.saturating_sub(1)), y),
            _ => (x, y),
        }
    }
}

impl From<KeyEvent> for Key {
    fn from(event: KeyEvent) -> Key {
        if terminal::is_interrupt(&event) {
            return Key::Interrupt;
        }
        match event.code {
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Esc => Key::Esc,
            _ => Key::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    #[test]
    fn terminal_keys_decode() {
        let key = |code, modifiers| Key::from(KeyEvent::new(code, modifiers));
        assert_eq!(
            key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Key::Interrupt
        );
        assert_eq!(key(KeyCode::Char('c'), KeyModifiers::NONE), Key::Char('c'));
        assert!(key(KeyCode::Char(' '), KeyModifiers::NONE).is_place());
        assert!(key(KeyCode::Enter, KeyModifiers::NONE).is_place());
        assert!(key(KeyCode::Left, KeyModifiers::NONE).is_arrow());
        assert_eq!(key(KeyCode::F(1), KeyModifiers::NONE), Key::Other);
        // Arrows step within a 3 x 2 grid's edges.
        assert_eq!(Key::Right.step((1, 0), (3, 2)), (2, 0));
        assert_eq!(Key::Right.step((2, 0), (3, 2)), (2, 0));
        assert_eq!(Key::Down.step((2, 1), (3, 2)), (2, 1));
        assert_eq!(Key::Up.step((2, 0), (3, 2)), (2, 0));
        assert_eq!(Key::Left.step((0, 1), (3, 2)), (0, 1));
        assert_eq!(Key::Enter.step((1, 1), (3, 2)), (1, 1));
    }
}
