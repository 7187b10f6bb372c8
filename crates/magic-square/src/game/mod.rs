//! The player's game: a [`Game`] is a [`Puzzle`] as given and the numbers
//! the player has written so far. It judges a fill ([`Game::check`], a
//! [`Check`] of a [`Mistake`] or an [`IllegalFill`]), records it
//! ([`Game::play`]), takes one back ([`Game::erase`]), and gives a hint
//! from any grid the player can reach ([`Game::hint`]).
//!
//! - `cell`: [`Cell`] and [`Fill`], a place and a number written there;
//! - `verdict`: [`Mistake`] and [`IllegalFill`];
//! - this module: [`Game`] and [`GameError`].

mod cell;
mod verdict;

pub use cell::{Cell, Fill};
pub use verdict::{IllegalFill, Mistake};

use std::fmt;

use kongming_search::control::Budget;
use kongming_search::play::Check;

use crate::hint::breaks_line;
use crate::{Hint, Hinter, PartialSquare, Puzzle, Square};

/// A saved game: the puzzle as given, and the player's grid (the givens
/// and the numbers the player wrote, right or wrong).
///
/// The player writes numbers with [`play`](Self::play) (a legal fill is
/// written even when it is wrong: players make mistakes) and takes them
/// back with [`erase`](Self::erase); [`check`](Self::check) judges a fill
/// without writing it; [`hint`](Self::hint) says what to do next from any
/// grid, mistakes included ([`Hint::Undo`] first, then the next fill with
/// its reason). With the `serde` feature a game is stored as
/// `{"puzzle": …, "grid": …}`: the puzzle as given (without its answer,
/// which is worked out again as it is loaded) and the player's grid as
/// text. The [`budget`](Self::budget) is not stored. Its
/// [`Display`](fmt::Display) is the player's grid as text.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, Check, Fill, Game, Generator, Grade, Hint, Kind, Mistake};
///
/// let puzzle = Generator::new(3, Kind::MAGIC)?.grade(Grade::Hard).generate(1)?;
/// let mut game = Game::new(puzzle);
/// let blank = game.blanks()[0];
/// let answer = game.puzzle().solution().get(blank.row, blank.col).unwrap();
/// let wrong = (1..=9).find(|&v| v != answer && !game.grid().cells().contains(&Some(v))).unwrap();
/// assert!(matches!(game.play(Fill::new(blank, wrong)), Check::Wrong(_)));
/// assert_eq!(game.mistakes(), [blank]);
/// // Follow the hints: first take the mistake back, then fill.
/// loop {
///     match game.hint() {
///         Hint::Undo { fill } => assert!(game.erase(fill.cell).is_some()),
///         Hint::Next(step) => assert!(game.play(step.fill).is_right() == Some(true)),
///         Hint::Solved => break,
///         other => panic!("{other}"),
///     }
/// }
/// assert!(game.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GameFields"))]
pub struct Game {
    puzzle: Puzzle,
    grid: PartialSquare,
    #[cfg_attr(feature = "serde", serde(skip))]
    budget: Budget,
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.puzzle == other.puzzle && self.grid == other.grid
    }
}

impl Eq for Game {}

/// The player's grid as text, as the grid's [`Display`](fmt::Display)
/// writes it: rows of numbers, `.` for a blank.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, Completion, Fill, Game, Kind};
///
/// let puzzle = Completion::new(&"2 7 .\n9 5 1\n. 3 8".parse()?, Kind::MAGIC)?.uniqueness();
/// let mut game = Game::new(puzzle.into_puzzle().ok().flatten().expect("one completion"));
/// assert_eq!(game.to_string(), "2 7 .\n9 5 1\n. 3 8");
/// game.play(Fill::new(Cell::new(0, 2), 6));
/// assert_eq!(game.to_string(), "2 7 6\n9 5 1\n. 3 8");
/// assert_eq!(game.to_string(), game.grid().to_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.grid, f)
    }
}

