//! Grading a model's answers (`kongming_zebra_csp::english`): no panic on
//! any text, for a grid (with the benchmark's column names and without)
//! or a one-value answer; a grade counts its cells right (the wrong cells
//! are the cells not right), and a whole arrangement that breaks no clue
//! is the solution, every cell right. The puzzle is one of a few fixed
//! ones, picked by the first byte; the rest is the model's text.
#![no_main]

use kongming_zebra_csp::english::{EnglishPuzzle, GridGrade};
use libfuzzer_sys::fuzz_target;

const PUZZLES: [&str; 3] = [
    "\
There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street.
 - Each person has a unique name: `Eric`, `Arnold`, `Peter`
 - Each person has a unique type of pet: `dog`, `cat`, `fish`
 - People have unique favorite drinks: `tea`, `milk`, `iced tea`
## Clues:
1. Eric is directly left of the person who owns a dog.
2. The cat lover is in the third house.
3. Peter is the tea drinker.
4. The person who likes milk is not in the first house.
5. Arnold is somewhere to the right of the person who drinks iced tea.
6. Peter is in the second house.
",
    "\
There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
 - Each person has a unique name: `Eric`, `Arnold`
 - The people are of nationalities: `brit`, `swede`
## Clues:
1. Eric is the British person.
2. The Swedish person is in the first house.
",
    "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different pet: cat, dog, eel.
Clue 1: Bob is immediately to the left of Cid.
Clue 2: Ann is at the 3rd position.
Clue 3: The cat owner is Bob.
Question: What is the pet of the person at the 2nd position?
",
];

const HEADERS: [&[&str]; 3] = [
    &["House", "Name", "Pet", "Drink"],
    &["House", "Name", "Nationality"],
    &["House", "Name", "Pet"],
];

fn check(grade: &GridGrade) {
    assert!(grade.correct <= grade.cells);
    assert_eq!(grade.wrong.len(), grade.cells - grade.correct);
    assert_eq!(grade.right, grade.wrong.is_empty());
    if grade.broken.as_ref().is_some_and(Vec::is_empty) {
        assert!(grade.right, "a whole arrangement that breaks no clue is the solution");
    }
    if grade.right {
        assert_eq!(grade.broken.as_deref(), Some(&[][..]));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(output) = std::str::from_utf8(rest) else {
        return;
    };
    let k = usize::from(first) % PUZZLES.len();
    let english: EnglishPuzzle = PUZZLES[k].parse().expect("a puzzle that reads");
    if english.question().is_some() {
        if let Ok(grade) = english.grade_answer(output) {
            assert_eq!(grade.right, grade.read == grade.expected.value);
        }
        let _ = english.choose(output, &["cat", "dog", "eel"]);
        return;
    }
    let grader = english.grid_grader().expect("one solution");
    match grader.grade(output) {
        Ok(grade) => check(&grade),
        Err(err) => {
            let _ = err.to_string();
        }
    }
    let named = grader.clone().columns(HEADERS[k]).expect("one name per category");
    let (right, correct, cells) = named.score(output);
    assert!(correct <= cells && right == (correct == cells));
    if let Ok(grade) = named.grade(output) {
        check(&grade);
        assert_eq!(grade.cells, cells);
    }
});
