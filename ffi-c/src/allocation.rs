//! The memory this library allocates for C: Gamma's games of the course's
//! interface (a `gamma_t *` is a pointer to game memory allocated here,
//! handed to C and taken back by `gamma_delete`), and `malloc` memory for
//! `gamma_board`'s text. Allocation fails with NULL, never an abort. The
//! one module besides the boundary with raw pointers, each use with its
//! checks and its safety argument.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ffi::c_char;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

use atom4_core::gamma::{Gamma, HEADER_WORDS};

/// `words` zeroed words from the global allocator, `None` when they cannot
/// be had (never an abort). The allocator's zeroed memory (`calloc`, fresh
/// pages for big sizes) is not touched here, so a huge board costs nothing
/// until it is played on. Free them with [`free_words`].
pub(crate) fn zeroed_words<'a>(words: usize) -> Option<&'a mut [u32]> {
    let layout = Layout::array::<u32>(words).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size.
    let memory = NonNull::new(unsafe { alloc_zeroed(layout) }.cast::<u32>())?;
    // SAFETY: `words` zeroed (so initialised) words, just allocated, owned
    // by the caller until free_words.
    Some(unsafe { std::slice::from_raw_parts_mut(memory.as_ptr(), words) })
}

/// Frees words from [`zeroed_words`] (`words` as asked there).
pub(crate) fn free_words(memory: *mut u32, words: usize) {
    if let Ok(layout) = Layout::array::<u32>(words) {
        // SAFETY: allocated by zeroed_words with this very layout.
        unsafe { dealloc(memory.cast::<u8>(), layout) };
    }
}

/// The words of the game a handle points to: its header first, then as
/// many words as the header's game has. `None` for NULL, a misaligned
/// pointer or memory whose header is not a game's.
///
/// The handle must come from [`zeroed_words`] through `gamma_new` and not be
/// freed yet: that is what the caller of a `gamma.h` function promises.
pub(crate) fn handle_words<'a>(handle: *mut u32) -> Option<&'a mut [u32]> {
    if handle.is_null() || !handle.is_aligned() {
        return None;
    }
    // SAFETY: a live handle points to at least HEADER_WORDS initialised
    // words (every game's memory is longer than its header).
    let header = unsafe { &*handle.cast::<[u32; HEADER_WORDS]>() };
    let words = Gamma::memory_words_of(header)?;
    // SAFETY: the header is that of the game allocated with exactly
    // `words` words at `handle`, all initialised (zeroed, then written by
    // the game); no other reference to them lives during a call.
    Some(unsafe { std::slice::from_raw_parts_mut(handle, words) })
}

/// Frees the memory of the game a handle points to (nothing for NULL or a
/// pointer that holds no game's header).
pub(crate) fn free_handle(handle: *mut u32) {
    if let Some(words) = handle_words(handle).map(|w| w.len()) {
        // The header gave the word count the game was made with.
        free_words(handle, words);
    }
}

/// A `malloc` copy of `len` bytes written by `write` plus a NUL, for the
/// caller to `free()`; NULL when `malloc` fails.
pub(crate) fn malloc_text(len: usize, write: impl FnOnce(&mut [u8])) -> *mut c_char {
    let Some(size) = len.checked_add(1) else {
        return std::ptr::null_mut();
    };
    // SAFETY: plain C allocation; the result is checked for NULL.
    let raw = unsafe { libc::malloc(size) }.cast::<u8>();
    if raw.is_null() {
        return raw.cast();
    }
    // SAFETY: `raw` holds `size` bytes just allocated; MaybeUninit claims
    // nothing about them.
    let slots = unsafe { std::slice::from_raw_parts_mut(raw.cast::<MaybeUninit<u8>>(), size) };
    for slot in slots.iter_mut() {
        slot.write(0);
    }
    // SAFETY: every byte was written just above.
    let bytes = unsafe { std::slice::from_raw_parts_mut(raw, size) };
    write(&mut bytes[..len]);
    raw.cast()
}
