//! Games in caller memory: the C struct of each typed family's game, which
//! holds the game's checked binary form (the core's `State::encode`) in
//! 64-bit words, read back and checked on every call, so that memory that
//! holds no game gives ATOM4_BAD_GAME. The bytes sit in memory as they are
//! encoded, so a struct is copied (memcpy, assignment) like any C object.
//! (The generic family's `atom4_state` adds a header: see `state`.)

use atom4_core::state::{State, Turn};
use atom4_core::Rng;

use crate::boundary::{drawing, guard, input, output, Result};
use crate::status::atom4_status::{self, *};

/// A game's C struct of words (`_private: [u64; N]`).
pub(crate) trait Stored: Copy {
    /// The game it holds.
    type Game: State;
    /// All zeros.
    const EMPTY: Self;
    fn words(&self) -> &[u64];
    fn words_mut(&mut self) -> &mut [u64];
}

/// Implements [`Stored`] for each C struct `$c { _private: [u64; N] }`
/// holding a `$game`.
macro_rules! stored {
    ($($c:ident holds $game:ty),* $(,)?) => {$(
        impl Stored for $c {
            type Game = $game;
            const EMPTY: Self = $c {
                _private: [0; size_of::<$c>() / 8],
            };
            fn words(&self) -> &[u64] {
                &self._private
            }
            fn words_mut(&mut self) -> &mut [u64] {
                &mut self._private
            }
        }
        const _: () = assert!(
            <$game as State>::ENCODED_LEN <= size_of::<$c>() && size_of::<$c>() <= MOST_BYTES
        );
    )*};
}

/// A game of Atom-4: plain bytes in caller memory (160 bytes, 8-byte
/// aligned; place it anywhere, copy it with memcpy or assignment). Set it
/// up with atom4_game_init() or atom4_game_from_text() before any other
/// call: like any C object it must be initialised before it is read
/// (uninitialised memory is undefined behaviour). The bytes are checked on
/// every call: initialised memory that is not a game (overwritten, zeroed,
/// another object's bytes) gives ATOM4_BAD_GAME.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_game {
    _private: [u64; 20],
}

/// A game of Chain Reaction, either rule set: 272 bytes in caller memory,
/// 8-byte aligned, set up with atom4_chain_game_init() or
/// atom4_chain_game_from_text(); otherwise as atom4_game (copy it to keep
/// a position to go back to; bytes that are no game give ATOM4_BAD_GAME).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_chain_game {
    _private: [u64; 34],
}

/// A position of Atropos: 40 bytes in caller memory, 8-byte aligned, set
/// up with atom4_atropos_init() or atom4_atropos_from_text(); otherwise as
/// atom4_game (a copy keeps a position, which is also how a move is taken
/// back; bytes that are no position give ATOM4_BAD_GAME).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_game {
    _private: [u64; 5],
}

/// A state of Atomas: 112 bytes in caller memory, 8-byte aligned, set up
/// with atom4_atomas_game_start(), atom4_atomas_game_from_text() or
/// atom4_atomas_game_from_request(); otherwise as atom4_game (a copy keeps
/// a state to go back to; bytes that are no state give ATOM4_BAD_GAME).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atomas_game {
    _private: [u64; 14],
}

stored! {
    atom4_game holds atom4_core::atom4::Atom4,
    atom4_chain_game holds atom4_core::chain::Position,
    atom4_atropos_game holds atom4_core::atropos::Atropos,
    atom4_atomas_game holds atom4_core::atomas::Atomas,
}

/// The most bytes a typed family's game struct has.
const MOST_BYTES: usize = 512;

/// The bytes of `words`, as they sit in memory, into `bytes` (as long).
pub(crate) fn words_to_bytes(words: &[u64], bytes: &mut [u8]) {
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_ne_bytes());
    }
}

/// `bytes` as the words that hold them in memory, into `words`.
pub(crate) fn bytes_to_words(bytes: &[u8], words: &mut [u64]) {
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        *word = u64::from_ne_bytes(chunk.try_into().unwrap_or_default());
    }
}

/// The game behind a caller's pointer, checked.
pub(crate) fn read<T: Stored>(ptr: *const T) -> Result<T::Game> {
    let words = input(ptr)?.words();
    let mut bytes = [0u8; MOST_BYTES];
    words_to_bytes(words, &mut bytes);
    T::Game::decode(&bytes[..T::Game::ENCODED_LEN]).map_err(|_| ATOM4_BAD_GAME)
}

/// The game behind a caller's pointer, checked, while it is on:
/// ATOM4_ROUND_OVER once it is over.
pub(crate) fn read_live<T: Stored>(ptr: *const T) -> Result<T::Game> {
    let game = read(ptr)?;
    match game.turn() {
        Turn::Over => Err(ATOM4_ROUND_OVER),
        _ => Ok(game),
    }
}

/// Stores `game` in the caller's struct.
pub(crate) fn write<T: Stored>(ptr: *mut T, game: &T::Game) -> Result<()> {
    let mut bytes = [0u8; MOST_BYTES];
    game.encode(&mut bytes);
    let mut stored = T::EMPTY;
    bytes_to_words(&bytes, stored.words_mut());
    output(ptr, stored)
}

/// A move drawn for the game behind `game` by `choose`, from the random
/// generator whose state the caller keeps at `rng_state` (advanced only
/// when a move is drawn), written to `mv` in its C form.
pub(crate) fn random_move<T: Stored, M, C: From<M>>(
    game: *const T,
    rng_state: *mut u64,
    mv: *mut C,
    choose: impl FnOnce(&T::Game, &mut Rng) -> Result<M>,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        drawing(rng_state, |rng| output(mv, choose(&state, rng)?.into()))
    })
}
