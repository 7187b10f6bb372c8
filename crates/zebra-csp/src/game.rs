//! The player's saved game: the puzzle as given, the player's marks, and
//! the verdicts and hints on them.

use std::fmt;

use kongming_search::control::{Budget, StopReason};
use kongming_search::play::Check;

use crate::answers::Uniqueness;
use crate::generate::Generated;
use crate::hint::{self, Hint};
use crate::house::{House, Item};
use crate::marks::{Mark, Marks, MarksError};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::Solver;

/// The most case splits spent to solve a puzzle when a [`Game`] starts
/// (or is loaded) and for [`Puzzle::mistakes`]: generated puzzles need far
/// fewer, and a puzzle that needs more is refused with
/// [`GameError::Stopped`] rather than let run without end.
///
/// # Example
///
/// ```
/// assert!(kongming_zebra_csp::GAME_SPLITS >= 1_000);
/// ```
pub const GAME_SPLITS: u64 = 1_000_000;

/// Why a [`Game`] cannot start, or why [`Puzzle::mistakes`] has no answer:
/// the marks are judged against the puzzle's one solution, so a puzzle
/// needs exactly one.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Game, GameError, Puzzle};
/// let open: Puzzle = "pet: cat dog\n".parse()?;
/// assert_eq!(Game::new(open).unwrap_err(), GameError::SeveralSolutions);
/// assert_eq!(GameError::SeveralSolutions.to_string(), "the puzzle has more than one solution");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameError {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    SeveralSolutions,
    /// Solving the puzzle took more than [`GAME_SPLITS`] case splits.
    Stopped(StopReason),
    /// The marks are of another puzzle (other names or another size).
    OtherPuzzle,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoSolution => f.write_str("the puzzle has no solution"),
            GameError::SeveralSolutions => f.write_str("the puzzle has more than one solution"),
            GameError::Stopped(reason) => write!(
                f,
                "the puzzle was not solved within {GAME_SPLITS} case splits ({reason})"
            ),
            GameError::OtherPuzzle => f.write_str("the marks are of another puzzle"),
        }
    }
}

impl std::error::Error for GameError {}

/// The one solution of `puzzle`, found within [`GAME_SPLITS`].
pub(crate) fn only_solution(puzzle: &Puzzle) -> Result<Solution, GameError> {
    let budget = Budget::unlimited().with_node_limit(GAME_SPLITS);
    match Solver::new(puzzle).budget(budget).uniqueness() {
        Uniqueness::Unique(solution) => Ok(solution),
        Uniqueness::NoSolution => Err(GameError::NoSolution),
        Uniqueness::Multiple(..) => Err(GameError::SeveralSolutions),
        Uniqueness::Stopped(reason, _) => Err(GameError::Stopped(reason)),
    }
}

/// The marks that contradict `solution`: yes where the value is not, no
/// where it is; by category, value and house.
fn wrong_marks(solution: &Solution, marks: &Marks) -> Vec<(Item, House, Mark)> {
    marks
        .marked()
        .filter(|&(item, house, mark)| (mark == Mark::Yes) != (solution.house_of(item) == house))
        .collect()
}

impl Puzzle {
    /// The player's marks that contradict the puzzle's one solution: a
    /// yes-mark where the value is not, a no-mark (a cross) where it is;
    /// as `(value, house, mark)`, by category, value and house. Empty when
    /// every mark is right (the grid need not be full).
    ///
    /// # Errors
    ///
    /// [`GameError::OtherPuzzle`] for marks of another puzzle; a
    /// [`GameError`] when the puzzle has no solution, several, or is not
    /// solved within [`GAME_SPLITS`] case splits.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Mark, Marks};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// // The Norwegian lives in house 1 and milk is drunk in house 3.
    /// let marks = Marks::parse(&puzzle, "Norwegian at 1\nBrit at 2\nmilk not-at 3\ntea not-at 3")?;
    /// let (brit, milk) = (puzzle.item("Brit").unwrap(), puzzle.item("milk").unwrap());
    /// let (second, third) = (puzzle.house(2).unwrap(), puzzle.house(3).unwrap());
    /// assert_eq!(puzzle.mistakes(&marks)?, [(brit, second, Mark::Yes), (milk, third, Mark::No)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mistakes(&self, marks: &Marks) -> Result<Vec<(Item, House, Mark)>, GameError> {
        if !marks.is_of(self) {
            return Err(GameError::OtherPuzzle);
        }
        Ok(wrong_marks(&only_solution(self)?, marks))
    }
}

