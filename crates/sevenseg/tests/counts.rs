//! Every count a caller passes is checked: a change of 0 sticks or more
//! than `MAX_STICKS` is refused with a typed error (never a panic, never
//! the unchanged equation as its own fix), and the generator ends for any
//! number of puzzles asked for.

mod common;

use std::collections::BTreeSet;

use common::{OracleStyle, replay};
use kongming_sevenseg::{
    Change, ChangeParseError, Equation, Generator, MAX_STICKS, SolveError, Solver,
};
use proptest::prelude::*;

fn all_kinds(k: usize) -> [Change; 3] {
    [Change::Move(k), Change::Remove(k), Change::Add(k)]
}

#[test]
fn zero_sticks_are_refused() {
    // Reported: `Change::Move(0)` returned the unchanged equation as a fix.
    let eq: Equation = "8-4=4".parse().unwrap();
    for change in all_kinds(0) {
        let refused = SolveError::NoSticks(change);
        let solver = Solver::new(change);
        assert_eq!(solver.solve(&eq).map(|s| s.into_fixes()), Err(refused));
        let with_progress = Solver::new(change).on_progress(|_| {});
        assert_eq!(
            with_progress.solve(&eq).map(|s| s.into_fixes()),
            Err(refused)
        );
        assert_eq!(solver.fixes(&eq).map(Vec::from_iter), Err(refused));
        assert_eq!(solver.neighbours(&eq).map(Vec::from_iter), Err(refused));
        assert_eq!(Generator::new(change).err(), Some(refused));
        let text = change.to_string();
        assert!(matches!(
            text.parse::<Change>(),
            Err(ChangeParseError::NoSticks { .. })
        ));
        let message = SolveError::NoSticks(change).to_string();
        assert!(message.contains(&change.to_string()), "{message}");
    }
}

#[test]
fn huge_counts_are_refused() {
    let eq: Equation = "6+4=4".parse().unwrap();
    for k in [MAX_STICKS + 1, 1 << 40, usize::MAX] {
        for change in all_kinds(k) {
            let got = Solver::new(change).solve(&eq).map(|s| s.into_fixes());
            assert_eq!(got, Err(SolveError::TooManySticks(k)));
            assert_eq!(
                Generator::new(change).err(),
                Some(SolveError::TooManySticks(k))
            );
            assert!(matches!(
                change.to_string().parse::<Change>(),
                Err(ChangeParseError::TooManySticks { sticks, .. }) if sticks == k
            ));
        }
    }
    // A count past `usize` does not parse.
    assert!("move 99999999999999999999999".parse::<Change>().is_err());
    assert!("move -1".parse::<Change>().is_err());
}

#[test]
fn any_number_of_puzzles_may_be_asked_for() {
    // Asking for more puzzles than there are gives each of them once, and
    // ends; asking for none gives none.
    let generator = Generator::new(Change::Move(1))
        .unwrap()
        .max_operand(3)
        .max_result(3);
    let every: BTreeSet<String> = generator
        .all()
        .puzzles()
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert!(!every.is_empty());
    for seed in [0, 1] {
        let drawn = generator.generate_batch(seed, usize::MAX).into_puzzles();
        let shown: BTreeSet<String> = drawn.iter().map(|p| p.to_string()).collect();
        assert_eq!(shown.len(), drawn.len(), "puzzles are distinct");
        assert_eq!(shown, every);
    }
    assert!(generator.generate_batch(0, 0).puzzles().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any stick count and kind: a typed error outside 1..=MAX_STICKS;
    /// inside it, fixes that differ from the input by exactly that many
    /// sticks (replayed on the tests' own stick table), never the input.
    #[test]
    fn stick_counts_are_checked(
        k in prop_oneof![0usize..=MAX_STICKS + 2, any::<usize>()],
        kind in 0usize..3,
        text in prop::sample::select(vec!["6+4=4", "8-4=4", "9+5=9", "3*3=6", "1=1"]),
    ) {
        let change = all_kinds(k)[kind];
        let eq: Equation = text.parse().unwrap();
        let got = Solver::new(change).solve(&eq);
        match k {
            0 => prop_assert_eq!(got.map(|s| s.into_fixes()), Err(SolveError::NoSticks(change))),
            k if k > MAX_STICKS => {
                prop_assert_eq!(got.map(|s| s.into_fixes()), Err(SolveError::TooManySticks(k)))
            }
            k => {
                for fix in got.unwrap().fixes() {
                    prop_assert_ne!(fix.equation(), &eq);
                    let (before, after) = replay(text, fix, OracleStyle::default());
                    let (removed, added) = (fix.removed().len(), fix.added().len());
                    match change {
                        Change::Move(_) => prop_assert_eq!((removed, added, before), (k, k, after)),
                        Change::Remove(_) => prop_assert_eq!((removed, added, before), (k, 0, after + k)),
                        Change::Add(_) => prop_assert_eq!((removed, added, before + k), (0, k, after)),
                    }
                }
            }
        }
    }
}
