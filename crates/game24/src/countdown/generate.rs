//! A seeded numbers game of a chosen grade under any [`Rules`]:
//! [`CountdownGenerator`], with how the numbers are dealt ([`Deal`]) and
//! whether the target can be made ([`Solvability`]).

use std::fmt;
use std::ops::RangeInclusive;

use kongming_search::control::{Budget, Meter, Outcome};
use kongming_search::play::{GenerateError, Grade};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::effort::Effort;
use super::game::{Answer, Countdown, MAX_COUNTDOWN_NUMBERS, SolutionList};
use super::instance::{Closest, Instance};
use super::rules::{Arithmetic, NumberUse, Rules};
use super::survey::tile_selections;
use crate::Game;
use crate::difficulty::grade_of_solvable;
use crate::expr::Expr;
use crate::generate::spend;
use crate::hands::{HandSize, hands};

/// Countdown's large tiles, one of each.
const LARGE: [i64; 4] = [25, 50, 75, 100];
/// Countdown's small tiles, two each of 1 to 10.
const SMALL: [i64; 20] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10];
/// The tiles of a Countdown hand.
const TILES: usize = 6;

/// How a generator deals the numbers of a hand.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Deal, Rules};
///
/// // Five numbers from 1 to 20, any number of copies.
/// let five = Deal::Range { count: 5, lo: 1, hi: 20 };
/// let instance = CountdownGenerator::new(Rules::countdown(), five, 10..=99)?.generate(4)?;
/// assert_eq!(instance.numbers.len(), 5);
/// // Countdown's six tiles with two large ones.
/// let tiles = Deal::Tiles { large: Some(2) };
/// let instance = CountdownGenerator::new(Rules::countdown(), tiles, 101..=999)?.generate(4)?;
/// assert_eq!(instance.numbers.iter().filter(|&&n| n > 10).count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Deal {
    /// `count` numbers, each drawn uniformly from `lo..=hi` on its own
    /// (so a value may come more than once).
    Range {
        /// How many numbers, 1 to [`MAX_COUNTDOWN_NUMBERS`].
        count: usize,
        /// The smallest number that may be drawn.
        lo: i64,
        /// The largest number that may be drawn.
        hi: i64,
    },
    /// Countdown's six tiles, drawn as the show draws them: `large` tiles
    /// from the four large ones (25 50 75 100) and the rest from the
    /// twenty small ones (two each of 1 to 10), each pile without
    /// replacement. `None` chooses the number of large tiles, 0 to 4,
    /// uniformly for each hand.
    Tiles {
        /// How many large tiles, 0 to 4; `None` for any.
        large: Option<usize>,
    },
}

/// Whether a generator's games can make their target.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Solvability};
///
/// let none = CountdownGenerator::game24().solvability(Solvability::Unsolvable).generate(2)?;
/// assert_eq!(none.solutions, 0);
/// assert!(none.closest.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Solvability {
    /// Only games that make the target (the default).
    #[default]
    Solvable,
    /// Only games that cannot: their closest value is part of the instance.
    Unsolvable,
    /// Either, as drawn.
    Either,
}

