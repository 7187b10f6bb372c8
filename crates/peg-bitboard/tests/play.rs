//! The app developer's whole round (generate by grade, show, a wrong and
//! an illegal jump checked, hints followed to the end from a mistake,
//! save, load, draw), and properties of play checked against a plain
//! memoized search written here and against the solver.

use std::collections::HashMap;

use kongming_peg_bitboard::{
    Board, Check, GenerateError, Generator, Goal, Grade, Hint, IllegalJump, Position, Puzzle,
    Solver, Verdict, grade_of_win_chance,
};
use kongming_peg_bitboard::{Budget, Game, PlayError};
use proptest::prelude::*;

/// What a plain search says of a position: the chance that a random
/// player wins from it and the number of winning jump sequences.
fn naive(
    puzzle: &Puzzle,
    position: &Position,
    memo: &mut HashMap<u64, (f64, u128)>,
) -> (f64, u128) {
    if puzzle.is_goal(position) {
        return (1.0, 1);
    }
    if let Some(&known) = memo.get(&position.pegs()) {
        return known;
    }
    let jumps = position.legal_jumps();
    let mut chance = 0.0;
    let mut count = 0;
    for &jump in &jumps {
        let (c, n) = naive(puzzle, &position.play(jump).unwrap(), memo);
        chance += c / jumps.len() as f64;
        count += n;
    }
    memo.insert(position.pegs(), (chance, count));
    (chance, count)
}

/// Whether the solver reaches the puzzle's goal from `position`.
fn solver_wins(puzzle: &Puzzle, position: &Position) -> bool {
    match Solver::new(position).goal(puzzle.goal()).solve().unwrap() {
        Verdict::Solved(_) => true,
        Verdict::Impossible(_) => false,
        other => panic!("an unbounded solver ended with {other:?}"),
    }
}

/// Follows hints (taking back what an `Undo` names) until the game is
/// solved or a hint is not a way on; returns the last hint.
fn follow_hints(game: &mut Game) -> Hint {
    for _ in 0..200 {
        let hint = game.hint().unwrap();
        match hint {
            Hint::Next { jump, .. } => {
                assert!(!matches!(game.check(&jump).unwrap(), Check::Wrong(_)));
                let played = game.jumps().len();
                assert!(game.follow(&hint), "{hint}");
                assert_eq!(game.jumps().len(), played + 1);
                assert_eq!(game.jumps().last(), Some(&jump));
            }
            Hint::Undo { jump, index } => {
                assert_eq!(game.jumps()[index], jump);
                assert!(game.follow(&hint), "{hint}");
                assert_eq!(game.jumps().len(), index);
                let replayed = game.puzzle().start().replay(game.jumps()).unwrap();
                assert_eq!(game.position(), &replayed);
            }
            other => {
                assert!(!game.follow(&other), "{other}: nothing to do");
                return other;
            }
        }
    }
    panic!("hints did not end");
}

fn triangle() -> Board {
    Board::triangular(5).unwrap()
}

#[test]
fn a_hint_from_another_state_changes_nothing() {
    let board = triangle();
    let top = board.cell("c1").unwrap();
    let mut game = Game::new(Puzzle::new(board.start(top).unwrap(), Goal::OnePegAt(top)).unwrap());
    // A jump of another board.
    let english = Board::english();
    let foreign = Hint::Next {
        jump: english.parse_jump("d2-d4").unwrap(),
        solutions: None,
    };
    assert!(!game.follow(&foreign));
    assert!(game.jumps().is_empty());
    let first = board.parse_jump("b3-c1").unwrap();
    let next = Hint::Next {
        jump: first,
        solutions: None,
    };
    assert!(game.follow(&next));
    assert_eq!(game.jumps(), [first]);
    // The same jump again: its peg has moved.
    assert!(!game.follow(&next));
    assert_eq!(game.jumps(), [first]);
    let before = game.position().clone();
    // Undos naming one past the last, far past, another jump.
    let other = board.parse_jump("c4-b2").unwrap();
    for (jump, index) in [(first, 1), (first, usize::MAX), (other, 0)] {
        let stale = Hint::Undo { jump, index };
        assert!(!game.follow(&stale), "{stale}");
        assert_eq!(game.jumps(), [first]);
        assert_eq!(game.position(), &before);
    }
    let undo = Hint::Undo {
        jump: first,
        index: 0,
    };
    assert!(game.follow(&undo));
    assert!(game.jumps().is_empty());
    assert_eq!(game.position(), game.puzzle().start());
}

