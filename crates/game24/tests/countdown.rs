//! Countdown and the other numbers games under `Rules`: the rules' text,
//! the solver against an independent brute force, distinct solutions, and
//! the published figures of the whole Countdown numbers round.

use std::collections::{BTreeSet, HashMap};

use kongming_game24::{
    Answer, Arithmetic, BigRational, Canonical, Countdown, CountdownError, Expr, NumberUse, Op,
    Ops, Rational, Rules, TileSurvey, reachable, tile_selections,
};
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

type Error = Box<dyn std::error::Error>;

/// Every combination of the rules: number use, arithmetic, and each
/// non-empty set of operations.
fn every_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for number_use in [NumberUse::All, NumberUse::Any] {
        for arithmetic in [Arithmetic::Rational, Arithmetic::PositiveIntegers] {
            for bits in 1u8..16 {
                let ops = Ops::from_bits_truncate(bits);
                out.push(
                    Rules::game24()
                        .with_number_use(number_use)
                        .with_arithmetic(arithmetic)
                        .with_ops(ops),
                );
            }
        }
    }
    out
}

#[test]
fn rules_text_round_trips() -> Result<(), Error> {
    for rules in every_rules() {
        assert_eq!(rules.to_string().parse::<Rules>()?, rules);
    }
    assert_eq!(Rules::countdown().to_string(), "any integer +-*/");
    assert_eq!(Rules::game24().to_string(), "all rational +-*/");
    assert!("any integer".parse::<Rules>().is_err());
    assert!("any integer +-*/ x".parse::<Rules>().is_err());
    assert!("every integer +-*/".parse::<Rules>().is_err());
    assert!("any whole +-*/".parse::<Rules>().is_err());
    assert!("any integer +-%".parse::<Rules>().is_err());
    Ok(())
}

