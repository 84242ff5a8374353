//! The `atom4` program's pieces: Atom-4 (the original's text mode and
//! flags) and a module for each kin game's subcommand, over what all of
//! them share: the terminal (restored on every way out) and the engines'
//! worker thread.

pub mod app;
pub mod atom4;
pub mod atomas;
pub mod atropos;
pub mod chain;
pub mod gamma;
pub mod input;
pub mod net;
pub mod screens;
pub mod terminal;
pub mod worker;
