//! The puzzle: categories of values, positions, and clues.

use std::collections::HashMap;
use std::fmt;

use crate::feasible::{Apart, holds_somewhere};
use crate::names;

/// The fewest positions (houses) a puzzle may have.
pub const MIN_POSITIONS: usize = 2;
/// The most positions (houses) a puzzle may have.
pub const MAX_POSITIONS: usize = 16;
/// The most categories a puzzle may have.
pub const MAX_CATEGORIES: usize = 16;
/// The most clues a puzzle may have.
pub const MAX_CLUES: usize = 4096;
/// The longest name (of a category or a value), in bytes.
pub const MAX_NAME_LEN: usize = 64;

/// The words the text format uses for clues; no name may be one of them.
pub(crate) const KEYWORDS: &[&str] = &[
    "=",
    "!=",
    "at",
    "not-at",
    "left-of",
    "right-of",
    "somewhere-left-of",
    "somewhere-right-of",
    "next-to",
    "not-next-to",
    "distance",
    "from",
    "between",
    "and",
    "with",
    "or",
];

/// One value of one category, such as `Englishman` of `nationality`.
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let german = puzzle.item("German").expect("a value of the puzzle");
/// assert_eq!(puzzle.category_name(german.category), "nationality");
/// assert_eq!(puzzle.value_name(german), "German");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// The category's index.
    pub category: usize,
    /// The value's index within its category.
    pub value: usize,
}

/// What a clue talks about: a value (somewhere in the row) or a fixed
/// position (0-based here; the text format and messages count houses from 1).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Clue, Term};
/// let puzzle = kongming_zebra_csp::einstein();
/// let norwegian = Term::Value(puzzle.item("Norwegian").unwrap());
/// let clue = Clue::Same(norwegian, Term::House(0));
/// assert_eq!(puzzle.clue_text(&clue), "Norwegian at 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// A value, wherever it is.
    Value(Item),
    /// The house at this 0-based position.
    House(usize),
}

/// A clue: a relation between the positions of two or three terms.
///
/// "Left" means a smaller position: house 1 is the leftmost.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Clue, Term};
/// let puzzle = kongming_zebra_csp::einstein();
/// let [green, white] = ["green", "white"].map(|v| Term::Value(puzzle.item(v).unwrap()));
/// let clue = Clue::LeftOf(green, white);
/// assert_eq!(puzzle.clue_text(&clue), "green left-of white");
/// assert!(clue.holds(|t| match t { Term::House(h) => h, _ if t == green => 3, _ => 4 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Clue {
    /// Both in the same house (`A = B`; `A at k` when B is a house).
    Same(Term, Term),
    /// Not in the same house (`A != B`; `A not-at k`).
    NotSame(Term, Term),
    /// A immediately left of B (`A left-of B`).
    LeftOf(Term, Term),
    /// A immediately right of B (`A right-of B`).
    RightOf(Term, Term),
    /// A somewhere left of B (`A somewhere-left-of B`).
    SomewhereLeftOf(Term, Term),
    /// A somewhere right of B (`A somewhere-right-of B`).
    SomewhereRightOf(Term, Term),
    /// A and B in neighbouring houses (`A next-to B`).
    NextTo(Term, Term),
    /// A and B not in neighbouring houses (`A not-next-to B`).
    NotNextTo(Term, Term),
    /// A exactly `k` houses from B, either side (`A distance k from B`).
    Distance(Term, usize, Term),
    /// A strictly between B and C, in either order (`A between B and C`).
    Between(Term, Term, Term),
    /// A with B or with C, or both (`A with B or C`).
    EitherOr(Term, Term, Term),
}

impl Clue {
    /// The clue's terms, in order (two or three).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, Term};
    /// let clue = Clue::Between(Term::House(1), Term::House(0), Term::House(2));
    /// assert_eq!(clue.terms().len(), 3);
    /// ```
    pub fn terms(&self) -> Vec<Term> {
        let (terms, arity) = self.term_array();
        terms[..arity].to_vec()
    }

    /// The clue's terms without allocating: the array and the arity (the
    /// terms are the first `arity` entries).
    pub(crate) fn term_array(&self) -> ([Term; 3], usize) {
        match *self {
            Clue::Same(a, b)
            | Clue::NotSame(a, b)
            | Clue::LeftOf(a, b)
            | Clue::RightOf(a, b)
            | Clue::SomewhereLeftOf(a, b)
            | Clue::SomewhereRightOf(a, b)
            | Clue::NextTo(a, b)
            | Clue::NotNextTo(a, b)
            | Clue::Distance(a, _, b) => ([a, b, b], 2),
            Clue::Between(a, b, c) | Clue::EitherOr(a, b, c) => ([a, b, c], 3),
        }
    }

