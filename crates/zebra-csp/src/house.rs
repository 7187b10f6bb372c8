//! The numbering at the boundary: houses, categories and values as types of
//! their own, so that an index is never taken for a number people read, nor
//! a house for a value.

use std::fmt;

use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS};

// Houses, categories and values are stored in a byte each, which keeps an
// `Item` (and so a `Term` and a `Clue`) small; the limits must fit it.
const _: () = assert!(MAX_POSITIONS <= u8::MAX as usize);
const _: () = assert!(MAX_CATEGORIES <= u8::MAX as usize);

/// A house of the row.
///
/// A house has two numberings, each with its own method, so neither is
/// mistaken for the other:
///
/// - [`number`](House::number): the number people use, **1** for the
///   leftmost house. The text format, [`Display`](fmt::Display), every
///   message and the serialized form use it.
/// - [`index`](House::index): the position programs use, **0** for the
///   leftmost house (to index a slice).
///
/// "Left" means a smaller number. Within a puzzle, [`Puzzle::house`]
/// gives the house of a number only if the row has it.
///
/// [`Puzzle::house`]: crate::Puzzle::house
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::House;
/// let third = House::from_number(3).expect("a house number");
/// assert_eq!((third.number(), third.index()), (3, 2));
/// assert_eq!(House::from_index(2), Some(third));
/// assert_eq!(third.to_string(), "3");
/// assert_eq!(House::from_number(0), None); // houses count from 1
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct House(u8);

impl fmt::Debug for House {
    /// `House { number: 1 }` for the leftmost house: the number people
    /// use, as everywhere a person reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("House")
            .field("number", &self.number())
            .finish()
    }
}

impl House {
    /// The house people call `number` (1 for the leftmost), or `None` for
    /// 0 or a number past [`MAX_POSITIONS`].
    ///
    /// # Example
    ///
    /// See [`House`].
    pub const fn from_number(number: usize) -> Option<House> {
        if number >= 1 && number <= MAX_POSITIONS {
            // At most MAX_POSITIONS - 1: fits a byte.
            Some(House((number - 1) as u8))
        } else {
            None
        }
    }

    /// The house at 0-based `index` (0 for the leftmost), or `None` past
    /// the largest row.
    ///
    /// # Example
    ///
    /// See [`House`].
    pub const fn from_index(index: usize) -> Option<House> {
        if index < MAX_POSITIONS {
            // Below MAX_POSITIONS: fits a byte.
            Some(House(index as u8))
        } else {
            None
        }
    }

    /// The number people use: 1 for the leftmost house.
    ///
    /// # Example
    ///
    /// See [`House`].
    pub const fn number(self) -> usize {
        self.0 as usize + 1
    }

    /// The 0-based position: 0 for the leftmost house.
    ///
    /// # Example
    ///
    /// See [`House`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The house at `index`, which the caller knows is below
    /// [`MAX_POSITIONS`] (a position of a puzzle's row).
    pub(crate) fn at(index: usize) -> House {
        House::from_index(index).expect("a position of a row of at most MAX_POSITIONS houses")
    }
}

impl fmt::Display for House {
    /// Writes the house's [`number`](House::number), as the text format does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A category of a puzzle (nationality, colour, …), by its place in the
/// puzzle's list of categories: [`index`](Category::index) 0 is the first.
///
/// People know categories by name: [`Puzzle::category`] finds one by its
/// name, [`Puzzle::category_name`] gives the name back.
///
/// [`Puzzle::category`]: crate::Puzzle::category
/// [`Puzzle::category_name`]: crate::Puzzle::category_name
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Category;
/// let puzzle = kongming_zebra_csp::einstein();
/// let colour = puzzle.category("colour").expect("a category");
/// assert_eq!(colour, Category::from_index(1).unwrap());
/// assert_eq!(puzzle.category_name(colour), "colour");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Category(u8);

impl fmt::Debug for Category {
    /// `Category { number: 1 }` for the first category: counted from 1,
    /// as a person counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Category")
            .field("number", &(self.index() + 1))
            .finish()
    }
}

impl Category {
    /// The category at 0-based `index`, or `None` past [`MAX_CATEGORIES`].
    ///
    /// # Example
    ///
    /// See [`Category`].
    pub const fn from_index(index: usize) -> Option<Category> {
        if index < MAX_CATEGORIES {
            // Below MAX_CATEGORIES: fits a byte.
            Some(Category(index as u8))
        } else {
            None
        }
    }