#[cfg(feature = "serde")]
#[test]
fn rules_json_round_trips() -> Result<(), Error> {
    for rules in every_rules() {
        let json = serde_json::to_string(&rules)?;
        assert_eq!(serde_json::from_str::<Rules>(&json)?, rules);
    }
    assert_eq!(
        serde_json::to_string(&Rules::countdown())?,
        "\"any integer +-*/\""
    );
    assert!(serde_json::from_str::<Rules>("\"any nothing +\"").is_err());
    Ok(())
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

/// The brute force: for every subset of the hand (a bit mask), the set of
/// values made with exactly those numbers, built up from smaller subsets.
/// Returns every value that counts as an answer under the rules.
fn brute_values(numbers: &[Rational], rules: Rules) -> BTreeSet<Rational> {
    let n = numbers.len();
    let mut by_mask: Vec<BTreeSet<Rational>> = vec![BTreeSet::new(); 1 << n];
    for mask in 1usize..1 << n {
        if mask.count_ones() == 1 {
            by_mask[mask].insert(numbers[mask.trailing_zeros() as usize]);
            continue;
        }
        let mut made = BTreeSet::new();
        for left in 1..mask {
            if left & mask != left {
                continue;
            }
            let right = mask ^ left;
            for a in &by_mask[left] {
                for b in &by_mask[right] {
                    for op in ['+', '-', '*', '/'] {
                        if let Some(r) = step(rules, op, *a, *b) {
                            made.insert(r);
                        }
                    }
                }
            }
        }
        by_mask[mask] = made;
    }
    match rules.number_use() {
        NumberUse::All => by_mask[(1 << n) - 1].clone(),
        NumberUse::Any => by_mask.into_iter().flatten().collect(),
    }
}

/// Re-checks an expression under the rules: each step allowed and, under
/// integer rules, a positive integer; returns its value.
fn eval_under(expr: &Expr, rules: Rules) -> Option<Rational> {
    match expr {
        Expr::Num(n) => Some(*n),
        Expr::Bin(op, l, r) => {
            let symbol = op.to_string().chars().next()?;
            step(rules, symbol, eval_under(l, rules)?, eval_under(r, rules)?)
        }
    }
}

/// Whether the expression's numbers are the hand's (all of them under
/// `NumberUse::All`, some of them under `Any`), each at most once.
fn uses_hand(expr: &Expr, hand: &[Rational], rules: Rules) -> bool {
    let mut left: HashMap<Rational, i32> = HashMap::new();
    for n in hand {
        *left.entry(*n).or_default() += 1;
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

fn distance(a: Rational, b: Rational) -> Rational {
    let d = a - b;
    if d < Rational::from_integer(0) { -d } else { d }
}

/// Checks `answer` against the brute force's `values` of `hand` under
/// `rules`: an exact answer only when the target is among them, a closest
/// value among them at the least distance, each expression re-evaluated
/// and using the hand as the rules ask; nothing only when there are none.
fn check_answer(
    answer: &Answer,
    (hand, target, rules): (&[Rational], Rational, Rules),
    values: &BTreeSet<Rational>,
    context: &str,
) {
    let best = values.iter().map(|v| distance(*v, target)).min();
    match answer {
        Answer::Exact(expr) => {
            assert_eq!(best, Some(0.into()), "{context}");
            assert_eq!(eval_under(expr, rules), Some(target), "{context}");
            assert!(uses_hand(expr, hand, rules), "{context}");
        }
        Answer::Closest {
            expr,
            value,
            distance: d,
        } => {
            assert_eq!(best, Some(*d), "{context}");
            assert!(*d > 0.into(), "{context}");
            assert!(values.contains(value), "{context}");
            assert_eq!(eval_under(expr, rules), Some(*value), "{context}");
            assert_eq!(distance(*value, target), *d, "{context}");
            assert!(uses_hand(expr, hand, rules), "{context}");
        }
        Answer::Nothing => assert_eq!(best, None, "{context}"),
        other => panic!("unexpected {other:?} for {context}"),
    }
}

/// A random game: up to `max_n` numbers from 1..=10 (a large tile now and
/// then), a target from 1..=200.
fn random_game(rng: &mut ChaCha8Rng, max_n: usize) -> (Vec<i64>, i64) {
    let n = rng.random_range(1..=max_n);
    let numbers = (0..n)
        .map(|_| {
            if rng.random_range(0..6) == 0 {
                [25, 50, 75, 100][rng.random_range(0..4)]
            } else {
                rng.random_range(1..=10)
            }
        })
        .collect();
    (numbers, rng.random_range(1..=200))
}

#[test]
fn solve_agrees_with_brute_force_under_every_rule() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let rules = every_rules();
    let rounds = if cfg!(debug_assertions) { 3 } else { 30 };
    for _ in 0..rounds {
        for &rules in &rules {
            let (numbers, target) = random_game(&mut rng, 4);
            let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
            let target_r = Rational::from_integer(target);
            let values = brute_values(&hand, rules);
            let best = values.iter().map(|v| distance(*v, target_r)).min();
            let game = Countdown::new(&numbers, target, rules)?;
            let answer = game.solve()?;
            let context = format!("{numbers:?} -> {target} under {rules}: {answer}");
            check_answer(&answer, (&hand, target_r, rules), &values, &context);
            let list = game.solutions()?;
            assert!(list.outcome().is_complete());
            assert_eq!(
                list.solutions().is_empty(),
                best != Some(0.into()),
                "{context}"
            );
            for expr in list.solutions() {
                assert_eq!(eval_under(expr, rules), Some(target_r), "{context}: {expr}");
                assert!(uses_hand(expr, &hand, rules), "{context}: {expr}");
            }
        }
    }
    Ok(())
}

/// Five and six numbers under every integer rule set: the subsets' tables,
/// the questions asked of larger subsets and the closest value's window,
/// against the brute force; targets near and far (past every value some
/// hands make, and below 1).
#[test]
fn five_and_six_numbers_agree_with_brute_force_under_integer_rules() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(56);
    let rules: Vec<Rules> = every_rules()
        .into_iter()
        .filter(|r| r.arithmetic() == Arithmetic::PositiveIntegers)
        .collect();
    let rounds = if cfg!(debug_assertions) { 1 } else { 80 };
    for round in 0..rounds {
        for &rules in &rules {
            let mut numbers = Vec::new();
            let n = 5 + round % 2;
            for _ in 0..n {
                numbers.push(if rng.random_range(0..4) == 0 {
                    [25, 50, 75, 100][rng.random_range(0..4)]
                } else {
                    rng.random_range(1..=10)
                });
            }
            let target = match rng.random_range(0..10) {
                0 => rng.random_range(-5..=0),
                1 => rng.random_range(1_000..=10_000_000),
                2 => rng.random_range(1..=30),
                _ => rng.random_range(1..=999),
            };
            let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
            let target_r = Rational::from_integer(target);
            let values = brute_values(&hand, rules);
            let answer = Countdown::new(&numbers, target, rules)?.solve()?;
            let context = format!("{numbers:?} -> {target} under {rules}: {answer}");
            check_answer(&answer, (&hand, target_r, rules), &values, &context);
        }
    }
    Ok(())
}

/// Five and six numbers, exact rationals, under every set of operations
/// and both number uses: the splits' answer (and the search's, when the
/// splits find none) against the brute force; targets the hand makes
/// (picked from the brute force's values) and targets at random.
#[test]
fn five_and_six_numbers_agree_with_brute_force_under_rational_rules() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(57);
    let rules: Vec<Rules> = every_rules()
        .into_iter()
        .filter(|r| r.arithmetic() == Arithmetic::Rational)
        .collect();
    let rounds = if cfg!(debug_assertions) { 1 } else { 8 };
    for round in 0..rounds {
        for &rules in &rules {
            // Six numbers only in release: the brute force lists every
            // value of the hand.
            let n = if cfg!(debug_assertions) {
                5
            } else {
                5 + round % 2
            };
            let numbers: Vec<i64> = (0..n).map(|_| rng.random_range(1..=13)).collect();
            let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
            let values = brute_values(&hand, rules);
            let integers: Vec<i64> = values
                .iter()
                .filter(|v| v.is_integer())
                .map(|v| *v.numer())
                .collect();
            let target = if integers.is_empty() || rng.random_range(0..3) == 0 {
                rng.random_range(-50..=2_000)
            } else {
                integers[rng.random_range(0..integers.len())]
            };
            let target_r = Rational::from_integer(target);
            let answer = Countdown::new(&numbers, target, rules)?.solve()?;
            let context = format!("{numbers:?} -> {target} under {rules}: {answer}");
            check_answer(&answer, (&hand, target_r, rules), &values, &context);
        }
    }
    Ok(())
}

