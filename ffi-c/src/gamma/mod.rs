//! Gamma's C ABI, two ways: the course's engine interface (`gamma.h`:
//! `gamma_new` and its kin, unprefixed, the library allocating each game),
//! and `atom4_gamma_*` in `atom4.h` for embedded C, over memory the caller
//! provides. Both run on the core's `Gamma`.

pub mod caller_memory;
pub mod course;

pub use caller_memory::*;
pub use course::*;
