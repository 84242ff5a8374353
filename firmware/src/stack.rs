//! The stack's high-water mark: the free stack is painted with a pattern
//! at reset, and the deepest word no longer painted shows how far the
//! stack has grown since.

use core::ptr::{addr_of, read_volatile, write_volatile};

const PAINT: u32 = 0xA5A5_5A5A;

extern "C" {
    // From cortex-m-rt's link.x: the lowest address the stack may reach
    // (the end of static data) and its top (the end of RAM).
    static _stack_end: u32;
    static _stack_start: u32;
}

fn bounds() -> (usize, usize) {
    let bottom = (addr_of!(_stack_end) as usize + 3) & !3;
    let top = addr_of!(_stack_start) as usize;
    (bottom, top)
}

/// Paints the free stack below the caller's frame; call once, first thing.
#[inline(never)]
pub fn paint() {
    let marker = 0u32;
    let sp = addr_of!(marker) as usize & !3;
    let (mut p, _) = bounds();
    while p + 64 < sp {
        // SAFETY: the words between the end of static data and the current
        // stack pointer (less a margin for this frame) are free stack that
        // nothing uses yet.
        unsafe { write_volatile(p as *mut u32, PAINT) };
        p += 4;
    }
}

/// The most stack used since [`paint`], and the stack's room, in bytes.
pub fn high_water() -> (usize, usize) {
    let (bottom, top) = bounds();
    let mut p = bottom;
    // SAFETY: reads of free or used stack, all RAM.
    while p < top && unsafe { read_volatile(p as *const u32) } == PAINT {
        p += 4;
    }
    (top - p, top - bottom)
}

/// Static data (initialised and zeroed), in bytes: RAM below the stack.
pub fn static_ram() -> usize {
    extern "C" {
        static __sdata: u32;
    }
    bounds().0 - addr_of!(__sdata) as usize
}
