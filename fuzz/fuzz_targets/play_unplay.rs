//! Any board size and any sequence of cells: an illegal move changes
//! nothing, a legal one can be taken back exactly, the one-cell check agrees
//! with the legal set, and rounds roll over only when over.
#![no_main]

use atom4_core::atom4::Atom4;
use atom4_core::Cell;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [w, h, rest @ ..] = data else { return };
    let Ok(mut game) = Atom4::new(*w, *h) else {
        assert!(!(2..=16).contains(w) || !(2..=16).contains(h));
        return;
    };
    for &byte in rest {
        let cell = Cell::from_index(byte);
        let legal = game.legal_moves();
        assert_eq!(game.check_move(cell).is_ok(), legal.has(cell));
        let before = game;
        match game.play(cell) {
            Err(_) => assert_eq!(game, before),
            Ok(changes) => {
                let mut undone = game;
                undone.unplay(&changes).expect("the last move's changes");
                assert_eq!(undone, before);
                // The same changes cannot be taken back twice.
                assert!(undone.unplay(&changes).is_err());
            }
        }
        if game.is_over() {
            let (round, scores) = (game.round(), game.scores());
            game.next_round().expect("the round is over");
            assert_eq!((game.round(), game.scores()), (round + 1, scores));
        } else {
            assert!(game.next_round().is_err());
        }
    }
});
