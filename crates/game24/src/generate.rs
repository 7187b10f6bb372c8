//! A seeded hand of a chosen grade: [`Generator`].

use std::ops::RangeInclusive;

use kongming_search::control::{Budget, Meter, StopReason};
use kongming_search::play::{GenerateError, Grade};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::GameError;
use crate::game::MAX_NUMBERS;
use crate::hands::{HandSize, hands};
use crate::{Game, Ops, Rational};

/// Makes a hand that can make the target, of the grade asked for, from a
/// seed: `Generator::new(4, 1..=13, 24)?.grade(Grade::Hard).generate(seed)`.
///
/// Each attempt draws a hand from the seed's random numbers (ChaCha8): each
/// number uniformly from the range among the values not yet drawn
/// [`max_copies`](Generator::max_copies) times, the hand sorted. A hand
/// that cannot make the target ([`Game::solvable`]) is a miss; so is one
/// whose [`Difficulty::grade`](crate::Difficulty::grade) is not the grade
/// asked for. The first hit is the game, with no step played. The same
/// seed and settings give the same game.
///
/// The grade is the crate's measure for four numbers, the size it is
/// calibrated on (a predicted share of 4nums.com players who solve the
/// hand). For other counts it is the same formula with the count of
/// winning plays scaled to a four-number hand's: a consistent ordering,
/// but an extrapolation no player data checks (docs/game24.md, "Playing").
///
/// ```
/// use kongming_game24::{Generator, Grade};
///
/// let generator = Generator::new(4, 1..=13, 24)?.grade(Grade::Expert);
/// let game = generator.generate(7)?;
/// assert_eq!(game.difficulty()?.grade(), Some(Grade::Expert));
/// assert_eq!(generator.generate(7)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    size: HandSize,
    lo: i64,
    hi: i64,
    target: Rational,
    ops: Ops,
    max_copies: usize,
    grade: Option<Grade>,
    budget: Budget,
}

impl Generator {
    /// The most hands a call of [`Generator::generate`] draws before it
    /// gives up on the grade asked for
    /// ([`GenerateError::GradeNotReached`]). For four numbers from 1..13
    /// and the target 24, the rarest grade, expert, is about 1 % of the
    /// hands drawn (easy 38 %, medium 32 %, hard 8 %, no solution 21 %),
    /// so all the attempts miss it with a chance under one in 10^18.
    pub const ATTEMPTS: u32 = 4000;

    /// A generator of hands of `count` integers from `range` for
    /// `target`, with the four operations, any number of copies of a
    /// value, any grade, and no limit.
    ///
    /// ```
    /// use kongming_game24::{GameError, Generator};
    ///
    /// let game = Generator::new(4, 1..=13, 24)?.generate(1)?;
    /// assert_eq!(game.hand().len(), 4);
    /// assert!(game.solvable()?);
    /// assert_eq!(Generator::new(0, 1..=13, 24).unwrap_err(), GameError::NoNumbers);
    /// assert_eq!(Generator::new(4, 13..=1, 24).unwrap_err(), GameError::EmptyRange { lo: 13, hi: 1 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoNumbers`] for a count of 0,
    /// [`GameError::TooManyNumbers`] past [`MAX_NUMBERS`],
    /// [`GameError::EmptyRange`] for a range with no number.
    pub fn new(
        count: usize,
        range: RangeInclusive<i64>,
        target: impl Into<Rational>,
    ) -> Result<Generator, GameError> {
        if count == 0 {
            return Err(GameError::NoNumbers);
        }
        if count > MAX_NUMBERS {
            return Err(GameError::TooManyNumbers(count));
        }
        let (lo, hi) = range.into_inner();
        if lo > hi {
            return Err(GameError::EmptyRange { lo, hi });
        }
        Ok(Generator {
            size: HandSize::new(count)?,
            lo,
            hi,
            target: target.into(),
            ops: Ops::all(),
            max_copies: usize::MAX,
            grade: None,
            budget: Budget::unlimited(),
        })
    }