/// Why a [`CountdownGenerator`]'s settings make no game.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Deal, DealError, Rules};
///
/// let zero = Deal::Range { count: 4, lo: 0, hi: 9 };
/// let err = CountdownGenerator::new(Rules::countdown(), zero, 1..=99).unwrap_err();
/// assert_eq!(err, DealError::NotPositive { lo: 0 });
/// assert_eq!(err.to_string(), "the numbers start at 0, but the rules take positive integers only");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DealError {
    /// A hand of no numbers.
    NoNumbers,
    /// More numbers than [`MAX_COUNTDOWN_NUMBERS`].
    TooManyNumbers(usize),
    /// A range of numbers with none in it.
    EmptyRange {
        /// The low end.
        lo: i64,
        /// The high end.
        hi: i64,
    },
    /// Under [`Arithmetic::PositiveIntegers`], a range of numbers that
    /// starts below 1.
    NotPositive {
        /// The low end.
        lo: i64,
    },
    /// More large tiles than the four there are.
    TooManyLarge(usize),
    /// A range of targets with none in it.
    EmptyTargets {
        /// The low end.
        lo: i64,
        /// The high end.
        hi: i64,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NoNumbers => f.write_str("a hand needs at least one number"),
            DealError::TooManyNumbers(n) => write!(
                f,
                "{n} numbers is more than the limit of {MAX_COUNTDOWN_NUMBERS}"
            ),
            DealError::EmptyRange { lo, hi } => write!(f, "no number from {lo} to {hi}"),
            DealError::NotPositive { lo } => write!(
                f,
                "the numbers start at {lo}, but the rules take positive integers only"
            ),
            DealError::TooManyLarge(n) => write!(f, "{n} large tiles, but there are only 4"),
            DealError::EmptyTargets { lo, hi } => write!(f, "no target from {lo} to {hi}"),
        }
    }
}

impl std::error::Error for DealError {}

/// Makes a numbers game under any [`Rules`] from a seed, of the grade and
/// solvability asked for, with its distinct solutions counted: an
/// [`Instance`]. `CountdownGenerator::countdown().grade(Grade::Hard).generate(seed)`.
///
/// Each attempt draws a hand (a [`Deal`]) and a target (uniformly from the
/// range) from the seed's random numbers (ChaCha8) and looks at the game:
/// one that is not of the [`Solvability`] or the grade asked for is a
/// miss; the first hit is the instance. The same seed and settings give
/// the same instance.
///
/// The grade: under [`NumberUse::All`] the 24 game's
/// [`Difficulty`](crate::Difficulty) grade (a predicted share of players
/// who solve the hand, calibrated on the players of 4nums.com for four
/// numbers from 1 to 13 and the target 24, an extrapolation elsewhere;
/// under integer rules it is the grade the hand has in the 24 game); under
/// [`NumberUse::Any`] the [`Effort`] grade, worked out from the search
/// alone (the steps of the shortest solution and the number of distinct
/// solutions) and not calibrated on players. A game with no solution has
/// no grade, so a grade asks for a game that makes the target.
///
/// How fast: docs/game24.md, "Generators", gives the games made per second
/// for the 24 game and for Countdown, grade by grade.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Grade};
///
/// let generator = CountdownGenerator::countdown().grade(Grade::Expert);
/// let instance = generator.generate(11)?;
/// assert_eq!(instance.grade, Some(Grade::Expert));
/// assert_eq!(generator.generate(11)?, instance);
/// let example = instance.example.as_ref().expect("a solution");
/// assert_eq!(example.eval()?, instance.target.into());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CountdownGenerator {
    rules: Rules,
    deal: Deal,
    targets: (i64, i64),
    solvability: Solvability,
    grade: Option<Grade>,
    budget: Budget,
}

