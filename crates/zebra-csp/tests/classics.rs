//! The built-in classics against their published solutions.

mod common;

use common::Oracle;
use kongming_zebra_csp::{SolveOptions, Solver, Uniqueness, einstein, life};

/// The published solution of Einstein's puzzle, house by house.
const EINSTEIN_SOLUTION: [[&str; 5]; 5] = [
    ["Norwegian", "yellow", "water", "Dunhill", "cats"],
    ["Dane", "blue", "tea", "Blend", "horses"],
    ["Brit", "red", "milk", "PallMall", "birds"],
    ["German", "green", "coffee", "Prince", "fish"],
    ["Swede", "white", "beer", "BlueMaster", "dogs"],
];

/// The published solution of the 1962 Life puzzle.
const LIFE_SOLUTION: [[&str; 5]; 5] = [
    ["Norwegian", "yellow", "water", "Kools", "fox"],
    ["Ukrainian", "blue", "tea", "Chesterfields", "horse"],
    ["Englishman", "red", "milk", "OldGold", "snails"],
    ["Spaniard", "ivory", "OrangeJuice", "LuckyStrike", "dog"],
    ["Japanese", "green", "coffee", "Parliaments", "zebra"],
];

fn check_published(puzzle: &kongming_zebra_csp::Puzzle, published: &[[&str; 5]; 5]) {
    let Uniqueness::Unique(solution) = puzzle.uniqueness() else {
        panic!("exactly one solution expected");
    };
    for (house, names) in published.iter().enumerate() {
        for name in names {
            let item = puzzle.item(name).expect("a value of the puzzle");
            assert_eq!(solution.house_of(item).index(), house, "{name}");
            assert_eq!(solution.house_of(item).number(), house + 1, "{name}");
        }
    }
    // The independent reading of the clues accepts the solution.
    let oracle = Oracle::new(&puzzle.to_string());
    assert!(oracle.holds(solution.houses()));
}

#[test]
fn einstein_german_owns_the_fish() {
    let puzzle = einstein();
    assert_eq!(puzzle.clues().len(), 15);
    check_published(&puzzle, &EINSTEIN_SOLUTION);
    let solution = puzzle.solve().unwrap();
    let fish = solution.house_of(puzzle.item("fish").unwrap());
    let nationality = puzzle.category("nationality").unwrap();
    assert_eq!(
        puzzle.value_name(solution.value_at(nationality, fish)),
        "German"
    );
}

#[test]
fn einstein_needs_no_backtrack_with_default_propagation() {
    let puzzle = einstein();
    let mut solver = Solver::new(&puzzle);
    assert_eq!(solver.count().exact(), Some(1));
    let stats = solver.stats();
    assert_eq!(stats.backtracks, 0, "{stats}");
    assert_eq!(stats.case_splits, 0, "{stats}");
    assert_eq!(puzzle.explain().case_splits(), 0);
}

#[test]
fn life_japanese_owns_the_zebra_norwegian_drinks_water() {
    let puzzle = life();
    assert_eq!(puzzle.clues().len(), 14);
    check_published(&puzzle, &LIFE_SOLUTION);
}

#[test]
fn life_needs_no_case_split_with_singleton_consistency() {
    let puzzle = life();
    let options = SolveOptions::new().singleton_consistency(true);
    let mut solver = Solver::with_options(&puzzle, options);
    assert_eq!(solver.count().exact(), Some(1));
    let stats = solver.stats();
    assert_eq!(stats.case_splits, 0, "{stats}");
    assert_eq!(stats.backtracks, 0, "{stats}");
    assert!(stats.singleton_removals > 0, "{stats}");
    let explanation = puzzle.explain_with(&options);
    assert_eq!(explanation.case_splits(), 0);
    assert!(explanation.refutations() > 0);
    // Without singleton consistency, propagation alone gets stuck.
    let mut plain = Solver::new(&puzzle);
    assert_eq!(plain.count().exact(), Some(1));
    assert!(plain.stats().case_splits > 0);
    assert!(puzzle.explain().case_splits() > 0);
}

/// The clues (1-based) whose removal leaves more than one solution.
fn needed_clues(puzzle: &kongming_zebra_csp::Puzzle) -> Vec<usize> {
    (0..puzzle.clues().len())
        .filter(
            |&i| match puzzle.without_clue(i).expect("a clue index").uniqueness() {
                Uniqueness::Multiple(a, b) => {
                    // Both witnesses really satisfy the weaker puzzle.
                    let oracle =
                        Oracle::new(&puzzle.without_clue(i).expect("a clue index").to_string());
                    assert!(oracle.holds(a.houses()) && oracle.holds(b.houses()));
                    assert_ne!(a, b);
                    true
                }
                Uniqueness::Unique(_) => false,
                other => panic!("{other:?}"),
            },
        )
        .map(|i| i + 1)
        .collect()
}

#[test]
fn which_clues_of_the_classics_are_needed() {
    // Einstein's clue 15 (Blend next to water) is implied by the others;
    // every other clue is needed.
    assert_eq!(needed_clues(&einstein()), (1..=14).collect::<Vec<_>>());
    assert_eq!(needed_clues(&life()), (1..=14).collect::<Vec<_>>());
}

#[test]
fn classics_round_trip_through_text() {
    for puzzle in [einstein(), life()] {
        let text = puzzle.to_string();
        assert_eq!(text.parse::<kongming_zebra_csp::Puzzle>().unwrap(), puzzle);
    }
}

#[test]
fn between_either_or_and_adjacency_propagate_before_any_search() {
    use kongming_zebra_csp::{Puzzle, Reason};
    let cases = [
        (
            "pet: cat dog fox\ncat between dog and fox\n",
            "cat: in house 2",
        ),
        ("pet: a b c d\na with 1 or 4\n", "a: not in houses 2, 3"),
        (
            "pet: a b c d\ncolour: w x y z\na with w or x\nw at 2\nx at 3\n",
            "a: not in houses 1, 4",
        ),
        (
            "pet: a b c d\ncolour: w x y z\nw next-to x\nw at 1\n",
            "x: in house 2",
        ),
        (
            "pet: a b c d\na left-of b\n",
            "b: not in house 1; a: not in house 4",
        ),
        ("pet: a b c d e\na distance 3 from 2\n", "a: in house 5"),
    ];
    for (text, conclusion) in cases {
        let puzzle: Puzzle = text.parse().unwrap();
        let explanation = puzzle.explain();
        let steps: Vec<String> = explanation
            .steps()
            .iter()
            .filter(|s| matches!(s.reason, Reason::Clue(_)))
            .map(|s| s.conclusion(&puzzle))
            .collect();
        assert!(
            steps.iter().any(|s| s.contains(conclusion)),
            "{text}: {steps:?}"
        );
    }
}
