//! `Game::check_model_answer` on answers as models write them: a table of
//! right and wrong answers (each kind of mistake), and properties over
//! every solution the solver lists, wrapped in each supported way and with
//! one number changed.

use kongming_game24::{
    BigRational, Check, EvalError, Game, IllegalModelAnswer, MAX_MODEL_ANSWER_LEN, ModelMistake,
    Op, Ops, Rational, StepError,
};
use proptest::prelude::*;

mod answer_text;
use answer_text::{dresses, replace_number, steps, steps_values};

type Verdict = Check<ModelMistake, IllegalModelAnswer>;

fn int(n: i64) -> Rational {
    Rational::from_integer(n)
}

fn big(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn game(text: &str) -> Game {
    text.parse().expect("a game")
}

#[test]
fn the_issue_table() {
    // The six rows of issue 29, each now read and judged.
    let rows: [(&str, &str, Verdict); 6] = [
        ("4 9 10 13", "(10 - 4) * (13 - 9) = 24", Check::Solved),
        // 4*(6-4+8) is 40: read, and wrong.
        (
            "4 4 6 8",
            "Answer: 4 * (6 - 4 + 8)",
            Check::Wrong(ModelMistake::WrongValue(big(40, 1))),
        ),
        ("3 3 8 8", "8/(3-8/3) = 24.", Check::Solved),
        ("3 3 8 8", "**8 ÷ (3 − 8 ÷ 3)**", Check::Solved),
        // 0.2 is 1/5, which the model made of 1 and 5: not a number of the hand.
        (
            "1 5 5 5",
            "5 * (5 - 0.2)",
            Check::Illegal(IllegalModelAnswer::NotInHand(Rational::new(1, 5))),
        ),
        ("1 1 1 1", "No solution", Check::Solved),
    ];
    for (hand, text, want) in rows {
        assert_eq!(
            game(hand).check_model_answer(text),
            want,
            "{hand}: {text:?}"
        );
    }
}

#[test]
fn right_answers_in_every_dress() {
    let rows: [(&str, &str); 20] = [
        ("4 9 10 13", "Answer: (10-4)*(13-9)"),
        ("4 9 10 13", "Final answer: **(10 - 4) × (13 - 9) = 24**"),
        ("4 9 10 13", "**Answer**\n\n```\n(10 - 4) * (13 - 9)\n```"),
        (
            "4 9 10 13",
            "$\\left(10-4\\right)\\cdot\\left(13-9\\right)$",
        ),
        ("4 9 10 13", "\\[ (10 - 4) \\times (13 - 9) = 24 \\]"),
        ("4 9 10 13", "The final answer is $\\boxed{(10-4)(13-9)}$."),
        ("4 9 10 13", "<answer>(10 – 4) x (13 – 9)</answer>"),
        ("4 9 10 13", "The answer is [(10 - 4) * (13 - 9)]."),
        ("4 9 10 13", "(10 - 4) * (13 - 9) = 24 is my answer!"),
        (
            "4 9 10 13",
            "Let me try 10 + 13 = 23.\nThat fails.\n**Answer:** (10-4)*(13-9)",
        ),
        ("4 9 10 13", "10 - 4 = 6\n13 - 9 = 4\n6 * 4 = 24"),
        (
            "4 9 10 13",
            "Step 1: 10 - 4 = 6, Step 2: 13 - 9 = 4, Step 3: 6 × 4 = 24.",
        ),
        ("4 9 10 13", "1. 10 − 4 = 6\n2. 13 − 9 = 4\n3. 6 · 4 = 24"),
        ("3 3 8 8", "$$\\frac{8}{3 - \\frac{8}{3}} = 24$$"),
        (
            "3 3 8 8",
            "8 \\div (3 - 8 \\div 3) = 8 \\div \\frac{1}{3} = 24",
        ),
        ("3 3 8 8", "8 / 3 = 8/3\n3 - 8/3 = 1/3\n8 / (1/3) = 24"),
        ("1 5 5 5", "1 / 5 = 0.2\n5 - 0.2 = 4.8\n5 * 4.8 = 24"),
        ("1 5 5 5", "- 1 ÷ 5 = 0.2\n- 5 − 0.2 = 4.8\n- 5 × 4.8 = 24"),
        ("1 1 1 1", "Answer: None"),
        ("1 1 1 1", "It is impossible to make 24 with these numbers."),
    ];
    for (hand, text) in rows {
        assert_eq!(
            game(hand).check_model_answer(text),
            Check::Solved,
            "{hand}: {text:?}"
        );
    }
    // Negative numbers, as steps make them.
    let negative = Game::new(&[3, 5, 12], -6).expect("a game");
    assert_eq!(
        negative.check_model_answer("3 - 5 = -2\n12 / -2 = -6"),
        Check::Solved
    );
    assert_eq!(
        negative.check_model_answer("12 / (3 - 5) = -6"),
        Check::Solved
    );
    // The same answer with 1/5 written out uses the hand.
    assert_eq!(
        game("1 5 5 5").check_model_answer("5 * (5 - 1/5)"),
        Check::Solved
    );
    // A decimal that is a number of the hand is that number.
    let halves = Game::new(&[Rational::new(1, 2), int(3)], 6).expect("a game");
    assert_eq!(halves.check_model_answer("Answer: 3 / 0.5"), Check::Solved);
}

#[test]
fn each_kind_of_mistake() {
    let rows: Vec<(&str, &str, Verdict)> = vec![
        (
            "3 3 8 8",
            "Answer: 8 * 3 * 1",
            Check::Illegal(IllegalModelAnswer::NotInHand(int(1))),
        ),
        (
            "3 3 8 8",
            "8*3 + 8 - 8",
            Check::Illegal(IllegalModelAnswer::UsedTooOften(int(8))),
        ),
        (
            "3 3 8 8",
            "**8 × 3**",
            Check::Wrong(ModelMistake::Unused(int(3))),
        ),
        (
            "4 9 10 13",
            "(10-4)*(13-9) = 25",
            Check::Wrong(ModelMistake::ClaimsOtherValue(int(25))),
        ),
        (
            "3 3 8 8",
            "8 + 8 + 3 + 3 = 22",
            Check::Wrong(ModelMistake::WrongValue(big(22, 1))),
        ),
        (
            "3 3 8 8",
            "8 / (3 - 3) * 8",
            Check::Illegal(IllegalModelAnswer::NoValue(EvalError::DivisionByZero)),
        ),
        (
            "3 3 8 8",
            "8 / 3 = 2.67\n3 - 2.67 = 0.33\n8 / 0.33 = 24",
            Check::Wrong(ModelMistake::StepNotExact {
                index: 0,
                written: Rational::new(267, 100),
                value: big(8, 3),
            }),
        ),
        (
            "4 9 10 13",
            "10 - 4 = 6\n10 - 9 = 1\n6 * 1 = 24",
            Check::Illegal(IllegalModelAnswer::Step(StepError::NotLeft {
                index: 1,
                number: int(10),
                left: vec![int(9), int(13), int(6)],
            })),
        ),
        (
            "1 2 3 4",
            "2 * 3 = 6\n6 * 4 = 24",
            Check::Wrong(ModelMistake::Unused(int(1))),
        ),
        (
            "1 2 3 4",
            "1 + 2 = 3\n3 + 3 = 6\n6 + 4 = 10",
            Check::Wrong(ModelMistake::WrongValue(big(10, 1))),
        ),
        (
            "3 3 8 8",
            "3 - 3 = 0\n8 / 0 = 24\n24 * 8 = 24",
            Check::Illegal(IllegalModelAnswer::Step(StepError::NoValue {
                index: 1,
                error: EvalError::DivisionByZero,
            })),
        ),
        (
            "3 3 8 8",
            "I am not sure what to do here.",
            Check::Illegal(IllegalModelAnswer::NoExpression),
        ),
        (
            "3 3 8 8",
            "",
            Check::Illegal(IllegalModelAnswer::NoExpression),
        ),
    ];
    for (hand, text, want) in rows {
        assert_eq!(
            game(hand).check_model_answer(text),
            want,
            "{hand}: {text:?}"
        );
    }
    // An operation the rules do not allow, in an expression and in a step.
    let no_division = game("3 3 8 8").with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    assert_eq!(
        no_division.check_model_answer("8/(3-8/3)"),
        Check::Illegal(IllegalModelAnswer::OperationNotAllowed(Op::Div))
    );
    assert_eq!(
        no_division.check_model_answer("8 / 3 = 8/3\n3 - 8/3 = 1/3\n8 / (1/3) = 24"),
        Check::Illegal(IllegalModelAnswer::Step(StepError::OperationNotAllowed {
            index: 0,
            op: Op::Div,
        }))
    );
}

#[test]
fn claims_of_no_solution_are_checked() {
    let solvable = game("3 3 8 8");
    for text in [
        "No solution.",
        "There is no way: it cannot be made.",
        "8 + 8 + 3 + 3 = 22, so it is impossible.",
        "**Answer:** none",
        "$\\text{No solution}$",
    ] {
        let Check::Wrong(ModelMistake::ClaimsNoSolution(solution)) =
            solvable.check_model_answer(text)
        else {
            panic!("{text:?}: 3 3 8 8 makes 24");
        };
        // The solution it names is one.
        assert_eq!(
            solvable.check_answer(&solution.to_string()),
            Check::Solved,
            "{solution}"
        );
    }
    // The last word counts: an expression after the claim is the answer.
    assert_eq!(
        solvable.check_model_answer("Looks impossible at first.\nBut 8/(3-8/3) = 24."),
        Check::Solved
    );
    assert_eq!(
        game("1 1 1 1").check_model_answer("cannot be made"),
        Check::Solved
    );
}

#[test]
fn long_texts_are_refused_and_odd_ones_do_not_panic() {
    let game = game("3 3 8 8");
    let long = "8".repeat(MAX_MODEL_ANSWER_LEN + 1);
    assert_eq!(
        game.check_model_answer(&long),
        Check::Illegal(IllegalModelAnswer::TooLong(long.len()))
    );
    let odd = [
        "\\frac".to_string(),
        "\\frac{".repeat(500),
        "(".repeat(1000),
        "9".repeat(40),
        "0.".repeat(30),
        "= = =".to_string(),
        "\\boxed{".to_string(),
        "<answer>".to_string(),
        "- - 3".to_string(),
        "8/(3-8/3) = 24 = ".to_string(),
        "99999999999999999999 / 3 = 1".to_string(),
        "9223372036854775807 * 9223372036854775807 = 1\n1 * 1 = 24".to_string(),
        "é ü 中文 ÷ × −".to_string(),
    ];
    for text in odd {
        let _ = game.check_model_answer(&text);
    }
}

#[cfg(feature = "serde")]
#[test]
fn verdicts_round_trip_through_json() {
    let rows: [(&str, &str, &str); 4] = [
        ("3 3 8 8", "8 * 3", r#"{"wrong":{"unused":"3"}}"#),
        (
            "3 3 8 8",
            "8 / 3 = 2.67\n3 - 2.67 = 0.33\n8 / 0.33 = 24",
            r#"{"wrong":{"step_not_exact":{"index":1,"written":"267/100","value":"8/3"}}}"#,
        ),
        (
            "1 5 5 5",
            "5 * (5 - 0.2)",
            r#"{"illegal":{"not_in_hand":"1/5"}}"#,
        ),
        ("3 3 8 8", "no idea", r#"{"illegal":"no_expression"}"#),
    ];
    for (hand, text, json) in rows {
        let verdict = game(hand).check_model_answer(text);
        assert_eq!(serde_json::to_string(&verdict).expect("to JSON"), json);
        let back: Verdict = serde_json::from_str(json).expect("from JSON");
        assert_eq!(back, verdict);
    }
    let Check::Wrong(claim) = game("3 3 8 8").check_model_answer("No solution") else {
        panic!("3 3 8 8 makes 24");
    };
    let back: ModelMistake =
        serde_json::from_str(&serde_json::to_string(&claim).expect("to JSON")).expect("from JSON");
    assert_eq!(back, claim);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_listed_solution_is_accepted_in_every_dress(
        hand in proptest::collection::vec(1i64..=13, 4),
        pick in any::<usize>(),
    ) {
        let game = Game::new(&hand, 24).expect("four numbers");
        let all = game.solutions().expect("a search without limits");
        // A few of each hand's solutions keep the debug run short.
        for e in all.iter().cycle().skip(pick % all.len().max(1)).take(all.len().min(3)) {
            for text in dresses(e, 24) {
                prop_assert_eq!(game.check_model_answer(&text), Check::Solved, "{}", text);
            }
            let mut lines = Vec::new();
            steps(e, &mut lines).expect("a solution has a value");
            let text = lines.join("\n");
            prop_assert_eq!(game.check_model_answer(&text), Check::Solved, "{}", text);
        }
    }

    #[test]
    fn a_changed_number_is_refused_with_its_reason(
        hand in proptest::collection::vec(1i64..=13, 4),
        pick in any::<usize>(),
        place in 0usize..4,
        by in 1i64..=3,
    ) {
        let game = Game::new(&hand, 24).expect("four numbers");
        let all = game.solutions().expect("a search without limits");
        prop_assume!(!all.is_empty());
        let e = &all[pick % all.len()];
        let old = e.numbers()[place];
        let new = old + by;
        let changed = replace_number(e, &mut place.clone(), new);
        let want = if game.hand().contains(&new) {
            IllegalModelAnswer::UsedTooOften(new)
        } else {
            IllegalModelAnswer::NotInHand(new)
        };
        for text in dresses(&changed, 24) {
            prop_assert_eq!(game.check_model_answer(&text), Check::Illegal(want.clone()), "{}", text);
        }
        // As steps: refused; when no number left could be the new one,
        // at the step that uses it, naming it.
        let mut lines = Vec::new();
        if steps(&changed, &mut lines).is_some() {
            let text = lines.join("\n");
            let verdict = game.check_model_answer(&text);
            prop_assert!(verdict != Check::Solved, "{}", text);
            let mut made = Vec::new();
            steps_values(&changed, &mut made);
            if !game.hand().contains(&new) && !made.contains(&new) {
                prop_assert!(
                    matches!(
                        &verdict,
                        Check::Illegal(IllegalModelAnswer::Step(StepError::NotLeft { number, .. }))
                            if *number == new
                    ),
                    "{}: {:?}", text, verdict
                );
            }
        }
    }
}
