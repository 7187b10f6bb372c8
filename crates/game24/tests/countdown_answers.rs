//! `Countdown::check_model_answer` on answers as models write them, under
//! every rule set: a table of right and wrong answers (each kind of
//! mistake), properties over every solution the solver lists (wrapped in
//! each supported way, and with one number changed), a value off the
//! target measured against a brute force written here, and the 24 game's
//! rules giving `Game::check_model_answer`'s verdicts.

use std::collections::BTreeMap;

use kongming_game24::{
    Arithmetic, BigRational, Budget, Check, Countdown, EvalError, Expr, Game, IllegalModelAnswer,
    MAX_MODEL_ANSWER_LEN, ModelMistake, NumberUse, Op, Ops, Rational, Rules, StepError, StopReason,
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

fn countdown(hand: &[i64], target: i64) -> Countdown {
    Countdown::new(hand, target, Rules::countdown()).expect("a Countdown game")
}

fn check(game: &Countdown, text: &str) -> Verdict {
    game.check_model_answer(text).expect("no overflow")
}

/// The classic: 952 from 25 50 75 100 3 6.
fn classic() -> Countdown {
    countdown(&[25, 50, 75, 100, 3, 6], 952)
}

#[test]
fn right_answers_under_countdown_rules() {
    let game = classic();
    let rows = [
        "((100 + 6) * 3 * 75 - 50) / 25",
        "Answer: ((100 + 6) × 3 × 75 − 50) ÷ 25 = 952",
        "**Final answer:** $\\frac{(100 + 6) \\times 3 \\times 75 - 50}{25}$.",
        "<answer>((100+6)*3*75-50)/25</answer>",
        "The answer is $\\boxed{\\frac{(100+6)(3)(75)-50}{25}}$.",
        "```\n((100 + 6) * 3 * 75 - 50) / 25 = 952\n```",
        "100 + 6 = 106\n106 * 3 = 318\n318 * 75 = 23850\n23850 - 50 = 23800\n23800 / 25 = 952",
        "1. 100 + 6 = 106\n2. 106 × 3 = 318\n3. 318 × 75 = 23850\n4. 23850 − 50 = 23800\n5. 23800 ÷ 25 = 952.",
        // Three lines of trial, then the answer after a label.
        "Try 100 * 9 = 900: no 9.\nAnswer: ((100 + 6) * 3 * 75 - 50) / 25",
    ];
    for text in rows {
        assert_eq!(check(&game, text), Check::Solved, "{text:?}");
    }
    // Any of the tiles: two of six.
    let small = countdown(&[25, 50, 75, 100, 3, 6], 300);
    for text in [
        "100 * 3",
        "Answer: 3 × 100 = 300",
        "75 × 6 = 450\n450 − 100 = 350\n350 − 50 = 300",
        // A step whose value goes unused is no mistake: the last step is
        // the answer.
        "6 + 50 = 56\n75 + 25 = 100\n100 * 3 = 300",
        // A line before that the answer does not build on is not a step.
        "25 + 50 = 75\n100 * 3 = 300",
    ] {
        assert_eq!(check(&small, text), Check::Solved, "{text:?}");
    }
    // A lone tile is an answer when it is marked as one.
    let tile = countdown(&[100, 3, 6], 100);
    assert_eq!(check(&tile, "Answer: 100"), Check::Solved);
    assert_eq!(check(&tile, "<answer>100</answer>"), Check::Solved);
    assert_eq!(
        check(&tile, "I would use 100"),
        Check::Illegal(IllegalModelAnswer::NoExpression)
    );
    // Steps that build on an earlier one use its value, not the tile.
    let twelve = countdown(&[2, 4, 8, 12], 24);
    assert_eq!(check(&twelve, "4 + 8 = 12\n12 * 2 = 24"), Check::Solved);
    assert_eq!(check(&twelve, "12 * 2 = 24"), Check::Solved);
}

#[test]
fn a_minus_before_a_number_reads_as_subtracting_it() {
    // Reasoning-gym's own Countdown answers (every number, any rational
    // on the way) open sums with a negated number.
    let rational = Rules::countdown()
        .with_number_use(NumberUse::All)
        .with_arithmetic(Arithmetic::Rational);
    let rows: [(&[i64], i64, &str); 4] = [
        (&[1, 71, 11, 1, 87, 24], 957, "-1 + (11*(71 + 24) - 87)/1"),
        (&[1, 40, 34, 24, 47, 25], 697, "24*(-34 + (40 + 25)/1) - 47"),
        (&[8, 70, 81, 8, 47], 560, "70*(-8 + (47 + 81)/8)"),
        (&[43, 35, 53, 86, 27], 119, "-53 + 86*(43 + 27)/35"),
    ];
    for (hand, target, text) in rows {
        let game = Countdown::new(hand, target, rational).expect("a game");
        assert_eq!(check(&game, text), Check::Solved, "{text:?}");
        // Under Countdown's own rules too: `x - 1` makes only positive
        // integers on the way.
        let strict = Countdown::new(
            hand,
            target,
            Rules::countdown().with_number_use(NumberUse::All),
        )
        .expect("a game");
        assert_eq!(check(&strict, text), Check::Solved, "{text:?}");
    }
    // Twice negated, and a negated subtrahend: `-2 - -3` is `3 - 2`.
    let game = Countdown::new(&[2, 3, 5], 6, rational).expect("a game");
    assert_eq!(check(&game, "(-2 - -3) + 5"), Check::Solved);
    assert_eq!(check(&game, "5 - -3 + -2"), Check::Solved);
    // A minus left on the whole answer has no operation to go into: the
    // number is read as written, and the hand does not hold it (so a
    // negative target is not reached by negating a positive one).
    for rules in [rational, Rules::countdown(), Rules::game24()] {
        for (target, text) in [(24, "-3 * 8"), (-24, "-3 * 8"), (-11, "-3 - 8")] {
            let game = Countdown::new(&[3, 8], target, rules).expect("a game");
            assert_eq!(
                check(&game, text),
                Check::Illegal(IllegalModelAnswer::NotInHand(int(-3))),
                "{text} = {target} under {rules}"
            );
        }
    }
    let strict = countdown(&[3, 8], 24);
    assert_eq!(check(&strict, "-3 * -8"), Check::Solved);
    let game = Countdown::new(&[3, 8], -24, Rules::game24()).expect("a game");
    assert_eq!(check(&game, "No solution."), Check::Solved);
    // A negative number the hand holds is that number, not a negation.
    let game = Countdown::new(&[-3, 8], -24, rational).expect("a game");
    assert_eq!(check(&game, "-3 * 8"), Check::Solved);
    // Neither the number nor its negation in the hand: that number is
    // named.
    assert_eq!(
        check(&classic(), "-7 + 100"),
        Check::Illegal(IllegalModelAnswer::NotInHand(int(-7)))
    );
}

#[test]
fn a_fraction_a_step_made_is_read_only_as_written() {
    // `2/8` is not how 1/4 is written: it is a division, and 2 is not in
    // the hand 1 4 8 1 (read as the 1/4 left, the mistake would surface
    // a step later, naming the wrong number).
    let rules = Rules::countdown()
        .with_number_use(NumberUse::All)
        .with_arithmetic(Arithmetic::Rational)
        .with_ops(Ops::ADD | Ops::DIV);
    let game = Countdown::new(&[1, 4, 8, 1], 1, rules).expect("a game");
    let verdict = check(&game, "1 / 4 = 1/4\n2 / 8 = 1/4\n1/4 + 1/4 = 1/2");
    assert!(
        matches!(
            &verdict,
            Check::Illegal(IllegalModelAnswer::Step(StepError::NotLeft { index: 1, number, .. }))
                if *number == int(2)
        ),
        "{verdict:?}"
    );
    // Written in lowest terms, it is the fraction the step made.
    let game = Countdown::new(&[1, 4, 2], 8, rules).expect("a game");
    assert_eq!(check(&game, "1 / 4 = 1/4\n2 / (1/4) = 8"), Check::Solved);
    assert_ne!(check(&game, "1 / 4 = 1/4\n2 / (2/8) = 8"), Check::Solved);
}

#[test]
fn each_kind_of_mistake_under_countdown_rules() {
    let game = classic();
    let rows: Vec<(&str, Verdict)> = vec![
        (
            "Answer: 100 * 9 + 50 + 2",
            Check::Illegal(IllegalModelAnswer::NotInHand(int(9))),
        ),
        (
            "100 * 6 + 100 * 3 + 50 + 2",
            Check::Illegal(IllegalModelAnswer::UsedTooOften(int(100))),
        ),
        // 75 / 6 is 25/2: the first operation worked out.
        (
            "75 / 6 * 100 + 3 + 50 - 25",
            Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
                index: 0,
                value: big(25, 2),
            }),
        ),
        // 3 - 6 is -3: the second (100 + 50 is the first).
        (
            "(100 + 50) * (3 - 6)",
            Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
                index: 1,
                value: big(-3, 1),
            }),
        ),
        (
            "(25 + 50 + 75) * (6 - 3 * 2)",
            Check::Illegal(IllegalModelAnswer::NotInHand(int(2))),
        ),
        (
            "100 + 6 = 106\n106 * 3 = 318\n318 / 75 = 4.24",
            Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
                index: 2,
                value: big(106, 25),
            }),
        ),
        (
            "100 + 6 = 106\n106 * 3 = 318\n318 * 75 = 23800\n23800 / 25 = 952",
            Check::Wrong(ModelMistake::StepNotExact {
                index: 2,
                written: int(23800),
                value: big(23850, 1),
            }),
        ),
        (
            "100 + 6 = 106\n106 * 6 = 636\n636 + 316 = 952",
            Check::Illegal(IllegalModelAnswer::Step(StepError::NotLeft {
                index: 1,
                number: int(6),
                left: [25, 50, 75, 3, 106].map(int).to_vec(),
            })),
        ),
        (
            "((100 + 6) * 3 * 75 - 50) / 25 = 925",
            Check::Wrong(ModelMistake::ClaimsOtherValue(int(925))),
        ),
        (
            "**Answer:** 100 * 6 + 75 * 3 + 50 + 75",
            Check::Illegal(IllegalModelAnswer::UsedTooOften(int(75))),
        ),
        // 952 can be made: 756 is 196 away, and some answer 0 away.
        (
            "Answer: (100 + 75 + 50 + 25) * 3 + 6",
            Check::Wrong(ModelMistake::OffTarget {
                value: big(756, 1),
                distance: big(196, 1),
                closest: int(0),
            }),
        ),
        (
            "I give up.",
            Check::Illegal(IllegalModelAnswer::NoExpression),
        ),
    ];
    for (text, want) in rows {
        assert_eq!(check(&game, text), want, "{text:?}");
    }
    // The text names the step, counting from 1.
    let Check::Illegal(why) = check(&game, "(100 + 50) * (3 - 6)") else {
        panic!("refused")
    };
    assert_eq!(
        why.to_string(),
        "step 2, -3, is negative: the rules allow positive integers only"
    );
    let two = countdown(&[7, 2, 4], 10);
    let Check::Illegal(why) = check(&two, "7 / 2 * 4") else {
        panic!("refused")
    };
    assert_eq!(
        why.to_string(),
        "step 1, 7/2, is not a whole number: the rules allow positive integers only"
    );
    // In steps, the step is the line.
    let Check::Illegal(why) = check(&two, "4 * 2 = 8\n8 / 7 = 1.14") else {
        panic!("refused")
    };
    assert_eq!(
        why.to_string(),
        "step 2, 8/7, is not a whole number: the rules allow positive integers only"
    );
    let zero = countdown(&[4, 2, 2, 7], 10);
    assert_eq!(
        check(&zero, "(4 - 2 - 2) * 7"),
        Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
            index: 1,
            value: big(0, 1),
        })
    );
    let Check::Illegal(why) = check(&zero, "(4 - 2 - 2) * 7") else {
        panic!("refused")
    };
    assert_eq!(
        why.to_string(),
        "step 2, 0, is zero: the rules allow positive integers only"
    );
    // An operation the rules leave out, in one expression and in a step.
    let no_division = Countdown::new(
        &[25, 50, 75, 100, 3, 6],
        952,
        Rules::countdown().with_ops(Ops::ADD | Ops::SUB | Ops::MUL),
    )
    .expect("a game");
    assert_eq!(
        check(&no_division, "((100 + 6) * 3 * 75 - 50) / 25"),
        Check::Illegal(IllegalModelAnswer::OperationNotAllowed(Op::Div))
    );
    assert_eq!(
        check(&no_division, "100 / 25 = 4\n4 * 3 = 12"),
        Check::Illegal(IllegalModelAnswer::Step(StepError::OperationNotAllowed {
            index: 0,
            op: Op::Div,
        }))
    );
    // A division by zero under rational rules (under integer rules the
    // zero is refused first).
    let rational = Countdown::new(
        &[3, 3, 8, 8],
        24,
        Rules::countdown().with_arithmetic(Arithmetic::Rational),
    )
    .expect("a game");
    assert_eq!(
        check(&rational, "8 / (3 - 3)"),
        Check::Illegal(IllegalModelAnswer::NoValue(EvalError::DivisionByZero))
    );
    // Every number, under `NumberUse::All`.
    let all = Countdown::new(
        &[25, 50, 75, 100, 3, 6],
        952,
        Rules::countdown().with_number_use(NumberUse::All),
    )
    .expect("a game");
    assert_eq!(check(&all, "((100 + 6) * 3 * 75 - 50) / 25"), Check::Solved);
    assert_eq!(
        check(&all, "75 * 6 + 50"),
        Check::Wrong(ModelMistake::Unused(int(25)))
    );
    let long = "1".repeat(MAX_MODEL_ANSWER_LEN + 1);
    assert_eq!(
        check(&game, &long),
        Check::Illegal(IllegalModelAnswer::TooLong(long.len()))
    );
}

