//! Graded peg puzzles made to order: [`Generator`].

use kongming_search::control::Budget;
use kongming_search::play::{GenerateError, Grade};

use crate::board::Board;
use crate::solve::Goal;

use super::difficulty::Rating;
use super::error::PlayError;
use super::puzzle::Puzzle;

/// The attempts [`Generator::generate`] makes at the grade asked for
/// before it gives up with [`GenerateError::GradeNotReached`].
pub const GENERATOR_ATTEMPTS: u32 = 64;

/// Makes winnable peg puzzles of a chosen [`Grade`] on any board:
/// `Generator::new(&board)?.goal(goal)?.grade(grade).budget(budget).generate(seed)`.
///
/// # How a puzzle is made
///
/// Each attempt plays the game backwards: from the goal's end (one peg in
/// the goal's hole; for [`Goal::OnePeg`], a hole drawn at random; for a
/// pattern, its pegs) it plays a number of jumps backwards (a peg jumps
/// back over an empty hole, filling it, into an empty hole), the number
/// drawn between 1 and the board's holes less 2, each jump drawn among
/// those that can be played back (fewer when none is left). The start
/// reached is winnable by construction: the jumps played forwards win.
/// Then the puzzle is rated ([`Puzzle::rate`]: its winnable positions are
/// counted by census, which also checks that it is winnable); the first
/// puzzle at the grade asked for is given, after at most
/// [`GENERATOR_ATTEMPTS`] attempts. The draws come from `seed` alone, so
/// the same seed gives the same puzzle.
///
/// A peg puzzle has many solutions (a winning game is rarely unique):
/// the grade is the chance that a random player wins
/// ([`Difficulty`](crate::Difficulty)), not a count of answers.
///
/// # Budget and large boards
///
/// The [budget](Generator::budget) bounds the whole call (its time limit
/// and cancel flag; its node limit bounds each census and the rating
/// passes, together); a stop is `Err(GenerateError::Stopped(reason))`,
/// never a puzzle of another grade. Rating takes a census per attempt,
/// and its cost grows with the pegs: on the small boards a puzzle takes
/// milliseconds; on the 33-hole English board, up to seconds per attempt
/// in a release build for the hardest grades. A board too large for a
/// census (past [`DEFAULT_LIMIT`](crate::DEFAULT_LIMIT) positions) cannot
/// be rated: `generate` gives [`GenerateError::NoPuzzle`] there, after
/// the census has filled its limit; on boards larger than the English
/// one, give the generator a time limit.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Generator, Goal, Grade};
///
/// let board = Board::triangular(5)?;
/// let generator = Generator::new(&board)?.goal(Goal::OnePegAt(board.cell("c1")?))?;
/// let puzzle = generator.clone().grade(Grade::Medium).generate(7)?;
/// assert_eq!(puzzle.grade()?, Some(Grade::Medium));
/// assert_eq!(generator.grade(Grade::Medium).generate(7)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct Generator {
    board: Board,
    goal: Goal,
    grade: Option<Grade>,
    budget: Budget,
}

