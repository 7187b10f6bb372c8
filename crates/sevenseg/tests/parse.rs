//! Parsing, printing and exact evaluation.

mod common;

use common::{ascii, eval_side, oracle_true};
use kongming_sevenseg::{
    Change, Equation, EvalError, MAX_GLYPHS, ParseErrorKind, Rules, Solver, Value,
};
use proptest::prelude::*;

#[test]
fn errors_give_positions() {
    let cases: &[(&str, ParseErrorKind, usize)] = &[
        ("", ParseErrorKind::Empty, 0),
        ("   ", ParseErrorKind::Empty, 3),
        ("6+4", ParseErrorKind::MissingEquals, 3),
        ("6+4=", ParseErrorKind::ExpectedNumber, 4),
        ("=4", ParseErrorKind::ExpectedNumber, 0),
        ("6++4=1", ParseErrorKind::ExpectedNumber, 2),
        ("6 4=1", ParseErrorKind::ExpectedOperator, 2),
        ("6+a=1", ParseErrorKind::UnexpectedChar('a'), 2),
        ("6+4=4=4", ParseErrorKind::TooManyEquals, 5),
        ("06+4=10", ParseErrorKind::LeadingZero, 0),
        ("6+04=10", ParseErrorKind::LeadingZero, 2),
        ("(6)=6", ParseErrorKind::UnexpectedChar('('), 0),
        ("-6=6", ParseErrorKind::ExpectedNumber, 0),
        ("×6=6", ParseErrorKind::ExpectedNumber, 0),
        ("6=6²", ParseErrorKind::UnexpectedChar('²'), 3),
    ];
    for (text, kind, position) in cases {
        let err = text.parse::<Equation>().unwrap_err();
        assert_eq!(err.kind(), kind, "{text:?}");
        assert_eq!(err.position(), *position, "{text:?}");
        // The text counts from 1.
        assert!(
            err.to_string()
                .contains(&format!("position {}", position + 1))
                || *kind == ParseErrorKind::Empty
        );
    }
}

#[test]
fn length_is_limited() {
    let ok = format!("1{}=1", "+0".repeat((MAX_GLYPHS - 3) / 2));
    assert!(ok.parse::<Equation>().is_ok(), "{}", ok.len());
    let long = format!("1{}=1", "+1".repeat(MAX_GLYPHS));
    let err = long.parse::<Equation>().unwrap_err();
    assert_eq!(err.kind(), &ParseErrorKind::TooLong);
    assert_eq!(err.position(), MAX_GLYPHS);
}

#[test]
fn options_widen_the_syntax() {
    assert!(Rules::default().leading_zeros(true).parse("007=7").is_ok());
    assert!(
        Rules::default()
            .multiple_equals(true)
            .parse("1=1=1")
            .unwrap()
            .is_true()
    );
    assert!(
        !Rules::default()
            .multiple_equals(true)
            .parse("1=1=2")
            .unwrap()
            .is_true()
    );
    // A lone 0 is no leading zero.
    assert!("0+0=0".parse::<Equation>().unwrap().is_true());
}

#[test]
fn notation_round_trips() {
    for text in [
        "6+4=4",
        "6 + 4 = 4",
        "3x2=6",
        "3*2=6",
        "3×2=6",
        "8/2=4",
        "8÷2=4",
        "12 X 3 = 36",
    ] {
        let eq: Equation = text.parse().unwrap();
        assert_eq!(eq.to_string(), text);
    }
    let eq: Equation = "3 − 1 = 2".parse().unwrap();
    assert_eq!(eq.to_string(), "3 - 1 = 2");
}

#[test]
fn exact_evaluation() {
    let eq: Equation = "1+2*3-8/3=13/3".parse().unwrap();
    assert_eq!(
        eq.evaluate().unwrap(),
        [
            Value::new(13.into(), 3.into()),
            Value::new(13.into(), 3.into())
        ]
    );
    assert!(eq.is_true());
    assert!("2/3*3=2".parse::<Equation>().unwrap().is_true());
    assert!("1-2-3=0-4".parse::<Equation>().unwrap().is_true());
    assert!("8/4/2=1".parse::<Equation>().unwrap().is_true());
    let zero: Equation = "1/0=0".parse().unwrap();
    assert_eq!(zero.evaluate(), Err(EvalError::DivisionByZero));
    assert!(!zero.is_true());
    // Beyond i128: the exact value, never a wrap nor an error.
    let huge: Equation = "99999999999999999999*99999999999999999999=1"
        .parse()
        .unwrap();
    let square = format!("{}8{}1", "9".repeat(19), "0".repeat(19));
    assert_eq!(huge.evaluate().unwrap()[0].to_string(), square);
    assert!(!huge.is_true());
    let digits: Equation = format!("{}=1", "9".repeat(40)).parse().unwrap();
    assert_eq!(digits.evaluate().unwrap()[0].to_string(), "9".repeat(40));
    assert!(!digits.is_true());
}

