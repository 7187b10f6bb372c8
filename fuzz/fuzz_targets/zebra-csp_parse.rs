//! The zebra puzzle text parser: no panic on any input; whatever parses
//! writes back to text that parses to the same puzzle; small puzzles solve
//! within a budget, and every solution found satisfies every clue.
#![no_main]

use kongming_search::control::Budget;
use kongming_zebra_csp::{Puzzle, SolveOptions, Solver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = text.parse::<Puzzle>() else {
        return;
    };
    let written = puzzle.to_string();
    let back: Puzzle = written.parse().expect("written text parses");
    assert_eq!(back, puzzle);
    assert_eq!(back.to_string(), written);
    if puzzle.positions() <= 5 && puzzle.num_categories() <= 4 {
        let budget = Budget::unlimited().with_node_limit(2_000);
        let mut solver = Solver::with_options(&puzzle, SolveOptions::new()).budget(budget);
        for _ in 0..3 {
            match solver.next_solution() {
                Some(solution) => assert!(solution.satisfies(&puzzle)),
                None => break,
            }
        }
    }
});