#[test]
fn decimals_only_where_the_rules_allow_fractions() {
    // 1 5 5 5 makes 24 only through 1/5: right under rational rules,
    // refused at the step that makes the fraction under integer rules.
    let steps = "1 / 5 = 0.2\n5 - 0.2 = 4.8\n5 * 4.8 = 24";
    let rational = Countdown::new(&[1, 5, 5, 5], 24, Rules::game24()).expect("a game");
    assert_eq!(check(&rational, steps), Check::Solved);
    assert_eq!(check(&rational, "5 * (5 - 1/5)"), Check::Solved);
    let integer = countdown(&[1, 5, 5, 5], 24);
    assert_eq!(
        check(&integer, steps),
        Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
            index: 0,
            value: big(1, 5),
        })
    );
    assert_eq!(
        check(&integer, "5 * (5 - 1/5)"),
        Check::Illegal(IllegalModelAnswer::NotPositiveInteger {
            index: 0,
            value: big(1, 5),
        })
    );
    // A whole number written as a decimal is that number.
    assert_eq!(check(&integer, "5.0 * 5 - 1 = 24"), Check::Solved);
}

#[test]
fn a_value_off_the_target_against_the_closest() {
    // 875 cannot be made from 25 50 1 1 2 2; 850 and 900 are 25 away.
    let game = countdown(&[25, 50, 1, 1, 2, 2], 875);
    assert_eq!(
        check(&game, "Answer: 50 * (25 - ((2 + 1) * 2 + 1))"),
        Check::Wrong(ModelMistake::Closest {
            value: big(900, 1),
            distance: big(25, 1),
        })
    );
    assert_eq!(
        check(&game, "25 * 50 = 1250\n1250 - 2 = 1248"),
        Check::Wrong(ModelMistake::OffTarget {
            value: big(1248, 1),
            distance: big(373, 1),
            closest: int(25),
        })
    );
    let Check::Wrong(mistake) = check(&game, "25 * 50 = 1250\n1250 - 2 = 1248") else {
        panic!("wrong")
    };
    assert_eq!(
        mistake.to_string(),
        "the answer makes 1248, 373 from the target; the closest an answer comes is 25"
    );
    // A claim of no solution is right here, wrong on a game that can be made.
    assert_eq!(check(&game, "There is no solution."), Check::Solved);
    let Check::Wrong(ModelMistake::ClaimsNoSolution(solution)) =
        check(&classic(), "952 cannot be made.")
    else {
        panic!("952 can be made")
    };
    assert_eq!(check(&classic(), &solution.to_string()), Check::Solved);
    // Only these verdicts search, and the budget bounds the search.
    let stopped = classic().budget(Budget::unlimited().with_node_limit(3));
    assert_eq!(
        check(&stopped, "Impossible."),
        Check::Stopped(StopReason::NodeLimit)
    );
    assert_eq!(
        check(&stopped, "100 * 9 + 52"),
        Check::Illegal(IllegalModelAnswer::NotInHand(int(9)))
    );
    assert_eq!(
        check(&stopped, "((100 + 6) * 3 * 75 - 50) / 25"),
        Check::Solved
    );
}

