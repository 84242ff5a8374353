//! The checks every entry point of every game makes: the panic boundary,
//! and the only places where caller pointers become references.

use std::cell::Cell;
use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicU32;
use std::sync::Once;

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

/// A caller's array of `len` items of type `T`, opaque to C, made of
/// 64-bit words (its size a multiple of 8 bytes, aligned as `u64`), as
/// zeroed words: the memory every engine of the core takes. Whatever the
/// caller's bytes were, they are never read.
pub(crate) fn words<'a, T>(ptr: *mut T, len: usize) -> Result<&'a mut [u64]> {
    const { assert!(size_of::<T>().is_multiple_of(8) && align_of::<T>() >= align_of::<u64>()) };
    let count = len
        .checked_mul(size_of::<T>() / 8)
        .ok_or(ATOM4_OUT_OF_RANGE)?;
    let slots = uninit_slice(ptr.cast::<MaybeUninit<u64>>(), count)?;
    for slot in slots.iter_mut() {
        slot.write(0);
    }
    // SAFETY: every word was initialised just above.
    Ok(unsafe { &mut *(slots as *mut [MaybeUninit<u64>] as *mut [u64]) })
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
