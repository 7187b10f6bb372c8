//! The player's grid: for each value and each house, unknown, yes (the
//! value is there) or no (it is not), as a logic-grid player marks O and X.

use std::fmt;
use std::sync::Arc;

use crate::house::{Category, House, Item};
use crate::puzzle::{CategoryNames, Puzzle};
use crate::solution::Solution;

/// One cell of the player's grid: what the player has marked about one
/// value in one house.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Mark, Marks};
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut marks = Marks::new(&puzzle);
/// let (brit, first) = (puzzle.item("Brit").unwrap(), puzzle.house(1).unwrap());
/// assert_eq!(marks.get(brit, first), Mark::Unknown);
/// marks.set(brit, first, Mark::No);
/// assert_eq!(marks.get(brit, first), Mark::No);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Mark {
    /// Nothing marked.
    #[default]
    Unknown,
    /// The value is in this house (a player's O; text `NAME at K`).
    Yes,
    /// The value is not in this house (a player's X; text `NAME not-at K`).
    No,
}

/// What is wrong in a marks text ([`Marks::parse`]) or a marks grid used
/// with another puzzle.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Marks, MarksErrorKind};
/// let puzzle = kongming_zebra_csp::einstein();
/// let err = Marks::parse(&puzzle, "Brit at 1\npink at 2").unwrap_err();
/// assert_eq!(err.line(), Some(2));
/// assert_eq!(err.kind(), &MarksErrorKind::UnknownName("pink".into()));
/// assert_eq!(err.to_string(), "line 2: unknown value 'pink'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarksError {
    line: Option<usize>,
    kind: MarksErrorKind,
}

/// The kinds of [`MarksError`].
///
/// # Example
///
/// See [`MarksError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MarksErrorKind {
    /// A line is not `NAME at K` or `NAME not-at K`.
    Syntax(String),
    /// No value of the puzzle has this name (a category's name is not a
    /// value either).
    UnknownName(String),
    /// The house is not a number of the row (1 to `positions`).
    BadHouse {
        /// The text where a house number was expected.
        text: String,
        /// The number of houses of the row.
        positions: usize,
    },
    /// The cell was marked the other way on an earlier line.
    Conflict {
        /// That earlier line (from 1).
        earlier: usize,
    },
    /// The marks are of another puzzle (other names or another size).
    OtherPuzzle,
}

impl MarksError {
    /// The line of the text (from 1), when the error is in a text.
    ///
    /// # Example
    ///
    /// See [`MarksError`].
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// See [`MarksError`].
    pub fn kind(&self) -> &MarksErrorKind {
        &self.kind
    }

    /// A text that is not a mark.
    pub(crate) fn syntax(text: &str) -> Self {
        MarksError {
            line: None,
            kind: MarksErrorKind::Syntax(text.to_string()),
        }
    }

    pub(crate) fn other_puzzle() -> Self {
        MarksError {
            line: None,
            kind: MarksErrorKind::OtherPuzzle,
        }
    }
}

impl fmt::Display for MarksErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarksErrorKind::Syntax(text) => write!(
                f,
                "'{text}' is not a mark: write 'NAME at K' (the value is in house K) \
                 or 'NAME not-at K' (it is not)"
            ),
            MarksErrorKind::UnknownName(name) => write!(f, "unknown value '{name}'"),
            MarksErrorKind::BadHouse { text, positions } => {
                write!(f, "'{text}' is not a house (1 to {positions})")
            }
            MarksErrorKind::Conflict { earlier } => {
                write!(f, "the cell is marked the other way on line {earlier}")
            }
            MarksErrorKind::OtherPuzzle => f.write_str("the marks are of another puzzle"),
        }
    }
}

impl fmt::Display for MarksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => self.kind.fmt(f),
        }
    }
}

impl std::error::Error for MarksError {}

