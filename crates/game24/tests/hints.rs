//! Issue 21: the hint button. A hint never points at a dead end, following
//! the hints from the start always solves the hand, and a player's dead
//! end is told as such. Every claim is checked against a brute force
//! written here (every pair, every operation, exact rationals), not
//! against the crate's search.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use kongming_game24::{
    BigInt, EvalError, Game, GameError, HandSize, Hint, Op, Ops, ParseErrorKind, Ratio, Rational,
    Step, StepError, hands,
};
use num_integer::Integer;
use proptest::prelude::*;

/// The oracle's numbers: exact rationals over `T` (`BigInt` for numbers
/// of any size, `i128` where they stay small, whose overflow panics).
trait Whole: Clone + Ord + Hash + Debug + Integer + From<i64> {}
impl Whole for BigInt {}
impl Whole for i128 {}

fn exact<T: Whole>(r: Rational) -> Ratio<T> {
    Ratio::new(T::from(*r.numer()), T::from(*r.denom()))
}

/// `l op r`, or `None` for a division by zero.
fn combine<T: Whole>(op: Op, l: &Ratio<T>, r: &Ratio<T>) -> Option<Ratio<T>> {
    Some(match op {
        Op::Add => l + r,
        Op::Sub => l - r,
        Op::Mul => l * r,
        Op::Div if *r.numer() == T::from(0) => return None,
        Op::Div => l / r,
    })
}

/// The oracle: whether a multiset of numbers can make the target, trying
/// every pair with every operation both ways; what it proved is kept
/// (by the sorted numbers) for the next question.
struct Oracle<T: Whole = BigInt> {
    target: Ratio<T>,
    ops: Ops,
    known: HashMap<Vec<Ratio<T>>, bool>,
}

impl<T: Whole> Oracle<T> {
    fn new(target: Rational, ops: Ops) -> Oracle<T> {
        Oracle {
            target: exact(target),
            ops,
            known: HashMap::new(),
        }
    }

