//! Clues between values of one category (issue 17, point 8): a clue that no
//! grid satisfies is refused with its line, the legitimate ones keep their
//! meaning, and contradictions spread over several clues are found without
//! thrashing. Checked against the brute-force reading of `common`.

mod common;

use common::Oracle;
use kongming_search::dfs::Budget;
use kongming_zebra_csp::{Clue, Item, Puzzle, PuzzleError, SolveOptions, Solver, Term, Uniqueness};
use proptest::prelude::*;

/// The issue's 6×6 puzzle without its clues.
const ISSUE_CATEGORIES: &str = "\
cat0: Ed Hal blue zebra Lu Swede
cat1: Bob pink Gus fir water red
cat2: pop green juice pine Brit Ukrainian
cat3: cat soul black white Flo dog
cat4: punk ash coffee Japanese Di Jo
cat5: tea Spaniard elm rock ivory Ivy

";

/// The issue's two other clues, which leave many solutions.
const ISSUE_OTHER_CLUES: &str = "zebra left-of 6\nGus next-to white\n";

/// A node limit far above what these puzzles need and far below the
/// millions of case splits of a thrashing search.
const NODES: u64 = 20_000;

fn solver_with_limit(puzzle: &Puzzle) -> Solver<'_> {
    Solver::with_options(
        puzzle,
        SolveOptions::new().budget(Budget::unlimited().with_node_limit(NODES)),
    )
}

#[test]
fn the_issue_puzzle_is_refused_at_its_line() {
    let text = format!("{ISSUE_CATEGORIES}punk = Jo\n{ISSUE_OTHER_CLUES}");
    let err = text.parse::<Puzzle>().unwrap_err();
    assert_eq!(err.line(), Some(8));
    assert_eq!(
        err.error(),
        &PuzzleError::NeverHolds {
            clue: "punk = Jo".into(),
            positions: 6,
            category: Some("cat4".into()),
        }
    );
    assert_eq!(
        err.to_string(),
        "line 8: the clue 'punk = Jo' can never hold: two values of category 'cat4' \
         are never in the same house"
    );
}

#[test]
fn contradictions_spread_over_clues_are_found_quickly() {
    // Each pair of clues is satisfiable alone; together they break a
    // category's rule. None may take the millions of splits of the issue.
    for clues in [
        "punk = Ivy\nJo = Ivy\n",           // punk and Jo in one house, via Ivy
        "Di with punk or Ivy\nDi != Ivy\n", // Di is with Ivy (never with punk)
        "punk at 2\nJo at 2\n",
        "punk next-to Ivy\nJo next-to Ivy\nDi next-to Ivy\n", // three neighbours
        "Ivy between punk and Jo\nIvy at 1\n",
    ] {
        let text = format!("{ISSUE_CATEGORIES}{clues}{ISSUE_OTHER_CLUES}");
        let puzzle: Puzzle = text.parse().unwrap();
        let mut solver = solver_with_limit(&puzzle);
        assert_eq!(solver.uniqueness(), Uniqueness::NoSolution, "{clues}");
        assert!(solver.is_complete());
    }
}

/// The 4×2 puzzle the table below adds one clue to.
const SMALL: &str = "a: a1 a2 a3 a4\nb: b1 b2 b3 b4\n";

