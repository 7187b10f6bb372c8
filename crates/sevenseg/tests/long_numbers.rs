//! Exact truth however long the numbers: equations past `i128` (up to the
//! 64-glyph limit) against the tests' own big-integer evaluator, and the
//! solver's one-stick fixes against a stick-by-stick enumeration
//! (`common::one_stick`) on such equations.

mod common;

use std::collections::BTreeSet;

use common::{
    Frac, Kind, OracleStyle, ascii, brute_force_all, eval_side, one_stick, oracle_true, select,
};
use kongming_sevenseg::{Change, Equation, MAX_GLYPHS, Rules, Solver, Style};
use num_bigint::BigInt;
use proptest::prelude::*;

/// The solver's fixes of `text` as ASCII strings, each checked true by the
/// oracle.
fn solver_fixes(text: &str, change: Change, rules: Rules) -> BTreeSet<String> {
    let eq = rules.parse(text).unwrap();
    let solutions = Solver::new(change).rules(rules).solve(&eq).unwrap();
    assert!(solutions.outcome().is_complete());
    let fixes: BTreeSet<String> = solutions
        .fixes()
        .iter()
        .map(|f| ascii(&f.to_string()))
        .collect();
    assert_eq!(fixes.len(), solutions.fixes().len(), "fixes are distinct");
    for fix in &fixes {
        assert!(oracle_true(fix), "{fix} is reported but false");
    }
    fixes
}

fn kind_of(change: Change) -> Kind {
    match change {
        Change::Move(_) => Kind::Move,
        Change::Remove(_) => Kind::Remove,
        Change::Add(_) => Kind::Add,
    }
}

/// The solver and the stick-by-stick oracle agree on every one-stick change.
fn agrees_with_one_stick(text: &str, keep: bool, multi: bool) {
    let rules = Rules::default()
        .keep_orientation(keep)
        .multiple_equals(multi);
    for change in [Change::Move(1), Change::Remove(1), Change::Add(1)] {
        let want = one_stick::fixes(text, kind_of(change), keep, OracleStyle::default(), multi);
        let got = solver_fixes(text, change, rules);
        assert_eq!(got, want, "{text} {change} keep={keep}");
    }
}

/// Whether the equation's values and truth agree with the oracle.
fn evaluates_like_the_oracle(text: &str, rules: Rules) -> Result<(), TestCaseError> {
    let eq = rules.parse(text).unwrap();
    let want: Option<Vec<Frac>> = text.split('=').map(eval_side).collect();
    match (eq.evaluate(), want) {
        (Ok(got), Some(want)) => {
            prop_assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                prop_assert_eq!(g.to_string(), w.shown(), "{}", text);
            }
        }
        (Err(_), None) => {}
        (got, want) => prop_assert!(false, "{text}: {got:?} against {want:?}"),
    }
    prop_assert_eq!(eq.is_true(), oracle_true(text), "{}", text);
    Ok(())
}

#[test]
fn overflow_keeps_a_true_fix() {
    // Reported: 0 fixes, and `is_true` false for the true `…*0=0`.
    let puzzle = "99999999999999999999*99999999999999999999*6=0";
    let fix = "99999999999999999999*99999999999999999999*0=0";
    assert!(fix.parse::<Equation>().unwrap().is_true());
    assert!(oracle_true(fix));
    let got = solver_fixes(puzzle, Change::Move(1), Rules::default());
    assert!(got.contains(fix), "{got:?}");
    for keep in [false, true] {
        agrees_with_one_stick(puzzle, keep, false);
    }
}

