//! The module's ABI: plain functions over numbers, every text and list
//! through one static buffer (`io_ptr`, `IO_LEN` bytes): the caller writes
//! an input there and passes its length; an answer is written there from
//! the start and its length (or count) returned; a negative return is an
//! error code ([`crate::door::code`], [`crate::door::move_error_code`])
//! with its reason in the buffer.
//!
//! The module is single-threaded and never re-entered (the imports `now`
//! and `progress` must not call back into it), so each export takes the
//! static parts it needs once.

use core::cell::UnsafeCell;

use atom4_core::control::Report;
use atom4_core::state::{Action, Limits};

use crate::door::Door;
use crate::engine::{self, Clock, ENGINE_WORDS};
use crate::out::Out;

/// The text buffer's size: the longest answer is a 32 x 32 Gamma board's
/// legal moves' texts (some 20 KB).
const IO_LEN: usize = 1 << 16;

/// The room for Chain Reaction's wave frames (a 16 x 16 board's frame is
/// 512 bytes: a thousand waves).
const FRAMES_LEN: usize = 1 << 19;

/// Static memory for one thread: the module has no other.
struct Static<T>(UnsafeCell<T>);

// SAFETY: wasm32 here runs one thread; every export takes each static once
// and never calls back into the module while holding it.
unsafe impl<T> Sync for Static<T> {}

impl<T> Static<T> {
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut T {
        // SAFETY: see the `Sync` impl: no two references to the same static
        // are alive at once.
        unsafe { &mut *self.0.get() }
    }
}

static DOOR: Static<Door> = Static(UnsafeCell::new(Door::new()));
static IO: Static<[u8; IO_LEN]> = Static(UnsafeCell::new([0; IO_LEN]));
static FRAMES: Static<[u8; FRAMES_LEN]> = Static(UnsafeCell::new([0; FRAMES_LEN]));
static ENGINE: Static<[u64; ENGINE_WORDS]> = Static(UnsafeCell::new([0; ENGINE_WORDS]));

#[link(wasm_import_module = "env")]
extern "C" {
    /// Milliseconds, from any origin (`performance.now()`).
    fn now() -> f64;
    /// A search's report after each completed iteration.
    fn progress(best: i32, score: i32, depth: i32, nodes: f64);
}

struct HostClock;

impl Clock for HostClock {
    fn now_ms(&mut self) -> f64 {
        // SAFETY: an imported function of plain numbers.
        unsafe { now() }
    }
}

