//! Issue 29: the generator of numbers games under any rules. Every
//! instance is re-checked: its solutions listed again and re-evaluated
//! step by step under the rules, its grade worked out again, its closest
//! value found again; on small games the count of distinct solutions is
//! proved against a brute force written here (every expression of every
//! sub-hand, kept apart by their canonical forms).

use std::collections::{HashMap, HashSet};

use kongming_game24::{
    Arithmetic, Budget, Canonical, CountdownGenerator, Deal, DealError, Effort, Expr, Game,
    GenerateError, Grade, Instance, NumberUse, Ops, Rational, Rules, Solvability, StopReason,
    reachable,
};
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub};
use proptest::prelude::*;

type Error = Box<dyn std::error::Error>;

/// How many seeds a test tries: fewer in a debug build.
fn seeds(release: u64) -> std::ops::Range<u64> {
    0..if cfg!(debug_assertions) {
        release.div_ceil(8)
    } else {
        release
    }
}

/// One step under the rules, as the brute force sees it.
fn step(rules: Rules, op: char, a: Rational, b: Rational) -> Option<Rational> {
    let ops = rules.ops();
    let r = match op {
        '+' if ops.contains(Ops::ADD) => a.checked_add(&b)?,
        '-' if ops.contains(Ops::SUB) => a.checked_sub(&b)?,
        '*' if ops.contains(Ops::MUL) => a.checked_mul(&b)?,
        '/' if ops.contains(Ops::DIV) && b != Rational::from_integer(0) => a.checked_div(&b)?,
        _ => return None,
    };
    let positive_integer = r.is_integer() && *r.numer() > 0;
    (rules.arithmetic() == Arithmetic::Rational || positive_integer).then_some(r)
}

/// The value of an expression under the rules, each step re-checked.
fn eval_under(expr: &Expr, rules: Rules) -> Option<Rational> {
    match expr {
        Expr::Num(n) => Some(*n),
        Expr::Bin(op, l, r) => {
            let symbol = op.to_string().chars().next()?;
            step(rules, symbol, eval_under(l, rules)?, eval_under(r, rules)?)
        }
    }
}

/// Whether the expression uses the hand's numbers as the rules ask.
fn uses_hand(expr: &Expr, hand: &[i64], rules: Rules) -> bool {
    let mut left: HashMap<Rational, i32> = HashMap::new();
    for &n in hand {
        *left.entry(Rational::from_integer(n)).or_default() += 1;
    }
    for n in expr.numbers() {
        let count = left.entry(n).or_default();
        *count -= 1;
        if *count < 0 {
            return false;
        }
    }
    rules.number_use() == NumberUse::Any || left.values().all(|c| *c == 0)
}

/// What the brute force finds for a game.
struct Brute {
    /// The canonical forms of the solutions.
    distinct: HashSet<Canonical>,
    /// The fewest numbers of a solution (0: none).
    fewest: usize,
    /// The least distance from the target of a value the rules count.
    nearest: Option<Rational>,
}

/// Every expression over every sub-hand, played two values at a time in
/// every order; under `NumberUse::Any` a step whose value is one of its
/// operands is not played (the number it takes does nothing), as the
/// guide defines.
fn brute(hand: &[i64], target: i64, rules: Rules) -> Brute {
    fn walk(items: &[(Rational, Expr)], rules: Rules, target: Rational, out: &mut Brute) {
        let counts = rules.number_use() == NumberUse::Any || items.len() == 1;
        if counts {
            for (value, expr) in items.iter() {
                let d = if *value > target {
                    value - target
                } else {
                    target - value
                };
                if out.nearest.is_none_or(|n| d < n) {
                    out.nearest = Some(d);
                }
                if *value == target {
                    let leaves = expr.numbers().len();
                    out.distinct.insert(Canonical::of(expr).expect("a value"));
                    if out.fewest == 0 || leaves < out.fewest {
                        out.fewest = leaves;
                    }
                }
            }
        }
        for i in 0..items.len() {
            for j in 0..items.len() {
                if i == j {
                    continue;
                }
                for op in ['+', '-', '*', '/'] {
                    let (a, b) = (items[i].0, items[j].0);
                    let Some(r) = step(rules, op, a, b) else {
                        continue;
                    };
                    if rules.number_use() == NumberUse::Any && (r == a || r == b) {
                        continue;
                    }
                    let expr = Expr::bin(
                        op.to_string().parse().expect("an operation"),
                        items[i].1.clone(),
                        items[j].1.clone(),
                    );
                    let mut next: Vec<(Rational, Expr)> = items
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, item)| item.clone())
                        .collect();
                    next.push((r, expr));
                    walk(&next, rules, target, out);
                }
            }
        }
    }
    let items: Vec<(Rational, Expr)> = hand
        .iter()
        .map(|&n| (Rational::from_integer(n), Expr::num(n)))
        .collect();
    let mut out = Brute {
        distinct: HashSet::new(),
        fewest: 0,
        nearest: None,
    };
    // Sub-hands are reached by combining only some of the values: under
    // `Any` every item of every state counts, so the whole walk covers them.
    walk(&items, rules, Rational::from_integer(target), &mut out);
    out
}

