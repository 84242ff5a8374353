//! Everything a program reads is bounded before it is held in memory: a
//! file (a saved game) and a line of a protocol. `/dev/zero` or a
//! never-ending line costs at most the bound, then an error.

use std::io::{self, BufRead, Read};

/// The longest saved game read: a game of the largest board, every round
/// played to the end, is far smaller.
pub const MAX_SAVED_GAME: u64 = 1 << 20;

/// The text of the file at `path`, refused beyond `limit` bytes without
/// reading more than one byte past it.
pub fn read_file(path: &str, limit: u64) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{path}: longer than {limit} bytes, not a saved game"
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text, not a saved game"))
}

/// What one read of a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line (without its newline; the last one may lack it).
    Text(Vec<u8>),
    /// A line longer than the cap, skipped to its end.
    TooLong,
}

/// Reads the next line of `input`, holding at most `cap` bytes of it;
/// `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead, cap: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => None,
                (true, true) => Some(Line::TooLong),
                (true, false) => Some(Line::Text(line)),
            });
        }
        any = true;
        let (part, end) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        if !too_long && line.len() + part.len() <= cap {
            line.extend_from_slice(part);
        } else {
            too_long = true;
            line.clear();
        }
        let used = end.unwrap_or(available.len());
        input.consume(used);
        if end.is_some() {
            return Ok(Some(if too_long {
                Line::TooLong
            } else {
                Line::Text(line)
            }));
        }
    }
}

// Messages quote bad input cut short, as the saved games' reader does.
pub use atom4_arena::output::excerpt;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped() {
        let mut input = io::BufReader::with_capacity(4, &b"abc\ndefgh\n\nij"[..]);
        assert_eq!(
            read_line(&mut input, 4).unwrap(),
            Some(Line::Text(b"abc".to_vec()))
        );
        assert_eq!(read_line(&mut input, 4).unwrap(), Some(Line::TooLong));
        assert_eq!(
            read_line(&mut input, 4).unwrap(),
            Some(Line::Text(Vec::new()))
        );
        assert_eq!(
            read_line(&mut input, 4).unwrap(),
            Some(Line::Text(b"ij".to_vec()))
        );
        assert_eq!(read_line(&mut input, 4).unwrap(), None);
    }

    #[test]
    fn files_are_capped() {
        let e = read_file("/dev/zero", 1000).unwrap_err();
        assert!(e.contains("longer than 1000 bytes"), "{e}");
        assert!(read_file("/no/such/file", 10).is_err());
        assert_eq!(excerpt("abcdef", 3), "abc... (6 bytes)");
        assert_eq!(excerpt("abc", 3), "abc");
    }
}
