//! Network play of Atom-4 (protocol 2.0): `atom4 serve` hosts a table,
//! `atom4 connect` joins one, to play, watch, or let an engine play.

pub mod connect;
pub mod screen;
pub mod serve;

pub use connect::ConnectArgs;
pub use serve::ServeArgs;
