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
    }
}
