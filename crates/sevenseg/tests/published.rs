//! The published answers of the matchstick puzzles in the issue, under the
//! default rules unless named, checked as complete sets and replayed on an
//! independent stick table.

mod common;

use std::collections::BTreeSet;

use common::{OracleStyle, replay};
use kongming_sevenseg::{Change, Equation, Rules, Solver, Style};

fn fixes(text: &str, change: Change, rules: Rules) -> BTreeSet<String> {
    let eq: Equation = rules.parse(text).unwrap();
    let solutions = Solver::new(change).rules(rules).solve(&eq).unwrap();
    assert!(solutions.outcome().is_complete());
    let style = if rules.glyph_style() == Style::default() {
        OracleStyle::default()
    } else {
        OracleStyle {
            nine_bottom: false,
            ..OracleStyle::default()
        }
    };
    for fix in solutions.fixes() {
        assert!(fix.equation().is_true());
        let (before, after) = replay(text, fix, style);
        match change {
            Change::Move(_) => assert_eq!(before, after),
            Change::Remove(k) => assert_eq!(before - k, after),
            Change::Add(k) => assert_eq!(before + k, after),
        }
    }
    solutions.fixes().iter().map(ToString::to_string).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

#[test]
fn six_plus_four_is_four() {
    let got = fixes("6+4=4", Change::Move(1), Rules::default());
    assert_eq!(got, set(&["0+4=4", "8-4=4"]));
}

#[test]
fn six_plus_four_with_the_five_stick_nine() {
    let rules = Rules::default().style(Style::default().nine_with_bottom(false));
    let got = fixes("6+4=4", Change::Move(1), rules);
    assert_eq!(got, set(&["0+4=4", "5+4=9", "8-4=4"]));
}

#[test]
fn six_plus_four_keeping_orientation() {
    let rules = Rules::default().keep_orientation(true);
    let got = fixes("6+4=4", Change::Move(1), rules);
    assert_eq!(got, set(&["8-4=4"]));
}

#[test]
fn five_plus_seven_is_two() {
    assert_eq!(
        fixes("5+7=2", Change::Move(1), Rules::default()),
        set(&["9-7=2"])
    );
}

#[test]
fn six_minus_two_is_seven() {
    assert_eq!(
        fixes("6-2=7", Change::Move(1), Rules::default()),
        set(&["5+2=7", "9-2=7"])
    );
}

#[test]
fn eight_plus_three_minus_four_is_zero() {
    assert_eq!(
        fixes("8+3-4=0", Change::Move(1), Rules::default()),
        set(&["9+3-4=8"])
    );
}

#[test]
fn nine_plus_five_is_nine() {
    assert_eq!(
        fixes("9+5=9", Change::Move(1), Rules::default()),
        set(&["3+5=8", "3+6=9"])
    );
}

#[test]
fn moves_inside_one_glyph() {
    // 6→9, 0→6, 2→3, 3→5 are single moves inside a glyph.
    for (from, to) in [
        ("6=9", "9=9"),
        ("0=6", "6=6"),
        ("2=3", "3=3"),
        ("3=5", "5=5"),
    ] {
        let eq: Equation = from.parse().unwrap();
        let s = Solver::new(Change::Move(1)).solve(&eq).unwrap();
        let fix = s
            .fixes()
            .iter()
            .find(|f| f.to_string() == to)
            .unwrap_or_else(|| panic!("{from} -> {to}"));
        let m = fix.moves();
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].from.position, 0);
        assert_eq!(m[0].to.position, 0);
        assert!(fix.move_kind().inside_glyph);
    }
}

#[test]
fn operators_are_sticks() {
    // A stick taken from `=` leaves `-`.
    let multi = Rules::default().multiple_equals(true);
    assert!(fixes("2=2=0", Change::Remove(1), multi).contains("2-2=0"));
    // A stick added to `-` makes `+` or `=`.
    assert!(fixes("3-1=4", Change::Add(1), Rules::default()).contains("3+1=4"));
    assert!(fixes("2-2=2", Change::Add(1), multi).contains("2=2=2"));
    // `/` is one stick, `×` two crossed ones.
    assert!(fixes("8-2=4", Change::Move(1), Rules::default()).contains("8/2=4"));
    assert!(fixes("3/3=9", Change::Add(1), Rules::default()).contains("3*3=9"));
}

#[test]
fn notation_is_kept() {
    let got = fixes("6 + 4 = 4", Change::Move(1), Rules::default());
    assert_eq!(got, set(&["0 + 4 = 4", "8 - 4 = 4"]));
    let eq: Equation = "3x3=6".parse().unwrap();
    let s = Solver::new(Change::Move(1)).solve(&eq).unwrap();
    for fix in s.fixes() {
        assert!(!fix.to_string().contains('*'), "{fix}");
    }
}

#[test]
fn stick_moves_are_all_listed() {
    // Two sticks: every pairing of taken-up and put-down sticks is offered.
    let eq: Equation = "12+34=56".parse().unwrap();
    let s = Solver::new(Change::Move(2)).solve(&eq).unwrap();
    assert_eq!(s.fixes().len(), 2);
    for fix in s.fixes() {
        let all = fix.all_moves();
        assert!(!all.is_empty() && all.len() <= 2, "{fix}");
        assert!(all.contains(&fix.moves()));
        let distinct: BTreeSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
    }
}

#[test]
fn the_solver_applies_its_own_rules() {
    // Parsed with leading zeros allowed, solved under the default rules:
    // no fix may keep the leading zero.
    let eq = Rules::default()
        .leading_zeros(true)
        .parse("05+4=9")
        .unwrap();
    let strict = Solver::new(Change::Move(1)).solve(&eq).unwrap();
    assert!(
        strict
            .fixes()
            .iter()
            .all(|f| !f.to_string().starts_with('0'))
    );
    let loose = Solver::new(Change::Move(1))
        .rules(Rules::default().leading_zeros(true))
        .solve(&eq)
        .unwrap();
    assert!(loose.fixes().len() >= strict.fixes().len());
}