#[test]
fn odd_texts_do_not_panic() {
    let game = classic();
    for text in [
        "\\frac{".repeat(500),
        "(".repeat(1000),
        "9".repeat(40),
        "- - 3".to_string(),
        "9223372036854775807 * 9223372036854775807 = 1\n1 * 1 = 952".to_string(),
        "100 * 100 * 100 * 100 * 100 * 100".to_string(),
        "é ü 中文 ÷ × −".to_string(),
        "Answer:".to_string(),
    ] {
        let _ = game.check_model_answer(&text);
    }
}

#[cfg(feature = "serde")]
#[test]
fn countdown_verdicts_round_trip_through_json() {
    let game = countdown(&[25, 50, 1, 1, 2, 2], 875);
    let rows: [(&str, &str); 3] = [
        (
            "50 * (25 - ((2 + 1) * 2 + 1))",
            r#"{"wrong":{"closest":{"value":"900","distance":"25"}}}"#,
        ),
        (
            "25 * 50 - 2",
            r#"{"wrong":{"off_target":{"value":"1248","distance":"373","closest":"25"}}}"#,
        ),
        (
            "25 / 2 * 50",
            r#"{"illegal":{"not_positive_integer":{"index":1,"value":"25/2"}}}"#,
        ),
    ];
    for (text, json) in rows {
        let verdict = check(&game, text);
        assert_eq!(serde_json::to_string(&verdict).expect("to JSON"), json);
        let back: Verdict = serde_json::from_str(json).expect("from JSON");
        assert_eq!(back, verdict);
    }
}

