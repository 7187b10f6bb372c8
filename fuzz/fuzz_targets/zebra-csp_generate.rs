//! The puzzle generator against a brute force over every assignment: a
//! generated puzzle has exactly one solution, the one reported, and no
//! redundant clue (without any one of its clues it has several), and its
//! grade is `grade`'s.
#![no_main]

#[path = "../common/zebra_oracle.rs"]
mod zebra_oracle;

use arbitrary::{Arbitrary, Unstructured};
use kongming_zebra_csp::Generator;
use libfuzzer_sys::fuzz_target;
use zebra_oracle::{all_assignments, holds};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let (Ok(positions), Ok(categories), Ok(seed)) = (
        u.int_in_range(2..=4usize),
        u.int_in_range(1..=3usize),
        u64::arbitrary(&mut u),
    ) else {
        return;
    };
    let generated = Generator::new(positions, categories)
        .expect("in range")
        .generate(seed)
        .expect("an unlimited generator finishes");
    let puzzle = &generated.puzzle;
    assert_eq!(puzzle.positions(), positions);
    assert_eq!(puzzle.num_categories(), categories);
    let houses: Vec<Vec<usize>> = generated
        .solution
        .houses()
        .iter()
        .map(|row| row.iter().map(|h| h.index()).collect())
        .collect();
    for clue in puzzle.clues() {
        assert!(holds(clue, &houses), "{clue:?}");
    }
    let assignments = all_assignments(puzzle);
    let solutions: Vec<_> = assignments.iter().filter(|(_, b)| *b == 0).collect();
    assert_eq!(solutions.len(), 1, "{puzzle}");
    assert_eq!(solutions[0].0, houses);
    for i in 0..puzzle.clues().len() {
        // Without clue i: the assignments that break nothing else.
        let without = assignments
            .iter()
            .filter(|(_, b)| b & !(1 << i) == 0)
            .count();
        assert!(without > 1, "clue {i} of\n{puzzle}\nis redundant");
    }
    assert_eq!(puzzle.difficulty(), generated.difficulty);
    // Seeded: the same seed gives the same puzzle.
    assert_eq!(
        Generator::new(positions, categories)
            .expect("in range")
            .generate(seed),
        Ok(generated)
    );
});
