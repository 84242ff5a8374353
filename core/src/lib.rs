//! atom4-core: rules and search for Atom-4 and its kin games.
//!
//! `no_std`, no allocation, no `unsafe`: every state is plain fixed-size
//! data, so the same code runs in a desktop front end, a Python bot and a
//! microcontroller.

// Unit tests run on the host with std; the library itself never uses it
// (the thumbv6m build in CI proves that).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod atom4;
pub mod game;
pub mod grid;
pub mod rng;
pub mod search;

pub use grid::{Bitboard, Cell, MAX_SIDE};
pub use rng::Rng;