/// The canonical forms of every solution, by brute force: every tree of
/// every subset the rules let answer, each step allowed and, under
/// `NumberUse::Any`, none giving back one of its operands (the rule of the
/// guide's "Distinct solutions under any rules"). Trees of the whole hand
/// are made on the fly and kept only when they make the target.
fn brute_solutions(numbers: &[Rational], target: Rational, rules: Rules) -> BTreeSet<Canonical> {
    let n = numbers.len();
    let full = (1usize << n) - 1;
    let any = rules.number_use() == NumberUse::Any;
    let mut trees: Vec<Vec<(Rational, Expr)>> = vec![Vec::new(); 1 << n];
    let mut forms = BTreeSet::new();
    for mask in 1..=full {
        if mask.count_ones() == 1 {
            let value = numbers[mask.trailing_zeros() as usize];
            trees[mask].push((value, Expr::num(value)));
        }
        for left in 1..mask {
            if left & mask != left {
                continue;
            }
            let right = mask ^ left;
            let mut made = Vec::new();
            for (a, ta) in &trees[left] {
                for (b, tb) in &trees[right] {
                    for (symbol, op) in ['+', '-', '*', '/'].into_iter().zip(Op::ALL) {
                        let Some(r) = step(rules, symbol, *a, *b) else {
                            continue;
                        };
                        if any && (r == *a || r == *b) {
                            continue;
                        }
                        if mask == full && r != target {
                            continue;
                        }
                        made.push((r, Expr::bin(op, ta.clone(), tb.clone())));
                    }
                }
            }
            trees[mask].extend(made);
        }
        if any || mask == full {
            for (value, tree) in &trees[mask] {
                if *value == target {
                    forms.insert(Canonical::of(tree).expect("small values"));
                }
            }
        }
    }
    forms
}

