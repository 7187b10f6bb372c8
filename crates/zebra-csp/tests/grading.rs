//! Grading a model's answers: ZebraLogic grids (the published grid is
//! right; each swap of two values gives exactly the two cells it changed
//! and breaks a clue; every malformed grid is a typed error), one-value
//! answers and multiple-choice questions.

use std::collections::HashMap;

use kongming_zebra_csp::english::{EnglishPuzzle, GradeError, Style};
use kongming_zebra_csp::{Generator, House, Term};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn samples() -> Value {
    serde_json::from_str(include_str!("data/zebra-english-samples.json")).unwrap()
}

/// A ZebraLogic sample: its puzzle, header and rows.
struct Sample {
    id: String,
    english: EnglishPuzzle,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn zebralogic() -> Vec<Sample> {
    samples()["zebralogic"]["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let strings = |v: &Value| -> Vec<String> {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect()
            };
            Sample {
                id: e["id"].as_str().unwrap().to_string(),
                english: e["input"].as_str().unwrap().parse().unwrap(),
                header: strings(&e["solution"]["header"]),
                rows: e["solution"]["rows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(strings)
                    .collect(),
            }
        })
        .collect()
}

/// A model's output holding `rows` as ZebraLogic's JSON grid, after some
/// reasoning text (with braces of its own).
fn output(header: &[String], rows: &[Vec<String>]) -> String {
    let mut solution = Map::new();
    for row in rows {
        let mut house = Map::new();
        for (c, name) in header.iter().enumerate().skip(1) {
            house.insert(name.clone(), Value::String(row[c].clone()));
        }
        solution.insert(format!("House {}", row[0]), Value::Object(house));
    }
    let grid = json!({"reasoning": "Clue 1 gives {x}.", "solution": solution});
    format!(
        "Let me think {{step by step}}.\n```json\n{}\n```",
        serde_json::to_string_pretty(&grid).unwrap()
    )
}

#[test]
fn the_published_grid_is_right_and_each_swap_gives_the_cells_it_changed() {
    for sample in zebralogic() {
        let id = &sample.id;
        let grader = sample
            .english
            .grid_grader()
            .unwrap()
            .columns(&sample.header)
            .unwrap();
        let right = grader.grade(&output(&sample.header, &sample.rows)).unwrap();
        assert!(right.right, "{id}");
        assert_eq!(right.correct, right.cells, "{id}");
        assert_eq!(right.cell_accuracy(), 1.0, "{id}");
        assert_eq!(right.broken, Some(vec![]), "{id}");
        // Without the benchmark's names, columns are found by their names
        // and values.
        let inferred = sample
            .english
            .grade_grid(&output(&sample.header, &sample.rows))
            .unwrap();
        assert_eq!(inferred, right, "{id}");
        assert_eq!(
            grader.score(&output(&sample.header, &sample.rows)),
            (true, right.cells, right.cells)
        );
        // Every swap of two values of one category.
        let n = sample.rows.len();
        for c in 1..sample.header.len() {
            for a in 0..n {
                for b in a + 1..n {
                    let mut rows = sample.rows.clone();
                    let (x, y) = (rows[a][c].clone(), rows[b][c].clone());
                    rows[a][c] = y.clone();
                    rows[b][c] = x.clone();
                    let grade = grader.grade(&output(&sample.header, &rows)).unwrap();
                    assert!(!grade.right, "{id}");
                    assert_eq!(grade.correct, grade.cells - 2, "{id}");
                    let changed: Vec<(usize, &str, &str, Option<&str>)> = grade
                        .wrong
                        .iter()
                        .map(|w| {
                            (
                                w.house.number(),
                                w.column.as_str(),
                                w.expected.as_str(),
                                w.given.as_deref(),
                            )
                        })
                        .collect();
                    let column = sample.header[c].as_str();
                    assert_eq!(
                        changed,
                        [
                            (a + 1, column, x.as_str(), Some(y.as_str())),
                            (b + 1, column, y.as_str(), Some(x.as_str())),
                        ],
                        "{id}"
                    );
                    // The puzzle has one solution: another grid breaks a
                    // clue.
                    let broken = grade.broken.expect("a whole arrangement");
                    assert!(!broken.is_empty(), "{id}: {c} {a} {b}");
                    assert_eq!(
                        grader.score(&output(&sample.header, &rows)),
                        (false, grade.cells - 2, grade.cells)
                    );
                }
            }
        }
    }
}