    fn can_make(&mut self, values: &[Ratio<T>]) -> bool {
        if let [only] = values {
            return *only == self.target;
        }
        let mut key = values.to_vec();
        key.sort();
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let mut found = false;
        'search: for i in 0..key.len() {
            for j in i + 1..key.len() {
                let rest: Vec<Ratio<T>> = (0..key.len())
                    .filter(|&k| k != i && k != j)
                    .map(|k| key[k].clone())
                    .collect();
                for op in Op::ALL {
                    if !self.ops.contains(Ops::from_op(op)) {
                        continue;
                    }
                    for (l, r) in [(&key[i], &key[j]), (&key[j], &key[i])] {
                        if let Some(v) = combine(op, l, r) {
                            let mut next = rest.clone();
                            next.push(v);
                            if self.can_make(&next) {
                                found = true;
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        self.known.insert(key, found);
        found
    }
}

/// Plays `step` on the oracle's own numbers: its two numbers must be
/// there; they are replaced by the value computed here.
fn play<T: Whole>(values: &mut Vec<Ratio<T>>, step: &Step) -> Ratio<T> {
    for n in [step.left(), step.right()] {
        let k = values
            .iter()
            .position(|v| *v == exact(n))
            .unwrap_or_else(|| panic!("{step}: {n} is not left in {values:?}"));
        values.remove(k);
    }
    let v = combine(step.op(), &exact(step.left()), &exact(step.right()))
        .expect("the step has a value");
    values.push(v.clone());
    v
}

/// Follows the hints from `game` to the end, checking each against the
/// oracle: a hinted step is allowed, uses numbers left and keeps the
/// target within reach. Returns the steps, and whether the end is
/// `Solved` (else `DeadEnd` was the first answer).
fn follow<T: Whole>(game: &Game, oracle: &mut Oracle<T>) -> (Vec<Step>, bool) {
    let target: Ratio<T> = exact(game.target());
    let mut values: Vec<Ratio<T>> = game.numbers().iter().map(|&n| exact(n)).collect();
    let mut now = game.clone();
    let mut steps = Vec::new();
    loop {
        match now.hint().expect("rules") {
            Hint::Next {
                step, numbers_left, ..
            } => {
                assert!(
                    game.ops().contains(Ops::from_op(step.op())),
                    "{game}: {step}"
                );
                play(&mut values, &step);
                assert_eq!(numbers_left, values.len(), "{game}: {step}");
                assert!(
                    oracle.can_make(&values),
                    "{game}: after {steps:?} the hint {step} is a dead end"
                );
                now = now.apply(&step).expect("a hinted step plays");
                steps.push(step);
            }
            Hint::Solved { .. } => {
                assert_eq!(values, std::slice::from_ref(&target), "{game}");
                return (steps, true);
            }
            Hint::DeadEnd { numbers, .. } => {
                assert!(steps.is_empty(), "{game}: a hinted step led to {numbers:?}");
                assert_eq!(numbers, game.numbers());
                return (steps, false);
            }
            other => panic!("{game}: a hint this test does not know: {other}"),
        }
    }
}

#[test]
fn following_hints_solves_every_solvable_hand() {
    let mut solved = 0;
    let mut oracle = Oracle::<i128>::new(24.into(), Ops::all());
    for hand in hands(HandSize::new(4).expect("a hand size"), 1..=13) {
        let game = Game::new(&hand, 24).expect("a hand");
        let values: Vec<Ratio<i128>> = game.numbers().iter().map(|&n| exact(n)).collect();
        let solvable = oracle.can_make(&values);
        let (steps, done) = follow(&game, &mut oracle);
        assert_eq!(done, solvable, "{hand:?}");
        if done {
            assert_eq!(steps.len(), 3, "{hand:?}");
            solved += 1;
        }
    }
    assert_eq!(solved, 1362);
}

#[test]
fn hints_stay_in_whole_numbers_when_the_hand_allows() {
    // 1346 of the 1362 hands make 24 through integers; their hints never
    // go through a fraction. The 16 others need one, and get it.
    let mut whole = 0;
    let mut oracle = Oracle::<i128>::new(24.into(), Ops::all());
    for hand in hands(HandSize::new(4).expect("a hand size"), 1..=13) {
        let game = Game::new(&hand, 24).expect("a hand");
        let (steps, done) = follow(&game, &mut oracle);
        if !done {
            continue;
        }
        let through_integers = steps
            .iter()
            .all(|s| s.value().expect("a value").is_integer());
        let needs_fractions = game.difficulty().expect("rules").needs_fractions;
        assert_eq!(through_integers, !needs_fractions, "{hand:?}: {steps:?}");
        whole += usize::from(through_integers);
    }
    assert_eq!(whole, 1346);
}

#[test]
fn a_players_dead_end_is_told() {
    // Every first step a player can take on a hand (every pair, every
    // operation, both orders): the hint after it is a dead end exactly when
    // the oracle says the numbers left cannot make 24; a division by zero
    // is an error of the step, not a panic.
    let stride = if cfg!(debug_assertions) { 5 } else { 1 };
    let mut dead = 0;
    let mut oracle = Oracle::<i128>::new(24.into(), Ops::all());
    for hand in hands(HandSize::new(4).expect("a hand size"), 1..=13).step_by(stride) {
        let game = Game::new(&hand, 24).expect("a hand");
        for i in 0..4 {
            for j in 0..4 {
                if i == j {
                    continue;
                }
                for op in Op::ALL {
                    let step = Step::new(hand[i], op, hand[j]);
                    let mut values: Vec<Ratio<i128>> =
                        game.numbers().iter().map(|&n| exact(n)).collect();
                    play(&mut values, &step);
                    let after = game.apply(&step).expect("numbers from 1..13");
                    let hint = after.hint().expect("rules");
                    let reachable = oracle.can_make(&values);
                    assert_eq!(
                        matches!(hint, Hint::Undo { .. } | Hint::DeadEnd { .. }),
                        !reachable,
                        "{hand:?} then {step}: {hint}"
                    );
                    match &hint {
                        Hint::Undo { numbers, index, .. } => {
                            assert_eq!(numbers.as_slice(), after.numbers());
                            assert_eq!(*index, 0);
                            dead += 1;
                        }
                        Hint::DeadEnd { numbers, .. } => {
                            assert_eq!(numbers.as_slice(), game.hand())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(dead > 0);
}

#[test]
fn three_three_eight_eight_step_by_step() {
    let game: Game = "3 3 8 8".parse().expect("a hand");
    let mut now = game.clone();
    let mut said = Vec::new();
    while let Hint::Next { step, .. } = now.hint().expect("rules") {
        said.push(now.hint().expect("rules").to_string());
        now = now.apply(&step).expect("plays");
    }
    assert_eq!(
        said,
        [
            "Combine 8 and 3: 8/3, which keeps 24 within reach.",
            "Combine 3 and 8/3: 3-[8/3], which keeps 24 within reach.",
            "Combine 8 and 1/3: 8/[1/3] makes 24.",
        ]
    );
    assert_eq!(
        now.hint().expect("rules"),
        Hint::Solved { target: 24.into() }
    );
    let unicode = format!("{:#}", game.hint().expect("rules"));
    assert_eq!(
        unicode,
        "Combine 8 and 3: 8÷3, which keeps 24 within reach."
    );

    // The player's partial work, from text: after 8/3 the hint goes on,
    // after 3*3 that step is to be taken back.
    let steps: Vec<Step> = ["8/3"].iter().map(|s| s.parse().expect("a step")).collect();
    let hint = game.after(&steps).expect("plays").hint().expect("rules");
    assert_eq!(
        hint.step(),
        Some(&Step::new(3, Op::Sub, Rational::new(8, 3)))
    );
    let stuck = game
        .after(&["3*3".parse().expect("a step")])
        .expect("plays");
    assert_eq!(
        stuck.hint().expect("rules").to_string(),
        "Take back step 1, 3*3: after it 8, 8 and 9 cannot make 24."
    );
    let wrong_end = game
        .after(&[
            "8/3".parse().expect("a step"),
            "3+[8/3]".parse().expect("a step"),
        ])
        .expect("plays")
        .after(&["8*[17/3]".parse().expect("a step")])
        .expect("plays");
    assert_eq!(
        wrong_end.hint().expect("rules").to_string(),
        "Take back step 2, 3+[8/3]: after it 8 and 17/3 cannot make 24."
    );
}

#[test]
fn steps_that_cannot_be_played_are_errors_naming_the_step() {
    let game: Game = "3 3 8 8".parse().expect("a hand");
    let parse = |s: &str| s.parse::<Step>().expect("a step");
    assert_eq!(
        game.after(&[parse("3*3"), parse("3+8")]),
        Err(StepError::NotLeft {
            index: 1,
            number: 3.into(),
            left: vec![8.into(), 8.into(), 9.into()],
        })
    );
    assert_eq!(
        game.apply(&parse("8*8"))
            .and_then(|g| g.apply(&parse("8+3"))),
        Err(StepError::NotLeft {
            index: 1,
            number: 8.into(),
            left: vec![3.into(), 3.into(), 64.into()],
        })
    );
    assert_eq!(
        game.after(&[parse("3-3"), parse("8/0")]),
        Err(StepError::NoValue {
            index: 1,
            error: EvalError::DivisionByZero
        })
    );
    let no_division = game.clone().with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    let err = no_division.apply(&parse("8/3")).unwrap_err();
    assert_eq!(
        err,
        StepError::OperationNotAllowed {
            index: 0,
            op: Op::Div
        }
    );
    assert_eq!(err.to_string(), "step 1: operation / is not allowed");
    assert_eq!(
        game.after(&[parse("3-3"), parse("8/2")])
            .unwrap_err()
            .to_string(),
        "step 2: 2 is not among the numbers left (8 8 0)"
    );
    let huge = Game::new(&[i64::MAX, 2], 1).expect("a hand");
    assert_eq!(
        huge.apply(&Step::new(i64::MAX, Op::Mul, 2)),
        Err(StepError::NoValue {
            index: 0,
            error: EvalError::Overflow
        })
    );
    // Still a hint for the hand: i64::MAX*2 would not fit, the search
    // says what does (nothing makes 1 here).
    assert!(matches!(huge.hint().expect("rules"), Hint::DeadEnd { .. }));
}

#[test]
fn text_that_is_not_one_step_is_refused() {
    for text in ["8", "8/(3-8/3)", "8/3/3", "[8/3]"] {
        let err = text.parse::<Step>().unwrap_err();
        assert_eq!(err.kind(), &ParseErrorKind::NotAStep, "{text}");
    }
    let err = "8/".parse::<Step>().unwrap_err();
    assert_eq!(err.kind(), &ParseErrorKind::UnexpectedEnd);
    assert_eq!("8 ÷ 3".parse::<Step>(), Ok(Step::new(8, Op::Div, 3)));
    assert_eq!(
        "3 - [ 8 / 3 ]".parse::<Step>(),
        Ok(Step::new(3, Op::Sub, Rational::new(8, 3)))
    );
}

#[test]
fn one_number_or_no_operation() {
    assert_eq!(
        Game::new(&[24], 24).expect("a hand").hint(),
        Ok(Hint::Solved { target: 24.into() })
    );
    let five = Game::new(&[5], 24).expect("a hand").hint().expect("rules");
    assert_eq!(five.to_string(), "Dead end: 5 is not 24.");
    let none = Game::new(&[4, 6], 24)
        .expect("a hand")
        .with_ops(Ops::empty());
    assert_eq!(none.hint(), Err(GameError::NoOperations));
}

fn number() -> impl Strategy<Value = Rational> {
    prop_oneof![
        6 => (0i64..=13).prop_map(Rational::from_integer),
        2 => (-9i64..=9, 1i64..=5).prop_map(|(n, d)| Rational::new(n, d)),
        1 => prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(1i64 << 40)].prop_map(Rational::from_integer),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 400 }))]

    #[test]
    fn a_hint_never_points_at_a_dead_end(
        numbers in prop::collection::vec(number(), 1..=4),
        target in prop_oneof![(-12i64..=30).prop_map(Rational::from_integer), number()],
        mask in 1u8..16,
    ) {
        let ops = Ops::from_bits_truncate(mask);
        let game = Game::new(&numbers, target).expect("a hand").with_ops(ops);
        let values: Vec<Ratio<BigInt>> = numbers.iter().map(|&n| exact(n)).collect();
        let mut oracle = Oracle::<BigInt>::new(target, ops);
        let solvable = oracle.can_make(&values);
        let (steps, done) = follow(&game, &mut oracle);
        prop_assert_eq!(done, solvable, "{}: {:?}", game, steps);
    }

    #[test]
    fn five_numbers_follow_to_the_end(
        numbers in prop::collection::vec(1i64..=9, 5),
        target in 1i64..=40,
    ) {
        let game = Game::new(&numbers, target).expect("a hand");
        let mut oracle = Oracle::<i128>::new(target.into(), Ops::all());
        let values: Vec<Ratio<i128>> = game.numbers().iter().map(|&n| exact(n)).collect();
        let solvable = oracle.can_make(&values);
        let (steps, done) = follow(&game, &mut oracle);
        prop_assert_eq!(done, solvable);
        if done {
            prop_assert_eq!(steps.len(), 4);
        }
    }

    #[test]
    fn steps_read_what_they_write(left in number(), right in number(), k in 0usize..4) {
        let step = Step::new(left, Op::ALL[k], right);
        prop_assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        prop_assert_eq!(format!("{step:#}").parse::<Step>(), Ok(step));
        prop_assert_eq!(step.to_expr().numbers(), vec![left, right]);
    }
}