impl Generator {
    /// A generator of puzzles on `board`, ending with one peg anywhere,
    /// of any grade, with no budget.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoPuzzle`] for a board with no jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, GenerateError, Generator};
    ///
    /// assert!(Generator::new(&Board::english()).is_ok());
    /// let no_jump: Board = "o o".parse()?;
    /// assert_eq!(Generator::new(&no_jump).unwrap_err(), GenerateError::NoPuzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &Board) -> Result<Generator, GenerateError> {
        if board.jumps().is_empty() {
            return Err(GenerateError::NoPuzzle);
        }
        Ok(Generator {
            board: board.clone(),
            goal: Goal::OnePeg,
            grade: None,
            budget: Budget::unlimited(),
        })
    }

    /// The goal of the puzzles: [`Goal::OnePeg`] (the default),
    /// [`Goal::OnePegAt`] a hole of the board, or a [`Goal::Pattern`] of
    /// its holes.
    ///
    /// # Errors
    ///
    /// [`PlayError::Goal`] for [`Goal::FewestPegs`] or a hole of another
    /// board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Generator, Goal};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// assert!(Generator::new(&board)?.goal(Goal::OnePegAt(centre)).is_ok());
    /// assert!(Generator::new(&board)?.goal(Goal::FewestPegs).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(mut self, goal: Goal) -> Result<Generator, PlayError> {
        // A puzzle of the board's full position checks the goal as a
        // puzzle would.
        let full = self
            .board
            .position(self.board.holes())
            .expect("every hole is a hole");
        Puzzle::new(full, goal)?;
        self.goal = goal;
        Ok(self)
    }

    /// The grade the puzzles must have ([`Difficulty::grade`](crate::Difficulty::grade));
    /// without it, any grade.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Generator, Grade};
    ///
    /// let puzzle = Generator::new(&Board::triangular(4)?)?.grade(Grade::Easy).generate(1)?;
    /// assert_eq!(puzzle.grade()?, Some(Grade::Easy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(mut self, grade: Grade) -> Generator {
        self.grade = Some(grade);
        self
    }

    /// The budget of each call to [`generate`](Generator::generate).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, GenerateError, Generator, Grade};
    ///
    /// let generator = Generator::new(&Board::english())?
    ///     .grade(Grade::Expert)
    ///     .budget(Budget::unlimited().with_node_limit(10));
    /// assert!(matches!(generator.generate(1), Err(GenerateError::Stopped(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Generator {
        self.budget = budget;
        self
    }

    /// A winnable puzzle of the grade asked for, made from `seed` as
    /// [`Generator`] describes.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Stopped`] when the budget runs out;
    /// [`GenerateError::GradeNotReached`] when [`GENERATOR_ATTEMPTS`]
    /// attempts all end at other grades; [`GenerateError::NoPuzzle`] when
    /// no jump can be played back from the goal's end, or the board is
    /// too large for a census.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Game, Generator, Grade, Hint};
    ///
    /// let puzzle = Generator::new(&Board::triangular(5)?)?.grade(Grade::Hard).generate(3)?;
    /// let mut game = Game::new(puzzle);
    /// while let Hint::Next { jump, .. } = game.hint()? {
    ///     game.play(jump)?;
    /// }
    /// assert!(game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(&self, seed: u64) -> Result<Puzzle, GenerateError> {
        let mut random = SplitMix64(seed);
        let mut meter = self.budget.start();
        let mut nodes = 0;
        let holes: Vec<u64> = self.board.cells().map(|cell| cell.bit()).collect();
        let most = (self.board.len() as u64).saturating_sub(2).max(1);
        let mut missed = 0;
        for _ in 0..GENERATOR_ATTEMPTS {
            let mut pegs = match self.goal {
                Goal::OnePegAt(cell) => cell.bit(),
                Goal::Pattern(pegs) => pegs,
                _ => holes[random.below(holes.len() as u64) as usize],
            };
            let back = 1 + random.below(most);
            let mut played = 0;
            for _ in 0..back {
                let open: Vec<u64> = self
                    .board
                    .jumps()
                    .iter()
                    .filter(|jump| {
                        pegs & jump.to().bit() != 0
                            && pegs & (jump.from().bit() | jump.over().bit()) == 0
                    })
                    .map(|jump| jump.mask())
                    .collect();
                if open.is_empty() {
                    break;
                }
                pegs ^= open[random.below(open.len() as u64) as usize];
                played += 1;
            }
            if played == 0 {
                if matches!(self.goal, Goal::OnePeg) {
                    missed += 1;
                    continue;
                }
                return Err(GenerateError::NoPuzzle);
            }
            let start = self.board.position(pegs).expect("holes of the board");
            let puzzle = Puzzle::new(start, self.goal).expect("a goal checked by goal()");
            let rating = match puzzle.rate_metered(&mut meter, &mut nodes) {
                Ok(rating) => rating,
                Err(_) => return Err(GenerateError::NoPuzzle),
            };
            match rating {
                Rating::Rated(difficulty) => {
                    if self.grade.is_none_or(|grade| grade == difficulty.grade()) {
                        return Ok(puzzle);
                    }
                    missed += 1;
                }
                Rating::Stopped(reason) => return Err(GenerateError::Stopped(reason)),
                // Played back from the end, a start is winnable: a census
                // that says otherwise is a bug, and the attempt is
                // dropped rather than given.
                Rating::NotWinnable => missed += 1,
            }
        }
        match self.grade {
            Some(grade) => Err(GenerateError::GradeNotReached {
                grade,
                attempts: missed,
            }),
            None => Err(GenerateError::NoPuzzle),
        }
    }
}

/// The SplitMix64 generator: a seed in, a well-mixed sequence out, the
/// same on every platform.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A draw in `0..n` (`n` > 0), by multiplying rather than by a
    /// remainder, so every value is about as likely.
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}
