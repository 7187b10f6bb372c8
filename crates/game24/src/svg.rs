//! Pictures as SVG text: a game as rows of cards ([`Game::to_svg`]), an
//! expression as a tree ([`Expr::to_svg`]).

use std::fmt::Write;

use crate::expr::{Expr, Op};
use crate::step::Number;
use crate::{Game, Rational};

/// The width and height of a card, and the room between two.
const CARD_W: i64 = 64;
const CARD_H: i64 = 88;
const GAP: i64 = 12;
/// The margin around a picture.
const MARGIN: i64 = 16;
/// The height of a line of text.
const LINE: i64 = 24;

/// Text made safe inside an SVG element or attribute.
pub(crate) fn escape(text: &str) -> String {
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

/// The opening tag of a picture `width` by `height`.
fn open(out: &mut String, width: i64, height: i64, label: &str) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"#,
        escape(label)
    );
    let _ = write!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
}

/// A line of text with its left end at (`x`, `y`).
fn text(out: &mut String, x: i64, y: i64, size: i64, words: &str) {
    let _ = write!(
        out,
        r#"<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}">{}</text>"#,
        escape(words)
    );
}

/// A card showing `n` with its top left corner at (`x`, `y`); a used card
/// is greyed, a made one drawn in blue.
fn card(out: &mut String, x: i64, y: i64, n: &Rational, look: Look) {
    let (fill, stroke, ink, class) = match look {
        Look::Given => ("#fffdf5", "#333333", "#111111", "card"),
        Look::Used => ("#eeeeee", "#bbbbbb", "#aaaaaa", "card used"),
        Look::Made => ("#eef4ff", "#3366cc", "#1a3d80", "card made"),
    };
    let _ = write!(
        out,
        r#"<g class="{class}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
    );
    let label = Number(n).to_string();
    let size = if label.len() > 4 { 16 } else { 26 };
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-size="{size}" fill="{ink}">{}</text></g>"#,
        x + CARD_W / 2,
        y + CARD_H / 2,
        escape(&label)
    );
}

/// How a card is drawn.
#[derive(Clone, Copy)]
enum Look {
    /// A number of the hand, not used yet.
    Given,
    /// A number of the hand a step took.
    Used,
    /// A number a step made.
    Made,
}

impl Game {
    /// The game as a picture (SVG text): the target, the hand as given as
    /// a row of cards (those the steps took greyed), the numbers left as a
    /// second row (those the steps made in blue), and the steps played,
    /// numbered from 1.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// let mut game: Game = "3 3 8 8".parse()?;
    /// game.play("8/3".parse()?);
    /// let svg = game.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    /// assert_eq!(svg.matches(r#"class="card used""#).count(), 2);
    /// assert!(svg.contains(">8/3</text>"));
    /// assert!(svg.contains("1. 8÷3 = 8/3"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        // Which numbers of the hand the steps took: the steps take the
        // first number of each value among those left, as `apply` does.
        let mut left: Vec<(Rational, Option<usize>)> = self
            .hand()
            .iter()
            .enumerate()
            .map(|(k, &n)| (n, Some(k)))
            .collect();
        let mut used = vec![false; self.hand().len()];
        for step in self.steps() {
            for number in [step.left(), step.right()] {
                if let Some(k) = left.iter().position(|(n, _)| *n == number)
                    && let (_, Some(given)) = left.remove(k)
                {
                    used[given] = true;
                }
            }
            if let Ok(v) = step.value() {
                left.push((v, None));
            }
        }
        let widest = self.hand().len().max(left.len()) as i64;
        let width = 2 * MARGIN + 110 + widest * (CARD_W + GAP);
        let steps = self.steps().len() as i64;
        let height = 2 * MARGIN + LINE + 2 * (CARD_H + GAP) + steps * LINE + GAP;
        let mut out = String::new();
        let target = Number(&self.target()).to_string();
        open(&mut out, width, height, &format!("make {target}: {self}"));
        text(&mut out, MARGIN, MARGIN + 18, 20, &format!("Make {target}"));
        let rows_top = MARGIN + LINE + GAP;
        let x0 = MARGIN + 110;
        text(&mut out, MARGIN, rows_top + CARD_H / 2 + 6, 16, "hand");
        for (k, n) in self.hand().iter().enumerate() {
            let look = if used[k] { Look::Used } else { Look::Given };
            card(&mut out, x0 + k as i64 * (CARD_W + GAP), rows_top, n, look);
        }
        let second = rows_top + CARD_H + GAP;
        text(
            &mut out,
            MARGIN,
            second + CARD_H / 2 + 6,
            16,
            "numbers left",
        );
        for (k, (n, given)) in left.iter().enumerate() {
            let look = if given.is_some() {
                Look::Given
            } else {
                Look::Made
            };
            card(&mut out, x0 + k as i64 * (CARD_W + GAP), second, n, look);
        }
        let mut y = second + CARD_H + GAP + 18;
        for (k, step) in self.steps().iter().enumerate() {
            let made = step
                .value()
                .map(|v| Number(&v).to_string())
                .unwrap_or_default();
            text(
                &mut out,
                MARGIN,
                y,
                16,
                &format!("{}. {step:#} = {made}", k + 1),
            );
            y += LINE;
        }
        out.push_str("</svg>");
        out
    }
}

