//! The solver's quick truth tests (residues modulo 2^64, L − R kept up to
//! date, read number by number) against exact evaluation: on longer
//! equations with every operator, the fixes must be exactly the
//! candidates (every well-formed equation the change makes, from
//! `Solver::neighbours`, which tests no truth) whose sides evaluate equal.

use std::collections::BTreeSet;

use kongming_sevenseg::{Change, Equation, Rules, Solver};
use proptest::prelude::*;

/// True by exact evaluation alone: every side has the same value.
fn exactly_true(eq: &Equation) -> bool {
    match eq.evaluate() {
        Ok(sides) => sides.windows(2).all(|w| w[0] == w[1]),
        Err(_) => false,
    }
}

fn check(text: &str, rules: Rules, change: Change) {
    let eq = rules.parse(text).unwrap();
    let solutions = Solver::new(change).rules(rules).solve(&eq).unwrap();
    assert!(solutions.outcome().is_complete());
    let got: BTreeSet<String> = solutions.fixes().iter().map(|f| f.to_string()).collect();
    assert_eq!(got.len(), solutions.fixes().len(), "fixes are distinct");
    let want: BTreeSet<String> = Solver::new(change)
        .rules(rules)
        .neighbours(&eq)
        .unwrap()
        .iter()
        .filter(|f| exactly_true(f.equation()))
        .map(|f| f.to_string())
        .collect();
    assert_eq!(got, want, "{text} {change}");
}

#[test]
fn known_equations() {
    let rules = Rules::default();
    for text in [
        "12+34-56=780",
        "6*7=42",
        "8/2=4",
        "9/3*2=6",
        "12/4-3=0",
        "3*4*5=60",
        "10-2*3=4",
        "7=1/1",
        "1+1=2",
    ] {
        for change in [
            Change::Move(1),
            Change::Move(2),
            Change::Remove(1),
            Change::Add(1),
        ] {
            check(text, rules, change);
        }
    }
    let many = Rules::default().multiple_equals(true);
    for text in ["1+1=2=2", "6-4=2=3", "8/4=2=1+1"] {
        for change in [Change::Move(1), Change::Move(2), Change::Add(1)] {
            check(text, many, change);
        }
    }
}

/// Numbers of one to three digits joined by any operator, one `=` (or two
/// when `two` is set) at random places.
fn equation(two: bool) -> impl Strategy<Value = String> {
    let number = prop_oneof![
        (0u32..10).prop_map(|n| n.to_string()),
        (10u32..1000).prop_map(|n| n.to_string()),
    ];
    let op = prop::sample::select(vec!['+', '-', '*', '/']);
    (
        prop::collection::vec(number, 3..6),
        prop::collection::vec(op, 5),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(move |(numbers, mut ops, first, second)| {
            let gaps = numbers.len() - 1;
            ops[first.index(gaps)] = '=';
            if two {
                ops[second.index(gaps)] = '=';
            }
            let mut text = numbers[0].clone();
            for (n, o) in numbers[1..].iter().zip(&ops) {
                text.push(*o);
                text.push_str(n);
            }
            text
        })
}

/// A true equation `lhs=value` from a left side of numbers and operators,
/// when its value is a small whole number.
fn true_equation() -> impl Strategy<Value = Option<String>> {
    let number = prop_oneof![
        (0u32..10).prop_map(|n| n.to_string()),
        (10u32..100).prop_map(|n| n.to_string()),
    ];
    let op = prop::sample::select(vec!['+', '-', '*', '/']);
    (
        prop::collection::vec(number, 2..5),
        prop::collection::vec(op, 4),
    )
        .prop_map(|(numbers, ops)| {
            let mut lhs = numbers[0].clone();
            for (n, o) in numbers[1..].iter().zip(&ops) {
                lhs.push(*o);
                lhs.push_str(n);
            }
            let value = format!("{lhs}=0")
                .parse::<Equation>()
                .ok()?
                .evaluate()
                .ok()?
                .swap_remove(0);
            let whole = value
                .is_integer()
                .then(|| i64::try_from(value.numer()).ok())??;
            (0..100_000)
                .contains(&whole)
                .then(|| format!("{lhs}={whole}"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Puzzles made from true equations, so that true candidates abound.
    #[test]
    fn puzzles_near_true_equations(truth in true_equation(), pick in any::<prop::sample::Index>()) {
        let Some(truth) = truth else { return Ok(()) };
        let rules = Rules::default();
        let eq: Equation = truth.parse().unwrap();
        prop_assert!(exactly_true(&eq));
        let near = Solver::new(Change::Move(1)).rules(rules).neighbours(&eq).unwrap();
        if near.is_empty() {
            return Ok(());
        }
        let puzzle = near[pick.index(near.len())].to_string();
        for change in [Change::Move(1), Change::Move(2), Change::Remove(1), Change::Add(1)] {
            check(&puzzle, rules, change);
        }
        let fixes = Solver::new(Change::Move(1)).rules(rules).solve(&puzzle.parse().unwrap()).unwrap();
        prop_assert!(fixes.fixes().iter().any(|f| f.equation() == &eq), "{puzzle} -> {truth}");
    }

    #[test]
    fn fixes_are_the_exactly_true_candidates(text in equation(false), keep in any::<bool>()) {
        let rules = Rules::default().keep_orientation(keep);
        for change in [Change::Move(1), Change::Move(2), Change::Remove(1), Change::Add(1)] {
            check(&text, rules, change);
        }
    }

    #[test]
    fn with_several_equals(text in equation(true)) {
        let rules = Rules::default().multiple_equals(true);
        for change in [Change::Move(1), Change::Add(1), Change::Remove(1)] {
            check(&text, rules, change);
        }
    }
}
