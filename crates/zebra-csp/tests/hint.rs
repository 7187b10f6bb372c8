//! Hints from the player's grid, checked against oracles of the test's own
//! (`common::Oracle`: the clues' meaning re-implemented, brute-force
//! propagation): following hints from the empty grid solves the puzzle;
//! every mark a hint gives is true in the solution, and its reason alone
//! (the named clue or category, by brute force) justifies it; a wrong mark
//! is reported. The marks' text form reads back.

mod common;

use common::{Doms, Oracle};
use kongming_zebra_csp::english::{EnglishPuzzle, Reader};
use kongming_zebra_csp::{
    Clue, Generator, Hint, HintKind, House, Item, Mark, Marks, MarksErrorKind, Puzzle, Reason,
    Solution, Term, Uniqueness, einstein, life,
};
use proptest::prelude::*;
use serde_json::Value;

/// The puzzle's solution, checked clue by clue by the oracle, if it is the
/// only one.
fn unique_solution(puzzle: &Puzzle, oracle: &Oracle) -> Option<Solution> {
    match puzzle.uniqueness() {
        Uniqueness::Unique(solution) => {
            assert!(
                oracle.holds(solution.houses()),
                "the solver's solution breaks a clue"
            );
            Some(solution)
        }
        _ => None,
    }
}

/// The houses each value may be in by the marks, as the oracle's domains.
fn domains(marks: &Marks, oracle: &Oracle, puzzle: &Puzzle) -> Doms {
    let mut doms = oracle.full();
    for item in puzzle.items() {
        let (c, v) = (item.category().index(), item.index());
        let yes: Vec<House> = puzzle
            .houses()
            .filter(|&h| marks.get(item, h) == Mark::Yes)
            .collect();
        doms[c][v] = match yes.as_slice() {
            [only] => 1 << only.index(),
            _ => puzzle
                .houses()
                .filter(|&h| marks.get(item, h) != Mark::No)
                .fold(0, |m, h| m | 1 << h.index()),
        };
    }
    doms
}

/// The domains after one constraint of the oracle's alone, to its
/// fixpoint: a clue (`Some(i)`) or a category's one value per house.
fn alone(oracle: &Oracle, doms: &Doms, reason: Reason) -> Doms {
    let mut doms = doms.clone();
    loop {
        let before = doms.clone();
        match reason {
            Reason::Clue(i) => {
                let support = oracle.clue_support(i, &doms);
                for (k, &op) in oracle.clues[i].ops.iter().enumerate() {
                    if let common::Op::Item(c, v) = op {
                        doms[c][v] &= support[k];
                    }
                }
            }
            Reason::Category(category) => {
                let c = category.index();
                let support = oracle.category_support(c, &doms);
                for v in 0..oracle.n {
                    doms[c][v] &= support[v];
                }
            }
            _ => unreachable!("only clues and categories propagate"),
        }
        if doms == before {
            return doms;
        }
    }
}

/// Checks `hint` (from `marks`) against the oracles: every mark it gives
/// is true in `solution` (when the puzzle has one solution) and agrees
/// with the marks' domains, and, when `justify`, its reason alone gives
/// it: a clue or category by brute force, a refutation by the oracle's
/// propagation failing.
fn check_hint(
    hint: &Hint,
    marks: &Marks,
    puzzle: &Puzzle,
    oracle: &Oracle,
    solution: Option<&Solution>,
    justify: bool,
) {
    let HintKind::Next(step) = hint.kind() else {
        panic!("a step expected from a right grid, got: {hint}");
    };
    assert!(!hint.marks().is_empty(), "{hint}");
    for (item, house, mark) in hint.marks() {
        assert_ne!(
            marks.get(item, house),
            mark,
            "a hint marks something new: {hint}"
        );
        if let Some(solution) = solution {
            assert_eq!(
                solution.house_of(item) == house,
                mark == Mark::Yes,
                "'{}' {mark:?} in house {house} is false: {hint}",
                puzzle.value_name(item)
            );
        }
    }
    if !justify {
        return;
    }
    let doms = domains(marks, oracle, puzzle);
    match step.reason {
        Reason::Clue(_) | Reason::Category(_) => {
            let after = alone(oracle, &doms, step.reason);
            for (item, house, mark) in hint.marks() {
                let (c, v) = (item.category().index(), item.index());
                match mark {
                    Mark::No => assert_eq!(after[c][v] >> house.index() & 1, 0, "{hint}"),
                    _ => assert_eq!(after[c][v], 1 << house.index(), "{hint}"),
                }
            }
        }
        Reason::Refuted { item, house } => {
            let mut supposed = doms.clone();
            supposed[item.category().index()][item.index()] = 1 << house.index();
            assert!(!oracle.propagate(&mut supposed), "not refuted: {hint}");
        }
        // A case split only needs to be right, checked above; it comes
        // when the oracle's propagation is stuck too.
        Reason::CaseSplit { .. } => {
            let mut settled = doms.clone();
            assert!(oracle.propagate(&mut settled));
            assert_eq!(
                settled, doms,
                "a case split while propagation goes on: {hint}"
            );
        }
        _ => panic!("an unknown reason: {hint}"),
    }
}

