//! The solver against a brute-force enumeration of every glyph combination
//! (an independent stick table and evaluator in `common`), for k = 1 and 2,
//! moving, removing and adding, on short equations.

mod common;

use std::collections::BTreeSet;

use common::{Kind, OracleStyle, brute_force_all, oracle_true, replay, select};
use kongming_sevenseg::{Change, Equation, Rules, Solver, Style};
use proptest::prelude::*;

fn solver_set(text: &str, change: Change, rules: Rules, style: OracleStyle) -> BTreeSet<String> {
    let eq: Equation = rules.parse(text).unwrap();
    let solutions = Solver::new(change).rules(rules).solve(&eq).unwrap();
    assert!(solutions.outcome().is_complete());
    let mut out = BTreeSet::new();
    for fix in solutions.fixes() {
        let shown = fix.to_string();
        assert!(oracle_true(&shown), "{shown} is not true");
        let (before, after) = replay(text, fix, style);
        match change {
            Change::Move(k) => {
                assert_eq!(before, after);
                assert_eq!(fix.removed().len(), k);
                assert_eq!(fix.added().len(), k);
                assert_eq!(fix.moves().len(), k);
                if rules.keeps_orientation() {
                    for m in fix.moves() {
                        assert_eq!(m.from.segment.orientation(), m.to.segment.orientation());
                    }
                }
            }
            Change::Remove(k) => assert_eq!(before, after + k),
            Change::Add(k) => assert_eq!(before + k, after),
        }
        assert!(out.insert(shown), "fixes are distinct equations");
    }
    out
}

fn check(text: &str, style: OracleStyle, keep: bool) {
    check_up_to(text, style, keep, 2);
}

fn check_up_to(text: &str, style: OracleStyle, keep: bool, max_k: usize) {
    let rules = Rules::default().keep_orientation(keep).style(
        Style::default()
            .six_with_top(style.six_top)
            .seven_with_upper_left(style.seven_left)
            .nine_with_bottom(style.nine_bottom),
    );
    let all = brute_force_all(text, max_k, style);
    for k in 1..=max_k {
        for (kind, change) in [
            (Kind::Move, Change::Move(k)),
            (Kind::Remove, Change::Remove(k)),
            (Kind::Add, Change::Add(k)),
        ] {
            let want = select(&all, kind, k, keep);
            let got = solver_set(text, change, rules, style);
            assert_eq!(got, want, "{text} {change} keep={keep} {style:?}");
        }
    }
}

#[test]
fn published_puzzles_agree_with_brute_force() {
    for text in ["6+4=4", "5+7=2", "6-2=7", "9+5=9", "3*3=6", "8/2=3", "1=7"] {
        for keep in [false, true] {
            check(text, OracleStyle::default(), keep);
        }
    }
    let five_nine = OracleStyle {
        nine_bottom: false,
        ..OracleStyle::default()
    };
    check("6+4=4", five_nine, false);
}

#[test]
fn three_sticks_agree_with_brute_force() {
    for text in ["6+4=4", "9+5=9", "8*3=6", "7=1/1"] {
        for keep in [false, true] {
            check_up_to(text, OracleStyle::default(), keep, 3);
        }
    }
}

/// Short equations: 1-digit or 2-digit numbers, at most five glyphs, one `=`.
fn short_equation() -> impl Strategy<Value = String> {
    let digit = || (0u8..10).prop_map(|d| char::from(b'0' + d));
    let op = prop::sample::select(vec!['+', '-', '*', '/']);
    prop_oneof![
        // a op b = c
        (digit(), op.clone(), digit(), digit()).prop_map(|(a, o, b, c)| format!("{a}{o}{b}={c}")),
        // a = b op c
        (digit(), digit(), op.clone(), digit()).prop_map(|(a, b, o, c)| format!("{a}={b}{o}{c}")),
        // a op b = cd, cd without a leading zero
        (digit(), op, digit(), 1u8..10, digit())
            .prop_map(|(a, o, b, c, d)| format!("{a}{o}{b}={c}{d}")),
        // ab = cd
        (1u8..10, digit(), 1u8..10, digit()).prop_map(|(a, b, c, d)| format!("{a}{b}={c}{d}")),
    ]
}

fn any_style() -> impl Strategy<Value = OracleStyle> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(six_top, seven_left, nine_bottom)| {
        OracleStyle {
            six_top,
            seven_left,
            nine_bottom,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn solver_agrees_with_brute_force(text in short_equation(), style in any_style(), keep in any::<bool>()) {
        check(&text, style, keep);
    }
}