/// The player's grid of a [`Puzzle`]: a [`Mark`] for each value of each
/// category and each house.
///
/// A value is *placed* in a house when it is marked yes there, or no in
/// every other house ([`placed`](Marks::placed)). The marks are the
/// player's, right or wrong: [`Puzzle::hint`](crate::Puzzle::hint) says
/// which mark is wrong.
///
/// The text form ([`parse`](Marks::parse), [`Display`](fmt::Display)) is one
/// mark a line, in the words of the puzzle's text format: `NAME at K` (yes:
/// the value is in house K) or `NAME not-at K` (no); `#` starts a comment,
/// blank lines and unknown cells are not written. [`table`](Marks::table)
/// and [`to_svg`](Marks::to_svg) draw the grid with the values placed.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Mark, Marks};
/// let puzzle = kongming_zebra_csp::einstein();
/// let marks = Marks::parse(&puzzle, "Norwegian at 1\nmilk not-at 1 # the centre\n")?;
/// let norwegian = puzzle.item("Norwegian").unwrap();
/// assert_eq!(marks.placed(norwegian), puzzle.house(1));
/// assert_eq!(marks.to_string(), "Norwegian at 1\nmilk not-at 1\n");
/// assert_eq!(Marks::parse(&puzzle, &marks.to_string())?, marks);
/// # Ok::<(), kongming_zebra_csp::MarksError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Marks {
    /// The names, shared with the puzzle.
    pub(crate) names: Arc<Vec<CategoryNames>>,
    pub(crate) positions: usize,
    /// `yes[category * positions + value]`: the houses marked yes, as bits.
    pub(crate) yes: Vec<u16>,
    /// The same for no.
    pub(crate) no: Vec<u16>,
}

impl Marks {
    /// The empty grid of `puzzle`: nothing marked.
    ///
    /// # Example
    ///
    /// See [`Marks`].
    pub fn new(puzzle: &Puzzle) -> Self {
        let cells = puzzle.num_categories() * puzzle.positions();
        Marks {
            names: Arc::clone(&puzzle.categories),
            positions: puzzle.positions(),
            yes: vec![0; cells],
            no: vec![0; cells],
        }
    }

    /// The full grid of `solution`: every value marked yes in its house and
    /// no in the others.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let solution = puzzle.solve().unwrap();
    /// let marks = Marks::from_solution(&solution);
    /// assert!(marks.is_complete());
    /// assert_eq!(marks.table(), solution.to_string());
    /// ```
    pub fn from_solution(solution: &Solution) -> Self {
        let positions = solution.houses.first().map_or(0, Vec::len);
        let row = row_bits(positions);
        let mut yes = Vec::new();
        for houses in &solution.houses {
            yes.extend(houses.iter().map(|h| 1u16 << h.index()));
        }
        let no = yes.iter().map(|&y| row & !y).collect();
        Marks {
            names: Arc::clone(&solution.names),
            positions,
            yes,
            no,
        }
    }

