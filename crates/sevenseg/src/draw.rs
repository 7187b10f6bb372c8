//! Drawing equations as seven-segment ASCII art and SVG, with moved sticks
//! marked or a clue's glyph highlighted, and games as they stand.
//!
//! ASCII art is five rows high; a digit is four columns wide, an operator
//! three, with one blank column between glyphs. Sticks are `-`, `|`, `/`
//! and `\` (`+` and `X` where two cross); marked sticks are drawn with `#`.
//!
//! ```
//! use kongming_sevenseg::{Equation, Style, draw};
//!
//! let eq: Equation = "6+4=4".parse()?;
//! let art = draw::ascii(&eq, &Style::default());
//! assert_eq!(art.lines().count(), 5);
//! assert_eq!(art.lines().nth(2).unwrap(), " --  -+-  --       --");
//! # Ok::<(), kongming_sevenseg::ParseError>(())
//! ```

use std::fmt::Write as _;

use crate::clue::Clue;
use crate::equation::Equation;
use crate::fix::Fix;
use crate::game::Game;
use crate::glyph::{Segments, Style};
use crate::stick::Stick;

const ROWS: usize = 5;
const MARK: char = '#';

fn width(is_digit: bool) -> usize {
    if is_digit { 4 } else { 3 }
}

/// Draws the equation as ASCII art.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Style, draw};
/// let art = draw::ascii(&"1=1".parse()?, &Style::default());
/// assert_eq!(art, "\n   | ---    |\n\n   | ---    |\n\n");
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
pub fn ascii(equation: &Equation, style: &Style) -> String {
    ascii_marked(equation, style, &[])
}

/// Draws the equation as ASCII art, with the `marked` sticks drawn as `#`.
/// Marked sticks need not be present in the equation: a marked empty slot
/// is drawn too (to show where a stick was taken from).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Segments, Stick, Style, draw};
/// let top = Stick { position: 0, segment: Segments::TOP };
/// let art = draw::ascii_marked(&"7=7".parse()?, &Style::default(), &[top]);
/// assert!(art.lines().next().unwrap().starts_with(" ##"));
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
pub fn ascii_marked(equation: &Equation, style: &Style, marked: &[Stick]) -> String {
    ascii_cells(&cells_of(equation, style), marked)
}

/// Each glyph of `equation` as a cell: whether it is a digit, and its
/// sticks.
fn cells_of(equation: &Equation, style: &Style) -> Vec<(bool, Segments)> {
    equation
        .glyphs()
        .iter()
        .map(|&g| (g.is_digit(), style.segments(g)))
        .collect()
}

/// The sticks of `marked` in cell `p`.
fn marks_at(marked: &[Stick], p: usize) -> Segments {
    marked
        .iter()
        .filter(|s| s.position == p)
        .fold(Segments::empty(), |acc, s| acc | s.segment)
}

