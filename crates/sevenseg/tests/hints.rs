//! Hints against the tests' own oracles: the fixes come from the
//! stick-by-stick enumeration (one stick) or the brute force over every
//! glyph combination (two sticks), never from the solver. A hint must
//! name a glyph that some fix changes (never a dead end), one changed by
//! as many fixes as any glyph is, every fix when it says so, with the
//! fault those fixes agree on, in words that name that glyph.

mod common;

use std::collections::BTreeSet;

use common::{Kind, OracleStyle, ascii, brute_force_all, one_stick, select, short_equation};
use kongming_sevenseg::{Change, Clue, Equation, Fault, Generator, Puzzle, Rules, Solver};
use proptest::prelude::*;

/// The fault a fix gives the glyph it changes from `from` to `to`, from
/// the oracle's stick letters.
fn oracle_fault(from: char, to: char, style: OracleStyle) -> Fault {
    let (before, after) = (style.sticks(from), style.sticks(to));
    let lost = before.chars().any(|s| !after.contains(s));
    let gained = after.chars().any(|s| !before.contains(s));
    match (lost, gained) {
        (true, false) => Fault::Extra,
        (false, true) => Fault::Missing,
        _ => Fault::Misplaced,
    }
}

/// `first` … `tenth`, `11th`, …: written out again for the test.
fn ordinal(n: usize) -> String {
    let words = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    if n <= 10 {
        words[n - 1].to_string()
    } else {
        let suffix = if (11..=13).contains(&(n % 100)) {
            "th"
        } else {
            ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        };
        format!("{n}{suffix}")
    }
}

/// Checks `hint` for the equation `text` against the oracle's `fixes`
/// (all of them when `complete`).
fn check_clue(
    text: &str,
    hint: &Clue,
    fixes: &BTreeSet<String>,
    complete: bool,
    style: OracleStyle,
) {
    let text = ascii(text);
    let glyphs: Vec<char> = text.chars().collect();
    let fixes: Vec<Vec<char>> = fixes.iter().map(|f| f.chars().collect()).collect();
    assert!(!fixes.is_empty(), "{text}: a hint without a fix");
    assert_eq!(ascii(&hint.equation().to_string()), text);
    let changing = |p: usize| fixes.iter().filter(|f| f[p] != glyphs[p]).count();
    let p = hint.position();
    assert!(p < glyphs.len(), "{text}: {hint}");
    // Never a dead end: some fix changes the glyph.
    assert!(changing(p) > 0, "{text}: no fix changes glyph {p} ({hint})");
    // As many fixes as any glyph.
    let most = (0..glyphs.len()).map(changing).max().unwrap();
    assert_eq!(changing(p), most, "{text}: {hint}");
    assert_eq!(hint.fixes_changing_it(), changing(p), "{text}: {hint}");
    assert_eq!(hint.fixes(), fixes.len(), "{text}: {hint}");
    assert_eq!(
        hint.in_every_fix(),
        complete && changing(p) == fixes.len(),
        "{text}: {hint}"
    );
    // The fault those fixes agree on.
    let faults: BTreeSet<Fault> = fixes
        .iter()
        .filter(|f| f[p] != glyphs[p])
        .map(|f| oracle_fault(glyphs[p], f[p], style))
        .collect();
    let want = if faults.len() == 1 {
        *faults.first().unwrap()
    } else {
        Fault::Mixed
    };
    assert_eq!(hint.fault(), want, "{text}: {hint}");
    // The words name the glyph, by its place among its kind.
    let is_digit = glyphs[p].is_ascii_digit();
    let place = glyphs[..=p]
        .iter()
        .filter(|c| c.is_ascii_digit() == is_digit)
        .count();
    let kind = if is_digit { "digit" } else { "operator" };
    let shown = hint.to_string();
    let opening = format!("Look at the {} {kind}, the ", ordinal(place));
    assert!(shown.starts_with(&opening), "{text}: {shown}");
    let sign: String = shown[opening.len()..].chars().take(1).collect();
    assert_eq!(ascii(&sign), glyphs[p].to_string(), "{text}: {shown}");
    assert_eq!(
        shown.contains(" of the "),
        changing(p) < fixes.len(),
        "{text}: {shown}"
    );
}

/// The oracle's fixes of a generated puzzle, and the puzzle's hint checked
/// against them. The puzzle has one fix, so the hint's glyph is in it.
fn check_puzzle(puzzle: &Puzzle, change: Change, keep: bool) {
    let text = ascii(&puzzle.to_string());
    let style = OracleStyle::default();
    let kind = match change {
        Change::Move(_) => Kind::Move,
        Change::Remove(_) => Kind::Remove,
        Change::Add(_) => Kind::Add,
    };
    let fixes = if change.sticks() == 1 {
        one_stick::fixes(&text, kind, keep, style, false)
    } else {
        let k = change.sticks();
        select(&brute_force_all(&text, k, style), kind, k, keep)
    };
    assert_eq!(fixes.len(), 1, "{text}");
    let hint = puzzle.clue();
    check_clue(&text, &hint, &fixes, true, style);
    assert!(hint.in_every_fix());
}