impl Game {
    /// A new game of `puzzle`: the player's grid is the puzzle's.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Game, Generator, Kind};
    ///
    /// let game = Game::new(Generator::new(3, Kind::MAGIC)?.generate(0)?);
    /// assert_eq!(game.grid(), game.puzzle().grid());
    /// assert!(game.mistakes().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: Puzzle) -> Self {
        Self {
            grid: puzzle.grid().clone(),
            puzzle,
            budget: Budget::unlimited(),
        }
    }

    /// A game of `puzzle` with the player's `grid` (a game loaded from
    /// elsewhere).
    ///
    /// # Errors
    ///
    /// [`GameError`]: the grid is of another order, changes or blanks a
    /// given, or holds a number outside `1..=n²` or twice.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Game, GameError, Generator, Kind, PartialSquare};
    ///
    /// let puzzle = Generator::new(3, Kind::MAGIC)?.generate(0)?;
    /// let game = Game::with_grid(puzzle.clone(), puzzle.grid().clone())?;
    /// assert_eq!(game, Game::new(puzzle.clone()));
    /// let empty = PartialSquare::empty(3).unwrap();
    /// assert!(matches!(Game::with_grid(puzzle, empty), Err(GameError::GivenChanged { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_grid(puzzle: Puzzle, grid: PartialSquare) -> Result<Self, GameError> {
        let order = puzzle.grid().order();
        if grid.order() != order {
            return Err(GameError::OrderMismatch {
                expected: order,
                found: grid.order(),
            });
        }
        let max = (order * order) as u32;
        let mut seen = vec![None; order * order + 1];
        for (index, (&given, &cell)) in puzzle.grid().cells().iter().zip(grid.cells()).enumerate() {
            let here = Cell::new(index / order, index % order);
            if given.is_some() && given != cell {
                return Err(GameError::GivenChanged { cell: here });
            }
            let Some(value) = cell else { continue };
            if value == 0 || value > max {
                return Err(GameError::Illegal(IllegalFill::OutOfRange { value, max }));
            }
            if let Some(at) = seen[value as usize] {
                return Err(GameError::Illegal(IllegalFill::Repeated { value, at }));
            }
            seen[value as usize] = Some(here);
        }
        Ok(Self {
            puzzle,
            grid,
            budget: Budget::unlimited(),
        })
    }

    /// Limits each [`hint`](Self::hint) (see [`Hinter::budget`]); not
    /// stored with the game.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Game, Generator, Kind};
    ///
    /// let puzzle = Generator::new(3, Kind::MAGIC)?.generate(0)?;
    /// let game = Game::new(puzzle).budget(Budget::unlimited().with_node_limit(1_000));
    /// assert!(game.hint().step().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The puzzle as given.
    ///
    /// # Example
    ///
    /// See [`Game::new`].
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The player's grid: the givens and the player's numbers.
    ///
    /// # Example
    ///
    /// See [`Game::new`].
    pub fn grid(&self) -> &PartialSquare {
        &self.grid
    }

    /// The blank cells, row by row.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn blanks(&self) -> Vec<Cell> {
        let order = self.grid.order();
        (0..order * order)
            .filter(|&c| self.grid.cells()[c].is_none())
            .map(|c| Cell::new(c / order, c % order))
            .collect()
    }

    /// The verdict on writing `fill`, without writing it:
    /// [`Check::Illegal`] if it cannot be written ([`IllegalFill`]),
    /// [`Check::Wrong`] if the answer has another number there
    /// ([`Mistake::BreaksLine`] when a line through the cell shows it),
    /// [`Check::Solved`] if it completes the answer, [`Check::Right`]
    /// otherwise. It never stops: the answer is known.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Cell, Check, Completion, Fill, Game, IllegalFill, Kind, Line, Mistake};
    ///
    /// let puzzle = Completion::new(&"2 7 .\n9 5 1\n. 3 8".parse()?, Kind::MAGIC)?.uniqueness();
    /// let game = Game::new(puzzle.into_puzzle().ok().flatten().expect("one completion"));
    /// assert_eq!(game.check(&Fill::new(Cell::new(0, 2), 6)), Check::Right);
    /// assert_eq!(
    ///     game.check(&Fill::new(Cell::new(0, 2), 4)),
    ///     Check::Wrong(Mistake::BreaksLine(Line::Row(0)))
    /// );
    /// assert_eq!(
    ///     game.check(&Fill::new(Cell::new(0, 0), 6)),
    ///     Check::Illegal(IllegalFill::Given { cell: Cell::new(0, 0) })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, fill: &Fill) -> Check<Mistake, IllegalFill> {
        let order = self.grid.order();
        let Fill { cell, value } = *fill;
        if cell.row >= order || cell.col >= order {
            return Check::Illegal(IllegalFill::OutsideGrid { cell, order });
        }
        let max = (order * order) as u32;
        if value == 0 || value > max {
            return Check::Illegal(IllegalFill::OutOfRange { value, max });
        }
        let index = cell.row * order + cell.col;
        if self.puzzle.grid().cells()[index].is_some() {
            return Check::Illegal(IllegalFill::Given { cell });
        }
        if let Some(held) = self.grid.cells()[index] {
            return Check::Illegal(IllegalFill::Filled { cell, value: held });
        }
        if let Some(at) = self.grid.cells().iter().position(|&v| v == Some(value)) {
            let at = Cell::new(at / order, at % order);
            return Check::Illegal(IllegalFill::Repeated { value, at });
        }
        if self.puzzle.solution().cells()[index] != value {
            let cells = self.grid.cells().iter().map(|v| v.unwrap_or(0)).collect();
            let mistake = breaks_line(order, cells, self.puzzle.kind(), index, value)
                .map_or(Mistake::NotTheAnswer, Mistake::BreaksLine);
            return Check::Wrong(mistake);
        }
        if self.grid.blanks() == 1 && self.mistakes().is_empty() {
            Check::Solved
        } else {
            Check::Right
        }
    }

    /// The verdict on a whole answer: [`Check::Solved`] if it is the
    /// puzzle's answer, [`Check::Illegal`] if it changes a given or holds
    /// a number outside `1..=n²` or twice, [`Check::Wrong`] otherwise (a
    /// line that does not add up, or another square of the kind).
    ///
    /// # Errors
    ///
    /// [`GameError::OrderMismatch`] if the answer is of another order
    /// than the puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Check, Completion, Game, Kind, Line, Mistake, Square};
    ///
    /// let puzzle = Completion::new(&"2 7 .\n9 5 1\n. 3 8".parse()?, Kind::MAGIC)?.uniqueness();
    /// let game = Game::new(puzzle.into_puzzle().ok().flatten().expect("one completion"));
    /// assert_eq!(game.check_answer(&"2 7 6\n9 5 1\n4 3 8".parse::<Square>()?)?, Check::Solved);
    /// let swapped: Square = "2 7 4\n9 5 1\n6 3 8".parse()?;
    /// assert_eq!(game.check_answer(&swapped)?, Check::Wrong(Mistake::BreaksLine(Line::Row(0))));
    /// assert!(game.check_answer(&"1".parse::<Square>()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_answer(&self, answer: &Square) -> Result<Check<Mistake, IllegalFill>, GameError> {
        let order = self.grid.order();
        if answer.order() != order {
            return Err(GameError::OrderMismatch {
                expected: order,
                found: answer.order(),
            });
        }
        Ok(self.judge_answer(answer))
    }

    /// [`check_answer`](Self::check_answer) of an answer of the puzzle's
    /// order.
    fn judge_answer(&self, answer: &Square) -> Check<Mistake, IllegalFill> {
        let order = self.grid.order();
        if answer == self.puzzle.solution() {
            return Check::Solved;
        }
        let givens = self.puzzle.grid().cells().iter().zip(answer.cells());
        if let Some(index) = givens
            .clone()
            .position(|(given, value)| given.is_some_and(|g| g != *value))
        {
            let cell = Cell::new(index / order, index % order);
            return Check::Illegal(IllegalFill::Given { cell });
        }
        match answer.check(self.puzzle.kind()) {
            Err(crate::CheckError::OutOfRange { value, .. }) => {
                Check::Illegal(IllegalFill::OutOfRange {
                    value,
                    max: (order * order) as u32,
                })
            }
            Err(crate::CheckError::Repeated { value, .. }) => {
                let first = answer.cells().iter().position(|&v| v == value).unwrap_or(0);
                Check::Illegal(IllegalFill::Repeated {
                    value,
                    at: Cell::new(first / order, first % order),
                })
            }
            Err(crate::CheckError::WrongSum { line, .. }) => {
                Check::Wrong(Mistake::BreaksLine(line))
            }
            _ => Check::Wrong(Mistake::NotTheAnswer),
        }
    }

    /// Writes `fill` if it is legal (right or wrong), and gives the
    /// verdict of [`check`](Self::check).
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn play(&mut self, fill: Fill) -> Check<Mistake, IllegalFill> {
        let verdict = self.check(&fill);
        if matches!(verdict, Check::Right | Check::Solved | Check::Wrong(_)) {
            self.grid
                .set(fill.cell.row, fill.cell.col, Some(fill.value));
        }
        verdict
    }

    /// Erases the player's number in `cell`, and gives it back (`None`,
    /// and nothing changed, for a blank, a given, or a cell outside the
    /// grid).
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn erase(&mut self, cell: Cell) -> Option<u32> {
        let given = self.puzzle.grid().get(cell.row, cell.col)?;
        let held = self.grid.get(cell.row, cell.col)?;
        if given.is_some() {
            return None;
        }
        self.grid.set(cell.row, cell.col, None);
        held
    }

    /// The player's numbers that are not the answer's, row by row.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn mistakes(&self) -> Vec<Cell> {
        let order = self.grid.order();
        self.grid
            .cells()
            .iter()
            .zip(self.puzzle.solution().cells())
            .enumerate()
            .filter(|(_, (cell, answer))| cell.is_some_and(|v| v != **answer))
            .map(|(index, _)| Cell::new(index / order, index % order))
            .collect()
    }

    /// What to do next: [`Hint::Undo`] for the player's first wrong number
    /// (row by row), [`Hint::Solved`] when the grid is the answer, else
    /// the next fill and why ([`Hint::Next`], from the crate's
    /// [`Hinter`]), or [`Hint::Stopped`] if the
    /// [`budget`](Self::budget) ran out first. It never gives a
    /// [`Hint::DeadEnd`]: without the player's mistakes the grid always
    /// completes.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn hint(&self) -> Hint {
        if let Some(&cell) = self.mistakes().first() {
            let value = self.grid.cells()[cell.row * self.grid.order() + cell.col].unwrap_or(0);
            return Hint::Undo {
                fill: Fill::new(cell, value),
            };
        }
        if self.grid.blanks() == 0 {
            return Hint::Solved;
        }
        let hinter = Hinter::new(self.puzzle.kind()).budget(self.budget.clone());
        match hinter.hint(&self.grid) {
            Ok(hint) => hint,
            Err(error) => unreachable!("a game keeps its grid valid: {error}"),
        }
    }

    /// Does what `hint` says: writes a [`Hint::Next`]'s fill, erases the
    /// number a [`Hint::Undo`] names. Returns whether the grid changed:
    /// `false` for [`Hint::Solved`], [`Hint::DeadEnd`] and
    /// [`Hint::Stopped`], and for a hint from another grid, whose fill
    /// cannot be written now ([`check`](Self::check) says it is illegal)
    /// or whose `Undo` names a number the cell does not hold; then nothing
    /// changes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Cell, Completion, Fill, Game, Hint, Kind};
    ///
    /// let puzzle = Completion::new(&"2 7 .\n9 5 1\n. 3 8".parse()?, Kind::MAGIC)?.uniqueness();
    /// let mut game = Game::new(puzzle.into_puzzle().ok().flatten().expect("one completion"));
    /// game.play(Fill::new(Cell::new(0, 2), 4)); // a mistake: 6 goes there
    /// let undo = game.hint();
    /// assert_eq!(undo, Hint::Undo { fill: Fill::new(Cell::new(0, 2), 4) });
    /// assert!(game.follow(&undo));
    /// assert!(!game.follow(&undo)); // erased already
    /// let next = game.hint();
    /// assert!(game.follow(&next));
    /// assert!(!game.follow(&next)); // the cell is filled now
    /// assert!(game.follow(&game.hint()));
    /// assert!(game.is_solved());
    /// assert!(!game.follow(&game.hint())); // solved: nothing to do
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn follow(&mut self, hint: &Hint) -> bool {
        match hint {
            Hint::Next(step) => !matches!(self.play(step.fill), Check::Illegal(_)),
            // Only the number the hint names: a stale hint must not erase
            // a number written since.
            Hint::Undo { fill } => {
                let held = self.grid.get(fill.cell.row, fill.cell.col).flatten();
                held == Some(fill.value) && self.erase(fill.cell).is_some()
            }
            _ => false,
        }
    }

    /// Whether the player's grid is the answer.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn is_solved(&self) -> bool {
        self.grid.matches(self.puzzle.solution()) && self.grid.blanks() == 0
    }
}

