//! "Distinct" for every hand and target: the lists against a brute force.
//!
//! The brute force builds every expression tree over a hand, evaluates it
//! exactly with `BigRational`, and sorts the solutions into classes by the
//! rules of the crate docs ("Distinct solutions"), implemented here on
//! their own (strings and `BigRational`s, nothing of the crate's canonical
//! form): no two listed solutions may be in one class, and every solution
//! found must be in a listed one.

use std::collections::BTreeSet;

use kongming_game24::{BigRational, Equivalence, Expr, Game, Op, Rational, Solver, solutions};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

fn big(r: &Rational) -> BigRational {
    BigRational::new(BigInt::from(*r.numer()), BigInt::from(*r.denom()))
}

fn apply(op: Op, a: &BigRational, b: &BigRational) -> Option<BigRational> {
    Some(match op {
        Op::Add => a + b,
        Op::Sub => a - b,
        Op::Mul => a * b,
        Op::Div if b.is_zero() => return None,
        Op::Div => a / b,
    })
}

// ---- the rules, written out from the docs --------------------------------

/// A settled node: a number (its absolute value), a sum or product of
/// flagged parts, or a 1 or 0 made of idle parts.
#[derive(Clone, Debug)]
enum N {
    Num(BigRational),
    Sum(BigRational, Vec<(bool, N)>),
    Prod(BigRational, Vec<(bool, N)>),
    One,
    Zero,
}

impl N {
    fn value(&self) -> BigRational {
        match self {
            N::Num(v) | N::Sum(v, _) | N::Prod(v, _) => v.clone(),
            N::One => BigRational::one(),
            N::Zero => BigRational::zero(),
        }
    }

    fn key(&self) -> String {
        match self {
            N::Num(v) => format!("{v}"),
            N::One => "one".into(),
            N::Zero => "zero".into(),
            N::Sum(_, ps) => format!("sum({})", part_keys(ps, '+', '-').join(",")),
            N::Prod(_, ps) => format!("prod({})", part_keys(ps, '*', '/').join(",")),
        }
    }

    fn numbers(&self, out: &mut Vec<String>) {
        match self {
            N::Num(_) => out.push(self.key()),
            N::Sum(_, ps) | N::Prod(_, ps) => ps.iter().for_each(|p| p.1.numbers(out)),
            N::One | N::Zero => {}
        }
    }
}

fn part_keys(ps: &[(bool, N)], up: char, down: char) -> Vec<String> {
    let mut keys: Vec<String> = ps
        .iter()
        .map(|(f, n)| format!("{}{}", if *f { down } else { up }, n.key()))
        .collect();
    keys.sort();
    keys
}

/// Flattened, signs out: (negative, node) where sums and products are
/// lists of flagged parts and every value is at least zero.
enum F {
    Num(BigRational),
    Sum(BigRational, Vec<(bool, F)>),
    Prod(BigRational, Vec<(bool, F)>),
}

fn fvalue(f: &F) -> BigRational {
    match f {
        F::Num(v) | F::Sum(v, _) | F::Prod(v, _) => v.clone(),
    }
}

fn flatten(e: &Expr) -> Option<(bool, F)> {
    match e {
        Expr::Num(v) => Some((v.is_negative(), F::Num(big(v).abs()))),
        Expr::Bin(op, l, r) => {
            let ((ln, lf), (rn, rf)) = (flatten(l)?, flatten(r)?);
            match op {
                Op::Add | Op::Sub => {
                    let sv = |n: bool, f: &F| if n { -fvalue(f) } else { fvalue(f) };
                    let v = apply(*op, &sv(ln, &lf), &sv(rn, &rf))?;
                    let mut parts = Vec::new();
                    for (n, f) in [(ln, lf), (rn ^ (*op == Op::Sub), rf)] {
                        match f {
                            F::Sum(_, ps) => parts.extend(ps.into_iter().map(|(m, p)| (m ^ n, p))),
                            f => parts.push((n, f)),
                        }
                    }
                    let neg = v.is_negative();
                    if neg {
                        parts.iter_mut().for_each(|p| p.0 = !p.0);
                    }
                    Some((neg, F::Sum(v.abs(), parts)))
                }
                Op::Mul | Op::Div => {
                    let v = apply(*op, &fvalue(&lf), &fvalue(&rf))?;
                    let mut parts = Vec::new();
                    for (i, f) in [(false, lf), (*op == Op::Div, rf)] {
                        match f {
                            F::Prod(_, ps) => parts.extend(ps.into_iter().map(|(j, p)| (j ^ i, p))),
                            f => parts.push((i, f)),
                        }
                    }
                    Some(((ln ^ rn) && !v.is_zero(), F::Prod(v, parts)))
                }
            }
        }
    }
}

