//! The game: a hand of numbers, a target, the operations allowed.

use std::fmt;
use std::str::FromStr;

use kongming_search::control::{Budget, Outcome, StopReason};
use kongming_search::dfs::MemoSearch;
use rustc_hash::FxBuildHasher;

use crate::board::{Board, Mode};
use crate::equivalence::Equivalence;
use crate::error::{GameError, ParseError, ParseErrorKind};
use crate::exact::Exact;
use crate::expr::{Expr, parse_rational};
use crate::relay::{Relay, forward};
use crate::solver::{Solver, fast_rules, with_kept_solver};
use crate::step::Step;
use crate::stream::{Solutions, limited};
use crate::value::Value;
use crate::{Ops, Rational};

/// The most numbers a hand may hold.
///
/// [`Game::solvable`] answers in microseconds up to 6 numbers; for 7 its
/// worst case (no solution) takes about half a second and 60 MB of memo.
/// [`Game::solutions`] lists every distinct solution of 4 numbers in tens
/// of microseconds, 5 in milliseconds, 6 in a tenth of a second or more,
/// 7 in seconds. (With 8 numbers a "no" would take a memo of gigabytes,
/// hence the limit; a [`Budget`] bounds time and nodes: see
/// [`Solutions::budget`] and [`Solver::budget`].)
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
/// target; the target is 24 when left out. Then, when they are not the
/// defaults, `ops` and the operations allowed (as [`Ops`] writes them:
/// `ops +-*`, `ops none`) and `structural` for
/// [`Equivalence::Structural`]. [`Display`](fmt::Display) always writes
/// the target, and reading that text back gives an equal game (for a
/// game in play, the game as the numbers left give it).
///
/// ```
/// use kongming_game24::{Equivalence, Game, Ops};
///
/// let game: Game = "3 3 8 8".parse()?;
/// assert_eq!(game.to_string(), "3 3 8 8 = 24");
/// assert!(game.solvable()?);
/// let all: Vec<String> = game.solutions()?.iter().map(|e| e.to_string()).collect();
/// assert_eq!(all, ["8/(3-8/3)"]);
///
/// let rules = game.with_ops(Ops::ADD | Ops::MUL).with_equivalence(Equivalence::Structural);
/// assert_eq!(rules.to_string(), "3 3 8 8 = 24 ops +* structural");
/// assert_eq!(rules.to_string().parse::<Game>()?, rules);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # A game in play
///
/// A game keeps the hand as it was given ([`Game::hand`]) and the steps a
/// player has played on it ([`Game::steps`], [`Game::play`],
/// [`Game::apply`]); [`Game::numbers`] are the numbers left, and every
/// search ([`Game::solvable`], [`Game::solutions`], [`Game::hint`], …)
/// starts from them. [`Display`](fmt::Display) writes the numbers left
/// (the hand itself before any step); [`Game::start`] is the game as
/// given. Two games are equal when their hands, steps and rules are; the
/// [`Budget`] of [`Game::budget`] is not part of a game's value.
#[derive(Clone, Debug)]
pub struct Game {
    /// The hand as given.
    hand: Vec<Rational>,
    /// The steps played on it, in order.
    steps: Vec<Step>,
    /// The numbers left after the steps (kept, not worked out on each call).
    numbers: Vec<Rational>,
    target: Rational,
    ops: Ops,
    equivalence: Equivalence,
    /// The limits of the calls that judge play (`check`, `play`, `hint`).
    budget: Budget,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        // The numbers left follow from the hand and the steps.
        self.hand == other.hand
            && self.steps == other.steps
            && self.target == other.target
            && self.ops == other.ops
            && self.equivalence == other.equivalence
    }
}

impl Eq for Game {}

impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hand.hash(state);
        self.steps.hash(state);
        self.target.hash(state);
        self.ops.hash(state);
        self.equivalence.hash(state);
    }
}

/// How a search for one solution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    Solution(Expr),
    /// The whole search ran and found none.
    Nothing,
    /// It found none, but some value overflowed (on machine values).
    Overflowed,
    Stopped(StopReason),
}

/// A search for one solution: what it found, and the nodes it took.
#[derive(Debug)]
pub(crate) struct First {
    pub(crate) found: Found,
    pub(crate) nodes: u64,
}