/// Every clue kind with two or three values of category `a`: refused when no
/// grid satisfies it, else kept with its meaning (the solution count matches
/// brute force, and where it is the same as a simpler clue, that one's).
#[test]
fn every_clue_kind_within_one_category_is_defined() {
    let refused = |line: &str, category: Option<&str>| {
        let err = format!("{SMALL}{line}\n").parse::<Puzzle>().unwrap_err();
        assert_eq!(err.line(), Some(3), "{line}");
        assert_eq!(
            err.error(),
            &PuzzleError::NeverHolds {
                clue: line.into(),
                positions: 4,
                category: category.map(Into::into),
            },
            "{line}"
        );
        // And no grid satisfies it (brute force over all of them).
        assert_eq!(Oracle::new(&format!("{SMALL}{line}\n")).count_brute(1), 0);
    };
    refused("a1 = a2", Some("a"));
    refused("a1 with a2 or a3", Some("a"));
    // Not a category matter: no room in the row.
    refused("a1 left-of 1", None);
    refused("a1 between 2 and 3", None);
    refused("a1 somewhere-right-of 4", None);

    let count = |lines: &str| {
        let text = format!("{SMALL}{lines}");
        let puzzle: Puzzle = text.parse().unwrap();
        let count = puzzle.count();
        assert_eq!(count, Oracle::new(&text).count_brute(u64::MAX), "{lines}");
        count
    };
    let free = count("");
    assert_eq!(free, 24 * 24);
    // Always true within a category: kept, changes nothing.
    assert_eq!(count("a1 != a2\n"), free);
    for line in [
        "a1 left-of a2",
        "a1 right-of a2",
        "a1 somewhere-left-of a2",
        "a1 somewhere-right-of a2",
        "a1 next-to a2",
        "a1 not-next-to a2",
        "a1 distance 2 from a2",
        "a1 distance 3 from a2",
        "a1 between a2 and a3",
        "a1 between a2 and b1",
        "b1 between a1 and a2",
        "b1 with a1 or a2",
        "a1 with b1 or 2",
    ] {
        let n = count(&format!("{line}\n"));
        assert!(n > 0 && n < free, "{line}: {n}");
    }
    // With its own category ruled out, either-or is a plain equality.
    assert_eq!(count("a1 with a2 or b1\n"), count("a1 = b1\n"));
    assert_eq!(count("a1 with a2 or 3\n"), count("a1 at 3\n"));
    // Two values in one house by two clues: no solution (at one house,
    // found by propagation before any case split).
    assert_eq!(count("a1 = b1\na2 = b1\n"), 0);
    let puzzle: Puzzle = format!("{SMALL}a1 at 2\na2 at 2\n").parse().unwrap();
    let mut solver = Solver::new(&puzzle);
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.stats().case_splits, 0);
    // A value with itself is refused for every kind.
    for line in [
        "a1 = a1",
        "a1 != a1",
        "a1 next-to a1",
        "a1 left-of a1",
        "a1 between a1 and a2",
        "a1 with a2 or a2",
        "a1 distance 2 from a1",
    ] {
        let err = format!("{SMALL}{line}\n").parse::<Puzzle>().unwrap_err();
        assert!(
            matches!(err.error(), PuzzleError::RepeatedTerm(_)),
            "{line}: {err}"
        );
    }
}

/// A term of a random clue: a house, or a value, often of the clue's "home"
/// category (so that many clues stay inside one category, any of them).
#[derive(Clone, Copy, Debug)]
struct RawTerm {
    house: bool,
    at_home: bool,
    category: u8,
    value: u8,
}

fn term_raw() -> impl Strategy<Value = RawTerm> {
    (
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.6),
        any::<u8>(),
        any::<u8>(),
    )
        .prop_map(|(house, at_home, category, value)| RawTerm {
            house,
            at_home,
            category,
            value,
        })
}

type RawClue = (u8, u8, [RawTerm; 3], u8);

fn clue_raw() -> impl Strategy<Value = RawClue> {
    (
        any::<u8>(),
        any::<u8>(),
        [term_raw(), term_raw(), term_raw()],
        any::<u8>(),
    )
}

fn clue(n: usize, cats: usize, raw: RawClue) -> Clue {
    let (kind, home, terms, k) = raw;
    let [a, b, c] = terms.map(|t| {
        if t.house {
            Term::House(usize::from(t.value) % n)
        } else {
            let category = if t.at_home { home } else { t.category };
            Term::Value(Item {
                category: usize::from(category) % cats,
                value: usize::from(t.value) % n,
            })
        }
    });
    match kind % 11 {
        0 => Clue::Same(a, b),
        1 => Clue::NotSame(a, b),
        2 => Clue::LeftOf(a, b),
        3 => Clue::RightOf(a, b),
        4 => Clue::SomewhereLeftOf(a, b),
        5 => Clue::SomewhereRightOf(a, b),
        6 => Clue::NextTo(a, b),
        7 => Clue::NotNextTo(a, b),
        8 => Clue::Distance(a, usize::from(k) % n, b),
        9 => Clue::Between(a, b, c),
        _ => Clue::EitherOr(a, b, c),
    }
}

