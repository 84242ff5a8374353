//! Text and numbers written into a fixed buffer (the module's text buffer).

use core::fmt;

/// Writes into `buf` from the start; a write that does not fit fails (and
/// the caller reports the buffer too small) rather than being cut.
#[derive(Debug)]
pub struct Out<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> Out<'a> {
    pub fn new(buf: &'a mut [u8]) -> Out<'a> {
        Out { buf, len: 0 }
    }

    /// The bytes written so far.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn bytes(&mut self, b: &[u8]) -> fmt::Result {
        let end = self.len.checked_add(b.len()).ok_or(fmt::Error)?;
        self.buf
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(b);
        self.len = end;
        Ok(())
    }

    /// A little-endian `u32`: the lists the module hands over.
    pub fn u32(&mut self, v: u32) -> fmt::Result {
        self.bytes(&v.to_le_bytes())
    }

    /// The whole buffer as a slice, for writers that fill it directly.
    pub fn rest(&mut self) -> &mut [u8] {
        &mut self.buf[self.len..]
    }

    pub fn advance(&mut self, n: usize) {
        self.len = (self.len + n).min(self.buf.len());
    }
}

impl fmt::Write for Out<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes())
    }
}
