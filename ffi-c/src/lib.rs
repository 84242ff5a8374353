//! The C ABI of atom4: `libatom4.a`, `libatom4.so` and `include/atom4.h`.
//!
//! A thin layer over `atom4-core`. Every entry point returns an
//! [`atom4_status`], checks its pointers, catches any panic (reported as
//! `ATOM4_INTERNAL_ERROR`) and changes nothing when it fails. Games live in
//! caller memory ([`atom4_game`]); the search's transposition table too.
#![allow(non_camel_case_types)]
// The C ABI takes raw pointers by design; every one is checked by `boundary`.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod board;
mod boundary;
pub mod game;
pub mod search;
pub mod status;
pub mod text;

pub use board::*;
pub use game::*;
pub use search::*;
pub use status::*;
pub use text::*;

/// Major version of this library (atom4_version() gives the whole version).
pub const ATOM4_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const ATOM4_VERSION_MINOR: u32 = 1;
/// Patch version of this library.
pub const ATOM4_VERSION_PATCH: u32 = 0;

/// The library version as a NUL-terminated string "MAJOR.MINOR.PATCH",
/// static: never free it.
#[no_mangle]
pub extern "C" fn atom4_version() -> *const core::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
