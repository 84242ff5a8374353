//! The console firmware's games, screens and line editing: plain `no_std`
//! code that any target builds; `main.rs` puts it on a micro:bit's serial
//! line.
// Unit tests run on the host with std.
#![cfg_attr(not(test), no_std)]

pub mod atom4;
pub mod console;
pub mod game;
pub mod line;

#[cfg(target_arch = "arm")]
pub mod stack;
