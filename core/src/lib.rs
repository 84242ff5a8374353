//! atom4-core: rules and search for Atom-4 and its kin games.
//!
//! `no_std`, no allocation, no `unsafe`: every state is plain fixed-size
//! data or memory the caller provides, so the same code runs in a desktop
//! front end, a Python bot and a microcontroller.
//!
//! Each game has a module of its own (its rules, notation, evaluation and
//! search glue); beside them sits what the games share: the [`game`]
//! traits every search works through, the searches themselves
//! ([`search`]: alpha-beta for two-player zero-sum games, [`mcts`]: Monte
//! Carlo tree search for any number of players and chance,
//! [`expectimax`]: expectimax and max^n), how a caller stops them
//! ([`control`]), the 16 x 16 [`grid`] and the seeded [`rng`].

// Unit tests run on the host with std; the library itself never uses it
// (the thumbv6m build in CI proves that).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

#[cfg(all(feature = "std", not(test)))]
extern crate std;

/// The README's Rust examples, compiled and run as this crate's doctests
/// (so the README says what the code does).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;

pub mod atom4;
pub mod atomas;
pub mod atropos;
pub mod chain;
pub mod control;
pub mod encoding;
pub mod expectimax;
pub mod game;
pub mod gamma;
pub mod grid;
pub mod mcts;
pub mod registry;
pub mod rng;
pub mod search;
pub mod state;
pub mod text;
#[cfg(feature = "toy")]
pub mod toy;

pub use grid::{Bitboard, Cell, MAX_SIDE};
pub use rng::Rng;
