//! The checks every entry point of every game makes: the panic boundary,
//! and the only places where caller pointers become references.

use core::ffi::{c_char, CStr};
use core::fmt::{self, Write as _};
use std::cell::Cell;
use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicU32;
use std::sync::Once;

use atom4_core::Rng;

use crate::status::atom4_status::{self, *};

pub(crate) type Result<T> = core::result::Result<T, atom4_status>;

thread_local! {
    /// How many guarded calls this thread is in.
    static GUARDED: Cell<u32> = const { Cell::new(0) };
}

/// A panic hook that says nothing for panics inside [`guard`] (the caller
/// gets ATOM4_INTERNAL_ERROR; the host program's standard error is its
/// own) and leaves every other panic to the hook there was before.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
}

/// Runs `body`, turning its error or any panic into the returned status, so
/// that no panic unwinds into C, and none prints on the host's standard
/// error.
pub(crate) fn guard(body: impl FnOnce() -> Result<()>) -> atom4_status {
    install_quiet_hook();
    GUARDED.with(|g| g.set(g.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(body));
    GUARDED.with(|g| g.set(g.get() - 1));
    match result {
        Ok(Ok(())) => ATOM4_OK,
        Ok(Err(status)) => status,
        Err(_) => ATOM4_INTERNAL_ERROR,
    }
}

fn check<T>(ptr: *const T) -> Result<()> {
    if ptr.is_null() {
        Err(ATOM4_NULL_ARGUMENT)
    } else if !ptr.is_aligned() {
        Err(ATOM4_MISALIGNED)
    } else {
        Ok(())
    }
}

/// An array of `len` items at `ptr`: pointer checked, size within what a
/// slice may span.
fn check_array<T>(ptr: *const T, len: usize) -> Result<()> {
    check(ptr)?;
    match len.checked_mul(size_of::<T>()) {
        Some(n) if n <= isize::MAX as usize => Ok(()),
        _ => Err(ATOM4_OUT_OF_RANGE),
    }
}

/// The value behind a caller's input pointer.
pub(crate) fn input<'a, T>(ptr: *const T) -> Result<&'a T> {
    check(ptr)?;
    // SAFETY: non-null and aligned; the header asks for a valid object.
    Ok(unsafe { &*ptr })
}

/// Writes `value` through a caller's output pointer (which may point to
/// uninitialised memory: no reference to it is made).
pub(crate) fn output<T>(ptr: *mut T, value: T) -> Result<()> {
    check(ptr)?;
    // SAFETY: non-null and aligned; the header asks for writable memory.
    unsafe { ptr.write(value) };
    Ok(())
}

/// Writes `value` when `ptr` is not NULL (optional outputs).
pub(crate) fn output_opt<T>(ptr: *mut T, value: T) -> Result<()> {
    if ptr.is_null() {
        Ok(())
    } else {
        output(ptr, value)
    }
}

/// A caller's input array of `len` items (NULL allowed when `len` is 0).
pub(crate) fn input_slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    check_array(ptr, len)?;
    // SAFETY: non-null, aligned, size in range; the header asks for `len`
    // initialised items.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// A caller's writable array of `len` items whose contents are not
/// trusted (NULL allowed when `len` is 0).
pub(crate) fn uninit_slice<'a, T>(
    ptr: *mut MaybeUninit<T>,
    len: usize,
) -> Result<&'a mut [MaybeUninit<T>]> {
    if len == 0 {
        return Ok(&mut []);
    }
    check_array(ptr.cast_const(), len)?;
    // SAFETY: non-null, aligned, size in range; MaybeUninit claims nothing
    // about the contents.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// Whether the opaque C type `C` is one `T` exactly (as big, as aligned):
/// the check of every table slot a header declares.
pub(crate) const fn one_of<C, T>() -> bool {
    size_of::<C>() == size_of::<T>() && align_of::<C>() >= align_of::<T>()
}

