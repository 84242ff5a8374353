//! atom4-web: the engine in a web browser.
//!
//! The core compiled to `wasm32-unknown-unknown` behind plain exported
//! functions over the one game interface ([`atom4_core::registry::AnyState`]):
//! no allocator and no binding generator. Everything lives in fixed,
//! static memory inside the module's linear memory: the position being
//! worked on ([`door::Door`]), one text buffer through which every string
//! and list passes, and one block of engine memory. The JavaScript module
//! (`web/js/atom4.js`) keeps every position a caller holds as its binary
//! form and loads it into the door when it is used, so any number of
//! positions live on the JavaScript side.
//!
//! [`engine`] is the search as both builds run it (the engine memory a
//! search gets, the control that stops it), so that the native runner
//! (`atom4-web-native`) and the module choose the same moves in the same
//! nodes. [`exports`] is the module's ABI; it exists only on wasm32.

#![cfg_attr(target_arch = "wasm32", no_std)]

pub mod door;
pub mod engine;
pub mod out;

#[cfg(target_arch = "wasm32")]
mod exports;

/// A trap, not an abort message: the JavaScript side restarts the module
/// (the worker) when it traps; the module holds no allocator for a
/// message anyway.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