impl First {
    /// The answer of a search without limits.
    pub(crate) fn complete(self) -> Option<Expr> {
        match self.found {
            Found::Solution(e) => Some(e),
            Found::Nothing | Found::Overflowed => None,
            Found::Stopped(_) => unreachable!("a search without limits runs to its end"),
        }
    }
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
        let hand: Vec<Rational> = numbers.iter().map(|&n| n.into()).collect();
        Ok(Game {
            numbers: hand.clone(),
            hand,
            steps: Vec::new(),
            target: target.into(),
            ops: Ops::all(),
            equivalence: Equivalence::Standard,
            budget: Budget::unlimited(),
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

    /// The numbers left: the hand, less the numbers each step took, plus
    /// the numbers the steps made (each at the end, in the order played).
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    /// let game = Game::new(&[4, 7], 28)?;
    /// assert_eq!(game.numbers(), [Rational::from_integer(4), Rational::from_integer(7)]);
    /// let game = game.apply(&"4*7".parse()?)?;
    /// assert_eq!(game.numbers(), [Rational::from_integer(28)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn numbers(&self) -> &[Rational] {
        &self.numbers
    }

    /// The hand as it was given, whatever steps were played since.
    ///
    /// ```
    /// use kongming_game24::{Game, Rational};
    /// let game = "3 3 8 8".parse::<Game>()?.apply(&"8/3".parse()?)?;
    /// assert_eq!(game.hand(), [3, 3, 8, 8].map(Rational::from_integer));
    /// assert_eq!(game.numbers().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self) -> &[Rational] {
        &self.hand
    }

