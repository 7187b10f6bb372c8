//! The app developer's whole round: generate a puzzle of a grade, show it,
//! check a wrong fill and an illegal one, follow the hints to the end from
//! a grid with a mistake in it, save and load the game, draw it. Then the
//! same promises as properties: generated puzzles have the grade asked for
//! and one answer (counted by the brute-force oracle of `common`); `check`
//! agrees with the oracle on random fills; hints followed from random
//! reachable grids finish; games round-trip through JSON.

#![cfg(feature = "serde")]

mod common;

use std::sync::OnceLock;

use common::{completions, grid_of};
use kongming_magic_square::{
    Cell, Check, Fill, Game, GenerateError, Generator, Grade, Hint, Hinter, IllegalFill, Kind,
    MAX_ATTEMPTS, Mistake, PartialSquare, Puzzle,
};
use proptest::prelude::*;

/// The first blank cell of `game`'s grid and a number that is unused and
/// not the answer's there.
fn wrong_fill(game: &Game) -> Fill {
    let cell = game.blanks()[0];
    let n = game.grid().order();
    let answer = game.puzzle().solution().cells()[cell.row * n + cell.col];
    let value = (1..=(n * n) as u32)
        .find(|&v| v != answer && !game.grid().cells().contains(&Some(v)))
        .expect("a puzzle with a blank has an unused wrong number");
    Fill::new(cell, value)
}

/// Follows `game`'s hints (taking back what it says is wrong) until it is
/// solved; the number of hints taken. Every fill a hint gives is right.
fn follow_hints(game: &mut Game) -> usize {
    let cells = game.grid().cells().len();
    for taken in 0..=2 * cells {
        let hint = game.hint();
        match &hint {
            Hint::Solved => {
                assert!(!game.follow(&hint), "solved: nothing to do");
                return taken;
            }
            Hint::Undo { fill } => {
                assert!(game.mistakes().contains(&fill.cell), "{fill}");
                assert!(game.follow(&hint), "{hint}");
                assert!(game.blanks().contains(&fill.cell), "{fill} still written");
            }
            Hint::Next(step) => {
                let verdict = game.check(&step.fill);
                assert!(
                    matches!(verdict, Check::Right | Check::Solved),
                    "{step}: {verdict:?}"
                );
                assert!(game.follow(&hint), "{hint}");
                let Cell { row, col } = step.fill.cell;
                assert_eq!(game.grid().get(row, col), Some(Some(step.fill.value)));
            }
            other => panic!("no hint of this kind from a game: {other}"),
        }
    }
    panic!("the hints did not finish in {} steps", 2 * cells)
}

#[test]
fn the_whole_round() {
    // Generate by grade.
    let generator = Generator::new(4, Kind::MAGIC).unwrap().grade(Grade::Hard);
    let puzzle = generator.generate(7).unwrap();
    assert_eq!(puzzle.grade(), Grade::Hard);
    // Show it: the grid's text, and the grade's word.
    let shown = puzzle.to_string();
    assert_eq!(shown.lines().count(), 4);
    assert!(shown.contains('.'));
    assert!(puzzle.difficulty().to_string().starts_with("hard ("));
    let mut game = Game::new(puzzle.clone());

    // A wrong fill is wrong, an illegal one illegal; neither is written by
    // check.
    let wrong = wrong_fill(&game);
    assert!(matches!(game.check(&wrong), Check::Wrong(_)));
    let given = (0..16)
        .find(|&c| puzzle.grid().cells()[c].is_some())
        .map(|c| Cell::new(c / 4, c % 4))
        .unwrap();
    assert_eq!(
        game.check(&Fill::new(given, 1)),
        Check::Illegal(IllegalFill::Given { cell: given })
    );
    assert_eq!(
        game.check(&Fill::new(Cell::new(4, 0), 1)),
        Check::Illegal(IllegalFill::OutsideGrid {
            cell: Cell::new(4, 0),
            order: 4
        })
    );
    assert_eq!(
        game.check(&Fill::new(wrong.cell, 17)),
        Check::Illegal(IllegalFill::OutOfRange { value: 17, max: 16 })
    );
    assert_eq!(game.grid(), puzzle.grid());

    // The player writes the wrong number anyway; the game says so.
    assert!(matches!(game.play(wrong), Check::Wrong(_)));
    assert_eq!(game.mistakes(), [wrong.cell]);
    // The game shows the player's grid, the wrong number in it.
    assert_eq!(game.to_string(), game.grid().to_string());
    assert_ne!(game.to_string(), shown);
    let row = game
        .to_string()
        .lines()
        .nth(wrong.cell.row)
        .unwrap()
        .to_owned();
    assert_eq!(
        row.split_whitespace().nth(wrong.cell.col),
        Some(wrong.value.to_string().as_str())
    );
    assert_eq!(
        game.play(Fill::new(wrong.cell, wrong.value)),
        Check::Illegal(IllegalFill::Filled {
            cell: wrong.cell,
            value: wrong.value
        })
    );
    let hint = game.hint();
    assert_eq!(hint, Hint::Undo { fill: wrong });
    // Player text counts from 1.
    let text = hint.to_string();
    assert!(
        text.contains(&format!("({}, {})", wrong.cell.row + 1, wrong.cell.col + 1)),
        "{text}"
    );

    // Save, load, equal: the puzzle as given and the player's grid, no
    // answer.
    let saved = serde_json::to_string(&game).unwrap();
    assert!(!saved.contains("solution"), "{saved}");
    let loaded: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(loaded.puzzle().grid(), puzzle.grid());
    assert_eq!(loaded.mistakes(), [wrong.cell]);

    // Hints to the end, from the grid with the mistake.
    let mut game = loaded;
    follow_hints(&mut game);
    assert!(game.is_solved());
    assert_eq!(game.hint(), Hint::Solved);
    assert_eq!(game.check_answer(puzzle.solution()), Ok(Check::Solved));

    // Draw it.
    let svg = game.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<text ").count(), game.grid().cells().len());
}

