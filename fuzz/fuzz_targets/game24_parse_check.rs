//! The expression parser, the printer, canonical forms and the answer
//! checker on arbitrary text.
//!
//! The input's first byte picks a target and its next bytes (up to four) a
//! hand; the rest is read as an expression. Parsing must never panic; a
//! parsed expression must print and parse back to an equal tree (ASCII and
//! Unicode), its canonical form must keep its value, and `check_answer` must agree
//! with an independent verdict (the numbers used against the hand, then
//! the value against the target; a trailing `= target` claim must name the
//! target). Hands are also parsed from the text.
#![no_main]

use kongming_game24::{Canonical, Check, EvalError, Expr, Game, IllegalAnswer, Rational};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 5 {
        return;
    }
    let target = i64::from(data[0] % 40);
    let hand: Vec<i64> = data[1..5].iter().map(|b| i64::from(b % 14)).collect();
    let Ok(text) = std::str::from_utf8(&data[5..]) else {
        return;
    };
    let _ = text.parse::<Game>();
    let game = Game::new(&hand, target).expect("four numbers");
    let verdict = game.check_answer(text);
    // An answer may end in `= target`: the expression is what comes first.
    let (answer, claim) = match text.split_once('=') {
        Some((answer, claim)) => (answer, Some(claim)),
        None => (text, None),
    };
    let Ok(expr) = answer.parse::<Expr>() else {
        assert!(
            matches!(verdict, Check::Illegal(IllegalAnswer::Parse(_))),
            "{text:?}: {verdict:?}"
        );
        return;
    };
    if let Some(claim) = claim {
        // Accepted only when the claim is the target (written any way).
        if verdict == Check::Solved {
            assert!(!claim.contains('='), "{text:?}");
            if let Ok(claimed) = claim.trim().parse::<i64>() {
                assert_eq!(claimed, target, "{text:?}");
            }
        }
    }
    let ascii = expr.to_string();
    assert_eq!(ascii.parse::<Expr>().expect("printed text parses"), expr);
    let unicode = format!("{expr:#}");
    assert_eq!(unicode.parse::<Expr>().expect("printed text parses"), expr);

    let value = expr.eval();
    if let Ok(v) = value {
        let c = Canonical::of(&expr).expect("a value");
        if let Some(tidy) = c.to_expr() {
            // Regrouped, it may overflow where the original did not.
            if let Ok(w) = tidy.eval() {
                assert_eq!(w, v);
            }
        }
    }

    // The verdict, worked out independently.
    let mut used: Vec<Rational> = expr.numbers();
    used.sort();
    let mut want: Vec<Rational> = hand.iter().map(|&n| Rational::from_integer(n)).collect();
    want.sort();
    let expected_ok = used == want && value == Ok(Rational::from_integer(target));
    match (value, claim) {
        // Past i64 the checker works exactly, `eval` does not: no verdict.
        (Err(EvalError::Overflow), _) => {}
        (_, None) => assert_eq!(
            verdict == Check::Solved,
            expected_ok,
            "{text:?}: {verdict:?}"
        ),
        // With a claim, the expression must still be right.
        (_, Some(_)) => assert!(
            verdict != Check::Solved || expected_ok,
            "{text:?}: {verdict:?}"
        ),
    }
});