    /// The steps played, in order.
    ///
    /// ```
    /// use kongming_game24::Game;
    /// let game = "3 3 8 8".parse::<Game>()?.apply(&"8/3".parse()?)?;
    /// assert_eq!(game.steps(), ["8/3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The game as it was given: the hand and the rules, no steps (and
    /// the same budget).
    ///
    /// ```
    /// use kongming_game24::Game;
    /// let given: Game = "3 3 8 8".parse()?;
    /// let played = given.apply(&"8/3".parse()?)?;
    /// assert_eq!(played.to_string(), "3 8 8/3 = 24");
    /// assert_eq!(played.start(), given);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> Game {
        Game {
            hand: self.hand.clone(),
            steps: Vec::new(),
            numbers: self.hand.clone(),
            target: self.target,
            ops: self.ops,
            equivalence: self.equivalence,
            budget: self.budget.clone(),
        }
    }

    /// Sets the limits of the calls that judge play ([`Game::check`],
    /// [`Game::play`], [`Game::hint`]): each call may spend all of it.
    /// Unlimited by default; not saved with the game.
    ///
    /// ```
    /// use kongming_game24::{Budget, Check, Game, Hint, StopReason};
    ///
    /// let game: Game = "1 1 1 1 1 1 1 = 1000".parse()?;
    /// let hurried = game.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(hurried.hint()?, Hint::Stopped(StopReason::NodeLimit));
    /// assert!(matches!(hurried.check(&"1+1".parse()?), Check::Stopped(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Game {
        self.budget = budget;
        self
    }

    /// The budget set by [`Game::budget`].
    pub(crate) fn play_budget(&self) -> &Budget {
        &self.budget
    }

    /// This game after one more step, already found legal, that leaves
    /// `numbers`.
    pub(crate) fn with_step(&self, step: Step, numbers: Vec<Rational>) -> Game {
        let mut steps = self.steps.clone();
        steps.push(step);
        Game {
            hand: self.hand.clone(),
            steps,
            numbers,
            target: self.target,
            ops: self.ops,
            equivalence: self.equivalence,
            budget: self.budget.clone(),
        }
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

    /// A check of the rules: an error when two or more numbers have no
    /// operation to combine them.
    pub(crate) fn rules(&self) -> Result<(), GameError> {
        if self.ops.is_empty() && self.numbers.len() > 1 {
            return Err(GameError::NoOperations);
        }
        Ok(())
    }

    /// A search for one solution on `mode`'s moves, under `budget`: on
    /// machine rationals first, and again on exact values (with what is
    /// left of the budget) if that found none while some value overflowed.
    pub(crate) fn first(
        &self,
        mode: Mode,
        budget: &Budget,
        progress: Option<&Relay<'static>>,
    ) -> Result<First, GameError> {
        self.rules()?;
        let meter = limited(budget).then(|| budget.start());
        let machine = self.first_on::<Rational>(mode, budget.clone(), progress, 0);
        if machine.found != Found::Overflowed {
            return Ok(machine);
        }
        let rest = match meter {
            Some(meter) => meter.remaining(machine.nodes),
            None => Budget::unlimited(),
        };
        let exact = self.first_on::<Exact>(mode, rest, progress, machine.nodes);
        Ok(First {
            found: match exact.found {
                Found::Overflowed => Found::Nothing,
                found => found,
            },
            nodes: machine.nodes.saturating_add(exact.nodes),
        })
    }

    fn first_on<V: Value>(
        &self,
        mode: Mode,
        budget: Budget,
        progress: Option<&Relay<'static>>,
        offset: u64,
    ) -> First {
        let board = Board::<V>::new(&self.numbers, self.target, self.ops, mode);
        let mut search = MemoSearch::with_hasher(board, FxBuildHasher).budget(budget);
        if let Some(relay) = progress {
            search = search.on_progress(forward(relay, offset, None));
        }
        let found = match search.first() {
            Some(e) => Found::Solution(e),
            None => match search.outcome() {
                Some(Outcome::Stopped(reason)) => Found::Stopped(reason),
                _ if search.problem().overflowed() => Found::Overflowed,
                _ => Found::Nothing,
            },
        };
        First {
            found,
            nodes: search.stats().nodes,
        }
    }

    /// Yes/no from this thread's kept [`Solver`], when its fast path
    /// covers the game.
    fn fast_solvable(&self) -> Option<bool> {
        let n = self.numbers.len();
        if !fast_rules(n, self.target, self.ops, self.equivalence, false) {
            return None;
        }
        with_kept_solver(self.target, self.ops, |solver| {
            solver.fast_solvable_of(&self.numbers)
        })
    }

    /// Every distinct solution from this thread's kept [`Solver`], when
    /// its fast path covers the game.
    fn fast_solutions(&self) -> Option<Vec<Expr>> {
        let n = self.numbers.len();
        if !fast_rules(n, self.target, self.ops, self.equivalence, true) {
            return None;
        }
        with_kept_solver(self.target, self.ops, |solver| {
            solver.fast_solutions_of(&self.numbers)
        })
    }

    /// The general search for yes/no (the fast path's reference).
    pub(crate) fn general_solvable(&self) -> Result<bool, GameError> {
        Ok(self
            .first(Mode::Values, &Budget::unlimited(), None)?
            .complete()
            .is_some())
    }

    /// The general search for every distinct solution (the fast path's
    /// reference).
    pub(crate) fn general_solutions(&self) -> Result<Vec<Expr>, GameError> {
        Ok(self.iter_solutions()?.collect())
    }

    /// Whether the numbers can make the target.
    ///
    /// Two to four positive numbers and a positive target (with addition
    /// allowed, or no subtraction) are answered by the fast path of a
    /// [`Solver`] that the thread keeps for this target and these
    /// operations (so that a game per hand shares its tables, as one
    /// solver would); a [`Solver`] of your own also takes a [`Budget`]
    /// (see [`Game::solver`]).
    ///
    /// Other games: a depth-first search over the values (never the
    /// expressions), that tries each pair of equal values once and
    /// remembers the multisets of values already proved dead. Values are
    /// checked `i64` rationals; if the answer is "no" but some value
    /// overflowed, the search runs again on exact values of any size, so
    /// the answer is always exact.
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
        self.rules()?;
        match self.fast_solvable() {
            Some(answer) => Ok(answer),
            None => self.general_solvable(),
        }
    }

    /// One solution, or `None` when there is none.
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
        self.rules()?;
        // The fast path knows "no" at once; a "yes" needs the search for
        // its expression.
        if self.fast_solvable() == Some(false) {
            return Ok(None);
        }
        Ok(self
            .first(Mode::Values, &Budget::unlimited(), None)?
            .complete())
    }

    /// The distinct solutions, found lazily: a [`Solutions`] stream, which
    /// takes a [`Budget`] and a progress callback and tells how it ended.
    /// [`Game::solutions`] collects it.
    ///
    /// ```
    /// use kongming_game24::{Budget, Game, Outcome};
    ///
    /// let game = Game::new(&[1, 2, 3, 4], 24)?;
    /// let mut all = game.iter_solutions()?.budget(Budget::unlimited().with_node_limit(1_000_000));
    /// assert_eq!(all.by_ref().count(), 3);
    /// assert_eq!(all.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn iter_solutions<'a>(&self) -> Result<Solutions<'a>, GameError> {
        self.rules()?;
        Ok(Solutions::general(
            self.numbers.clone(),
            self.target,
            self.ops,
            self.equivalence,
        ))
    }

    /// Every distinct solution, one expression for each class of the
    /// equivalence described in the crate docs ("Distinct solutions"),
    /// written in its tidy form ([`Canonical::to_expr`](crate::Canonical::to_expr)):
    /// the classes of [`Game::iter_solutions`], in an unspecified order.
    ///
    /// Two to four positive integers, a positive target other than 1, the
    /// four operations and the standard equivalence are listed by the fast
    /// path of a [`Solver`] that the thread keeps for this target (so
    /// that a game per hand shares its tables, as one solver would).
    ///
    /// Other games: the search visits every expression (up to swapping
    /// the operands of `+` and `*` and choosing between equal numbers) and
    /// keeps the first of each class. If some value overflowed `i64` the
    /// search goes on on exact values of any size, so the list is always
    /// complete. A hand with negative numbers lists the expressions found
    /// (the tidy forms take the numbers' absolute values);
    /// [`Game::with_equivalence`] chooses a finer equivalence.
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
        self.rules()?;
        match self.fast_solutions() {
            Some(list) => Ok(list),
            None => self.general_solutions(),
        }
    }

    /// A [`Solver`] with this game's target, operations and equivalence:
    /// for many hands under these rules, or for a bounded search (a
    /// [`Budget`], a progress callback) of this one.
    ///
    /// ```
    /// use kongming_game24::{Budget, Game, StopReason, Verdict};
    ///
    /// let game: Game = "1 1 1 1 1 1 1 = 1000".parse()?;
    /// let mut solver = game.solver().budget(Budget::unlimited().with_node_limit(100));
    /// assert_eq!(solver.solvable(game.numbers())?, Verdict::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn solver(&self) -> Solver {
        Solver::new(self.target)
            .with_ops(self.ops)
            .with_equivalence(self.equivalence)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in &self.numbers {
            write_hand_number(f, n)?;
            f.write_str(" ")?;
        }
        f.write_str("= ")?;
        write_hand_number(f, &self.target)?;
        if self.ops != Ops::all() {
            write!(f, " ops {}", self.ops)?;
        }
        if self.equivalence == Equivalence::Structural {
            f.write_str(" structural")?;
        }
        Ok(())
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
        // Numbers have no letters: the first one starts the options.
        let words = s.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(s.len());
        let (hand, target) = match s[..words].find('=') {
            Some(k) => (&s[..k], Some((k + 1, &s[k + 1..words]))),
            None => (&s[..words], None),
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
        let (ops, equivalence) = parse_options(&s[words..], words)?;
        Ok(Game::new(&numbers, target)?
            .with_ops(ops)
            .with_equivalence(equivalence))
    }
}