/// Removes the pairs `+x -x` (or `*x /x`) into the pool.
fn cancel(parts: &mut Vec<(bool, N)>, pool: &mut Vec<String>) {
    'again: loop {
        for i in 0..parts.len() {
            for j in 0..parts.len() {
                if parts[i].0 && !parts[j].0 && parts[i].1.key() == parts[j].1.key() {
                    let key = parts[i].1.key();
                    let (hi, lo) = (i.max(j), i.min(j));
                    parts.remove(hi);
                    parts.remove(lo);
                    if key != "one" {
                        pool.push(key.clone());
                        pool.push(key);
                    }
                    continue 'again;
                }
            }
        }
        return;
    }
}

/// A sum worth 0 (a product worth 1) is the same with every flag flipped.
fn oriented(parts: Vec<(bool, N)>) -> Vec<(bool, N)> {
    let flipped: Vec<(bool, N)> = parts.iter().map(|(f, n)| (!f, n.clone())).collect();
    let keys = |ps: &[(bool, N)]| part_keys(ps, '+', '-');
    if keys(&flipped) < keys(&parts) {
        flipped
    } else {
        parts
    }
}

fn settle(f: F, pool: &mut Vec<String>) -> N {
    match f {
        F::Num(v) => N::Num(v),
        F::Sum(v, ts) => {
            let mut kept = Vec::new();
            for (neg, t) in ts {
                match settle(t, pool) {
                    N::Sum(_, sub) => kept.extend(sub.into_iter().map(|(m, p)| (m ^ neg, p))),
                    N::Zero => {}
                    n if n.value().is_zero() => pool.push(n.key()),
                    n @ N::Num(_) if n.value().is_one() => {
                        pool.push(n.key());
                        kept.push((neg, N::One));
                    }
                    n => kept.push((neg, n)),
                }
            }
            cancel(&mut kept, pool);
            match kept.len() {
                0 => N::Zero,
                1 => kept.remove(0).1,
                _ if v.is_zero() => N::Sum(v, oriented(kept)),
                _ => N::Sum(v, kept),
            }
        }
        F::Prod(v, fs) => {
            let mut kept = Vec::new();
            for (inv, f) in fs {
                match settle(f, pool) {
                    N::Prod(_, sub) => kept.extend(sub.into_iter().map(|(j, p)| (j ^ inv, p))),
                    n => kept.push((inv, n)),
                }
            }
            if kept.iter().any(|(inv, n)| !inv && n.value().is_zero()) {
                for (inv, n) in kept {
                    if !inv && n.value().is_zero() {
                        if !matches!(n, N::Zero) {
                            pool.push(n.key());
                        }
                    } else {
                        n.numbers(pool);
                    }
                }
                return N::Zero;
            }
            kept.retain(|(_, n)| {
                let one = n.value().is_one();
                if one && !matches!(n, N::One) {
                    pool.push(n.key());
                }
                !one
            });
            cancel(&mut kept, pool);
            match kept.len() {
                0 => N::One,
                1 if !kept[0].0 => kept.remove(0).1,
                _ if v.is_one() => N::Prod(v, oriented(kept)),
                _ => N::Prod(v, kept),
            }
        }
    }
}

/// The class of a solution under the documented rules.
fn class(e: &Expr) -> String {
    let (negative, f) = flatten(e).expect("a solution has a value");
    let mut pool = Vec::new();
    let mut core = settle(f, &mut pool);
    let v = core.value();
    let whole_idle = v.is_zero() || (v.is_one() && !negative);
    if whole_idle {
        let placeholder = if v.is_zero() { N::Zero } else { N::One };
        if core.key() != placeholder.key() {
            pool.push(core.key());
        }
        core = placeholder;
    }
    pool.sort();
    format!(
        "{}{} | {}",
        if negative && !v.is_zero() { "-" } else { "" },
        core.key(),
        pool.join(" ")
    )
}

/// Structurally different: the tree, up to swapping the operands of `+`
/// and `*`.
fn tree(e: &Expr) -> String {
    match e {
        Expr::Num(v) => format!("{v}"),
        Expr::Bin(op, l, r) => {
            let (mut a, mut b) = (tree(l), tree(r));
            if matches!(op, Op::Add | Op::Mul) && b < a {
                std::mem::swap(&mut a, &mut b);
            }
            format!("({a}{op}{b})")
        }
    }
}

