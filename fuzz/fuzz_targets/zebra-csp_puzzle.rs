//! Puzzles built through the API (`Puzzle::new`, `add_clue`) against a
//! brute force over every assignment of houses.
//!
//! The input gives two to four houses, one to three categories (names
//! valid, or now and then one that is not, which `Puzzle::new` must
//! refuse), a hidden assignment and up to twelve clues, most of them true
//! of it (so most puzzles have a solution and many exactly one). Clues are
//! accepted exactly when valid: terms in range and distinct, a value among
//! them, and some placement (two values of one category never in one
//! house) that makes them hold. The
//! solver's count, `uniqueness`, `solve`, every solution listed (with and
//! without singleton consistency) and the explanation must agree with the
//! brute force: the explanation reaches a real solution, or a
//! contradiction when there is none, and when the solution is unique no
//! step outside a refutation rules out a value's house in it.
#![no_main]

#[path = "../common/zebra_oracle.rs"]
mod zebra_oracle;

use std::collections::BTreeSet;

use arbitrary::{Result, Unstructured};
use kongming_zebra_csp::{Category, Clue, House, Item, Puzzle, Reason, Solution, SolveOptions, Solver, Term, Uniqueness};
use libfuzzer_sys::fuzz_target;
use zebra_oracle::{Houses, holds, holds_somewhere, solutions};

#[derive(Debug)]
struct Case {
    categories: Vec<(String, Vec<String>)>,
    /// Whether a name was spoiled on purpose.
    spoiled: bool,
    clues: Vec<Clue>,
    singleton: bool,
}

/// The 0-based house of every value, in the oracle's shape.
fn indices(solution: &Solution) -> Houses {
    let rows = solution.houses().iter();
    rows.map(|row| row.iter().map(|h| h.index()).collect()).collect()
}

fn term(u: &mut Unstructured<'_>, n: usize, categories: usize) -> Result<Term> {
    Ok(if u.ratio(1, 5)? {
        Term::House(House::from_index(u.int_in_range(0..=n)?).expect("a small row"))
    } else {
        let category = Category::from_index(u.int_in_range(0..=categories - 1)?);
        let index = u.int_in_range(0..=n - 1)?;
        Term::Value(Item::new(category.expect("few categories"), index).expect("a small row"))
    })
}

