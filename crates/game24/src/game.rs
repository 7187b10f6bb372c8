//! The game: a hand of numbers, a target, the operations allowed.

use std::fmt;
use std::str::FromStr;

use kongming_search::dfs::{Budget, MemoSearch, Outcome, Search};
use rustc_hash::{FxBuildHasher, FxHashSet};

use crate::arith::Value;
use crate::board::{Board, Mode};
use crate::check::{CheckError, check_expr, first_forbidden_op, parse_answer};
use crate::equivalence::{Class, Equivalence};
use crate::error::{GameError, ParseError, ParseErrorKind};
use crate::exact::Exact;
use crate::expr::{Expr, parse_rational};
use crate::{Ops, Rational};

/// The most numbers a hand may hold.
///
/// [`Game::solvable`] answers in microseconds up to 6 numbers; for 7 its
/// worst case (no solution) takes about half a second and 60 MB of memo.
/// [`Game::solutions`] lists every distinct solution of 4 numbers in tens
/// of microseconds, 5 in milliseconds, 6 in a tenth of a second or more,
/// 7 in seconds. (With 8 numbers a "no" would take a memo of gigabytes,
/// hence the limit; the `*_within` variants bound time and nodes.)
///
/// ```
/// use kongming_game24::{Game, GameError, MAX_NUMBERS};
///
/// let too_many = vec![1; MAX_NUMBERS + 1];
/// assert_eq!(Game::new(&too_many, 24).unwrap_err(), GameError::TooManyNumbers(MAX_NUMBERS + 1));
/// ```
pub const MAX_NUMBERS: usize = 7;

/// A hand of numbers, a target and the operations allowed.
///
/// Text form: the numbers separated by spaces (integers or fractions such
/// as `3/4`, negative ones with a `-`), optionally followed by `=` and the
/// target; the target is 24 when left out. [`Display`](fmt::Display)
/// always writes the target, and reading that text back gives an equal
/// game (the operations are not part of the text).
///
/// ```
/// use kongming_game24::Game;
///
/// let game: Game = "3 3 8 8".parse()?;
/// assert_eq!(game.to_string(), "3 3 8 8 = 24");
/// assert!(game.solvable()?);
/// let all: Vec<String> = game.solutions()?.iter().map(|e| e.to_string()).collect();
/// assert_eq!(all, ["8/(3-8/3)"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    numbers: Vec<Rational>,
    target: Rational,
    ops: Ops,
    equivalence: Equivalence,
}

/// A hardness hint for a hand.
///
/// ```
/// use kongming_game24::Game;
///
/// let hint = Game::new(&[3, 3, 8, 8], 24)?.hint()?;
/// assert_eq!(hint.distinct_solutions, 1);
/// assert!(hint.needs_fractions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Hint {
    /// How many distinct solutions the hand has (0: not solvable).
    pub distinct_solutions: usize,
    /// Whether every solution goes through a value that is not a whole
    /// number (false when there is no solution at all).
    pub needs_fractions: bool,
}

impl Game {
    /// A game with the four operations.
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    ///
    /// let game = Game::new(&[1, 5, 5, 5], 24)?;
    /// assert!(game.solvable()?);
    /// let halves = Game::new(&[Rational::new(1, 2), Rational::from_integer(3)], Rational::new(3, 2))?;
    /// assert!(halves.solvable()?);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoNumbers`] for an empty hand, [`GameError::TooManyNumbers`] past [`MAX_NUMBERS`].
    pub fn new<T: Copy + Into<Rational>>(
        numbers: &[T],
        target: impl Into<Rational>,
    ) -> Result<Game, GameError> {
        if numbers.is_empty() {
            return Err(GameError::NoNumbers);
        }
        if numbers.len() > MAX_NUMBERS {
            return Err(GameError::TooManyNumbers(numbers.len()));
        }
        Ok(Game {
            numbers: numbers.iter().map(|&n| n.into()).collect(),
            target: target.into(),
            ops: Ops::all(),
            equivalence: Equivalence::Standard,
        })
    }

