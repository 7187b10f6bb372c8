//! Grid puzzles without a row of houses (Puzzle Baron's): a category of
//! evenly spaced amounts stands for the row, and every comparison means
//! what the English says (checked against every grid by brute force, with
//! the meaning written here); what the scale cannot say is refused; and
//! published GridPuzzle puzzles solve to their published grids.

mod common;

use std::collections::BTreeSet;

use common::permutations;
use kongming_zebra_csp::Solver;
use kongming_zebra_csp::english::{EnglishPuzzle, Reader, Style};
use serde_json::Value;

/// A puzzle of four people (Ann, Bob, Cid, Dee), their pets (cat, dog,
/// eel, fox) and a scale written as `scale` (its values in no order),
/// with one clue.
fn puzzle(scale: &str, clue: &str) -> String {
    format!(
        "Four friends met at the park. Using only the clues below, match the \
         people to the options.\n\n{scale}\nnames : Ann, Bob, Cid, Dee.\n\
         pets : cat, dog, eel, fox.\n\nClues:\n1. {clue}\n"
    )
}

/// Every solution of `english`'s puzzle as the places of the names and of
/// the pets (places in the scale's order, from 0).
fn solutions(english: &EnglishPuzzle) -> BTreeSet<(Vec<usize>, Vec<usize>)> {
    let mut solver = Solver::new(english.puzzle());
    solver
        .solutions()
        .map(|s| {
            let places = |c: usize| s.houses()[c].iter().map(|h| h.index()).collect();
            (places(1), places(2))
        })
        .collect()
}

/// The places of the scale's values, as written, in the solutions: the
/// scale pinned in order.
fn scale_places(english: &EnglishPuzzle) -> BTreeSet<Vec<usize>> {
    let mut solver = Solver::new(english.puzzle());
    solver
        .solutions()
        .map(|s| s.houses()[0].iter().map(|h| h.index()).collect())
        .collect()
}

/// What a clue means, on the places of Ann, Bob, Cid, Dee and of the cat,
/// the dog, the eel and the fox.
type Meaning = fn(&[usize], &[usize]) -> bool;

const YEARS: &str = "years : 2004, 1998, 2001, 1995.";

