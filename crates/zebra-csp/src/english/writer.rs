//! The writer: an [`EnglishPuzzle`] as the English of its style, and a
//! solution as a grid of the puzzle's own words.

use std::fmt::Write as _;

use super::EnglishPuzzle;
use super::Style;
use crate::house::House;
use crate::solution::Solution;

impl EnglishPuzzle {
    /// `solution` as a grid of the puzzle's words: one column per position
    /// ("position 1" in BBEH's style, "house 1" in ZebraLogic's), one row
    /// per category of the puzzle's own (its noun, then its values as
    /// written).
    ///
    /// # Panics
    ///
    /// If `solution` is not of this puzzle's size.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
    /// Everyone likes a different food: fried rice, pizza.
    /// Clue 1: The person who likes pizza is at the 1st position.
    /// ".parse()?;
    /// let solution = english.puzzle().solve().unwrap();
    /// assert_eq!(
    ///     english.grid(&solution),
    ///     "|      | position 1 | position 2 |\n\
    ///      |------|------------|------------|\n\
    ///      | food | pizza      | fried rice |\n"
    /// );
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn grid(&self, solution: &Solution) -> String {
        let n = self.puzzle.positions();
        let place = match self.style {
            Style::Bbeh => "position",
            Style::ZebraLogic => "house",
        };
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut head = vec![String::new()];
        head.extend((1..=n).map(|h| format!("{place} {h}")));
        rows.push(head);
        for (c, phrasing) in self.phrasings.iter().enumerate() {
            let mut row = vec![phrasing.noun.clone()];
            for house in (0..n).filter_map(House::from_index) {
                let category = crate::Category::from_index(c).expect("a category of the puzzle");
                row.push(
                    self.value_text(solution.value_at(category, house))
                        .to_string(),
                );
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
        let mut out = String::new();
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &w)| format!("{cell:<w$}"))
                .collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
            if i == 0 {
                let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
                let _ = writeln!(out, "|-{}-|", rule.join("-|-"));
            }
        }
        out
    }
}