    /// Whether the clue holds when term `t` is at position `position(t)`
    /// (0-based). This is the definition every propagator must agree with.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, Term};
    /// let (a, b) = (Term::House(1), Term::House(2));
    /// assert!(Clue::NextTo(a, b).holds(|t| match t { Term::House(h) => h, _ => 0 }));
    /// assert!(!Clue::RightOf(a, b).holds(|t| match t { Term::House(h) => h, _ => 0 }));
    /// ```
    pub fn holds(&self, mut position: impl FnMut(Term) -> usize) -> bool {
        let (terms, arity) = self.term_array();
        let mut p = [0usize; 3];
        for (at, &t) in p.iter_mut().zip(&terms[..arity]) {
            *at = position(t);
        }
        self.holds_at(&p[..arity])
    }

    /// [`holds`](Clue::holds) with the positions of the terms, in order.
    pub(crate) fn holds_at(&self, p: &[usize]) -> bool {
        match *self {
            Clue::Same(..) => p[0] == p[1],
            Clue::NotSame(..) => p[0] != p[1],
            Clue::LeftOf(..) => p[0].checked_add(1) == Some(p[1]),
            Clue::RightOf(..) => p[1].checked_add(1) == Some(p[0]),
            Clue::SomewhereLeftOf(..) => p[0] < p[1],
            Clue::SomewhereRightOf(..) => p[0] > p[1],
            Clue::NextTo(..) => p[0].abs_diff(p[1]) == 1,
            Clue::NotNextTo(..) => p[0].abs_diff(p[1]) != 1,
            Clue::Distance(_, k, _) => p[0].abs_diff(p[1]) == k,
            Clue::Between(..) => (p[1] < p[0] && p[0] < p[2]) || (p[2] < p[0] && p[0] < p[1]),
            Clue::EitherOr(..) => p[0] == p[1] || p[0] == p[2],
        }
    }

    /// For a clue of two terms with the first at position `a`: the set of
    /// positions (bits below `n`) where the second may be. `None` for a
    /// clue of three terms. Agrees with [`holds_at`](Clue::holds_at).
    pub(crate) fn partner_mask(&self, a: usize, n: usize) -> Option<u64> {
        let bit = |p: Option<usize>| p.filter(|&p| p < n).map_or(0, |p| 1u64 << p);
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mask = match *self {
            Clue::Same(..) => bit(Some(a)),
            Clue::NotSame(..) => all & !bit(Some(a)),
            Clue::LeftOf(..) => bit(a.checked_add(1)),
            Clue::RightOf(..) => bit(a.checked_sub(1)),
            // Positions above `a`; below `a`.
            Clue::SomewhereLeftOf(..) => all & !(bit(Some(a)) | (bit(Some(a)).wrapping_sub(1))),
            Clue::SomewhereRightOf(..) => all & bit(Some(a)).wrapping_sub(1),
            Clue::NextTo(..) => bit(a.checked_sub(1)) | bit(a.checked_add(1)),
            Clue::NotNextTo(..) => all & !(bit(a.checked_sub(1)) | bit(a.checked_add(1))),
            Clue::Distance(_, k, _) => bit(a.checked_sub(k)) | bit(a.checked_add(k)),
            Clue::Between(..) | Clue::EitherOr(..) => return None,
        };
        Some(mask)
    }

    /// The clue's keyword in the text format (for a house as second term,
    /// `=` and `!=` are written `at` and `not-at`).
    pub(crate) fn keyword(&self) -> &'static str {
        match *self {
            Clue::Same(_, Term::House(_)) => "at",
            Clue::Same(..) => "=",
            Clue::NotSame(_, Term::House(_)) => "not-at",
            Clue::NotSame(..) => "!=",
            Clue::LeftOf(..) => "left-of",
            Clue::RightOf(..) => "right-of",
            Clue::SomewhereLeftOf(..) => "somewhere-left-of",
            Clue::SomewhereRightOf(..) => "somewhere-right-of",
            Clue::NextTo(..) => "next-to",
            Clue::NotNextTo(..) => "not-next-to",
            Clue::Distance(..) => "distance",
            Clue::Between(..) => "between",
            Clue::EitherOr(..) => "with",
        }
    }
}

