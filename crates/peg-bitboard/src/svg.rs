//! Pictures of positions, jumps and games as SVG documents (strings):
//! [`Position::to_svg`], [`Game::to_svg`], [`Position::jump_to_svg`], [`Solution::to_svg`],
//! and the [`Svg`] builder behind them with its options (hole spacing,
//! cell labels, boards per row of a strip), which also says where each
//! hole, peg and mark is drawn.

use std::fmt::Write as _;

use crate::board::{Board, Grid, Jump};
use crate::play::Game;
use crate::position::{IllegalJump, Position};
use crate::solution::Solution;

/// The default spacing of holes in a row, in pixels.
const DEFAULT_CELL: u32 = 32;
/// The least and the most spacing [`Svg::cell_size`] takes.
const CELL_RANGE: (u32, u32) = (8, 256);
/// The default number of boards in a row of a strip.
const DEFAULT_PER_ROW: usize = 6;

/// The shared look of every picture, by class.
const STYLE: &str = concat!(
    "<style>",
    ".background{fill:#f1dfb8;stroke:#b08d57;stroke-width:1}",
    ".hole{fill:#5b4631}",
    ".peg{fill:#c0392b;stroke:#7b241c;stroke-width:1}",
    ".mark{fill:none;stroke-width:3}",
    ".from{stroke:#2e7d32}",
    ".over{stroke:#e67e22;stroke-dasharray:4 3}",
    ".to{stroke:#1565c0}",
    ".arrow{stroke:#1565c0;stroke-width:3;marker-end:url(#arrowhead)}",
    "#arrowhead path{fill:#1565c0}",
    ".caption{font-family:sans-serif;fill:#222;text-anchor:middle}",
    ".label{font-family:sans-serif;fill:#222;stroke:#fff;stroke-width:2;",
    "paint-order:stroke;text-anchor:middle;dominant-baseline:central}",
    "</style>",
);

/// The arrowhead the `arrow` line ends with, its tip at the line's end.
const DEFS: &str = concat!(
    r#"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="10" refY="5" "#,
    r#"markerWidth="4" markerHeight="4" orient="auto-start-reverse">"#,
    r#"<path d="M0,0 L10,5 L0,10 z"/></marker></defs>"#,
);

/// How to draw pictures: the spacing of holes, whether holes are labelled
/// with their names, and how many boards a row of a strip holds.
///
/// [`Position::to_svg`], [`Position::jump_to_svg`] and
/// [`Solution::to_svg`] draw with the defaults ([`Svg::new`]).
///
/// # What a picture holds
///
/// A picture shows what the ASCII layout ([`Display`](std::fmt::Display)
/// of a [`Position`]) shows. The hole on line `row` and character column
/// `x` of the layout (both from 0) is drawn centred at
///
/// - `cx = pad + (x + 1) · cell / 2`,
/// - `cy = pad + top + cell / 2 + row · rise`,
///
/// inside its board's group, where `cell` is the spacing of holes in a row
/// ([`Svg::cell_size`]), `pad = cell / 4`, `top` the height of the
/// caption above the board (`0.6 · cell` on a board of a strip, 0 on a
/// board without a caption), and `rise` the spacing of rows: `cell` on a
/// square grid, `cell · √3 / 2` on a triangular one, whose rows are
/// offset by half a cell as in the layout, so that a hole's six
/// neighbours are all `cell` away.
///
/// Every board is a group `<g class="board" transform="translate(X Y)">`
/// holding, in this order: a `rect` of class `background`; a `text` of
/// class `caption` (boards of a strip); one `circle` of class `hole` per
/// hole; one `circle` of class `peg` per peg; for a jump, a `circle` of
/// class `mark from`, `mark over` and `mark to` on its three holes and a
/// `line` of class `arrow` from the centre of its `from` hole to the
/// centre of its `to` hole; with labels, one `text` of class `label` per
/// hole, its name (`d4`). Holes and pegs carry their hole's name in a
/// `data-cell` attribute. The document's `<title>` says what it shows.
/// Colours are set in a `<style>` element, by class, so a page may
/// restyle them.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Svg};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let svg = Svg::new().cell_size(20).labels(true).position(&start);
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches(r#"class="peg""#).count(), 32);
/// assert_eq!(svg.matches(r#"class="label""#).count(), 33);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Svg {
    cell: u32,
    labels: bool,
    per_row: usize,
}

impl Default for Svg {
    /// The same as [`Svg::new`].
    fn default() -> Self {
        Svg::new()
    }
}

