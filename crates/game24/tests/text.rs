//! Text in and out: parse errors with positions, printing, hands, and the
//! answer checker's verdicts.

use kongming_game24::{
    BigRational, Check, CheckError, Equivalence, EvalError, Expr, Game, GameError, IllegalAnswer,
    Op, Ops, ParseErrorKind, Rational, check,
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
    assert_eq!(err("2*[3 / x]"), (ParseErrorKind::BadNumber('x'), 7));
    assert_eq!(err("2*[3/ 0]"), (ParseErrorKind::ZeroDenominator, 6));
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
        Err(CheckError::WrongValue(BigRational::from_integer(22.into())))
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
        game.check_answer("8/(3-8/3)"),
        Check::Illegal(IllegalAnswer::OperationNotAllowed(Op::Div))
    );
    for e in [
        CheckError::Unused(n(3)),
        CheckError::NotInHand(n(1)),
        CheckError::UsedTooOften(n(8)),
        CheckError::WrongValue(BigRational::from_integer(22.into())),
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
fn game_text_carries_the_rules() {
    let game: Game = "3 3 8 8 = 24 ops +-* structural".parse().expect("a game");
    assert_eq!(game.ops(), Ops::ADD | Ops::SUB | Ops::MUL);
    assert_eq!(game.equivalence(), Equivalence::Structural);
    assert_eq!(game.to_string(), "3 3 8 8 = 24 ops +-* structural");
    // Either order, Unicode symbols, no target, no operations.
    let game: Game = "2 3 structural ops ×÷".parse().expect("a game");
    assert_eq!(
        (game.target(), game.ops()),
        (Rational::from_integer(24), Ops::MUL | Ops::DIV)
    );
    assert_eq!(game.to_string(), "2 3 = 24 ops */ structural");
    let game: Game = "5 = 5 ops none".parse().expect("a game");
    assert_eq!(game.ops(), Ops::empty());
    assert_eq!(game.to_string(), "5 = 5 ops none");
    let parse_error = |text: &str| match text.parse::<Game>() {
        Err(GameError::Parse(e)) => (e.kind().clone(), e.position()),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        parse_error("1 2 = 3 ops"),
        (ParseErrorKind::UnexpectedEnd, 11)
    );
    assert_eq!(
        parse_error("1 2 = 3 ops +%"),
        (ParseErrorKind::Unexpected('%'), 13)
    );
    assert_eq!(
        parse_error("1 2 = 3 ops ++"),
        (ParseErrorKind::Unexpected('+'), 13)
    );
    assert_eq!(
        parse_error("1 2 = 3 ops + ops -"),
        (ParseErrorKind::Unexpected('o'), 14)
    );
    assert_eq!(
        parse_error("1 2 = 3 structural structural"),
        (ParseErrorKind::Unexpected('s'), 19)
    );
    assert_eq!(
        parse_error("1 2 = 3 fast"),
        (ParseErrorKind::Unexpected('f'), 8)
    );
    assert_eq!(
        parse_error("1 2 = 3 = 4 ops +"),
        (ParseErrorKind::Unexpected('='), 8)
    );
}

#[test]
fn the_least_i64_reads_back() {
    let least = Rational::from_integer(i64::MIN);
    let e = Expr::Num(least);
    assert_eq!(e.to_string().parse::<Expr>(), Ok(e));
    let game = Game::new(&[least, Rational::new(i64::MIN, 3)], least).expect("a hand");
    assert_eq!(game.to_string().parse::<Game>(), Ok(game));
    // Moving the sign of a denominator to i64::MIN does not fit.
    let parse_error = |text: &str| match text.parse::<Game>() {
        Err(GameError::Parse(e)) => (e.kind().clone(), e.position()),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        parse_error("-9223372036854775808/-1"),
        (ParseErrorKind::NumberTooLarge, 21)
    );
    assert_eq!(
        parse_error("1/-9223372036854775808"),
        (ParseErrorKind::NumberTooLarge, 2)
    );
    assert_eq!(
        parse_error("-9223372036854775809"),
        (ParseErrorKind::NumberTooLarge, 0)
    );
    assert_eq!(
        "3/-4".parse::<Game>().expect("a hand").numbers(),
        [Rational::new(-3, 4)]
    );
}

#[test]
fn difficulty_marks_fraction_hands() {
    for hand in [
        [3, 3, 8, 8],
        [1, 5, 5, 5],
        [3, 3, 7, 7],
        [1, 3, 4, 6],
        [4, 4, 7, 7],
    ] {
        let difficulty = Game::new(&hand, 24)
            .expect("a hand")
            .difficulty()
            .expect("exact");
        assert!(difficulty.needs_fractions, "{hand:?}");
        assert!(difficulty.distinct_solutions >= 1);
    }
    let difficulty = Game::new(&[1, 1, 1, 1], 24)
        .expect("a hand")
        .difficulty()
        .expect("exact");
    assert_eq!(
        (difficulty.distinct_solutions, difficulty.needs_fractions),
        (0, false)
    );
}

proptest! {
    #[test]
    fn game_text_round_trips(
        numbers in prop::collection::vec((-30i64..30, 1i64..7), 1..=7),
        target in (-100i64..100, 1i64..5),
        ops in 0u8..16,
        structural in any::<bool>(),
    ) {
        let numbers: Vec<Rational> = numbers.into_iter().map(|(n, d)| Rational::new(n, d)).collect();
        let equivalence = if structural { Equivalence::Structural } else { Equivalence::Standard };
        let game = Game::new(&numbers, Rational::new(target.0, target.1))
            .expect("a hand")
            .with_ops(Ops::from_bits_truncate(ops))
            .with_equivalence(equivalence);
        prop_assert_eq!(game.to_string().parse::<Game>(), Ok(game));
    }

    #[test]
    fn parser_never_panics(text in "[0-9+*/()\\[\\] ×÷−-]{0,40}") {
        let _ = text.parse::<Expr>();
        let _ = text.parse::<Game>();
    }

    #[test]
    fn game_parser_never_panics_on_options(
        text in "[0-9 =/-]{0,12}( (ops|structural|none|[+*/x-]{1,3}|[a-z]{1,4})){0,4}",
    ) {
        let _ = text.parse::<Game>();
        let _ = text.parse::<Ops>();
    }
}

// ---- issue 17, points 1 and 4 ---------------------------------------------

#[test]
fn numbers_are_written_as_the_hands_numbers() {
    // Point 1: `[16/2]` was taken as the hand's 8.
    let hand = [3, 3, 8, 8];
    let standard = |text: &str| ParseErrorKind::NonStandardNumber(text.to_string());
    match check(&hand, 24, "8/(3-[16/2]/3)") {
        Err(CheckError::Parse(e)) => {
            assert_eq!((e.kind(), e.position()), (&standard("8"), 5));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(err("[6/4]*2"), (standard("[3/2]"), 0));
    assert_eq!(err("3*08"), (standard("8"), 2));
    assert_eq!(err("[-0]+1"), (standard("0"), 0));
    assert_eq!(err("[3/-4]"), (standard("[-3/4]"), 0));
    assert_eq!(err("[8/1]"), (standard("8"), 0));
    // Written as itself, in brackets or not, spaced or not.
    assert_eq!(check(&hand, 24, "[8]/(3-[ 8 ]/3)"), Ok(()));
    let game: Game = "3/4 -2 = -3/2".parse().expect("a hand");
    assert_eq!(game.check_answer("[ 3 / 4 ] * [−2]"), Check::Solved);
}

#[test]
fn parser_edges_of_issue_17() {
    let hand = [3, 3, 8, 8];
    // `x` for times, as sevenseg reads it.
    assert_eq!(
        check(&hand, 24, "8x3x(8/8)"),
        Err(CheckError::UsedTooOften(Rational::from_integer(8)))
    );
    assert_eq!(check(&[4, 4, 10, 10], 24, "(10x10-4)/4"), Ok(()));
    assert_eq!(check(&[4, 4, 10, 10], 24, "(10X10-4)/4"), Ok(()));
    // An answer may end in `= target`.
    assert_eq!(check(&hand, 24, "8/(3-8/3)=24"), Ok(()));
    assert_eq!(check(&hand, 24, "8/(3-8/3) = 24"), Ok(()));
    assert_eq!(
        check(&hand, 24, "8/(3-8/3) = 25"),
        Err(CheckError::ClaimsOtherValue(Rational::from_integer(25)))
    );
    match check(&hand, 24, "8/(3-8/3) = 24 = 24") {
        Err(CheckError::Parse(e)) => {
            assert_eq!(
                (e.kind(), e.position()),
                (&ParseErrorKind::Unexpected('='), 15)
            );
        }
        other => panic!("{other:?}"),
    }
    // Whitespace inside brackets, as the docs allow.
    assert_eq!(
        "[ 3 / 4 ]".parse::<Expr>(),
        Ok(Expr::num(Rational::new(3, 4)))
    );
    // The second `=` of a hand is the problem, at its byte.
    match "3 3 8 8 = 24 = 25".parse::<Game>() {
        Err(GameError::Parse(e)) => {
            assert_eq!(
                (e.kind(), e.position()),
                (&ParseErrorKind::Unexpected('='), 13)
            );
        }
        other => panic!("{other:?}"),
    }
    // No numbers: said so.
    assert_eq!(check(&[], 24, "24"), Err(CheckError::NoNumbers));
}

/// A printed expression with spaces put anywhere a space may go (between
/// tokens and inside brackets), `x` for some `*`, maybe `= value` after.
fn respell(text: &str, spaces: &[bool], exes: &[bool]) -> String {
    let mut out = String::new();
    for (k, c) in text.chars().enumerate() {
        if spaces.get(k).copied().unwrap_or(false) && !c.is_ascii_digit() {
            out.push(' ');
        }
        if c == '*' && exes.get(k).copied().unwrap_or(false) {
            out.push('x');
        } else {
            out.push(c);
        }
        if spaces.get(k + 1).copied().unwrap_or(false) && !c.is_ascii_digit() {
            out.push(' ');
        }
    }
    out
}

proptest! {
    #[test]
    fn respelled_answers_check_and_other_numbers_do_not(
        hand in prop::collection::vec((-5i64..=9, 1i64..=3), 1..=4),
        picks in prop::collection::vec((0usize..8, 0usize..8, 0usize..4), 3),
        spaces in prop::collection::vec(any::<bool>(), 64),
        exes in prop::collection::vec(any::<bool>(), 64),
        claim in any::<bool>(),
        scale in 2i64..=5,
        victim in 0usize..4,
    ) {
        let hand: Vec<Rational> = hand.into_iter().map(|(n, d)| Rational::new(n, d)).collect();
        // An expression over the hand, combining values as `picks` say.
        let mut items: Vec<Expr> = hand.iter().map(|&n| Expr::Num(n)).collect();
        let mut k = 0;
        while items.len() > 1 {
            let (a, b, op) = picks[k % picks.len()];
            k += 1;
            let l = items.swap_remove(a % items.len());
            let r = items.swap_remove(b % items.len());
            items.push(Expr::bin(Op::ALL[op], l, r));
        }
        let e = items.pop().expect("one");
        let Ok(value) = e.eval() else { return Ok(()) };
        let game = Game::new(&hand, value).expect("a hand");
        let mut text = respell(&e.to_string(), &spaces, &exes);
        if claim {
            text = format!("{text} = {}", game.to_string().rsplit("= ").next().expect("a target"));
        }
        prop_assert_eq!(game.check_answer(&text), Check::Solved, "{}", text);
        // One number written otherwise (scaled, not in lowest terms) is
        // not the hand's number.
        let n = hand[victim % hand.len()];
        let printed = e.to_string();
        let plain = if n.is_integer() && n >= Rational::from_integer(0) {
            format!("{}", n.numer())
        } else if n.is_integer() {
            format!("[{}]", n.numer())
        } else {
            format!("[{}/{}]", n.numer(), n.denom())
        };
        if let Some(at) = printed.find(&plain) {
            let scaled = format!("[{}/{}]", n.numer() * scale, n.denom() * scale);
            let other = format!("{}{}{}", &printed[..at], scaled, &printed[at + plain.len()..]);
            prop_assert!(matches!(game.check_answer(&other), Check::Illegal(IllegalAnswer::Parse(_))), "{}", other);
        }
    }
}
