//! Games that allow only some operations: every solution listed must be one
//! the game's own checker accepts, whichever form a class is written in.

use kongming_game24::{Check, Game, Ops, Solver};
use proptest::prelude::*;

#[test]
fn a_tidy_form_never_takes_a_forbidden_operation() {
    // Found by fuzzing: the class of `0/1` is written `0*1` when tidied.
    for ops in [Ops::DIV, Ops::ADD | Ops::DIV] {
        let game = Game::new(&[0, 1], 0).expect("two numbers").with_ops(ops);
        let listed = game.solutions().expect("a small hand");
        assert!(!listed.is_empty());
        for solution in &listed {
            assert_eq!(
                game.check_answer(&solution.to_string()),
                Check::Solved,
                "{solution} under {ops:?}"
            );
        }
        let mut solver = Solver::new(0).with_ops(ops);
        for solution in solver.iter_solutions(&[0, 1]).expect("a small hand") {
            assert_eq!(
                game.check_answer(&solution.to_string()),
                Check::Solved,
                "solver's {solution} under {ops:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the operations, a listed solution uses only those the game
    /// allows (the checker says so), through `Game` and `Solver` alike.
    #[test]
    fn every_listed_solution_checks(
        hand in proptest::collection::vec(0i64..8, 2..=4),
        target in 0i64..12,
        bits in 1u8..16,
    ) {
        let ops = Ops::from_bits_truncate(bits);
        let game = Game::new(&hand, target).expect("a hand").with_ops(ops);
        for solution in game.solutions().expect("a small hand") {
            prop_assert!(game.check_answer(&solution.to_string()) == Check::Solved, "{} under {:?}", solution, ops);
        }
        let mut solver = Solver::new(target).with_ops(ops);
        for solution in solver.iter_solutions(&hand).expect("a small hand") {
            prop_assert!(game.check_answer(&solution.to_string()) == Check::Solved, "solver's {} under {:?}", solution, ops);
        }
    }
}

/// Without addition a solution may need a negative value on the way: with
/// subtraction alone, 3 8 3 6 make 14 only as `6-((3-8)-3)`. Found by the
/// hints' property test; the search skipped negative differences whatever
/// the operations.
#[test]
fn without_addition_a_negative_value_may_be_needed() {
    for ops in ["-", "-/", "-*", "-*/"] {
        let ops: Ops = ops.parse().expect("operations");
        let game = Game::new(&[3, 8, 3, 6], 14).expect("a hand").with_ops(ops);
        assert_eq!(game.solvable(), Ok(true), "{ops:?}");
        let solutions = game.solutions().expect("a small hand");
        assert!(!solutions.is_empty(), "{ops:?}");
        for solution in &solutions {
            assert_eq!(game.check_answer(&solution.to_string()), Check::Solved);
        }
        assert!(
            game.hint()
                .is_ok_and(|hint| !matches!(hint, kongming_game24::Hint::DeadEnd { .. }))
        );
    }
}
