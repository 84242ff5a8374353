//! The generic family `atom4_state_*`: any game of the registry by its
//! name, in caller memory, through the core's one game interface
//! (`AnyState`). What differs between games stays in the games' own
//! families (`atom4_chain_*`, ...); this one plays them all, the toy game
//! of a test build included, without a line of per-game code.
//!
//! A state is plain bytes: a header (the game, the length of its binary
//! form and a checksum of both), then the game's checked binary form. Each
//! call reads it back and checks it, so memory that holds no state
//! (never set up, overwritten, any byte changed) gives ATOM4_BAD_GAME.
//! Calls that can be refused for reasons a person should read take an
//! optional `atom4_why` for the reason in words.

mod engine;
mod games;
mod play;
mod view;

pub use engine::*;
pub use games::*;
pub use play::*;
pub use view::*;

use core::ffi::c_char;
use core::fmt;

use atom4_core::registry::{AnyState, GameId, GAME_IDS};
use atom4_core::state::{MoveError, MoveErrorKind};

use crate::boundary::{guard, input, output, output_opt, Result};
use crate::status::{self, atom4_status, atom4_status::*};
use crate::stored::{bytes_to_words, words_to_bytes};

/// The size of an `atom4_state` in bytes.
pub const ATOM4_STATE_BYTES: usize = 640;

/// A position of any game: plain bytes in caller memory
/// (ATOM4_STATE_BYTES of them, 8-byte aligned; place it anywhere, copy it
/// with memcpy or assignment, which is also how to keep a position to go
/// back to). Set it up with atom4_state_new(), atom4_state_from_text() or
/// atom4_state_from_bytes() before any other call: like any C object it
/// must be initialised before it is read. The bytes are checked on every
/// call: memory that holds no state (zeroed, overwritten, one byte
/// changed) gives ATOM4_BAD_GAME. To save a position beyond this build of
/// the library, keep its game's name and atom4_state_to_bytes().
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_state {
    _private: [u64; 80],
}

const _: () = assert!(size_of::<atom4_state>() == ATOM4_STATE_BYTES);

/// The header: magic, game, a zero, the binary form's length, checksum,
/// zeros.
const HEADER: usize = 16;
const MAGIC: [u8; 4] = *b"A4st";

const _: () = assert!(HEADER + atom4_core::registry::MAX_ENCODED_LEN <= ATOM4_STATE_BYTES);