/// One expression for each value each subset of the hand makes under the
/// rules, built bottom-up over bit masks (not the solver's depth-first
/// search): the values an answer can make, with one way to make each.
fn brute_force(hand: &[i64], rules: Rules) -> BTreeMap<Rational, Expr> {
    let n = hand.len();
    let mut by_mask: Vec<BTreeMap<Rational, Expr>> = vec![BTreeMap::new(); 1 << n];
    for mask in 1usize..1 << n {
        if mask.count_ones() == 1 {
            let v = int(hand[mask.trailing_zeros() as usize]);
            by_mask[mask].insert(v, Expr::Num(v));
            continue;
        }
        let mut made = BTreeMap::new();
        for left in 1..mask {
            if left & mask != left {
                continue;
            }
            for (a, ea) in &by_mask[left] {
                for (b, eb) in &by_mask[mask ^ left] {
                    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                        if !rules.ops().contains(Ops::from_op(op)) {
                            continue;
                        }
                        let Ok(v) = op.apply(a, b) else { continue };
                        let integer = v.is_integer() && v > int(0);
                        if rules.arithmetic() == Arithmetic::PositiveIntegers && !integer {
                            continue;
                        }
                        made.entry(v)
                            .or_insert_with(|| Expr::bin(op, ea.clone(), eb.clone()));
                    }
                }
            }
        }
        by_mask[mask] = made;
    }
    match rules.number_use() {
        NumberUse::All => by_mask.pop().unwrap_or_default(),
        NumberUse::Any => {
            let mut all = BTreeMap::new();
            for values in by_mask {
                for (v, e) in values {
                    all.entry(v).or_insert(e);
                }
            }
            all
        }
    }
}

