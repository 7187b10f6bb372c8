//! Text in and out: parse errors with positions, printing, hands, and the
//! answer checker's verdicts.

use kongming_game24::{
    CheckError, EvalError, Expr, Game, GameError, Op, Ops, ParseErrorKind, Rational, check,
};
use proptest::prelude::*;

fn err(text: &str) -> (ParseErrorKind, usize) {
    let e = text.parse::<Expr>().expect_err(text);
    (e.kind().clone(), e.position())
}

#[test]
fn parse_errors_say_what_and_where() {
    assert_eq!(err(""), (ParseErrorKind::UnexpectedEnd, 0));
    assert_eq!(err("3+"), (ParseErrorKind::UnexpectedEnd, 2));
    assert_eq!(err("3 + x"), (ParseErrorKind::Unexpected('x'), 4));
    assert_eq!(err("(3+4"), (ParseErrorKind::UnbalancedParen, 0));
    assert_eq!(err("3+4)"), (ParseErrorKind::UnbalancedParen, 3));
    assert_eq!(err("-3+4"), (ParseErrorKind::UnaryMinus, 0));
    assert_eq!(err("3*(-4)"), (ParseErrorKind::UnaryMinus, 3));
    assert_eq!(
        err("99999999999999999999"),
        (ParseErrorKind::NumberTooLarge, 0)
    );
    assert_eq!(err("2*[3/0]"), (ParseErrorKind::ZeroDenominator, 5));
    assert_eq!(err("2*[3/4"), (ParseErrorKind::UnclosedBracket, 2));
    assert_eq!(err("2*[x]"), (ParseErrorKind::BadNumber('x'), 3));
    assert_eq!(err("3 4"), (ParseErrorKind::Unexpected('4'), 2));
    assert!(matches!(err(&"(".repeat(100)).0, ParseErrorKind::TooDeep));
    assert!(matches!(
        err(&vec!["1"; 65].join("+")).0,
        ParseErrorKind::TooManyNumbers
    ));
}

#[test]
fn printing_uses_minimal_parentheses() {
    for (input, ascii, unicode) in [
        ("((10*10)-4)/4", "(10*10-4)/4", "(10×10-4)÷4"),
        ("8/(3-(8/3))", "8/(3-8/3)", "8÷(3-8÷3)"),
        ("(1+2)+3", "1+2+3", "1+2+3"),
        ("1+(2+3)", "1+(2+3)", "1+(2+3)"),
        ("1-(2-3)", "1-(2-3)", "1-(2-3)"),
        ("(1*2)+(3*4)", "1*2+3*4", "1×2+3×4"),
        ("6 ÷ (1 − 3 / 4)", "6/(1-3/4)", "6÷(1-3÷4)"),
        ("[-2]*[3/4]", "[-2]*[3/4]", "[-2]×[3/4]"),
    ] {
        let e: Expr = input.parse().expect(input);
        assert_eq!(e.to_string(), ascii);
        assert_eq!(format!("{e:#}"), unicode);
    }
}

#[test]
fn exact_where_floats_fail() {
    for (text, hand) in [("8/(3-8/3)", [3, 3, 8, 8]), ("4/(7/6-1)", [1, 4, 6, 7])] {
        let e: Expr = text.parse().expect("parses");
        assert_eq!(e.eval(), Ok(Rational::from_integer(24)));
        assert_eq!(check(&hand, 24, text), Ok(()));
    }
    // Past i64: `eval` says so, `eval_exact` gives the value.
    let e: Expr = "9223372036854775807+1".parse().expect("parses");
    assert_eq!(e.eval(), Err(EvalError::Overflow));
    assert_eq!(
        e.eval_exact().expect("a value").to_string(),
        "9223372036854775808"
    );
}