impl CountdownGenerator {
    /// The most games a call of [`CountdownGenerator::generate`] draws
    /// before it gives up on the grade asked for
    /// ([`GenerateError::GradeNotReached`]): enough for a grade that is
    /// one game in a hundred to be missed with a chance under one in 10^17.
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Deal, GenerateError, Grade, Rules};
    ///
    /// // One number makes only itself, an easy game: never an expert one.
    /// let one = Deal::Range { count: 1, lo: 1, hi: 9 };
    /// let expert = CountdownGenerator::new(Rules::countdown(), one, 1..=9)?.grade(Grade::Expert);
    /// let attempts = CountdownGenerator::ATTEMPTS;
    /// assert_eq!(expert.generate(0), Err(GenerateError::GradeNotReached { grade: Grade::Expert, attempts }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const ATTEMPTS: u32 = 4000;

    /// A generator of games under `rules`, hands dealt by `deal`, targets
    /// from `targets`; games that make the target, of any grade, with no
    /// limit.
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Deal, DealError, Rules};
    ///
    /// let four = Deal::Range { count: 4, lo: 1, hi: 9 };
    /// let instance = CountdownGenerator::new(Rules::countdown(), four, 10..=50)?.generate(0)?;
    /// assert!(instance.solutions > 0);
    /// let err = CountdownGenerator::new(Rules::countdown(), four, 50..=10).unwrap_err();
    /// assert_eq!(err, DealError::EmptyTargets { lo: 50, hi: 10 });
    /// let err = CountdownGenerator::new(Rules::countdown(), Deal::Tiles { large: Some(5) }, 1..=9);
    /// assert_eq!(err.unwrap_err(), DealError::TooManyLarge(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`DealError`]: a [`Deal::Range`] of no numbers, of more than
    /// [`MAX_COUNTDOWN_NUMBERS`], with no value in it, or starting below 1
    /// under integer rules; a [`Deal::Tiles`] of more than four large
    /// tiles; a range of targets with none in it.
    pub fn new(
        rules: Rules,
        deal: Deal,
        targets: RangeInclusive<i64>,
    ) -> Result<CountdownGenerator, DealError> {
        match deal {
            Deal::Range { count, lo, hi } => {
                if count == 0 {
                    return Err(DealError::NoNumbers);
                }
                if count > MAX_COUNTDOWN_NUMBERS {
                    return Err(DealError::TooManyNumbers(count));
                }
                if lo > hi {
                    return Err(DealError::EmptyRange { lo, hi });
                }
                if rules.arithmetic() == Arithmetic::PositiveIntegers && lo < 1 {
                    return Err(DealError::NotPositive { lo });
                }
            }
            Deal::Tiles { large: Some(large) } if large > LARGE.len() => {
                return Err(DealError::TooManyLarge(large));
            }
            Deal::Tiles { .. } => {}
        }
        let (lo, hi) = targets.into_inner();
        if lo > hi {
            return Err(DealError::EmptyTargets { lo, hi });
        }
        Ok(CountdownGenerator {
            rules,
            deal,
            targets: (lo, hi),
            solvability: Solvability::Solvable,
            grade: None,
            budget: Budget::unlimited(),
        })
    }

    /// Countdown's numbers round: [`Rules::countdown`], six tiles with any
    /// number of large ones, a target from 101 to 999.
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Rules};
    ///
    /// let instance = CountdownGenerator::countdown().generate(5)?;
    /// assert_eq!(instance.rules, Rules::countdown());
    /// assert_eq!(instance.numbers.len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn countdown() -> CountdownGenerator {
        CountdownGenerator {
            rules: Rules::countdown(),
            deal: Deal::Tiles { large: None },
            targets: (101, 999),
            solvability: Solvability::Solvable,
            grade: None,
            budget: Budget::unlimited(),
        }
    }

    /// The 24 game: [`Rules::game24`], four numbers from 1 to 13, the
    /// target 24.
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Game, Grade};
    ///
    /// let instance = CountdownGenerator::game24().grade(Grade::Medium).generate(5)?;
    /// let game = Game::new(&instance.numbers, 24)?;
    /// assert_eq!(game.difficulty()?.grade(), Some(Grade::Medium));
    /// assert_eq!(game.solutions()?.len() as u64, instance.solutions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game24() -> CountdownGenerator {
        CountdownGenerator {
            rules: Rules::game24(),
            deal: Deal::Range {
                count: 4,
                lo: 1,
                hi: 13,
            },
            targets: (24, 24),
            solvability: Solvability::Solvable,
            grade: None,
            budget: Budget::unlimited(),
        }
    }

    /// Makes only games of this [`Solvability`] (by default, games that
    /// make the target).
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Solvability};
    ///
    /// let either = CountdownGenerator::countdown().solvability(Solvability::Either);
    /// let instance = either.generate(9)?;
    /// assert_eq!(instance.grade.is_some(), instance.solutions > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn solvability(mut self, solvability: Solvability) -> CountdownGenerator {
        self.solvability = solvability;
        self
    }

    /// Makes only games of this grade (by default any grade). Only a game
    /// that makes the target has a grade: with
    /// [`Solvability::Unsolvable`] no game fits
    /// ([`GenerateError::NoPuzzle`]), and with [`Solvability::Either`] the
    /// games make the target.
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, GenerateError, Grade, Solvability};
    ///
    /// let easy = CountdownGenerator::countdown().grade(Grade::Easy).generate(2)?;
    /// assert_eq!(easy.grade, Some(Grade::Easy));
    /// let none = CountdownGenerator::countdown().grade(Grade::Easy).solvability(Solvability::Unsolvable);
    /// assert_eq!(none.generate(2), Err(GenerateError::NoPuzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grade(mut self, grade: Grade) -> CountdownGenerator {
        self.grade = Some(grade);
        self
    }

    /// Limits each call of [`CountdownGenerator::generate`]. A node is
    /// one game drawn (or looked at): the node limit counts games, and the
    /// time limit and the cancel flag also stop the search of a game.
    ///
    /// ```
    /// use std::time::Duration;
    /// use kongming_game24::{Budget, CountdownGenerator, GenerateError, StopReason};
    ///
    /// let none = CountdownGenerator::countdown().budget(Budget::unlimited().with_node_limit(0));
    /// assert_eq!(none.generate(1), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// let hurried = CountdownGenerator::countdown().budget(Budget::unlimited().with_time_limit(Duration::ZERO));
    /// assert_eq!(hurried.generate(1), Err(GenerateError::Stopped(StopReason::TimeLimit)));
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> CountdownGenerator {
        self.budget = budget;
        self
    }

    /// An instance from `seed` (see [`CountdownGenerator`]).
    ///
    /// ```
    /// use kongming_game24::{CountdownGenerator, Deal, GenerateError, Rules};
    ///
    /// let instance = CountdownGenerator::countdown().generate(3)?;
    /// assert_eq!(CountdownGenerator::countdown().generate(3)?, instance);
    ///
    /// // Two numbers of 1 or 2 never make 1000.
    /// let small = Deal::Range { count: 2, lo: 1, hi: 2 };
    /// let never = CountdownGenerator::new(Rules::countdown(), small, 1000..=1000)?;
    /// assert_eq!(never.generate(0), Err(GenerateError::NoPuzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// - [`GenerateError::Stopped`] when the budget runs out first;
    /// - [`GenerateError::GradeNotReached`] when a grade was asked for and
    ///   none of [`CountdownGenerator::ATTEMPTS`] games has it;
    /// - [`GenerateError::NoPuzzle`] when no game of these settings fits:
    ///   with no grade asked for, once the attempts all miss, every game
    ///   (every hand in order, each with every target) is looked at in
    ///   turn, and the first that fits is the instance; also when a grade
    ///   is asked for with [`Solvability::Unsolvable`], or every number
    ///   must be used and no operation is allowed. A game whose hand makes
    ///   no value at all under the rules (1 1 with subtraction alone) is
    ///   no instance, having no closest value; nor is a game whose search
    ///   overflows `i64`.
    pub fn generate(&self, seed: u64) -> Result<Instance, GenerateError> {
        let unsolvable = self.solvability == Solvability::Unsolvable;
        if (self.grade.is_some() && unsolvable)
            || (self.rules.ops().is_empty()
                && self.rules.number_use() == NumberUse::All
                && self.hand_size() > 1)
        {
            return Err(GenerateError::NoPuzzle);
        }
        let mut meter = self.budget.start();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut nodes: u64 = 0;
        for _ in 0..CountdownGenerator::ATTEMPTS {
            spend(&mut meter, &mut nodes)?;
            let hand = self.draw_hand(&mut rng);
            let target = rng.random_range(self.targets.0..=self.targets.1);
            if let Some(instance) = self.keep(hand, target, &meter)? {
                return Ok(instance);
            }
        }
        if let Some(grade) = self.grade {
            return Err(GenerateError::GradeNotReached {
                grade,
                attempts: CountdownGenerator::ATTEMPTS,
            });
        }
        for hand in self.every_hand() {
            for target in self.targets.0..=self.targets.1 {
                spend(&mut meter, &mut nodes)?;
                if let Some(instance) = self.keep(hand.clone(), target, &meter)? {
                    return Ok(instance);
                }
            }
        }
        Err(GenerateError::NoPuzzle)
    }

    fn hand_size(&self) -> usize {
        match self.deal {
            Deal::Range { count, .. } => count,
            Deal::Tiles { .. } => TILES,
        }
    }

    /// One hand, sorted.
    fn draw_hand(&self, rng: &mut ChaCha8Rng) -> Vec<i64> {
        let mut hand = match self.deal {
            Deal::Range { count, lo, hi } => {
                (0..count).map(|_| rng.random_range(lo..=hi)).collect()
            }
            Deal::Tiles { large } => {
                let large = large.unwrap_or_else(|| rng.random_range(0..=LARGE.len()));
                let mut hand = draw_without_replacement(&LARGE, large, rng);
                hand.extend(draw_without_replacement(&SMALL, TILES - large, rng));
                hand
            }
        };
        hand.sort_unstable();
        hand
    }

    /// Every hand the deal can give, sorted, in a fixed order.
    fn every_hand(&self) -> Box<dyn Iterator<Item = Vec<i64>>> {
        match self.deal {
            Deal::Range { count, lo, hi } => match HandSize::new(count) {
                Ok(size) => Box::new(hands(size, lo..=hi)),
                Err(_) => Box::new(std::iter::empty()),
            },
            Deal::Tiles { large } => Box::new(
                tile_selections()
                    .into_iter()
                    .map(|tiles| tiles.iter().map(|&t| t as i64).collect::<Vec<i64>>())
                    .filter(move |hand| {
                        large.is_none_or(|k| hand.iter().filter(|&&t| t > 10).count() == k)
                    }),
            ),
        }
    }

    /// The instance of this game if it is of the kind asked for.
    fn keep(
        &self,
        numbers: Vec<i64>,
        target: i64,
        meter: &Meter,
    ) -> Result<Option<Instance>, GenerateError> {
        let Ok(game) = Countdown::new(&numbers, target, self.rules) else {
            return Ok(None);
        };
        let game = game.budget(search_budget(meter));
        let fits = |solvable: bool| match self.solvability {
            Solvability::Solvable => solvable,
            Solvability::Unsolvable => !solvable,
            Solvability::Either => true,
        };
        let instance = |solutions: u64, grade, example, closest| Instance {
            numbers: numbers.clone(),
            target,
            rules: self.rules,
            solutions,
            grade,
            example,
            closest,
        };
        // The 24 game's own search answers yes or no in microseconds, and
        // its grade needs the whole-number plays only: the solutions are
        // listed once, for the game kept.
        if self.rules.number_use() == NumberUse::All
            && self.rules.arithmetic() == Arithmetic::Rational
        {
            let Some(hand) = self.as_game(&numbers, target) else {
                return Ok(None);
            };
            let Ok(solvable) = hand.solvable() else {
                return Ok(None);
            };
            if !fits(solvable) {
                return Ok(None);
            }
            if !solvable {
                return Ok(closest_of(&game)?.map(|c| instance(0, None, None, Some(c))));
            }
            let grade = grade_of_solvable(&hand);
            if self.grade.is_some_and(|g| grade != g) {
                return Ok(None);
            }
            let Ok(solutions) = hand.solutions() else {
                return Ok(None);
            };
            let example = solutions.first().cloned();
            return Ok(Some(instance(
                solutions.len() as u64,
                Some(grade),
                example,
                None,
            )));
        }
        // Otherwise the listing answers yes or no as well: a game asked to
        // make the target is listed at once, and `solve` (which stops at
        // the first solution or gives the closest value) runs first only
        // when a game with no solution may be kept.
        let list = if self.solvability == Solvability::Solvable || self.grade.is_some() {
            list_of(&game)?
        } else {
            match game.solve() {
                Ok(Answer::Exact(_)) if fits(true) => list_of(&game)?,
                Ok(Answer::Closest {
                    expr,
                    value,
                    distance,
                }) if fits(false) => {
                    let closest = Closest {
                        value,
                        distance,
                        expr,
                    };
                    return Ok(Some(instance(0, None, None, Some(closest))));
                }
                Ok(Answer::Stopped(reason)) => return Err(GenerateError::Stopped(reason)),
                _ => return Ok(None),
            }
        };
        let Some(list) = list else {
            return Ok(None);
        };
        let solutions = list.solutions();
        if solutions.is_empty() {
            return Ok(None);
        }
        let grade = match self.rules.number_use() {
            NumberUse::Any => Effort::of(solutions).grade(),
            NumberUse::All => match self.as_game(&numbers, target) {
                Some(hand) => Some(grade_of_solvable(&hand)),
                None => return Ok(None),
            },
        };
        if self.grade.is_some_and(|g| grade != Some(g)) {
            return Ok(None);
        }
        let example = fewest_numbers(solutions).cloned();
        Ok(Some(instance(solutions.len() as u64, grade, example, None)))
    }

    /// The hand as a 24 game with the rules' operations.
    fn as_game(&self, numbers: &[i64], target: i64) -> Option<Game> {
        Game::new(numbers, target)
            .ok()
            .map(|game| game.with_ops(self.rules.ops()))
    }
}