#[test]
fn a_hint_from_another_state_changes_nothing() {
    let puzzle = Generator::new(3, Kind::MAGIC)
        .unwrap()
        .grade(Grade::Hard)
        .generate(1)
        .unwrap();
    let mut game = Game::new(puzzle);
    let start = game.clone();
    // The next fill of a 4×4 grid: its cell is outside this one.
    let durer: PartialSquare = "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 14 .".parse().unwrap();
    let foreign = Hinter::new(Kind::MAGIC).hint(&durer).unwrap();
    assert_eq!(foreign.step().unwrap().fill.cell, Cell::new(3, 3));
    assert!(!game.follow(&foreign));
    assert_eq!(game, start);
    // An undo of a given, and of a number the cell does not hold.
    let given = (0..9)
        .map(|c| Cell::new(c / 3, c % 3))
        .find(|c| !game.blanks().contains(c))
        .unwrap();
    let value = game.grid().get(given.row, given.col).flatten().unwrap();
    assert!(!game.follow(&Hint::Undo {
        fill: Fill::new(given, value)
    }));
    let wrong = wrong_fill(&game);
    let undo = Hint::Undo { fill: wrong };
    assert!(!game.follow(&undo));
    assert_eq!(game, start);
    // The mistake written, its undo followed twice: once it is erased.
    game.play(wrong);
    assert_eq!(game.hint(), undo);
    assert!(game.follow(&undo));
    assert_eq!(game, start);
    assert!(!game.follow(&undo));
    // A fill followed twice: the second time the cell is filled.
    let next = game.hint();
    assert!(game.follow(&next));
    let after = game.clone();
    assert!(!game.follow(&next));
    assert_eq!(game, after);
}

#[test]
fn a_stopped_generation_is_never_an_easier_puzzle() {
    // Every node limit: a puzzle of the asked grade, or a stop.
    let generator = Generator::new(4, Kind::MAGIC).unwrap().grade(Grade::Expert);
    for limit in [1, 10, 100, 1_000, 10_000] {
        let bounded = generator
            .clone()
            .budget(kongming_magic_square::Budget::unlimited().with_node_limit(limit));
        match bounded.generate(3) {
            Ok(puzzle) => assert_eq!(puzzle.grade(), Grade::Expert),
            Err(GenerateError::Stopped(_)) => {}
            Err(other) => panic!("{other}"),
        }
    }
}

/// A few puzzles of orders 3 and 4, made once.
fn pool() -> &'static [Puzzle] {
    static POOL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut puzzles = Vec::new();
        for (order, kind, grade) in [
            (3, Kind::MAGIC, Grade::Expert),
            (3, Kind::SEMI_MAGIC, Grade::Hard),
            (4, Kind::MAGIC, Grade::Hard),
            (4, Kind::MAGIC, Grade::Medium),
            (4, Kind::PANDIAGONAL, Grade::Easy),
        ] {
            let generator = Generator::new(order, kind).unwrap().grade(grade);
            puzzles.push(generator.generate(5).unwrap());
        }
        puzzles
    })
}