/// One move of the player: mark a value yes (it is in the house) or no (it
/// is not: a cross) in one house, or erase a mark ([`Mark::Unknown`]).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Game, Mark, MarkMove};
/// let mut game = Game::new(kongming_zebra_csp::einstein())?;
/// let mv = game.parse_move("Norwegian at 1")?;
/// assert_eq!(mv.mark, Mark::Yes);
/// assert_eq!(game.move_text(&mv), "Norwegian at 1");
/// assert!(game.play(mv).is_right() == Some(true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarkMove {
    /// The value.
    pub item: Item,
    /// The house.
    pub house: House,
    /// The mark to set: [`Mark::Yes`], [`Mark::No`], or [`Mark::Unknown`]
    /// to erase the cell.
    pub mark: Mark,
}

impl MarkMove {
    /// The move that sets `mark` for `item` in `house`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Mark, MarkMove};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let (brit, first) = (puzzle.item("Brit").unwrap(), puzzle.house(1).unwrap());
    /// assert_eq!(MarkMove::new(brit, first, Mark::No).mark, Mark::No);
    /// ```
    pub fn new(item: Item, house: House, mark: Mark) -> Self {
        MarkMove { item, house, mark }
    }
}

/// Why a legal mark is wrong: it contradicts the puzzle's one solution.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Check, Game, WrongMark};
/// let game = Game::new(kongming_zebra_csp::einstein())?;
/// let verdict = game.check(&game.parse_move("Brit at 1")?);
/// assert_eq!(verdict, Check::Wrong(WrongMark::NotThere));
/// assert_eq!(verdict.to_string(), "wrong: the value is not in this house");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum WrongMark {
    /// A yes-mark where the value is not.
    NotThere,
    /// A no-mark (a cross) where the value is.
    IsThere,
}

impl fmt::Display for WrongMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WrongMark::NotThere => "the value is not in this house",
            WrongMark::IsThere => "the value is in this house",
        })
    }
}

/// Why a mark is not a legal move: it is outside the puzzle, its cell is
/// already marked (or, to erase, not marked), or it contradicts the
/// player's own marks.
///
/// It holds no names, so its [`Display`](fmt::Display) numbers a value;
/// [`Game::describe`] words a verdict with the puzzle's names.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Check, Game, IllegalMark};
/// let mut game = Game::new(kongming_zebra_csp::einstein())?;
/// game.play(game.parse_move("Norwegian at 1")?);
/// let again = game.check(&game.parse_move("Norwegian at 2")?);
/// let (norwegian, first) = (game.puzzle().item("Norwegian").unwrap(), game.puzzle().house(1).unwrap());
/// assert_eq!(again, Check::Illegal(IllegalMark::Conflicts { item: norwegian, house: first }));
/// assert_eq!(
///     again.to_string(),
///     "not a legal move: it contradicts the mark of value 5 of category 1 at house 1"
/// );
/// // The game knows the names.
/// assert_eq!(
///     game.describe(&again),
///     "not a legal move: it contradicts the mark of Norwegian at house 1"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalMark {
    /// The value or the house is not of the puzzle.
    OutOfPuzzle,
    /// The cell is already marked (with this mark): erase it first to
    /// change it.
    AlreadyMarked(Mark),
    /// An erasure of a cell that is not marked.
    NotMarked,
    /// A yes-mark where the player has marked yes the same value in
    /// another house, or another value of its category in this house: that
    /// value and house.
    Conflicts {
        /// The value of the player's yes-mark.
        item: Item,
        /// Its house.
        house: House,
    },
    /// A no-mark that would leave the value no house (every other house is
    /// marked no), or the house no value of the category.
    NothingLeft,
}