/// ASCII art of cells (a digit or not, its sticks), `marked` sticks drawn
/// as `#` whether present or not.
fn ascii_cells(cells: &[(bool, Segments)], marked: &[Stick]) -> String {
    let total: usize = cells.iter().map(|&(digit, _)| width(digit) + 1).sum();
    let mut canvas = vec![vec![' '; total]; ROWS];
    let mut x = 0;
    for (p, &(digit, present)) in cells.iter().enumerate() {
        let mark = marks_at(marked, p);
        let sticks = present | mark;
        if digit {
            draw_digit(&mut canvas, x, sticks, mark);
        } else {
            draw_op(&mut canvas, x, sticks, mark);
        }
        x += width(digit) + 1;
    }
    let mut out = String::new();
    for row in canvas {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Draws a [`Game`] as it stands as ASCII art: the sticks as they are now,
/// and every stick the player moved, took away or put down drawn as `#`
/// (in the slot it left too, so the reader sees where it came from).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Game, Generator, Hint, draw};
/// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
/// assert!(!draw::ascii_game(&game).contains('#'));
/// let Hint::Next { step } = game.hint() else { unreachable!() };
/// game.play(step);
/// assert!(draw::ascii_game(&game).contains('#'));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ascii_game(game: &Game) -> String {
    ascii_cells(&game_cells(game), &game_marks(game))
}

/// The cells of a game as they stand.
fn game_cells(game: &Game) -> Vec<(bool, Segments)> {
    game.puzzle()
        .equation()
        .glyphs()
        .iter()
        .zip(game.cells())
        .map(|(g, cell)| (g.is_digit(), cell))
        .collect()
}

/// Every stick a game's steps touch.
fn game_marks(game: &Game) -> Vec<Stick> {
    game.steps()
        .iter()
        .flat_map(|step| {
            let (from, to) = step.sticks();
            from.into_iter().chain(to)
        })
        .collect()
}

fn put(canvas: &mut [Vec<char>], row: usize, col: usize, c: char, marked: bool) {
    canvas[row][col] = if marked { MARK } else { c };
}

fn draw_digit(canvas: &mut [Vec<char>], x: usize, sticks: Segments, mark: Segments) {
    use Segments as S;
    for (seg, row) in [(S::TOP, 0), (S::MIDDLE, 2), (S::BOTTOM, 4)] {
        if sticks.contains(seg) {
            put(canvas, row, x + 1, '-', mark.contains(seg));
            put(canvas, row, x + 2, '-', mark.contains(seg));
        }
    }
    for (seg, row, col) in [
        (S::UPPER_LEFT, 1, 0),
        (S::UPPER_RIGHT, 1, 3),
        (S::LOWER_LEFT, 3, 0),
        (S::LOWER_RIGHT, 3, 3),
    ] {
        if sticks.contains(seg) {
            put(canvas, row, x + col, '|', mark.contains(seg));
        }
    }
}

fn draw_op(canvas: &mut [Vec<char>], x: usize, sticks: Segments, mark: Segments) {
    use Segments as S;
    let bar_row = if sticks.contains(S::SECOND_BAR) { 1 } else { 2 };
    for (seg, row) in [(S::BAR, bar_row), (S::SECOND_BAR, 3)] {
        if sticks.contains(seg) {
            for col in 0..3 {
                put(canvas, row, x + col, '-', mark.contains(seg));
            }
        }
    }
    if sticks.contains(S::STEM) {
        let m = mark.contains(S::STEM);
        for row in 1..4 {
            let crossing = row == bar_row && sticks.contains(S::BAR);
            let c = if crossing { '+' } else { '|' };
            let crossing_marked = crossing && mark.contains(S::BAR);
            put(canvas, row, x + 1, c, m || crossing_marked);
        }
    }
    for (seg, c, cols) in [(S::RISING, '/', [2, 1, 0]), (S::FALLING, '\\', [0, 1, 2])] {
        if sticks.contains(seg) {
            for (row, col) in (1..4).zip(cols) {
                let crossing = col == 1 && sticks.contains(S::RISING | S::FALLING);
                let ch = if crossing { 'X' } else { c };
                let m = if crossing {
                    mark.intersects(S::RISING | S::FALLING)
                } else {
                    mark.contains(seg)
                };
                put(canvas, row, x + col, ch, m);
            }
        }
    }
}

/// Draws a fix before and after, side by side: on the left the input with
/// the sticks taken up marked, on the right the fixed equation with the
/// sticks put down marked.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver, Style, draw};
/// let eq: Equation = "5+7=2".parse()?;
/// let fix = &Solver::new(Change::Move(1)).solve(&eq)?.into_fixes()[0];
/// let art = draw::ascii_fix(&eq, fix, &Style::default());
/// assert!(art.contains("->"));
/// assert_eq!(art.matches('#').count(), 4); // a stem of 3 cells, one upright
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ascii_fix(before: &Equation, fix: &Fix, style: &Style) -> String {
    let left = ascii_marked(before, style, fix.removed());
    let right = ascii_marked(fix.equation(), style, fix.added());
    let pad = before
        .glyphs()
        .iter()
        .map(|g| width(g.is_digit()) + 1)
        .sum::<usize>();
    let mut out = String::new();
    for (row, (l, r)) in left.lines().zip(right.lines()).enumerate() {
        let arrow = if row == 2 { "  ->  " } else { "      " };
        let line = format!("{l:<pad$}{arrow}{r}");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

const CELL_H: f64 = 80.0;
const GAP: f64 = 10.0;

fn svg_width(g_is_digit: bool) -> f64 {
    if g_is_digit { 40.0 } else { 30.0 }
}

/// The end points of a slot's stick in a glyph box at the origin.
fn stick_line(seg: Segments, sticks: Segments) -> Option<(f64, f64, f64, f64)> {
    use Segments as S;
    let bar_y = if sticks.contains(S::SECOND_BAR) {
        30.0
    } else {
        40.0
    };
    Some(match seg {
        S::TOP => (5.0, 5.0, 35.0, 5.0),
        S::MIDDLE => (5.0, 40.0, 35.0, 40.0),
        S::BOTTOM => (5.0, 75.0, 35.0, 75.0),
        S::UPPER_LEFT => (5.0, 5.0, 5.0, 40.0),
        S::UPPER_RIGHT => (35.0, 5.0, 35.0, 40.0),
        S::LOWER_LEFT => (5.0, 40.0, 5.0, 75.0),
        S::LOWER_RIGHT => (35.0, 40.0, 35.0, 75.0),
        S::BAR => (3.0, bar_y, 27.0, bar_y),
        S::SECOND_BAR => (3.0, 50.0, 27.0, 50.0),
        S::STEM => (15.0, 28.0, 15.0, 52.0),
        S::RISING => (3.0, 60.0, 27.0, 20.0),
        S::FALLING => (3.0, 20.0, 27.0, 60.0),
        _ => return None,
    })
}

/// Writes the glyphs of `equation` in a row at height `y`, each a group
/// (class `glyph`, and `hinted` for the glyph at `hinted`, which gets a
/// highlight behind its sticks) translated to its place, its sticks in
/// the group's own coordinates.
fn svg_row(
    out: &mut String,
    equation: &Equation,
    style: &Style,
    marked: &[Stick],
    hinted: Option<usize>,
    y: f64,
) {
    svg_cells(out, &cells_of(equation, style), marked, hinted, y);
}

/// [`svg_row`] for cells (a digit or not, its sticks).
fn svg_cells(
    out: &mut String,
    cells: &[(bool, Segments)],
    marked: &[Stick],
    hinted: Option<usize>,
    y: f64,
) {
    let mut x = GAP;
    for (p, &(digit, present)) in cells.iter().enumerate() {
        let mark = marks_at(marked, p);
        let sticks = present | mark;
        let width = svg_width(digit);
        if hinted == Some(p) {
            let _ = writeln!(
                out,
                r#"  <g class="glyph hinted" transform="translate({x} {y})">"#
            );
            let _ = writeln!(
                out,
                r#"    <rect class="hint" x="-4" y="-4" width="{}" height="{}" rx="6"/>"#,
                width + 8.0,
                CELL_H + 8.0
            );
        } else {
            let _ = writeln!(out, r#"  <g class="glyph" transform="translate({x} {y})">"#);
        }
        for seg in sticks.iter() {
            if let Some((x1, y1, x2, y2)) = stick_line(seg, sticks) {
                let class = match (mark.contains(seg), present.contains(seg)) {
                    (true, true) => "stick moved",
                    (true, false) => "stick gone",
                    _ => "stick",
                };
                let _ = writeln!(
                    out,
                    r#"    <line class="{class}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#
                );
            }
        }
        out.push_str("  </g>\n");
        x += width + GAP;
    }
}

fn svg_document(width: f64, height: f64, body: &str) -> String {
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
            "\n  <style>\n",
            "    .stick {{ stroke: #8b5a2b; stroke-width: 6; stroke-linecap: round; }}\n",
            "    .moved {{ stroke: #d62728; }}\n",
            "    .gone {{ stroke: #d62728; stroke-dasharray: 4 6; opacity: 0.6; }}\n",
            "    .hint {{ fill: #ffe08a; stroke: #e0a800; stroke-width: 2; }}\n",
            "  </style>\n{body}</svg>\n"
        ),
        w = width,
        h = height,
        body = body
    )
}

fn equation_width(equation: &Equation) -> f64 {
    cells_width(&cells_of(equation, &Style::default()))
}

fn cells_width(cells: &[(bool, Segments)]) -> f64 {
    GAP + cells
        .iter()
        .map(|&(digit, _)| svg_width(digit) + GAP)
        .sum::<f64>()
}

/// Draws a [`Game`] as it stands as an SVG document: the sticks as they
/// are now, those the player put down in red (class `moved`), the slots
/// the player emptied dashed (class `gone`). The document's `<title>` is
/// the glyphs as they stand.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Game, Generator, Hint, draw};
/// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
/// let Hint::Next { step } = game.hint() else { unreachable!() };
/// game.play(step);
/// let svg = draw::svg_game(&game);
/// assert_eq!(svg.matches("class=\"stick moved\"").count(), 1);
/// assert_eq!(svg.matches("class=\"stick gone\"").count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg_game(game: &Game) -> String {
    let cells = game_cells(game);
    let mut body = String::new();
    let _ = writeln!(body, "  <title>{}</title>", xml_text(&game.to_string()));
    svg_cells(&mut body, &cells, &game_marks(game), None, GAP);
    svg_document(cells_width(&cells), CELL_H + 2.0 * GAP, &body)
}

impl Game {
    /// The game as it stands as an SVG document, as [`svg_game`] draws
    /// it: the sticks the player put down in red, the slots emptied
    /// dashed.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator, draw};
    /// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// game.follow(&game.hint());
    /// let svg = game.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// assert_eq!(svg, draw::svg_game(&game));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        svg_game(self)
    }
}