/// Runs `f` on the first `len` bytes of the buffer (the input, copied out
/// first, so that the answer may overwrite it) and the whole buffer as the
/// output; a failure's reason ends with a NUL, so that the caller finds
/// its end.
fn with_io(len: u32, f: impl FnOnce(&[u8], &mut Out<'_>) -> i32) -> i32 {
    static INPUT: Static<[u8; IO_LEN]> = Static(UnsafeCell::new([0; IO_LEN]));
    let io = IO.get();
    let len = (len as usize).min(IO_LEN);
    let input = INPUT.get();
    input[..len].copy_from_slice(&io[..len]);
    let mut out = Out::new(io);
    let r = f(&input[..len], &mut out);
    if r < 0 {
        let _ = out.bytes(&[0]);
    }
    r
}

/// [`with_io`] without an input.
fn with_out(f: impl FnOnce(&mut Out<'_>) -> i32) -> i32 {
    with_io(0, |_, out| f(out))
}

#[no_mangle]
pub extern "C" fn io_ptr() -> *mut u8 {
    IO.get().as_mut_ptr()
}

#[no_mangle]
pub extern "C" fn io_len() -> u32 {
    IO_LEN as u32
}

#[no_mangle]
pub extern "C" fn frames_ptr() -> *mut u8 {
    FRAMES.get().as_mut_ptr()
}

#[no_mangle]
pub extern "C" fn games() -> i32 {
    with_out(Door::games)
}

#[no_mangle]
pub extern "C" fn start(game: u32, len: u32) -> i32 {
    with_io(len, |input, out| DOOR.get().start(game, input, out))
}

#[no_mangle]
pub extern "C" fn from_text(game: u32, len: u32) -> i32 {
    with_io(len, |input, out| DOOR.get().from_text(game, input, out))
}

#[no_mangle]
pub extern "C" fn decode(game: u32, len: u32) -> i32 {
    with_io(len, |input, out| DOOR.get().decode(game, input, out))
}

#[no_mangle]
pub extern "C" fn encode() -> i32 {
    with_out(|out| DOOR.get().encode(out))
}

#[no_mangle]
pub extern "C" fn game() -> i32 {
    DOOR.get().game()
}

#[no_mangle]
pub extern "C" fn turn() -> i32 {
    DOOR.get().turn()
}

#[no_mangle]
pub extern "C" fn players() -> i32 {
    DOOR.get().players()
}

#[no_mangle]
pub extern "C" fn legal() -> i32 {
    with_out(|out| DOOR.get().legal(out))
}

#[no_mangle]
pub extern "C" fn legal_texts() -> i32 {
    with_out(|out| DOOR.get().legal_texts(out))
}

#[no_mangle]
pub extern "C" fn move_text(action: u32) -> i32 {
    with_out(|out| DOOR.get().move_text(action, out))
}

#[no_mangle]
pub extern "C" fn parse_move(len: u32) -> i32 {
    with_io(len, |input, out| DOOR.get().parse_move(input, out))
}

#[no_mangle]
pub extern "C" fn check(action: u32) -> i32 {
    with_out(|out| DOOR.get().check(action, out))
}

#[no_mangle]
pub extern "C" fn play(action: u32) -> i32 {
    with_out(|out| DOOR.get().play(action, out))
}

#[no_mangle]
pub extern "C" fn play_text(len: u32) -> i32 {
    with_io(len, |input, out| DOOR.get().play_text(input, out))
}

#[no_mangle]
pub extern "C" fn play_waves(action: u32) -> i32 {
    with_out(|out| {
        DOOR.get()
            .play_waves(action, out, &mut Out::new(FRAMES.get()))
    })
}

#[no_mangle]
pub extern "C" fn returns(player: u32) -> f64 {
    DOOR.get().returns(player)
}

#[no_mangle]
pub extern "C" fn text() -> i32 {
    with_out(|out| DOOR.get().text(out))
}

#[no_mangle]
pub extern "C" fn diagram() -> i32 {
    with_out(|out| DOOR.get().diagram(out))
}

#[no_mangle]
pub extern "C" fn setup() -> i32 {
    with_out(|out| DOOR.get().setup(out))
}

#[no_mangle]
pub extern "C" fn layout() -> i32 {
    with_out(|out| DOOR.get().layout(out))
}

#[no_mangle]
pub extern "C" fn spots() -> i32 {
    with_out(|out| DOOR.get().spots(out))
}

#[no_mangle]
pub extern "C" fn next_round() -> i32 {
    DOOR.get().next_round()
}

/// The engine's choice (see [`Door::search`]): `nodes`, `time_ms` and
/// `depth` bound it when above 0; `level` (0 and up) asks for Atom-4's
/// classic level, below 0 the strong engine; the seed comes in two halves.
#[no_mangle]
pub extern "C" fn search(
    nodes: f64,
    time_ms: f64,
    depth: i32,
    seed_lo: u32,
    seed_hi: u32,
    level: i32,
) -> i32 {
    gamma_batch::end();
    let positive = |x: f64| (x >= 1.0).then_some(x as u64);
    let limits = Limits {
        nodes: positive(nodes),
        time_ms: positive(time_ms),
        depth: u8::try_from(depth).ok().filter(|&d| d > 0),
        seed: u64::from(seed_lo) | (u64::from(seed_hi) << 32),
        level: u8::try_from(level).ok(),
    };
    let mut control = engine::Stop::new(HostClock, limits.time_ms, |r: &Report<Action>| {
        let best = r.best.map_or(-1, |a| a as i32);
        // SAFETY: an imported function of plain numbers.
        unsafe { progress(best, r.score, r.depth.into(), r.nodes as f64) }
    });
    with_out(|out| DOOR.get().search(&limits, ENGINE.get(), &mut control, out))
}

/// The `gamma` program's batch mode (the course's interface, Gamma's own
/// golden vectors): a session in the engine memory, fed the input in
/// pieces; what it prints goes to the import `emit` as it is written.
mod gamma_batch {
    use core::cell::UnsafeCell;
    use core::fmt;

    use atom4_core::gamma::batch::{Fed, Session};

    use super::{Static, ENGINE, IO, IO_LEN};
    use crate::engine::ENGINE_WORDS;

    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Bytes the program printed: `stream` 1 standard output, 2 error.
        fn emit(stream: u32, ptr: *const u8, len: usize);
    }

    struct Stream(u32);

    impl fmt::Write for Stream {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            // SAFETY: an imported function reading `s` while it lives.
            unsafe { emit(self.0, s.as_ptr(), s.len()) };
            Ok(())
        }
    }

    type Memory = &'static mut [u32];

    static SESSION: Static<Option<Session<Memory>>> = Static(UnsafeCell::new(None));

    /// A new session (the last one's game is dropped).
    /// Drops the session (its game), so that the engine memory is free.
    pub(super) fn end() {
        *SESSION.get() = None;
    }

    #[no_mangle]
    pub extern "C" fn gamma_batch_start() {
        end();
        let words = ENGINE.get();
        // SAFETY: the engine memory as twice as many u32 words: the same
        // bytes, a smaller alignment, no other reference alive (a search
        // and a session never run at once: each export runs to its end).
        let memory: Memory = unsafe {
            core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u32>(), 2 * ENGINE_WORDS)
        };
        *SESSION.get() = Some(Session::new(memory));
    }

    /// Feeds the buffer's first `len` bytes: 0 still batch mode, 1 the
    /// interactive mode began (not offered here), -1 no session or its
    /// game was lost.
    #[no_mangle]
    pub extern "C" fn gamma_batch_feed(len: u32) -> i32 {
        let Some(session) = SESSION.get().as_mut() else {
            return -1;
        };
        let input = &IO.get()[..(len as usize).min(IO_LEN)];
        match session.feed(input, &mut Stream(1), &mut Stream(2)) {
            Ok(Fed::Batch) => 0,
            Ok(Fed::Interactive { .. }) => 1,
            Err(_) => -1,
        }
    }

    /// The end of the input.
    #[no_mangle]
    pub extern "C" fn gamma_batch_finish() -> i32 {
        let Some(mut session) = SESSION.get().take() else {
            return -1;
        };
        match session.finish(&mut Stream(2)) {
            Ok(()) => 0,
            Err(_) => -1,
        }
    }
}
