//! The app developer's whole round through the play vocabulary: generate
//! by grade, show, a wrong and an illegal mark checked, hints followed to
//! the end from a grid with a mistake in it, save and load, draw; and the
//! properties behind it, checked against a brute-force oracle.

mod common;

use common::Oracle;
use kongming_zebra_csp::{
    Category, Check, GRADE_ATTEMPTS, Game, GenerateError, Generator, Grade, HintKind, House,
    IllegalMark, Item, Mark, MarkMove, Marks, WrongMark,
};
use proptest::prelude::*;

/// Every cell of `game`'s grid, as (value, house).
fn cells(game: &Game) -> Vec<(Item, House)> {
    let puzzle = game.puzzle();
    puzzle
        .items()
        .flat_map(|item| puzzle.houses().map(move |house| (item, house)))
        .collect()
}

/// Follows hints from `game` until it is solved, at most `limit` of them;
/// the number taken.
fn follow_hints(game: &mut Game, limit: usize) -> usize {
    for taken in 0..limit {
        if game.is_solved() {
            return taken;
        }
        let hint = game.hint();
        assert!(
            !matches!(
                hint.kind(),
                HintKind::Stopped(_) | HintKind::NoSolution | HintKind::DeadEnd { .. }
            ),
            "{hint}"
        );
        let before = game.marks().clone();
        assert!(game.follow(&hint), "{hint}");
        assert_ne!(game.marks(), &before, "a hint changes the grid: {hint}");
    }
    assert!(game.is_solved(), "not solved after {limit} hints");
    limit
}

#[test]
fn the_whole_round() {
    // Generate by grade.
    let generated = Generator::new(4, 4)
        .unwrap()
        .grade(Grade::Medium)
        .generate(11)
        .expect("a medium 4x4 puzzle within the attempts");
    assert_eq!(generated.grade(), Grade::Medium);
    assert_eq!(generated.puzzle.grade(), Grade::Medium);
    // Show it.
    let text = generated.puzzle.to_string();
    assert!(text.starts_with("colour: "), "{text}");
    assert!(generated.difficulty.to_string().starts_with("medium"));
    let mut game = Game::from(generated.clone());
    assert!(!game.is_solved());
    // The game shows the player's grid: nothing placed yet.
    let shown = game.to_string();
    assert!(shown.starts_with("|             | house 1 |"), "{shown}");
    assert_eq!(shown.matches(" ? ").count(), 16, "{shown}");

    // A wrong mark is checked as wrong, and played: players make mistakes.
    let first = Item::new(Category::from_index(0).unwrap(), 0).unwrap();
    let home = game.answer().house_of(first);
    let elsewhere = game.puzzle().houses().find(|&h| h != home).unwrap();
    let wrong = MarkMove::new(first, elsewhere, Mark::Yes);
    assert_eq!(game.check(&wrong), Check::Wrong(WrongMark::NotThere));
    assert_eq!(game.play(wrong), Check::Wrong(WrongMark::NotThere));
    assert_eq!(game.mistakes(), [(first, elsewhere, Mark::Yes)]);
    // An illegal one: the same value yes in its real house too.
    let twice = MarkMove::new(first, home, Mark::Yes);
    assert_eq!(
        game.check(&twice),
        Check::Illegal(IllegalMark::Conflicts {
            item: first,
            house: elsewhere
        })
    );
    assert_eq!(
        game.play(twice),
        Check::Illegal(IllegalMark::Conflicts {
            item: first,
            house: elsewhere
        })
    );
    assert_eq!(game.marks().get(first, home), Mark::Unknown, "not recorded");
    let marked = MarkMove::new(first, elsewhere, Mark::No);
    assert_eq!(
        game.check(&marked),
        Check::Illegal(IllegalMark::AlreadyMarked(Mark::Yes))
    );
    // The verdicts read as sentences, counting from 1.
    assert_eq!(
        game.check(&twice).to_string(),
        format!(
            "not a legal move: it contradicts the mark of value 1 of category 1 at house {}",
            elsewhere.number()
        )
    );

    // The first hint says to take the wrong mark back; hints then finish.
    let hint = game.hint();
    assert!(
        matches!(hint.kind(), HintKind::Undo { item, house, mark: Mark::Yes, wrong: 1 }
            if *item == first && *house == elsewhere),
        "{hint}"
    );
    let name = game.puzzle().value_name(first).to_string();
    assert_eq!(
        hint.to_string(),
        format!(
            "The mark '{name} at {}' is wrong: erase it.",
            elsewhere.number()
        )
    );
    let cells = cells(&game).len();
    follow_hints(&mut game, cells + 1);
    assert!(game.is_solved());
    assert!(game.mistakes().is_empty());
    assert!(game.hint().is_solved());
    assert_eq!(game.marks(), &Marks::from_solution(game.answer()));
    assert_eq!(game.to_string(), game.answer().to_string());

    // Save and load.
    #[cfg(feature = "serde")]
    {
        let saved = serde_json::to_string(&game).unwrap();
        assert!(!saved.contains("solution"), "{saved}");
        let loaded: Game = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded, game);
        assert!(loaded.is_solved());
        let stored = serde_json::to_string(&generated).unwrap();
        assert_eq!(
            serde_json::from_str::<kongming_zebra_csp::Generated>(&stored).unwrap(),
            generated
        );
    }

    // Draw: a circle for each yes, a cross for each no.
    let svg = game.to_svg();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    let (yes, no) = game
        .marks()
        .marked()
        .fold((0, 0), |(y, n), (_, _, mark)| match mark {
            Mark::Yes => (y + 1, n),
            _ => (y, n + 1),
        });
    assert_eq!(svg.matches("<circle class=\"yes\"").count(), yes);
    assert_eq!(svg.matches("<path class=\"no\"").count(), no);
    assert!(no > 0);
}

