//! Issue 17, point 3: answers past `i64` are given exactly (big integers
//! take over where checked machine arithmetic overflows), at every entry.
//! The brute-force comparison for huge hands is in `tests/equivalence.rs`.

use kongming_game24::{
    BigInt, BigRational, Check, CheckError, EvalError, Expr, Game, HandSize, Rational, Solver,
    check, hands, solutions, solvable, survey_solutions, survey_solvable,
};

const MAX: i64 = i64::MAX;

#[test]
fn the_reported_cases() {
    // No way to 24 from these, and no overflow error either.
    assert_eq!(solvable(&[MAX, 1, 1, 1], 24), Ok(false));
    // `solve` found an answer; `solutions` now lists them all.
    let game = Game::new(&[MAX, MAX, 1, 1], 1).expect("a hand");
    let one = game.solve().expect("exact").expect("solvable");
    assert_eq!(one.eval(), Ok(Rational::from_integer(1)));
    let all = solutions(&[MAX, MAX, 1, 1], 1).expect("exact");
    assert!(!all.is_empty());
    for e in &all {
        assert_eq!(game.check_answer(&e.to_string()), Check::Solved, "{e}");
    }
    assert_eq!(
        game.difficulty().expect("exact").distinct_solutions,
        all.len()
    );
}

#[test]
fn every_entry_answers_past_i64() {
    // MAX*2 overflows i64 on the way to 1.
    let hand = [MAX, MAX, 2, 2];
    let answer = "9223372036854775807*2/(9223372036854775807*2)";
    assert_eq!(check(&hand, 1, answer), Ok(()));
    let game = Game::new(&hand, 1).expect("a hand");
    assert!(game.solvable().expect("exact"));
    assert!(!game.solutions().expect("exact").is_empty());
    let mut solver = Solver::new(1);
    assert!(solver.solvable(&hand).expect("exact").known() == Some(true));
    assert_eq!(
        solver.iter_solutions(&hand).expect("exact").count(),
        game.solutions().expect("exact").len()
    );
    // A target only big intermediate values reach: (MAX+MAX)/2 = MAX.
    let game = Game::new(&[MAX, MAX, 2], MAX).expect("a hand");
    let e = game.solve().expect("exact").expect("solvable");
    assert_eq!(e.eval(), Ok(Rational::from_integer(MAX)));
    // A wrong answer's value is given exactly, whatever its size.
    assert_eq!(
        check(&[MAX, 2], 1, "9223372036854775807*2"),
        Err(CheckError::WrongValue(BigRational::from_integer(
            BigInt::from(MAX) * 2
        )))
    );
    // Surveys.
    let tally = survey_solvable(
        hands(
            HandSize::new(2).expect("a hand size a game takes"),
            MAX - 1..=MAX,
        ),
        1,
    )
    .expect("exact");
    assert_eq!((tally.solvable, tally.hands), (3, 3));
    let tally = survey_solutions(
        hands(
            HandSize::new(3).expect("a hand size a game takes"),
            MAX - 1..=MAX,
        ),
        1,
        |_| {},
    )
    .expect("exact");
    assert_eq!(tally.hands, 4);
}

#[test]
fn expressions_evaluate_exactly() {
    let e: Expr = "9223372036854775807*2/2".parse().expect("parses");
    assert_eq!(e.eval(), Ok(Rational::from_integer(MAX)));
    let e: Expr = "9223372036854775807*9223372036854775807"
        .parse()
        .expect("parses");
    assert_eq!(e.eval(), Err(EvalError::Overflow));
    assert_eq!(
        e.eval_exact(),
        Ok(BigRational::from_integer(
            BigInt::from(MAX) * BigInt::from(MAX)
        ))
    );
    let e: Expr = "1/(9223372036854775807*2-9223372036854775807*2)"
        .parse()
        .expect("parses");
    assert_eq!(e.eval_exact(), Err(EvalError::DivisionByZero));
    assert!(
        "9223372036854775807*3/3/2"
            .parse::<Expr>()
            .expect("parses")
            .uses_fractions()
            .expect("a value")
    );
}

/// `i64::MIN` in a number (its magnitude does not fit an `i64`): every
/// operation gives the exact value (re-computed here with big integers),
/// or an overflow error when that does not fit a `Rational`, never a
/// panic; and a game with such a number plays out (a hint found by a
/// random test panicked in the gcd of the parts).
#[test]
fn operations_on_the_least_i64_are_exact_or_overflow() {
    use kongming_game24::Op;
    let values = [
        Rational::from_integer(i64::MIN),
        Rational::new(i64::MIN, 3),
        Rational::from_integer(13),
        Rational::from_integer(-1),
        Rational::from_integer(0),
        Rational::new(1, 2),
        Rational::from_integer(i64::MAX),
    ];
    let big = |r: &Rational| BigRational::new(BigInt::from(*r.numer()), BigInt::from(*r.denom()));
    for a in &values {
        for b in &values {
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                let got = op.apply(a, b);
                if op == Op::Div && b.numer() == &0 {
                    assert_eq!(got, Err(EvalError::DivisionByZero));
                    continue;
                }
                let (x, y) = (big(a), big(b));
                let exact = match op {
                    Op::Add => x + y,
                    Op::Sub => x - y,
                    Op::Mul => x * y,
                    Op::Div => x / y,
                };
                match got {
                    Ok(v) => assert_eq!(big(&v), exact, "{a} {op} {b}"),
                    Err(e) => {
                        assert_eq!(e, EvalError::Overflow, "{a} {op} {b}");
                        let fits = i64::try_from(exact.numer()).is_ok()
                            && i64::try_from(exact.denom()).is_ok();
                        assert!(!fits, "{a} {op} {b}: {exact} fits");
                    }
                }
            }
        }
    }
    let hand = [
        Rational::from_integer(0),
        Rational::from_integer(13),
        Rational::from_integer(i64::MIN),
    ];
    let game = Game::new(&hand, -1).expect("a hand");
    let _ = game.hint();
}
