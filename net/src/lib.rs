//! Atom-4 over the network: protocol 2.0 of atom4 4.1, completed where it
//! is silent as `docs/network.md` says.
//!
//! The protocol core has no I/O: [`framing`] (lines and words),
//! [`message`] (every message typed, parsed and printed), [`table`] (the
//! server's table as a state machine) and [`session`] (what a client knows
//! and answers). The [`server`] (feature `server`, on by default) carries
//! them over TCP and WebSocket with tokio.
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod framing;
pub mod message;
pub mod session;
pub mod table;

#[cfg(feature = "server")]
pub mod server;
