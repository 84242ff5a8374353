//! The course's engine interface, `include/gamma.h` (spec section 3):
//! unprefixed names and the course's types, kept out of `atom4.h`.
//!
//! A `gamma_t *` points to the game's own memory (one allocation of
//! [`Gamma::memory_words`] zeroed words, which `gamma_new` does not touch
//! beyond the header, so a huge board costs nothing up front). Every
//! allocation can fail and then gives NULL; no call keeps global state;
//! each runs behind the boundary's panic guard. Bad arguments (NULL, player
//! 0 or above the players, a cell off the board) give `false` or 0 and
//! change nothing, as the course specifies.

use std::ffi::c_char;

use atom4_core::gamma::Gamma;

use crate::allocation::{free_handle, free_words, handle_words, malloc_text, zeroed_words};
use crate::boundary::guard;

/// A game of the course's interface (opaque: `typedef struct gamma gamma_t`).
#[repr(C)]
pub struct gamma_t {
    _memory: [u32; 0],
}

/// Runs `body` on the game behind `g`, under the panic guard; `fallback`
/// when `g` is NULL or not a game, or when `body` panics (a bug).
fn with_game<T: Copy>(g: *mut gamma_t, fallback: T, body: impl FnOnce(&mut Gamma<'_>) -> T) -> T {
    let mut result = fallback;
    guard(|| {
        if let Some(words) = handle_words(g.cast::<u32>()) {
            if let Ok(mut game) = Gamma::attach(words) {
                result = body(&mut game);
            }
        }
        Ok(())
    });
    result
}

/// A new game: a `width` x `height` board, `players` players, at most
/// `areas` areas each. NULL when an argument is 0 or the memory cannot be
/// had (boards of up to 25,000,000 cells and 1,000,000 players work on an
/// ordinary machine; no size overflows).
#[no_mangle]
pub extern "C" fn gamma_new(width: u32, height: u32, players: u32, areas: u32) -> *mut gamma_t {
    let mut made = std::ptr::null_mut();
    guard(|| {
        if areas == 0 {
            return Ok(());
        }
        let Some(words) = Gamma::memory_words(width, height, players) else {
            return Ok(());
        };
        let Some(memory) = zeroed_words(words) else {
            return Ok(());
        };
        let made_game = Gamma::new_in_zeroed(width, height, players, areas, memory).is_ok();
        let handle = memory.as_mut_ptr();
        if made_game {
            made = handle.cast::<gamma_t>();
        } else {
            free_words(handle, words);
        }
        Ok(())
    });
    made
}

/// Frees the game and everything it holds; NULL does nothing.
#[no_mangle]
pub extern "C" fn gamma_delete(g: *mut gamma_t) {
    guard(|| {
        free_handle(g.cast::<u32>());
        Ok(())
    });
}

/// Puts `player`'s pawn on the empty cell (`x`, `y`) when that leaves the
/// player at most `areas` areas; `false` (and nothing changes) otherwise.
#[no_mangle]
pub extern "C" fn gamma_move(g: *mut gamma_t, player: u32, x: u32, y: u32) -> bool {
    with_game(g, false, |game| game.play(player, x, y).is_ok())
}

/// Replaces another player's pawn on (`x`, `y`) by `player`'s, once per
/// player per game, when neither of them ends with more than `areas`
/// areas; `false` (and nothing changes, nothing is used up) otherwise.
#[no_mangle]
pub extern "C" fn gamma_golden_move(g: *mut gamma_t, player: u32, x: u32, y: u32) -> bool {
    with_game(g, false, |game| game.golden_move(player, x, y).is_ok())
}

/// The cells `player` holds; 0 for bad arguments.
#[no_mangle]
pub extern "C" fn gamma_busy_fields(g: *mut gamma_t, player: u32) -> u64 {
    with_game(g, 0, |game| game.busy_fields(player))
}

/// The empty cells where `gamma_move` of `player` would succeed now; 0 for
/// bad arguments.
#[no_mangle]
pub extern "C" fn gamma_free_fields(g: *mut gamma_t, player: u32) -> u64 {
    with_game(g, 0, |game| game.free_fields(player))
}

/// Whether some golden move of `player` would succeed now (the final, part
/// 3 meaning); `false` for bad arguments.
#[no_mangle]
pub extern "C" fn gamma_golden_possible(g: *mut gamma_t, player: u32) -> bool {
    with_game(g, false, |game| game.golden_possible(player))
}

/// The board as text (rows from the top, `y = height - 1`, each ending in
/// a newline; one character a cell up to 9 players, `digits(players) + 1`
/// from 10 on), NUL-terminated, in memory from `malloc` that the caller
/// frees with `free()`. NULL when `g` is NULL or memory is short.
#[no_mangle]
pub extern "C" fn gamma_board(g: *mut gamma_t) -> *mut c_char {
    with_game(g, std::ptr::null_mut(), |game| match game.board_len() {
        Some(len) => malloc_text(len, |text| {
            let _ = game.write_board(text);
        }),
        None => std::ptr::null_mut(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Whitespace-free C text, `struct gamma_t` read as `gamma_t`.
    fn normal(text: &str) -> String {
        text.replace("struct gamma_t", "gamma_t")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    }

    /// The hand-written include/gamma.h declares exactly what the library
    /// defines: each of its prototypes is one cbindgen writes for these
    /// functions (when they are not excluded from atom4.h).
    #[test]
    fn gamma_h_matches_the_functions() {
        let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
        config.export.exclude.clear();
        let mut generated = Vec::new();
        cbindgen::Builder::new()
            .with_crate(crate_dir)
            .with_config(config)
            .generate()
            .unwrap()
            .write(&mut generated);
        let generated = normal(&String::from_utf8(generated).unwrap());
        let header = std::fs::read_to_string(crate_dir.join("../include/gamma.h")).unwrap();
        let prototypes: Vec<&str> = header
            .lines()
            .filter(|l| l.contains("gamma_") && l.trim_end().ends_with(");"))
            .collect();
        assert_eq!(prototypes.len(), 8, "the course's eight functions");
        for prototype in prototypes {
            assert!(
                generated.contains(&normal(prototype)),
                "{prototype} is not what the library defines"
            );
        }
        assert!(header.contains("typedef struct gamma gamma_t;"));
        assert!(header.contains("#include <stdbool.h>") && header.contains("#include <stdint.h>"));
        assert!(header.contains("#ifndef GAMMA_H") && header.contains("#define GAMMA_H"));
    }
}
