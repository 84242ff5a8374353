//! The atom4 firmware: what every binary of this crate shares.
//!
//! The games and their expected moves build for any target (the
//! riscv32imc build checks this library); the Cortex-M parts print through
//! semihosting, exit with a status QEMU passes on, and measure the stack.
#![no_std]

pub mod atomas;
pub mod atropos;
pub mod chain;
pub mod check;
pub mod gamma;
pub mod scenario;

/// The moves of [`scenario::GAMES`] as the host plays them (from build.rs).
pub mod expected {
    include!(concat!(env!("OUT_DIR"), "/expected.rs"));
}

/// Each kin game's recorded games and its engine's games as the host
/// plays them (from build.rs).
pub mod host {
    pub mod chain {
        use crate::chain::Recorded;
        use atom4_core::chain::Rules;
        include!(concat!(env!("OUT_DIR"), "/chain.rs"));
    }
    pub mod atropos {
        use crate::atropos::{Recorded, RefereePosition};
        include!(concat!(env!("OUT_DIR"), "/atropos.rs"));
    }
    pub mod gamma {
        use crate::gamma::Recorded;
        include!(concat!(env!("OUT_DIR"), "/gamma.rs"));
    }
    pub mod atomas {
        use crate::atomas::Recorded;
        include!(concat!(env!("OUT_DIR"), "/atomas.rs"));
    }
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

/// Prints a summary line for `what` of `game` (`"chain rules"`, ...):
/// how many games and moves equal the host's, or the first difference; and
/// the stack high-water mark. Returns whether all were equal.
#[cfg(target_arch = "arm")]
pub fn report(what: &str, result: Result<check::Tally, check::Fault>, stack: usize) -> bool {
    use cortex_m_semihosting::hprintln;
    match result {
        Ok(t) => hprintln!(
            "{}: {} games, {} moves, all equal to the host's; stack high-water {} bytes",
            what,
            t.games,
            t.moves,
            stack
        ),
        Err(fault) => hprintln!(
            "{}: MISMATCH: {}; stack high-water {} bytes",
            what,
            fault,
            stack
        ),
    }
    result.is_ok()
}

/// Plays each engine game of `specs` with `run` (given the game's index,
/// its spec and the host's moves to follow; returns the digest of its last
/// position), measuring the stack of each, and prints a line for each:
/// `WHAT game G (SPEC): N moves, all equal to the host's; stack high-water
/// S bytes`. Returns whether all were equal.
#[cfg(target_arch = "arm")]
pub fn engine_games<S: core::fmt::Display>(
    what: &str,
    specs: &[S],
    expected: &[(&str, u32)],
    mut run: impl FnMut(&S, &mut check::Follow) -> Option<u32>,
) -> bool {
    use cortex_m_semihosting::hprintln;
    let mut ok = specs.len() == expected.len();
    for (g, (spec, &(moves, last))) in specs.iter().zip(expected).enumerate() {
        let mut follow = check::Follow::new(moves);
        let (end, used) = stack::measure(|| run(spec, &mut follow));
        match follow.finish(g, end, last) {
            Ok(n) => hprintln!(
                "{} game {} ({}): {} moves, all equal to the host's; stack high-water {} bytes",
                what,
                g,
                spec,
                n,
                used
            ),
            Err(fault) => {
                ok = false;
                hprintln!(
                    "{} game {} ({}): MISMATCH: {}; stack high-water {} bytes",
                    what,
                    g,
                    spec,
                    fault,
                    used
                )
            }
        }
    }
    ok
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
