//! The games of the registry, for menus and help texts: names, titles and
//! the parameters each takes, as static C strings.

use core::ffi::c_char;
use std::ffi::CString;
use std::sync::OnceLock;

use atom4_core::registry::GAME_IDS;

use crate::boundary::{guard, output};
use crate::status::atom4_status::{self, *};

/// A game of the library (atom4_state_get_game()): static strings, never
/// free them.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_state_game {
    /// Its name, as atom4_state_new() takes it: "atom4", "chain", ...
    pub name: *const c_char,
    /// Its name for people: "Atom-4", "Chain Reaction", ...
    pub title: *const c_char,
    /// How many parameters it takes (atom4_state_get_param()).
    pub params: usize,
    /// The most players a game of it has.
    pub max_players: usize,
}

/// A parameter a game takes (atom4_state_get_param()): static strings,
/// never free them.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_state_param {
    /// Its name in a setup text: "size", "players", "rules", "areas" or
    /// "seed".
    pub name: *const c_char,
    /// The game's default, as a setup text writes it ("16x16").
    pub default_value: *const c_char,
    /// What it means, for a help text.
    pub help: *const c_char,
}

/// The strings of one game, NUL-terminated, made once.
struct Strings {
    name: CString,
    title: CString,
    /// Each parameter's name, default and help.
    params: Vec<[CString; 3]>,
}

fn c_string(text: &str) -> CString {
    CString::new(text).unwrap_or_default()
}

fn strings() -> &'static [Strings] {
    static STRINGS: OnceLock<Vec<Strings>> = OnceLock::new();
    STRINGS.get_or_init(|| {
        GAME_IDS
            .iter()
            .map(|id| Strings {
                name: c_string(id.name()),
                title: c_string(id.title()),
                params: id
                    .params()
                    .iter()
                    .map(|p| [c_string(p.name), c_string(p.default), c_string(p.help)])
                    .collect(),
            })
            .collect()
    })
}

/// How many games the library plays (their indexes go from 0).
#[no_mangle]
pub extern "C" fn atom4_state_game_count() -> usize {
    GAME_IDS.len()
}

/// Fills `game` with the game of index `index`, in the order the library
/// lists them; ATOM4_OUT_OF_RANGE from atom4_state_game_count() on.
#[no_mangle]
pub extern "C" fn atom4_state_get_game(index: usize, game: *mut atom4_state_game) -> atom4_status {
    guard(|| {
        let (id, text) = GAME_IDS
            .get(index)
            .zip(strings().get(index))
            .ok_or(ATOM4_OUT_OF_RANGE)?;
        output(
            game,
            atom4_state_game {
                name: text.name.as_ptr(),
                title: text.title.as_ptr(),
                params: text.params.len(),
                max_players: id.max_players(),
            },
        )
    })
}

/// Fills `param` with parameter `param_index` of game `game_index`;
/// ATOM4_OUT_OF_RANGE past either's end.
#[no_mangle]
pub extern "C" fn atom4_state_get_param(
    game_index: usize,
    param_index: usize,
    param: *mut atom4_state_param,
) -> atom4_status {
    guard(|| {
        let [name, default_value, help] = strings()
            .get(game_index)
            .and_then(|g| g.params.get(param_index))
            .ok_or(ATOM4_OUT_OF_RANGE)?;
        output(
            param,
            atom4_state_param {
                name: name.as_ptr(),
                default_value: default_value.as_ptr(),
                help: help.as_ptr(),
            },
        )
    })
}
