//! The answer checker on answers built from the hand, so that most runs
//! reach a verdict on a well-formed answer and many are accepted.
//!
//! The input gives a hand (one to six numbers, mostly 1 to 13, sometimes 0,
//! negative or a fraction), a random expression tree over exactly those
//! numbers, optionally a mistake (a number dropped, added or changed), a
//! set of allowed operations and a target (usually the tree's own value).
//! The tree is printed in ASCII and in Unicode; `Game::check` (and the free
//! `check` for integer hands) must accept exactly when the independent
//! verdict does: the same numbers as the hand, only allowed operations,
//! and a value, computed here with `i128` fractions, equal to the target.
#![no_main]

#[path = "../common/game24_oracle.rs"]
mod game24_oracle;

use arbitrary::{Result, Unstructured};
use game24_oracle::{Q, Tree, Value, hand_number, sorted};
use kongming_game24::{AnswerMistake, Check, Expr, Game, IllegalAnswer, Ops, check};
use libfuzzer_sys::fuzz_target;

#[derive(Debug)]
struct Case {
    hand: Vec<Q>,
    tree: Tree,
    target: Q,
    ops: Ops,
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let size = u.int_in_range(1..=6)?;
    let hand: Vec<Q> = (0..size).map(|_| hand_number(u)).collect::<Result<_>>()?;
    let mut used = hand.clone();
    match u.int_in_range(0..=9)? {
        0 => {
            used.remove(u.choose_index(used.len())?);
            if used.is_empty() {
                used.push(hand_number(u)?);
            }
        }
        1 => used.push(hand_number(u)?),
        2 => {
            let at = u.choose_index(used.len())?;
            used[at] = hand_number(u)?;
        }
        _ => {}
    }
    let tree = Tree::over(u, &used)?;
    let ops = if u.ratio(1, 4)? {
        Ops::from_bits_truncate(u.int_in_range(0..=15)?)
    } else {
        Ops::all()
    };
    let target = match (tree.value(), u.ratio(1, 5)?) {
        (Value::Exact(v), false) => v,
        _ => Q::int(u.int_in_range(-30..=30)?),
    };
    Ok(Case {
        hand,
        tree,
        target,
        ops,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let value = case.tree.value();
    if value == Value::TooLarge {
        return;
    }
    let mut leaves = Vec::new();
    case.tree.leaves(&mut leaves);
    let expected = sorted(leaves) == sorted(case.hand.clone())
        && case.tree.uses_only(case.ops)
        && value == Value::Exact(case.target);

    let hand: Vec<_> = case.hand.iter().map(|q| q.to_rational()).collect();
    let game = Game::new(&hand, case.target.to_rational())
        .expect("one to six numbers")
        .with_ops(case.ops);
    let expr = case.tree.to_expr();
    for text in [expr.to_string(), format!("{expr:#}")] {
        // The printed text reads back as the same tree.
        let back: Expr = text.parse().expect("printed expressions parse");
        assert_eq!(back, expr, "{text}");
        let verdict = game.check_answer(&text);
        assert_eq!(
            verdict == Check::Solved,
            expected,
            "{text} for {game}: {verdict:?}"
        );
        if let Check::Illegal(IllegalAnswer::NoValue(_)) = verdict {
            assert_eq!(value, Value::DivisionByZero, "{text}");
        }
        if let Check::Wrong(AnswerMistake::WrongValue(v)) = &verdict {
            let Value::Exact(q) = value else {
                panic!("{text} is worth {v}, the model finds {value:?}");
            };
            assert_eq!(v.to_string(), q.text(), "{text}");
        }
        // The free function, for hands of integers with every operation.
        let integers: Option<Vec<i64>> = case
            .hand
            .iter()
            .map(|q| (q.d == 1).then(|| i64::try_from(q.n).expect("small")))
            .collect();
        if let (Some(integers), true, 1) = (integers, case.ops == Ops::all(), case.target.d) {
            let target = i64::try_from(case.target.n).expect("small");
            assert_eq!(
                check(&integers, target, &text).is_ok(),
                verdict == Check::Solved
            );
        }
    }
});