/// Every single-digit one-move puzzle, with and without kept orientation,
/// and every one-stick remove and add puzzle.
#[test]
fn hints_of_one_stick_puzzles_lead_to_their_fix() {
    for keep in [false, true] {
        let generator = Generator::new(Change::Move(1))
            .unwrap()
            .rules(Rules::default().keep_orientation(keep));
        let puzzles = generator.all().into_puzzles();
        assert!(puzzles.len() > 100);
        for puzzle in &puzzles {
            check_puzzle(puzzle, Change::Move(1), keep);
        }
    }
    for change in [Change::Remove(1), Change::Add(1)] {
        for puzzle in Generator::new(change).unwrap().all().puzzles() {
            check_puzzle(puzzle, change, false);
        }
    }
}

/// A sample of two-stick puzzles, checked with the full brute force.
#[test]
fn hints_of_two_stick_puzzles_lead_to_their_fix() {
    for change in [Change::Move(2), Change::Remove(2), Change::Add(2)] {
        let puzzles = Generator::new(change)
            .unwrap()
            .generate_batch(21, 6)
            .into_puzzles();
        assert!(!puzzles.is_empty(), "{change}");
        for puzzle in &puzzles {
            check_puzzle(puzzle, change, false);
        }
    }
}

/// The classic puzzles, with their hints in words.
#[test]
fn hints_of_the_classic_puzzles() {
    let cases = [
        (
            "6+4=4",
            "Look at the first digit, the 6: it is not the digit it should be",
        ),
        (
            "5+7=2",
            "Look at the first operator, the +: a stick there belongs somewhere else",
        ),
        (
            "6-2=7",
            "Look at the first digit, the 6: it is not the digit it should be",
        ),
        (
            "9+5=9",
            "Look at the first digit, the 9: a stick there belongs somewhere else",
        ),
        (
            "8+3-4=0",
            "Look at the first digit, the 8: a stick there belongs somewhere else",
        ),
    ];
    let style = OracleStyle::default();
    for (text, words) in cases {
        let eq: Equation = text.parse().unwrap();
        let hint = Solver::new(Change::Move(1))
            .solve(&eq)
            .unwrap()
            .clue()
            .unwrap();
        assert_eq!(hint.to_string(), words);
        let fixes = one_stick::fixes(text, Kind::Move, false, style, false);
        check_clue(text, &hint, &fixes, true, style);
    }
    // Where no glyph is in every fix, the hint says how many fixes change it.
    let eq: Equation = "3+3=5".parse().unwrap();
    let hint = Solver::new(Change::Move(1))
        .solve(&eq)
        .unwrap()
        .clue()
        .unwrap();
    assert!(!hint.in_every_fix());
    assert!(
        hint.to_string().ends_with("(in 1 of the 2 fixes)"),
        "{hint}"
    );
    // No fix, no hint.
    let eq: Equation = "1=7".parse().unwrap();
    assert!(
        Solver::new(Change::Move(1))
            .solve(&eq)
            .unwrap()
            .clue()
            .is_none()
    );
}

/// A search stopped by its budget gives a hint from the fixes it found,
/// each a real fix, and claims no more.
#[test]
fn a_stopped_search_hints_from_what_it_found() {
    use kongming_sevenseg::Budget;
    let eq: Equation = "12+34=56-78".parse().unwrap();
    let all = Solver::new(Change::Move(3)).solve(&eq).unwrap();
    assert!(all.fixes().len() > 10);
    let mut hinted = 0;
    for limit in [1u64, 300, 1000, 2000, 3000] {
        let solver =
            Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(limit));
        let some = solver.solve(&eq).unwrap();
        let Some(hint) = some.clue() else {
            assert!(some.fixes().is_empty());
            continue;
        };
        hinted += 1;
        assert!(!some.outcome().is_complete());
        assert!(!hint.in_every_fix());
        let found: BTreeSet<String> = some.fixes().iter().map(ToString::to_string).collect();
        check_clue("12+34=56-78", &hint, &found, false, OracleStyle::default());
        if hint.fixes_changing_it() < hint.fixes() {
            assert!(hint.to_string().ends_with(" fixes found)"), "{hint}");
        }
    }
    assert!(hinted > 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn hints_of_random_equations_point_at_a_fix(
        text in short_equation(),
        kind in prop::sample::select(vec![Kind::Move, Kind::Remove, Kind::Add]),
        keep in any::<bool>(),
    ) {
        let Ok(eq) = text.parse::<Equation>() else { return Ok(()) };
        let change = match kind {
            Kind::Move => Change::Move(1),
            Kind::Remove => Change::Remove(1),
            Kind::Add => Change::Add(1),
        };
        let solver = Solver::new(change).rules(Rules::default().keep_orientation(keep));
        let style = OracleStyle::default();
        let fixes = one_stick::fixes(&text, kind, keep, style, false);
        match solver.solve(&eq).unwrap().clue() {
            None => prop_assert!(fixes.is_empty(), "{}: no hint but {:?}", text, fixes),
            Some(hint) => check_clue(&text, &hint, &fixes, true, style),
        }
    }
}

/// A fix's own hint names a glyph that fix changes.
#[test]
fn a_fix_hints_at_a_glyph_it_changes() {
    let eq: Equation = "12+34=56-78".parse().unwrap();
    let fixes = Solver::new(Change::Move(3))
        .solve(&eq)
        .unwrap()
        .into_fixes();
    assert!(fixes.len() > 10);
    for fix in &fixes {
        let hint = fix.clue();
        let before = ascii(&eq.to_string());
        let after = ascii(&fix.to_string());
        let p = hint.position();
        assert_ne!(before.as_bytes()[p], after.as_bytes()[p], "{fix}: {hint}");
        assert!(!hint.in_every_fix());
        assert!(!hint.to_string().contains(" of the "));
    }
}