/// Rules from a number: the number use, the arithmetic and a non-empty
/// set of operations.
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
    let ops = Ops::from_bits_truncate(bits >> 2).union(Ops::ADD);
    Rules::game24()
        .with_number_use(number_use)
        .with_arithmetic(arithmetic)
        .with_ops(ops)
}

/// A small random game under random rules: three or four numbers from
/// 1..=10 (now and then a large tile), a target from 1..=120.
fn game_strategy() -> impl Strategy<Value = (Vec<i64>, i64, Rules)> {
    let number =
        prop_oneof![4 => 1i64..=10, 1 => prop_oneof![Just(25i64), Just(50), Just(75), Just(100)]];
    (
        proptest::collection::vec(number, 3..=4),
        1i64..=120,
        any::<u8>().prop_map(rules_of),
    )
}

/// A game of `hand` under `rules` whose target is one of the values the
/// hand makes (the `pick`-th, in the brute force's order).
fn made_game(hand: &[i64], rules: Rules, pick: usize) -> (Countdown, Rational) {
    let values: Vec<Rational> = brute_force(hand, rules).into_keys().collect();
    let target = values[pick % values.len()];
    let numbers: Vec<Rational> = hand.iter().map(|&n| int(n)).collect();
    let game = Countdown::with_rationals(&numbers, target, rules).expect("a game");
    (game, target)
}