/// Re-checks an instance on its own: the hand and target as dealt, the
/// solutions listed again (each re-evaluated under the rules), the grade
/// and the example worked out again, the closest value checked.
fn check(instance: &Instance, deal: Deal, targets: (i64, i64)) -> Result<(), Error> {
    let rules = instance.rules;
    assert!(
        instance.numbers.windows(2).all(|w| w[0] <= w[1]),
        "{instance}"
    );
    assert!(
        (targets.0..=targets.1).contains(&instance.target),
        "{instance}"
    );
    match deal {
        Deal::Range { count, lo, hi } => {
            assert_eq!(instance.numbers.len(), count);
            assert!(instance.numbers.iter().all(|n| (lo..=hi).contains(n)));
        }
        Deal::Tiles { large } => {
            assert_eq!(instance.numbers.len(), 6);
            let mut pool: HashMap<i64, i32> = (1..=10).map(|t| (t, 2)).collect();
            for t in [25, 50, 75, 100] {
                pool.insert(t, 1);
            }
            for n in &instance.numbers {
                let left = pool.get_mut(n).expect("a tile");
                *left -= 1;
                assert!(*left >= 0, "{instance}");
            }
            if let Some(k) = large {
                assert_eq!(instance.numbers.iter().filter(|&&t| t > 10).count(), k);
            }
        }
        _ => unreachable!("the test deals no other way"),
    }
    let target = Rational::from_integer(instance.target);
    let list = instance.countdown()?.solutions()?;
    assert!(list.outcome().is_complete());
    let solutions = list.solutions();
    assert_eq!(solutions.len() as u64, instance.solutions, "{instance}");
    for s in solutions {
        assert_eq!(eval_under(s, rules), Some(target), "{instance}: {s}");
        assert!(uses_hand(s, &instance.numbers, rules), "{instance}: {s}");
    }
    if instance.solutions == 0 {
        assert_eq!(instance.grade, None);
        assert_eq!(instance.example, None);
        let closest = instance.closest.as_ref().expect("a closest value");
        assert_eq!(eval_under(&closest.expr, rules), Some(closest.value));
        assert!(uses_hand(&closest.expr, &instance.numbers, rules));
        let d = closest.value - target;
        assert_eq!(if d < 0.into() { -d } else { d }, closest.distance);
        assert!(closest.distance > 0.into());
        if rules == Rules::countdown() {
            let made = reachable(
                &instance
                    .numbers
                    .iter()
                    .map(|&n| n as u64)
                    .collect::<Vec<_>>(),
            )?;
            let least = made
                .iter()
                .map(|&v| (v as i64).abs_diff(instance.target))
                .min();
            assert_eq!(
                least.map(|d| Rational::from_integer(d as i64)),
                Some(closest.distance)
            );
        }
        return Ok(());
    }
    assert!(instance.closest.is_none());
    let example = instance.example.as_ref().expect("an example");
    assert_eq!(eval_under(example, rules), Some(target), "{instance}");
    assert!(uses_hand(example, &instance.numbers, rules));
    let fewest = solutions.iter().map(|s| s.numbers().len()).min();
    assert_eq!(Some(example.numbers().len()), fewest);
    let grade = match rules.number_use() {
        NumberUse::All => Game::new(&instance.numbers, instance.target)?
            .with_ops(rules.ops())
            .difficulty()?
            .grade(),
        NumberUse::Any => documented_effort_grade(fewest.unwrap_or(0), solutions.len()),
    };
    assert_eq!(instance.grade, grade, "{instance}");
    Ok(())
}