/// A game of `puzzle` after random fills: each pick is a blank (by index
/// among the blanks) and a number (by index among the unused), played
/// whether right or wrong.
fn reachable(puzzle: &Puzzle, picks: &[(usize, usize)]) -> Game {
    let mut game = Game::new(puzzle.clone());
    let n = puzzle.grid().order();
    for &(blank, number) in picks {
        let blanks = game.blanks();
        let unused: Vec<u32> = (1..=(n * n) as u32)
            .filter(|v| !game.grid().cells().contains(&Some(*v)))
            .collect();
        if blanks.len() <= 1 || unused.is_empty() {
            break;
        }
        let fill = Fill::new(blanks[blank % blanks.len()], unused[number % unused.len()]);
        let verdict = game.play(fill);
        assert!(
            matches!(verdict, Check::Right | Check::Wrong(_)),
            "{verdict:?}"
        );
    }
    game
}

fn picks() -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0usize..64, 0usize..64), 0..6)
}

proptest! {
    // Each case may make up to 32 attempts: few cases in a debug build.
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 6 } else { 32 }))]

    /// A generated puzzle has the grade asked for and exactly one
    /// completion, counted by the brute-force oracle; or the generator
    /// says the grade was not reached.
    #[test]
    fn generated_puzzles_have_the_grade_asked_and_one_answer(
        order in 3usize..=4,
        grade in prop::sample::select(Grade::ALL.to_vec()),
        seed in 0u64..1_000,
    ) {
        let generator = Generator::new(order, Kind::MAGIC).unwrap().grade(grade);
        match generator.generate(seed) {
            Ok(puzzle) => {
                prop_assert_eq!(puzzle.grade(), grade);
                let found = completions(order, &grid_of(puzzle.grid()), Kind::MAGIC, 2);
                prop_assert_eq!(found.len(), 1);
                prop_assert_eq!(&found[0][..], puzzle.solution().cells());
                prop_assert_eq!(generator.generate(seed).unwrap(), puzzle);
            }
            Err(GenerateError::GradeNotReached { grade: missed, attempts }) => {
                prop_assert_eq!((missed, attempts), (grade, MAX_ATTEMPTS));
            }
            Err(other) => prop_assert!(false, "{}", other),
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The verdict on a fill is what the oracle says of the grid without
    /// the player's mistakes and with the fill: right when it still
    /// completes, wrong when it does not.
    #[test]
    fn check_agrees_with_the_oracle(
        which in 0usize..5,
        picks in picks(),
        blank in 0usize..64,
        number in 1u32..=16,
    ) {
        let puzzle = &pool()[which];
        let game = reachable(puzzle, &picks);
        let n = puzzle.grid().order();
        let blanks = game.blanks();
        prop_assume!(!blanks.is_empty());
        let cell = blanks[blank % blanks.len()];
        let fill = Fill::new(cell, number);
        let verdict = game.check(&fill);
        if number as usize > n * n {
            prop_assert!(matches!(verdict, Check::Illegal(IllegalFill::OutOfRange { .. })), "{:?}", verdict);
            return Ok(());
        }
        if game.grid().cells().contains(&Some(number)) {
            prop_assert!(matches!(verdict, Check::Illegal(IllegalFill::Repeated { .. })), "{:?}", verdict);
            return Ok(());
        }
        let mut cleaned = grid_of(game.grid());
        for mistake in game.mistakes() {
            cleaned[mistake.row * n + mistake.col] = 0;
        }
        cleaned[cell.row * n + cell.col] = number;
        let completes = !completions(n, &cleaned, puzzle.kind(), 1).is_empty();
        match &verdict {
            Check::Right | Check::Solved => prop_assert!(completes),
            Check::Wrong(Mistake::BreaksLine(_) | Mistake::NotTheAnswer) => prop_assert!(!completes),
            other => prop_assert!(false, "{:?}", other),
        }
        let solved = matches!(verdict, Check::Solved);
        prop_assert_eq!(solved, completes && game.mistakes().is_empty() && blanks.len() == 1);
    }

    /// Hints followed from any reachable grid, mistakes included, finish
    /// the puzzle.
    #[test]
    fn hints_from_reachable_grids_finish(which in 0usize..5, picks in picks()) {
        let mut game = reachable(&pool()[which], &picks);
        follow_hints(&mut game);
        prop_assert!(game.is_solved());
        prop_assert!(game.mistakes().is_empty());
    }

    /// A game saved and loaded is the same game, and holds no answer.
    #[test]
    fn games_round_trip_through_json(which in 0usize..5, picks in picks()) {
        let game = reachable(&pool()[which], &picks);
        let text = serde_json::to_string(&game).unwrap();
        prop_assert!(!text.contains("solution"));
        let back: Game = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &game);
        let puzzle_text = serde_json::to_string(&game.puzzle().with_answer()).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Puzzle>(&puzzle_text).unwrap(), game.puzzle());
        let grid: PartialSquare = serde_json::from_str(&serde_json::to_string(game.grid()).unwrap()).unwrap();
        prop_assert_eq!(&grid, game.grid());
    }
}