/// A node of an expression tree placed for drawing.
struct Placed {
    x: i64,
    y: i64,
    kind: Kind,
}

enum Kind {
    Number(Rational),
    Op(Op, usize, usize),
}

/// Places `e` with its leaves from `next_leaf` on, returns its node's
/// index in `nodes`.
fn place(e: &Expr, depth: i64, next_leaf: &mut i64, nodes: &mut Vec<Placed>) -> usize {
    let y = MARGIN + depth * (CARD_H + GAP);
    match e {
        Expr::Num(n) => {
            let x = MARGIN + *next_leaf * (CARD_W + GAP);
            *next_leaf += 1;
            nodes.push(Placed {
                x,
                y,
                kind: Kind::Number(*n),
            });
        }
        Expr::Bin(op, l, r) => {
            let l = place(l, depth + 1, next_leaf, nodes);
            let r = place(r, depth + 1, next_leaf, nodes);
            let x = (nodes[l].x + nodes[r].x) / 2;
            nodes.push(Placed {
                x,
                y,
                kind: Kind::Op(*op, l, r),
            });
        }
    }
    nodes.len() - 1
}

impl Expr {
    /// The expression as a tree (SVG text): each number a card at the
    /// bottom of its branch, in the order written, each operation a
    /// circle above the two parts it combines, the whole at the top.
    ///
    /// ```
    /// use kongming_game24::Expr;
    ///
    /// let e: Expr = "8/(3-8/3)".parse()?;
    /// let svg = e.to_svg();
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    /// assert_eq!(svg.matches(r#"class="card""#).count(), 4);
    /// assert_eq!(svg.matches(r#"class="op""#).count(), 3);
    /// assert!(svg.contains(">÷</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        let mut nodes = Vec::new();
        let mut leaves = 0;
        place(self, 0, &mut leaves, &mut nodes);
        let deepest = nodes.iter().map(|n| n.y).max().unwrap_or(MARGIN);
        let width = 2 * MARGIN + leaves.max(1) * (CARD_W + GAP) - GAP;
        let height = deepest + CARD_H + MARGIN;
        let mut out = String::new();
        open(&mut out, width, height, &format!("{self:#}"));
        let centre = |p: &Placed| (p.x + CARD_W / 2, p.y + CARD_H / 2);
        for node in &nodes {
            if let Kind::Op(_, l, r) = node.kind {
                let (x, y) = centre(node);
                for child in [l, r] {
                    let (cx, cy) = centre(&nodes[child]);
                    let _ = write!(
                        out,
                        r##"<line x1="{x}" y1="{y}" x2="{cx}" y2="{cy}" stroke="#555555" stroke-width="2"/>"##
                    );
                }
            }
        }
        for node in &nodes {
            match &node.kind {
                Kind::Number(n) => card(&mut out, node.x, node.y, n, Look::Given),
                Kind::Op(op, _, _) => {
                    let (x, y) = centre(node);
                    let symbol = match op {
                        Op::Add => "+",
                        Op::Sub => "−",
                        Op::Mul => "×",
                        Op::Div => "÷",
                    };
                    let _ = write!(
                        out,
                        r##"<g class="op"><circle cx="{x}" cy="{y}" r="22" fill="#fff3d6" stroke="#aa7700" stroke-width="2"/><text x="{x}" y="{y}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-size="26">{}</text></g>"##,
                        escape(symbol)
                    );
                }
            }
        }
        out.push_str("</svg>");
        out
    }
}
