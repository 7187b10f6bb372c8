//! Issue 18, point 3: every value a user stores or sends goes through
//! serde and back unchanged; those with a text form are stored as it and
//! checked as they are loaded.
#![cfg(feature = "serde")]

use kongming_game24::{
    BigInt, Difficulty, Equivalence, Expr, Game, Grade, HandReport, HandSize, Hint,
    MAX_EXPR_NUMBERS, Op, Ops, Outcome, Rational, Step, StopReason, Tally, Verdict, hands,
    survey_solutions,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Through JSON text and back.
fn round_trip<T>(value: &T) -> T
where
    T: Serialize + DeserializeOwned,
{
    let text = serde_json::to_string(value).expect("serializes");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text} reads back: {e}"))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
}

fn number() -> impl Strategy<Value = Rational> {
    prop_oneof![
        6 => (0i64..=13).prop_map(Rational::from_integer),
        2 => (-40i64..=40, 1i64..=9).prop_map(|(n, d)| Rational::new(n, d)),
        1 => prop_oneof![Just(i64::MAX), Just(-i64::MAX), Just(i64::MIN)].prop_map(Rational::from_integer),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    number()
        .prop_map(Expr::Num)
        .prop_recursive(6, 40, 2, |inner| {
            (op(), inner.clone(), inner).prop_map(|(op, l, r)| Expr::bin(op, l, r))
        })
}

fn ops() -> impl Strategy<Value = Ops> {
    (0u8..16).prop_map(Ops::from_bits_truncate)
}

fn equivalence() -> impl Strategy<Value = Equivalence> {
    prop_oneof![Just(Equivalence::Standard), Just(Equivalence::Structural)]
}

fn game() -> impl Strategy<Value = Game> {
    (
        prop::collection::vec(number(), 1..=7),
        number(),
        ops(),
        equivalence(),
    )
        .prop_map(|(hand, target, ops, equivalence)| {
            Game::new(&hand, target)
                .expect("1 to 7 numbers")
                .with_ops(ops)
                .with_equivalence(equivalence)
        })
}

fn stop_reason() -> impl Strategy<Value = StopReason> {
    prop_oneof![
        Just(StopReason::NodeLimit),
        Just(StopReason::TimeLimit),
        Just(StopReason::Cancelled),
    ]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        Just(Outcome::Complete),
        stop_reason().prop_map(Outcome::Stopped)
    ]
}

proptest! {
    #[test]
    fn expressions_are_stored_as_their_text(e in expr()) {
        let text = serde_json::to_string(&e).expect("serializes");
        prop_assert_eq!(&text, &serde_json::to_string(&e.to_string()).expect("a string"));
        prop_assert_eq!(round_trip(&e), e);
    }

    #[test]
    fn games_are_stored_as_given_with_their_steps(g in game()) {
        let text = serde_json::to_string(&g).expect("serializes");
        let given = serde_json::to_string(&g.to_string()).expect("a string");
        prop_assert_eq!(&text, &format!("{{\"game\":{given},\"steps\":[]}}"));
        prop_assert_eq!(round_trip(&g), g.clone());
        // The text alone is a game with no step played.
        prop_assert_eq!(serde_json::from_str::<Game>(&given).expect("a game"), g);
    }

    #[test]
    fn operations_round_trip(o in op(), set in ops()) {
        prop_assert_eq!(round_trip(&o), o);
        prop_assert_eq!(round_trip(&set), set);
        prop_assert_eq!(serde_json::to_string(&set).expect("serializes"), format!("\"{set}\""));
    }

    #[test]
    fn difficulties_tallies_and_verdicts_round_trip(
        distinct in 0usize..10_000,
        fractions in any::<bool>(),
        wins in any::<u64>(),
        largest in prop::option::of(any::<i128>()),
        counts in (0usize..5_000, 0usize..5_000, 0usize..50_000),
        how in outcome(),
        verdict in prop_oneof![
            Just(Verdict::Solvable),
            Just(Verdict::Unsolvable),
            stop_reason().prop_map(Verdict::Stopped),
        ],
        eq in equivalence(),
    ) {
        // Difficulty and Tally are non-exhaustive: made by the crate, then
        // changed through their public fields.
        let mut difficulty: Difficulty =
            Game::new(&[3, 3, 8, 8], 24).expect("a hand").difficulty().expect("exact");
        difficulty.distinct_solutions = distinct;
        difficulty.needs_fractions = fractions;
        difficulty.whole_number_wins = wins;
        difficulty.largest_needed = largest.map(|b| BigInt::from(b) * BigInt::from(u64::MAX));
        prop_assert_eq!(round_trip(&difficulty), difficulty);
        let mut tally: Tally = survey_solutions(Vec::<Vec<i64>>::new(), 24, |_| {}).expect("nothing to do");
        (tally.hands, tally.solvable, tally.solutions) = counts;
        tally.outcome = how;
        prop_assert_eq!(round_trip(&tally), tally);
        prop_assert_eq!(round_trip(&verdict), verdict);
        prop_assert_eq!(round_trip(&eq), eq);
    }

    #[test]
    fn hand_reports_round_trip(lo in 1i64..=10, size in 2usize..=4) {
        let mut reports: Vec<HandReport> = Vec::new();
        let all = hands(HandSize::new(size).expect("a hand size"), lo..=lo + 2);
        survey_solutions(all, 24, |report| reports.push(report.clone())).expect("exact");
        for report in &reports {
            prop_assert_eq!(&round_trip(report), report);
        }
    }
}

