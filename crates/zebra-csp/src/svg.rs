//! Pictures of the grid: SVG strings of a solution or of a player's marks.

use std::fmt::Write as _;

use crate::house::{Category, House, Item};
use crate::marks::Marks;
use crate::puzzle::CategoryNames;
use crate::solution::Solution;

/// The width of a character, and the height of a row, in SVG units.
const CHAR: usize = 8;
const ROW: usize = 28;
const PAD: usize = 10;

/// `text` with the characters XML gives a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The grid as SVG: a header row of houses, then one row per category,
/// each cell the name of the value `value(category, house)` (an index in
/// the category's list) or empty.
fn grid(
    names: &[CategoryNames],
    n: usize,
    value: impl Fn(usize, usize) -> Option<usize>,
) -> String {
    let width = |s: &str| s.chars().count() * CHAR + 2 * PAD;
    let first = names.iter().map(|c| width(&c.name)).max().unwrap_or(0);
    let column = names
        .iter()
        .flat_map(|c| c.values.iter().map(|v| width(v)))
        .chain(std::iter::once(width("house 16")))
        .max()
        .unwrap_or(0);
    let total_width = first + n * column;
    let total_height = (names.len() + 1) * ROW;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total_width}\" height=\"{total_height}\" \
         viewBox=\"0 0 {total_width} {total_height}\" font-family=\"sans-serif\" font-size=\"14\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{total_width}\" height=\"{total_height}\" fill=\"white\"/>"
    );
    let text_y = |row: usize| row * ROW + ROW * 2 / 3;
    for h in 0..n {
        let x = first + h * column;
        let _ = writeln!(
            out,
            "<text class=\"house\" data-house=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" \
             font-weight=\"bold\">house {}</text>",
            h + 1,
            x + column / 2,
            text_y(0),
            h + 1
        );
    }
    for (c, category) in names.iter().enumerate() {
        let y = (c + 1) * ROW;
        let name = escape(&category.name);
        let _ = writeln!(
            out,
            "<text class=\"category\" x=\"{PAD}\" y=\"{}\" font-weight=\"bold\">{name}</text>",
            text_y(c + 1)
        );
        for h in 0..n {
            let x = first + h * column;
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{column}\" height=\"{ROW}\" fill=\"none\" \
                 stroke=\"black\"/>"
            );
            if let Some(v) = value(c, h) {
                let _ = writeln!(
                    out,
                    "<text class=\"value\" data-category=\"{name}\" data-house=\"{}\" x=\"{}\" \
                     y=\"{}\" text-anchor=\"middle\">{}</text>",
                    h + 1,
                    x + column / 2,
                    text_y(c + 1),
                    escape(&category.values[v])
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

impl Solution {
    /// The solution's grid as an SVG picture (a string, well-formed XML):
    /// a column per house, a row per category, each cell the value there,
    /// as [`Display`](std::fmt::Display) draws it in text. Each value is a
    /// `<text class="value">` with its category and house number in
    /// `data-category` and `data-house`.
    ///
    /// # Example
    ///
    /// ```
    /// let solution = kongming_zebra_csp::einstein().solve().unwrap();
    /// let svg = solution.to_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains(">German</text>"));
    /// ```
    pub fn to_svg(&self) -> String {
        let n = self.houses.first().map_or(0, Vec::len);
        grid(&self.names, n, |c, h| {
            self.houses[c].iter().position(|&x| x == House::at(h))
        })
    }
}

impl Marks {
    /// The grid as an SVG picture (a string, well-formed XML), with the
    /// values the marks place (see [`Marks::placed`]) and the other cells
    /// empty: [`table`](Marks::table) as a picture. Each value is a
    /// `<text class="value">` with its category and house number in
    /// `data-category` and `data-house`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let svg = Marks::parse(&puzzle, "milk at 3")?.to_svg();
    /// assert!(svg.contains("data-house=\"3\" x="));
    /// assert_eq!(svg.matches("class=\"value\"").count(), 1);
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        grid(&self.names, self.positions, |c, h| {
            self.value_at(Category::at(c), House::at(h))
                .map(Item::index)
        })
    }
}
