//! Stack high-water marks by painting: fill the free stack below the
//! caller with a pattern, run the workload, then find the deepest word it
//! overwrote.

use core::ptr::{addr_of, read_volatile, write_volatile};

const PAINT: u32 = 0xA5A5_5A5A;

extern "C" {
    // From cortex-m-rt's link.x: the end of static data, down to which the
    // stack may grow.
    static __sheap: u32;
}

/// Runs `workload` and returns its result and the most stack it used, in
/// bytes below the caller's stack pointer (its own frames and all callees).
#[inline(never)]
pub fn measure<R>(workload: impl FnOnce() -> R) -> (R, usize) {
    let marker = 0u32;
    let sp = addr_of!(marker) as usize & !3;
    let bottom = (addr_of!(__sheap) as usize + 3) & !3;
    // Leave this function's own frame (above `sp - 64`) alone.
    let mut p = bottom;
    while p + 64 < sp {
        // SAFETY: the words between the end of static data and the current
        // stack pointer are free stack memory that nothing else uses.
        unsafe { write_volatile(p as *mut u32, PAINT) };
        p += 4;
    }
    let result = run(workload);
    let mut p = bottom;
    // SAFETY: reads of the painted region, see above.
    while p < sp && unsafe { read_volatile(p as *const u32) } == PAINT {
        p += 4;
    }
    (result, sp - p)
}

#[inline(never)]
fn run<R>(workload: impl FnOnce() -> R) -> R {
    workload()
}