#[test]
fn every_comparison_means_what_the_english_says() {
    let cases: &[(&str, &str, Meaning)] = &[
        (
            YEARS,
            "Ann was born 3 years before the cat owner.",
            |n, p| n[0] + 1 == p[0],
        ),
        (
            YEARS,
            "Ann was born 6 years after the cat owner.",
            |n, p| n[0] == p[0] + 2,
        ),
        (
            YEARS,
            "Ann was born 9 years before the cat owner.",
            |n, p| n[0] + 3 == p[0],
        ),
        (
            YEARS,
            "Ann was born sometime after the cat owner.",
            |n, p| n[0] > p[0],
        ),
        (YEARS, "Ann was born before the cat owner.", |n, p| {
            n[0] < p[0]
        }),
        (YEARS, "The cat owner was born in 1998.", |_, p| p[0] == 1),
        (YEARS, "Ann wasn't born in 2004.", |n, _| n[0] != 3),
        (
            YEARS,
            "Of Ann and the cat owner, one was born in 1995 and the other was born in 2001.",
            |n, p| n[0] != p[0] && [n[0], p[0]].iter().all(|&x| x == 0 || x == 2),
        ),
        (
            YEARS,
            "Ann, Bob and the cat owner are all different people.",
            |n, p| n[0] != n[1] && n[0] != p[0] && n[1] != p[0],
        ),
        (
            YEARS,
            "The four people are Ann, Bob, the cat owner and the dog owner.",
            |n, p| {
                let four = [n[0], n[1], p[0], p[1]];
                four.iter().collect::<BTreeSet<_>>().len() == 4
            },
        ),
        (
            YEARS,
            "The cat owner is either Ann or the person born in 2004.",
            |n, p| (p[0] == n[0] || p[0] == 3) && n[0] != 3,
        ),
        (
            YEARS,
            "Neither Ann nor the person born in 2004 owns the cat.",
            |n, p| p[0] != n[0] && p[0] != 3 && n[0] != 3,
        ),
        (
            "prices : $40, $25, $35, $30.",
            "Ann paid $10 more than the cat owner.",
            |n, p| n[0] == p[0] + 2,
        ),
        (
            "prices : $40, $25, $35, $30.",
            "Ann paid 5 dollars less than the cat owner.",
            |n, p| n[0] + 1 == p[0],
        ),
        (
            "ratings : 26%, 36%, 46%, 56%.",
            "Ann polled 10% lower than the cat owner.",
            |n, p| n[0] + 1 == p[0],
        ),
        (
            "placements : first, second, third, fourth.",
            "Ann finished 2 places ahead of the cat owner.",
            |n, p| n[0] + 2 == p[0],
        ),
        (
            "placements : first, second, third, fourth.",
            "Ann finished somewhere behind the cat owner.",
            |n, p| n[0] > p[0],
        ),
        (
            "months : March, January, April, February.",
            "Ann's trip is 2 months after the cat owner's trip.",
            |n, p| n[0] == p[0] + 2,
        ),
        (
            "times : 10:00am, 9:00am, 10:30am, 9:30am.",
            "Ann arrived an hour before the cat owner.",
            |n, p| n[0] + 2 == p[0],
        ),
        (
            "ages : 35, 20, 25, 30.",
            "Ann is 5 years older than the cat owner.",
            |n, p| n[0] == p[0] + 1,
        ),
        (
            "votes : 8,500, 9,000, 9,500, 10,000.",
            "Ann got 1,000 more votes than the cat owner.",
            |n, p| n[0] == p[0] + 2,
        ),
        (
            "durations : 5 minutes, 15 minutes, 10 minutes, 20 minutes.",
            "Ann's speech was 5 minutes shorter than the cat owner's.",
            |n, p| n[0] + 1 == p[0],
        ),
    ];
    let perms = permutations(4);
    for &(scale, clue, meaning) in cases {
        let text = puzzle(scale, clue);
        let english = Reader::new()
            .read(&text)
            .unwrap_or_else(|e| panic!("{clue}: {e}"));
        // The scale is pinned: one arrangement of its values.
        assert_eq!(scale_places(&english).len(), 1, "{clue}");
        let expected: BTreeSet<(Vec<usize>, Vec<usize>)> = perms
            .iter()
            .flat_map(|n| perms.iter().map(move |p| (n.clone(), p.clone())))
            .filter(|(n, p)| meaning(n, p))
            .collect();
        assert_eq!(solutions(&english), expected, "{clue}");
        // Written in each style, it reads back to the same puzzle.
        for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
            let out = english.clone().with_style(style).to_string();
            let back = Reader::new()
                .read(&out)
                .unwrap_or_else(|e| panic!("{e}\n{out}"));
            assert_eq!(back.puzzle(), english.puzzle(), "{out}");
        }
    }
}

#[test]
fn the_scale_stands_in_increasing_order() {
    let english = Reader::new()
        .read(&puzzle(YEARS, "Ann was born in 1995."))
        .unwrap();
    // 2004, 1998, 2001, 1995 as written: places 4, 2, 3, 1.
    let places: Vec<Vec<usize>> = scale_places(&english).into_iter().collect();
    assert_eq!(places, vec![vec![3, 1, 2, 0]]);
}