/// Every distinct solution of hands of four and five numbers under every
/// integer rule set, against the brute force's canonical forms.
#[test]
fn solutions_agree_with_brute_force_under_integer_rules() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(57);
    let rules: Vec<Rules> = every_rules()
        .into_iter()
        .filter(|r| r.arithmetic() == Arithmetic::PositiveIntegers)
        .collect();
    let rounds = if cfg!(debug_assertions) { 2 } else { 12 };
    for round in 0..rounds {
        for &rules in &rules {
            let n = if round % 2 == 0 { 5 } else { 4 };
            // Small numbers half the time: equal values meet often.
            let small = round % 4 < 2;
            let numbers: Vec<i64> = (0..n)
                .map(|_| {
                    if small {
                        rng.random_range(1..=6)
                    } else if rng.random_range(0..4) == 0 {
                        [25, 50, 75, 100][rng.random_range(0..4)]
                    } else {
                        rng.random_range(1..=10)
                    }
                })
                .collect();
            // A target some tree makes, most of the time.
            let target = if rng.random_range(0..5) == 0 {
                rng.random_range(1..=300)
            } else {
                let sum: i64 = numbers.iter().sum();
                rng.random_range(1..=sum.max(1))
            };
            let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
            let expected = brute_solutions(&hand, target.into(), rules);
            let list = Countdown::new(&numbers, target, rules)?.solutions()?;
            assert!(list.outcome().is_complete());
            let mut listed = BTreeSet::new();
            for expr in list.solutions() {
                assert_eq!(eval_under(expr, rules), Some(target.into()), "{expr}");
                assert!(uses_hand(expr, &hand, rules), "{expr}");
                assert!(listed.insert(Canonical::of(expr)?), "{expr} listed twice");
            }
            assert_eq!(listed, expected, "{numbers:?} -> {target} under {rules}");
        }
    }
    Ok(())
}

#[test]
fn six_tiles_agree_with_brute_force() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let selections = tile_selections();
    let rounds = if cfg!(debug_assertions) { 4 } else { 60 };
    for _ in 0..rounds {
        let tiles = selections[rng.random_range(0..selections.len())];
        let target = rng.random_range(101..=999);
        let numbers: Vec<i64> = tiles.iter().map(|&t| t as i64).collect();
        let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
        let values = brute_values(&hand, Rules::countdown());
        let made: Vec<u64> = reachable(&tiles)?;
        let as_rationals: BTreeSet<Rational> = made
            .iter()
            .map(|&v| Rational::from_integer(v as i64))
            .collect();
        assert_eq!(as_rationals, values, "{tiles:?}");
        let best = values
            .iter()
            .map(|v| distance(*v, target.into()))
            .min()
            .ok_or("no value")?;
        let answer = Countdown::new(&numbers, target, Rules::countdown())?.solve()?;
        match answer {
            Answer::Exact(expr) => {
                assert_eq!(best, 0.into());
                assert_eq!(eval_under(&expr, Rules::countdown()), Some(target.into()));
            }
            Answer::Closest { distance: d, .. } => assert_eq!(d, best),
            other => panic!("{other:?}"),
        }
    }
    Ok(())
}

