//! The app developer's whole round (generate by grade, show, a wrong and
//! an illegal step checked, hints followed to the end from a mistake,
//! save, load, draw), and properties of play checked against a naive
//! search written here.

use kongming_game24::{
    AnswerMistake, Check, Expr, Game, GenerateError, Generator, Grade, Hint, IllegalAnswer, Op,
    Ratio, Rational, Step, StepError,
};
use proptest::prelude::*;

type Q = Ratio<i128>;

fn q(n: Rational) -> Q {
    Q::new(i128::from(*n.numer()), i128::from(*n.denom()))
}

/// Whether `values` can make `target`: every pair, every operation, both
/// orders, with no memo and no pruning.
fn can_make(values: &[Q], target: Q) -> bool {
    if let [v] = values {
        return *v == target;
    }
    for i in 0..values.len() {
        for j in 0..values.len() {
            if i == j {
                continue;
            }
            let (a, b) = (values[i], values[j]);
            let rest: Vec<Q> = (0..values.len())
                .filter(|&k| k != i && k != j)
                .map(|k| values[k])
                .collect();
            let mut made = vec![a + b, a - b, a * b];
            if b != Q::from_integer(0) {
                made.push(a / b);
            }
            for v in made {
                let mut next = rest.clone();
                next.push(v);
                if can_make(&next, target) {
                    return true;
                }
            }
        }
    }
    false
}

fn numbers_of(game: &Game) -> Vec<Q> {
    game.numbers().iter().map(|&n| q(n)).collect()
}

/// Every step on two of the numbers left (by place, both orders).
fn steps_of(game: &Game) -> Vec<Step> {
    let numbers = game.numbers();
    let mut out = Vec::new();
    for i in 0..numbers.len() {
        for j in 0..numbers.len() {
            if i != j {
                for op in Op::ALL {
                    out.push(Step::new(numbers[i], op, numbers[j]));
                }
            }
        }
    }
    out
}

/// Follows the hints (play `Next`, undo on `Undo`) until they stop; the
/// last hint.
fn follow_hints(game: &mut Game) -> Hint {
    // Each undo or step brings the game nearer the end: at most the steps
    // played back, then one step per number.
    let bound = 2 * (game.steps().len() + game.hand().len()) + 2;
    for _ in 0..bound {
        let hint = game.hint().expect("rules");
        match &hint {
            Hint::Next { step, .. } => {
                let verdict = game.check(step);
                assert!(
                    matches!(verdict, Check::Right | Check::Solved),
                    "{step}: {verdict}"
                );
                let played = game.steps().len();
                assert!(game.follow(&hint), "{hint}");
                assert_eq!(game.steps().len(), played + 1);
                assert_eq!(game.steps().last(), Some(step));
            }
            Hint::Undo { index, step, .. } => {
                assert_eq!(game.steps().get(*index), Some(step));
                assert!(game.follow(&hint), "{hint}");
                assert_eq!(game.steps().len(), *index);
            }
            _ => {
                assert!(!game.follow(&hint), "{hint}: nothing to do");
                return hint;
            }
        }
    }
    panic!("the hints did not finish within {bound} moves: {game}");
}

/// A small check that `svg` is well-formed XML: tags nest and close, every
/// attribute is quoted, and text holds no raw `<` or stray `&`.
fn assert_well_formed(svg: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = svg;
    assert!(svg.starts_with("<svg"), "{svg}");
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        for (k, _) in text.match_indices('&') {
            let entity = &text[k..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "a stray & in {text:?}"
            );
        }
        let gt = rest[lt..].find('>').expect("a tag closes") + lt;
        let tag = &rest[lt + 1..gt];
        assert!(!tag.contains('<'), "{tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "closing {name}");
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().expect("a tag name");
            // Attributes: name="value", quotes balanced.
            assert_eq!(body.matches('"').count() % 2, 0, "{tag}");
            for part in body.split('"').step_by(2).skip(1) {
                assert!(!part.contains('<') && !part.contains('>'), "{tag}");
            }
            if !self_closing {
                open.push(name.to_string());
            }
        }
        rest = &rest[gt + 1..];
    }
    assert!(rest.trim().is_empty(), "text after the picture: {rest:?}");
    assert!(open.is_empty(), "unclosed: {open:?}");
}