// ---- the brute force -----------------------------------------------------

/// Every expression tree over `items` (each used once), with its value.
fn every_tree(items: Vec<(Expr, BigRational)>, out: &mut Vec<(Expr, BigRational)>) {
    if items.len() == 1 {
        out.extend(items);
        return;
    }
    for i in 0..items.len() {
        for j in 0..items.len() {
            if i == j {
                continue;
            }
            let rest: Vec<(Expr, BigRational)> = items
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != i && *k != j)
                .map(|(_, x)| x.clone())
                .collect();
            for op in Op::ALL {
                // `+` and `*` once per unordered pair.
                if op.is_commutative() && j < i {
                    continue;
                }
                let (a, b) = (&items[i], &items[j]);
                let Some(v) = apply(op, &a.1, &b.1) else {
                    continue;
                };
                let mut next = rest.clone();
                next.push((Expr::bin(op, a.0.clone(), b.0.clone()), v));
                every_tree(next, out);
            }
        }
    }
}

fn solutions_by_brute_force(hand: &[Rational], target: &Rational) -> Vec<Expr> {
    let items = hand.iter().map(|&n| (Expr::Num(n), big(&n))).collect();
    let mut all = Vec::new();
    every_tree(items, &mut all);
    let t = big(target);
    all.into_iter()
        .filter(|(_, v)| *v == t)
        .map(|(e, _)| e)
        .collect()
}

/// The listed solutions are right, in distinct classes, and cover every
/// solution the brute force finds.
fn lists_one_of_each_class(
    hand: &[Rational],
    target: Rational,
    listed: &[Expr],
    key: fn(&Expr) -> String,
) -> Result<(), TestCaseError> {
    let mut want: Vec<Rational> = hand.to_vec();
    want.sort();
    let mut classes = BTreeSet::new();
    for e in listed {
        prop_assert_eq!(e.eval_exact().expect("a value"), big(&target), "{}", e);
        let mut used = e.numbers();
        used.sort();
        prop_assert_eq!(&used, &want, "{}", e);
        prop_assert!(
            classes.insert(key(e)),
            "{} is in a class listed before: {}",
            e,
            key(e)
        );
    }
    for e in solutions_by_brute_force(hand, &target) {
        prop_assert!(
            classes.contains(&key(&e)),
            "{} ({}) is in no listed class",
            e,
            key(&e)
        );
    }
    Ok(())
}

fn number() -> impl Strategy<Value = Rational> {
    prop_oneof![
        4 => (1i64..=6).prop_map(Rational::from_integer),
        2 => Just(Rational::from_integer(0)),
        2 => Just(Rational::from_integer(1)),
        2 => (-4i64..=-1).prop_map(Rational::from_integer),
        1 => (1i64..=4, 2i64..=3).prop_map(|(n, d)| Rational::new(n, d)),
    ]
}