impl fmt::Display for IllegalMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMark::OutOfPuzzle => f.write_str("the value or the house is not of the puzzle"),
            IllegalMark::AlreadyMarked(Mark::Yes) => {
                f.write_str("the cell is already marked yes: erase it first")
            }
            IllegalMark::AlreadyMarked(_) => {
                f.write_str("the cell is already marked no: erase it first")
            }
            IllegalMark::NotMarked => f.write_str("there is no mark to erase"),
            IllegalMark::Conflicts { item, house } => {
                write!(f, "it contradicts the mark of {item} at house {house}")
            }
            IllegalMark::NothingLeft => {
                f.write_str("it would leave a value no house, or a house no value")
            }
        }
    }
}

/// A player's game of a logic-grid puzzle: the [`Puzzle`] as given and the
/// player's [`Marks`] (right or wrong), judged against the puzzle's one
/// solution.
///
/// - [`check`](Game::check) judges a [`MarkMove`] without making it:
///   [`Check::Right`], [`Check::Solved`] (it completes the grid, every mark
///   right), [`Check::Wrong`] with a [`WrongMark`] (it contradicts the
///   solution), [`Check::Illegal`] with an [`IllegalMark`]. It never
///   searches, so it is never `Stopped`.
/// - [`play`](Game::play) makes a legal move (even a wrong one: players
///   make mistakes) and returns the verdict.
/// - [`hint`](Game::hint) gives the next step from any marks, mistakes
///   included: [`HintKind::Undo`](crate::HintKind::Undo) names a wrong
///   mark to erase, [`HintKind::Next`](crate::HintKind::Next) a deduction
///   (in the clue's words), [`HintKind::Solved`](crate::HintKind::Solved)
///   when done; [`follow`](Game::follow) marks what a hint says.
///
/// With the `serde` feature a game is stored as
/// `{"puzzle":"<text>","marks":"<marks text>"}`: the puzzle as given and
/// the marks, never the solution, nor the budget. Loading it solves the
/// puzzle again (within [`GAME_SPLITS`]).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Category, Check, Game, Generator, Grade, HintKind, Item, Mark};
/// use kongming_zebra_csp::{MarkMove, WrongMark};
/// let generated = Generator::new(4, 4)?.grade(Grade::Medium).generate(3)?;
/// let mut game = Game::from(generated);
/// // A wrong cross: the first value is in its house in the solution.
/// let item = Item::new(Category::from_index(0).unwrap(), 0).unwrap();
/// let cross = MarkMove::new(item, game.answer().house_of(item), Mark::No);
/// assert_eq!(game.play(cross), Check::Wrong(WrongMark::IsThere));
/// // Hints take the player from there to the end.
/// while !game.is_solved() {
///     let hint = game.hint();
///     assert!(!matches!(hint.kind(), HintKind::Stopped(_)));
///     game.follow(&hint);
/// }
/// assert!(game.mistakes().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Puzzle,
    marks: Marks,
    solution: Solution,
    budget: Budget,
}

impl PartialEq for Game {
    /// The same puzzle and the same marks (the budget is not compared).
    fn eq(&self, other: &Self) -> bool {
        self.puzzle == other.puzzle && self.marks == other.marks
    }
}

impl Eq for Game {}

impl From<Generated> for Game {
    /// A new game of a generated puzzle (its solution is known: nothing to
    /// solve).
    fn from(generated: Generated) -> Self {
        let marks = Marks::new(&generated.puzzle);
        Game {
            puzzle: generated.puzzle,
            marks,
            solution: generated.solution,
            budget: Budget::unlimited(),
        }
    }
}

impl Game {
    /// A new game of `puzzle`, nothing marked.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when the puzzle has no solution or several, or is
    /// not solved within [`GAME_SPLITS`] case splits.
    ///
    /// # Example
    ///
    /// ```
    /// let game = kongming_zebra_csp::Game::new(kongming_zebra_csp::einstein())?;
    /// assert!(!game.is_solved());
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    pub fn new(puzzle: Puzzle) -> Result<Self, GameError> {
        let marks = Marks::new(&puzzle);
        Game::with_marks(puzzle, marks)
    }

