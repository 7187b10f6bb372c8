//! Property tests against independent oracles: re-evaluation, re-counting
//! the numbers used, and expressions built at random over a hand (which
//! the solver must then find).

use kongming_game24::{Canonical, Check, Expr, Game, Op, Rational};
use num_traits::Signed;
use proptest::prelude::*;

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
}

fn leaf() -> impl Strategy<Value = Rational> {
    prop_oneof![
        8 => (0i64..=13).prop_map(Rational::from_integer),
        1 => (-20i64..=20, 1i64..=9).prop_map(|(n, d)| Rational::new(n, d)),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf()
        .prop_map(Expr::Num)
        .prop_recursive(5, 24, 2, |inner| {
            (op(), inner.clone(), inner).prop_map(|(op, l, r)| Expr::bin(op, l, r))
        })
}

/// An expression over exactly the numbers of `hand`: combine two of the
/// values left, chosen by `picks`, until one is left.
fn build(hand: &[i64], picks: &[(usize, usize, Op)]) -> Expr {
    let mut items: Vec<Expr> = hand.iter().map(|&n| Expr::num(n)).collect();
    let mut k = 0;
    while items.len() > 1 {
        let (a, b, op) = picks[k % picks.len()];
        k += 1;
        let i = a % items.len();
        let l = items.swap_remove(i);
        let j = b % items.len();
        let r = items.swap_remove(j);
        items.push(Expr::bin(op, l, r));
    }
    items.pop().expect("one expression")
}

fn sorted(mut v: Vec<Rational>) -> Vec<Rational> {
    v.sort();
    v
}

/// Swaps the operands of every `+` and `*` chosen by `bits`.
fn commute(e: &Expr, bits: &mut impl Iterator<Item = bool>) -> Expr {
    match e {
        Expr::Num(v) => Expr::Num(*v),
        Expr::Bin(op, l, r) => {
            let (l, r) = (commute(l, bits), commute(r, bits));
            if op.is_commutative() && bits.next().unwrap_or(false) {
                Expr::bin(*op, r, l)
            } else {
                Expr::bin(*op, l, r)
            }
        }
    }
}

proptest! {
    #[test]
    fn print_then_parse_gives_an_equal_tree(e in expr()) {
        let ascii = e.to_string();
        prop_assert_eq!(ascii.parse::<Expr>().expect("parses"), e.clone(), "{}", ascii);
        let unicode = format!("{e:#}");
        prop_assert_eq!(unicode.parse::<Expr>().expect("parses"), e, "{}", unicode);
    }

    #[test]
    fn canonical_form_keeps_value_and_numbers(e in expr()) {
        if let Ok(v) = e.eval() {
            let c = Canonical::of(&e).expect("has a value");
            if let Some(tidy) = c.to_expr() {
                prop_assert_eq!(tidy.eval(), Ok(v));
                // The numbers' signs come out: the tidy form has their
                // absolute values.
                let abs = |n: Vec<Rational>| sorted(n.into_iter().map(|x| x.abs()).collect());
                prop_assert_eq!(abs(tidy.numbers()), abs(e.numbers()));
                prop_assert_eq!(Canonical::of(&tidy).expect("has a value"), c);
            }
        }
    }

    #[test]
    fn canonical_form_ignores_operand_order(e in expr(), bits in prop::collection::vec(any::<bool>(), 0..32)) {
        if e.eval().is_ok() {
            let swapped = commute(&e, &mut bits.into_iter());
            prop_assert_eq!(Canonical::of(&swapped).expect("value"), Canonical::of(&e).expect("value"));
        }
    }

    #[test]
    fn solutions_are_right_distinct_and_complete(
        hand in prop::collection::vec(1i64..=13, 1..=4),
        picks in prop::collection::vec((0usize..8, 0usize..8, op()), 1..6),
    ) {
        let planted = build(&hand, &picks);
        let Ok(target) = planted.eval() else { return Ok(()) };
        let game = Game::new(&hand, target).expect("a hand");
        let all = game.solutions().expect("no overflow");
        let want = sorted(hand.iter().map(|&n| Rational::from_integer(n)).collect());
        let mut forms = Vec::new();
        for e in &all {
            prop_assert_eq!(e.eval(), Ok(target), "{}", e);
            prop_assert_eq!(sorted(e.numbers()), want.clone(), "{}", e);
            prop_assert_eq!(game.check_answer(&e.to_string()), Check::Solved);
            let c = Canonical::of(e).expect("value");
            prop_assert!(!forms.contains(&c), "two equivalent solutions: {}", e);
            forms.push(c);
        }
        // The planted expression is a solution, so one of ours is equivalent.
        let planted_form = Canonical::of(&planted).expect("value");
        prop_assert!(forms.contains(&planted_form), "{} missing", planted);
        prop_assert!(game.solvable().expect("no overflow"));
        let one = game.solve().expect("no overflow").expect("solvable");
        prop_assert_eq!(one.eval(), Ok(target));
    }

    #[test]
    fn solvable_agrees_with_solutions(
        hand in prop::collection::vec(1i64..=13, 1..=4),
        target in -5i64..=40,
    ) {
        let game = Game::new(&hand, target).expect("a hand");
        let all = game.solutions().expect("no overflow");
        prop_assert_eq!(game.solvable().expect("no overflow"), !all.is_empty());
        let difficulty = game.difficulty().expect("no overflow");
        prop_assert_eq!(difficulty.distinct_solutions, all.len());
        if difficulty.needs_fractions {
            for e in &all {
                prop_assert!(e.uses_fractions().expect("value"), "{}", e);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn five_numbers_planted_solution_is_found(
        hand in prop::collection::vec(1i64..=13, 5),
        picks in prop::collection::vec((0usize..8, 0usize..8, op()), 1..8),
    ) {
        let planted = build(&hand, &picks);
        let Ok(target) = planted.eval() else { return Ok(()) };
        let game = Game::new(&hand, target).expect("a hand");
        prop_assert!(game.solvable().expect("no overflow"));
        let e = game.solve().expect("no overflow").expect("solvable");
        prop_assert_eq!(e.eval(), Ok(target));
        prop_assert_eq!(game.check_answer(&e.to_string()), Check::Solved);
        let planted_form = Canonical::of(&planted).expect("value");
        let forms: Vec<Canonical> = game
            .solutions()
            .expect("no overflow")
            .iter()
            .map(|s| Canonical::of(s).expect("value"))
            .collect();
        prop_assert!(forms.contains(&planted_form), "{} missing", planted);
    }
}