/// Follows `next`'s hints from the empty grid to the end, checking each;
/// returns the final grid and the number of hints.
fn follow(
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    justify: bool,
    mut next: impl FnMut(&Marks) -> Hint,
) -> (Marks, usize) {
    let oracle = Oracle::new(&puzzle.to_string());
    let mut marks = Marks::new(puzzle);
    let most = puzzle.num_categories() * puzzle.positions() * puzzle.positions();
    for count in 0..=most {
        let hint = next(&marks);
        if hint.is_solved() {
            // The grid has a solution: the one of the puzzle with every
            // value placed where the marks place it (an English puzzle's
            // stand-ins for a value read either way are not the player's
            // to place).
            let mut placed = puzzle.clone();
            for item in puzzle.items() {
                if let Some(house) = marks.placed(item) {
                    placed
                        .add_clue(Clue::Same(Term::Value(item), Term::House(house)))
                        .unwrap();
                }
            }
            let completed = placed.solve().expect("the grid has a solution");
            assert!(
                oracle.holds(completed.houses()),
                "the grid is not a solution"
            );
            if let Some(solution) = solution {
                assert_eq!(&completed, solution);
            }
            return (marks, count);
        }
        check_hint(&hint, &marks, puzzle, &oracle, solution, justify);
        hint.apply(&mut marks);
    }
    panic!("more hints than cells");
}

#[test]
fn following_hints_solves_einstein_and_life() {
    for puzzle in [einstein(), life()] {
        let oracle = Oracle::new(&puzzle.to_string());
        let solution = unique_solution(&puzzle, &oracle).expect("one solution");
        let (marks, count) = follow(&puzzle, Some(&solution), true, |m| puzzle.hint(m).unwrap());
        assert_eq!(marks, Marks::from_solution(&solution));
        assert!(count > 5);
    }
}

#[test]
fn the_first_hints_of_einstein() {
    let puzzle = einstein();
    let mut marks = Marks::new(&puzzle);
    let first = puzzle.hint(&marks).unwrap();
    assert_eq!(
        first.to_string(),
        "white: not in house 1; green: not in house 5, because of clue 4 (green left-of white)."
    );
    first.apply(&mut marks);
    let second = puzzle.hint(&marks).unwrap();
    assert_ne!(second, first);
    assert!(matches!(second.kind(), HintKind::Next(_)));
}

#[test]
fn following_hints_solves_generated_puzzles() {
    // 6×6 seed 19 needs case splits even with singleton consistency.
    for (n, cats, seeds) in [(4, 3, 0..8), (5, 4, 0..4), (6, 6, 19..20)] {
        let generator = Generator::new(n, cats).unwrap();
        for seed in seeds {
            let generated = generator.generate(seed).unwrap();
            let puzzle = &generated.puzzle;
            let oracle = Oracle::new(&puzzle.to_string());
            if n == 4 {
                // Small enough to count by brute force.
                assert_eq!(oracle.count_brute(2), 1, "{n}x{cats} seed {seed}");
            }
            let solution = unique_solution(puzzle, &oracle).expect("one solution");
            assert_eq!(solution, generated.solution);
            let mut splits = 0;
            let (marks, _) = follow(puzzle, Some(&solution), true, |m| {
                let hint = puzzle.hint(m).unwrap();
                if let HintKind::Next(step) = hint.kind() {
                    splits += usize::from(matches!(step.reason, Reason::CaseSplit { .. }));
                }
                hint
            });
            if seed == 19 {
                assert!(splits > 0, "a case split expected");
            }
            assert_eq!(
                marks,
                Marks::from_solution(&solution),
                "{n}x{cats} seed {seed}"
            );
        }
    }
}