    /// Allows only `ops`.
    ///
    /// ```
    /// use kongming_game24::{Game, Ops};
    ///
    /// let game = Game::new(&[3, 3, 8, 8], 24)?;
    /// assert!(!game.clone().with_ops(Ops::ADD | Ops::SUB | Ops::MUL).solvable()?);
    /// assert!(game.with_ops(Ops::all()).solvable()?);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn with_ops(mut self, ops: Ops) -> Game {
        self.ops = ops;
        self
    }

    /// Lists solutions under `equivalence` (the crate's rules by default).
    ///
    /// ```
    /// use kongming_game24::{Equivalence, Game};
    ///
    /// let game = Game::new(&[3, 3, 8, 8], 24)?.with_equivalence(Equivalence::Structural);
    /// let all: Vec<String> = game.solutions()?.iter().map(|e| e.to_string()).collect();
    /// assert_eq!(all, ["8/(3-8/3)"]);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn with_equivalence(mut self, equivalence: Equivalence) -> Game {
        self.equivalence = equivalence;
        self
    }

    /// The equivalence solutions are listed under.
    ///
    /// ```
    /// use kongming_game24::{Equivalence, Game};
    /// assert_eq!(Game::new(&[1, 2], 3)?.equivalence(), Equivalence::Standard);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn equivalence(&self) -> Equivalence {
        self.equivalence
    }

    /// The numbers of the hand.
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    /// let game = Game::new(&[4, 7], 28)?;
    /// assert_eq!(game.numbers(), [Rational::from_integer(4), Rational::from_integer(7)]);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn numbers(&self) -> &[Rational] {
        &self.numbers
    }

    /// The target.
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    /// assert_eq!("1 2 = 3".parse::<Game>()?.target(), Rational::from_integer(3));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn target(&self) -> Rational {
        self.target
    }

    /// The operations allowed.
    ///
    /// ```
    /// use kongming_game24::{Game, Ops};
    /// assert_eq!(Game::new(&[1, 2], 3)?.ops(), Ops::all());
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn ops(&self) -> Ops {
        self.ops
    }

    fn board<V: Value>(&self, mode: Mode) -> Result<Board<V>, GameError> {
        if self.ops.is_empty() && self.numbers.len() > 1 {
            return Err(GameError::NoOperations);
        }
        Ok(Board::new(&self.numbers, self.target, self.ops, mode))
    }

    /// One solution: on machine rationals first, and again on exact values
    /// if that found none while some value overflowed.
    fn first(&self, mode: Mode, budget: Budget) -> Result<Option<Expr>, GameError> {
        match self.first_on::<Rational>(mode, budget.clone())? {
            Some(found) => Ok(found),
            None => Ok(self.first_on::<Exact>(mode, budget)?.flatten()),
        }
    }

    /// `None` when nothing was found and some value overflowed.
    fn first_on<V: Value>(
        &self,
        mode: Mode,
        budget: Budget,
    ) -> Result<Option<Option<Expr>>, GameError> {
        let mut search =
            MemoSearch::with_hasher(self.board::<V>(mode)?, FxBuildHasher).with_budget(budget);
        let found = search.first();
        if found.is_none() {
            if let Some(Outcome::Stopped(reason)) = search.outcome() {
                return Err(GameError::Stopped(reason));
            }
            if search.problem().overflowed() {
                return Ok(None);
            }
        }
        Ok(Some(found))
    }

    /// [`solvable`](Game::solvable) within a [`Budget`] (nodes, time, a
    /// cancel flag): [`GameError::Stopped`] if it ran out before knowing.
    ///
    /// ```
    /// use kongming_game24::{Budget, Game, GameError};
    ///
    /// let game = Game::new(&[1, 1, 1, 1, 1, 1, 1], 1000)?;
    /// let tiny = Budget::unlimited().with_node_limit(100);
    /// assert!(matches!(game.solvable_within(tiny), Err(GameError::Stopped(_))));
    /// assert!(Game::new(&[4, 6], 24)?.solvable_within(Budget::unlimited())?);
    /// # Ok::<(), GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Stopped`] when the budget runs out first; [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn solvable_within(&self, budget: Budget) -> Result<bool, GameError> {
        Ok(self.first(Mode::Values, budget)?.is_some())
    }

    /// [`solutions`](Game::solutions) within a [`Budget`]:
    /// [`GameError::Stopped`] if it ran out before the list was complete.
    ///
    /// ```
    /// use kongming_game24::{Budget, Game, GameError};
    ///
    /// let game = Game::new(&[1, 2, 3, 4, 5, 6, 7], 24)?;
    /// let tiny = Budget::unlimited().with_node_limit(1000);
    /// assert!(matches!(game.solutions_within(tiny), Err(GameError::Stopped(_))));
    /// # Ok::<(), GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Stopped`] when the budget runs out first; [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn solutions_within(&self, budget: Budget) -> Result<Vec<Expr>, GameError> {
        self.search_solutions(budget)
    }

    /// The general search for yes/no (the fast path's reference).
    pub(crate) fn general_solvable(&self) -> Result<bool, GameError> {
        Ok(self.first(Mode::Values, Budget::unlimited())?.is_some())
    }

    /// The general search for every distinct solution (the fast path's
    /// reference).
    pub(crate) fn general_solutions(&self) -> Result<Vec<Expr>, GameError> {
        self.search_solutions(Budget::unlimited())
    }

    fn search_solutions(&self, budget: Budget) -> Result<Vec<Expr>, GameError> {
        let mode = match self.equivalence {
            Equivalence::Standard => Mode::Expressions,
            Equivalence::Structural => Mode::Trees,
        };
        match self.list_on::<Rational>(mode, budget.clone())? {
            Some(list) => Ok(list),
            // Some value overflowed, so the list may miss a solution: list
            // again on exact values.
            None => Ok(self.list_on::<Exact>(mode, budget)?.unwrap_or_default()),
        }
    }

    /// `None` when some value overflowed.
    fn list_on<V: Value>(
        &self,
        mode: Mode,
        budget: Budget,
    ) -> Result<Option<Vec<Expr>>, GameError> {
        let mut search = Search::new(self.board::<V>(mode)?).with_budget(budget);
        let mut seen = FxHashSet::default();
        let mut out = Vec::new();
        let mut hand = self.numbers.clone();
        hand.sort();
        for e in search.solutions() {
            let class = self.equivalence.class(&e).expect("a solution has a value");
            if seen.contains(&class) {
                continue;
            }
            seen.insert(class.clone());
            // The tidy form of the class (when it has one), unless it
            // takes other numbers (negative numbers come out of it) or an
            // operation the game does not allow (it writes `0*1` for the
            // class of `0/1`).
            let tidy = match &class {
                Class::Standard(c) => c.to_expr().filter(|t| {
                    let mut used = t.numbers();
                    used.sort();
                    used == hand && first_forbidden_op(t, self.ops).is_none()
                }),
                Class::Structural(_) => None,
            };
            out.push(tidy.unwrap_or(e));
        }
        if let Some(Outcome::Stopped(reason)) = search.outcome() {
            return Err(GameError::Stopped(reason));
        }
        if search.problem().overflowed() {
            return Ok(None);
        }
        Ok(Some(out))
    }

    /// Whether the numbers can make the target.
    ///
    /// For many hands with one target, a [`Solver`](crate::Solver) is
    /// several times faster (it shares work between hands).
    ///
    /// A depth-first search over the values (never the expressions), that
    /// tries each pair of equal values once and remembers the multisets of
    /// values already proved dead. Values are checked `i64` rationals; if
    /// the answer is "no" but some value overflowed, the search runs again
    /// on exact values of any size, so the answer is always exact.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// assert!(Game::new(&[1, 1, 1, 11, 13], 24)?.solvable()?); // (11+13)*1*1*1
    /// assert!(!Game::new(&[1, 1, 1, 1], 24)?.solvable()?);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn solvable(&self) -> Result<bool, GameError> {
        self.solvable_within(Budget::unlimited())
    }

    /// One solution, or `None`.
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    ///
    /// let e = Game::new(&[4, 7, 6, 1], 24)?.solve()?.expect("solvable");
    /// assert_eq!(e.eval()?, Rational::from_integer(24));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn solve(&self) -> Result<Option<Expr>, GameError> {
        self.first(Mode::Values, Budget::unlimited())
    }

    /// Every distinct solution, one expression for each class of the
    /// equivalence described in the crate docs ("Distinct solutions"),
    /// written in its tidy form ([`Canonical::to_expr`](crate::Canonical::to_expr)).
    ///
    /// For many hands with one target, a [`Solver`](crate::Solver) is
    /// several times faster (it shares work between hands).
    ///
    /// The search visits every expression (up to swapping the operands of
    /// `+` and `*` and choosing between equal numbers) and keeps the first
    /// of each class. If some value overflowed `i64` the list is made again
    /// on exact values of any size, so it is always complete. A hand with
    /// negative numbers lists the expressions found (the tidy forms take
    /// the numbers' absolute values); [`Game::with_equivalence`] chooses a
    /// finer equivalence.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// let all = Game::new(&[1, 2, 3, 4], 24)?.solutions()?;
    /// let text: Vec<String> = all.iter().map(|e| e.to_string()).collect();
    /// assert_eq!(text.len(), 3);
    /// assert!(text.contains(&"(3+2+1)*4".to_string()));
    /// assert!(text.contains(&"4*3*2*1".to_string()));
    /// assert!(text.contains(&"(4+2)*(3+1)".to_string()));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn solutions(&self) -> Result<Vec<Expr>, GameError> {
        self.solutions_within(Budget::unlimited())
    }

    /// How many distinct solutions, and whether fractions are needed.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// let hint = Game::new(&[1, 2, 3, 4], 24)?.hint()?;
    /// assert_eq!(hint.distinct_solutions, 3);
    /// assert!(!hint.needs_fractions);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn hint(&self) -> Result<Hint, GameError> {
        let distinct_solutions = self.solutions()?.len();
        let needs_fractions =
            distinct_solutions > 0 && self.first(Mode::Integers, Budget::unlimited())?.is_none();
        Ok(Hint {
            distinct_solutions,
            needs_fractions,
        })
    }

    /// Checks a player's answer: `Ok(())` if it uses every number of the
    /// hand exactly once, only allowed operations, and makes the target.
    ///
    /// ```
    /// use kongming_game24::{CheckError, Game};
    ///
    /// let game = Game::new(&[3, 3, 8, 8], 24)?;
    /// assert_eq!(game.check("8/(3-8/3)"), Ok(()));
    /// assert!(matches!(game.check("8*3"), Err(CheckError::Unused(_))));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first thing wrong with the answer, as a [`CheckError`].
    pub fn check(&self, answer: &str) -> Result<(), CheckError> {
        let expr = parse_answer(answer, self.target)?;
        check_expr(&self.numbers, self.target, self.ops, &expr)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in &self.numbers {
            write_hand_number(f, n)?;
            f.write_str(" ")?;
        }
        f.write_str("= ")?;
        write_hand_number(f, &self.target)
    }
}

