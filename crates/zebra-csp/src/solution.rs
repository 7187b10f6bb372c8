//! A full answer: the house of every value.

use std::fmt;
use std::sync::Arc;

use crate::clue::Term;
use crate::house::{Category, House, Item};
use crate::puzzle::{CategoryNames, Puzzle};

/// A full answer: the [`House`] of every value.
///
/// A solution carries its puzzle's names (shared, not copied), so
/// [`Display`](fmt::Display) draws it as a grid, one row per category, one
/// column per house (numbered from 1).
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let solution = puzzle.solve().expect("Einstein's puzzle has a solution");
/// let fish = puzzle.item("fish").unwrap();
/// let nationality = puzzle.category("nationality").unwrap();
/// let owner = solution.value_at(nationality, solution.house_of(fish));
/// assert_eq!(puzzle.value_name(owner), "German");
/// assert_eq!(solution.house_of(fish).number(), 4);
/// assert!(solution.to_string().contains("German"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// `houses[category][value]`.
    pub(crate) houses: Vec<Vec<House>>,
    /// The names, for display.
    pub(crate) names: Arc<Vec<CategoryNames>>,
}

impl Solution {
    /// Builds a solution of `puzzle` from `houses[category][value]`.
    pub(crate) fn new(puzzle: &Puzzle, houses: Vec<Vec<House>>) -> Self {
        Solution {
            houses,
            names: Arc::clone(&puzzle.categories),
        }
    }

    /// The house of `item`.
    ///
    /// # Panics
    ///
    /// If `item` is not of the puzzle.
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn house_of(&self, item: Item) -> House {
        self.houses[item.category().index()][item.index()]
    }

    /// The value of `category` in `house`.
    ///
    /// # Panics
    ///
    /// If the puzzle has no such category or house.
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn value_at(&self, category: Category, house: House) -> Item {
        let index = self.houses[category.index()]
            .iter()
            .position(|&h| h == house)
            .expect("every house has one value of each category");
        Item::at(category.index(), index)
    }

    /// The house of every value: `houses()[category][value]`, indexed by
    /// [`Category::index`] and [`Item::index`].
    ///
    /// # Example
    ///
    /// ```
    /// let solution = kongming_zebra_csp::einstein().solve().unwrap();
    /// assert_eq!(solution.houses()[0][4].number(), 1); // the Norwegian in house 1
    /// ```
    pub fn houses(&self) -> &[Vec<House>] {
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
    /// assert!(!puzzle.solve().unwrap().satisfies(&kongming_zebra_csp::life()));
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
                if h.index() >= n || std::mem::replace(&mut seen[h.index()], true) {
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
        f.write_str(&table(&self.names, n, |c, h| {
            self.houses[c].iter().position(|&x| x == House::at(h))
        }))
    }
}

/// The grid as text: a header of houses, then one row per category, each
/// cell the name of the value `value(category, house)` (an index in the
/// category's list) or `?`.
pub(crate) fn table(
    names: &[CategoryNames],
    n: usize,
    value: impl Fn(usize, usize) -> Option<usize>,
) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec![String::new()];
    header.extend((1..=n).map(|h| format!("house {h}")));
    rows.push(header);
    for (c, category) in names.iter().enumerate() {
        let mut row = vec![category.name.clone()];
        for house in 0..n {
            row.push(
                value(c, house).map_or_else(|| "?".to_string(), |v| category.values[v].clone()),
            );
        }
        rows.push(row);
    }
    grid_table(&rows)
}

/// `rows` (a header row first, all of one length) as a table of
/// columns padded to their widest cell, a rule under the header.
pub(crate) fn grid_table(rows: &[Vec<String>]) -> String {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|col| {
            rows.iter()
                .map(|r| r[col].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(&format!("| {} |\n", line.join(" | ")));
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            out.push_str(&format!("|-{}-|\n", rule.join("-|-")));
        }
    }
    out
}
