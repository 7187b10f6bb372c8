//! The size limits: puzzles of up to `MAX_CATEGORIES` (64) categories and
//! `MAX_POSITIONS` (16) houses are built, written, read back and solved;
//! one more of either is refused with the error that names the limit.
//!
//! BIG-Bench Extra Hard's zebra puzzles (the `bbeh` samples of
//! `zebra-english-samples.json`, from the BIG-Bench Extra Hard benchmark)
//! have up to 18 categories of 7 or 8 people, so the tests cover 18
//! categories of 7 and of 8 houses, and the largest size, 32 × 16.

mod common;

use common::{Oracle, indices};
use kongming_zebra_csp::{
    Category, Clue, Difficulty, Generated, Generator, House, Item, MAX_CATEGORIES, MAX_POSITIONS,
    Puzzle, PuzzleError, Reason, Term, Uniqueness,
};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A puzzle of `n` houses and `cats` categories, and the grid
/// (`hidden[category][value]`, 0-based houses) that is its only solution
/// by construction:
///
/// - the values of category 0 form a chain of `left-of` clues in the order
///   of their houses; a chain of `n` values, each immediately left of the
///   next, spans the whole row, so each value is in its hidden house;
/// - every value of every later category but one is tied by one clue to a
///   value of an earlier category (already placed): in the same house
///   (`=`), immediately right (`right-of`) or left (`left-of`) of it; or
///   to its house (`at`); so it is in its hidden house too;
/// - the one value left of each category has the one house its category's
///   other values leave.
///
/// Then `noise` clues that hold in the hidden grid (so change nothing) of
/// the other kinds, to exercise their constraints at this size.
fn hidden_puzzle(n: usize, cats: usize, noise: usize, seed: u64) -> (Puzzle, Vec<Vec<usize>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names: Vec<(String, Vec<String>)> = (0..cats)
        .map(|c| {
            (
                format!("k{c}"),
                (0..n).map(|v| format!("k{c}v{v}")).collect(),
            )
        })
        .collect();
    let spec: Vec<(&str, &[String])> = names
        .iter()
        .map(|(name, values)| (name.as_str(), values.as_slice()))
        .collect();
    let mut puzzle = Puzzle::new(&spec).expect("a size within the limits");
    let hidden: Vec<Vec<usize>> = (0..cats)
        .map(|_| {
            let mut row: Vec<usize> = (0..n).collect();
            row.shuffle(&mut rng);
            row
        })
        .collect();
    // at[c][h]: the value of category c in house h.
    let mut at = vec![vec![0; n]; cats];
    for (c, row) in hidden.iter().enumerate() {
        for (v, &h) in row.iter().enumerate() {
            at[c][h] = v;
        }
    }
    let value =
        |c: usize, v: usize| Term::Value(Item::new(Category::from_index(c).unwrap(), v).unwrap());
    let house = |h: usize| Term::House(House::from_index(h).unwrap());
    let mut clues = Vec::new();
    for h in 0..n - 1 {
        clues.push(Clue::LeftOf(value(0, at[0][h]), value(0, at[0][h + 1])));
    }
    for (c, row) in hidden.iter().enumerate().skip(1) {
        let left_out = rng.random_range(0..n);
        for (v, &h) in row.iter().enumerate().filter(|&(v, _)| v != left_out) {
            let d = rng.random_range(0..c);
            let x = value(c, v);
            clues.push(match rng.random_range(0..4) {
                1 if h > 0 => Clue::RightOf(x, value(d, at[d][h - 1])),
                2 if h + 1 < n => Clue::LeftOf(x, value(d, at[d][h + 1])),
                3 => Clue::Same(x, house(h)),
                _ => Clue::Same(x, value(d, at[d][h])),
            });
        }
    }
    let mut extra = 0;
    while extra < noise {
        let pick = |rng: &mut ChaCha8Rng| {
            let c = rng.random_range(0..cats);
            let v = rng.random_range(0..n);
            (value(c, v), hidden[c][v])
        };
        let ((a, ha), (b, hb), (c, hc)) = (pick(&mut rng), pick(&mut rng), pick(&mut rng));
        let clue = match rng.random_range(0..6) {
            0 if ha.abs_diff(hb) == 1 => Clue::NextTo(a, b),
            1 if ha.abs_diff(hb) > 1 => Clue::NotNextTo(a, b),
            2 if ha < hb => Clue::SomewhereLeftOf(a, b),
            3 if ha != hb => Clue::Distance(a, ha.abs_diff(hb), b),
            4 if hb.min(hc) < ha && ha < hb.max(hc) => Clue::Between(a, b, c),
            5 if ha == hb || ha == hc => Clue::EitherOr(a, b, c),
            _ => continue,
        };
        if puzzle.validate_clue(&clue).is_ok() {
            clues.push(clue);
            extra += 1;
        }
    }
    clues.shuffle(&mut rng);
    for clue in clues {
        puzzle
            .add_clue(clue)
            .expect("a clue true in the hidden grid");
    }
    (puzzle, hidden)
}