#[test]
fn checker_verdicts() {
    let hand = [3, 3, 8, 8];
    let n = Rational::from_integer;
    assert_eq!(check(&hand, 24, "8 / (3 - 8 / 3)"), Ok(()));
    assert_eq!(check(&hand, 24, "8*3"), Err(CheckError::Unused(n(3))));
    assert_eq!(
        check(&hand, 24, "8*3*1+8-8"),
        Err(CheckError::NotInHand(n(1)))
    );
    assert_eq!(
        check(&hand, 24, "8*3+3+8+8"),
        Err(CheckError::UsedTooOften(n(8)))
    );
    assert_eq!(
        check(&hand, 24, "3+3+8+8"),
        Err(CheckError::WrongValue(n(22)))
    );
    assert_eq!(
        check(&hand, 24, "8/(3-3)+8"),
        Err(CheckError::NoValue(EvalError::DivisionByZero))
    );
    assert!(matches!(
        check(&hand, 24, "8/(3-8/3"),
        Err(CheckError::Parse(_))
    ));
    let game = Game::new(&hand, 24)
        .expect("a hand")
        .with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    assert_eq!(
        game.check("8/(3-8/3)"),
        Err(CheckError::OperationNotAllowed(Op::Div))
    );
    for e in [
        CheckError::Unused(n(3)),
        CheckError::NotInHand(n(1)),
        CheckError::UsedTooOften(n(8)),
        CheckError::WrongValue(n(22)),
        CheckError::OperationNotAllowed(Op::Div),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn hands_read_and_write() {
    let game: Game = "1/2 3, -4 = 7/3".parse().expect("a hand");
    assert_eq!(
        game.numbers(),
        [
            Rational::new(1, 2),
            Rational::from_integer(3),
            Rational::from_integer(-4)
        ]
    );
    assert_eq!(game.target(), Rational::new(7, 3));
    assert_eq!(game.to_string(), "1/2 3 -4 = 7/3");
    assert_eq!(game.to_string().parse::<Game>(), Ok(game));
    assert_eq!("".parse::<Game>(), Err(GameError::NoNumbers));
    assert!(matches!("1 2 x".parse::<Game>(), Err(GameError::Parse(e)) if e.position() == 4));
    assert!(matches!("1 2 = ".parse::<Game>(), Err(GameError::Parse(_))));
    assert!(matches!(
        "1 1 1 1 1 1 1 1".parse::<Game>(),
        Err(GameError::Parse(_))
    ));
    let none = Game::new(&[1, 2], 3)
        .expect("a hand")
        .with_ops(Ops::empty());
    assert_eq!(none.solvable(), Err(GameError::NoOperations));
}

#[test]
fn hint_marks_fraction_hands() {
    for hand in [
        [3, 3, 8, 8],
        [1, 5, 5, 5],
        [3, 3, 7, 7],
        [1, 3, 4, 6],
        [4, 4, 7, 7],
    ] {
        let hint = Game::new(&hand, 24).expect("a hand").hint().expect("exact");
        assert!(hint.needs_fractions, "{hand:?}");
        assert!(hint.distinct_solutions >= 1);
    }
    let hint = Game::new(&[1, 1, 1, 1], 24)
        .expect("a hand")
        .hint()
        .expect("exact");
    assert_eq!((hint.distinct_solutions, hint.needs_fractions), (0, false));
}

proptest! {
    #[test]
    fn game_text_round_trips(
        numbers in prop::collection::vec((-30i64..30, 1i64..7), 1..=7),
        target in (-100i64..100, 1i64..5),
    ) {
        let numbers: Vec<Rational> = numbers.into_iter().map(|(n, d)| Rational::new(n, d)).collect();
        let game = Game::new(&numbers, Rational::new(target.0, target.1)).expect("a hand");
        prop_assert_eq!(game.to_string().parse::<Game>(), Ok(game));
    }

    #[test]
    fn parser_never_panics(text in "[0-9+*/()\\[\\] ×÷−-]{0,40}") {
        let _ = text.parse::<Expr>();
        let _ = text.parse::<Game>();
    }
}
