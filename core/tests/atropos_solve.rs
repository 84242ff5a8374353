//! The solver's values of the start positions: Burke's conjecture (the
//! first player wins exactly when `n mod 4` is 0 or 3) as the spec's
//! exhaustive searches confirmed it up to size 8.

use std::time::Instant;

use atom4_core::atropos;
use atropos::{Atropos, MoveList, Solver, TableEntry, Value};

fn start_value(n: u32, table_log: u32) -> Value {
    let mut table = vec![TableEntry::EMPTY; 1 << table_log];
    let mut solver = Solver::new(&mut table);
    let t = Instant::now();
    let value = solver.value(&Atropos::new(n).unwrap(), &mut ()).unwrap();
    eprintln!(
        "size {n}: {value}, {} nodes, {:.3} s",
        solver.nodes(),
        t.elapsed().as_secs_f64()
    );
    value
}

fn conjecture(n: u32) -> Value {
    if matches!(n % 4, 0 | 3) {
        Value::Win
    } else {
        Value::Loss
    }
}

#[test]
fn small_starts() {
    for n in 1..=6 {
        assert_eq!(start_value(n, 20), conjecture(n), "size {n}");
    }
}

#[test]
fn size_3_has_three_winning_moves() {
    let mut table = vec![TableEntry::EMPTY; 1 << 16];
    let mut solver = Solver::new(&mut table);
    let mut winning = MoveList::new();
    let value = solver
        .winning_moves(&Atropos::new(3).unwrap(), &mut winning, &mut ())
        .unwrap();
    let text: Vec<String> = winning.iter().map(|m| m.to_string()).collect();
    assert_eq!(value, Value::Win);
    assert_eq!(text, ["(1,1,1,3)", "(2,1,3,1)", "(3,3,1,1)"]);
}

#[test]
#[ignore = "seconds in a release build"]
fn size_7() {
    for log in [16, 18, 20, 22, 24] {
        assert_eq!(start_value(7, log), Value::Win);
    }
}

#[test]
#[ignore = "a minute in a release build, 1 GiB of table"]
fn size_8() {
    assert_eq!(start_value(8, 27), Value::Win);
}