/// Under the 24 game's rules the listing is the crate's own 4nums
/// listing: the same count of distinct solutions for each hand.
#[test]
fn game24_rules_list_what_game_lists() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let rounds = if cfg!(debug_assertions) { 60 } else { 600 };
    let mut hands: Vec<Vec<i64>> = vec![vec![3, 3, 8, 8], vec![1, 2, 3, 4], vec![4, 4, 10, 10]];
    for k in 0..rounds {
        let n = if k % 10 == 0 { 5 } else { 4 };
        hands.push((0..n).map(|_| rng.random_range(1..=13)).collect());
    }
    for hand in hands {
        let ours = Countdown::new(&hand, 24, Rules::game24())?.solutions()?;
        let theirs = kongming_game24::solutions(&hand, 24)?;
        assert_eq!(ours.solutions().len(), theirs.len(), "{hand:?}");
    }
    Ok(())
}

#[test]
fn countdown_examples() -> Result<(), Error> {
    // Alliot's example: 1 1 4 5 6 7 makes 899 as (6*5+1)*(4*7+1).
    let game = Countdown::new(&[1, 1, 4, 5, 6, 7], 899, Rules::countdown())?;
    assert_eq!(game.solve()?.known(), Some(true));
    assert!(
        game.solutions()?
            .solutions()
            .iter()
            .any(|e| e.to_string() == "(6*5+1)*(7*4+1)" || e.eval().is_ok_and(|v| v == 899.into()))
    );
    // Nothing but the tiles themselves is no help: 1 1 2 2 gets 9 at best, (1+2)*(1+2).
    let small = Countdown::new(&[1, 1, 2, 2], 997, Rules::countdown())?;
    assert_eq!(
        small.solve()?.to_string().split(" = ").nth(1),
        Some("9, 988 away")
    );
    // Zero, a fraction and a negative number are refused as tiles.
    assert!(Countdown::new(&[0, 5], 5, Rules::countdown()).is_err());
    assert!(Countdown::new(&[-1, 5], 5, Rules::countdown()).is_err());
    assert!(
        Countdown::with_rationals(&[Rational::new(1, 2)], 5.into(), Rules::countdown()).is_err()
    );
    assert!(Countdown::new(&[], 5, Rules::countdown()).is_err());
    assert!(Countdown::new(&[1; 8], 5, Rules::countdown()).is_err());
    Ok(())
}

/// The selections by large tiles, as counted by Fred Mumford on the
/// c4countdown forum ("How many Numbers puzzles are there in total?"):
/// 2850 with no large tile, 5808 with one, 3690, 840 and 55.
#[test]
fn selections_by_large_tiles() {
    let mut by_large = [0u32; 5];
    for s in tile_selections() {
        by_large[s.iter().filter(|t| **t > 10).count()] += 1;
    }
    assert_eq!(by_large, [2850, 5808, 3690, 840, 55]);
}