fn expression(max_terms: usize) -> impl Strategy<Value = String> {
    let number = prop_oneof![
        Just("0".to_string()),
        (1u32..1000).prop_map(|n| n.to_string())
    ];
    let op = prop::sample::select(vec!["+", "-", "*", "/", "x", "×", "÷"]);
    (
        number.clone(),
        prop::collection::vec((op, number), 0..max_terms),
    )
        .prop_map(|(first, rest)| {
            let mut s = first;
            for (o, n) in rest {
                s.push_str(o);
                s.push_str(&n);
            }
            s
        })
}

proptest! {
    #[test]
    fn display_parse_round_trip(left in expression(4), right in expression(4), spaced in any::<bool>()) {
        let text = format!("{left}={right}");
        let eq: Equation = text.parse().unwrap();
        let again: Equation = eq.to_string().parse().unwrap();
        prop_assert_eq!(&again, &eq);
        prop_assert_eq!(again.to_string(), eq.to_string());
        if spaced {
            let spaced_text = text.replace('=', " = ");
            let spaced_eq: Equation = spaced_text.parse().unwrap();
            prop_assert_eq!(&spaced_eq, &eq);
        }
    }

    #[test]
    fn evaluation_agrees_with_the_oracle(left in expression(4), right in expression(4)) {
        let text = format!("{left}={right}");
        let eq: Equation = text.parse().unwrap();
        let a = ascii(&text);
        let sides: Vec<&str> = a.split('=').collect();
        match eq.evaluate() {
            Ok(values) => {
                for (v, side) in values.iter().zip(&sides) {
                    prop_assert_eq!(v.to_string(), eval_side(side).unwrap().shown());
                }
            }
            Err(EvalError::DivisionByZero) => {
                prop_assert!(sides.iter().any(|s| eval_side(s).is_none()));
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
        prop_assert_eq!(eq.is_true(), oracle_true(&a));
    }

    #[test]
    fn bad_input_never_panics(text in "[0-9+\\-*/=x× ()a]{0,30}") {
        if let Ok(eq) = text.parse::<Equation>() {
            let again: Equation = eq.to_string().parse().unwrap();
            prop_assert_eq!(again, eq);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,40}") {
        let _ = text.parse::<Equation>();
    }
}

#[test]
fn outer_whitespace_is_no_part_of_the_notation() {
    // Reported: a trailing space printed every fix spaced (`0 + 4 = 4`).
    for text in ["6+4=4 ", " 6+4=4", "\t6+4=4\n"] {
        let eq: Equation = text.parse().unwrap();
        assert!(!eq.notation().spaced(), "{text:?}");
        assert_eq!(eq.to_string(), "6+4=4");
        let fixes = Solver::new(Change::Move(1)).solve(&eq).unwrap();
        let mut shown: Vec<String> = fixes.fixes().iter().map(ToString::to_string).collect();
        shown.sort();
        assert_eq!(shown, ["0+4=4", "8-4=4"], "{text:?}");
    }
    // Whitespace between glyphs does space it, wherever it stands.
    for text in [" 6 + 4 = 4 ", "6 +4=4", "6+4= 4"] {
        let eq: Equation = text.parse().unwrap();
        assert!(eq.notation().spaced(), "{text:?}");
        assert_eq!(eq.to_string(), "6 + 4 = 4");
    }
}

/// Whitespace: spaces, tabs, line breaks.
fn blank(most: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec![' ', '\t', '\n', '\r']), 0..=most)
        .prop_map(|v| v.into_iter().collect())
}

proptest! {
    /// The notation is read from the equation's own text: whitespace
    /// around it changes nothing, whitespace inside it means spaced.
    #[test]
    fn notation_ignores_outer_whitespace(
        left in expression(3),
        right in expression(3),
        before in blank(3),
        after in blank(3),
        inner in blank(2),
    ) {
        let text = format!("{left}{inner}={right}");
        let bare: Equation = text.parse().unwrap();
        let padded: Equation = format!("{before}{text}{after}").parse().unwrap();
        prop_assert_eq!(padded.notation(), bare.notation());
        prop_assert_eq!(padded.to_string(), bare.to_string());
        prop_assert_eq!(bare.notation().spaced(), !inner.is_empty());
        // The first times and division signs written are kept.
        let times = text.chars().find(|c| "xX*×".contains(*c)).unwrap_or('*');
        let divide = text.chars().find(|c| "/÷".contains(*c)).unwrap_or('/');
        prop_assert_eq!(bare.notation().times(), times);
        prop_assert_eq!(bare.notation().divide(), divide);
        // Fixes print the same either way.
        let solver = Solver::new(Change::Move(1));
        let shown = |eq: &Equation| -> Vec<String> {
            solver.solve(eq).unwrap().fixes().iter().map(ToString::to_string).collect()
        };
        prop_assert_eq!(shown(&padded), shown(&bare));
    }
}