/// `count` of `pile`, each place at most once, in the order drawn.
fn draw_without_replacement(pile: &[i64], count: usize, rng: &mut ChaCha8Rng) -> Vec<i64> {
    let mut pile = pile.to_vec();
    for k in 0..count {
        let pick = rng.random_range(k..pile.len());
        pile.swap(k, pick);
    }
    pile.truncate(count);
    pile
}

/// The generator's time limit and cancel flag, for the search of one
/// game (its node limit counts games, not steps).
fn search_budget(meter: &Meter) -> Budget {
    let left = meter.remaining(0);
    let mut budget = Budget::unlimited();
    if let Some(limit) = left.time_limit() {
        budget = budget.with_time_limit(limit);
    }
    if let Some(clock) = left.clock() {
        budget = budget.with_clock(clock.clone());
    }
    if let Some(flag) = left.cancel_flag() {
        budget = budget.with_cancel_flag(flag.clone());
    }
    budget
}

/// Every distinct solution, `None` for a game whose search overflows.
fn list_of(game: &Countdown) -> Result<Option<SolutionList>, GenerateError> {
    let Ok(list) = game.solutions() else {
        return Ok(None);
    };
    match list.outcome() {
        Outcome::Complete => Ok(Some(list)),
        Outcome::Stopped(reason) => Err(GenerateError::Stopped(reason)),
    }
}

/// The closest value of a game that cannot make its target.
fn closest_of(game: &Countdown) -> Result<Option<Closest>, GenerateError> {
    match game.solve() {
        Ok(Answer::Closest {
            expr,
            value,
            distance,
        }) => Ok(Some(Closest {
            value,
            distance,
            expr,
        })),
        Ok(Answer::Stopped(reason)) => Err(GenerateError::Stopped(reason)),
        _ => Ok(None),
    }
}

/// The first solution among those of the fewest numbers.
fn fewest_numbers(solutions: &[Expr]) -> Option<&Expr> {
    solutions.iter().min_by_key(|s| s.numbers().len())
}