/// A mistake in a puzzle: a bad name, a bad clue, a limit exceeded.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::PuzzleError;
/// let mut puzzle = kongming_zebra_csp::einstein();
/// let err = puzzle.add_clue_text("Brit = pink").unwrap_err();
/// assert_eq!(err, PuzzleError::UnknownName("pink".into()));
/// assert_eq!(err.to_string(), "unknown value 'pink'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The puzzle has no category.
    NoCategories,
    /// Too many categories.
    TooManyCategories,
    /// A number of positions outside `MIN_POSITIONS..=MAX_POSITIONS`.
    PositionCount(usize),
    /// A category with another number of values than the first one.
    ValueCount {
        /// The category.
        category: String,
        /// Values of the first category.
        expected: usize,
        /// Values of this one.
        found: usize,
    },
    /// A name used twice (all category and value names are distinct, and
    /// compared in Unicode Normalization Form C: `é` written as one code
    /// point or as `e` and a combining accent is one name).
    DuplicateName(String),
    /// A name that is empty, too long, a number or a keyword.
    InvalidName(String),
    /// A name with a character names may not hold: a control or format
    /// character (the invisible ones: zero-width space and joiners,
    /// direction marks, soft hyphen, byte order mark, tags), other
    /// invisible characters (variation selectors, Hangul fillers, the
    /// combining grapheme joiner), whitespace or a separator, a private-use
    /// or unassigned code point, a combining mark as the first character,
    /// or `#`, `:`, `,` (reserved by the text format).
    BadCharacter {
        /// The name as given.
        name: String,
        /// The character refused.
        character: char,
        /// Its byte offset in the name.
        offset: usize,
    },
    /// A clue names a value that does not exist.
    UnknownName(String),
    /// A house outside the row (1-based, as written).
    HouseOutOfRange {
        /// The house as written.
        house: usize,
        /// The number of houses.
        positions: usize,
    },
    /// A clue names the same value or house twice.
    RepeatedTerm(String),
    /// A clue names only houses, no value.
    NoValue,
    /// A distance of 0 or of the whole row or more.
    BadDistance(usize),
    /// A clue that no grid satisfies: two values of one category in the
    /// same house (`A = B`, or `A with B or C` all of one category), a
    /// value immediately left of house 1, a value strictly between two
    /// neighbouring houses, ….
    NeverHolds {
        /// The clue, in the text format.
        clue: String,
        /// The number of houses.
        positions: usize,
        /// The category of two of its values, when the clue could hold only
        /// if those two shared a house.
        category: Option<String>,
    },
    /// More than `MAX_CLUES` clues.
    TooManyClues,
    /// A clue line that does not follow the grammar.
    Syntax(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::NoCategories => f.write_str("a puzzle needs at least one category"),
            PuzzleError::TooManyCategories => {
                write!(f, "more than {MAX_CATEGORIES} categories")
            }
            PuzzleError::PositionCount(n) => write!(
                f,
                "{n} values per category; a puzzle has {MIN_POSITIONS} to {MAX_POSITIONS}"
            ),
            PuzzleError::ValueCount {
                category,
                expected,
                found,
            } => write!(
                f,
                "category '{category}' has {found} values, the first one has {expected}"
            ),
            PuzzleError::DuplicateName(name) => write!(f, "name '{name}' is used twice"),
            PuzzleError::InvalidName(name) => write!(
                f,
                "'{name}' is not a valid name (1 to {MAX_NAME_LEN} bytes, not a number or \
                 keyword)"
            ),
            PuzzleError::BadCharacter {
                name,
                character,
                offset,
            } => write!(
                f,
                "name '{}' has U+{:04X} at byte {offset}, which names may not hold \
                 (invisible, control, whitespace, private-use or unassigned characters, \
                 a leading combining mark, '#', ':' or ',')",
                name.escape_debug(),
                u32::from(*character)
            ),
            PuzzleError::UnknownName(name) => write!(f, "unknown value '{name}'"),
            PuzzleError::HouseOutOfRange { house, positions } => {
                write!(f, "house {house} is outside 1..={positions}")
            }
            PuzzleError::RepeatedTerm(name) => {
                write!(f, "the clue names '{name}' twice")
            }
            PuzzleError::NoValue => f.write_str("the clue names only houses, no value"),
            PuzzleError::BadDistance(k) => write!(f, "distance {k} is impossible in this row"),
            PuzzleError::NeverHolds {
                clue,
                category: Some(category),
                ..
            } => write!(
                f,
                "the clue '{clue}' can never hold: two values of category '{category}' \
                 are never in the same house"
            ),
            PuzzleError::NeverHolds {
                clue, positions, ..
            } => write!(
                f,
                "the clue '{clue}' can never hold in a row of {positions} houses"
            ),
            PuzzleError::TooManyClues => write!(f, "more than {MAX_CLUES} clues"),
            PuzzleError::Syntax(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A category and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Category {
    pub(crate) name: String,
    pub(crate) values: Vec<String>,
}

/// A logic-grid puzzle: `n` houses in a row, categories of `n` values each
/// (every value in exactly one house, one value of each category per house),
/// and clues.
///
/// Build one in code ([`Puzzle::new`], [`Puzzle::add_clue`],
/// [`Puzzle::add_clue_text`]) or parse the text format (see the crate docs);
/// [`Display`](fmt::Display) writes it back.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Puzzle;
/// let mut puzzle = Puzzle::new(&[("pet", &["cat", "dog"]), ("colour", &["red", "blue"])])?;
/// puzzle.add_clue_text("cat left-of red")?;
/// assert_eq!(puzzle.positions(), 2);
/// let solution = puzzle.solve().expect("one solution");
/// assert_eq!(solution.house_of(puzzle.item("red").unwrap()), 1);
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(crate) categories: Vec<Category>,
    pub(crate) clues: Vec<Clue>,
    pub(crate) names: HashMap<String, Item>,
}

impl Puzzle {
    /// A puzzle with these categories (name, values) and no clue yet.
    ///
    /// # Errors
    ///
    /// No category, too many, a value count outside `2..=16` or differing
    /// between categories, an invalid or repeated name.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Puzzle, PuzzleError};
    /// let err = Puzzle::new(&[("pet", vec!["cat", "dog"]), ("drink", vec!["tea"])]).unwrap_err();
    /// assert!(matches!(err, PuzzleError::ValueCount { found: 1, .. }));
    /// ```
    pub fn new<S: AsRef<str>, V: AsRef<[S]>>(
        categories: &[(&str, V)],
    ) -> Result<Self, PuzzleError> {
        let mut puzzle = Puzzle {
            categories: Vec::new(),
            clues: Vec::new(),
            names: HashMap::new(),
        };
        for (name, values) in categories {
            let values: Vec<&str> = values.as_ref().iter().map(AsRef::as_ref).collect();
            puzzle.add_category(name, &values)?;
        }
        if puzzle.categories.is_empty() {
            return Err(PuzzleError::NoCategories);
        }
        Ok(puzzle)
    }

    /// Adds a category (used by the parser, one line at a time).
    pub(crate) fn add_category(&mut self, name: &str, values: &[&str]) -> Result<(), PuzzleError> {
        if self.categories.len() >= MAX_CATEGORIES {
            return Err(PuzzleError::TooManyCategories);
        }
        let expected = self
            .categories
            .first()
            .map_or(values.len(), |c| c.values.len());
        if values.len() != expected {
            return Err(PuzzleError::ValueCount {
                category: name.to_string(),
                expected,
                found: values.len(),
            });
        }
        if !(MIN_POSITIONS..=MAX_POSITIONS).contains(&values.len()) {
            return Err(PuzzleError::PositionCount(values.len()));
        }
        // Names are compared in Normalization Form C (see `names`).
        let mut seen = std::collections::HashSet::new();
        for n in std::iter::once(&name).chain(values) {
            names::check(n)?;
            let key = names::key(n);
            if self.names.contains_key(key.as_ref())
                || self.categories.iter().any(|c| names::key(&c.name) == key)
                || !seen.insert(key)
            {
                return Err(PuzzleError::DuplicateName(n.to_string()));
            }
        }
        let category = self.categories.len();
        for (value, v) in values.iter().enumerate() {
            self.names
                .insert(names::key(v).into_owned(), Item { category, value });
        }
        self.categories.push(Category {
            name: name.to_string(),
            values: values.iter().map(ToString::to_string).collect(),
        });
        Ok(())
    }

    /// The number of positions (houses), which is also the number of values
    /// in each category.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().positions(), 5);
    /// ```
    pub fn positions(&self) -> usize {
        self.categories[0].values.len()
    }

    /// The number of categories.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().num_categories(), 5);
    /// ```
    pub fn num_categories(&self) -> usize {
        self.categories.len()
    }

    /// The name of category `category`.
    ///
    /// # Panics
    ///
    /// If there is no such category.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().category_name(0), "nationality");
    /// ```
    pub fn category_name(&self, category: usize) -> &str {
        &self.categories[category].name
    }

    /// The values of category `category`, in order.
    ///
    /// # Panics
    ///
    /// If there is no such category.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().values(4)[0], "birds");
    /// ```
    pub fn values(&self, category: usize) -> &[String] {
        &self.categories[category].values
    }

    /// The name of a value.
    ///
    /// # Panics
    ///
    /// If `item` is not of this puzzle.
    ///
    /// # Example
    ///
    /// See [`Item`].
    pub fn value_name(&self, item: Item) -> &str {
        &self.categories[item.category].values[item.value]
    }

    /// The value called `name`, if any (or called a canonically equivalent
    /// name: names are compared in Unicode Normalization Form C).
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert!(puzzle.item("fish").is_some());
    /// assert!(puzzle.item("zebra").is_none());
    /// let puzzle: kongming_zebra_csp::Puzzle = "drink: caf\u{e9} tea\n".parse()?;
    /// assert_eq!(puzzle.item("cafe\u{301}"), puzzle.item("caf\u{e9}"));
    /// # Ok::<(), kongming_zebra_csp::ParseError>(())
    /// ```
    pub fn item(&self, name: &str) -> Option<Item> {
        self.names.get(names::key(name).as_ref()).copied()
    }

    /// Every value of the puzzle, category by category.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().items().count(), 25);
    /// ```
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        self.categories
            .iter()
            .enumerate()
            .flat_map(|(category, c)| {
                (0..c.values.len()).map(move |value| Item { category, value })
            })
    }

    /// The clues, in order.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().clues().len(), 15);
    /// ```
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Checks a clue against this puzzle's names and size.
    ///
    /// # Errors
    ///
    /// A value of another puzzle, a house outside the row, a term named
    /// twice, no value at all, an impossible distance, or
    /// [`PuzzleError::NeverHolds`] for a clue that no grid satisfies (such
    /// as two values of one category in the same house).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, PuzzleError, Term};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let tea = Term::Value(puzzle.item("tea").unwrap());
    /// let err = puzzle.validate_clue(&Clue::NextTo(tea, tea)).unwrap_err();
    /// assert_eq!(err, PuzzleError::RepeatedTerm("tea".into()));
    /// // Two drinks are never in the same house.
    /// let coffee = Term::Value(puzzle.item("coffee").unwrap());
    /// let err = puzzle.validate_clue(&Clue::Same(tea, coffee)).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the clue 'tea = coffee' can never hold: two values of category 'drink' \
    ///      are never in the same house"
    /// );
    /// // Next to each other is fine.
    /// assert!(puzzle.validate_clue(&Clue::NextTo(tea, coffee)).is_ok());
    /// ```
    pub fn validate_clue(&self, clue: &Clue) -> Result<(), PuzzleError> {
        let terms = clue.terms();
        let n = self.positions();
        for t in &terms {
            match *t {
                Term::Value(item) => {
                    let known = self
                        .categories
                        .get(item.category)
                        .is_some_and(|c| item.value < c.values.len());
                    if !known {
                        return Err(PuzzleError::UnknownName(format!("{item:?}")));
                    }
                }
                Term::House(h) => {
                    if h >= n {
                        return Err(PuzzleError::HouseOutOfRange {
                            house: h.saturating_add(1),
                            positions: n,
                        });
                    }
                }
            }
        }
        for (i, a) in terms.iter().enumerate() {
            if terms[..i].contains(a) {
                return Err(PuzzleError::RepeatedTerm(self.term_text(*a)));
            }
        }
        if !terms.iter().any(|t| matches!(t, Term::Value(_))) {
            return Err(PuzzleError::NoValue);
        }
        if let Clue::Distance(_, k, _) = *clue
            && (k == 0 || k >= n)
        {
            return Err(PuzzleError::BadDistance(k));
        }
        let apart = Apart::of(&terms);
        if !holds_somewhere(clue, n, apart) {
            // Named when keeping those two values apart is what rules it out.
            let category = apart
                .first_pair()
                .filter(|_| holds_somewhere(clue, n, Apart::default()))
                .and_then(|(i, _)| match terms[i] {
                    Term::Value(item) => Some(self.categories[item.category].name.clone()),
                    Term::House(_) => None,
                });
            return Err(PuzzleError::NeverHolds {
                clue: self.clue_text(clue),
                positions: n,
                category,
            });
        }
        Ok(())
    }

    /// Adds a clue.
    ///
    /// # Errors
    ///
    /// As [`validate_clue`](Puzzle::validate_clue), or
    /// [`PuzzleError::TooManyClues`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, Puzzle, Term};
    /// let mut puzzle = Puzzle::new(&[("pet", &["cat", "dog"])])?;
    /// let cat = Term::Value(puzzle.item("cat").unwrap());
    /// puzzle.add_clue(Clue::Same(cat, Term::House(1)))?;
    /// assert_eq!(puzzle.to_string(), "pet: cat dog\n\ncat at 2\n");
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    pub fn add_clue(&mut self, clue: Clue) -> Result<&mut Self, PuzzleError> {
        self.validate_clue(&clue)?;
        if self.clues.len() >= MAX_CLUES {
            return Err(PuzzleError::TooManyClues);
        }
        self.clues.push(clue);
        Ok(self)
    }

    /// Parses one clue line of the text format and adds it.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Syntax`] or [`PuzzleError::UnknownName`] for a line
    /// that does not parse, else as [`add_clue`](Puzzle::add_clue).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Puzzle;
    /// let mut puzzle = Puzzle::new(&[("pet", &["cat", "dog", "fox"])])?;
    /// puzzle.add_clue_text("cat between dog and 3")?.add_clue_text("dog at 1")?;
    /// assert_eq!(puzzle.solve().unwrap().house_of(puzzle.item("cat").unwrap()), 1);
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    pub fn add_clue_text(&mut self, line: &str) -> Result<&mut Self, PuzzleError> {
        let clue = crate::text::parse_clue(self, line)?;
        self.add_clue(clue)
    }

    /// A copy without clue `index` (for testing whether a clue is needed),
    /// or `None` if there is no clue `index`.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.without_clue(0).map(|p| p.clues().len()), Some(14));
    /// assert!(puzzle.without_clue(15).is_none());
    /// ```
    #[must_use]
    pub fn without_clue(&self, index: usize) -> Option<Puzzle> {
        if index >= self.clues.len() {
            return None;
        }
        let mut p = self.clone();
        p.clues.remove(index);
        Some(p)
    }

    /// The text of a term: a value's name, or a house number (1-based).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Term;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.term_text(Term::House(2)), "3");
    /// ```
    pub fn term_text(&self, term: Term) -> String {
        match term {
            Term::Value(item) => self
                .categories
                .get(item.category)
                .and_then(|c| c.values.get(item.value))
                .cloned()
                .unwrap_or_else(|| format!("{item:?}")),
            Term::House(h) => h.saturating_add(1).to_string(),
        }
    }

    /// A clue as one line of the text format.
    ///
    /// # Example
    ///
    /// See [`Clue`].
    pub fn clue_text(&self, clue: &Clue) -> String {
        let t = |term| self.term_text(term);
        match *clue {
            Clue::Distance(a, k, b) => format!("{} distance {k} from {}", t(a), t(b)),
            Clue::Between(a, b, c) => format!("{} between {} and {}", t(a), t(b), t(c)),
            Clue::EitherOr(a, b, c) => format!("{} with {} or {}", t(a), t(b), t(c)),
            _ => {
                let terms = clue.terms();
                format!("{} {} {}", t(terms[0]), clue.keyword(), t(terms[1]))
            }
        }
    }
}