/// A caller's array of `len` items of the opaque type `C`, as the items of
/// type `T` it is made of (`C` a whole number of them, aligned for `T`),
/// each set to `value` first: whatever the caller's bytes were, they are
/// never read. The one cast of engine memory (tables, trees, words).
pub(crate) fn cleared<'a, C, T: Copy>(ptr: *mut C, len: usize, value: T) -> Result<&'a mut [T]> {
    const {
        assert!(size_of::<C>().is_multiple_of(size_of::<T>()) && align_of::<C>() >= align_of::<T>())
    };
    let count = len
        .checked_mul(size_of::<C>() / size_of::<T>())
        .ok_or(ATOM4_OUT_OF_RANGE)?;
    let slots = uninit_slice(ptr.cast::<MaybeUninit<T>>(), count)?;
    for slot in slots.iter_mut() {
        slot.write(value);
    }
    // SAFETY: every item was initialised just above.
    Ok(unsafe { &mut *(slots as *mut [MaybeUninit<T>] as *mut [T]) })
}

/// A caller's array of `len` items of type `T`, opaque to C, made of
/// 64-bit words (its size a multiple of 8 bytes, aligned as `u64`), as
/// zeroed words: the memory every engine of the core takes.
pub(crate) fn words<'a, T>(ptr: *mut T, len: usize) -> Result<&'a mut [u64]> {
    cleared(ptr, len, 0u64)
}

/// A caller's array of `len` words that an earlier call initialised (a
/// game the caller keeps in its own memory): pointer and length checked.
pub(crate) fn initialised_words<'a>(ptr: *mut u32, len: usize) -> Result<&'a mut [u32]> {
    let slots = uninit_slice(ptr.cast::<MaybeUninit<u32>>(), len)?;
    // SAFETY: non-null, aligned and in range (checked above); the header
    // asks for memory that an init call set up, so every word is
    // initialised; MaybeUninit<u32> and u32 have the same layout.
    Ok(unsafe { &mut *(slots as *mut [MaybeUninit<u32>] as *mut [u32]) })
}

/// A caller's NUL-terminated UTF-8 text: ATOM4_NULL_ARGUMENT for NULL,
/// ATOM4_BAD_TEXT for bytes that are not UTF-8.
pub(crate) fn input_str<'a>(ptr: *const c_char) -> Result<&'a str> {
    check(ptr)?;
    // SAFETY: non-null; the header asks for a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str().map_err(|_| ATOM4_BAD_TEXT)
}

/// A caller's text of `length` bytes (no NUL needed) read by `parse`,
/// which gives the byte offset of what is wrong: that offset (0 on
/// success) goes to `error_offset` (optional), as does the offset of the
/// first byte that is not UTF-8; then ATOM4_BAD_TEXT.
pub(crate) fn parse_text<T>(
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
    parse: impl FnOnce(&str) -> core::result::Result<T, usize>,
) -> Result<T> {
    let bytes = input_slice(text.cast::<u8>(), length)?;
    let parsed = core::str::from_utf8(bytes)
        .map_err(|e| e.valid_up_to())
        .and_then(parse);
    output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
    parsed.map_err(|_| ATOM4_BAD_TEXT)
}

/// Writes `text` and a NUL to a caller's buffer of `capacity` bytes and
/// its length without the NUL to `length` (optional). When it does not
/// fit, only the length is written (so a caller may ask with NULL and 0
/// how much room it needs) and the status says so. No allocation: the
/// text is formatted twice, to count and to write.
pub(crate) fn output_text(
    text: impl fmt::Display,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> Result<()> {
    let mut counted = Counter(0);
    write!(counted, "{text}").map_err(|_| ATOM4_INTERNAL_ERROR)?;
    output_text_sized(text, counted.0, buffer, capacity, length)
}

/// [`output_text`] for a text known to be `len` bytes long.
pub(crate) fn output_text_sized(
    text: impl fmt::Display,
    len: usize,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> Result<()> {
    output_opt(length, len)?;
    if capacity <= len {
        return Err(ATOM4_BUFFER_TOO_SMALL);
    }
    let slots = uninit_slice(buffer.cast::<MaybeUninit<u8>>(), len + 1)?;
    let mut out = Slots { slots, at: 0 };
    write!(out, "{text}").map_err(|_| ATOM4_INTERNAL_ERROR)?;
    // The text is `len` bytes long: the NUL's slot is the last.
    out.slots
        .get_mut(out.at)
        .ok_or(ATOM4_INTERNAL_ERROR)?
        .write(0);
    Ok(())
}

/// Counts the bytes written to it.
struct Counter(usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// Text written into a caller's buffer; more than it holds is an error.
struct Slots<'a> {
    slots: &'a mut [MaybeUninit<u8>],
    at: usize,
}

impl fmt::Write for Slots<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self
            .slots
            .get_mut(self.at..self.at + s.len())
            .ok_or(fmt::Error)?;
        for (slot, &byte) in room.iter_mut().zip(s.as_bytes()) {
            slot.write(byte);
        }
        self.at += s.len();
        Ok(())
    }
}