/// The geometry of one board's picture, in pixels.
struct Frame<'a> {
    board: &'a Board,
    cell: f64,
    pad: f64,
    rise: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl<'a> Frame<'a> {
    /// The frame of `board` drawn at spacing `cell`, with `top` pixels
    /// for a caption above it.
    fn new(board: &'a Board, cell: u32, top: f64) -> Frame<'a> {
        let cell = f64::from(cell);
        let rise = match board.grid() {
            Grid::Square => cell,
            Grid::Triangular => cell * 3f64.sqrt() / 2.0,
        };
        let pad = cell / 4.0;
        let widest = board.coords().iter().map(|&(_, x)| x).max().unwrap_or(0);
        let rows = board.rows();
        Frame {
            board,
            cell,
            pad,
            rise,
            top,
            width: 2.0 * pad + f64::from(widest + 2) * cell / 2.0,
            height: 2.0 * pad + top + cell + f64::from(rows - 1) * rise,
        }
    }

    /// The centre of hole `index`.
    fn centre(&self, index: usize) -> (f64, f64) {
        let (row, x) = self.board.coords()[index];
        (
            self.pad + f64::from(x + 1) * self.cell / 2.0,
            self.pad + self.top + self.cell / 2.0 + f64::from(row) * self.rise,
        )
    }
}

/// `value` with at most two decimals, trailing zeros dropped.
fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

impl Svg {
    /// The default options: holes 32 pixels apart, no labels, six boards
    /// in a row of a strip.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Svg};
    ///
    /// let p: Position = "o o .".parse()?;
    /// assert_eq!(Svg::new().position(&p), p.to_svg());
    /// assert_eq!(Svg::new(), Svg::default());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn new() -> Svg {
        Svg {
            cell: DEFAULT_CELL,
            labels: false,
            per_row: DEFAULT_PER_ROW,
        }
    }

    /// The spacing of holes in a row, in pixels (default 32); a value
    /// below 8 draws at 8, one above 256 at 256.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Svg};
    ///
    /// let p: Position = "o o .".parse()?;
    /// // Three holes 40 pixels apart, with a 10-pixel border around them.
    /// assert!(Svg::new().cell_size(40).position(&p).starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="140" height="60""#));
    /// assert_eq!(Svg::new().cell_size(0), Svg::new().cell_size(8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn cell_size(mut self, pixels: u32) -> Svg {
        self.cell = if pixels < CELL_RANGE.0 {
            CELL_RANGE.0
        } else if pixels > CELL_RANGE.1 {
            CELL_RANGE.1
        } else {
            pixels
        };
        self
    }

    /// Whether each hole is labelled with its name in the crate's
    /// notation (`d4`; default: no).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Svg};
    ///
    /// let p: Position = "o o .".parse()?;
    /// let svg = Svg::new().labels(true).position(&p);
    /// assert!(svg.contains(">a1</text>") && svg.contains(">c1</text>"));
    /// assert!(!p.to_svg().contains("</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn labels(mut self, labels: bool) -> Svg {
        self.labels = labels;
        self
    }

    /// How many boards a row of a strip ([`Svg::solution`]) holds before
    /// the next row starts (default 6; 0 is taken as 1).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solution, Svg};
    ///
    /// let start: Position = "o o . o .".parse()?;
    /// let game = Solution::new(&start, start.board().parse_jumps("a1-c1 d1-b1")?)?;
    /// // Three boards, one a row: the strip is a column.
    /// let svg = Svg::new().per_row(1).solution(&game);
    /// assert!(svg.contains(r#"<g class="board" transform="translate(0 0)">"#));
    /// assert_eq!(svg.matches(r#"<g class="board" transform="translate(0 "#).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn per_row(mut self, boards: usize) -> Svg {
        self.per_row = if boards == 0 { 1 } else { boards };
        self
    }

    /// The picture of a position: every hole, a peg in each hole that has
    /// one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Svg};
    ///
    /// let triangle = Board::triangular(5)?;
    /// let start = triangle.start(triangle.cell("c1")?)?;
    /// let svg = Svg::new().position(&start);
    /// assert_eq!(svg.matches(r#"class="hole""#).count(), 15);
    /// assert_eq!(svg.matches(r#"class="peg""#).count(), 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, position: &Position) -> String {
        let frame = Frame::new(position.board(), self.cell, 0.0);
        let mut body = String::new();
        self.board(&mut body, &frame, (0.0, 0.0), position, None, None);
        document(
            frame.width,
            frame.height,
            &format!("{} pegs", position.peg_count()),
            &body,
        )
    }

    /// The picture of a jump about to be played on a position: the
    /// position, its `from`, `over` and `to` holes ringed and an arrow
    /// from `from` to `to` (a hint's move, say).
    ///
    /// # Errors
    ///
    /// The [`IllegalJump`] reason if the jump cannot be played on the
    /// position (a jump of another board, no peg to jump, a full landing
    /// hole): the picture would show a move the game does not allow.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, IllegalJump, Svg};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let svg = Svg::new().jump(&start, board.parse_jump("d2-d4")?)?;
    /// assert!(svg.contains(r#"<circle class="mark from" data-cell="d2""#));
    /// assert!(svg.contains(r#"<circle class="mark over" data-cell="d3""#));
    /// assert!(svg.contains(r#"<circle class="mark to" data-cell="d4""#));
    /// assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    /// let blocked = Svg::new().jump(&start, board.parse_jump("d3-d1")?);
    /// assert_eq!(blocked, Err(IllegalJump::Occupied));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump(&self, position: &Position, jump: Jump) -> Result<String, IllegalJump> {
        position.check(jump)?;
        let frame = Frame::new(position.board(), self.cell, 0.0);
        let mut body = String::new();
        self.board(&mut body, &frame, (0.0, 0.0), position, Some(jump), None);
        Ok(document(frame.width, frame.height, &jump.name(), &body))
    }

    /// The picture of a game as a strip of boards: the start (captioned
    /// `start`), then the position after each jump, captioned with its
    /// number and the jump (`1. d2-d4`) and with that jump ringed and
    /// arrowed; [`per_row`](Svg::per_row) boards a row, left to right,
    /// then top to bottom. The last board is the game's end.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver, Svg};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let solution = Solver::new(&start).solve()?.solution().cloned().ok_or("unsolved")?;
    /// let svg = Svg::new().solution(&solution);
    /// assert_eq!(svg.matches(r#"<g class="board""#).count(), 3);
    /// assert!(svg.contains(">start</text>"));
    /// assert_eq!(svg.matches(r#"class="arrow""#).count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self, solution: &Solution) -> String {
        let positions = solution.positions();
        let font = f64::from(self.cell) * 0.4;
        let top = font * 1.5;
        let frame = Frame::new(solution.start().board(), self.cell, top);
        let captions: Vec<String> = std::iter::once("start".to_owned())
            .chain(
                solution
                    .jumps()
                    .iter()
                    .enumerate()
                    .map(|(i, jump)| format!("{}. {}", i + 1, jump.name())),
            )
            .collect();
        // A slot is wide enough for its board and for the longest caption
        // (sans-serif digits and letters are about 0.6 em wide).
        let longest = captions.iter().map(String::len).max().unwrap_or(0);
        let slot = frame
            .width
            .max(longest as f64 * font * 0.6 + 2.0 * frame.pad);
        let mut body = String::new();
        for (index, (position, caption)) in positions.iter().zip(&captions).enumerate() {
            let jump = index.checked_sub(1).map(|i| solution.jumps()[i]);
            let at = (
                (index % self.per_row) as f64 * slot,
                (index / self.per_row) as f64 * frame.height,
            );
            let caption = Caption {
                text: caption,
                centre: slot / 2.0,
                font,
            };
            self.board(&mut body, &frame, at, position, jump, Some(caption));
        }
        let columns = positions.len().min(self.per_row);
        let rows = positions.len().div_ceil(self.per_row);
        let title = if solution.jumps().is_empty() {
            "no jumps".to_owned()
        } else {
            solution.notation()
        };
        document(
            columns as f64 * slot,
            rows as f64 * frame.height,
            &title,
            &body,
        )
    }

    /// Writes one board's group at `at`: background, caption, holes,
    /// pegs, the jump's marks and arrow, labels.
    fn board(
        &self,
        out: &mut String,
        frame: &Frame<'_>,
        at: (f64, f64),
        position: &Position,
        jump: Option<Jump>,
        caption: Option<Caption<'_>>,
    ) {
        let cell = frame.cell;
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            r#"<g class="board" transform="translate({} {})">"#,
            num(at.0),
            num(at.1)
        );
        let _ = write!(
            out,
            r#"<rect class="background" x="{p}" y="{y}" width="{w}" height="{h}" rx="{r}"/>"#,
            p = num(frame.pad / 2.0),
            y = num(frame.top + frame.pad / 2.0),
            w = num(frame.width - frame.pad),
            h = num(frame.height - frame.top - frame.pad),
            r = num(frame.pad),
        );
        if let Some(caption) = caption {
            let _ = write!(
                out,
                r#"<text class="caption" x="{}" y="{}" font-size="{}">{}</text>"#,
                num(caption.centre),
                num(caption.font * 1.2),
                num(caption.font),
                caption.text
            );
        }
        let circle = |out: &mut String, class: &str, index: usize, radius: f64| {
            let (cx, cy) = frame.centre(index);
            let name = frame
                .board
                .cell_at(index)
                .map(|c| c.name())
                .unwrap_or_default();
            let _ = write!(
                out,
                r#"<circle class="{class}" data-cell="{name}" cx="{}" cy="{}" r="{}"/>"#,
                num(cx),
                num(cy),
                num(radius)
            );
        };
        for index in 0..frame.board.len() {
            circle(out, "hole", index, cell * 0.18);
        }
        for index in 0..frame.board.len() {
            if position.pegs() >> index & 1 == 1 {
                circle(out, "peg", index, cell * 0.36);
            }
        }
        if let Some(jump) = jump {
            for (class, hole) in [
                ("mark from", jump.from()),
                ("mark over", jump.over()),
                ("mark to", jump.to()),
            ] {
                circle(out, class, hole.index(), cell * 0.46);
            }
            let (x1, y1) = frame.centre(jump.from().index());
            let (x2, y2) = frame.centre(jump.to().index());
            let _ = write!(
                out,
                r#"<line class="arrow" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
        }
        if self.labels {
            for hole in frame.board.cells() {
                let (x, y) = frame.centre(hole.index());
                let _ = write!(
                    out,
                    r#"<text class="label" x="{}" y="{}" font-size="{}">{}</text>"#,
                    num(x),
                    num(y),
                    num(cell * 0.3),
                    hole.name()
                );
            }
        }
        out.push_str("</g>");
    }
}