/// The English samples that read (BBEH's read either way), with their
/// family.
fn english_samples() -> Vec<(String, EnglishPuzzle)> {
    let file: Value =
        serde_json::from_str(include_str!("data/zebra-english-samples.json")).unwrap();
    let reader = Reader::new().either_reading(true);
    let mut out = Vec::new();
    for family in ["bbeh", "zebralogic"] {
        for (i, example) in file[family]["examples"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            if let Ok(english) = reader.read(example["input"].as_str().unwrap()) {
                out.push((format!("{family} {i}"), english));
            }
        }
    }
    out
}

/// Following the English hints of `english` solves it: each hint says
/// something in the puzzle's words, and is true in the solution (or, with
/// several solutions, the grid reached is one).
fn follow_english(name: &str, english: &EnglishPuzzle) -> usize {
    let puzzle = english.puzzle();
    let oracle = Oracle::new(&puzzle.to_string());
    let solution = unique_solution(puzzle, &oracle);
    let (_, count) = follow(puzzle, solution.as_ref(), false, |marks| {
        let hint = english.hint(marks).unwrap();
        let text = hint.to_string();
        assert!(text.ends_with('.'), "{name}: {text}");
        if let HintKind::Next(step) = hint.kind()
            && let Reason::Clue(i) = step.reason
        {
            // The clue's own sentence is quoted.
            let clue = english
                .clues()
                .iter()
                .find(|c| c.puzzle_clues().contains(&i))
                .unwrap();
            let sentence = english.clue_text(clue);
            assert!(
                text.contains(sentence.trim_end_matches('.')),
                "{name}: {text}"
            );
        }
        hint
    });
    count
}

#[test]
fn following_english_hints_solves_the_small_samples() {
    let samples = english_samples();
    assert!(samples.len() >= 10);
    let small: Vec<_> = samples
        .iter()
        .filter(|(name, e)| {
            name == "bbeh 0" || e.puzzle().positions() * e.puzzle().num_categories() <= 9
        })
        .collect();
    assert!(small.len() >= 10, "{}", small.len());
    for (name, english) in small {
        assert!(follow_english(name, english) > 0);
    }
}

/// Every sample (the larger ones take tens of seconds in a debug build;
/// `cargo test --release -p kongming-zebra-csp -- --ignored` runs it).
#[test]
#[ignore = "the larger samples take long in a debug build"]
fn following_english_hints_solves_every_sample() {
    for (name, english) in english_samples() {
        assert!(follow_english(&name, &english) > 0, "{name}");
    }
}

#[test]
fn a_wrong_mark_is_reported_before_anything_else() {
    let puzzle = einstein();
    let mut marks = Marks::parse(
        &puzzle,
        "Norwegian at 1\nmilk at 3\nBrit at 2\ntea not-at 2",
    )
    .unwrap();
    // The Brit lives in house 3; the Dane, in house 2, drinks tea.
    let hint = puzzle.hint(&marks).unwrap();
    let brit = puzzle.item("Brit").unwrap();
    let second = puzzle.house(2).unwrap();
    assert_eq!(
        hint.kind(),
        &HintKind::Undo {
            item: brit,
            house: second,
            mark: Mark::Yes,
            wrong: 2
        }
    );
    assert_eq!(
        hint.to_string(),
        "The mark 'Brit at 2' is wrong: erase it (one more mark is wrong)."
    );
    hint.apply(&mut marks);
    let hint = puzzle.hint(&marks).unwrap();
    assert_eq!(
        hint.to_string(),
        "The mark 'tea not-at 2' is wrong: erase it."
    );
    hint.apply(&mut marks);
    assert!(matches!(
        puzzle.hint(&marks).unwrap().kind(),
        HintKind::Next(_)
    ));
}