/// Whether the last line of `lines`, read alone, is an expression of the
/// hand's numbers (each at most as often as dealt): then the reader takes
/// it as the answer (the lines before it are no steps it builds on), and
/// the verdict is about it, not about a number an earlier line misused.
fn last_line_is_an_answer(lines: &[String], game: &Countdown) -> bool {
    let Some(expr) = lines
        .last()
        .and_then(|line| line.split('=').next())
        .and_then(|text| text.trim().parse::<Expr>().ok())
    else {
        return false;
    };
    let mut left = game.numbers().to_vec();
    expr.numbers()
        .iter()
        .all(|n| match left.iter().position(|m| m == n) {
            Some(k) => {
                left.remove(k);
                true
            }
            None => false,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_listed_solution_is_accepted_in_every_dress(
        (hand, _, rules) in game_strategy(),
        value in any::<usize>(),
        pick in any::<usize>(),
    ) {
        let (game, target) = made_game(&hand, rules, value);
        let all = game.solutions().expect("no overflow").into_solutions();
        // Solutions of one operation or more; a few of each game's.
        let listed: Vec<&Expr> = all.iter().filter(|e| e.op().is_some()).collect();
        for e in listed.iter().cycle().skip(pick % listed.len().max(1)).take(listed.len().min(3)) {
            for text in dresses(e, target) {
                prop_assert_eq!(check(&game, &text), Check::Solved, "{} under {}", text, rules);
            }
            let mut lines = Vec::new();
            steps(e, &mut lines).expect("a solution has a value");
            let text = lines.join("\n");
            prop_assert_eq!(check(&game, &text), Check::Solved, "{} under {}", text, rules);
            // `x - n` written `-n + (x)`, as generators write it.
            if let Expr::Bin(Op::Sub, x, n) = e
                && let Expr::Num(n) = **n
                && n.is_integer()
                && *n.numer() > 0
            {
                let text = format!("-{n} + ({x})");
                prop_assert_eq!(check(&game, &text), Check::Solved, "{} under {}", text, rules);
            }
        }
    }

    #[test]
    fn a_changed_number_is_refused_with_its_reason(
        (hand, _, rules) in game_strategy(),
        value in any::<usize>(),
        pick in any::<usize>(),
        place in any::<usize>(),
        by in 1i64..=3,
    ) {
        let (game, target) = made_game(&hand, rules, value);
        let all = game.solutions().expect("no overflow").into_solutions();
        prop_assert!(!all.is_empty(), "{} is made", target);
        let e = &all[pick % all.len()];
        let place = place % e.numbers().len();
        let new = e.numbers()[place] + by;
        let changed = replace_number(e, &mut place.clone(), new);
        let in_hand = game.numbers().iter().filter(|&&n| n == new).count();
        let used = changed.numbers().iter().filter(|&&n| n == new).count();
        // Under `NumberUse::Any` the new number may be a tile the
        // solution left out: then the answer is legal as far as numbers go.
        if used > in_hand {
            let want = if in_hand > 0 {
                IllegalModelAnswer::UsedTooOften(new)
            } else {
                IllegalModelAnswer::NotInHand(new)
            };
            if changed.op().is_some() {
                for text in dresses(&changed, target) {
                    prop_assert_eq!(check(&game, &text), Check::Illegal(want.clone()), "{} under {}", text, rules);
                }
            } else {
                // A lone number is read only as a marked answer, and only
                // a number of the hand ("So the answer is 877." is prose
                // after the answer).
                let text = format!("Answer: {changed}");
                prop_assert_eq!(check(&game, &text), Check::Illegal(IllegalModelAnswer::NoExpression), "{} under {}", text, rules);
            }
        }
        // As steps: refused; when no number left could be the new one, at
        // the step that uses it, naming it.
        let mut lines = Vec::new();
        if changed.op().is_some() && steps(&changed, &mut lines).is_some() && used > in_hand {
            let text = lines.join("\n");
            let verdict = check(&game, &text);
            prop_assert!(verdict != Check::Solved, "{} under {}", text, rules);
            let mut made = Vec::new();
            steps_values(&changed, &mut made);
            if lines.len() == 1 {
                // One line is one expression.
                let want = if in_hand > 0 {
                    IllegalModelAnswer::UsedTooOften(new)
                } else {
                    IllegalModelAnswer::NotInHand(new)
                };
                prop_assert_eq!(verdict, Check::Illegal(want), "{} under {}", text, rules);
            } else if in_hand == 0 && !made.contains(&new) && !last_line_is_an_answer(&lines, &game) {
                prop_assert!(
                    matches!(
                        &verdict,
                        Check::Illegal(IllegalModelAnswer::Step(StepError::NotLeft { number, .. }))
                            if *number == new
                    ),
                    "{} under {}: {:?}", text, rules, verdict
                );
            }
        }
    }

    #[test]
    fn a_value_off_the_target_is_measured_against_the_brute_force(
        (hand, target, rules) in game_strategy(),
        pick in any::<usize>(),
    ) {
        let game = Countdown::new(&hand, target, rules).expect("a game");
        let values = brute_force(&hand, rules);
        let t = int(target);
        let distance = |v: &Rational| if *v < t { t - *v } else { *v - t };
        let closest = values.keys().map(distance).min();
        let off: Vec<(&Rational, &Expr)> = values.iter().filter(|(v, _)| **v != t).collect();
        prop_assume!(!off.is_empty());
        let (value, e) = off[pick % off.len()];
        let text = format!("Answer: {e}");
        let d = distance(value);
        let want = match closest {
            Some(c) if c < d => ModelMistake::OffTarget {
                value: big(*value.numer(), *value.denom()),
                distance: big(*d.numer(), *d.denom()),
                closest: c,
            },
            _ => ModelMistake::Closest {
                value: big(*value.numer(), *value.denom()),
                distance: big(*d.numer(), *d.denom()),
            },
        };
        prop_assert_eq!(check(&game, &text), Check::Wrong(want), "{} under {}", text, rules);
        // And a claim of no solution is right exactly when the brute force
        // cannot make the target.
        let claim = check(&game, "No solution.");
        prop_assert_eq!(claim == Check::Solved, !values.contains_key(&t), "under {}", rules);
    }

    #[test]
    fn the_24_games_rules_give_the_games_verdicts(
        hand in proptest::collection::vec(1i64..=13, 4),
        pick in any::<usize>(),
        place in 0usize..4,
        by in 0i64..=2,
    ) {
        let game = Game::new(&hand, 24).expect("four numbers");
        let countdown = Countdown::new(&hand, 24, Rules::game24()).expect("a game");
        let all = game.solutions().expect("a search without limits");
        prop_assume!(!all.is_empty());
        let e = replace_number(&all[pick % all.len()], &mut place.clone(), int(hand[place] + by));
        let mut lines = Vec::new();
        steps(&e, &mut lines);
        let mut texts = dresses(&e, 24);
        texts.push(lines.join("\n"));
        texts.push("No solution.".to_string());
        for text in texts {
            let ours = check(&countdown, &text);
            let want = match game.check_model_answer(&text) {
                // The 24 game scores no closest value: the same value, and
                // the distance from 24 the Countdown adds.
                Check::Wrong(ModelMistake::WrongValue(value)) => {
                    let Check::Wrong(ModelMistake::OffTarget { value: v, .. } | ModelMistake::Closest { value: v, .. }) = &ours else {
                        panic!("{text}: {ours:?}")
                    };
                    prop_assert_eq!(v, &value);
                    continue;
                }
                // Each solver names its own solution.
                Check::Wrong(ModelMistake::ClaimsNoSolution(_)) => {
                    prop_assert!(matches!(ours, Check::Wrong(ModelMistake::ClaimsNoSolution(_))), "{}", text);
                    continue;
                }
                verdict => verdict,
            };
            prop_assert_eq!(ours, want, "{}", text);
        }
    }
}
