//! Round trips through serde (JSON) of every serializable value: squares,
//! partial squares and kinds as their text forms (read back through
//! `FromStr`, so a bad stored value is refused), counts and progress
//! reports derived.
#![cfg(feature = "serde")]

use kongming_magic_square::{
    Budget, Cell, Check, CheckError, Count, DeadEnd, Difficulty, Enumeration, Game, Generator,
    Grade, Hint, Hinter, IllegalFill, Kind, Line, MAX_LOAD_NODES, Mistake, PartialSquare, Progress,
    Puzzle, Square, Stage, StopReason,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    text
}

fn kind() -> impl Strategy<Value = Kind> {
    prop::sample::select(Kind::ALL.to_vec())
}

fn stage() -> impl Strategy<Value = Stage> {
    prop::sample::select(vec![
        Stage::Search,
        Stage::Corners,
        Stage::Diagonals,
        Stage::Parts,
        Stage::Hint,
        Stage::Drawing,
        Stage::Removing,
    ])
}

#[test]
fn text_forms_are_the_serialized_forms() {
    let lo_shu: Square = "2 7 6\n9 5 1\n4 3 8".parse().unwrap();
    assert_eq!(round_trip(&lo_shu), r#""2 7 6\n9 5 1\n4 3 8""#);
    let partial: PartialSquare = "2 . .\n. . .\n. . 8".parse().unwrap();
    assert_eq!(round_trip(&partial), r#""2 . .\n. . .\n. . 8""#);
    assert_eq!(round_trip(&Kind::SEMI_MAGIC), r#""semi-magic""#);
    assert_eq!(round_trip(&Stage::Diagonals), r#""diagonals""#);
}

#[test]
fn bad_stored_values_are_refused_as_they_are_loaded() {
    // A row too short, a blank in a full square, a number too large for
    // u32, an unknown kind, a value that is no string.
    for text in [
        r#""1 2\n3""#,
        r#""1 .\n3 4""#,
        r#""99999999999""#,
        "17",
        "null",
    ] {
        assert!(serde_json::from_str::<Square>(text).is_err(), "{text}");
    }
    assert!(serde_json::from_str::<PartialSquare>(r#""1 x\n. .""#).is_err());
    assert!(serde_json::from_str::<PartialSquare>(r#""""#).is_err());
    let err = serde_json::from_str::<Kind>(r#""hexagonal""#).unwrap_err();
    assert!(err.to_string().contains("hexagonal"), "{err}");
}

#[test]
fn puzzles_grades_and_hints_round_trip() {
    assert_eq!(round_trip(&Grade::Expert), r#""expert""#);
    assert!(serde_json::from_str::<Grade>(r#""tricky""#).is_err());
    round_trip(&Difficulty::new(5, 16, 12));
    let generator = Generator::new(4, Kind::MAGIC).unwrap();
    for seed in 0..3 {
        let puzzle = generator.generate(seed).unwrap();
        let text = round_trip(&puzzle);
        assert!(!text.contains("solution"), "{text}");
        let with_answer = serde_json::to_string(&puzzle.with_answer()).unwrap();
        assert_eq!(
            serde_json::from_str::<Puzzle>(&with_answer).unwrap(),
            puzzle
        );
        // Every hint of the puzzle, and the one at the end.
        let mut game = Game::new(puzzle);
        loop {
            let hint = game.hint();
            round_trip(&hint);
            round_trip(&game);
            let Hint::Next(step) = hint else { break };
            round_trip(&step);
            game.play(step.fill);
        }
    }
    assert_eq!(
        round_trip(&Hint::Stopped(StopReason::TimeLimit)),
        r#"{"stopped":"time_limit"}"#
    );
    assert_eq!(
        round_trip(&Hint::DeadEnd(DeadEnd::NoCompletion)),
        r#"{"dead_end":"no_completion"}"#
    );
    assert_eq!(round_trip(&Hint::Solved), r#""solved""#);
    assert_eq!(round_trip(&Cell::new(0, 2)), r#"{"row":1,"column":3}"#);
    // Places count from 1 in every stored form: lines as their text, rows
    // and columns of errors and equations from 1.
    assert_eq!(round_trip(&Line::Row(0)), r#""row 1""#);
    assert_eq!(
        round_trip(&Line::Pair { row: 0, col: 2 }),
        r#""cell (1, 3) and its mirror""#
    );
    assert!(serde_json::from_str::<Line>(r#""row 0""#).is_err());
    let repeated = CheckError::Repeated {
        row: 0,
        col: 1,
        value: 4,
    };
    assert_eq!(
        round_trip(&repeated),
        r#"{"repeated":{"row":1,"col":2,"value":4}}"#
    );
    assert!(
        serde_json::from_str::<CheckError>(r#"{"repeated":{"row":0,"col":2,"value":4}}"#).is_err()
    );
    let wrong = Check::<Mistake, IllegalFill>::Wrong(Mistake::BreaksLine(Line::Column(2)));
    assert_eq!(
        round_trip(&wrong),
        r#"{"wrong":{"breaks_line":"column 3"}}"#
    );
    let given = Check::<Mistake, IllegalFill>::Illegal(IllegalFill::Given {
        cell: Cell::new(1, 1),
    });
    assert_eq!(
        round_trip(&given),
        r#"{"illegal":{"given":{"cell":{"row":2,"column":2}}}}"#
    );
    assert!(serde_json::from_str::<Cell>(r#"{"row":0,"column":3}"#).is_err());
    let wrong: PartialSquare = "2 7 6\n9 5 1\n4 8 3".parse().unwrap();
    round_trip(&Hinter::new(Kind::MAGIC).hint(&wrong).unwrap());
}

#[test]
fn a_stored_puzzle_is_checked_as_it_is_loaded() {
    let puzzle = Generator::new(3, Kind::MAGIC).unwrap().generate(0).unwrap();
    let text = serde_json::to_string(&puzzle.with_answer()).unwrap();
    let solution = puzzle.solution().to_string().replace('\n', "\\n");
    // Another magic square as the solution: it does not match the grid.
    let other: Square = "8 1 6\n3 5 7\n4 9 2".parse().unwrap();
    let other = other.to_string().replace('\n', "\\n");
    if solution != other {
        let forged = text.replace(&solution, &other);
        assert!(serde_json::from_str::<Puzzle>(&forged).is_err(), "{forged}");
    }
    let forged = text.replace(r#""kind":"magic""#, r#""kind":"pandiagonal""#);
    assert!(serde_json::from_str::<Puzzle>(&forged).is_err(), "{forged}");
    // A full grid that keeps the givens but is not magic: swap two blanks
    // of the solution.
    let blanks: Vec<usize> = (0..9)
        .filter(|&i| puzzle.grid().cells()[i].is_none())
        .collect();
    let mut cells: Vec<u32> = puzzle.solution().cells().to_vec();
    cells.swap(blanks[0], blanks[1]);
    let rows: Vec<String> = cells
        .chunks(3)
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    let swapped = text.replace(&solution, &rows.join("\\n"));
    let error = serde_json::from_str::<Puzzle>(&swapped).unwrap_err();
    assert!(error.to_string().contains("not of its kind"), "{error}");
    // A difficulty that miscounts the givens, with the answer or without.
    let plain = serde_json::to_string(&puzzle).unwrap();
    let givens = format!(r#""givens":{}"#, puzzle.difficulty().givens);
    for stored in [&text, &plain] {
        let forged = stored.replace(&givens, r#""givens":8"#);
        let error = serde_json::from_str::<Puzzle>(&forged).unwrap_err();
        assert!(error.to_string().contains("cells given"), "{error}");
    }
    // Without its answer: a grid with several completions is refused.
    let open = r#"{"grid":"2 . .\n. . .\n. . 8","kind":"magic","difficulty":{"givens":2,"cells":9,"nodes":5}}"#;
    assert!(serde_json::from_str::<Puzzle>(open).is_err(), "{open}");
}

#[test]
fn a_forged_search_bound_is_refused_before_any_search() {
    // An empty order-8 grid whose difficulty claims endless search: the
    // load refuses it at once instead of searching.
    let grid = serde_json::to_string(". . . . . . . .\n".repeat(8).trim_end()).unwrap();
    for nodes in [u64::MAX, MAX_LOAD_NODES + 1] {
        let forged = format!(
            r#"{{"grid":{grid},"kind":"magic","difficulty":{{"givens":0,"cells":64,"nodes":{nodes}}}}}"#
        );
        let error = serde_json::from_str::<Puzzle>(&forged).unwrap_err();
        assert!(
            error.to_string().contains("more than a load searches"),
            "{error}"
        );
    }
    // A claim within the bound but below the search the grid needs stops
    // at the claim.
    let forged = format!(
        r#"{{"grid":{grid},"kind":"magic","difficulty":{{"givens":0,"cells":64,"nodes":0}}}}"#
    );
    let error = serde_json::from_str::<Puzzle>(&forged).unwrap_err();
    assert!(error.to_string().contains("more search than"), "{error}");
}

#[test]
fn a_stored_game_keeps_the_puzzle_as_given_and_is_checked() {
    let puzzle = Generator::new(4, Kind::MAGIC).unwrap().generate(3).unwrap();
    let mut game = Game::new(puzzle.clone());
    let blank = game
        .puzzle()
        .grid()
        .cells()
        .iter()
        .position(Option::is_none)
        .unwrap();
    let cell = Cell::new(blank / 4, blank % 4);
    let unused = (1..=16)
        .find(|v| !game.grid().cells().contains(&Some(*v)))
        .unwrap();
    game.play(kongming_magic_square::Fill::new(cell, unused));
    let text = round_trip(&game);
    assert!(!text.contains("solution"), "{text}");
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back.puzzle().grid(), puzzle.grid());
    assert_eq!(back.grid(), game.grid());
    // A grid that blanks a given is refused.
    let given = puzzle
        .grid()
        .cells()
        .iter()
        .position(Option::is_some)
        .unwrap();
    let mut forged = game.grid().clone();
    forged.set(given / 4, given % 4, None);
    let forged_text = text.replace(
        &serde_json::to_string(game.grid()).unwrap(),
        &serde_json::to_string(&forged).unwrap(),
    );
    assert!(
        serde_json::from_str::<Game>(&forged_text).is_err(),
        "{forged_text}"
    );
}

proptest! {
    #[test]
    fn squares_and_partial_squares_round_trip(
        n in 1usize..8,
        cells in proptest::collection::vec(0u32..100_000, 49),
        blanks in proptest::collection::vec(any::<bool>(), 49),
    ) {
        let square = Square::from_cells(n, cells[..n * n].to_vec()).unwrap();
        round_trip(&square);
        let partial = PartialSquare::from_cells(
            n,
            (0..n * n).map(|i| (!blanks[i]).then_some(cells[i])).collect(),
        ).unwrap();
        round_trip(&partial);
        round_trip(&vec![square.clone(), square]);
    }

    #[test]
    fn kinds_stages_and_progress_round_trip(
        kind in kind(),
        stage in stage(),
        done in any::<u64>(),
        total in any::<Option<u64>>(),
        found in any::<u64>(),
    ) {
        round_trip(&kind);
        round_trip(&stage);
        let mut report = Progress::new(stage, done).with_found(found);
        if let Some(total) = total {
            report = report.with_total(total);
        }
        round_trip(&report);
    }

    #[test]
    fn counts_round_trip(
        n in 1usize..=4,
        kind in kind(),
        up_to_symmetry in any::<bool>(),
        nodes in prop::option::of(0u64..3000),
    ) {
        let mut enumeration = Enumeration::new(n, kind).unwrap();
        if up_to_symmetry {
            enumeration = enumeration.up_to_symmetry().unwrap();
        }
        // Whole counts of order 4 take long in a debug build: bounded.
        if let Some(nodes) = nodes.or((n == 4).then_some(3000)) {
            enumeration = enumeration.budget(Budget::unlimited().with_node_limit(nodes));
        }
        let count: Count = enumeration.count();
        let text = round_trip(&count);
        prop_assert!(text.contains(r#""outcome":"complete""#) || text.contains(r#""stopped":"node_limit""#), "{}", text);
        let in_parts = enumeration.count_in_parts();
        round_trip(&in_parts);
    }
}