/// Runs `draw` with the random generator whose state the caller keeps at
/// `rng_state` (any 64-bit seed to start with), then stores its advanced
/// state there: only when `draw` succeeds, so a failing call changes
/// nothing.
pub(crate) fn drawing(
    rng_state: *mut u64,
    draw: impl FnOnce(&mut Rng) -> Result<()>,
) -> Result<()> {
    let mut rng = Rng::new(*input(rng_state)?);
    draw(&mut rng)?;
    output(rng_state, rng.state())
}

/// A caller's optional stop flag (NULL: none), read atomically; it lives
/// as long as the call that was given it.
pub(crate) fn atomic_flag<'a>(ptr: *const u32) -> Result<Option<&'a AtomicU32>> {
    if ptr.is_null() {
        return Ok(None);
    }
    check(ptr)?;
    // SAFETY: non-null and aligned; u32 and AtomicU32 have the same layout,
    // and the header asks callers to write the flag atomically.
    Ok(Some(unsafe { AtomicU32::from_ptr(ptr.cast_mut()) }))
}

/// Copies `items` into a caller's output array of `capacity` items and
/// reports their number through `count` (optional). When they do not fit,
/// nothing is written but the count (so a caller may ask with NULL and 0
/// how much room it needs), and the status says so. A bad array pointer
/// writes nothing at all, not even the count.
pub(crate) fn output_array<T: Copy>(
    ptr: *mut T,
    capacity: usize,
    count: *mut usize,
    items: &[T],
) -> Result<()> {
    let fits = items.len() <= capacity;
    if fits && !items.is_empty() {
        check(ptr)?;
    }
    if !count.is_null() {
        check(count)?;
    }
    output_opt(count, items.len())?;
    if !fits {
        return Err(ATOM4_BUFFER_TOO_SMALL);
    }
    for (i, &item) in items.iter().enumerate() {
        // SAFETY: i < items.len() <= capacity, which the caller gave us,
        // and ptr was checked above.
        unsafe { ptr.add(i).write(item) };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_internal_error_status() {
        assert_eq!(guard(|| panic!("a bug")), ATOM4_INTERNAL_ERROR);
        assert_eq!(guard(|| Err(ATOM4_BAD_TEXT)), ATOM4_BAD_TEXT);
        assert_eq!(guard(|| Ok(())), ATOM4_OK);
    }

    #[test]
    fn output_arrays_report_the_length_they_need() {
        let mut buf = [0u8; 2];
        let mut count = 0;
        let r = output_array(buf.as_mut_ptr(), 2, &mut count, &[1, 2, 3]);
        assert_eq!((r, count, buf), (Err(ATOM4_BUFFER_TOO_SMALL), 3, [0, 0]));
        let r = output_array(buf.as_mut_ptr(), 2, &mut count, &[4]);
        assert_eq!((r, count, buf), (Ok(()), 1, [4, 0]));
        // A bad array pointer writes nothing, not even the count.
        count = 77;
        let r = output_array(core::ptr::null_mut::<u8>(), 5, &mut count, &[4]);
        assert_eq!((r, count), (Err(ATOM4_NULL_ARGUMENT), 77));
        let misaligned = (buf.as_mut_ptr() as usize | 1) as *mut u16;
        let r = output_array(misaligned, 5, &mut count, &[4u16]);
        assert_eq!((r, count), (Err(ATOM4_MISALIGNED), 77));
        // Asking with NULL and 0: the count, and "too small".
        let r = output_array(core::ptr::null_mut::<u8>(), 0, &mut count, &[4, 5]);
        assert_eq!((r, count), (Err(ATOM4_BUFFER_TOO_SMALL), 2));
    }
}