#[test]
fn marks_no_solution_has_are_named_when_the_puzzle_has_several() {
    let puzzle: Puzzle = "pet: cat dog fox\ncat left-of dog\n".parse().unwrap();
    assert_eq!(puzzle.count(), 2);
    let marks = Marks::parse(&puzzle, "cat at 1\nfox at 1").unwrap();
    let fox = puzzle.item("fox").unwrap();
    assert_eq!(
        puzzle.hint(&marks).unwrap().kind(),
        &HintKind::DeadEnd {
            item: fox,
            house: puzzle.house(1).unwrap(),
            mark: Mark::Yes
        }
    );
    // A value marked in two houses: the second mark is named.
    let cat = puzzle.item("cat").unwrap();
    let twice = Marks::parse(&puzzle, "cat at 1\ncat at 2").unwrap();
    assert_eq!(
        puzzle.hint(&twice).unwrap().kind(),
        &HintKind::DeadEnd {
            item: cat,
            house: puzzle.house(2).unwrap(),
            mark: Mark::Yes
        }
    );
    // Right marks: hints go on to one of the solutions.
    let (end, _) = follow(&puzzle, None, true, |m| puzzle.hint(m).unwrap());
    assert!(end.is_complete());
    let none: Puzzle = "pet: cat dog\ncat at 1\ndog at 1\n".parse().unwrap();
    let hint = none.hint(&Marks::new(&none)).unwrap();
    assert_eq!(hint.kind(), &HintKind::NoSolution);
    assert_eq!(
        puzzle.hint(&Marks::new(&einstein())).unwrap_err().kind(),
        &MarksErrorKind::OtherPuzzle
    );
}

#[test]
fn english_hints_name_a_wrong_mark_in_the_puzzle_words() {
    let samples = english_samples();
    let (name, english) = samples
        .iter()
        .find(|(name, e)| {
            name.starts_with("zebralogic") && e.puzzle().uniqueness().unique() == Some(true)
        })
        .expect("a ZebraLogic sample with one solution");
    let puzzle = english.puzzle();
    let solution = puzzle.solve().unwrap();
    let item = puzzle.items().next().unwrap();
    let wrong = solution.house_of(item).index() ^ 1;
    let house = puzzle.houses().nth(wrong).unwrap();
    let mut marks = Marks::new(puzzle);
    marks.set(item, house, Mark::Yes);
    let hint = english.hint(&marks).unwrap();
    let text = hint.to_string();
    assert!(text.starts_with("The mark that "), "{name}: {text}");
    assert!(
        text.contains(&format!("house {}", house.number())),
        "{name}: {text}"
    );
    assert!(text.ends_with(" is wrong: erase it."), "{name}: {text}");
}