#[test]
fn what_the_scale_cannot_say_is_refused() {
    for clue in [
        // Another unit, no whole number of steps, past the row.
        "Ann was born 2 months before the cat owner.",
        "Ann was born 4 years before the cat owner.",
        "Ann was born 12 years before the cat owner.",
        // An older vintage is an earlier year: "older" compares ages only.
        "Ann is older than the cat owner.",
        // Orders and contests it cannot place, never identities.
        "Ann preceded the cat owner.",
        "Ann beat the cat owner.",
        "Ann is somewhat taller than the cat owner.",
        // No row of places to name.
        "Ann lives next to the cat owner.",
        // Comparisons that are no identity, and none the scale can place.
        "Ann outlived the cat owner.",
        "Ann got almost as many votes as the cat owner.",
        "Ann paid double what the cat owner paid.",
        "Ann was born in advance of the cat owner.",
        "Ann predates the cat owner.",
        "Ann was born up to 6 years before the cat owner.",
        "Ann outspent the cat owner.",
        "Ann overpaid the cat owner.",
        "Ann lost to the cat owner.",
        "Ann was born at least 3 years before the cat owner.",
    ] {
        assert!(
            Reader::new().read(&puzzle(YEARS, clue)).is_err(),
            "{clue} was read"
        );
    }
    // Beside another category of amounts, a comparison both take is the
    // scale's only with an amount of its unit.
    let rival = "Friends met. Using only the clues below, match the years to the \
                 options.\n\nyears : 1995, 1998, 2001.\nlockers : 12, 40, 75.\n\
                 names : Ann, Bob, Cid.\n\nClues:\n1. ";
    for (clue, reads) in [
        ("Ann was born 3 years before Bob.", true),
        ("Ann was born sometime before Bob.", true),
        ("Ann has a locker numbered higher than Bob.", false),
        ("Ann has 2 more than Bob.", false),
        ("Ann has been a member less long than Bob.", false),
    ] {
        let read = Reader::new().read(&format!("{rival}{clue}\n"));
        assert_eq!(read.is_ok(), reads, "{clue}: {read:?}");
    }
    // Sizes compare as amounts do: "bigger" beside them is not the scale's.
    let sizes = "Friends met. Using only the clues below, match the votes to the \
                 options.\n\nvotes : 10, 20, 30.\nsizes : small, medium, large.\n\
                 names : Ann, Bob, Cid.\n\nClues:\n1. Ann ordered a bigger shirt than Bob.\n";
    assert!(Reader::new().read(sizes).is_err());
    // A number said apart, a unit after the comparison, grades ahead.
    for (scale, clue) in [
        (
            "ages : 4, 8, 12, 16.",
            "Ann, who is 8, is older than the cat owner.",
        ),
        (
            "heights : 5 ft, 7 ft, 9 ft, 11 ft.",
            "Ann jumped 2 fewer yards than the cat owner.",
        ),
        (
            "grades : first, second, third, fourth.",
            "Ann is one grade ahead of the cat owner.",
        ),
    ] {
        assert!(
            Reader::new().read(&puzzle(scale, clue)).is_err(),
            "{clue} was read"
        );
    }
    // Words of a row, time words of prices, places in a contest "short
    // of", and things the scale does not count (a review's findings).
    for (scale, clue) in [
        ("ages : 20, 25, 30, 35.", "Ann lives at one end."),
        (
            "ages : 20, 25, 30, 35.",
            "Ann and Bob are on either side of Cid.",
        ),
        (
            "ages : 20, 25, 30, 35.",
            "Ann, Bob and Cid are in that order.",
        ),
        ("ages : 20, 25, 30, 35.", "Ann and Bob sit side by side."),
        (
            "prices : $25, $30, $35, $40.",
            "Ann arrived before the cat owner.",
        ),
        (
            "prices : $1, $2, $3, $4.",
            "Ann bought 2 more apples than the cat owner.",
        ),
        (
            "placements : first, second, third, fourth.",
            "Ann finished short of the cat owner.",
        ),
        (
            "weights : 10 lbs, 20 lbs, 30 lbs, 40 lbs.",
            "Ann is taller than the cat owner.",
        ),
        (
            "prices : $1 million, $2 million, $3 million, $4 million.",
            "Ann paid $1 more than the cat owner.",
        ),
    ] {
        assert!(
            Reader::new().read(&puzzle(scale, clue)).is_err(),
            "{clue} was read against {scale}"
        );
    }
    // Times of day say am or pm: "3:00" may be either.
    let times = puzzle(
        "times : 9:00, 12:00, 3:00, 6:00.",
        "Ann arrived 3 hours after the cat owner.",
    );
    assert!(Reader::new().read(&times).is_err());
    // An opening that speaks of houses keeps its houses, and a word of a
    // category's noun is one only beside another ("after-school").
    let houses = "Four friends live in four adjacent houses on a street.\n\
                  ages : 35, 20, 25, 30.\nnames : Ann, Bob, Cid, Dee.\n\
                  1. Ann lives at one end.\n";
    assert_eq!(
        Reader::new().read(houses).unwrap().puzzle().clues().len(),
        1
    );
    let noun = "There are 3 houses, numbered 1 to 3 from left to right.\n\
                After-school activities: chess, band, drama.\nNames: Ann, Bob, Cid.\n\
                1. The chess player is after Bob.\n";
    assert!(Reader::new().read(noun).is_err());
    // A value said apart from a comparison is the value.
    let text = puzzle(
        "prices : $40, $25, $35, $30.",
        "Ann paid $30, less than the cat owner.",
    );
    assert!(Reader::new().read(&text).is_err());
    // Two scales: which one a comparison means is not said.
    let two = "Friends met. Using only the clues below, match them.\n\nyears : 1995, 1998, \
               2001.\nages : 20, 25, 30.\nnames : Ann, Bob, Cid.\n\nClues:\n1. Ann was born \
               3 years before Bob.\n";
    assert!(Reader::new().read(two).is_err());
}