/// Checks that `puzzle` reads back from its text, that the clues hold in
/// `hidden` (re-evaluated by the tests' own reading of the text), and that
/// the solver proves `hidden` its only solution.
fn check_solves_to(puzzle: &Puzzle, hidden: &[Vec<usize>]) {
    let text = puzzle.to_string();
    assert_eq!(&text.parse::<Puzzle>().expect("its own text"), puzzle);
    let oracle = Oracle::new(&text);
    assert_eq!(
        (oracle.n, oracle.cats),
        (puzzle.positions(), puzzle.num_categories())
    );
    assert!(
        oracle.holds_at(hidden),
        "a clue is false in the hidden grid"
    );
    match puzzle.uniqueness() {
        Uniqueness::Unique(solution) => assert_eq!(indices(solution.houses()), hidden),
        other => panic!("not proved unique: {other:?}"),
    }
}

#[test]
fn a_64_category_16_house_puzzle_solves_to_its_hidden_solution() {
    let (puzzle, hidden) = hidden_puzzle(MAX_POSITIONS, MAX_CATEGORIES, 40, 32);
    assert_eq!((puzzle.positions(), puzzle.num_categories()), (16, 64));
    check_solves_to(&puzzle, &hidden);
    // The explanation reaches the same grid, and no step rules out a
    // value's hidden house (the only solution survives every sound step).
    let explanation = puzzle.explain();
    let solution = explanation.solution().expect("the explanation solves it");
    assert_eq!(indices(solution.houses()), hidden);
    for step in explanation.steps() {
        assert!(!matches!(step.reason, Reason::CaseSplit { .. }));
        for change in &step.changes {
            let (c, v) = (change.item.category().index(), change.item.index());
            assert!(change.after.iter().any(|h| h.index() == hidden[c][v]));
        }
    }
    // Arc consistency alone places every value: along the chain of
    // category 0 (bounds), then through each tie, then the one value left
    // of each category; so the grade is the easiest.
    assert_eq!(puzzle.difficulty(), Difficulty::Propagation);
    // The last category's steps are named.
    let last = Category::from_index(MAX_CATEGORIES - 1).unwrap();
    assert_eq!(Reason::Category(last).to_text(&puzzle), "one k63 per house");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every size up to the limits, built around a hidden grid: the text
    /// round trip, and the solver finds that grid and proves it unique.
    #[test]
    fn puzzles_of_every_size_solve_to_their_hidden_solution(
        // The sizes promised, written out (not the constants).
        n in 2usize..=16,
        cats in 1usize..=64,
        noise in 0usize..20,
        seed in any::<u64>(),
    ) {
        let (puzzle, hidden) = hidden_puzzle(n, cats, noise, seed);
        check_solves_to(&puzzle, &hidden);
    }
}

/// The finished puzzle of `seed` with `positions` houses and `categories`
/// categories.
fn generated(positions: usize, categories: usize, seed: u64) -> Generated {
    Generator::new(positions, categories)
        .expect("a size within the limits")
        .generate(seed)
        .expect("an unlimited generator finishes")
}

#[test]
fn generated_18_category_puzzles_of_8_and_7_houses_round_trip_and_solve() {
    // Generator::new takes the houses first, then the categories.
    for (positions, seed) in [(8, 4), (7, 0)] {
        let generated = generated(positions, 18, seed);
        let puzzle = &generated.puzzle;
        assert_eq!(
            (puzzle.positions(), puzzle.num_categories()),
            (positions, 18)
        );
        check_solves_to(puzzle, &indices(generated.solution.houses()));
    }
}