proptest! {
    #[test]
    fn steps_hints_and_grades_round_trip(
        (left, right) in (number(), number()),
        o in op(),
        numbers in prop::collection::vec(number(), 1..=7),
        target in number(),
        left_after in 1usize..7,
        grade in prop::sample::select(Grade::ALL.to_vec()),
    ) {
        let step = Step::new(left, o, right);
        prop_assert_eq!(round_trip(&step), step);
        prop_assert_eq!(serde_json::to_string(&step).expect("serializes"), format!("\"{step}\""));
        for hint in [
            Hint::Next { step, numbers_left: left_after, target },
            Hint::Solved { target },
            Hint::DeadEnd { numbers: numbers.clone(), target },
            Hint::Undo { index: left_after - 1, step, numbers: numbers.clone(), target },
            Hint::Stopped(StopReason::NodeLimit),
        ] {
            prop_assert_eq!(&round_trip(&hint), &hint);
        }
        prop_assert_eq!(round_trip(&grade), grade);
        prop_assert_eq!(serde_json::to_string(&grade).expect("serializes"), format!("\"{grade}\""));
    }
}

#[test]
fn a_game_in_play_is_stored_as_given_with_its_steps() {
    let mut game: Game = "3 3 8 8".parse().expect("a hand");
    game.play("8/3".parse().expect("a step"));
    let text = serde_json::to_string(&game).expect("serializes");
    assert_eq!(text, r#"{"game":"3 3 8 8 = 24","steps":["8/3"]}"#);
    let back: Game = serde_json::from_str(&text).expect("a game");
    assert_eq!(back, game);
    assert_eq!(back.hand(), game.hand());
    assert_eq!(back.numbers(), game.numbers());
    // A step that cannot be played on the hand is refused as it is loaded.
    let illegal = r#"{"game":"3 3 8 8 = 24","steps":["8/3","2+2"]}"#;
    assert!(serde_json::from_str::<Game>(illegal).is_err());
    assert!(serde_json::from_str::<Game>(r#"{"steps":[]}"#).is_err());
    assert!(serde_json::from_str::<Game>(r#"{"game":"1 2","moves":[]}"#).is_err());
    // Enums are written in snake case; a step's place counts from 1.
    let undo = game
        .apply(&"8+3".parse().expect("a step"))
        .expect("plays")
        .hint()
        .expect("rules");
    assert_eq!(
        serde_json::to_string(&undo).expect("serializes"),
        r#"{"undo":{"index":2,"step":"8+3","numbers":["8/3","11"],"target":"24"}}"#
    );
    assert_eq!(
        serde_json::to_string(&Verdict::Stopped(StopReason::NodeLimit)).expect("serializes"),
        r#"{"stopped":"node_limit"}"#
    );
    assert_eq!(
        serde_json::to_string(&Equivalence::Structural).expect("serializes"),
        r#""structural""#
    );
}

#[test]
fn stored_values_are_checked_as_they_are_loaded() {
    // A step of three numbers, a grade that is not one, a dead end of more
    // numbers than a hand holds.
    assert!(serde_json::from_str::<Step>("\"8/3/3\"").is_err());
    assert!(serde_json::from_str::<Grade>("\"trivial\"").is_err());
    assert_eq!(serde_json::to_string(&Grade::Hard).unwrap(), "\"hard\"");
    let eight = r#"{"dead_end":{"numbers":["1","1","1","1","1","1","1","1"],"target":"24"}}"#;
    assert!(serde_json::from_str::<Hint>(eight).is_err());
    let not_a_number = r#"{"dead_end":{"numbers":["8/3","x"],"target":"24"}}"#;
    assert!(serde_json::from_str::<Hint>(not_a_number).is_err());
    // A number not written as itself, a hand past the limit, an operation
    // twice, a word that is not an option.
    assert!(serde_json::from_str::<Expr>("\"8/(3-[16/2]/3)\"").is_err());
    assert!(serde_json::from_str::<Expr>("\"(3+4\"").is_err());
    assert!(serde_json::from_str::<Game>("\"1 2 3 4 5 6 7 8 = 24\"").is_err());
    assert!(serde_json::from_str::<Game>("\"1 2 = 3 ops ++\"").is_err());
    assert!(serde_json::from_str::<Game>("\"1 2 = 3 fast\"").is_err());
    assert!(serde_json::from_str::<Ops>("\"+%\"").is_err());
    assert!(serde_json::from_str::<Op>("\"+-\"").is_err());
    assert!(serde_json::from_str::<Expr>("12").is_err());
    let game: Game = serde_json::from_str("\"3 3 8 8 = 24 ops +-*\"").expect("a game");
    assert_eq!(game.ops(), Ops::ADD | Ops::SUB | Ops::MUL);
    assert!(!game.solvable().expect("exact"));
}

#[test]
fn an_expression_the_text_form_cannot_read_is_not_stored() {
    let long = (1..=MAX_EXPR_NUMBERS as i64)
        .fold(Expr::num(0), |e, n| Expr::bin(Op::Add, e, Expr::num(n)));
    assert_eq!(long.numbers().len(), MAX_EXPR_NUMBERS + 1);
    assert!(serde_json::to_string(&long).is_err());
    let unreduced = Expr::Num(Rational::new_raw(16, 2));
    assert!(serde_json::to_string(&unreduced).is_err());
    let fits = Expr::bin(Op::Add, Expr::num(8), Expr::Num(Rational::new(3, 4)));
    assert_eq!(
        serde_json::to_string(&fits).expect("serializes"),
        "\"8+[3/4]\""
    );
}

#[test]
fn step_and_answer_verdicts_are_sent_as_json() {
    use kongming_game24::{AnswerMistake, BigRational, Check, DeadEnd, IllegalAnswer, StepError};

    let game: Game = "3 3 8 8".parse().expect("a hand");
    let step = |text: &str| -> Step { text.parse().expect("a step") };
    let steps: Vec<Check<DeadEnd, StepError>> = vec![
        game.check(&step("8/3")),
        game.check(&step("8+8")),
        game.check(&step("2+2")),
        "3 0 8 8"
            .parse::<Game>()
            .expect("a hand")
            .check(&step("8/0")),
        "3 3 8 8 = 24 ops +-"
            .parse::<Game>()
            .expect("a game")
            .check(&step("8*3")),
    ];
    for verdict in &steps {
        assert_eq!(&round_trip(verdict), verdict);
    }
    // A step's place counts from 1, numbers are their text.
    let after = game.apply(&step("3*3")).expect("plays");
    let Check::Illegal(not_left) = after.check(&step("3+8")) else {
        panic!("3 is used up")
    };
    assert_eq!(
        serde_json::to_string(&not_left).expect("serializes"),
        r#"{"not_left":{"index":2,"number":"3","left":["8","8","9"]}}"#
    );
    assert_eq!(
        serde_json::to_string(&steps[3]).expect("serializes"),
        r#"{"illegal":{"no_value":{"index":1,"error":"division_by_zero"}}}"#
    );
    let zero = r#"{"not_left":{"index":0,"number":"3","left":["8"]}}"#;
    assert!(serde_json::from_str::<StepError>(zero).is_err());

    let answers: Vec<Check<AnswerMistake, IllegalAnswer>> = [
        "8/(3-8/3)",
        "8*3",
        "8+8+3+3",
        "8*3*8*3 = 24",
        "8*3*1",
        "8*3*3*3*8",
        "8/(3-3)*8",
        "(8+8",
        "8*3 = x",
    ]
    .iter()
    .map(|answer| game.check_answer(answer))
    .collect();
    for verdict in &answers {
        assert_eq!(&round_trip(verdict), verdict);
    }
    assert_eq!(answers[0], Check::Solved);
    let ops: Game = "3 3 8 8 = 24 ops +-".parse().expect("a game");
    let forbidden = ops.check_answer("8*3*(8-3-3+1)");
    assert_eq!(round_trip(&forbidden), forbidden);
    assert_eq!(
        serde_json::to_string(&answers[2]).expect("serializes"),
        r#"{"wrong":{"wrong_value":"22"}}"#
    );
    assert_eq!(
        serde_json::to_string(&answers[4]).expect("serializes"),
        r#"{"illegal":{"not_in_hand":"1"}}"#
    );
    // A parse error names its place from 1, as its message does.
    let Check::Illegal(IllegalAnswer::Parse(error)) = &answers[7] else {
        panic!("not an expression: {:?}", answers[7])
    };
    assert_eq!(error.position(), 0);
    assert_eq!(
        serde_json::to_string(&answers[7]).expect("serializes"),
        r#"{"illegal":{"parse":{"kind":"unbalanced_paren","position":1}}}"#
    );
    // A value of any size, written one way only.
    let huge = AnswerMistake::WrongValue(BigRational::new(
        BigInt::from(10).pow(30u32),
        BigInt::from(-7),
    ));
    let text = serde_json::to_string(&huge).expect("serializes");
    assert_eq!(
        text,
        r#"{"wrong_value":"-1000000000000000000000000000000/7"}"#
    );
    assert_eq!(round_trip(&huge), huge);
    for bad in ["6/4", "3/-2", "1/0", "+5", "2/1", "x"] {
        let text = format!(r#"{{"wrong_value":"{bad}"}}"#);
        assert!(
            serde_json::from_str::<AnswerMistake>(&text).is_err(),
            "{bad}"
        );
    }
    assert_eq!(
        serde_json::from_str::<AnswerMistake>(r#"{"unused":"8/3"}"#).expect("reads"),
        AnswerMistake::Unused(Rational::new(8, 3))
    );
}