#[test]
fn a_hint_from_another_state_changes_nothing() {
    let generated = Generator::new(4, 4).unwrap().generate(3).unwrap();
    let mut game = Game::from(generated);
    let first = game.hint();
    assert!(game.follow(&first));
    let marks = game.marks().clone();
    // Its marks are made already.
    assert!(!game.follow(&first));
    assert_eq!(game.marks(), &marks);
    // Einstein's first hint rules green out of house 5: this puzzle has 4.
    let foreign = Game::new(kongming_zebra_csp::einstein()).unwrap().hint();
    assert!(!game.follow(&foreign));
    assert_eq!(game.marks(), &marks);
    // A wrong mark's Undo, followed twice: the second time it is gone.
    let item = game.puzzle().items().last().unwrap();
    let wrong = MarkMove::new(item, game.answer().house_of(item), Mark::No);
    game.play(wrong);
    let undo = game.hint();
    assert!(matches!(undo.kind(), HintKind::Undo { .. }), "{undo}");
    assert!(game.follow(&undo));
    assert_eq!(game.marks(), &marks);
    assert!(!game.follow(&undo));
    assert_eq!(game.marks(), &marks);
}

#[test]
fn the_last_right_mark_solves_and_an_erasure_of_nothing_is_illegal() {
    let generated = Generator::new(3, 2).unwrap().generate(4).unwrap();
    let solution = generated.solution.clone();
    let mut game = Game::from(generated);
    let all = cells(&game);
    let (last, rest) = all.split_last().unwrap();
    for &(item, house) in rest {
        let mark = if solution.house_of(item) == house {
            Mark::Yes
        } else {
            Mark::No
        };
        assert!(game.play(MarkMove::new(item, house, mark)).is_right() == Some(true));
    }
    // Every value is already placed by the other marks: the grid is
    // solved before the last cell, and that cell's right mark is Solved.
    let mark = if solution.house_of(last.0) == last.1 {
        Mark::Yes
    } else {
        Mark::No
    };
    assert_eq!(
        game.check(&MarkMove::new(last.0, last.1, mark)),
        Check::Solved
    );
    let erase = MarkMove::new(last.0, last.1, Mark::Unknown);
    assert_eq!(game.check(&erase), Check::Illegal(IllegalMark::NotMarked));
}