/// Every Countdown game (13,243 selections × targets 101–999) against the
/// counts published on the c4countdown forum thread "How many Numbers
/// puzzles are there in total?" (Jon Corby's table of games by distance
/// from the target): solvable games 1,963,726 with no large tile,
/// 4,966,076 with one, 3,192,103 with two, 693,131 with three and 43,710
/// with four — 10,858,746 of the 11,905,457 games — and the whole table
/// of distances. `cargo test --release -p kongming-game24 --features
/// parallel --test countdown -- --include-ignored survey` runs it.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "surveys 11.9 million games: run in release"
)]
fn survey_reproduces_published_counts() -> Result<(), Error> {
    let survey = TileSurvey::run(101..=999)?;
    let made: Vec<u64> = survey.by_large().iter().map(|t| t.made).collect();
    let games: Vec<u64> = survey.by_large().iter().map(|t| t.games).collect();
    eprintln!("{:#?}", survey.by_large());
    assert_eq!(games, [2_562_150, 5_221_392, 3_317_310, 755_160, 49_445]);
    assert_eq!(made, [1_963_726, 4_966_076, 3_192_103, 693_131, 43_710]);
    assert_eq!(made.iter().sum::<u64>(), 10_858_746);
    // The same table's games by distance to the closest value made:
    // 0, 1, ..., 10 away, and 11 or more. The copy of the table we read
    // gives 12,258 two-large games 1 away, which leaves that row 100,000
    // short of its 3,317,310 games: a digit lost in the copy. 112,258 is
    // what the row's total asks for, and what the survey counts.
    let table: [[u64; 12]; 5] = [
        [
            1963726, 353472, 65417, 26954, 15232, 9859, 7357, 5780, 4589, 3945, 3326, 102493,
        ],
        [
            4966076, 220295, 21730, 5813, 2527, 1272, 713, 470, 339, 264, 217, 1676,
        ],
        [
            3192103, 112258, 8487, 1880, 865, 435, 313, 207, 144, 114, 78, 426,
        ],
        [
            693131, 53875, 4577, 1332, 724, 461, 296, 206, 139, 87, 64, 268,
        ],
        [43710, 4661, 556, 179, 112, 75, 42, 28, 22, 18, 16, 26],
    ];
    for (tally, row) in survey.by_large().iter().zip(table) {
        assert_eq!(tally.distances, row);
    }
    Ok(())
}

/// Hands and targets at the edges of `i64`: an answer or
/// `CountdownError::Overflow` (a distance past `i64`), never a panic, and
/// both number uses agree.
#[test]
fn edges_of_i64_give_an_answer_or_an_overflow() -> Result<(), Error> {
    let subtract = Rules::countdown()
        .with_number_use(NumberUse::All)
        .with_ops(Ops::SUB);
    // Numbers too large for the subsets' tables go to the depth-first
    // search, which once left its board half undone when an overflow met
    // deep in a line of play ended the search.
    let game = Countdown::new(&[1, 1, 1 << 61], i64::MIN, subtract)?;
    assert_eq!(game.solve(), Err(CountdownError::Overflow));
    for number_use in [NumberUse::All, NumberUse::Any] {
        let rules = Rules::countdown()
            .with_number_use(number_use)
            .with_ops(Ops::ADD);
        // Values exist (1 to 5): not `Nothing`, but no distance fits.
        let far = Countdown::new(&[1, 1, 1, 1, 1], i64::MIN, rules)?;
        assert_eq!(far.solve(), Err(CountdownError::Overflow), "{rules}");
        // Below 1 the least value is the closest.
        let below = Countdown::new(&[1, 1, 1, 1, 1], -5, rules)?.solve()?;
        let least = if number_use == NumberUse::All { 5 } else { 1 };
        let Answer::Closest {
            value, distance: d, ..
        } = below
        else {
            panic!("{below:?} under {rules}");
        };
        assert_eq!((value, d), (least.into(), (least + 5).into()), "{rules}");
    }
    // A rational whose numerator is i64::MIN (num-rational's checked
    // operations negate it inside their gcd): an answer or an overflow,
    // on the splits' path (five numbers) and the search's (two), never a
    // panic.
    let min_seventh = Rational::new(i64::MIN, 7);
    let divide = Rules::game24().with_ops(Ops::DIV);
    for (numbers, target) in [
        (vec![1.into(), 2.into(), 3.into(), 0.into(), min_seventh], 0),
        (
            vec![
                1.into(),
                2.into(),
                3.into(),
                0.into(),
                min_seventh,
                4.into(),
            ],
            5,
        ),
        (vec![0.into(), min_seventh], 0),
    ] {
        let game = Countdown::with_rationals(&numbers, target.into(), divide)?;
        match game.solve() {
            Ok(Answer::Exact(expr)) => {
                assert_eq!(
                    expr.eval_exact(),
                    Ok(BigRational::from_integer(target.into()))
                );
            }
            Ok(_) | Err(CountdownError::Overflow) => {}
            Err(other) => panic!("{other:?}"),
        }
    }
    Ok(())
}