#[test]
fn the_app_round() {
    // Generate by grade.
    let board = triangle();
    let puzzle = Generator::new(&board)
        .unwrap()
        .grade(Grade::Medium)
        .generate(2024)
        .unwrap();
    assert_eq!(puzzle.grade().unwrap(), Some(Grade::Medium));

    // Show.
    let shown = puzzle.to_string();
    assert!(shown.starts_with("goal: one peg\n"), "{shown}");
    assert!(shown.contains(" 1 "), "rows count from 1: {shown}");

    // An illegal jump: one of the board's that the start cannot play.
    let mut game = Game::new(puzzle.clone());
    assert_eq!(game.to_string(), shown, "a fresh game shows the puzzle");
    let illegal = board
        .jumps()
        .iter()
        .copied()
        .find(|&jump| game.position().check(jump).is_err())
        .unwrap();
    assert!(matches!(game.check(&illegal).unwrap(), Check::Illegal(_)));
    assert!(matches!(game.play(illegal).unwrap(), Check::Illegal(_)));
    assert!(game.jumps().is_empty(), "an illegal jump is not recorded");

    // A wrong jump: walk along the hints until some legal jump loses.
    let wrong = loop {
        let position = game.position().clone();
        let losing = position
            .legal_jumps()
            .into_iter()
            .find(|jump| matches!(game.check(jump).unwrap(), Check::Wrong(_)));
        if let Some(jump) = losing {
            break jump;
        }
        let Hint::Next { jump, .. } = game.hint().unwrap() else {
            panic!("no losing jump on the way")
        };
        game.play(jump).unwrap();
    };
    let Check::Wrong(lost) = game.play(wrong).unwrap() else {
        panic!("a wrong jump")
    };
    // The game shows the position as it stands.
    let now = game.to_string();
    assert!(now.starts_with("goal: one peg\n"), "{now}");
    assert!(now.ends_with(&game.position().render()), "{now}");
    assert_ne!(now, shown);
    assert!(lost.was_winnable());
    let number = game.jumps().len();
    let hint = game.hint().unwrap();
    assert_eq!(
        hint,
        Hint::Undo {
            jump: wrong,
            index: number - 1
        }
    );
    assert!(
        hint.to_string()
            .starts_with(&format!("Take back jump {number} ({wrong})"))
    );

    // Hints followed to the end, from the mistake.
    let mut finished = game.clone();
    assert_eq!(follow_hints(&mut finished), Hint::Solved);
    assert!(finished.is_solved());

    // Save, load: what the player was given and did, as text.
    #[cfg(feature = "serde")]
    save_and_load(&game, wrong, &hint);

    // Draw.
    let svg = game.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches(r#"class="peg""#).count(),
        game.position().peg_count() as usize
    );
}