/// Draws the equation as an SVG document, the `marked` sticks in red
/// (class `moved`; a marked empty slot is drawn dashed, class `gone`).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Style, draw};
/// let svg = draw::svg(&"1=1".parse()?, &Style::default(), &[]);
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<line").count(), 6);
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
pub fn svg(equation: &Equation, style: &Style, marked: &[Stick]) -> String {
    let mut body = String::new();
    svg_row(&mut body, equation, style, marked, None, GAP);
    svg_document(equation_width(equation), CELL_H + 2.0 * GAP, &body)
}

/// Draws a fix as an SVG document: the input on top with the sticks taken
/// up dashed in red, the fixed equation below with the sticks put down in red.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver, Style, draw};
/// let eq: Equation = "6+4=4".parse()?;
/// let fix = &Solver::new(Change::Move(1)).solve(&eq)?.into_fixes()[0];
/// let svg = draw::svg_fix(&eq, fix, &Style::default());
/// assert_eq!(svg.matches("class=\"stick moved\"").count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg_fix(before: &Equation, fix: &Fix, style: &Style) -> String {
    let mut body = String::new();
    svg_row(&mut body, before, style, fix.removed(), None, GAP);
    svg_row(
        &mut body,
        fix.equation(),
        style,
        fix.added(),
        None,
        CELL_H + 3.0 * GAP,
    );
    let width = equation_width(before).max(equation_width(fix.equation()));
    svg_document(width, 2.0 * CELL_H + 4.0 * GAP, &body)
}