#[test]
fn the_whole_round() {
    // Generate by grade.
    let generator = Generator::new(4, 1..=13, 24)
        .expect("settings")
        .grade(Grade::Hard);
    let mut game = generator.generate(2024).expect("a hard hand");
    assert_eq!(game, generator.generate(2024).expect("the same hand"));
    let difficulty = game.difficulty().expect("rules");
    assert_eq!(difficulty.grade(), Some(Grade::Hard));
    assert!(can_make(&numbers_of(&game), Q::from_integer(24)));

    // Show it.
    let shown = game.to_string();
    assert!(shown.ends_with(" = 24"), "{shown}");
    assert_eq!(shown.parse::<Game>().expect("reads back"), game);

    // A wrong step (legal, but a dead end) and an illegal one.
    let wrong = steps_of(&game)
        .into_iter()
        .find(|s| matches!(game.check(s), Check::Wrong(_)))
        .expect("some step of a hard hand loses");
    let Check::Wrong(dead_end) = game.check(&wrong) else {
        unreachable!()
    };
    assert!(
        dead_end.to_string().contains("cannot make 24"),
        "{dead_end}"
    );
    let not_left = Step::new(100, Op::Add, game.numbers()[0]);
    assert!(matches!(
        game.check(&not_left),
        Check::Illegal(StepError::NotLeft { .. })
    ));
    assert!(matches!(game.play(not_left), Check::Illegal(_)));
    assert!(game.steps().is_empty());
    // Whole answers: wrong (a number left out) and illegal (not readable).
    let first = game.hand()[0];
    assert!(matches!(
        game.check_answer(&Expr::Num(first).to_string()),
        Check::Wrong(AnswerMistake::Unused(_))
    ));
    assert!(matches!(
        game.check_answer("(("),
        Check::Illegal(IllegalAnswer::Parse(_))
    ));

    // The player makes the mistake; the hints take it back and finish.
    assert!(matches!(game.play(wrong), Check::Wrong(_)));
    let hint = game.hint().expect("rules");
    assert!(matches!(hint, Hint::Undo { index: 0, .. }), "{hint}");
    assert!(hint.to_string().starts_with("Take back step 1"), "{hint}");
    assert_eq!(follow_hints(&mut game), Hint::Solved { target: 24.into() });
    assert!(game.is_solved());

    // Save, load, equal: the hand as given and the steps.
    #[cfg(feature = "serde")]
    let loaded: Game = {
        let saved = serde_json::to_string(&game).expect("serializes");
        assert!(saved.starts_with(r#"{"game":""#), "{saved}");
        serde_json::from_str(&saved).expect("loads")
    };
    #[cfg(not(feature = "serde"))]
    let loaded = game.clone();
    assert_eq!(loaded, game);
    assert_eq!(loaded.hand(), game.hand());
    assert!(loaded.is_solved());

    // Draw the game and a solution.
    let picture = loaded.to_svg();
    assert_well_formed(&picture);
    assert_eq!(
        picture.matches(r#"class="card used""#).count(),
        4,
        "{picture}"
    );
    let solution = loaded.start().solve().expect("rules").expect("solvable");
    assert_eq!(loaded.check_answer(&solution.to_string()), Check::Solved);
    let tree = solution.to_svg();
    assert_well_formed(&tree);
    assert_eq!(tree.matches(r#"class="card""#).count(), 4);
    assert_eq!(tree.matches(r#"class="op""#).count(), 3);
}

#[test]
fn a_hint_from_another_state_changes_nothing() {
    let mut game: Game = "3 3 8 8".parse().unwrap();
    // The next step of another hand: its numbers are not in this one.
    let foreign = "1 2 5 7".parse::<Game>().unwrap().hint().unwrap();
    assert!(matches!(foreign, Hint::Next { .. }), "{foreign}");
    assert!(!game.follow(&foreign));
    assert!(game.steps().is_empty());
    // A mistake and a step after it; the undo names the mistake.
    game.play("8+8".parse().unwrap());
    game.play("16*3".parse().unwrap());
    let undo = game.hint().unwrap();
    assert!(matches!(undo, Hint::Undo { index: 0, .. }), "{undo}");
    let played = game.clone();
    // The same undo at another place, or naming another step.
    let Hint::Undo {
        step,
        numbers,
        target,
        ..
    } = undo.clone()
    else {
        unreachable!()
    };
    for (index, step) in [(1, step), (5, step), (0, "3*3".parse().unwrap())] {
        let stale = Hint::Undo {
            index,
            step,
            numbers: numbers.clone(),
            target,
        };
        assert!(!game.follow(&stale), "{stale}");
        assert_eq!(game, played);
    }
    assert!(game.follow(&undo));
    assert!(game.steps().is_empty());
    assert!(!game.follow(&undo));
    assert!(game.steps().is_empty());
}

#[test]
fn pictures_escape_their_text() {
    let game: Game = "-2 3/4 = -1/2".parse().expect("a hand");
    assert_well_formed(&game.to_svg());
    let e: Expr = "[-2]*[3/4]-[1/2]".parse().expect("an expression");
    assert_well_formed(&e.to_svg());
    assert_well_formed(&Expr::num(7).to_svg());
}

#[test]
fn a_generator_says_why_it_made_nothing() {
    let settings = Generator::new(4, 1..=13, 24).expect("settings");
    let none = kongming_game24::Budget::unlimited().with_node_limit(3);
    // Three hands are too few for an expert one here (or say so if found).
    match settings
        .clone()
        .grade(Grade::Expert)
        .budget(none)
        .generate(0)
    {
        Ok(game) => assert_eq!(
            game.difficulty().expect("rules").grade(),
            Some(Grade::Expert)
        ),
        Err(e) => assert_eq!(
            e,
            GenerateError::Stopped(kongming_game24::StopReason::NodeLimit)
        ),
    }
    // Two numbers from 1..=2 cannot make 24 at any grade.
    let never = Generator::new(2, 1..=2, 24).expect("settings");
    assert_eq!(never.generate(5), Err(GenerateError::NoPuzzle));
    assert_eq!(
        never.grade(Grade::Easy).generate(5),
        Err(GenerateError::GradeNotReached {
            grade: Grade::Easy,
            attempts: Generator::ATTEMPTS
        })
    );
    // A deck with one copy of each of three values has no hand of four.
    let short = Generator::new(4, 1..=3, 6).expect("settings").max_copies(1);
    assert_eq!(short.generate(0), Err(GenerateError::NoPuzzle));
}

/// A hand of four numbers from 1..=13 and some legal steps played on it
/// (mistakes included), from indices drawn by proptest.
fn reachable(hand: &[i64], picks: &[(usize, usize, usize)]) -> Game {
    let mut game = Game::new(hand, 24).expect("a hand");
    for &(i, j, o) in picks {
        let numbers = game.numbers();
        if numbers.len() < 2 {
            break;
        }
        let i = i % numbers.len();
        let j = (i + 1 + j % (numbers.len() - 1)) % numbers.len();
        let step = Step::new(numbers[i], Op::ALL[o % 4], numbers[j]);
        // A division by zero is not a step a player can play: skip it.
        let _ = game.play(step);
    }
    game
}

fn hand() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(1i64..=13, 4)
}

fn picks() -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
    prop::collection::vec((0usize..8, 0usize..8, 0usize..4), 0..=3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 24 } else { 200 }))]

    #[test]
    fn a_generated_hand_has_the_grade_asked_and_makes_the_target(
        seed in any::<u64>(),
        grade in prop::sample::select(Grade::ALL.to_vec()),
    ) {
        let game = Generator::new(4, 1..=13, 24)
            .expect("settings")
            .grade(grade)
            .generate(seed)
            .expect("every grade is reached for four numbers from 1..13");
        prop_assert!(game.steps().is_empty());
        prop_assert_eq!(game.difficulty().expect("rules").grade(), Some(grade));
        prop_assert!(can_make(&numbers_of(&game), Q::from_integer(24)));
        prop_assert!(game.hand().iter().all(|n| n.is_integer() && (1..=13).contains(n.numer())));
    }

    #[test]
    fn a_checked_step_agrees_with_the_naive_search(
        hand in hand(),
        picks in picks(),
        (i, j, o) in (0usize..8, 0usize..8, 0usize..4),
    ) {
        let game = reachable(&hand, &picks);
        let numbers = game.numbers();
        prop_assume!(numbers.len() >= 2);
        let i = i % numbers.len();
        let j = (i + 1 + j % (numbers.len() - 1)) % numbers.len();
        let step = Step::new(numbers[i], Op::ALL[o % 4], numbers[j]);
        let verdict = game.check(&step);
        let Ok(value) = step.value() else {
            prop_assert!(matches!(verdict, Check::Illegal(StepError::NoValue { .. })), "{}", verdict);
            return Ok(());
        };
        let mut after: Vec<Q> = numbers_of(&game);
        for k in [i.max(j), i.min(j)] {
            after.remove(k);
        }
        after.push(q(value));
        let target = Q::from_integer(24);
        let expected = if after == [target] {
            Check::Solved
        } else if can_make(&after, target) {
            Check::Right
        } else {
            prop_assert!(matches!(verdict, Check::Wrong(_)), "{} on {}: {}", step, game, verdict);
            return Ok(());
        };
        prop_assert_eq!(verdict, expected, "{} on {}", step, game);
    }

    #[test]
    fn hints_followed_from_any_reachable_state_finish(hand in hand(), picks in picks()) {
        let mut game = reachable(&hand, &picks);
        let solvable = can_make(&numbers_of(&game.start()), Q::from_integer(24));
        let last = follow_hints(&mut game);
        if solvable {
            prop_assert_eq!(last, Hint::Solved { target: 24.into() });
            prop_assert!(game.is_solved());
            let given: Vec<Rational> = hand.iter().map(|&n| Rational::from_integer(n)).collect();
            prop_assert_eq!(game.hand(), given.as_slice());
        } else {
            prop_assert!(matches!(last, Hint::DeadEnd { .. }), "{}", last);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_game_in_play_round_trips_through_json(hand in hand(), picks in picks()) {
        let game = reachable(&hand, &picks);
        let text = serde_json::to_string(&game).expect("serializes");
        let back: Game = serde_json::from_str(&text).expect("loads");
        prop_assert_eq!(back.hand(), game.hand());
        prop_assert_eq!(back.numbers(), game.numbers());
        prop_assert_eq!(back, game);
    }
}