/// The round's save and load.
#[cfg(feature = "serde")]
fn save_and_load(game: &Game, wrong: kongming_peg_bitboard::Jump, hint: &Hint) {
    let number = game.jumps().len();
    let saved = serde_json::to_string(&game).unwrap();
    assert!(saved.contains(r#""goal":"one peg""#), "{saved}");
    assert!(saved.contains(&format!(r#""{wrong}"]"#)), "{saved}");
    let loaded: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(&loaded, game);
    assert_eq!(loaded.position(), game.position());
    assert_eq!(&loaded.hint().unwrap(), hint);
    assert_eq!(loaded.jumps()[number - 1], wrong);
    // The hint names the jump from 1 when stored, as the player counts.
    let stored = serde_json::to_value(hint).unwrap();
    assert_eq!(stored["undo"]["index"], serde_json::json!(number));
    assert_eq!(
        &serde_json::from_value::<Hint>(stored.clone()).unwrap(),
        hint
    );
    let mut zero = stored;
    zero["undo"]["index"] = serde_json::json!(0);
    assert!(serde_json::from_value::<Hint>(zero).is_err());
}

#[test]
fn a_budget_stops_the_generator_and_the_game() {
    let english = Board::english();
    let stopped = Generator::new(&english)
        .unwrap()
        .grade(Grade::Expert)
        .budget(Budget::unlimited().with_node_limit(10))
        .generate(1);
    assert!(matches!(stopped, Err(GenerateError::Stopped(_))));
    let centre = english.cell("d4").unwrap();
    let puzzle = Puzzle::new(english.start(centre).unwrap(), Goal::OnePegAt(centre)).unwrap();
    let game = Game::new(puzzle).budget(Budget::unlimited().with_node_limit(10));
    assert!(matches!(game.hint().unwrap(), Hint::Stopped(_)));
    let jump = english.parse_jump("d2-d4").unwrap();
    assert!(matches!(game.check(&jump).unwrap(), Check::Stopped(_)));
}

#[test]
fn a_grade_out_of_reach_is_reported() {
    // On the 10-hole triangle ending anywhere, no puzzle is expert.
    let generator = Generator::new(&Board::triangular(4).unwrap())
        .unwrap()
        .grade(Grade::Expert);
    assert!(matches!(
        generator.generate(5),
        Err(GenerateError::GradeNotReached {
            grade: Grade::Expert,
            ..
        })
    ));
}

#[test]
fn goals_read_back_and_bad_goals_are_refused() {
    let board = triangle();
    let top = board.cell("c1").unwrap();
    for goal in [
        Goal::OnePeg,
        Goal::OnePegAt(top),
        Goal::Pattern(top.bit() | board.cell("e5").unwrap().bit()),
        Goal::Pattern(0),
        Goal::FewestPegs,
    ] {
        assert_eq!(board.parse_goal(&board.goal_name(goal)).unwrap(), goal);
    }
    let start = board.start(top).unwrap();
    assert_eq!(
        Puzzle::new(start.clone(), Goal::FewestPegs),
        Err(PlayError::Goal)
    );
    assert!(
        Generator::new(&board)
            .unwrap()
            .goal(Goal::FewestPegs)
            .is_err()
    );
}

#[test]
#[cfg(feature = "serde")]
fn stored_games_are_checked_as_they_load() {
    let stored = r#"{"start":". o o","goal":"one peg at z9"}"#;
    assert!(serde_json::from_str::<Puzzle>(stored).is_err());
    let stored = r#"{"puzzle":{"start":"o o .","goal":"one peg"},"jumps":["c1-a1"]}"#;
    assert!(
        serde_json::from_str::<Game>(stored).is_err(),
        "an illegal jump is refused"
    );
}

#[test]
fn the_classic_triangle_is_expert_and_counted() {
    let board = triangle();
    let top = board.cell("c1").unwrap();
    let puzzle = Puzzle::new(board.start(top).unwrap(), Goal::OnePegAt(top)).unwrap();
    let difficulty = puzzle.difficulty().unwrap().unwrap();
    let (chance, count) = naive(&puzzle, puzzle.start(), &mut HashMap::new());
    assert_eq!(difficulty.solutions(), count);
    assert!((difficulty.win_chance() - chance).abs() < 1e-12);
    assert_eq!(difficulty.grade(), Grade::Expert);
    assert_eq!(difficulty.jumps(), 13);
    #[cfg(feature = "serde")]
    {
        use kongming_peg_bitboard::{Difficulty, Rating};
        let json = serde_json::to_string(&difficulty).unwrap();
        assert_eq!(
            serde_json::from_str::<Difficulty>(&json).unwrap(),
            difficulty
        );
        let rating = Rating::Rated(difficulty);
        let json = serde_json::to_string(&rating).unwrap();
        assert!(json.starts_with(r#"{"rated":"#), "{json}");
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the English census takes seconds in a debug build"
)]
fn the_english_centre_game_plays() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let mut game =
        Game::new(Puzzle::new(board.start(centre).unwrap(), Goal::OnePegAt(centre)).unwrap());
    assert_eq!(
        game.play(board.parse_jump("d2-d4").unwrap()).unwrap(),
        Check::Right
    );
    assert_eq!(follow_hints(&mut game), Hint::Solved);
    assert_eq!(game.jumps().len(), 31);
}

fn grade_strategy() -> impl Strategy<Value = Grade> {
    prop_oneof![Just(Grade::Easy), Just(Grade::Medium), Just(Grade::Hard)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_have_the_grade_asked_for(seed in any::<u64>(), grade in grade_strategy(), at in any::<bool>()) {
        let board = triangle();
        let mut generator = Generator::new(&board).unwrap().grade(grade);
        if at {
            generator = generator.goal(Goal::OnePegAt(board.cell("c3").unwrap())).unwrap();
        }
        match generator.generate(seed) {
            Ok(puzzle) => {
                // Independently: a plain search and the solver.
                let (chance, count) = naive(&puzzle, puzzle.start(), &mut HashMap::new());
                prop_assert!(count > 0);
                prop_assert_eq!(grade_of_win_chance(chance), grade);
                prop_assert!(solver_wins(&puzzle, puzzle.start()));
                prop_assert_eq!(puzzle.difficulty().unwrap().unwrap().solutions(), count);
                prop_assert_eq!(generator.generate(seed).unwrap(), puzzle);
            }
            Err(GenerateError::GradeNotReached { grade: missed, .. }) => prop_assert_eq!(missed, grade),
            Err(other) => prop_assert!(false, "{other}"),
        }
    }

    #[test]
    fn check_agrees_with_the_solver(seed in any::<u64>(), choices in prop::collection::vec(any::<prop::sample::Index>(), 0..12)) {
        let board = triangle();
        let puzzle = Generator::new(&board).unwrap().generate(seed).unwrap();
        let mut game = Game::new(puzzle.clone());
        for choice in choices {
            let position = game.position().clone();
            let jumps = position.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            for &jump in &jumps {
                let next = position.play(jump).unwrap();
                let verdict = game.check(&jump).unwrap();
                if puzzle.is_goal(&next) {
                    prop_assert_eq!(verdict, Check::Solved);
                } else if solver_wins(&puzzle, &next) {
                    prop_assert_eq!(verdict, Check::Right);
                } else {
                    prop_assert!(matches!(verdict, Check::Wrong(_)), "{:?}", verdict);
                }
            }
            game.play(*choice.get(&jumps)).unwrap();
        }
        let off_board = board.jumps()[0];
        if game.position().check(off_board).is_err() {
            prop_assert!(matches!(game.check(&off_board).unwrap(), Check::Illegal(_)));
        }
    }

    #[test]
    fn hints_from_any_reachable_position_finish(seed in any::<u64>(), choices in prop::collection::vec(any::<prop::sample::Index>(), 0..12)) {
        let board = triangle();
        let puzzle = Generator::new(&board).unwrap().generate(seed).unwrap();
        let mut game = Game::new(puzzle);
        for choice in choices {
            let jumps = game.position().legal_jumps();
            if jumps.is_empty() {
                break;
            }
            game.play(*choice.get(&jumps)).unwrap();
        }
        prop_assert_eq!(follow_hints(&mut game), Hint::Solved);
        prop_assert!(game.is_solved());
    }

    #[test]
    #[cfg(feature = "serde")]
    fn games_round_trip_through_json(seed in any::<u64>(), choices in prop::collection::vec(any::<prop::sample::Index>(), 0..12), at in any::<bool>()) {
        let board = triangle();
        let mut generator = Generator::new(&board).unwrap();
        if at {
            generator = generator.goal(Goal::OnePegAt(board.cell("c1").unwrap())).unwrap();
        }
        let puzzle = generator.generate(seed).unwrap();
        let mut game = Game::new(puzzle.clone());
        for choice in choices {
            let jumps = game.position().legal_jumps();
            if jumps.is_empty() {
                break;
            }
            game.play(*choice.get(&jumps)).unwrap();
        }
        let text = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.position(), game.position());
        let text = serde_json::to_string(&puzzle).unwrap();
        prop_assert_eq!(serde_json::from_str::<Puzzle>(&text).unwrap(), puzzle);
    }
}

#[test]
fn a_dead_end_from_the_start() {
    let start: Position = "o o . o o".parse().unwrap();
    let game = Game::new(Puzzle::new(start, Goal::OnePeg).unwrap());
    assert_eq!(game.hint().unwrap(), Hint::DeadEnd);
    assert_eq!(IllegalJump::NoPeg.to_string(), "no peg to move");
}

#[test]
#[cfg(feature = "serde")]
fn enums_are_spelled_in_snake_case() {
    let board = triangle();
    let top = board.cell("c1").unwrap();
    let goal = serde_json::to_string(&Goal::OnePegAt(top)).unwrap();
    assert!(goal.starts_with(r#"{"one_peg_at":{"name":"c1","#), "{goal}");
    assert_eq!(
        serde_json::to_string(&Goal::FewestPegs).unwrap(),
        r#""fewest_pegs""#
    );
    let start: Position = "o o . o o".parse().unwrap();
    let verdict = Solver::new(&start).solve().unwrap();
    assert!(
        serde_json::to_string(&verdict)
            .unwrap()
            .starts_with(r#"{"impossible":"#)
    );
    let hint = Hint::Next {
        jump: board.parse_jump("b3-c1").unwrap(),
        solutions: Some(3),
    };
    assert!(
        serde_json::to_string(&hint)
            .unwrap()
            .starts_with(r#"{"next":{"jump":"#)
    );
    assert_eq!(
        serde_json::to_string(&Hint::DeadEnd).unwrap(),
        r#""dead_end""#
    );
    let check: Check<kongming_peg_bitboard::Lost, IllegalJump> = Check::Illegal(IllegalJump::NoPeg);
    assert_eq!(
        serde_json::to_string(&check).unwrap(),
        r#"{"illegal":"no_peg"}"#
    );
}