#[test]
fn a_row_of_houses_keeps_its_houses() {
    // An evenly spaced category of a puzzle whose opening names the row is
    // a category like the others.
    let text = "There are 4 houses, numbered 1 to 4 from left to right.\n\
                ages : 20, 25, 30, 35.\nnames : Ann, Bob, Cid, Dee.\n\
                1. Ann lives two houses to the left of the person aged 30.\n";
    let english = Reader::new().read(text).unwrap();
    assert_eq!(english.puzzle().clues().len(), 2);
    let perms = permutations(4);
    let mut solver = Solver::new(english.puzzle());
    let found: BTreeSet<(Vec<usize>, Vec<usize>)> = solver
        .solutions()
        .map(|s| {
            let places = |c: usize| s.houses()[c].iter().map(|h| h.index()).collect();
            (places(0), places(1))
        })
        .collect();
    // "two houses to the left": exactly two places left.
    let expected: BTreeSet<(Vec<usize>, Vec<usize>)> = perms
        .iter()
        .flat_map(|a| perms.iter().map(move |n| (a.clone(), n.clone())))
        .filter(|(a, n)| n[0] + 2 == a[2])
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn gridpuzzle_samples_solve_to_their_published_grids() {
    let file: Value =
        serde_json::from_str(include_str!("data/gridpuzzle-12.json")).expect("valid JSON");
    let puzzles = file["puzzles"].as_array().expect("puzzles");
    assert_eq!(puzzles.len(), 12);
    for item in puzzles {
        let id = item["id"].as_str().unwrap();
        let english = Reader::new()
            .read(item["question"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut solver = Solver::new(english.puzzle());
        let found: Vec<_> = solver.solutions().take(2).collect();
        assert_eq!(found.len(), 1, "{id}: one solution");
        let solution = &found[0];
        let puzzle = english.puzzle();
        // Each published row: the values of one place, one per category.
        for row in item["answer"].as_str().unwrap().lines() {
            let cells: Vec<&str> = row.split(" | ").map(str::trim).collect();
            let houses: BTreeSet<usize> = cells
                .iter()
                .enumerate()
                .map(|(c, cell)| {
                    let category = puzzle.categories().nth(c).unwrap();
                    let v = puzzle
                        .values(category)
                        .iter()
                        .position(|v| v.eq_ignore_ascii_case(&cell.replace(' ', "_")))
                        .or_else(|| {
                            puzzle
                                .values(category)
                                .iter()
                                .position(|v| fold(v) == fold(cell))
                        })
                        .unwrap_or_else(|| panic!("{id}: {cell} is a value"));
                    solution.houses()[c][v].index()
                })
                .collect();
            assert_eq!(houses.len(), 1, "{id}: {row} is one place");
        }
    }
}

/// Letters and digits, in lower case.
fn fold(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}
