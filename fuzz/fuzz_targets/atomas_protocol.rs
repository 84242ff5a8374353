//! Any request line and any reply text: the parsers never panic, an error
//! points inside the text, whatever parses prints back to text that parses
//! the same, a request gives a state whose legal replies all check, and a
//! reply the state refuses leaves it unchanged.
#![no_main]

use atom4_core::atomas::{Atom, Atomas, Reply, Request, Session, CAPACITY};
use libfuzzer_sys::fuzz_target;

/// An atom from a byte: the four specials, or a number from 1.
fn atom(byte: u8) -> Atom {
    match byte % 8 {
        0 => Atom::Plus,
        1 => Atom::Minus,
        2 => Atom::Black,
        3 => Atom::Clone,
        _ => Atom::Number(u32::from(byte / 8) + 1),
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, entries, rest @ ..] = data else {
        return;
    };
    let Ok(text) = core::str::from_utf8(rest) else {
        return;
    };

    match Request::parse(text) {
        Ok(request) => {
            let again = request.to_string();
            assert_eq!(Request::parse(&again), Ok(request), "{text:?} -> {again:?}");
            let state: Atomas = Session::new().state(&request);
            assert_eq!(state.hand(), Some(request.atom));
            state.each_reply(|reply| {
                assert_eq!(state.check_reply(reply), Ok(()), "{reply} on {state}");
            });
            // The text as this state's reply: played, or refused with
            // nothing changed.
            let mut played = state;
            if played.reply(text).is_err() {
                assert_eq!(played, state);
            }
        }
        Err(e) => assert!(e.offset <= text.len(), "offset past the end: {e:?}"),
    }

    let atom = atom(*kind);
    let entries = usize::from(*entries) % (CAPACITY + 1);
    match Reply::parse(text, atom, entries) {
        Ok(reply) => {
            let again = reply.to_string();
            assert_eq!(
                Reply::parse(&again, atom, entries),
                Ok(reply),
                "{text:?} -> {again:?}"
            );
        }
        Err(e) => assert!(e.offset <= text.len(), "offset past the end: {e:?}"),
    }
});