/// A full answer: the house of every value.
///
/// [`Display`](fmt::Display) draws it as a grid, one row per category.
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let solution = puzzle.solve().expect("Einstein's puzzle has a solution");
/// let fish = puzzle.item("fish").unwrap();
/// let owner = solution.value_at(0, solution.house_of(fish));
/// assert_eq!(puzzle.value_name(owner), "German");
/// assert!(solution.to_string().contains("German"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// `houses[category][value]`: the 0-based house.
    pub(crate) houses: Vec<Vec<usize>>,
    /// The names, for display.
    pub(crate) names: Vec<(String, Vec<String>)>,
}

impl Solution {
    /// Builds a solution from `houses[category][value]` (0-based houses).
    pub(crate) fn new(puzzle: &Puzzle, houses: Vec<Vec<usize>>) -> Self {
        let names = puzzle
            .categories
            .iter()
            .map(|c| (c.name.clone(), c.values.clone()))
            .collect();
        Solution { houses, names }
    }

    /// The 0-based house of `item`.
    ///
    /// # Panics
    ///
    /// If `item` is not of the puzzle.
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn house_of(&self, item: Item) -> usize {
        self.houses[item.category][item.value]
    }

    /// The value of `category` in the 0-based `house`.
    ///
    /// # Panics
    ///
    /// If there is no such category or house.
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn value_at(&self, category: usize, house: usize) -> Item {
        let value = self.houses[category]
            .iter()
            .position(|&h| h == house)
            .expect("every house has one value of each category");
        Item { category, value }
    }