/// A board's caption: its text, centred at `centre` across the slot, in
/// a font of `font` pixels.
struct Caption<'a> {
    text: &'a str,
    centre: f64,
    font: f64,
}

/// The SVG document of `width` by `height` pixels around `body`, titled
/// `title` (cell and jump names only, which need no escaping).
fn document(width: f64, height: f64, title: &str, body: &str) -> String {
    let (w, h) = (num(width), num(height));
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><title>{title}</title>{STYLE}{DEFS}{body}</svg>"#
    )
}

impl Position {
    /// The position as an SVG picture, drawn with the default [`Svg`]
    /// options: every hole, a peg in each hole that has one, laid out as
    /// the ASCII layout lays them out (triangular boards as triangles).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let svg = start.to_svg();
    /// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240""#));
    /// assert_eq!(svg.matches(r#"class="hole""#).count(), 33);
    /// assert_eq!(svg.matches(r#"class="peg""#).count(), 32);
    /// // The empty centre: a hole, no peg.
    /// assert!(svg.contains(r#"<circle class="hole" data-cell="d4" cx="120" cy="120""#));
    /// assert!(!svg.contains(r#"<circle class="peg" data-cell="d4""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        Svg::new().position(self)
    }

    /// The picture of `jump` about to be played here, with the default
    /// [`Svg`] options: its three holes ringed, an arrow from the peg to
    /// the landing hole.
    ///
    /// # Errors
    ///
    /// The [`IllegalJump`] reason if `jump` cannot be played here.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{IllegalJump, Position};
    ///
    /// let p: Position = "o o . o".parse()?;
    /// let svg = p.jump_to_svg(p.board().parse_jump("a1-c1")?)?;
    /// assert_eq!(svg.matches(r#"class="mark "#).count(), 3);
    /// assert!(svg.contains("<title>a1-c1</title>"));
    /// assert_eq!(p.jump_to_svg(p.board().parse_jump("b1-d1")?), Err(IllegalJump::NothingToJump));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump_to_svg(&self, jump: Jump) -> Result<String, IllegalJump> {
        Svg::new().jump(self, jump)
    }
}

impl Game {
    /// The game as it stands as an SVG picture: the position now, drawn
    /// as [`Position::to_svg`] draws it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Game, Goal, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let mut game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
    /// game.play(board.parse_jump("b3-c1")?)?;
    /// let svg = game.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// assert_eq!(svg.matches(r#"class="peg""#).count(), 13);
    /// assert_eq!(svg, game.position().to_svg());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        self.position().to_svg()
    }
}

impl Solution {
    /// The game as a strip of boards, drawn with the default [`Svg`]
    /// options (six boards a row): the start, then the position after
    /// each jump, captioned with the jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Solver};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let solution = Solver::new(&start).solve()?.solution().cloned().ok_or("unsolved")?;
    /// let svg = solution.to_svg();
    /// assert_eq!(svg.matches(r#"<g class="board""#).count(), 32);
    /// assert!(svg.contains(">31. "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        Svg::new().solution(self)
    }
}
