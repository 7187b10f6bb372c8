//! Random puzzles with exactly one solution and no redundant clue.

use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::network;
use crate::puzzle::{
    Clue, Item, MAX_CATEGORIES, MAX_POSITIONS, MIN_POSITIONS, Puzzle, PuzzleError, Solution, Term,
};
use crate::solve::{Solver, root_settles};

/// How hard a puzzle is, by the least solving effort that settles it.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Difficulty, grade};
/// assert_eq!(grade(&kongming_zebra_csp::einstein()), Difficulty::Propagation);
/// assert!(matches!(grade(&kongming_zebra_csp::life()), Difficulty::Singleton { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Difficulty {
    /// Propagation of the clues and categories alone fixes every value.
    Propagation,
    /// Singleton arc consistency is needed (and enough): it ruled out
    /// `removals` values.
    Singleton {
        /// Values ruled out by singleton tests.
        removals: u64,
    },
    /// Case splits are needed even with singleton consistency: the default
    /// search made `splits` of them to prove the solution unique.
    CaseSplits {
        /// Case splits of the default search (all solutions).
        splits: u64,
    },
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Propagation => f.write_str("easy (propagation alone)"),
            Difficulty::Singleton { removals } => write!(
                f,
                "medium (singleton arc consistency, {removals} values ruled out)"
            ),
            Difficulty::CaseSplits { splits } => write!(f, "hard ({splits} case splits)"),
        }
    }
}

/// Grades a puzzle by the least effort that settles it (see [`Difficulty`]).
/// A puzzle without a unique solution is graded by the effort of its search.
///
/// # Example
///
/// See [`Difficulty`].
pub fn grade(puzzle: &Puzzle) -> Difficulty {
    let network = network::build(puzzle);
    if root_settles(&network, false).0 {
        return Difficulty::Propagation;
    }
    let (settled, removals) = root_settles(&network, true);
    if settled {
        return Difficulty::Singleton { removals };
    }
    let mut solver = Solver::new(puzzle);
    solver.count();
    Difficulty::CaseSplits {
        splits: solver.stats().case_splits,
    }
}

/// A generated puzzle, its solution and its grade.
///
/// # Example
///
/// See [`Generator`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle (exactly one solution, no redundant clue).
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Solution,
    /// Its grade.
    pub difficulty: Difficulty,
}

const THEMES: &[(&str, [&str; 16])] = &[
    (
        "colour",
        [
            "red", "green", "white", "yellow", "blue", "black", "orange", "pink", "purple", "grey",
            "brown", "ivory", "teal", "gold", "silver", "cyan",
        ],
    ),
    (
        "nationality",
        [
            "Brit",
            "Swede",
            "Dane",
            "German",
            "Norwegian",
            "Japanese",
            "Spaniard",
            "Italian",
            "Pole",
            "Greek",
            "Irish",
            "Dutch",
            "Finn",
            "Czech",
            "Swiss",
            "Scot",
        ],
    ),
    (
        "drink",
        [
            "tea", "coffee", "milk", "beer", "water", "juice", "cocoa", "wine", "cider", "soda",
            "kefir", "lassi", "mate", "sake", "kvass", "punch",
        ],
    ),
    (
        "pet",
        [
            "dog", "cat", "bird", "fish", "horse", "zebra", "snail", "fox", "hamster", "rabbit",
            "turtle", "parrot", "ferret", "lizard", "goat", "pony",
        ],
    ),
    (
        "sport",
        [
            "chess", "tennis", "golf", "rugby", "hockey", "judo", "rowing", "cycling", "boxing",
            "skiing", "karate", "fencing", "polo", "squash", "curling", "darts",
        ],
    ),
    (
        "food",
        [
            "bread",
            "rice",
            "pasta",
            "soup",
            "salad",
            "cheese",
            "pie",
            "curry",
            "stew",
            "tacos",
            "sushi",
            "noodles",
            "beans",
            "pizza",
            "waffles",
            "dumplings",
        ],
    ),
];

/// The name of category `c` and its `n` values.
fn theme(c: usize, n: usize) -> (String, Vec<String>) {
    match THEMES.get(c) {
        Some((name, values)) => (
            (*name).to_string(),
            values[..n].iter().map(ToString::to_string).collect(),
        ),
        None => {
            let letter = char::from(b'a' + u8::try_from(c).unwrap_or(0) % 26);
            (
                format!("category{}", c + 1),
                (1..=n).map(|v| format!("{letter}{v}")).collect(),
            )
        }
    }
}