    /// Reads the text form (see [`Marks`]) against `puzzle`'s names
    /// (compared as the text format compares them).
    ///
    /// # Errors
    ///
    /// A [`MarksError`] with the line: a line that is not a mark
    /// ([`MarksErrorKind::Syntax`]), an unknown value
    /// ([`MarksErrorKind::UnknownName`]), a house outside the row
    /// ([`MarksErrorKind::BadHouse`]), a cell marked both ways
    /// ([`MarksErrorKind::Conflict`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Marks, MarksErrorKind};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let err = Marks::parse(&puzzle, "Brit at 6").unwrap_err();
    /// assert!(matches!(err.kind(), MarksErrorKind::BadHouse { positions: 5, .. }));
    /// let err = Marks::parse(&puzzle, "Brit at 2\nBrit not-at 2").unwrap_err();
    /// assert_eq!(err.kind(), &MarksErrorKind::Conflict { earlier: 1 });
    /// ```
    pub fn parse(puzzle: &Puzzle, text: &str) -> Result<Self, MarksError> {
        let mut marks = Marks::new(puzzle);
        // The line that marked each cell, to name it in a conflict.
        let mut lines = vec![0usize; marks.yes.len() * marks.positions];
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let at = |kind| MarksError {
                line: Some(line),
                kind,
            };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let tokens: Vec<&str> = content.split_whitespace().collect();
            let [name, keyword, house] = tokens.as_slice() else {
                return Err(at(MarksErrorKind::Syntax(content.to_string())));
            };
            let mark = match *keyword {
                "at" => Mark::Yes,
                "not-at" => Mark::No,
                _ => return Err(at(MarksErrorKind::Syntax(content.to_string()))),
            };
            let item = puzzle
                .item(name)
                .ok_or_else(|| at(MarksErrorKind::UnknownName((*name).to_string())))?;
            let house = house
                .parse::<usize>()
                .ok()
                .and_then(|number| puzzle.house(number))
                .ok_or_else(|| {
                    at(MarksErrorKind::BadHouse {
                        text: (*house).to_string(),
                        positions: puzzle.positions(),
                    })
                })?;
            let cell = marks.cell(item) * marks.positions + house.index();
            let before = marks.get(item, house);
            if before != Mark::Unknown && before != mark {
                return Err(at(MarksErrorKind::Conflict {
                    earlier: lines[cell],
                }));
            }
            lines[cell] = line;
            marks.set(item, house, mark);
        }
        Ok(marks)
    }

    /// The index of `item` in the bit vectors.
    fn cell(&self, item: Item) -> usize {
        item.category().index() * self.positions + item.index()
    }

    /// Whether `item` and `house` are of the grid.
    pub(crate) fn holds(&self, item: Item, house: House) -> bool {
        item.category().index() < self.names.len()
            && item.index() < self.positions
            && house.index() < self.positions
    }

    /// The mark of `item` in `house` ([`Mark::Unknown`] for a value or
    /// house the puzzle does not have).
    ///
    /// # Example
    ///
    /// See [`Mark`].
    pub fn get(&self, item: Item, house: House) -> Mark {
        if !self.holds(item, house) {
            return Mark::Unknown;
        }
        let cell = self.cell(item);
        let bit = 1u16 << house.index();
        if self.yes[cell] & bit != 0 {
            Mark::Yes
        } else if self.no[cell] & bit != 0 {
            Mark::No
        } else {
            Mark::Unknown
        }
    }

    /// Marks `item` in `house` (replacing what was marked there); `false`
    /// (and nothing changed) for a value or house the puzzle does not have.
    ///
    /// # Example
    ///
    /// See [`Mark`].
    pub fn set(&mut self, item: Item, house: House, mark: Mark) -> bool {
        if !self.holds(item, house) {
            return false;
        }
        let cell = self.cell(item);
        let bit = 1u16 << house.index();
        self.yes[cell] &= !bit;
        self.no[cell] &= !bit;
        match mark {
            Mark::Yes => self.yes[cell] |= bit,
            Mark::No => self.no[cell] |= bit,
            Mark::Unknown => {}
        }
        true
    }

    /// The number of houses of the row.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(kongming_zebra_csp::Marks::new(&puzzle).positions(), 5);
    /// ```
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// Every cell marked yes or no, as `(value, house, mark)`, by category,
    /// value and house.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Mark, Marks};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let marks = Marks::parse(&puzzle, "milk at 3")?;
    /// let milk = puzzle.item("milk").unwrap();
    /// assert_eq!(marks.marked().collect::<Vec<_>>(), [(milk, puzzle.house(3).unwrap(), Mark::Yes)]);
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn marked(&self) -> impl Iterator<Item = (Item, House, Mark)> + '_ {
        let n = self.positions;
        (0..self.names.len()).flat_map(move |c| {
            (0..n).flat_map(move |v| {
                let item = Item::at(c, v);
                (0..n).filter_map(move |h| {
                    let house = House::at(h);
                    match self.get(item, house) {
                        Mark::Unknown => None,
                        mark => Some((item, house, mark)),
                    }
                })
            })
        })
    }

    /// The houses `item` may still be in by the marks, as bits: its house
    /// marked yes if there is one, none if it is marked yes in two (a value
    /// is in one house), else every house not marked no.
    pub(crate) fn possible(&self, item: Item) -> u16 {
        let cell = self.cell(item);
        match self.yes[cell].count_ones() {
            0 => row_bits(self.positions) & !self.no[cell],
            1 => self.yes[cell],
            _ => 0,
        }
    }

    /// The house of `item` if the marks place it: marked yes there (and
    /// nowhere else), or no in every other house.
    ///
    /// # Example
    ///
    /// See [`Marks`].
    pub fn placed(&self, item: Item) -> Option<House> {
        if !self.holds(item, House::at(0)) {
            return None;
        }
        let possible = self.possible(item);
        (possible.count_ones() == 1).then(|| House::at(possible.trailing_zeros() as usize))
    }

    /// Whether every value is placed.
    ///
    /// # Example
    ///
    /// See [`Marks::from_solution`].
    pub fn is_complete(&self) -> bool {
        self.items().all(|item| self.placed(item).is_some())
    }

    /// Every value of the grid.
    pub(crate) fn items(&self) -> impl Iterator<Item = Item> + '_ {
        let n = self.positions;
        (0..self.names.len()).flat_map(move |c| (0..n).map(move |v| Item::at(c, v)))
    }

    /// Whether the marks are of `puzzle` (its names, its row).
    pub(crate) fn is_of(&self, puzzle: &Puzzle) -> bool {
        (Arc::ptr_eq(&self.names, &puzzle.categories) || *self.names == *puzzle.categories)
            && self.positions == puzzle.positions()
    }

    /// The value of `category` placed in `house`, if one is.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let marks = Marks::parse(&puzzle, "milk at 3")?;
    /// let drink = puzzle.category("drink").unwrap();
    /// assert_eq!(marks.value_at(drink, puzzle.house(3).unwrap()), puzzle.item("milk"));
    /// assert_eq!(marks.value_at(drink, puzzle.house(1).unwrap()), None);
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn value_at(&self, category: Category, house: House) -> Option<Item> {
        if category.index() >= self.names.len() {
            return None;
        }
        (0..self.positions)
            .map(|v| Item::at(category.index(), v))
            .find(|&item| self.placed(item) == Some(house))
    }

    /// The name of `item` (which the caller knows is of the grid).
    pub(crate) fn value_name(&self, item: Item) -> &str {
        &self.names[item.category().index()].values[item.index()]
    }

    /// The grid as text, one row per category and one column per house,
    /// each cell the value placed there or `?`: the table a
    /// [`Solution`] draws, with the marks' values.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let table = Marks::parse(&puzzle, "Norwegian at 1")?.table();
    /// assert!(table.lines().nth(2).unwrap().starts_with("| nationality | Norwegian | ?"), "{table}");
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn table(&self) -> String {
        crate::solution::table(&self.names, self.positions, |c, h| {
            self.value_at(Category::at(c), House::at(h))
                .map(Item::index)
        })
    }
}

/// The houses of a row of `positions`, as bits.
pub(crate) fn row_bits(positions: usize) -> u16 {
    // At most MAX_POSITIONS = 16 houses: fits.
    (((1u32 << positions) - 1) & 0xffff) as u16
}

impl fmt::Display for Marks {
    /// The text form: one mark a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (item, house, mark) in self.marked() {
            let keyword = if mark == Mark::Yes { "at" } else { "not-at" };
            writeln!(f, "{} {keyword} {house}", self.value_name(item))?;
        }
        Ok(())
    }
}