    /// The 0-based house of every value: `houses()[category][value]`.
    ///
    /// # Example
    ///
    /// ```
    /// let solution = kongming_zebra_csp::einstein().solve().unwrap();
    /// assert_eq!(solution.houses()[0][4], 0); // the Norwegian in house 1
    /// ```
    pub fn houses(&self) -> &[Vec<usize>] {
        &self.houses
    }

    /// Whether every clue of `puzzle` holds and every house has one value of
    /// each category.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert!(puzzle.solve().unwrap().satisfies(&puzzle));
    /// ```
    pub fn satisfies(&self, puzzle: &Puzzle) -> bool {
        let n = puzzle.positions();
        if self.houses.len() != puzzle.num_categories() {
            return false;
        }
        for row in &self.houses {
            let mut seen = vec![false; n];
            if row.len() != n {
                return false;
            }
            for &h in row {
                if h >= n || std::mem::replace(&mut seen[h], true) {
                    return false;
                }
            }
        }
        puzzle.clues.iter().all(|clue| {
            clue.holds(|t| match t {
                Term::Value(item) => self.house_of(item),
                Term::House(h) => h,
            })
        })
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.houses.first().map_or(0, Vec::len);
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut header = vec![String::new()];
        header.extend((1..=n).map(|h| format!("house {h}")));
        rows.push(header);
        for (c, (name, values)) in self.names.iter().enumerate() {
            let mut row = vec![name.clone()];
            for house in 0..n {
                let v = self.houses[c].iter().position(|&h| h == house);
                row.push(v.map_or_else(|| "?".to_string(), |v| values[v].clone()));
            }
            rows.push(row);
        }
        let widths: Vec<usize> = (0..=n)
            .map(|col| {
                rows.iter()
                    .map(|r| r[col].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for (i, row) in rows.iter().enumerate() {
            let line: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &w)| format!("{cell:<w$}"))
                .collect();
            writeln!(f, "| {} |", line.join(" | "))?;
            if i == 0 {
                let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
                writeln!(f, "|-{}-|", rule.join("-|-"))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Clue, MAX_POSITIONS, MIN_POSITIONS, Term};

    #[test]
    fn partner_masks_agree_with_holds_at() {
        let (a, b, c) = (Term::House(0), Term::House(1), Term::House(2));
        for n in MIN_POSITIONS..=MAX_POSITIONS {
            let mut clues = vec![
                Clue::Same(a, b),
                Clue::NotSame(a, b),
                Clue::LeftOf(a, b),
                Clue::RightOf(a, b),
                Clue::SomewhereLeftOf(a, b),
                Clue::SomewhereRightOf(a, b),
                Clue::NextTo(a, b),
                Clue::NotNextTo(a, b),
            ];
            clues.extend((0..=n + 1).map(|k| Clue::Distance(a, k, b)));
            for clue in clues {
                for p in 0..n {
                    let expected = (0..n)
                        .filter(|&q| clue.holds_at(&[p, q]))
                        .fold(0u64, |m, q| m | 1 << q);
                    assert_eq!(
                        clue.partner_mask(p, n),
                        Some(expected),
                        "{clue:?} n={n} p={p}"
                    );
                }
            }
            assert_eq!(Clue::Between(a, b, c).partner_mask(0, n), None);
            assert_eq!(Clue::EitherOr(a, b, c).partner_mask(0, n), None);
        }
    }
}