/// The words after the target: `ops` and the symbols of the operations
/// allowed (or `none`), and `structural`; each at most once. `offset` is
/// where `text` starts in the whole.
fn parse_options(text: &str, offset: usize) -> Result<(Ops, Equivalence), ParseError> {
    let mut words = text
        .split_whitespace()
        .map(|w| (offset + (w.as_ptr() as usize - text.as_ptr() as usize), w));
    let mut ops = None;
    let mut equivalence = None;
    let unexpected = |at: usize, w: &str| {
        let c = w.chars().next().unwrap_or(' ');
        ParseError::new(ParseErrorKind::Unexpected(c), at)
    };
    while let Some((at, word)) = words.next() {
        match word {
            "ops" if ops.is_none() => {
                let Some((at, symbols)) = words.next() else {
                    return Err(ParseError::new(
                        ParseErrorKind::UnexpectedEnd,
                        offset + text.len(),
                    ));
                };
                let parsed = symbols
                    .parse::<Ops>()
                    .map_err(|e| ParseError::new(e.kind().clone(), at + e.position()))?;
                ops = Some(parsed);
            }
            "structural" if equivalence.is_none() => equivalence = Some(Equivalence::Structural),
            _ => return Err(unexpected(at, word)),
        }
    }
    Ok((ops.unwrap_or_default(), equivalence.unwrap_or_default()))
}