fn target(hand: &[Rational], pick: usize, picked: Rational) -> Rational {
    // Often a value the hand makes (the sum, or the first less the rest),
    // else a small target, 0 or 1 among them.
    let values = hand.iter().map(big);
    let made = match pick % 4 {
        0 => values.fold(BigRational::zero(), |a, b| a + b),
        1 => values.reduce(|a, b| a - b).unwrap_or_default(),
        _ => return picked,
    };
    match (made.numer().try_into(), made.denom().try_into()) {
        (Ok(n), Ok(d)) => Rational::new(n, d),
        _ => picked,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_hand_lists_one_solution_of_each_class(
        hand in prop::collection::vec(number(), 1..=4),
        pick in 0usize..8,
        picked in prop_oneof![Just(0i64), Just(1), -3i64..=12].prop_map(Rational::from_integer),
    ) {
        let t = target(&hand, pick, picked);
        let game = Game::new(&hand, t).expect("a hand");
        lists_one_of_each_class(&hand, t, &game.solutions().expect("a list"), class)?;
        // The same classes through a solver (its fast path where it applies).
        let mut solver = Solver::new(t);
        lists_one_of_each_class(&hand, t, &solver.iter_solutions(&hand).expect("a list").collect::<Vec<_>>(), class)?;
    }

    #[test]
    fn structural_lists_every_tree_once(
        hand in prop::collection::vec(number(), 1..=3),
        pick in 0usize..8,
        picked in (-3i64..=12).prop_map(Rational::from_integer),
    ) {
        let t = target(&hand, pick, picked);
        let game = Game::new(&hand, t).expect("a hand").with_equivalence(Equivalence::Structural);
        lists_one_of_each_class(&hand, t, &game.solutions().expect("a list"), tree)?;
    }
}

fn huge() -> impl Strategy<Value = Rational> {
    prop_oneof![
        Just(Rational::from_integer(i64::MAX)),
        Just(Rational::from_integer(i64::MAX - 1)),
        Just(Rational::from_integer(-i64::MAX)),
        Just(Rational::from_integer(1 << 40)),
        Just(Rational::new(1, i64::MAX)),
        (1i64..=3).prop_map(Rational::from_integer),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Point 3: values past i64 on the way; every entry answers exactly,
    /// as the brute force (on `BigRational`) says.
    #[test]
    fn huge_numbers_are_answered_exactly(
        hand in prop::collection::vec(huge(), 2..=4),
        pick in 0usize..8,
        picked in (0i64..=3).prop_map(Rational::from_integer),
    ) {
        let t = target(&hand, pick, picked);
        let game = Game::new(&hand, t).expect("a hand");
        let found = solutions_by_brute_force(&hand, &t);
        prop_assert_eq!(game.solvable().expect("exact"), !found.is_empty());
        prop_assert_eq!(Solver::new(t).solvable(&hand).expect("exact").known(), Some(!found.is_empty()));
        if let Some(e) = game.solve().expect("exact") {
            prop_assert_eq!(e.eval_exact().expect("a value"), big(&t));
        }
        let listed = game.solutions().expect("exact");
        lists_one_of_each_class(&hand, t, &listed, class)?;
        prop_assert_eq!(game.difficulty().expect("exact").distinct_solutions, listed.len());
    }
}

#[test]
fn positive_hands_of_four_against_the_brute_force() {
    // Hands the solver's fast path lists, and targets other than 24.
    for (hand, t) in [
        ([1, 2, 3, 4], 10),
        ([1, 1, 2, 4], 4),
        ([2, 3, 3, 5], 1),
        ([1, 2, 3, 2], 3),
        ([9, 1, 2, 2], 10),
        ([5, 5, 3, 24], 24),
    ] {
        let hand: Vec<Rational> = hand.iter().map(|&n| Rational::from_integer(n)).collect();
        let t = Rational::from_integer(t);
        let listed: Vec<_> = Solver::new(t)
            .iter_solutions(&hand)
            .expect("a list")
            .collect();
        lists_one_of_each_class(&hand, t, &listed, class).expect("one of each class");
    }
    let hand = [1, 2, 3, 4].map(Rational::from_integer);
    let t = Rational::from_integer(24);
    let game = Game::new(&hand, t)
        .expect("a hand")
        .with_equivalence(Equivalence::Structural);
    lists_one_of_each_class(&hand, t, &game.solutions().expect("a list"), tree).expect("each tree");
    let third = Rational::new(1, 3);
    let hand = [1, 2, 3, 2].map(Rational::from_integer);
    let listed = Game::new(&hand, third)
        .expect("a hand")
        .solutions()
        .expect("a list");
    lists_one_of_each_class(&hand, third, &listed, class).expect("one of each class");
}

#[test]
fn the_reported_hands() {
    let text = |hand: &[i64], t: i64| -> Vec<String> {
        solutions(hand, t)
            .expect("a list")
            .iter()
            .map(|e| e.to_string())
            .collect()
    };
    // Idle zeros: one solution, not 25; zeros alone make 0 one way, not 30.
    assert_eq!(text(&[0, 0, 4, 6], 24), ["6*4+0+0"]);
    assert_eq!(text(&[0, 0, 0, 0], 0).len(), 1);
    // Target 0: mirror images are one solution: 6, not 16.
    let zero = text(&[1, 2, 3, 4], 0);
    assert_eq!(zero.len(), 6, "{zero:?}");
    // Negative numbers: one sign variant of 8/(3-8/3), not three.
    assert_eq!(text(&[-3, 8, -8, 3], 24).len(), 1);
    // The 4nums counts stand (tests/fournums.rs checks every hand).
    assert_eq!(text(&[3, 3, 8, 8], 24), ["8/(3-8/3)"]);
    assert_eq!(text(&[1, 2, 3, 4], 24).len(), 3);
}
