//! The atom4 firmware: what every binary of this crate shares.
//!
//! The games and their expected moves build for any target (the
//! riscv32imc build checks this library); the Cortex-M parts print through
//! semihosting, exit with a status QEMU passes on, and measure the stack.
#![no_std]

pub mod scenario;

/// The moves of [`scenario::GAMES`] as the host plays them (from build.rs).
pub mod expected {
    include!(concat!(env!("OUT_DIR"), "/expected.rs"));
}

#[cfg(target_arch = "arm")]
pub mod stack;

#[cfg(target_arch = "arm")]
mod board {
    use core::panic::PanicInfo;
    use cortex_m_semihosting::{debug, hprintln};

    /// A panic fails the run with a non-zero exit status.
    #[panic_handler]
    fn panic(info: &PanicInfo) -> ! {
        hprintln!("firmware panicked: {}", info);
        loop {
            debug::exit(debug::EXIT_FAILURE);
        }
    }
}

/// Ends the run: exit status 0 when `ok`, 1 otherwise.
#[cfg(target_arch = "arm")]
pub fn exit(ok: bool) -> ! {
    use cortex_m_semihosting::debug;
    loop {
        debug::exit(if ok {
            debug::EXIT_SUCCESS
        } else {
            debug::EXIT_FAILURE
        });
    }
}