/// Generates logic-grid puzzles from a seed: the same size and seed give
/// the same puzzle on every machine (ChaCha8 random numbers).
///
/// The solution is drawn at random; true clues of every kind are drawn and
/// added until the solution is the only one; then each clue, in random
/// order, is dropped if the rest still pins the solution down. What is left
/// has exactly one solution and no redundant clue.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Generator;
/// let generated = Generator::new(5, 4)?.generate(7);
/// let puzzle = &generated.puzzle;
/// assert!(puzzle.uniqueness().is_unique());
/// for i in 0..puzzle.clues().len() {
///     assert!(!puzzle.without_clue(i).uniqueness().is_unique());
/// }
/// assert_eq!(Generator::new(5, 4)?.generate(7), generated);
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    positions: usize,
    categories: usize,
}

impl Generator {
    /// A generator of puzzles with `positions` houses and `categories`
    /// categories.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::PositionCount`] outside `2..=16`,
    /// [`PuzzleError::NoCategories`] or [`PuzzleError::TooManyCategories`]
    /// outside `1..=16`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Generator, PuzzleError};
    /// assert_eq!(Generator::new(1, 3).unwrap_err(), PuzzleError::PositionCount(1));
    /// ```
    pub fn new(positions: usize, categories: usize) -> Result<Self, PuzzleError> {
        if !(MIN_POSITIONS..=MAX_POSITIONS).contains(&positions) {
            return Err(PuzzleError::PositionCount(positions));
        }
        if categories == 0 {
            return Err(PuzzleError::NoCategories);
        }
        if categories > MAX_CATEGORIES {
            return Err(PuzzleError::TooManyCategories);
        }
        Ok(Generator {
            positions,
            categories,
        })
    }

    /// The empty puzzle (names, no clue) this generator fills.
    fn blank(&self) -> Puzzle {
        let themes: Vec<(String, Vec<String>)> = (0..self.categories)
            .map(|c| theme(c, self.positions))
            .collect();
        let spec: Vec<(&str, &[String])> = themes
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_slice()))
            .collect();
        Puzzle::new(&spec).expect("the built-in names are valid")
    }

    /// Generates the puzzle of `seed`.
    ///
    /// # Example
    ///
    /// See [`Generator`].
    #[must_use]
    pub fn generate(&self, seed: u64) -> Generated {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = self.positions;
        let houses: Vec<Vec<usize>> = (0..self.categories)
            .map(|_| {
                let mut row: Vec<usize> = (0..n).collect();
                row.shuffle(&mut rng);
                row
            })
            .collect();
        let mut puzzle = self.blank();
        let solution = Solution::new(&puzzle, houses);
        // Add true clues until the solution is the only one. The clue at
        // each house of each value pins everything down, so this ends.
        let mut fruitless = 0u32;
        while !is_unique(&puzzle) {
            let clue = if fruitless > 200 {
                // Fallback: place a value whose house is not yet forced.
                fruitless = 0;
                let item = Item {
                    category: rng.random_range(0..self.categories),
                    value: rng.random_range(0..n),
                };
                Clue::Same(Term::Value(item), Term::House(solution.house_of(item)))
            } else {
                random_clue(&mut rng, &solution, self.categories, n)
            };
            let holds = clue.holds(|t| match t {
                Term::Value(item) => solution.house_of(item),
                Term::House(h) => h,
            });
            debug_assert!(holds, "a false clue was drawn");
            if !holds || puzzle.clues.contains(&clue) || puzzle.validate_clue(&clue).is_err() {
                fruitless += 1;
                continue;
            }
            puzzle.clues.push(clue);
        }
        // Drop clues that others imply, in random order.
        let mut order: Vec<usize> = (0..puzzle.clues.len()).collect();
        order.shuffle(&mut rng);
        let mut keep = vec![true; puzzle.clues.len()];
        for &i in &order {
            keep[i] = false;
            let trial = with_clues(&puzzle, &keep);
            if !is_unique(&trial) {
                keep[i] = true;
            }
        }
        let puzzle = with_clues(&puzzle, &keep);
        let difficulty = grade(&puzzle);
        Generated {
            puzzle,
            solution,
            difficulty,
        }
    }
}

impl Generator {
    /// Generates the puzzles of the seeds in `seeds`, in order, calling
    /// `progress(done, total)` after each (for a progress bar).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Generator;
    /// let generator = Generator::new(4, 3)?;
    /// let mut calls = 0;
    /// let batch = generator.generate_batch(10..13, |done, total| {
    ///     calls += 1;
    ///     assert!(done <= total && total == 3);
    /// });
    /// assert_eq!((batch.len(), calls), (3, 3));
    /// assert_eq!(batch[1], generator.generate(11));
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    pub fn generate_batch(
        &self,
        seeds: std::ops::Range<u64>,
        mut progress: impl FnMut(u64, u64),
    ) -> Vec<Generated> {
        let total = seeds.end.saturating_sub(seeds.start);
        seeds
            .enumerate()
            .map(|(i, seed)| {
                let generated = self.generate(seed);
                progress(i as u64 + 1, total);
                generated
            })
            .collect()
    }
}

