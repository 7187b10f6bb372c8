//! Pictures of squares: [`Square::to_svg`] and [`PartialSquare::to_svg`]
//! draw the grid as an SVG document (a string), one framed cell per
//! number, blanks left empty; [`Game::to_svg`] draws a game's grid.
//!
//! The picture shows what the text form shows: cell `(row, col)` is the
//! square at `x = MARGIN + col · CELL`, `y = MARGIN + row · CELL`, and
//! its number (if any) is a `text` element centred in it.

use std::fmt::Write as _;

use crate::{Game, PartialSquare, Square};

/// The side of a cell, in pixels.
const CELL: usize = 48;
/// The blank border around the grid, in pixels.
const MARGIN: usize = 4;

/// The SVG document of a grid of `order` with these cells, row by row.
fn grid_svg(order: usize, cells: &[Option<u32>]) -> String {
    let side = order * CELL + 2 * MARGIN;
    let digits = cells
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    // Two digits at half the cell's height; longer numbers smaller, so
    // that they stay inside their cell.
    let font = (CELL / 2).min(CELL * 4 / 5 / digits.max(1)).max(6);
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">"#
    );
    let _ = write!(
        svg,
        r#"<rect class="background" x="0" y="0" width="{side}" height="{side}" fill="white"/>"#
    );
    svg.push_str(r##"<g class="cells" fill="none" stroke="#333" stroke-width="1">"##);
    for (index, cell) in cells.iter().enumerate() {
        let (x, y) = corner(order, index);
        let class = if cell.is_some() { "cell" } else { "cell blank" };
        let _ = write!(
            svg,
            r#"<rect class="{class}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
        );
    }
    svg.push_str("</g>");
    let _ = write!(
        svg,
        r#"<g class="numbers" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central" fill="black">"#
    );
    for (index, cell) in cells.iter().enumerate() {
        if let Some(value) = cell {
            let (x, y) = corner(order, index);
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            let _ = write!(svg, r#"<text x="{cx}" y="{cy}">{value}</text>"#);
        }
    }
    svg.push_str("</g></svg>");
    svg
}

/// The top left corner of cell `index` of a grid of `order`.
fn corner(order: usize, index: usize) -> (usize, usize) {
    (
        MARGIN + (index % order) * CELL,
        MARGIN + (index / order) * CELL,
    )
}

impl Square {
    /// The square as an SVG picture: each cell a framed 48-pixel square
    /// (class `cell`), its number centred in it (a `text` element), a
    /// 4-pixel margin around the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let lo_shu: Square = "2 7 6\n9 5 1\n4 3 8".parse()?;
    /// let svg = lo_shu.to_svg();
    /// assert!(svg.starts_with("<svg "));
    /// assert_eq!(svg.matches("<text ").count(), 9);
    /// assert!(svg.contains(r#"<text x="28" y="28">2</text>"#));
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        let cells: Vec<Option<u32>> = self.cells().iter().copied().map(Some).collect();
        grid_svg(self.order(), &cells)
    }
}

impl Game {
    /// The game as it stands as an SVG picture: the player's grid as
    /// [`PartialSquare::to_svg`] draws it (givens and the player's
    /// numbers alike, blanks empty).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Game, Generator, Kind};
    ///
    /// let mut game = Game::new(Generator::new(3, Kind::MAGIC)?.generate(0)?);
    /// game.follow(&game.hint());
    /// let svg = game.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// assert_eq!(svg, game.grid().to_svg());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        self.grid().to_svg()
    }
}

impl PartialSquare {
    /// The grid as an SVG picture, as [`Square::to_svg`] draws it, with
    /// the blank cells empty (class `cell blank`, no number).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// let grid: PartialSquare = "2 . .\n. 5 .\n. . 8".parse()?;
    /// let svg = grid.to_svg();
    /// assert_eq!(svg.matches("<text ").count(), 3);
    /// assert_eq!(svg.matches(r#"class="cell blank""#).count(), 6);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        grid_svg(self.order(), self.cells())
    }
}