#[test]
fn one_category_or_one_house_past_the_limits_is_refused() {
    let category = |c: usize, n: usize| {
        (
            format!("k{c}"),
            (0..n).map(|v| format!("k{c}v{v}")).collect(),
        )
    };
    let spec_of = |cats: usize, n: usize| -> Vec<(String, Vec<String>)> {
        (0..cats).map(|c| category(c, n)).collect()
    };
    let build = |spec: &[(String, Vec<String>)]| {
        let spec: Vec<(&str, &[String])> = spec
            .iter()
            .map(|(name, values)| (name.as_str(), values.as_slice()))
            .collect();
        Puzzle::new(&spec)
    };
    assert_eq!((MAX_CATEGORIES, MAX_POSITIONS), (64, 16));
    // 64 categories of 16 values: accepted.
    let largest = build(&spec_of(64, 16)).expect("the largest size");
    assert_eq!((largest.num_categories(), largest.positions()), (64, 16));
    // 65 categories: refused, naming the limit.
    let err = build(&spec_of(65, 2)).unwrap_err();
    assert_eq!(err, PuzzleError::TooManyCategories);
    assert_eq!(err.to_string(), "more than 64 categories");
    // 17 values per category: refused, naming the limit.
    let err = build(&spec_of(1, 17)).unwrap_err();
    assert_eq!(err, PuzzleError::PositionCount(17));
    assert_eq!(
        err.to_string(),
        "17 values per category; a puzzle has 2 to 16"
    );
    // The text format: the 65th category line is the one refused.
    let text: String = spec_of(65, 2)
        .iter()
        .map(|(name, values)| format!("{name}: {}\n", values.join(" ")))
        .collect();
    let err = text.parse::<Puzzle>().unwrap_err();
    assert_eq!(
        (err.line(), err.error()),
        (Some(65), &PuzzleError::TooManyCategories)
    );
    assert_eq!(err.to_string(), "line 65: more than 64 categories");
    let text: String = text.lines().take(64).map(|l| format!("{l}\n")).collect();
    assert_eq!(text.parse::<Puzzle>().map(|p| p.num_categories()), Ok(64));
    // The generator, positions first.
    assert_eq!(
        Generator::new(16, 65).unwrap_err(),
        PuzzleError::TooManyCategories
    );
    assert_eq!(
        Generator::new(17, 64).unwrap_err(),
        PuzzleError::PositionCount(17)
    );
    assert!(Generator::new(16, 64).is_ok());
    assert!(Generator::new(7, 18).is_ok());
    // The numbering types stop at the limits too.
    assert!(Category::from_index(63).is_some());
    assert_eq!(Category::from_index(64), None);
    assert!(House::from_number(16).is_some());
    assert_eq!(House::from_number(17), None);
    let last = Category::from_index(63).unwrap();
    assert_eq!(largest.value_name(Item::new(last, 15).unwrap()), "k63v15");
}

#[cfg(feature = "serde")]
#[test]
fn the_largest_puzzle_its_solution_and_explanation_round_trip_through_serde() {
    let (puzzle, _) = hidden_puzzle(16, 64, 10, 7);
    let explanation = puzzle.explain();
    let solution = explanation.solution().expect("solved").clone();
    let json = serde_json::to_string(&puzzle).unwrap();
    assert_eq!(serde_json::from_str::<Puzzle>(&json).unwrap(), puzzle);
    let json = serde_json::to_string(&solution).unwrap();
    assert_eq!(
        serde_json::from_str::<kongming_zebra_csp::Solution>(&json).unwrap(),
        solution
    );
    let json = serde_json::to_string(&explanation).unwrap();
    let back: kongming_zebra_csp::Explanation = serde_json::from_str(&json).unwrap();
    assert_eq!(back, explanation);
    // A step naming the 64th category loads; one naming a 65th does not.
    let last = serde_json::to_string(&Reason::Category(Category::from_index(63).unwrap())).unwrap();
    assert_eq!(last, r#"{"category":64}"#);
    assert!(serde_json::from_str::<Reason>(&last).is_ok());
    assert!(serde_json::from_str::<Reason>(r#"{"category":65}"#).is_err());
}