/// The documented grade of the search, `(fewest - 1) - log10(solutions)`
/// cut at 2, 3 and 4, written again with whole numbers: easy when
/// `solutions > 10^(steps-2)`, and so on.
fn documented_effort_grade(fewest: usize, solutions: usize) -> Option<Grade> {
    if solutions == 0 {
        return None;
    }
    let steps = fewest as i32 - 1;
    let above = |cut: i32| steps < cut || solutions as f64 > 10f64.powi(steps - cut);
    Some(if above(2) {
        Grade::Easy
    } else if above(3) {
        Grade::Medium
    } else if above(4) {
        Grade::Hard
    } else {
        Grade::Expert
    })
}

#[test]
fn every_grade_is_given_as_asked_24() -> Result<(), Error> {
    let deal = Deal::Range {
        count: 4,
        lo: 1,
        hi: 13,
    };
    for grade in Grade::ALL {
        for seed in seeds(24) {
            let instance = CountdownGenerator::game24().grade(grade).generate(seed)?;
            assert_eq!(instance.grade, Some(grade), "{instance}");
            check(&instance, deal, (24, 24))?;
        }
    }
    Ok(())
}

#[test]
fn every_grade_is_given_as_asked_countdown() -> Result<(), Error> {
    let mut seen_large = HashSet::new();
    for grade in Grade::ALL {
        for seed in seeds(16) {
            let instance = CountdownGenerator::countdown()
                .grade(grade)
                .generate(seed)?;
            assert_eq!(instance.grade, Some(grade), "{instance}");
            check(&instance, Deal::Tiles { large: None }, (101, 999))?;
            seen_large.insert(instance.numbers.iter().filter(|&&t| t > 10).count());
        }
    }
    // The number of large tiles is drawn from 0 to 4.
    assert!(seen_large.len() >= 3, "{seen_large:?}");
    Ok(())
}

#[test]
fn large_tiles_as_asked() -> Result<(), Error> {
    for large in 0..=4 {
        let deal = Deal::Tiles { large: Some(large) };
        let generator = CountdownGenerator::new(Rules::countdown(), deal, 101..=999)?;
        for seed in seeds(8) {
            check(&generator.generate(seed)?, deal, (101, 999))?;
        }
    }
    Ok(())
}

#[test]
fn solvability_is_honoured() -> Result<(), Error> {
    let games = [
        (
            CountdownGenerator::game24(),
            Deal::Range {
                count: 4,
                lo: 1,
                hi: 13,
            },
            (24, 24),
        ),
        (
            CountdownGenerator::countdown(),
            Deal::Tiles { large: None },
            (101, 999),
        ),
    ];
    for (generator, deal, targets) in games {
        let mut kinds = HashSet::new();
        for seed in seeds(24) {
            let solvable = generator.clone().generate(seed)?;
            assert!(solvable.solutions > 0 && solvable.grade.is_some());
            check(&solvable, deal, targets)?;
            let none = generator
                .clone()
                .solvability(Solvability::Unsolvable)
                .generate(seed)?;
            assert_eq!(none.solutions, 0);
            assert!(none.closest.is_some());
            check(&none, deal, targets)?;
            let either = generator
                .clone()
                .solvability(Solvability::Either)
                .generate(seed)?;
            check(&either, deal, targets)?;
            kinds.insert(either.solutions > 0);
        }
        // Drawn as they come, some games make the target and some do not
        // (a quarter of the 24 game's hands, a tenth of Countdown's games).
        assert!(cfg!(debug_assertions) || kinds.len() == 2);
    }
    // With a grade, `Either` gives a game that makes the target.
    let graded = CountdownGenerator::countdown()
        .solvability(Solvability::Either)
        .grade(Grade::Medium)
        .generate(1)?;
    assert_eq!(graded.grade, Some(Grade::Medium));
    Ok(())
}

#[test]
fn seeds_reproduce_and_differ() -> Result<(), Error> {
    let make = || CountdownGenerator::countdown().grade(Grade::Hard);
    let mut seen = HashSet::new();
    for seed in seeds(16) {
        let instance = make().generate(seed)?;
        assert_eq!(make().generate(seed)?, instance);
        seen.insert((instance.numbers.clone(), instance.target));
    }
    assert_eq!(seen.len(), seeds(16).count());
    let a = CountdownGenerator::game24().generate(1)?;
    assert_eq!(CountdownGenerator::game24().generate(1)?, a);
    Ok(())
}