    /// A game of `puzzle` with the player's `marks` so far (right or
    /// wrong, even contradicting each other).
    ///
    /// # Errors
    ///
    /// [`GameError::OtherPuzzle`] for marks of another puzzle, and those of
    /// [`Game::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Game, Marks};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let marks = Marks::parse(&puzzle, "Brit at 1")?;
    /// let game = Game::with_marks(puzzle, marks)?;
    /// assert_eq!(game.mistakes().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_marks(puzzle: Puzzle, marks: Marks) -> Result<Self, GameError> {
        if !marks.is_of(&puzzle) {
            return Err(GameError::OtherPuzzle);
        }
        let solution = only_solution(&puzzle)?;
        Ok(Game {
            puzzle,
            marks,
            solution,
            budget: Budget::unlimited(),
        })
    }

    /// Bounds each [`hint`](Game::hint) (a node is a case split); a hint
    /// the budget stops is [`HintKind::Stopped`](crate::HintKind::Stopped).
    /// Not stored with the game.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, Game, HintKind};
    /// let cancel = kongming_zebra_csp::CancelFlag::new();
    /// cancel.cancel();
    /// let game = Game::new(kongming_zebra_csp::einstein())?
    ///     .budget(Budget::unlimited().with_cancel_flag(cancel));
    /// assert!(matches!(game.hint().kind(), HintKind::Stopped(_)));
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The puzzle as given.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The player's marks.
    ///
    /// # Example
    ///
    /// ```
    /// let game = kongming_zebra_csp::Game::new(kongming_zebra_csp::einstein())?;
    /// assert_eq!(game.marks().marked().count(), 0);
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The puzzle's one solution (the marks are judged against it).
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn answer(&self) -> &Solution {
        &self.solution
    }

    /// The player's marks that contradict the solution (see
    /// [`Puzzle::mistakes`]).
    ///
    /// # Example
    ///
    /// See [`Game::with_marks`].
    pub fn mistakes(&self) -> Vec<(Item, House, Mark)> {
        wrong_marks(&self.solution, &self.marks)
    }

    /// Whether the grid is solved: every value placed, every mark right.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn is_solved(&self) -> bool {
        solved(&self.solution, &self.marks)
    }

    /// Reads a move in the marks' text form: `NAME at K` (yes),
    /// `NAME not-at K` (no), or `erase NAME at K`.
    ///
    /// # Errors
    ///
    /// A [`MarksError`] as [`Marks::parse`] gives for a line.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Game, Mark};
    /// let game = Game::new(kongming_zebra_csp::einstein())?;
    /// assert_eq!(game.parse_move("milk not-at 2")?.mark, Mark::No);
    /// assert_eq!(game.parse_move("erase milk at 2")?.mark, Mark::Unknown);
    /// assert!(game.parse_move("milk at 6").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<MarkMove, MarksError> {
        let trimmed = text.trim();
        let (erase, line) = match trimmed.strip_prefix("erase ") {
            Some(rest) => (true, rest.trim()),
            None => (false, trimmed),
        };
        let (item, house, mark) = Marks::parse(&self.puzzle, line)?
            .marked()
            .next()
            .ok_or_else(|| MarksError::syntax(trimmed))?;
        let mark = if erase { Mark::Unknown } else { mark };
        Ok(MarkMove::new(item, house, mark))
    }

    /// A move in the text form [`parse_move`](Game::parse_move) reads
    /// (names and house numbers from 1); `?` for a value outside the
    /// puzzle.
    ///
    /// # Example
    ///
    /// See [`MarkMove`].
    pub fn move_text(&self, mv: &MarkMove) -> String {
        let name = if self.in_puzzle(mv) {
            self.puzzle.value_name(mv.item)
        } else {
            "?"
        };
        match mv.mark {
            Mark::Yes => format!("{name} at {}", mv.house),
            Mark::No => format!("{name} not-at {}", mv.house),
            Mark::Unknown => format!("erase {name} at {}", mv.house),
        }
    }

    /// A verdict of [`check`](Game::check) or [`play`](Game::play) as a
    /// sentence with the puzzle's names: its [`Display`](fmt::Display),
    /// except that a [`IllegalMark::Conflicts`] names the value ("the mark
    /// of Norwegian at house 1") where the verdict alone, which holds no
    /// names, can only number it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Game;
    /// let mut game = Game::new(kongming_zebra_csp::einstein())?;
    /// game.play(game.parse_move("Norwegian at 1")?);
    /// let again = game.check(&game.parse_move("Norwegian at 2")?);
    /// assert_eq!(
    ///     game.describe(&again),
    ///     "not a legal move: it contradicts the mark of Norwegian at house 1"
    /// );
    /// let right = game.check(&game.parse_move("milk at 3")?);
    /// assert_eq!(game.describe(&right), right.to_string());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe(&self, verdict: &Check<WrongMark, IllegalMark>) -> String {
        match *verdict {
            Check::Illegal(IllegalMark::Conflicts { item, house })
                if self.in_puzzle(&MarkMove::new(item, house, Mark::Yes)) =>
            {
                format!(
                    "not a legal move: it contradicts the mark of {} at house {house}",
                    self.puzzle.value_name(item)
                )
            }
            _ => verdict.to_string(),
        }
    }

    fn in_puzzle(&self, mv: &MarkMove) -> bool {
        mv.item.category().index() < self.puzzle.num_categories()
            && mv.item.index() < self.puzzle.positions()
            && mv.house.index() < self.puzzle.positions()
    }

    /// Why `mv` is not a legal move on the marks, if it is not.
    fn illegal(&self, mv: &MarkMove) -> Option<IllegalMark> {
        if !self.in_puzzle(mv) {
            return Some(IllegalMark::OutOfPuzzle);
        }
        let n = self.puzzle.positions();
        let current = self.marks.get(mv.item, mv.house);
        match (mv.mark, current) {
            (Mark::Unknown, Mark::Unknown) => return Some(IllegalMark::NotMarked),
            (Mark::Unknown, _) => return None,
            (_, Mark::Yes | Mark::No) => return Some(IllegalMark::AlreadyMarked(current)),
            _ => {}
        }
        let category = mv.item.category();
        let others = |item: Item| {
            (0..n)
                .filter_map(move |v| Item::new(category, v))
                .filter(move |&other| other != item)
        };
        let houses = (0..n).filter_map(House::from_index);
        if mv.mark == Mark::Yes {
            if let Some(house) = houses
                .clone()
                .find(|&h| h != mv.house && self.marks.get(mv.item, h) == Mark::Yes)
            {
                return Some(IllegalMark::Conflicts {
                    item: mv.item,
                    house,
                });
            }
            if let Some(item) =
                others(mv.item).find(|&other| self.marks.get(other, mv.house) == Mark::Yes)
            {
                return Some(IllegalMark::Conflicts {
                    item,
                    house: mv.house,
                });
            }
            return None;
        }
        let no_house = houses
            .clone()
            .all(|h| h == mv.house || self.marks.get(mv.item, h) == Mark::No);
        let no_value = others(mv.item).all(|other| self.marks.get(other, mv.house) == Mark::No);
        (no_house || no_value).then_some(IllegalMark::NothingLeft)
    }

    /// The verdict on `mv`, without making it: illegal (why), wrong (it
    /// contradicts the solution), solved (it completes the grid with every
    /// mark right) or right. An erasure is right (or solved, when it
    /// erases the last wrong mark of a full grid).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Check, Game, IllegalMark, WrongMark};
    /// let mut game = Game::new(kongming_zebra_csp::einstein())?;
    /// assert_eq!(game.check(&game.parse_move("Norwegian at 1")?), Check::Right);
    /// assert_eq!(game.check(&game.parse_move("Norwegian not-at 1")?), Check::Wrong(WrongMark::IsThere));
    /// assert_eq!(game.check(&game.parse_move("erase milk at 2")?), Check::Illegal(IllegalMark::NotMarked));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, mv: &MarkMove) -> Check<WrongMark, IllegalMark> {
        if let Some(why) = self.illegal(mv) {
            return Check::Illegal(why);
        }
        let there = self.solution.house_of(mv.item) == mv.house;
        match (mv.mark, there) {
            (Mark::Yes, false) => return Check::Wrong(WrongMark::NotThere),
            (Mark::No, true) => return Check::Wrong(WrongMark::IsThere),
            _ => {}
        }
        let mut after = self.marks.clone();
        after.set(mv.item, mv.house, mv.mark);
        if solved(&self.solution, &after) {
            Check::Solved
        } else {
            Check::Right
        }
    }

    /// Makes `mv` if it is legal (right or wrong) and returns the verdict
    /// of [`check`](Game::check); an illegal move changes nothing.
    ///
    /// # Example
    ///
    /// See [`Game`].
    pub fn play(&mut self, mv: MarkMove) -> Check<WrongMark, IllegalMark> {
        let verdict = self.check(&mv);
        if !matches!(verdict, Check::Illegal(_)) {
            self.marks.set(mv.item, mv.house, mv.mark);
        }
        verdict
    }

    /// The next step from the marks, mistakes included, within the game's
    /// [`budget`](Game::budget): a wrong mark to erase
    /// ([`HintKind::Undo`](crate::HintKind::Undo)), else the next
    /// deduction ([`HintKind::Next`](crate::HintKind::Next)), or
    /// [`HintKind::Solved`](crate::HintKind::Solved). Its
    /// [`Display`](fmt::Display) says it in the clue's words, houses from 1.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Game, HintKind};
    /// let game = Game::new(kongming_zebra_csp::einstein())?;
    /// let hint = game.hint();
    /// assert!(matches!(hint.kind(), HintKind::Next(_)));
    /// assert!(hint.to_string().ends_with("because of clue 4 (green left-of white)."));
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    pub fn hint(&self) -> Hint {
        hint::hint_for_game(&self.puzzle, &self.marks, &self.solution, &self.budget)
    }

    /// Does what `hint` says ([`Hint::marks`]): erases a wrong mark
    /// ([`HintKind::Undo`](crate::HintKind::Undo), or the mark a
    /// [`HintKind::DeadEnd`](crate::HintKind::DeadEnd) names), marks a
    /// deduction's yes and no cells
    /// ([`HintKind::Next`](crate::HintKind::Next)). Returns whether the
    /// marks changed: `false` for a hint with nothing to do
    /// ([`HintKind::Solved`](crate::HintKind::Solved),
    /// [`HintKind::Stopped`](crate::HintKind::Stopped),
    /// [`HintKind::NoSolution`](crate::HintKind::NoSolution)), for one
    /// whose marks are already made (a hint from another state), and for
    /// one naming a value or house this puzzle does not have (of another
    /// puzzle): then nothing changes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Game, HintKind};
    /// let mut game = Game::new(kongming_zebra_csp::einstein())?;
    /// let hint = game.hint();
    /// assert!(matches!(hint.kind(), HintKind::Next(_)));
    /// assert!(game.follow(&hint));
    /// assert!(!game.follow(&hint)); // its marks are made already
    /// while !game.is_solved() {
    ///     assert!(game.follow(&game.hint()));
    /// }
    /// assert!(!game.follow(&game.hint())); // solved: nothing to do
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    pub fn follow(&mut self, hint: &Hint) -> bool {
        let marks = hint.marks();
        // All or nothing: a hint of another puzzle leaves no half-made
        // step behind.
        if !marks
            .iter()
            .all(|&(item, house, _)| self.marks.holds(item, house))
        {
            return false;
        }
        let changed = marks
            .iter()
            .any(|&(item, house, mark)| self.marks.get(item, house) != mark);
        hint.apply(&mut self.marks);
        changed
    }
}