#[test]
fn long_numbers_evaluate_exactly() {
    // In 64 glyphs, an equation whose work leaves i128 is true only
    // through a factor 0 (a product of 39 digits and its cancellation do
    // not fit), so the true ones here multiply by 0.
    let n = "9".repeat(20);
    for text in [
        format!("{n}*{n}*0=0"),
        format!("0*{n}*{n}=0"),
        format!("{n}*{n}*0+7=7"),
        format!("7={n}*{n}*0+7"),
        format!("1/3-1/3={n}*0"),
        format!("{n}*{n}/0=0"),
        format!("{n}*{n}=0*1"),
        format!("{}=1/1", "9".repeat(40)),
        format!("1/{n}/{n}=0"),
        format!("{}+1=1", "9".repeat(60)),
        // Around i128::MAX and i128::MIN.
        "170141183460469231731687303715884105727+1=1".to_string(),
        "170141183460469231731687303715884105728-1=1".to_string(),
        "0-170141183460469231731687303715884105727-1=1".to_string(),
        "0-170141183460469231731687303715884105728-1=1".to_string(),
        "0-170141183460469231731687303715884105728*1/1=1".to_string(),
        // Equal modulo 2^64 (so the quick residue test passes them on),
        // different in fact: only exact evaluation tells.
        format!("0={TWO_64}*{TWO_64}"),
        format!("{TWO_64}*{TWO_64}=0"),
        format!("5={TWO_64}*{TWO_64}+5"),
        format!("1=1={TWO_64}*{TWO_64}+1"),
    ] {
        evaluates_like_the_oracle(&text, Rules::default().multiple_equals(true)).unwrap();
    }
    // No false fix either: `0=2^128` is a candidate (remove 1 from the 8).
    for keep in [false, true] {
        agrees_with_one_stick(&format!("8={TWO_64}*{TWO_64}"), keep, false);
        agrees_with_one_stick(&format!("1=1={TWO_64}*{TWO_64}+7"), keep, true);
    }
}

/// 2^64: numbers that are multiples of it vanish modulo 2^64.
const TWO_64: &str = "18446744073709551616";

#[test]
fn one_stick_oracle_agrees_with_the_full_enumeration() {
    // The stick-by-stick oracle is checked against the glyph-by-glyph one
    // where both can run.
    for text in [
        "6+4=4", "5+7=2", "9+5=9", "3*3=6", "8/2=3", "12=13", "7-1=8",
    ] {
        let all = brute_force_all(text, 1, OracleStyle::default());
        for kind in [Kind::Move, Kind::Remove, Kind::Add] {
            for keep in [false, true] {
                let want = select(&all, kind, 1, keep);
                let got = one_stick::fixes(text, kind, keep, OracleStyle::default(), false);
                assert_eq!(got, want, "{text} {kind:?} keep={keep}");
            }
        }
    }
}

/// A number of `n` digits, the first not 0.
fn digits(n: usize) -> impl Strategy<Value = String> {
    (1u8..10, prop::collection::vec(0u8..10, n - 1)).prop_map(|(first, rest)| {
        std::iter::once(first)
            .chain(rest)
            .map(|d| char::from(b'0' + d))
            .collect()
    })
}

/// 0, a number of 1 to 3 digits, or a long one (up to 45 digits, past
/// i128).
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just("0".to_string()),
        2 => (1u32..1000).prop_map(|n| n.to_string()),
        1 => digits(20),
        1 => digits(39),
        1 => (17usize..46).prop_flat_map(digits),
        1 => (1u32..1000).prop_map(|k| (BigInt::from(k) << 64usize).to_string()),
    ]
}

/// `numbers` joined by `ops`, as long as the glyphs fit in `room` (the
/// first number cut short if need be).
fn join(numbers: &[String], ops: &[char], room: usize) -> String {
    let mut text: String = numbers[0].chars().take(room).collect();
    for (n, o) in numbers[1..].iter().zip(ops) {
        if text.len() + 1 + n.len() > room {
            break;
        }
        text.push(*o);
        text.push_str(n);
    }
    text
}

/// An expression (one side) of 1 to 5 numbers of any length.
fn expression(room: usize) -> impl Strategy<Value = String> {
    let op = prop::sample::select(vec!['+', '-', '*', '/']);
    (
        prop::collection::vec(number(), 1..6),
        prop::collection::vec(op, 5),
    )
        .prop_map(move |(numbers, ops)| join(&numbers, &ops, room))
}

/// An equation `left=right` of at most [`MAX_GLYPHS`] glyphs.
fn equation() -> impl Strategy<Value = String> {
    expression(MAX_GLYPHS - 2).prop_flat_map(|left| {
        let room = MAX_GLYPHS - left.len() - 1;
        expression(room).prop_map(move |right| format!("{left}={right}"))
    })
}

/// A true equation, when it fits: a left side and its value (a whole
/// number or a fraction in lowest terms, added to the left side when it is
/// negative), either way round.
fn valued_equation() -> impl Strategy<Value = Option<String>> {
    (expression(MAX_GLYPHS - 2), any::<bool>()).prop_map(|(left, swap)| {
        let value = eval_side(&left)?;
        let (left, right) = if value.num < BigInt::from(0) {
            let opposite = Frac {
                num: -value.num,
                den: value.den,
            };
            (format!("{left}+{}", opposite.shown()), "0".to_string())
        } else {
            (left, value.shown())
        };
        let text = if swap {
            format!("{right}={left}")
        } else {
            format!("{left}={right}")
        };
        (text.len() <= MAX_GLYPHS).then_some(text)
    })
}

