//! Standard output for every program: a write that fails (a closed pipe,
//! a full disk) ends the program with a message and status 2, never a
//! panic (`println!` panics then). And [`excerpt`], for messages that
//! quote what a program was given.

use std::fmt;
use std::io::{self, Write};

/// Writes `text` to standard output and flushes it; on failure, says so
/// on standard error and exits with status 2.
pub fn print(text: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.flush()) {
        let program = std::env::args()
            .next()
            .and_then(|p| p.rsplit('/').next().map(str::to_string))
            .unwrap_or_default();
        let _ = writeln!(io::stderr(), "{program}: cannot write the output: {e}");
        std::process::exit(2);
    }
}

/// `println!` whose failure ends the program cleanly ([`print()`]).
#[macro_export]
macro_rules! outln {
    () => { $crate::output::print(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::print(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` whose failure ends the program cleanly ([`print()`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::print(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics: a message for a standard error that is
/// gone (a closed pipe, a full disk) is dropped, as nobody can read it.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr(), $($arg)*);
    }};
}

/// `text` cut to its first `max` characters for a message (a bad argument
/// of 100 KB is not echoed whole).
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}... ({} bytes)", &text[..i], text.len()),
        None => text.to_string(),
    }
}