/// The first sample of 3 houses and its grader's inputs.
fn small() -> Sample {
    zebralogic()
        .into_iter()
        .find(|s| s.rows.len() == 3 && s.header.len() == 4)
        .expect("a 3×3 sample")
}

#[test]
fn every_malformed_grid_is_a_typed_error() {
    let sample = small();
    let grader = sample
        .english
        .grid_grader()
        .unwrap()
        .columns(&sample.header)
        .unwrap();
    let grade = |text: &str| grader.grade(text);
    assert_eq!(grade("The answer is house 1."), Err(GradeError::NoJson));
    assert!(matches!(
        grade("{\"solution\": {\"House 1\": }}"),
        Err(GradeError::BadJson { .. })
    ));
    assert_eq!(grade("{\"answer\": 3}"), Err(GradeError::NoSolution));
    assert!(matches!(
        grade("{\"solution\": [1, 2]}"),
        Err(GradeError::Shape { .. })
    ));
    assert!(matches!(
        grade("{\"solution\": {\"House 1\": \"Eric\"}}"),
        Err(GradeError::Shape { .. })
    ));
    // The right grid, then broken in one way at a time.
    let good: Value = serde_json::from_str(
        &output(&sample.header, &sample.rows)
            .split("```json\n")
            .nth(1)
            .unwrap()
            .replace("\n```", ""),
    )
    .unwrap();
    let with = |edit: &dyn Fn(&mut Map<String, Value>)| {
        let mut grid = good.clone();
        edit(grid["solution"].as_object_mut().unwrap());
        grader.grade(&grid.to_string())
    };
    assert_eq!(
        with(&|g| {
            g.remove("House 2");
        }),
        Err(GradeError::MissingHouse { house: 2 })
    );
    assert_eq!(
        with(&|g| {
            g.insert("House 4".into(), json!({}));
        }),
        Err(GradeError::UnknownHouse {
            key: "House 4".into()
        })
    );
    let column = sample.header[1].clone();
    assert_eq!(
        with(&|g| {
            g["House 1"][&column] = json!("Zebedee");
        }),
        Err(GradeError::UnknownValue {
            house: 1,
            column: column.clone(),
            value: "Zebedee".into()
        })
    );
    assert_eq!(
        with(&|g| {
            for h in 1..=3 {
                g[&format!("House {h}")]
                    .as_object_mut()
                    .unwrap()
                    .remove(&column);
            }
        }),
        Err(GradeError::MissingColumn {
            category: column.clone()
        })
    );
    // Keys differing in case and spaces are the same column, as the
    // benchmark's values are the same value.
    let shouted = with(&|g| {
        for h in 1..=3 {
            let house = g[&format!("House {h}")].as_object_mut().unwrap();
            let value = house.remove(&column).unwrap();
            house.insert(
                format!(" {} ", column.to_uppercase()),
                json!(format!("  {}", value.as_str().unwrap().to_uppercase())),
            );
        }
    });
    assert!(shouted.unwrap().right);
    // An empty cell is a wrong cell, and the grid no whole arrangement.
    let empty = with(&|g| {
        g["House 3"][&column] = json!("");
    })
    .unwrap();
    assert_eq!((empty.correct, empty.broken), (empty.cells - 1, None));
    assert_eq!(empty.wrong[0].given, None);
    // The benchmark's score of the malformed: cells wrong, never an error.
    assert_eq!(grader.score("no grid").1, 0);
    assert_eq!(
        grader.columns(&["House"]).unwrap_err(),
        GradeError::BadColumns {
            given: 1,
            expected: 4
        }
    );
    // Without the benchmark's names: a column named otherwise is found by
    // its values, one left over by elimination, an extra one passed over;
    // two that name nothing, for one category, are an error.
    let renamed = |extra: &[&str]| {
        let mut grid = good.clone();
        for h in 1..=3 {
            let house = grid["solution"][&format!("House {h}")]
                .as_object_mut()
                .unwrap();
            let value = house.remove(&column).unwrap();
            house.insert("Other".into(), value);
            for (i, name) in extra.iter().enumerate() {
                house.insert((*name).into(), json!(i));
            }
        }
        grid.to_string()
    };
    assert!(sample.english.grade_grid(&renamed(&[])).unwrap().right);
    assert!(
        sample
            .english
            .grade_grid(&renamed(&["Notes"]))
            .unwrap()
            .right
    );
    let two_unknown = {
        let mut grid = good.clone();
        for h in 1..=3 {
            let house = grid["solution"][&format!("House {h}")]
                .as_object_mut()
                .unwrap();
            house.remove(&column);
            house.insert("Mystery".into(), json!("a"));
            house.insert("Notes".into(), json!("b"));
        }
        grid.to_string()
    };
    assert_eq!(
        sample.english.grade_grid(&two_unknown),
        Err(GradeError::UnknownColumn {
            column: "Mystery".into()
        })
    );
}

