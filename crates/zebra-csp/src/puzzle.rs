//! The puzzle: categories of values, positions, and clues.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::clue::{Clue, Term};
use crate::feasible::{Apart, holds_somewhere};
use crate::house::{Category, House, Item};
use crate::names;

/// The fewest positions (houses) a puzzle may have.
pub const MIN_POSITIONS: usize = 2;
/// The most positions (houses) a puzzle may have: 16, so that a value's
/// houses fit the small bit-set domains of the CSP and a clue of three
/// terms has at most 16³ tuples to enumerate.
pub const MAX_POSITIONS: usize = 16;
/// The most categories a puzzle may have: 64, room for the largest
/// published puzzles (BIG-Bench Extra Hard's have up to 18 categories)
/// and for the categories the English reader adds for a value read
/// either way ([`Reader::either_reading`](crate::english::Reader::either_reading)).
/// Nothing in the model is bounded by the number of categories: each
/// category adds `positions` variables and one all-different, so the
/// limit only bounds the memory and time a text can ask for.
pub const MAX_CATEGORIES: usize = 64;
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
    /// More than [`MAX_CATEGORIES`] categories.
    TooManyCategories,
    /// A number of positions (values per category) outside
    /// [`MIN_POSITIONS`]`..=`[`MAX_POSITIONS`].
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
    /// More than [`MAX_CLUES`] clues.
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

/// A category's name and its values' names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CategoryNames {
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
/// assert_eq!(solution.house_of(puzzle.item("red").unwrap()).number(), 2);
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Shared with the puzzle's solutions, which show the names.
    pub(crate) categories: Arc<Vec<CategoryNames>>,
    pub(crate) clues: Vec<Clue>,
    pub(crate) names: HashMap<String, Item>,
}

impl Puzzle {
    /// A puzzle with these categories (name, values) and no clue yet.
    ///
    /// # Errors
    ///
    /// No category ([`PuzzleError::NoCategories`]), more than
    /// [`MAX_CATEGORIES`] ([`PuzzleError::TooManyCategories`]), a value
    /// count outside [`MIN_POSITIONS`]`..=`[`MAX_POSITIONS`]
    /// ([`PuzzleError::PositionCount`]) or differing between categories
    /// ([`PuzzleError::ValueCount`]), an invalid or repeated name.
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
            categories: Arc::new(Vec::new()),
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
                .insert(names::key(v).into_owned(), Item::at(category, value));
        }
        Arc::make_mut(&mut self.categories).push(CategoryNames {
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

    /// The houses of the row, from the leftmost (house 1).
    ///
    /// # Example
    ///
    /// ```
    /// let numbers: Vec<usize> = kongming_zebra_csp::einstein().houses().map(|h| h.number()).collect();
    /// assert_eq!(numbers, [1, 2, 3, 4, 5]);
    /// ```
    pub fn houses(&self) -> impl DoubleEndedIterator<Item = House> + ExactSizeIterator + use<> {
        (0..self.positions()).map(House::at)
    }

    /// The house people call `number` (1 for the leftmost), if the row
    /// has it.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.house(5).map(|h| h.index()), Some(4));
    /// assert_eq!(puzzle.house(6), None);
    /// assert_eq!(puzzle.house(0), None);
    /// ```
    pub fn house(&self, number: usize) -> Option<House> {
        House::from_number(number).filter(|h| h.index() < self.positions())
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

    /// The categories, in order.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let names: Vec<&str> = puzzle.categories().map(|c| puzzle.category_name(c)).collect();
    /// assert_eq!(names, ["nationality", "colour", "drink", "smoke", "pet"]);
    /// ```
    pub fn categories(
        &self,
    ) -> impl DoubleEndedIterator<Item = Category> + ExactSizeIterator + use<> {
        (0..self.num_categories()).map(Category::at)
    }

    /// The category called `name`, if any (names are compared in Unicode
    /// Normalization Form C).
    ///
    /// # Example
    ///
    /// See [`Category`].
    pub fn category(&self, name: &str) -> Option<Category> {
        let key = names::key(name);
        self.categories
            .iter()
            .position(|c| names::key(&c.name) == key)
            .map(Category::at)
    }

    /// The name of category `category`.
    ///
    /// # Panics
    ///
    /// If the puzzle has no such category.
    ///
    /// # Example
    ///
    /// See [`Category`].
    pub fn category_name(&self, category: Category) -> &str {
        &self.categories[category.index()].name
    }

    /// The names of the values of `category`, in order (by
    /// [`Item::index`]).
    ///
    /// # Panics
    ///
    /// If the puzzle has no such category.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let pet = puzzle.category("pet").unwrap();
    /// assert_eq!(puzzle.values(pet)[0], "birds");
    /// ```
    pub fn values(&self, category: Category) -> &[String] {
        &self.categories[category.index()].values
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
        &self.categories[item.category().index()].values[item.index()]
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
                (0..c.values.len()).map(move |value| Item::at(category, value))
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
                        .get(item.category().index())
                        .is_some_and(|c| item.index() < c.values.len());
                    if !known {
                        return Err(PuzzleError::UnknownName(item.to_string()));
                    }
                }
                Term::House(h) => {
                    if h.index() >= n {
                        return Err(PuzzleError::HouseOutOfRange {
                            house: h.number(),
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
        // The houses of `A or B at h or k` are no terms, but must be in
        // the row too.
        if let Clue::EitherAt(_, _, h, k) = *clue
            && let Some(out) = [h, k].into_iter().find(|h| h.index() >= n)
        {
            return Err(PuzzleError::HouseOutOfRange {
                house: out.number(),
                positions: n,
            });
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
                    Term::Value(item) => Some(self.category_name(item.category()).to_string()),
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
    /// let second = puzzle.house(2).unwrap();
    /// puzzle.add_clue(Clue::Same(cat, Term::House(second)))?;
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
    /// assert_eq!(puzzle.solve().unwrap().house_of(puzzle.item("cat").unwrap()).number(), 2);
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

    /// The text of a term: a value's name, or a house's number (from 1).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Term;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.term_text(Term::House(puzzle.house(3).unwrap())), "3");
    /// assert_eq!(puzzle.term_text(Term::Value(puzzle.item("tea").unwrap())), "tea");
    /// ```
    pub fn term_text(&self, term: Term) -> String {
        match term {
            Term::Value(item) => self
                .categories
                .get(item.category().index())
                .and_then(|c| c.values.get(item.index()))
                .cloned()
                .unwrap_or_else(|| item.to_string()),
            Term::House(h) => h.to_string(),
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
            Clue::NotBetween(a, b, c) => format!("{} not-between {} and {}", t(a), t(b), t(c)),
            Clue::EitherOr(a, b, c) => format!("{} with {} or {}", t(a), t(b), t(c)),
            Clue::EitherSide(a, b, side, c) => {
                format!("{} or {} {} {}", t(a), t(b), side.keyword(), t(c))
            }
            Clue::EitherAt(a, b, h, k) => format!("{} or {} at {h} or {k}", t(a), t(b)),
            _ => {
                let terms = clue.terms();
                format!("{} {} {}", t(terms[0]), clue.keyword(), t(terms[1]))
            }
        }
    }
}