#[test]
fn settings_that_make_no_game() -> Result<(), Error> {
    let rules = Rules::countdown();
    let four = Deal::Range {
        count: 4,
        lo: 1,
        hi: 9,
    };
    let cases = [
        (
            Deal::Range {
                count: 0,
                lo: 1,
                hi: 9,
            },
            DealError::NoNumbers,
        ),
        (
            Deal::Range {
                count: 8,
                lo: 1,
                hi: 9,
            },
            DealError::TooManyNumbers(8),
        ),
        (
            Deal::Range {
                count: 4,
                lo: 9,
                hi: 1,
            },
            DealError::EmptyRange { lo: 9, hi: 1 },
        ),
        (
            Deal::Range {
                count: 4,
                lo: -1,
                hi: 9,
            },
            DealError::NotPositive { lo: -1 },
        ),
        (Deal::Tiles { large: Some(5) }, DealError::TooManyLarge(5)),
    ];
    for (deal, err) in cases {
        assert_eq!(
            CountdownGenerator::new(rules, deal, 1..=9).unwrap_err(),
            err
        );
        assert!(!err.to_string().is_empty());
    }
    assert_eq!(
        CountdownGenerator::new(rules, four, std::ops::RangeInclusive::new(9, 1)).unwrap_err(),
        DealError::EmptyTargets { lo: 9, hi: 1 }
    );
    // Rational rules take any numbers.
    let with_zero = Deal::Range {
        count: 3,
        lo: -2,
        hi: 2,
    };
    let instance = CountdownGenerator::new(Rules::game24(), with_zero, 0..=4)?.generate(3)?;
    check(&instance, with_zero, (0, 4))?;
    // Every number, no operation: nothing to play.
    let none = CountdownGenerator::new(Rules::game24().with_ops(Ops::empty()), four, 1..=9)?;
    assert_eq!(none.generate(0), Err(GenerateError::NoPuzzle));
    // A grade for a game with no solution.
    let graded = CountdownGenerator::countdown()
        .solvability(Solvability::Unsolvable)
        .grade(Grade::Hard);
    assert_eq!(graded.generate(0), Err(GenerateError::NoPuzzle));
    // One number makes only itself: looked at in full, no game fits.
    let one = Deal::Range {
        count: 1,
        lo: 1,
        hi: 5,
    };
    let never = CountdownGenerator::new(rules, one, 6..=9)?;
    assert_eq!(never.generate(0), Err(GenerateError::NoPuzzle));
    // Every game fits, but none is expert.
    let easy_only = CountdownGenerator::new(rules, one, 1..=5)?.grade(Grade::Expert);
    assert_eq!(
        easy_only.generate(0),
        Err(GenerateError::GradeNotReached {
            grade: Grade::Expert,
            attempts: CountdownGenerator::ATTEMPTS
        })
    );
    let unsolvable_one = CountdownGenerator::new(rules, one, 6..=9)?
        .solvability(Solvability::Unsolvable)
        .generate(4)?;
    check(&unsolvable_one, one, (6, 9))?;
    Ok(())
}