#[test]
fn a_mark_outside_the_puzzle_is_illegal() {
    let game = Game::new(kongming_zebra_csp::einstein()).unwrap();
    let beyond = Item::new(Category::from_index(5).unwrap(), 0).unwrap();
    let first = House::from_number(1).unwrap();
    assert_eq!(
        game.check(&MarkMove::new(beyond, first, Mark::Yes)),
        Check::Illegal(IllegalMark::OutOfPuzzle)
    );
    let brit = game.puzzle().item("Brit").unwrap();
    let sixth = House::from_number(6).unwrap();
    assert_eq!(
        game.check(&MarkMove::new(brit, sixth, Mark::No)),
        Check::Illegal(IllegalMark::OutOfPuzzle)
    );
}

#[test]
fn crosses_that_leave_nothing_are_illegal() {
    let mut game = Game::new(kongming_zebra_csp::einstein()).unwrap();
    for text in [
        "Brit not-at 1",
        "Brit not-at 2",
        "Brit not-at 4",
        "Brit not-at 5",
    ] {
        let mv = game.parse_move(text).unwrap();
        // The Brit lives in house 3: these crosses are right.
        assert_eq!(game.play(mv), Check::Right, "{text}");
    }
    let last = game.parse_move("Brit not-at 3").unwrap();
    assert_eq!(game.check(&last), Check::Illegal(IllegalMark::NothingLeft));
    // House 1 with every nationality but one crossed out (the Brit is).
    for text in ["Swede not-at 1", "Dane not-at 1", "German not-at 1"] {
        let mv = game.parse_move(text).unwrap();
        assert!(game.play(mv).is_right() == Some(true), "{text}");
    }
    let last = game.parse_move("Norwegian not-at 1").unwrap();
    assert_eq!(game.check(&last), Check::Illegal(IllegalMark::NothingLeft));
}

/// A game of a small generated puzzle with `moves` played (legal ones
/// recorded, right or wrong): any grid a player can reach.
fn reached(seed: u64, n: usize, cats: usize, moves: &[(usize, u8)]) -> Game {
    let mut game = Game::from(Generator::new(n, cats).unwrap().generate(seed).unwrap());
    let all = cells(&game);
    for &(cell, mark) in moves {
        let (item, house) = all[cell % all.len()];
        let mark = [Mark::Yes, Mark::No, Mark::No, Mark::Unknown][usize::from(mark % 4)];
        game.play(MarkMove::new(item, house, mark));
    }
    game
}

/// The verdict on `mv` worked out from the rules alone, against
/// `houses` (the solution found by brute force).
fn expected(game: &Game, houses: &[Vec<usize>], mv: &MarkMove) -> Check<WrongMark, IllegalMark> {
    let marks = game.marks();
    let n = game.puzzle().positions();
    let (c, v, h) = (
        mv.item.category().index(),
        mv.item.index(),
        mv.house.index(),
    );
    let current = marks.get(mv.item, mv.house);
    let item = |value: usize| Item::new(mv.item.category(), value).unwrap();
    let house = |index: usize| House::from_index(index).unwrap();
    match mv.mark {
        Mark::Unknown if current == Mark::Unknown => {
            return Check::Illegal(IllegalMark::NotMarked);
        }
        Mark::Unknown => {}
        _ if current != Mark::Unknown => {
            return Check::Illegal(IllegalMark::AlreadyMarked(current));
        }
        Mark::Yes => {
            if let Some(other) =
                (0..n).find(|&o| o != h && marks.get(mv.item, house(o)) == Mark::Yes)
            {
                return Check::Illegal(IllegalMark::Conflicts {
                    item: mv.item,
                    house: house(other),
                });
            }
            if let Some(other) =
                (0..n).find(|&o| o != v && marks.get(item(o), mv.house) == Mark::Yes)
            {
                return Check::Illegal(IllegalMark::Conflicts {
                    item: item(other),
                    house: mv.house,
                });
            }
        }
        Mark::No => {
            let no_house = (0..n).all(|o| o == h || marks.get(mv.item, house(o)) == Mark::No);
            let no_value = (0..n).all(|o| o == v || marks.get(item(o), mv.house) == Mark::No);
            if no_house || no_value {
                return Check::Illegal(IllegalMark::NothingLeft);
            }
        }
    }
    let there = houses[c][v] == h;
    match (mv.mark, there) {
        (Mark::Yes, false) => return Check::Wrong(WrongMark::NotThere),
        (Mark::No, true) => return Check::Wrong(WrongMark::IsThere),
        _ => {}
    }
    // Solved: after the move, every value has one house left and no mark
    // contradicts the solution.
    let mut after = marks.clone();
    after.set(mv.item, mv.house, mv.mark);
    let right = after.marked().all(|(i, h, m)| {
        (m == Mark::Yes) == (houses[i.category().index()][i.index()] == h.index())
    });
    let placed = game.puzzle().items().all(|i| after.placed(i).is_some());
    if right && placed {
        Check::Solved
    } else {
        Check::Right
    }
}

