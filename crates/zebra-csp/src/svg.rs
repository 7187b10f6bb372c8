//! Pictures of the grid: SVG strings of a solution, of a player's marks,
//! and of a game as it stands.

use std::fmt::Write as _;

use crate::game::Game;
use crate::house::{House, Item};
use crate::marks::{Mark, Marks};
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

/// The opening `<svg>` tag of a picture `width` by `height`, and its white
/// background.
fn open_picture(width: usize, height: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"14\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
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
    let mut out = open_picture(total_width, total_height);
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

/// The player's grid as a logic-grid picture: a header row of houses, then
/// for each category a row with its name and a row per value, a cell per
/// house with a circle for a yes-mark and a cross for a no-mark.
fn logic_grid(marks: &Marks) -> String {
    let names = &marks.names;
    let n = marks.positions;
    let width = |s: &str| s.chars().count() * CHAR + 2 * PAD;
    let first = names
        .iter()
        .flat_map(|c| std::iter::once(width(&c.name)).chain(c.values.iter().map(|v| width(v))))
        .max()
        .unwrap_or(0);
    let column = width("house 16");
    let rows = 1 + names.iter().map(|c| 1 + c.values.len()).sum::<usize>();
    let total_width = first + n * column;
    let total_height = rows * ROW;
    let mut out = open_picture(total_width, total_height);
    let text_y = |row: usize| row * ROW + ROW * 2 / 3;
    for h in 0..n {
        let _ = writeln!(
            out,
            "<text class=\"house\" data-house=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" \
             font-weight=\"bold\">house {}</text>",
            h + 1,
            first + h * column + column / 2,
            text_y(0),
            h + 1
        );
    }
    let mut row = 1;
    for (c, category) in names.iter().enumerate() {
        let name = escape(&category.name);
        let _ = writeln!(
            out,
            "<text class=\"category\" x=\"{PAD}\" y=\"{}\" font-weight=\"bold\">{name}</text>",
            text_y(row)
        );
        row += 1;
        for (v, value) in category.values.iter().enumerate() {
            let value = escape(value);
            let y = row * ROW;
            let _ = writeln!(
                out,
                "<text class=\"value\" data-category=\"{name}\" x=\"{}\" y=\"{}\">{value}</text>",
                2 * PAD,
                text_y(row)
            );
            for h in 0..n {
                let x = first + h * column;
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{column}\" height=\"{ROW}\" fill=\"none\" \
                     stroke=\"black\"/>"
                );
                let (cx, cy, r) = (x + column / 2, y + ROW / 2, ROW / 3);
                let data = format!(
                    "data-category=\"{name}\" data-value=\"{value}\" data-house=\"{}\"",
                    h + 1
                );
                match marks.get(Item::at(c, v), House::at(h)) {
                    Mark::Yes => {
                        let _ = writeln!(
                            out,
                            "<circle class=\"yes\" {data} cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" \
                             fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>"
                        );
                    }
                    Mark::No => {
                        let _ = writeln!(
                            out,
                            "<path class=\"no\" {data} d=\"M{} {} L{} {} M{} {} L{} {}\" \
                             stroke=\"black\" stroke-width=\"2\"/>",
                            cx - r,
                            cy - r,
                            cx + r,
                            cy + r,
                            cx - r,
                            cy + r,
                            cx + r,
                            cy - r
                        );
                    }
                    Mark::Unknown => {}
                }
            }
            row += 1;
        }
    }
    out.push_str("</svg>\n");
    out
}

impl Marks {
    /// The player's grid as an SVG picture (a string, well-formed XML), as
    /// a logic grid is drawn on paper: a column per house, and under each
    /// category's name a row per value; every yes-mark is a circle
    /// (`<circle class="yes">`) and every no-mark a cross
    /// (`<path class="no">`) in its cell, each with its category, value
    /// and house number in `data-category`, `data-value` and
    /// `data-house`. Unmarked cells are empty. [`table`](Marks::table)
    /// gives the values the marks place, as text.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let svg = Marks::parse(&puzzle, "milk at 3\ntea not-at 1\ntea not-at 2")?.to_svg();
    /// assert!(svg.contains("class=\"yes\" data-category=\"drink\" data-value=\"milk\" data-house=\"3\""));
    /// assert_eq!(svg.matches("class=\"no\"").count(), 2);
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        logic_grid(self)
    }
}

impl Game {
    /// The game as it stands as an SVG picture: the player's marks drawn
    /// as [`Marks::to_svg`] draws them (a circle per yes-mark, a cross per
    /// no-mark).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Game;
    /// let mut game = Game::new(kongming_zebra_csp::einstein())?;
    /// game.follow(&game.hint());
    /// let svg = game.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// assert_eq!(svg, game.marks().to_svg());
    /// # Ok::<(), kongming_zebra_csp::GameError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        self.marks().to_svg()
    }
}
