//! Round trips through serde (JSON) of every serializable value, and the
//! checks made as values are loaded: a stored value that is not a valid
//! one is refused, never taken in.
#![cfg(feature = "serde")]

use kongming_zebra_csp::{
    Budget, Category, Difficulty, Explanation, GenerateError, Generated, Generator, Grade, House,
    Item, Outcome, Puzzle, Rating, SolveOptions, Solver, Stage, StopReason, Term, Uniqueness,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Writes `value` as JSON and reads it back: the same value.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    text
}

/// Whether `json` is refused as a `T`.
fn refused<T: DeserializeOwned>(json: &str) -> bool {
    serde_json::from_str::<T>(json).is_err()
}

/// A small generated puzzle.
fn generated(n: usize, cats: usize, seed: u64) -> Generated {
    Generator::new(n, cats).unwrap().generate(seed).unwrap()
}

fn sizes() -> impl Strategy<Value = (usize, usize, u64)> {
    (2usize..=4, 1usize..=3, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A puzzle is stored as its text; its clues, terms, items and houses
    /// as structures (houses by their numbers from 1).
    #[test]
    fn puzzles_and_clues_round_trip((n, cats, seed) in sizes()) {
        let generated = generated(n, cats, seed);
        let puzzle = &generated.puzzle;
        let text = round_trip(puzzle);
        prop_assert_eq!(serde_json::from_str::<String>(&text).unwrap(), puzzle.to_string());
        for clue in puzzle.clues() {
            round_trip(clue);
            for term in clue.terms() {
                let json = round_trip(&term);
                if let Term::House(house) = term {
                    prop_assert_eq!(json, format!("{{\"house\":{}}}", house.number()));
                }
            }
        }
        for item in puzzle.items() {
            round_trip(&item);
            round_trip(&item.category());
        }
        for house in puzzle.houses() {
            prop_assert_eq!(round_trip(&house), house.number().to_string());
        }
    }

    /// Solutions, generated puzzles (without their solution, or with it
    /// when asked), grades, and the generator's errors.
    #[test]
    fn solutions_and_generated_puzzles_round_trip((n, cats, seed) in sizes()) {
        let generated = generated(n, cats, seed);
        let text = round_trip(&generated);
        prop_assert!(!text.contains("solution"), "{}", text);
        let with = serde_json::to_string(&generated.with_answer()).unwrap();
        prop_assert!(with.contains("\"solution\""));
        prop_assert_eq!(serde_json::from_str::<Generated>(&with).unwrap(), generated.clone());
        round_trip(&generated.solution);
        round_trip(&generated.difficulty);
        round_trip(&Rating::Rated(generated.difficulty));
        round_trip(&GenerateError::Stopped(StopReason::NodeLimit));
        round_trip(&GenerateError::GradeNotReached { grade: generated.grade(), attempts: 3 });
    }

    /// Explanations with their steps, reasons and changes; the solver's
    /// answers, counts and statistics, complete or stopped.
    #[test]
    fn explanations_and_answers_round_trip(
        (n, cats, seed) in sizes(),
        sac in any::<bool>(),
        limit in 0u64..12,
    ) {
        let generated = generated(n, cats, seed);
        let options = SolveOptions::new().singleton_consistency(sac);
        round_trip(&options);
        let explanation = generated.puzzle.explain_with(&options);
        round_trip(&explanation);
        for step in explanation.steps() {
            round_trip(step);
            round_trip(&step.reason);
            for change in &step.changes {
                round_trip(change);
            }
        }
        // A weaker puzzle has two solutions; a budget may stop anything.
        let weaker = generated.puzzle.without_clue(0).unwrap_or(generated.puzzle);
        let budget = Budget::unlimited().with_node_limit(limit);
        round_trip(&weaker.uniqueness());
        round_trip(&Solver::new(&weaker).budget(budget.clone()).uniqueness());
        let mut solver = Solver::with_options(&weaker, options).budget(budget.clone());
        round_trip(&solver.count());
        round_trip(&solver.stats());
        round_trip(&Solver::new(&weaker).budget(budget.clone()).rate());
        round_trip(&Solver::new(&weaker).budget(budget).explain());
    }
}

#[test]
fn the_classics_and_their_explanations_round_trip() {
    for puzzle in [kongming_zebra_csp::einstein(), kongming_zebra_csp::life()] {
        round_trip(&puzzle);
        round_trip(&puzzle.uniqueness());
        round_trip(&puzzle.explain());
        round_trip(&puzzle.explain_with(&SolveOptions::new().singleton_consistency(true)));
    }
    for stage in [
        Stage::AddingClues,
        Stage::DroppingClues,
        Stage::Grading,
        Stage::Done,
    ] {
        round_trip(&stage);
    }
    for difficulty in [
        Difficulty::Propagation,
        Difficulty::Singleton { removals: 7 },
        Difficulty::CaseSplits { splits: u64::MAX },
    ] {
        round_trip(&difficulty);
    }
    round_trip(&Rating::Stopped(StopReason::Cancelled));
    round_trip(&Uniqueness::Stopped(StopReason::TimeLimit, None));
}

#[test]
fn houses_are_numbers_from_one_and_bounded() {
    assert_eq!(serde_json::to_string(&House::from_number(1)).unwrap(), "1");
    assert_eq!(
        serde_json::from_str::<House>("16").unwrap(),
        House::from_index(15).unwrap()
    );
    assert!(refused::<House>("0"));
    assert!(refused::<House>("17"));
    assert!(refused::<House>("-1"));
    // Categories count from 1 up to MAX_CATEGORIES (64), values from 1 up
    // to MAX_POSITIONS (16).
    assert_eq!(
        serde_json::from_str::<Category>("64").unwrap(),
        Category::from_index(63).unwrap()
    );
    assert_eq!(
        serde_json::to_string(&Category::from_index(0).unwrap()).unwrap(),
        "1"
    );
    assert!(refused::<Category>("0"));
    assert!(refused::<Category>("65"));
    let err = serde_json::from_str::<Category>("65").unwrap_err();
    assert!(err.to_string().contains("outside 1..=64"), "{err}");
    assert!(refused::<Item>(r#"{"category":1,"value":17}"#));
    assert!(refused::<Item>(r#"{"category":1,"value":0}"#));
    assert!(refused::<Item>(r#"{"category":65,"value":1}"#));
    let item: Item = serde_json::from_str(r#"{"category":64,"value":16}"#).unwrap();
    assert_eq!((item.category().index(), item.index()), (63, 15));
    let item: Item = serde_json::from_str(r#"{"category":3,"value":4}"#).unwrap();
    assert_eq!(
        (item.category(), item.index()),
        (Category::from_index(2).unwrap(), 3)
    );
    assert_eq!(
        serde_json::to_string(&item).unwrap(),
        r#"{"category":3,"value":4}"#
    );
}

#[test]
fn enums_are_stored_in_snake_case() {
    let json = |value: &dyn erased::Json| value.json();
    assert_eq!(
        json(&Difficulty::Singleton { removals: 2 }),
        r#"{"singleton":{"removals":2}}"#
    );
    assert_eq!(json(&Difficulty::Propagation), r#""propagation""#);
    assert_eq!(
        json(&Difficulty::CaseSplits { splits: 3 }),
        r#"{"case_splits":{"splits":3}}"#
    );
    assert_eq!(
        json(&Rating::Rated(Difficulty::Propagation)),
        r#"{"rated":"propagation"}"#
    );
    assert_eq!(
        json(&Rating::Stopped(StopReason::NodeLimit)),
        r#"{"stopped":"node_limit"}"#
    );
    assert_eq!(json(&Stage::AddingClues), r#""adding_clues""#);
    assert_eq!(json(&kongming_zebra_csp::Mark::No), r#""no""#);
    assert_eq!(json(&Grade::Hard), r#""hard""#);
    assert_eq!(json(&Uniqueness::NoSolution), r#""no_solution""#);
    // Clue numbers count from 1, as the text does ("clue 4").
    assert_eq!(json(&kongming_zebra_csp::Reason::Clue(3)), r#"{"clue":4}"#);
    assert!(refused::<kongming_zebra_csp::Reason>(r#"{"clue":0}"#));
}

/// Serializing through a trait object, to list values of many types.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

#[test]
fn invalid_stored_values_are_refused() {
    // A puzzle is checked as its text is: with the line of the mistake.
    let err = serde_json::from_str::<Puzzle>(r#""pet: cat dog\ncat left-of cat\n""#).unwrap_err();
    assert!(
        err.to_string()
            .contains("line 2: the clue names 'cat' twice"),
        "{err}"
    );
    // A solution: every category one value per house, the names valid.
    let solution = r#"[{"name":"pet","values":["cat","dog"],"houses":[1,2]}]"#;
    assert!(serde_json::from_str::<kongming_zebra_csp::Solution>(solution).is_ok());
    for bad in [
        r#"[{"name":"pet","values":["cat","dog"],"houses":[1,1]}]"#,
        r#"[{"name":"pet","values":["cat","dog"],"houses":[1,3]}]"#,
        r#"[{"name":"pet","values":["cat","dog"],"houses":[1]}]"#,
        r#"[{"name":"pet","values":["cat","cat"],"houses":[1,2]}]"#,
        r#"[{"name":"pet","values":["cat"],"houses":[1]}]"#,
        r#"[]"#,
    ] {
        assert!(refused::<kongming_zebra_csp::Solution>(bad), "{bad}");
    }
    // A generated puzzle whose solution breaks a clue: a grid of the
    // puzzle without its first clue other than the solution (the clue is
    // needed, so there is one, and it breaks that clue).
    let generator = Generator::new(4, 3).unwrap();
    let generated = generator.generate(7).unwrap();
    let weaker = generated.puzzle.without_clue(0).unwrap();
    let Uniqueness::Multiple(a, b) = weaker.uniqueness() else {
        panic!("every clue of a generated puzzle is needed");
    };
    let wrong = if a == generated.solution { b } else { a };
    let mut json: serde_json::Value = serde_json::to_value(&generated).unwrap();
    assert!(serde_json::from_value::<Generated>(json.clone()).is_ok());
    json["solution"] = serde_json::to_value(&wrong).unwrap();
    let err = serde_json::from_value::<Generated>(json).unwrap_err();
    assert!(err.to_string().contains("breaks a clue"), "{err}");
    // ... or, stored without its solution, a puzzle without exactly one.
    let mut json: serde_json::Value = serde_json::to_value(&generated).unwrap();
    json["puzzle"] = serde_json::to_value(&weaker).unwrap();
    let err = serde_json::from_value::<Generated>(json).unwrap_err();
    assert!(err.to_string().contains("more than one solution"), "{err}");
    // A forged difficulty, with the solution or without: graded again and
    // refused.
    let forged = Difficulty::CaseSplits { splits: 1_000 };
    assert_ne!(generated.difficulty, forged);
    for stored in [
        serde_json::to_value(&generated).unwrap(),
        serde_json::to_value(generated.with_answer()).unwrap(),
    ] {
        let mut json = stored;
        json["difficulty"] = serde_json::to_value(forged).unwrap();
        let err = serde_json::from_value::<Generated>(json).unwrap_err();
        assert!(err.to_string().contains("not the puzzle's"), "{err}");
    }
    // A stored solution on a puzzle with several solutions: the solution
    // holds, but the puzzle is solved again and refused.
    let mut json: serde_json::Value = serde_json::to_value(generated.with_answer()).unwrap();
    json["puzzle"] = serde_json::to_value(&weaker).unwrap();
    let err = serde_json::from_value::<Generated>(json).unwrap_err();
    assert!(err.to_string().contains("more than one solution"), "{err}");
    // An explanation naming a clue the puzzle does not have.
    let explanation = kongming_zebra_csp::einstein().explain();
    let mut json: serde_json::Value = serde_json::to_value(&explanation).unwrap();
    json["steps"][0]["reason"] = serde_json::json!({ "clue": 16 });
    let err = serde_json::from_value::<Explanation>(json).unwrap_err();
    assert!(err.to_string().contains("step 1"), "{err}");
    // A stopped explanation keeps its outcome.
    let cut = Solver::new(&kongming_zebra_csp::life())
        .budget(Budget::unlimited().with_node_limit(0))
        .explain();
    let back: Explanation = serde_json::from_str(&round_trip(&cut)).unwrap();
    assert_eq!(back.outcome(), Outcome::Stopped(StopReason::NodeLimit));
}

#[test]
fn marks_and_hints_round_trip_and_bad_marks_are_refused() {
    use kongming_zebra_csp::{Hint, Marks};
    let puzzle = kongming_zebra_csp::einstein();
    let mut marks = Marks::parse(&puzzle, "Norwegian at 1\nmilk not-at 2\nBrit at 2").unwrap();
    let text = round_trip(&marks);
    assert!(
        text.contains(r#""marks":"Brit at 2\nNorwegian at 1\nmilk not-at 2\n""#),
        "{text}"
    );
    let back: Marks = serde_json::from_str(&text).unwrap();
    // Loaded marks are of the puzzle: its hints take them.
    let wrong = puzzle.hint(&back).unwrap();
    round_trip(&wrong);
    wrong.apply(&mut marks);
    let step: Hint = puzzle.hint(&marks).unwrap();
    round_trip(&step);
    let categories = r#"[{"name":"pet","values":["cat","dog"]}]"#;
    let json = |marks: &str| format!(r#"{{"categories":{categories},"marks":"{marks}"}}"#);
    assert!(serde_json::from_str::<Marks>(&json("cat at 2")).is_ok());
    for bad in ["cat at 3", "fox at 1", "cat at 1\\ncat not-at 1", "cat"] {
        assert!(refused::<Marks>(&json(bad)), "{bad}");
    }
    let one_value = r#"{"categories":[{"name":"pet","values":["cat"]}],"marks":""}"#;
    assert!(refused::<Marks>(one_value));
}