fn with_clues(puzzle: &Puzzle, keep: &[bool]) -> Puzzle {
    let mut p = puzzle.clone();
    p.clues = puzzle
        .clues
        .iter()
        .zip(keep)
        .filter(|&(_, &k)| k)
        .map(|(c, _)| *c)
        .collect();
    p
}

fn is_unique(puzzle: &Puzzle) -> bool {
    let mut solver = Solver::new(puzzle);
    solver.next_solution().is_some() && solver.next_solution().is_none()
}

/// A random clue that holds in `solution`.
fn random_clue(rng: &mut ChaCha8Rng, solution: &Solution, categories: usize, n: usize) -> Clue {
    let at = |category: usize, house: usize| Term::Value(solution.value_at(category, house));
    let cat = |rng: &mut ChaCha8Rng| rng.random_range(0..categories);
    let other_cat = |rng: &mut ChaCha8Rng, c: usize| {
        if categories == 1 {
            c
        } else {
            (c + rng.random_range(1..categories)) % categories
        }
    };
    let h1 = rng.random_range(0..n);
    let c1 = cat(rng);
    let c2 = other_cat(rng, c1);
    let a = at(c1, h1);
    let kinds = [
        3u32, // same
        2,    // not same
        1,    // at
        1,    // not at
        2,    // left of
        1,    // right of
        2,    // somewhere left of
        1,    // somewhere right of
        3,    // next to
        1,    // not next to
        1,    // distance
        2,    // between
        2,    // either-or
    ];
    let total: u32 = kinds.iter().sum();
    let mut pick = rng.random_range(0..total);
    let mut kind = 0;
    while pick >= kinds[kind] {
        pick -= kinds[kind];
        kind += 1;
    }
    let other_house = |rng: &mut ChaCha8Rng| (h1 + rng.random_range(1..n)) % n;
    match kind {
        0 => Clue::Same(a, at(c2, h1)),
        1 => Clue::NotSame(a, at(c2, other_house(rng))),
        2 => Clue::Same(a, Term::House(h1)),
        3 => Clue::NotSame(a, Term::House(other_house(rng))),
        4 if h1 + 1 < n => Clue::LeftOf(a, at(c2, h1 + 1)),
        5 if h1 > 0 => Clue::RightOf(a, at(c2, h1 - 1)),
        6 | 7 => {
            let h2 = other_house(rng);
            if h1 < h2 {
                Clue::SomewhereLeftOf(a, at(c2, h2))
            } else {
                Clue::SomewhereRightOf(a, at(c2, h2))
            }
        }
        8 if h1 + 1 < n => Clue::NextTo(a, at(c2, h1 + 1)),
        8 => Clue::NextTo(a, at(c2, h1 - 1)),
        9 => {
            let h2 = other_house(rng);
            if h1.abs_diff(h2) == 1 {
                Clue::NotSame(a, at(c2, h2))
            } else {
                Clue::NotNextTo(a, at(c2, h2))
            }
        }
        10 => {
            let h2 = other_house(rng);
            match h1.abs_diff(h2) {
                1 => Clue::NextTo(a, at(c2, h2)),
                k => Clue::Distance(a, k, at(c2, h2)),
            }
        }
        11 if n >= 3 => {
            let mut hs: Vec<usize> = (0..n).collect();
            hs.shuffle(rng);
            let mut three = [hs[0], hs[1], hs[2]];
            three.sort_unstable();
            let (lo, mid, hi) = (three[0], three[1], three[2]);
            let c3 = cat(rng);
            let (b, c) = (at(c2, lo), at(c3, hi));
            let first = at(c1, mid);
            if rng.random_bool(0.5) {
                Clue::Between(first, b, c)
            } else {
                Clue::Between(first, c, b)
            }
        }
        12 => {
            let c3 = other_cat(rng, c1);
            let b = at(c2, h1);
            let c = at(c3, other_house(rng));
            if rng.random_bool(0.5) {
                Clue::EitherOr(a, b, c)
            } else {
                Clue::EitherOr(a, c, b)
            }
        }
        _ => Clue::NextTo(a, at(c2, if h1 + 1 < n { h1 + 1 } else { h1 - 1 })),
    }
}