/// Draws the equation of a hint as ASCII art with a sixth row of `^` under
/// the hinted glyph (its four or three columns).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Solver, Style, draw};
/// let hint = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.clue().expect("a fix");
/// let art = draw::ascii_clue(&hint, &Style::default());
/// assert_eq!(art.lines().count(), 6);
/// assert_eq!(art.lines().last(), Some("     ^^^")); // under the +
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ascii_clue(hint: &Clue, style: &Style) -> String {
    let glyphs = hint.equation().glyphs();
    let mut out = ascii(hint.equation(), style);
    let before: usize = glyphs[..hint.position()]
        .iter()
        .map(|g| width(g.is_digit()) + 1)
        .sum();
    out.push_str(&" ".repeat(before));
    out.push_str(&"^".repeat(width(hint.glyph().is_digit())));
    out.push('\n');
    out
}

/// Draws the equation of a hint as an SVG document with the hinted glyph
/// highlighted: each glyph is a group of class `glyph`, the hinted one
/// also of class `hinted`, with a rectangle of class `hint` behind its
/// sticks; the document's `<title>` is the hint's sentence.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Solver, Style, draw};
/// let hint = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.clue().expect("a fix");
/// let svg = draw::svg_clue(&hint, &Style::default());
/// assert_eq!(svg.matches("class=\"glyph hinted\"").count(), 1);
/// assert!(svg.contains("<title>Look at the first operator"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg_clue(hint: &Clue, style: &Style) -> String {
    let equation = hint.equation();
    let mut body = String::new();
    let _ = writeln!(body, "  <title>{}</title>", xml_text(&hint.to_string()));
    svg_row(&mut body, equation, style, &[], Some(hint.position()), GAP);
    svg_document(equation_width(equation), CELL_H + 2.0 * GAP, &body)
}

/// `text` with the characters XML gives a meaning escaped.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}