/// A training set is made on every core: one generator shared by the
/// threads, a seed per instance.
#[test]
fn generators_and_instances_cross_threads() -> Result<(), Error> {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<CountdownGenerator>();
    send_sync::<Instance>();
    send_sync::<Effort>();
    send_sync::<Deal>();
    send_sync::<DealError>();
    let generator = CountdownGenerator::game24().grade(Grade::Hard);
    let made: Vec<Instance> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2u64)
            .map(|part| {
                let generator = &generator;
                scope.spawn(move || {
                    (0..4)
                        .map(|k| generator.generate(part * 4 + k).expect("an instance"))
                        .collect::<Vec<Instance>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a thread"))
            .collect()
    });
    for (seed, instance) in (0u64..).zip(&made) {
        assert_eq!(&generator.generate(seed)?, instance);
    }
    Ok(())
}

#[test]
fn budgets_stop_it() {
    let generator = CountdownGenerator::countdown();
    assert_eq!(
        generator
            .clone()
            .budget(Budget::unlimited().with_node_limit(0))
            .generate(0),
        Err(GenerateError::Stopped(StopReason::NodeLimit))
    );
    assert_eq!(
        generator
            .budget(Budget::unlimited().with_time_limit(std::time::Duration::ZERO))
            .generate(0),
        Err(GenerateError::Stopped(StopReason::TimeLimit))
    );
}

#[test]
fn display() -> Result<(), Error> {
    let instance = CountdownGenerator::countdown().generate(0)?;
    let text = instance.to_string();
    let numbers: Vec<String> = instance.numbers.iter().map(ToString::to_string).collect();
    let grade = instance.grade.expect("a grade");
    let plural = if instance.solutions == 1 { "" } else { "s" };
    assert_eq!(
        text,
        format!(
            "{} = {} (any integer +-*/): {grade}, {} distinct solution{plural}",
            numbers.join(" "),
            instance.target,
            instance.solutions
        )
    );
    let none = CountdownGenerator::countdown()
        .solvability(Solvability::Unsolvable)
        .generate(0)?;
    let closest = none.closest.as_ref().expect("a closest value");
    assert!(
        none.to_string().ends_with(&format!(
            "no solution, closest {} ({} away)",
            closest.value, closest.distance
        )),
        "{none}"
    );
    Ok(())
}

/// The spread the `Effort` cuts were set for: drawn as they come, the
/// Countdown games that make the target fall a fifth to a third in each
/// grade, so each grade is found in a few attempts. Run in release
/// (`cargo test --release -p kongming-game24 --test generate -- --include-ignored spread`).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a thousand Countdown listings: run in release"
)]
fn countdown_grades_are_spread() -> Result<(), Error> {
    let either = CountdownGenerator::countdown().solvability(Solvability::Either);
    let mut by_grade: HashMap<Option<Grade>, u32> = HashMap::new();
    for seed in 0..1000 {
        *by_grade.entry(either.generate(seed)?.grade).or_default() += 1;
    }
    println!("{by_grade:?}");
    let solvable: u32 = Grade::ALL
        .iter()
        .map(|g| by_grade.get(&Some(*g)).copied().unwrap_or(0))
        .sum();
    assert!((880..=980).contains(&solvable), "{by_grade:?}");
    for grade in Grade::ALL {
        let share = f64::from(by_grade[&Some(grade)]) / f64::from(solvable);
        assert!((0.15..=0.40).contains(&share), "{grade}: {share}");
    }
    Ok(())
}

/// The examples the guide and the docs show.
#[test]
fn the_documented_examples() -> Result<(), Error> {
    let medium = CountdownGenerator::countdown()
        .grade(Grade::Medium)
        .generate(1)?;
    assert_eq!(
        medium.to_string(),
        "1 2 25 50 75 100 = 292 (any integer +-*/): medium, 8 distinct solutions"
    );
    let none = CountdownGenerator::countdown()
        .solvability(Solvability::Unsolvable)
        .generate(1)?;
    assert_eq!(
        none.to_string(),
        "1 3 4 6 7 9 = 718 (any integer +-*/): no solution, closest 717 (1 away)"
    );
    #[cfg(feature = "serde")]
    {
        assert_eq!(
            serde_json::to_string(&medium)?,
            r#"{"numbers":[1,2,25,50,75,100],"target":292,"rules":"any integer +-*/","solutions":8,"grade":"medium","example":"100*(75-2)/25","closest":null}"#
        );
        assert_eq!(
            serde_json::to_string(&none)?,
            r#"{"numbers":[1,3,4,6,7,9],"target":718,"rules":"any integer +-*/","solutions":0,"grade":null,"example":null,"closest":{"value":"717","distance":"1","expr":"(6+4)*(7+1)*9-3"}}"#
        );
    }
    Ok(())
}

#[test]
fn the_effort_of_a_famous_game() -> Result<(), Error> {
    // 952 from 25 50 75 100 3 6: all six tiles, few ways.
    let game = kongming_game24::Countdown::new(&[3, 6, 25, 50, 75, 100], 952, Rules::countdown())?;
    let effort = Effort::of(game.solutions()?.solutions());
    assert_eq!(effort.fewest_numbers, 6);
    assert_eq!(effort.grade(), Some(Grade::Expert));
    Ok(())
}