#[test]
fn a_puzzle_without_one_solution_grades_no_grid() {
    let english: EnglishPuzzle = "\
There are 2 houses, numbered 1 to 2 from left to right.
 - Each person has a unique name: `Eric`, `Arnold`
"
    .parse()
    .unwrap();
    assert_eq!(
        english.grid_grader().unwrap_err(),
        GradeError::NoOneSolution
    );
}

#[test]
fn one_value_answers_are_graded_with_their_proof() {
    let samples = samples();
    for example in samples["bbeh"]["examples"].as_array().unwrap() {
        let input = example["input"].as_str().unwrap();
        let target = example["target"].as_str().unwrap();
        let english = kongming_zebra_csp::english::Reader::new()
            .either_reading(true)
            .read(input)
            .unwrap();
        for (output, right) in [
            (format!("Reasoning…\nThe answer is: {target}"), true),
            (format!("**Answer:** position {target}."), true),
            (format!("\\boxed{{{target}}}"), true),
            (
                format!("Answer: {}", if target == "1" { "2" } else { "1" }),
                false,
            ),
        ] {
            let grade = english.grade_answer(&output).unwrap();
            assert_eq!(grade.right, right, "{output}");
            assert_eq!(grade.expected.text, target);
        }
        assert!(matches!(
            english.grade_answer("Answer: the first one or the second"),
            Err(GradeError::UnreadableAnswer { .. })
        ));
    }
    // A value in another of its forms reads as it.
    let english: EnglishPuzzle = "\
There are 2 houses (numbered 1 on the left, 2 on the right).
 - The people are of nationalities: brit, swede
 - Each person has a unique name: eric, bob
1. The British person is in the first house.
2. Eric is the Swedish person.
What is Nationality of the person who lives in House 1?
"
    .parse()
    .unwrap();
    assert!(english.grade_answer("The Brit").unwrap().right);
    assert!(english.grade_answer("british").unwrap().right);
    assert!(!english.grade_answer("Swedish").unwrap().right);
    assert_eq!(english.grade_answer("  \n"), Err(GradeError::NoAnswer));
    let no_question = english.clone().with_question(None).unwrap();
    assert_eq!(
        no_question.grade_answer("brit"),
        Err(GradeError::NoQuestion)
    );
}