fn clue(u: &mut Unstructured<'_>, n: usize, categories: usize) -> Result<Clue> {
    let (a, b, c) = (
        term(u, n, categories)?,
        term(u, n, categories)?,
        term(u, n, categories)?,
    );
    Ok(match u.int_in_range(0..=10)? {
        0 => Clue::Same(a, b),
        1 => Clue::NotSame(a, b),
        2 => Clue::LeftOf(a, b),
        3 => Clue::RightOf(a, b),
        4 => Clue::SomewhereLeftOf(a, b),
        5 => Clue::SomewhereRightOf(a, b),
        6 => Clue::NextTo(a, b),
        7 => Clue::NotNextTo(a, b),
        8 => Clue::Distance(a, u.int_in_range(0..=n)?, b),
        9 => Clue::Between(a, b, c),
        _ => Clue::EitherOr(a, b, c),
    })
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    // At most 576 assignments (4 houses, 2 categories; or 3 houses, 3
    // categories: 216), so the brute force and the listing of every
    // solution stay quick.
    let n = u.int_in_range(2..=4)?;
    let count = u.int_in_range(1..=if n == 4 { 2 } else { 3 })?;
    let mut categories: Vec<(String, Vec<String>)> = (0..count)
        .map(|c| {
            (
                format!("cat{c}"),
                (0..n).map(|v| format!("q{c}v{v}")).collect(),
            )
        })
        .collect();
    let spoiled = u.ratio(1, 16)?;
    if spoiled {
        let c = u.choose_index(count)?;
        let v = u.choose_index(n)?;
        categories[c].1[v] = u
            .choose(&[
                "",
                "two words",
                "12",
                "a#b",
                "x:y",
                "q0v0",
                "cat0",
                &"z".repeat(65),
            ])?
            .to_string();
        // "q0v0" and "cat0" only clash when they are another name.
        if categories[c].1[v] == format!("q{c}v{v}") {
            categories[c].1[v] = String::new();
        }
    }
    let hidden: Houses = (0..count)
        .map(|_| {
            let mut p: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                p.swap(i, u.int_in_range(0..=i)?);
            }
            Ok(p)
        })
        .collect::<Result<_>>()?;
    let mut clues = Vec::new();
    for _ in 0..u.int_in_range(0..=12)? {
        let c = clue(u, n, count)?;
        let in_range = c
            .terms()
            .iter()
            .all(|t| !matches!(t, Term::House(h) if h.index() >= n))
            && !matches!(c, Clue::Distance(_, k, _) if k == 0 || k >= n);
        if !in_range || holds(&c, &hidden) || u.ratio(1, 4)? {
            clues.push(c);
        }
    }
    Ok(Case {
        categories,
        spoiled,
        clues,
        singleton: u.arbitrary()?,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let spec: Vec<(&str, Vec<&str>)> = case
        .categories
        .iter()
        .map(|(name, values)| (name.as_str(), values.iter().map(String::as_str).collect()))
        .collect();
    let mut puzzle = match Puzzle::new(&spec) {
        Ok(p) => {
            assert!(!case.spoiled, "accepted {spec:?}");
            p
        }
        Err(_) => {
            assert!(case.spoiled, "refused {spec:?}");
            return;
        }
    };
    for clue in &case.clues {
        let n = puzzle.positions();
        let terms = clue.terms();
        let valid = terms
            .iter()
            .all(|t| !matches!(t, Term::House(h) if h.index() >= n))
            && (1..terms.len()).all(|i| !terms[..i].contains(&terms[i]))
            && terms.iter().any(|t| matches!(t, Term::Value(_)))
            && !matches!(clue, Clue::Distance(_, k, _) if *k == 0 || *k >= n)
            && holds_somewhere(clue, n);
        assert_eq!(puzzle.add_clue(*clue).is_ok(), valid, "{clue:?}");
    }
    // The text form round-trips.
    let written = puzzle.to_string();
    assert_eq!(
        written.parse::<Puzzle>().expect("written puzzles parse"),
        puzzle
    );

    let all: BTreeSet<Houses> = solutions(&puzzle).into_iter().collect();
    assert_eq!(puzzle.count(), all.len() as u64, "{puzzle}");
    match puzzle.uniqueness() {
        Uniqueness::NoSolution => assert!(all.is_empty()),
        Uniqueness::Unique(s) => assert_eq!(all, BTreeSet::from([indices(&s)])),
        Uniqueness::Multiple(a, b) => {
            assert!(all.len() > 1);
            assert_ne!(a, b);
            assert!(all.contains(&indices(&a)) && all.contains(&indices(&b)));
        }
        other => panic!("{other:?} without a budget"),
    }
    assert_eq!(
        puzzle.solve().is_some(),
        !all.is_empty()
    );
    let options = SolveOptions::new().singleton_consistency(case.singleton);
    let mut solver = Solver::with_options(&puzzle, options);
    let mut listed = Vec::new();
    while let Some(s) = solver.next_solution() {
        assert!(all.contains(&indices(&s)));
        listed.push(indices(&s));
    }
    let distinct: BTreeSet<Houses> = listed.iter().cloned().collect();
    assert_eq!(distinct.len(), listed.len(), "a solution listed twice");
    assert_eq!(distinct, all);

    let explanation = puzzle.explain_with(&options);
    match explanation.solution() {
        Some(s) => assert!(all.contains(&indices(s)), "{explanation}"),
        None => {
            assert!(all.is_empty(), "{explanation}");
            assert!(explanation.contradiction().is_some());
        }
    }
    let _ = explanation.to_string();
    for step in explanation.steps() {
        for change in &step.changes {
            assert!(change.after.iter().all(|h| change.before.contains(h)));
            assert!(change.after.len() < change.before.len(), "{change:?}");
            if let (Some(only), 1, Reason::Clue(_) | Reason::Category(_) | Reason::Refuted { .. }) =
                (all.first(), all.len(), step.reason)
            {
                let house = only[change.item.category().index()][change.item.index()];
                assert!(
                    change.after.iter().any(|h| h.index() == house),
                    "step {step:?} drops the solution"
                );
            }
        }
        let _ = step.to_text(&puzzle);
    }
});
