//! The C ABI of atom4: `libatom4.a`, `libatom4.so` and `include/atom4.h`.
//!
//! A thin layer over `atom4-core` behind one boundary ([`boundary`]):
//! every entry point returns an [`atom4_status`], checks its pointers,
//! catches any panic (reported as `ATOM4_INTERNAL_ERROR`) and changes
//! nothing when it fails. The generic family ([`state`], `atom4_state_*`)
//! plays every game of the core's registry by name; each game's own
//! family (one module a game) keeps what only that game has. Games live
//! in caller memory ([`stored`]); the searches' tables too.
#![allow(non_camel_case_types)]
// The C ABI takes raw pointers by design; every one is checked by `boundary`.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod allocation;
mod boundary;
pub mod control;
pub mod state;
pub mod status;
mod stored;
mod text;

// The games, one module each.
pub mod atom4;
pub mod atomas;
pub mod atropos;
pub mod chain;
pub mod gamma;

pub use atom4::*;
pub use control::*;
pub use state::*;
pub use status::*;

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