/// FNV-1a over the header's first 8 bytes and the binary form: any one
/// byte changed changes it.
fn checksum(head: &[u8], body: &[u8]) -> u32 {
    head.iter().chain(body).fold(0x811c_9dc5, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The state behind a caller's pointer, checked.
pub(crate) fn read(state: *const atom4_state) -> Result<AnyState> {
    let mut bytes = [0u8; ATOM4_STATE_BYTES];
    words_to_bytes(&input(state)?._private, &mut bytes);
    let (head, body) = bytes.split_at(HEADER);
    let id = GAME_IDS.get(usize::from(head[4])).ok_or(ATOM4_BAD_GAME)?;
    let len = usize::from(u16::from_le_bytes([head[6], head[7]]));
    let sum = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
    let sound = head[..4] == MAGIC
        && head[5] == 0
        && head[12..].iter().all(|&b| b == 0)
        && len <= body.len()
        && body[len..].iter().all(|&b| b == 0)
        && sum == checksum(&head[..8], &body[..len]);
    if !sound {
        return Err(ATOM4_BAD_GAME);
    }
    id.decode(&body[..len]).map_err(|_| ATOM4_BAD_GAME)
}

/// Stores `state` in the caller's memory.
pub(crate) fn write(ptr: *mut atom4_state, state: &AnyState) -> Result<()> {
    let mut bytes = [0u8; ATOM4_STATE_BYTES];
    let (head, body) = bytes.split_at_mut(HEADER);
    let len = state.encode(body);
    let game = GAME_IDS.iter().position(|&id| id == state.game());
    head[..4].copy_from_slice(&MAGIC);
    head[4] = game
        .and_then(|g| u8::try_from(g).ok())
        .ok_or(ATOM4_INTERNAL_ERROR)?;
    head[6..8].copy_from_slice(&(len as u16).to_le_bytes());
    let sum = checksum(&head[..8], &body[..len]);
    head[8..12].copy_from_slice(&sum.to_le_bytes());
    let mut stored = atom4_state { _private: [0; 80] };
    bytes_to_words(&bytes, &mut stored._private);
    output(ptr, stored)
}

/// The game named `name` (ASCII case ignored).
pub(crate) fn game_named(name: &str) -> core::result::Result<GameId, Refusal> {
    name.parse::<GameId>().map_err(refused(ATOM4_OUT_OF_RANGE))
}

/// The longest reason, in bytes, with its NUL.
pub const ATOM4_WHY_CAPACITY: usize = 160;

/// Why a call was refused, in words for people (English, UTF-8,
/// NUL-terminated, cut to fit): the game's own reason for a refused move,
/// the parameter at fault in a setup, the byte offset and the problem in
/// position text. Calls that take one write it every time they run (an
/// empty text when they succeed); pass NULL when it is not wanted.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_why {
    pub text: [c_char; ATOM4_WHY_CAPACITY],
}

/// A refused call: its status and its reason.
pub(crate) struct Refusal {
    status: atom4_status,
    words: String,
}

impl Refusal {
    pub(crate) fn new(status: atom4_status, args: fmt::Arguments<'_>) -> Refusal {
        Refusal {
            status,
            words: args.to_string(),
        }
    }
}

impl From<atom4_status> for Refusal {
    fn from(status: atom4_status) -> Refusal {
        Refusal::new(status, format_args!("{}", status::words(status)))
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        let status = match e.kind {
            MoveErrorKind::Over => ATOM4_ROUND_OVER,
            MoveErrorKind::OutOfRange => ATOM4_OUT_OF_RANGE,
            MoveErrorKind::BadText => ATOM4_BAD_TEXT,
            MoveErrorKind::WrongTurn | MoveErrorKind::Illegal => ATOM4_ILLEGAL_MOVE,
        };
        Refusal::new(status, format_args!("{e}"))
    }
}

/// A refusal of `status` in the words of an error of the core.
pub(crate) fn refused<E: fmt::Display>(status: atom4_status) -> impl FnOnce(E) -> Refusal {
    move |e| Refusal::new(status, format_args!("{e}"))
}

/// Runs `body` behind the panic boundary, as [`guard`], and writes its
/// reason (empty on success) to `why` when it is not NULL.
pub(crate) fn refusing(
    why: *mut atom4_why,
    body: impl FnOnce() -> core::result::Result<(), Refusal>,
) -> atom4_status {
    let mut words = String::new();
    let status = guard(|| {
        body().map_err(|refusal| {
            words = refusal.words;
            refusal.status
        })
    });
    if status != ATOM4_OK && words.is_empty() {
        words = status::words(status).to_string();
    }
    // Cut to fit, at a character's boundary, with room for the NUL.
    let mut end = words.len().min(ATOM4_WHY_CAPACITY - 1);
    while !words.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = atom4_why {
        text: [0; ATOM4_WHY_CAPACITY],
    };
    for (slot, &byte) in out.text.iter_mut().zip(&words.as_bytes()[..end]) {
        *slot = byte as c_char;
    }
    // atom4_why is byte-aligned: only NULL is refused, and NULL is "none".
    let _ = output_opt(why, out);
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_core::state::Setup;

    fn stored(state: &AnyState) -> atom4_state {
        let mut memory = atom4_state { _private: [0; 80] };
        write(&mut memory, state).unwrap();
        memory
    }

    #[test]
    fn every_game_reads_back_and_any_changed_byte_is_refused() {
        for &id in GAME_IDS {
            let state = id.start(&Setup::default()).unwrap();
            let memory = stored(&state);
            assert_eq!(read(&memory).as_ref(), Ok(&state));
            let mut bytes = [0u8; ATOM4_STATE_BYTES];
            words_to_bytes(&memory._private, &mut bytes);
            for i in 0..ATOM4_STATE_BYTES {
                for flip in [1u8, 0x80, 0xff] {
                    let mut changed = bytes;
                    changed[i] ^= flip;
                    let mut corrupt = memory;
                    bytes_to_words(&changed, &mut corrupt._private);
                    assert_eq!(read(&corrupt).err(), Some(ATOM4_BAD_GAME), "{id} {i}");
                }
            }
        }
        let zeroed = atom4_state { _private: [0; 80] };
        assert_eq!(read(&zeroed).err(), Some(ATOM4_BAD_GAME));
    }

    #[test]
    fn a_refusal_gives_its_words_and_success_none() {
        let mut why = atom4_why {
            text: [7; ATOM4_WHY_CAPACITY],
        };
        let words = |why: &atom4_why| {
            let bytes: Vec<u8> = why
                .text
                .iter()
                .take_while(|&&c| c != 0)
                .map(|&c| c as u8)
                .collect();
            String::from_utf8(bytes).unwrap()
        };
        let status = refusing(&mut why, || Err(game_named("go").unwrap_err()));
        assert_eq!(status, ATOM4_OUT_OF_RANGE);
        assert!(words(&why).starts_with("no such game (the games are: atom4"));
        assert_eq!(refusing(&mut why, || Ok(())), ATOM4_OK);
        assert_eq!(words(&why), "");
        assert_eq!(refusing(&mut why, || panic!("a bug")), ATOM4_INTERNAL_ERROR);
        assert_eq!(words(&why), "internal error in atom4 (please report it)");
        let long = "é".repeat(200);
        refusing(&mut why, || {
            Err(Refusal::new(ATOM4_BAD_TEXT, format_args!("{long}")))
        });
        assert_eq!(words(&why), "é".repeat(79));
        assert_eq!(
            refusing(core::ptr::null_mut(), || Err(ATOM4_BAD_GAME.into())),
            ATOM4_BAD_GAME
        );
    }
}