    /// Allows only `ops` in the games made (and in judging them).
    ///
    /// ```
    /// use kongming_game24::{Generator, Ops};
    ///
    /// let game = Generator::new(4, 1..=9, 24)?.ops(Ops::ADD | Ops::MUL).generate(3)?;
    /// assert_eq!(game.ops(), Ops::ADD | Ops::MUL);
    /// assert!(game.solvable()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ops(mut self, ops: Ops) -> Generator {
        self.ops = ops;
        self
    }

    /// Draws each value at most `k` times in a hand (a deck with `k`
    /// suits).
    ///
    /// ```
    /// use kongming_game24::Generator;
    ///
    /// let game = Generator::new(4, 1..=6, 24)?.max_copies(1).generate(5)?;
    /// let mut hand = game.hand().to_vec();
    /// hand.dedup();
    /// assert_eq!(hand.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_copies(mut self, k: usize) -> Generator {
        self.max_copies = k;
        self
    }

    /// Makes only hands of this grade (by default any grade).
    ///
    /// ```
    /// use kongming_game24::{Generator, Grade};
    ///
    /// let easy = Generator::new(4, 1..=13, 24)?.grade(Grade::Easy).generate(2)?;
    /// assert_eq!(easy.difficulty()?.grade(), Some(Grade::Easy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grade(mut self, grade: Grade) -> Generator {
        self.grade = Some(grade);
        self
    }

    /// Limits each call of [`Generator::generate`]. A node is one hand
    /// drawn (or looked at); the limits are looked at between hands.
    ///
    /// ```
    /// use kongming_game24::{Budget, GenerateError, Generator, StopReason};
    ///
    /// let hurried = Generator::new(4, 1..=13, 24)?.budget(Budget::unlimited().with_node_limit(0));
    /// assert_eq!(hurried.generate(1), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Generator {
        self.budget = budget;
        self
    }

    /// A game from `seed`: a hand that makes the target, of the grade
    /// asked for, with no step played (see [`Generator`]).
    ///
    /// ```
    /// use kongming_game24::{GenerateError, Generator, Grade};
    ///
    /// let game = Generator::new(5, 1..=10, 24)?.grade(Grade::Medium).generate(11)?;
    /// assert_eq!(game.hand().len(), 5);
    /// assert_eq!(game.difficulty()?.grade(), Some(Grade::Medium));
    ///
    /// // No hand of 1s and 2s makes 1000 with two numbers.
    /// let none = Generator::new(2, 1..=2, 1000)?.generate(0);
    /// assert_eq!(none, Err(GenerateError::NoPuzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// - [`GenerateError::Stopped`] when the budget runs out first;
    /// - [`GenerateError::GradeNotReached`] when a grade was asked for and
    ///   none of [`Generator::ATTEMPTS`] hands has it;
    /// - [`GenerateError::NoPuzzle`] when no hand of these settings makes
    ///   the target: with no grade asked for, once the attempts all miss,
    ///   every hand is looked at in turn (the first that makes the target
    ///   is the game); also when no hand can be drawn at all (too few
    ///   values for the copies allowed) or two numbers or more have no
    ///   operation.
    pub fn generate(&self, seed: u64) -> Result<Game, GenerateError> {
        let count = self.size.get();
        let values = u128::try_from(i128::from(self.hi) - i128::from(self.lo) + 1).unwrap_or(0);
        let room = values.saturating_mul(self.max_copies as u128);
        if room < count as u128 || (self.ops.is_empty() && count > 1) {
            return Err(GenerateError::NoPuzzle);
        }
        let mut meter = self.budget.start();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut nodes: u64 = 0;
        for _ in 0..Generator::ATTEMPTS {
            spend(&mut meter, &mut nodes)?;
            let hand = self.draw(&mut rng);
            if let Some(game) = self.keep(&hand)? {
                return Ok(game);
            }
        }
        if let Some(grade) = self.grade {
            return Err(GenerateError::GradeNotReached {
                grade,
                attempts: Generator::ATTEMPTS,
            });
        }
        for hand in hands(self.size, self.lo..=self.hi).max_copies(self.max_copies) {
            spend(&mut meter, &mut nodes)?;
            if let Some(game) = self.keep(&hand)? {
                return Ok(game);
            }
        }
        Err(GenerateError::NoPuzzle)
    }

    /// One hand, sorted.
    fn draw(&self, rng: &mut ChaCha8Rng) -> Vec<i64> {
        let count = self.size.get();
        let mut hand: Vec<i64> = Vec::with_capacity(count);
        while hand.len() < count {
            let v = rng.random_range(self.lo..=self.hi);
            // `generate` checked that the values allow a whole hand, so a
            // value still free is always found.
            if hand.iter().filter(|&&h| h == v).count() < self.max_copies {
                hand.push(v);
            }
        }
        hand.sort_unstable();
        hand
    }

    /// The game of `hand` if it makes the target at the grade asked for.
    fn keep(&self, hand: &[i64]) -> Result<Option<Game>, GenerateError> {
        // The settings were checked, so the hand and rules are valid.
        let game = Game::new(hand, self.target)
            .map_err(|_| GenerateError::NoPuzzle)?
            .with_ops(self.ops);
        if !game.solvable().map_err(|_| GenerateError::NoPuzzle)? {
            return Ok(None);
        }
        let Some(grade) = self.grade else {
            return Ok(Some(game));
        };
        let difficulty = game.difficulty().map_err(|_| GenerateError::NoPuzzle)?;
        Ok((difficulty.grade() == Some(grade)).then_some(game))
    }
}

/// Counts one more hand against the budget, or says why it is spent.
pub(crate) fn spend(meter: &mut Meter, nodes: &mut u64) -> Result<(), GenerateError> {
    let stop: Option<StopReason> = meter.exceeded(*nodes).or_else(|| meter.check_now());
    if let Some(reason) = stop {
        return Err(GenerateError::Stopped(reason));
    }
    *nodes += 1;
    Ok(())
}