/// A true equation whose work leaves i128 in machine arithmetic: a
/// product of two numbers of 20 digits and then a 0, or a 0 and a number
/// of 39 digits or more in either order, alone or added to or taken from
/// a small number on both sides.
fn zero_product() -> impl Strategy<Value = Option<String>> {
    let two = (digits(20), digits(20)).prop_map(|(a, b)| format!("{a}*{b}*0"));
    let one = ((39usize..45).prop_flat_map(digits), 0usize..3).prop_map(|(a, order)| match order {
        0 => format!("0*{a}"),
        1 => format!("{a}*0"),
        _ => format!("0/{a}"),
    });
    (prop_oneof![two, one], 0u32..1000, 0usize..4).prop_map(|(product, c, form)| {
        let text = match form {
            0 => format!("{product}=0"),
            1 => format!("{product}+{c}={c}"),
            2 => format!("{c}={c}-{product}"),
            _ => format!("0={product}"),
        };
        (text.len() <= MAX_GLYPHS).then_some(text)
    })
}

/// A true equation with long numbers.
fn true_equation() -> impl Strategy<Value = Option<String>> {
    prop_oneof![valued_equation(), zero_product()]
}

/// The same with its last digit off by one: false, but close.
fn near_miss(text: &str) -> Option<String> {
    let last = text.chars().last()?.to_digit(10)?;
    let mut out: String = text[..text.len() - 1].to_string();
    out.push(char::from_digit((last + 1) % 10, 10)?);
    Some(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn truth_agrees_with_big_integers(text in equation()) {
        evaluates_like_the_oracle(&text, Rules::default())?;
    }

    #[test]
    fn true_equations_are_true(text in true_equation()) {
        let Some(text) = text else { return Ok(()) };
        prop_assert!(oracle_true(&text));
        evaluates_like_the_oracle(&text, Rules::default())?;
        // Off by one in the last digit, or by 2^64 (which the residue
        // test cannot see).
        let plus = format!("{text}+{TWO_64}");
        prop_assert!(!oracle_true(&plus));
        for miss in near_miss(&text).into_iter().chain([plus]) {
            if Rules::default().parse(&miss).is_ok() {
                evaluates_like_the_oracle(&miss, Rules::default())?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Puzzles one stick away from a true equation with long numbers: the
    /// solver's one-stick fixes are the oracle's, and include the equation.
    #[test]
    fn one_stick_fixes_near_long_true_equations(
        truth in true_equation(),
        kind in prop::sample::select(vec![Kind::Move, Kind::Remove, Kind::Add]),
        pick in any::<prop::sample::Index>(),
        keep in any::<bool>(),
    ) {
        let Some(truth) = truth else { return Ok(()) };
        // Undoing `kind` from the puzzle gives the truth back.
        let undo = match kind {
            Kind::Move => Kind::Move,
            Kind::Remove => Kind::Add,
            Kind::Add => Kind::Remove,
        };
        let near: Vec<String> = one_stick::neighbours(&truth, undo, keep, OracleStyle::default())
            .into_iter()
            .filter(|c| common::oracle_well_formed(c, false))
            .collect();
        if near.is_empty() {
            return Ok(());
        }
        let puzzle = &near[pick.index(near.len())];
        agrees_with_one_stick(puzzle, keep, false);
        let change = match kind {
            Kind::Move => Change::Move(1),
            Kind::Remove => Change::Remove(1),
            Kind::Add => Change::Add(1),
        };
        let rules = Rules::default().keep_orientation(keep);
        prop_assert!(solver_fixes(puzzle, change, rules).contains(&truth), "{} -> {}", puzzle, truth);
    }

    #[test]
    fn one_stick_fixes_of_long_equations(text in equation(), keep in any::<bool>()) {
        agrees_with_one_stick(&text, keep, false);
    }
}

#[test]
fn styles_do_not_matter_to_exactness() {
    // A 9 without its bottom stick: the long-number fix is still found.
    let rules = Rules::default().style(Style::default().nine_with_bottom(false));
    let got = solver_fixes(
        "99999999999999999999*99999999999999999999*6=0",
        Change::Move(1),
        rules,
    );
    assert!(got.contains("99999999999999999999*99999999999999999999*0=0"));
}