    /// Its 0-based place among the puzzle's categories.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.category("pet").unwrap().index(), 4);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The category at `index`, which the caller knows is a category of a
    /// puzzle.
    pub(crate) fn at(index: usize) -> Category {
        Category::from_index(index).expect("a category of a puzzle of at most MAX_CATEGORIES")
    }
}

/// One value of one category, such as `Brit` of `nationality`: the
/// category and the value's 0-based [`index`](Item::index) in its list.
///
/// Find one by name with [`Puzzle::item`](crate::Puzzle::item); it is a
/// value, not a house: [`Solution::house_of`](crate::Solution::house_of)
/// says where it lives.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Category, Item};
/// let puzzle = kongming_zebra_csp::einstein();
/// let german = puzzle.item("German").expect("a value of the puzzle");
/// assert_eq!(puzzle.category_name(german.category()), "nationality");
/// assert_eq!(german.index(), 3); // Brit Swede Dane German Norwegian
/// assert_eq!(puzzle.value_name(german), "German");
/// assert_eq!(Item::new(Category::from_index(0).unwrap(), 3), Some(german));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    category: Category,
    index: u8,
}

impl Item {
    /// The value at `index` of `category`'s list, or `None` past
    /// [`MAX_POSITIONS`] (whether a puzzle has it is checked where the item
    /// is used: [`Puzzle::validate_clue`](crate::Puzzle::validate_clue)).
    ///
    /// # Example
    ///
    /// See [`Item`].
    pub const fn new(category: Category, index: usize) -> Option<Item> {
        if index < MAX_POSITIONS {
            // Below MAX_POSITIONS: fits a byte.
            Some(Item {
                category,
                index: index as u8,
            })
        } else {
            None
        }
    }

    /// The value's category.
    ///
    /// # Example
    ///
    /// See [`Item`].
    pub const fn category(self) -> Category {
        self.category
    }

    /// The value's 0-based place in its category's list (as in
    /// [`Puzzle::values`](crate::Puzzle::values)).
    ///
    /// # Example
    ///
    /// See [`Item`].
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// The value at `index` of category `category`, both known to be of a
    /// puzzle.
    pub(crate) fn at(category: usize, index: usize) -> Item {
        Item::new(Category::at(category), index).expect("a value of a puzzle")
    }
}

/// An item as a player reads it where the puzzle's names are not at hand:
/// "value 4 of category 1", both counted from 1.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Category, Item};
/// let item = Item::new(Category::from_index(0).unwrap(), 3).unwrap();
/// assert_eq!(item.to_string(), "value 4 of category 1");
/// ```
impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "value {} of category {}",
            self.index() + 1,
            self.category().index() + 1
        )
    }
}

impl fmt::Debug for Item {
    /// `Item { category: 1, value: 4 }`: both counted from 1, as
    /// [`Display`](fmt::Display) counts them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Item")
            .field("category", &(self.category().index() + 1))
            .field("value", &(self.index() + 1))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{Category, House, Item};
    use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS};

    // Houses, categories and values are stored in a byte each, which keeps an
    // `Item` (and so a `Term` and a `Clue`) small; the limits must fit it.
    const _: () = assert!(MAX_POSITIONS <= u8::MAX as usize);
    const _: () = assert!(MAX_CATEGORIES <= u8::MAX as usize);

    #[test]
    fn numbers_and_indices_are_one_apart_and_bounded() {
        for index in 0..MAX_POSITIONS {
            let house = House::from_index(index).unwrap();
            assert_eq!(house.number(), index + 1);
            assert_eq!(House::from_number(index + 1), Some(house));
        }
        assert_eq!(House::from_number(0), None);
        assert_eq!(House::from_number(MAX_POSITIONS + 1), None);
        assert_eq!(House::from_index(MAX_POSITIONS), None);
        assert!(Category::from_index(MAX_CATEGORIES - 1).is_some());
        assert_eq!(Category::from_index(MAX_CATEGORIES), None);
        assert_eq!(Item::new(Category::at(0), MAX_POSITIONS), None);
        assert!(House::at(0) < House::at(1));
    }

    #[test]
    fn debug_counts_from_one() {
        assert_eq!(format!("{:?}", House::at(0)), "House { number: 1 }");
        assert_eq!(format!("{:?}", Category::at(0)), "Category { number: 1 }");
        let item = Item::new(Category::at(4), 3).unwrap();
        assert_eq!(format!("{item:?}"), "Item { category: 5, value: 4 }");
    }
}
