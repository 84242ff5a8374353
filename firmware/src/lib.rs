//! The console firmware's games, screens and line editing: plain `no_std`
//! code that any target builds; `main.rs` puts it on a micro:bit's serial
//! line.
// Unit tests run on the host with std.
#![cfg_attr(not(test), no_std)]

pub mod console;
pub mod games;
pub mod line;
pub mod session;

#[cfg(target_arch = "arm")]
pub mod stack;