/// Why a player's grid (or answer) cannot go with a puzzle: see
/// [`Game::with_grid`] and [`Game::check_answer`].
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, GameError};
///
/// let error = GameError::GivenChanged { cell: Cell::new(0, 1) };
/// assert_eq!(error.to_string(), "the grid changes the given at row 1, column 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameError {
    /// The grid (or answer) is of another order than the puzzle.
    OrderMismatch {
        /// The puzzle's order.
        expected: usize,
        /// The grid's or the answer's.
        found: usize,
    },
    /// The grid blanks or changes one of the puzzle's givens.
    GivenChanged {
        /// The cell.
        cell: Cell,
    },
    /// The grid holds a number no fill could have written.
    Illegal(IllegalFill),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::OrderMismatch { expected, found } => {
                write!(
                    f,
                    "the grid is of order {found}, the puzzle of order {expected}"
                )
            }
            GameError::GivenChanged { cell } => {
                write!(f, "the grid changes the given at {cell}")
            }
            GameError::Illegal(why) => write!(f, "the grid is not one a player can reach: {why}"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game as stored: checked as it is loaded.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GameFields {
    puzzle: Puzzle,
    grid: PartialSquare,
}

#[cfg(feature = "serde")]
impl TryFrom<GameFields> for Game {
    type Error = GameError;

    fn try_from(fields: GameFields) -> Result<Self, GameError> {
        Game::with_grid(fields.puzzle, fields.grid)
    }
}
