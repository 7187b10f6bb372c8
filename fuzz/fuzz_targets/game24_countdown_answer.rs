//! The lenient checker of a model's answer under any rules
//! (`Countdown::check_model_answer`) on arbitrary text.
//!
//! The input's first byte picks the rules (number use, arithmetic, a
//! non-empty set of operations), the second a target, the third how many
//! numbers (1 to 4) and the next ones the hand (1 to 10 or a large tile);
//! the rest is the model's text. Checking must never panic, and on hands
//! this small the search a verdict needs never overflows. Its verdict is
//! held to independent facts:
//!
//! - a one-line expression that an evaluator written here finds legal
//!   under the rules (the hand's numbers as the rules ask, operations
//!   allowed, every operation a positive integer under integer rules)
//!   and worth the target is accepted, as it is and dressed as a model
//!   writes it (`**Answer:** … .`);
//! - on a game whose target cannot be made, only a claim that there is no
//!   solution is right, so a text judged right says so in words;
//! - a value off the target is measured as the solver measures it: the
//!   closest it reports is the closest the verdict names;
//! - under the 24 game's rules on four numbers, the verdict is
//!   `Game::check_model_answer`'s (a wrong value with its distance added,
//!   each solver naming its own solution to a false claim).
#![no_main]

use kongming_game24::{
    Answer, Arithmetic, BigRational, Check, Countdown, Expr, Game, ModelMistake, NumberUse, Ops,
    Rational, Rules,
};
use libfuzzer_sys::fuzz_target;

/// Words of a claim that there is no solution (the checker's own list is
/// longer; each of its phrases holds one of these).
const CLAIM_WORDS: [&str; 8] = [
    "solution",
    "possible",
    "cannot",
    "can't",
    "can\u{2019}t",
    "can\u{2018}t",
    "solvable",
    "none",
];

fn rules_of(bits: u8) -> Rules {
    let number_use = if bits & 1 == 0 {
        NumberUse::All
    } else {
        NumberUse::Any
    };
    let arithmetic = if bits & 2 == 0 {
        Arithmetic::Rational
    } else {
        Arithmetic::PositiveIntegers
    };
    let ops = Ops::from_bits_truncate(bits >> 2);
    let ops = if ops.is_empty() { Ops::all() } else { ops };
    Rules::countdown()
        .with_number_use(number_use)
        .with_arithmetic(arithmetic)
        .with_ops(ops)
}

/// The value of `e` under `rules`, each operation checked; `None` when
/// the rules refuse a step.
fn value_under(e: &Expr, rules: Rules) -> Option<Rational> {
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Bin(op, l, r) => {
            let (a, b) = (value_under(l, rules)?, value_under(r, rules)?);
            if !rules.ops().contains(Ops::from_op(*op)) {
                return None;
            }
            let v = op.apply(&a, &b).ok()?;
            let positive_integer = v.is_integer() && *v.numer() > 0;
            (rules.arithmetic() == Arithmetic::Rational || positive_integer).then_some(v)
        }
    }
}

/// Whether `e` takes its numbers from the hand as the rules ask.
fn uses_hand(e: &Expr, hand: &[Rational], rules: Rules) -> bool {
    let mut left = hand.to_vec();
    for n in e.numbers() {
        match left.iter().position(|h| *h == n) {
            Some(k) => {
                left.remove(k);
            }
            None => return false,
        }
    }
    rules.number_use() == NumberUse::Any || left.is_empty()
}

fn big(r: Rational) -> BigRational {
    BigRational::new((*r.numer()).into(), (*r.denom()).into())
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let rules = rules_of(data[0]);
    let target = i64::from(data[1]);
    let n = usize::from(data[2] % 4) + 1;
    if data.len() < 3 + n {
        return;
    }
    let hand: Vec<i64> = data[3..3 + n]
        .iter()
        .map(|&b| match b % 14 {
            k @ 0..=9 => i64::from(k) + 1,
            k => [25, 50, 75, 100][usize::from(k - 10)],
        })
        .collect();
    let Ok(text) = std::str::from_utf8(&data[3 + n..]) else {
        return;
    };
    let game = Countdown::new(&hand, target, rules).expect("positive integers");
    let verdict = game
        .check_model_answer(text)
        .expect("no overflow on small hands");
    let t = Rational::from_integer(target);

    // A legal one-line expression worth the target is right.
    if !text.contains('\n')
        && let Ok(e) = text.parse::<Expr>()
    {
        let legal = e.op().is_some() && uses_hand(&e, game.numbers(), rules);
        if legal && value_under(&e, rules) == Some(t) {
            assert_eq!(verdict, Check::Solved, "{text:?} under {rules}");
            let dressed = format!("**Answer:** {text}.");
            assert_eq!(
                game.check_model_answer(&dressed),
                Ok(Check::Solved),
                "{dressed:?} under {rules}"
            );
        }
    }

    let answer = game.solve().expect("no overflow on small hands");
    if verdict == Check::Solved && !matches!(answer, Answer::Exact(_)) {
        let lower = text.to_lowercase();
        assert!(
            CLAIM_WORDS.iter().any(|w| lower.contains(w)),
            "{text:?} judged right under {rules} on a game that cannot be made"
        );
    }
    match (&verdict, &answer) {
        (Check::Wrong(ModelMistake::OffTarget { closest, .. }), Answer::Exact(_)) => {
            assert_eq!(*closest, Rational::from_integer(0), "{text:?}");
        }
        (
            Check::Wrong(ModelMistake::OffTarget {
                closest, distance, ..
            }),
            Answer::Closest { distance: best, .. },
        ) => {
            assert_eq!(closest, best, "{text:?}");
            assert!(big(*best) < *distance, "{text:?}");
        }
        (
            Check::Wrong(ModelMistake::Closest { distance, .. }),
            Answer::Closest { distance: best, .. },
        ) => {
            assert_eq!(*distance, big(*best), "{text:?}");
        }
        (Check::Wrong(ModelMistake::Closest { .. }), Answer::Exact(_)) => {
            panic!("{text:?}: the closest, on a game that can be made")
        }
        _ => {}
    }

    // The 24 game's rules give the 24 game's verdicts.
    if n == 4 && rules == Rules::game24() {
        let game24 = Game::new(&hand, target).expect("four numbers");
        match (game24.check_model_answer(text), &verdict) {
            (
                Check::Wrong(ModelMistake::WrongValue(v)),
                Check::Wrong(
                    ModelMistake::OffTarget { value, .. } | ModelMistake::Closest { value, .. },
                ),
            ) => assert_eq!(&v, value, "{text:?}"),
            (
                Check::Wrong(ModelMistake::ClaimsNoSolution(_)),
                Check::Wrong(ModelMistake::ClaimsNoSolution(_)),
            ) => {}
            (theirs, ours) => assert_eq!(&theirs, ours, "{text:?}"),
        }
    }
});