/// The one solution of `game`'s puzzle by brute force, as 0-based houses.
fn brute_solution(game: &Game) -> Vec<Vec<usize>> {
    let oracle = Oracle::new(&game.puzzle().to_string());
    assert_eq!(oracle.count_brute(2), 1, "a generated puzzle is unique");
    let houses: Vec<Vec<usize>> = game
        .answer()
        .houses()
        .iter()
        .map(|row| row.iter().map(|h| h.index()).collect())
        .collect();
    assert!(
        oracle.holds_at(&houses),
        "the game's answer is the solution"
    );
    houses
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A generated puzzle has the grade asked for and exactly one solution
    /// (counted by brute force), or every attempt missed the grade.
    #[test]
    fn generated_puzzles_have_the_grade_asked_for(
        grade in prop::sample::select(Grade::ALL.to_vec()),
        n in 3usize..=4,
        cats in 2usize..=3,
        seed in any::<u64>(),
    ) {
        match Generator::new(n, cats).unwrap().grade(grade).generate(seed) {
            Ok(generated) => {
                prop_assert_eq!(generated.difficulty.grade(), grade);
                prop_assert_eq!(generated.puzzle.difficulty(), generated.difficulty);
                let oracle = Oracle::new(&generated.puzzle.to_string());
                prop_assert_eq!(oracle.count_brute(2), 1);
                prop_assert!(oracle.holds(generated.solution.houses()));
            }
            Err(error) => {
                prop_assert_eq!(error, GenerateError::GradeNotReached { grade, attempts: GRADE_ATTEMPTS });
                // Easy puzzles are common at every size.
                prop_assert_ne!(grade, Grade::Easy);
            }
        }
    }

    /// `check` agrees with the rules and the brute-force solution on any
    /// move from any reachable grid; `play` records exactly the legal ones.
    #[test]
    fn check_agrees_with_the_solution(
        seed in 0u64..500,
        moves in prop::collection::vec((any::<usize>(), any::<u8>()), 0..40),
        probe in (any::<usize>(), any::<u8>()),
    ) {
        let game = reached(seed, 4, 3, &moves);
        let houses = brute_solution(&game);
        let all = cells(&game);
        // Mostly an unmarked cell, so most probes are legal moves.
        let start = probe.0 % all.len();
        let unmarked = (0..all.len())
            .map(|k| all[(start + k) % all.len()])
            .find(|&(i, h)| game.marks().get(i, h) == Mark::Unknown);
        let (item, house) = match unmarked {
            Some(cell) if probe.1 % 4 != 0 => cell,
            _ => all[start],
        };
        let mark = [Mark::Yes, Mark::No, Mark::Unknown][usize::from(probe.1 / 4 % 3)];
        let mv = MarkMove::new(item, house, mark);
        let verdict = game.check(&mv);
        prop_assert_eq!(&verdict, &expected(&game, &houses, &mv));
        let mut played = game.clone();
        prop_assert_eq!(played.play(mv), verdict.clone());
        let recorded = played.marks().get(item, house) == mark;
        prop_assert_eq!(recorded, !matches!(verdict, Check::Illegal(_)) || game.marks().get(item, house) == mark);
        // The mistakes are the marks the solution contradicts.
        let mistakes = game.mistakes();
        let expected_mistakes: Vec<_> = game.marks().marked()
            .filter(|&(i, h, m)| (m == Mark::Yes) != (houses[i.category().index()][i.index()] == h.index()))
            .collect();
        prop_assert_eq!(&mistakes, &expected_mistakes);
        prop_assert_eq!(game.puzzle().mistakes(game.marks()).unwrap(), mistakes);
    }

    /// Following the hints from any reachable grid, mistakes included,
    /// solves the puzzle: first the wrong marks are taken back, then every
    /// step is a deduction.
    #[test]
    fn hints_finish_from_any_reachable_grid(
        seed in 0u64..500,
        moves in prop::collection::vec((any::<usize>(), any::<u8>()), 0..30),
    ) {
        let mut game = reached(seed, 4, 3, &moves);
        let wrong = game.mistakes().len();
        let limit = cells(&game).len() + wrong + 1;
        follow_hints(&mut game, limit);
        prop_assert!(game.is_solved());
        prop_assert!(game.mistakes().is_empty());
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A game from any reachable grid, its moves, verdicts and hints go
    /// through JSON and back unchanged; the saved game holds the puzzle
    /// as given and the marks, not the solution.
    #[test]
    fn games_round_trip_through_json(
        seed in 0u64..500,
        moves in prop::collection::vec((any::<usize>(), any::<u8>()), 0..30),
        probe in (any::<usize>(), any::<u8>()),
    ) {
        let game = reached(seed, 4, 3, &moves);
        let saved = serde_json::to_string(&game).unwrap();
        prop_assert!(!saved.contains("solution"));
        let loaded: Game = serde_json::from_str(&saved).unwrap();
        prop_assert_eq!(&loaded, &game);
        prop_assert_eq!(loaded.puzzle().to_string(), game.puzzle().to_string());
        prop_assert_eq!(loaded.answer(), game.answer());
        let all = cells(&game);
        let (item, house) = all[probe.0 % all.len()];
        let mark = [Mark::Yes, Mark::No, Mark::Unknown][usize::from(probe.1 % 3)];
        let mv = MarkMove::new(item, house, mark);
        let json = serde_json::to_string(&mv).unwrap();
        prop_assert_eq!(serde_json::from_str::<MarkMove>(&json).unwrap(), mv);
        let verdict = game.check(&mv);
        let json = serde_json::to_string(&verdict).unwrap();
        prop_assert_eq!(serde_json::from_str::<Check<WrongMark, IllegalMark>>(&json).unwrap(), verdict);
        let hint = game.hint();
        let json = serde_json::to_string(&hint).unwrap();
        prop_assert_eq!(serde_json::from_str::<kongming_zebra_csp::Hint>(&json).unwrap(), hint);
    }
}

#[cfg(feature = "serde")]
#[test]
fn moves_and_verdicts_are_stored_in_snake_case_from_one() {
    let puzzle = kongming_zebra_csp::einstein();
    let game = Game::new(puzzle).unwrap();
    let mv = game.parse_move("Brit not-at 3").unwrap();
    assert_eq!(
        serde_json::to_string(&mv).unwrap(),
        r#"{"item":{"category":1,"value":1},"house":3,"mark":"no"}"#
    );
    assert_eq!(
        serde_json::to_string(&game.check(&mv)).unwrap(),
        r#"{"wrong":"is_there"}"#
    );
    assert_eq!(
        serde_json::to_string(&Check::<WrongMark, IllegalMark>::Illegal(
            IllegalMark::NothingLeft
        ))
        .unwrap(),
        r#"{"illegal":"nothing_left"}"#
    );
    // A loaded game that is not a game is refused: marks of no value.
    let bad = r#"{"puzzle":"pet: cat dog\ncat at 1\n","marks":"fox at 1"}"#;
    assert!(serde_json::from_str::<Game>(bad).is_err());
    let open = r#"{"puzzle":"pet: cat dog\n","marks":""}"#;
    let err = serde_json::from_str::<Game>(open).unwrap_err();
    assert!(err.to_string().contains("more than one solution"), "{err}");
}