/// Categories `a`, `b`, … of `n` values `a0 a1 …`, no clue.
fn blank(n: usize, cats: usize) -> Puzzle {
    let text: String = (0..cats)
        .map(|c| {
            let letter = char::from(b'a' + c as u8);
            let values: Vec<String> = (0..n).map(|v| format!("{letter}{v}")).collect();
            format!("{letter}: {}\n", values.join(" "))
        })
        .collect();
    text.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A clue is refused as `NeverHolds` exactly when brute force finds no
    /// grid where it holds; the other refusals are for what they say.
    #[test]
    fn refusals_match_brute_force(n in 2usize..=4, cats in 1usize..=3, raw in clue_raw()) {
        let mut puzzle = blank(n, cats);
        let clue = clue(n, cats, raw);
        let terms = clue.terms();
        let repeated = terms.iter().enumerate().any(|(i, t)| terms[..i].contains(t));
        let no_value = terms.iter().all(|t| matches!(t, Term::House(_)));
        match puzzle.add_clue(clue) {
            Err(PuzzleError::RepeatedTerm(_)) => prop_assert!(repeated),
            Err(PuzzleError::NoValue) => prop_assert!(no_value && !repeated),
            Err(PuzzleError::BadDistance(k)) => prop_assert!(k == 0 || k >= n),
            Err(PuzzleError::NeverHolds { .. }) => {
                prop_assert!(!repeated && !no_value);
                let text = format!("{}{}\n", blank(n, cats), puzzle.clue_text(&clue));
                prop_assert_eq!(Oracle::new(&text).count_brute(1), 0, "{}", text);
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
            Ok(_) => {
                prop_assert!(!repeated && !no_value);
                let oracle = Oracle::new(&puzzle.to_string());
                prop_assert_eq!(oracle.count_brute(1), 1, "{}", puzzle);
            }
        }
    }

    /// Puzzles of up to 4 houses and 4 categories (mostly 4×4, where a
    /// thrashing search shows), with many clues inside one category:
    /// settled (no solution, one, or two) within a small number of case
    /// splits, and right by brute force where that is cheap.
    #[test]
    fn small_puzzles_settle_in_few_case_splits(
        (n, cats) in prop_oneof![3 => Just((4, 4)), 1 => (2usize..=4, 1usize..=4)],
        raws in prop::collection::vec(clue_raw(), 0..16),
    ) {
        const MOST_SPLITS: u64 = 128;
        let mut puzzle = blank(n, cats);
        for raw in raws {
            let _ = puzzle.add_clue(clue(n, cats, raw));
        }
        let options = SolveOptions::new()
            .budget(Budget::unlimited().with_node_limit(MOST_SPLITS + 1));
        let mut solver = Solver::with_options(&puzzle, options);
        let answer = solver.uniqueness();
        prop_assert!(answer != Uniqueness::Unknown, "{}: {}", puzzle, solver.stats());
        prop_assert!(solver.stats().case_splits <= MOST_SPLITS);
        let oracle = Oracle::new(&puzzle.to_string());
        let found = match &answer {
            Uniqueness::NoSolution => 0,
            Uniqueness::Unique(s) => { prop_assert!(oracle.holds(s.houses())); 1 }
            Uniqueness::Multiple(a, b) => {
                prop_assert!(oracle.holds(a.houses()) && oracle.holds(b.houses()) && a != b);
                2
            }
            other => { prop_assert!(false, "unexpected {other:?}"); 0 }
        };
        if n <= 3 || cats <= 3 {
            prop_assert_eq!(oracle.count_brute(2), found, "{}", puzzle);
        }
    }
}