/// Einstein's solution's cells, each as (item, house, mark).
fn solution_cells() -> (Puzzle, Vec<(Item, House, Mark)>) {
    let puzzle = einstein();
    let solution = puzzle.solve().unwrap();
    let cells = Marks::from_solution(&solution).marked().collect();
    (puzzle, cells)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// From any right half-filled grid, the hint is a step, true, and
    /// justified by its reason alone.
    #[test]
    fn a_hint_from_a_right_grid_is_true_and_justified(picks in prop::collection::vec(any::<bool>(), 125)) {
        let (puzzle, cells) = solution_cells();
        let oracle = Oracle::new(&puzzle.to_string());
        let solution = puzzle.solve().unwrap();
        let mut marks = Marks::new(&puzzle);
        for (&(item, house, mark), &pick) in cells.iter().zip(&picks) {
            if pick {
                marks.set(item, house, mark);
            }
        }
        let hint = puzzle.hint(&marks).unwrap();
        if marks.is_complete() {
            prop_assert!(hint.is_solved());
        } else {
            check_hint(&hint, &marks, &puzzle, &oracle, Some(&solution), true);
        }
    }

    /// One wrong mark among right ones is the one reported.
    #[test]
    fn one_wrong_mark_is_found(
        picks in prop::collection::vec(any::<bool>(), 125),
        wrong in 0usize..125,
    ) {
        let (puzzle, cells) = solution_cells();
        let mut marks = Marks::new(&puzzle);
        for (&(item, house, mark), &pick) in cells.iter().zip(&picks) {
            if pick {
                marks.set(item, house, mark);
            }
        }
        let (item, house, mark) = cells[wrong];
        let flipped = if mark == Mark::Yes { Mark::No } else { Mark::Yes };
        marks.set(item, house, flipped);
        let hint = puzzle.hint(&marks).unwrap();
        prop_assert_eq!(
            hint.kind(),
            &HintKind::Undo { item, house, mark: flipped, wrong: 1 }
        );
        hint.apply(&mut marks);
        prop_assert_eq!(marks.get(item, house), Mark::Unknown);
    }

    /// The text form reads back to the same marks.
    #[test]
    fn marks_text_reads_back(cells in prop::collection::vec(0u8..3, 125)) {
        let puzzle = einstein();
        let mut marks = Marks::new(&puzzle);
        let items: Vec<Item> = puzzle.items().collect();
        for (i, &m) in cells.iter().enumerate() {
            let mark = [Mark::Unknown, Mark::Yes, Mark::No][usize::from(m)];
            marks.set(items[i / 5], puzzle.house(i % 5 + 1).unwrap(), mark);
        }
        let text = marks.to_string();
        prop_assert_eq!(Marks::parse(&puzzle, &text).unwrap(), marks);
        // Each mark is a line of the text.
        prop_assert_eq!(text.lines().count(), cells.iter().filter(|&&m| m > 0).count());
    }
}

#[test]
fn bad_marks_text_is_refused_with_its_line() {
    let puzzle = einstein();
    let cases: [(&str, usize, MarksErrorKind); 5] = [
        ("Brit at", 1, MarksErrorKind::Syntax("Brit at".into())),
        (
            "# ok\nBrit in 3",
            2,
            MarksErrorKind::Syntax("Brit in 3".into()),
        ),
        (
            "colour at 3",
            1,
            MarksErrorKind::UnknownName("colour".into()),
        ),
        (
            "Brit at 0",
            1,
            MarksErrorKind::BadHouse {
                text: "0".into(),
                positions: 5,
            },
        ),
        (
            "Brit at 1\n\nBrit not-at 1",
            3,
            MarksErrorKind::Conflict { earlier: 1 },
        ),
    ];
    for (text, line, kind) in cases {
        let err = Marks::parse(&puzzle, text).unwrap_err();
        assert_eq!((err.line(), err.kind()), (Some(line), &kind), "{text}");
        assert!(err.to_string().starts_with(&format!("line {line}: ")));
    }
    // The same cell marked the same way twice is one mark.
    let twice = Marks::parse(&puzzle, "Brit at 3\nBrit at 3").unwrap();
    assert_eq!(twice.to_string(), "Brit at 3\n");
}

#[test]
fn a_hint_within_a_budget_stops_rather_than_guess() {
    use kongming_zebra_csp::{Budget, Solver, StopReason};
    let life = life();
    let marks = Marks::new(&life);
    // Life's uniqueness proof needs case splits: none allowed, none made.
    let none = Budget::unlimited().with_node_limit(0);
    let hint = Solver::new(&life).budget(none).hint(&marks).unwrap();
    assert_eq!(hint.kind(), &HintKind::Stopped(StopReason::NodeLimit));
    assert!(hint.marks().is_empty());
    assert!(
        hint.to_string()
            .starts_with("Stopped before a hint was found"),
        "{hint}"
    );
    let late = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
    let hint = Solver::new(&life).budget(late).hint(&marks).unwrap();
    assert_eq!(hint.kind(), &HintKind::Stopped(StopReason::TimeLimit));
    // With room enough, the same hint as without a budget.
    let room = Budget::unlimited().with_node_limit(1_000_000);
    assert_eq!(
        Solver::new(&life).budget(room).hint(&marks).unwrap(),
        life.hint(&marks).unwrap()
    );
}