impl fmt::Display for Game {
    /// The player's grid as a text table: a row per category, a column per
    /// house (from 1), each cell the value the marks place there or `?`
    /// ([`Marks::table`]).
    ///
    /// ```
    /// use kongming_zebra_csp::{Game, Marks};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let game = Game::with_marks(puzzle.clone(), Marks::parse(&puzzle, "Norwegian at 1")?)?;
    /// assert!(game.to_string().contains("| nationality | Norwegian | ?"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.marks.table())
    }
}

/// Whether `marks` place every value and contradict `solution` nowhere.
fn solved(solution: &Solution, marks: &Marks) -> bool {
    marks.is_complete() && wrong_marks(solution, marks).is_empty()
}

/// A game as stored: the puzzle's text and the marks' text.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GameData<P> {
    puzzle: P,
    marks: String,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    /// `{"puzzle":"<text>","marks":"<marks text>"}`: no solution.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameData {
            puzzle: &self.puzzle,
            marks: self.marks.to_string(),
        }
        .serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    /// Reads the puzzle and the marks with their parsers' checks, and
    /// solves the puzzle again (it must have exactly one solution).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let data = GameData::<Puzzle>::deserialize(deserializer)?;
        let marks = Marks::parse(&data.puzzle, &data.marks).map_err(D::Error::custom)?;
        Game::with_marks(data.puzzle, marks).map_err(D::Error::custom)
    }
}