#[test]
fn a_choice_that_is_no_value_or_an_answer_not_among_them_is_an_error() {
    let english: EnglishPuzzle = "\
There are 2 houses, numbered 1 to 2 from left to right.
 - Each person has a unique name: `Eric`, `Arnold`
 - Each person has a favorite color: `red`, `blue`
 - People have unique hair colors: `red`, `black`
1. Eric is in the first house.
2. The person whose favorite color is red is in the second house.
3. The person who has black hair is Eric.
"
    .parse()
    .unwrap();
    // "Color" names both categories: the choices say which.
    let choice = english
        .choose(
            "What is Color of the person who lives in House 1?",
            &["red", "blue"],
        )
        .unwrap();
    assert_eq!(choice.text, "blue");
    let choice = english
        .choose(
            "What is Color of the person who lives in House 1?",
            &["red", "black"],
        )
        .unwrap();
    assert_eq!(choice.text, "black");
    assert!(matches!(
        english.choose(
            "What is Name of the person who lives in House 1?",
            &["Eric", "Zed"]
        ),
        Err(GradeError::Question(_))
    ));
    assert_eq!(
        english.choose(
            "What is Name of the person who lives in House 1?",
            &["Arnold"]
        ),
        Err(GradeError::NotAChoice {
            answer: "Eric".into()
        })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On generated puzzles written in ZebraLogic's style: the solution's
    /// grid is right; any other arrangement breaks a clue, and its wrong
    /// cells are exactly the cells that differ.
    #[test]
    fn another_arrangement_breaks_a_clue(
        positions in 2usize..=5,
        categories in 2usize..=4,
        seed in 0u64..1000,
        shuffles in proptest::collection::vec((0usize..4, 0usize..5, 0usize..5), 0..4),
    ) {
        let generated = Generator::new(positions, categories)
            .unwrap()
            .generate(seed)
            .unwrap();
        let english = EnglishPuzzle::from_puzzle(&generated.puzzle, Style::ZebraLogic).unwrap();
        let names: Vec<String> = english.phrasings().iter().map(|p| p.noun().to_string()).collect();
        let mut header = vec!["House".to_string()];
        header.extend(names);
        let solution = &generated.solution;
        let mut rows: Vec<Vec<String>> = (0..positions)
            .map(|h| {
                let house = House::from_index(h).unwrap();
                let mut row = vec![(h + 1).to_string()];
                for c in english.puzzle().categories() {
                    row.push(english.value_text(solution.value_at(c, house)).to_string());
                }
                row
            })
            .collect();
        let truth = rows.clone();
        for (c, a, b) in shuffles {
            let c = 1 + c % categories;
            let (a, b) = (a % positions, b % positions);
            let x = rows[a][c].clone();
            rows[a][c] = rows[b][c].clone();
            rows[b][c] = x;
        }
        let grade = english.grade_grid(&output(&header, &rows)).unwrap();
        let differ: usize = rows
            .iter()
            .zip(&truth)
            .map(|(r, t)| r.iter().zip(t).filter(|(a, b)| a != b).count())
            .sum();
        prop_assert_eq!(grade.cells - grade.correct, differ);
        prop_assert_eq!(grade.right, differ == 0);
        let broken = grade.broken.expect("a whole arrangement");
        prop_assert_eq!(broken.is_empty(), differ == 0);
        // Each clue named is broken, checked again on the grid.
        let house_of: HashMap<String, usize> = rows
            .iter()
            .enumerate()
            .flat_map(|(h, row)| row[1..].iter().map(move |v| (v.clone(), h)))
            .collect();
        for number in broken {
            let clue = &english.clues()[number - 1];
            let holds = english.puzzle().clues()[clue.puzzle_clues()].iter().all(|c| {
                c.holds(|t| match t {
                    Term::House(h) => h,
                    Term::Value(item) => House::from_index(house_of[english.value_text(item)]).unwrap(),
                })
            });
            prop_assert!(!holds);
        }
    }
}