fn write_hand_number(f: &mut fmt::Formatter<'_>, v: &Rational) -> fmt::Result {
    if v.is_integer() {
        write!(f, "{}", v.numer())
    } else {
        write!(f, "{}/{}", v.numer(), v.denom())
    }
}

impl FromStr for Game {
    type Err = GameError;

    fn from_str(s: &str) -> Result<Game, GameError> {
        let (hand, target) = match s.find('=') {
            Some(k) => (&s[..k], Some((k + 1, &s[k + 1..]))),
            None => (s, None),
        };
        let mut numbers = Vec::new();
        let mut start = None;
        let ends = hand
            .char_indices()
            .chain(std::iter::once((hand.len(), ' ')));
        for (k, c) in ends {
            if c.is_whitespace() || c == ',' {
                if let Some(first) = start.take() {
                    if numbers.len() == MAX_NUMBERS {
                        let kind = ParseErrorKind::TooManyNumbers;
                        return Err(ParseError::new(kind, first).into());
                    }
                    numbers.push(parse_rational(&hand[first..k], first)?);
                }
            } else if start.is_none() {
                start = Some(k);
            }
        }
        let target = match target {
            Some((at, text)) => {
                if let Some(k) = text.find('=') {
                    let kind = ParseErrorKind::Unexpected('=');
                    return Err(ParseError::new(kind, at + k).into());
                }
                parse_rational(text, at)?
            }
            None => Rational::from_integer(24),
        };
        Game::new(&numbers, target)
    }
}