#[cfg(feature = "serde")]
#[test]
fn json_round_trips() -> Result<(), Error> {
    for seed in seeds(8) {
        for solvability in [Solvability::Solvable, Solvability::Unsolvable] {
            for generator in [
                CountdownGenerator::countdown(),
                CountdownGenerator::game24(),
            ] {
                let instance = generator.solvability(solvability).generate(seed)?;
                let json = serde_json::to_string(&instance)?;
                assert_eq!(serde_json::from_str::<Instance>(&json)?, instance, "{json}");
            }
        }
    }
    let instance = CountdownGenerator::countdown().generate(0)?;
    let json = serde_json::to_value(&instance)?;
    assert_eq!(json["rules"], "any integer +-*/");
    assert_eq!(json["target"], instance.target);
    assert_eq!(json["grade"], instance.grade.expect("a grade").to_string());
    assert_eq!(
        json["example"],
        instance.example.as_ref().expect("an example").to_string()
    );
    assert!(json["closest"].is_null());
    let none = CountdownGenerator::countdown()
        .solvability(Solvability::Unsolvable)
        .generate(0)?;
    let json = serde_json::to_value(&none)?;
    let closest = none.closest.as_ref().expect("a closest value");
    assert_eq!(json["closest"]["value"], closest.value.to_string());
    assert_eq!(json["closest"]["distance"], closest.distance.to_string());
    assert!(json["grade"].is_null());
    Ok(())
}

/// Any rules, small random settings.
fn settings() -> impl Strategy<Value = (Rules, Deal, (i64, i64), Solvability)> {
    (
        any::<bool>(),
        any::<bool>(),
        1u8..16,
        1usize..=4,
        1i64..=8,
        0i64..=1,
        1i64..=30,
        0i64..=10,
        prop_oneof![
            Just(Solvability::Solvable),
            Just(Solvability::Unsolvable),
            Just(Solvability::Either)
        ],
    )
        .prop_map(
            |(all, rational, ops, count, hi, lo, t, span, solvability)| {
                let rules = Rules::game24()
                    .with_number_use(if all { NumberUse::All } else { NumberUse::Any })
                    .with_arithmetic(if rational {
                        Arithmetic::Rational
                    } else {
                        Arithmetic::PositiveIntegers
                    })
                    .with_ops(Ops::from_bits_truncate(ops));
                let lo = if rational { lo } else { 1 };
                let deal = Deal::Range {
                    count,
                    lo,
                    hi: hi.max(lo),
                };
                (rules, deal, (t, t + span), solvability)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 400 }))]

    /// The count of distinct solutions, the fewest numbers and the
    /// closest value against the brute force.
    #[test]
    fn small_games_agree_with_the_brute_force(
        (rules, deal, targets, solvability) in settings(),
        seed in any::<u64>(),
    ) {
        let generator = CountdownGenerator::new(rules, deal, targets.0..=targets.1)
            .expect("valid settings")
            .solvability(solvability);
        let instance = match generator.generate(seed) {
            Ok(instance) => instance,
            Err(GenerateError::NoPuzzle) => {
                // Then no game of the settings fits: the brute force agrees.
                let Deal::Range { count, lo, hi } = deal else { unreachable!() };
                if count <= 2 {
                    for hand in kongming_game24::hands(kongming_game24::HandSize::new(count).expect("a size"), lo..=hi) {
                        for t in targets.0..=targets.1 {
                            let found = brute(&hand, t, rules);
                            let solvable = !found.distinct.is_empty();
                            // A hand that makes no value at all is no
                            // instance: it has no closest value either.
                            let makes_some = found.nearest.is_some();
                            let fits = match solvability {
                                Solvability::Solvable => solvable,
                                Solvability::Unsolvable => !solvable && makes_some,
                                Solvability::Either => makes_some,
                            };
                            prop_assert!(!fits, "{:?} -> {} fits", hand, t);
                        }
                    }
                }
                return Ok(());
            }
            Err(other) => panic!("{other}"),
        };
        check(&instance, deal, targets).expect("a checked instance");
        let found = brute(&instance.numbers, instance.target, rules);
        prop_assert_eq!(found.distinct.len() as u64, instance.solutions, "{}", instance);
        match &instance.closest {
            Some(closest) => prop_assert_eq!(found.nearest, Some(closest.distance)),
            None => {
                let example = instance.example.as_ref().expect("an example");
                prop_assert_eq!(example.numbers().len(), found.fewest);
            }
        }
        match solvability {
            Solvability::Solvable => prop_assert!(instance.solutions > 0),
            Solvability::Unsolvable => prop_assert!(instance.solutions == 0),
            Solvability::Either => {}
        }
    }
}
