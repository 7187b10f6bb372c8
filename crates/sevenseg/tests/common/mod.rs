//! An independent model of matchstick equations for the tests: glyphs as
//! strings of stick letters, a brute-force enumeration of every glyph
//! combination, and a fraction evaluator of its own.

#![allow(dead_code)]

use std::collections::BTreeSet;

use kongming_sevenseg::{Fix, Segments};

/// Digit sticks are the letters a–g (a top, b upper right, c lower right,
/// d bottom, e lower left, f upper left, g middle); operator sticks are
/// h (bar), i (stem), j (second bar), k (rising), l (falling).
#[derive(Clone, Copy, Debug)]
pub struct OracleStyle {
    pub six_top: bool,
    pub seven_left: bool,
    pub nine_bottom: bool,
}

impl Default for OracleStyle {
    fn default() -> Self {
        OracleStyle {
            six_top: true,
            seven_left: false,
            nine_bottom: true,
        }
    }
}

impl OracleStyle {
    pub fn sticks(&self, c: char) -> String {
        let s = match c {
            '0' => "abcdef",
            '1' => "bc",
            '2' => "abdeg",
            '3' => "abcdg",
            '4' => "bcfg",
            '5' => "acdfg",
            '6' if self.six_top => "acdefg",
            '6' => "cdefg",
            '7' if self.seven_left => "abcf",
            '7' => "abc",
            '8' => "abcdefg",
            '9' if self.nine_bottom => "abcdfg",
            '9' => "abcfg",
            '+' => "hi",
            '-' => "h",
            '=' => "hj",
            '*' => "kl",
            '/' => "k",
            _ => panic!("no glyph {c:?}"),
        };
        s.to_string()
    }
}

/// The orientation class of a stick letter.
pub fn orientation(c: char) -> u8 {
    match c {
        'a' | 'd' | 'g' | 'h' | 'j' => 0,
        'b' | 'c' | 'e' | 'f' | 'i' => 1,
        'k' => 2,
        'l' => 3,
        _ => panic!("no stick {c:?}"),
    }
}

/// The letter of a library segment.
pub fn letter(segment: Segments) -> char {
    let all = [
        (Segments::TOP, 'a'),
        (Segments::UPPER_RIGHT, 'b'),
        (Segments::LOWER_RIGHT, 'c'),
        (Segments::BOTTOM, 'd'),
        (Segments::LOWER_LEFT, 'e'),
        (Segments::UPPER_LEFT, 'f'),
        (Segments::MIDDLE, 'g'),
        (Segments::BAR, 'h'),
        (Segments::STEM, 'i'),
        (Segments::SECOND_BAR, 'j'),
        (Segments::RISING, 'k'),
        (Segments::FALLING, 'l'),
    ];
    all.iter()
        .find(|(s, _)| *s == segment)
        .map(|&(_, c)| c)
        .expect("a single segment")
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// A fraction p/q with q > 0, reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frac(pub i128, pub i128);

impl Frac {
    fn new(p: i128, q: i128) -> Frac {
        let g = gcd(p, q).max(1);
        let s = if q < 0 { -1 } else { 1 };
        Frac(s * p / g, s * q / g)
    }
}

/// Evaluates a side of `+ - * /` over non-negative integers; `None` on
/// division by zero. Small numbers only (the tests keep them small).
pub fn eval_side(side: &str) -> Option<Frac> {
    // Split into terms at + and -, keeping the sign.
    let mut total = Frac(0, 1);
    let mut sign = 1;
    let mut term = String::new();
    let finish = |term: &str, sign: i128, total: &mut Frac| -> Option<()> {
        let mut value = Frac(1, 1);
        let mut op = '*';
        let mut num = String::new();
        for c in term.chars().chain(std::iter::once('$')) {
            if c.is_ascii_digit() {
                num.push(c);
                continue;
            }
            let n: i128 = num.parse().unwrap();
            num.clear();
            value = if op == '*' {
                Frac::new(value.0 * n, value.1)
            } else {
                if n == 0 {
                    return None;
                }
                Frac::new(value.0, value.1 * n)
            };
            op = c;
        }
        *total = Frac::new(
            total.0 * value.1 + sign * value.0 * total.1,
            total.1 * value.1,
        );
        Some(())
    };
    for c in side.chars() {
        if c == '+' || c == '-' {
            finish(&term, sign, &mut total)?;
            term.clear();
            sign = if c == '+' { 1 } else { -1 };
        } else {
            term.push(c);
        }
    }
    finish(&term, sign, &mut total)?;
    Some(total)
}

/// Whether the equation text (ASCII, no spaces) is true: all sides equal.
pub fn oracle_true(text: &str) -> bool {
    let values: Vec<Option<Frac>> = text.split('=').map(eval_side).collect();
    values.iter().all(|v| v.is_some()) && values.windows(2).all(|w| w[0] == w[1])
}

/// Whether the text obeys: exactly one `=` (unless `multi`), no leading zeros.
pub fn oracle_well_formed(text: &str, multi: bool) -> bool {
    let equals = text.matches('=').count();
    if equals == 0 || (equals > 1 && !multi) {
        return false;
    }
    let b: Vec<char> = text.chars().collect();
    !(0..b.len()).any(|i| {
        b[i] == '0'
            && b.get(i + 1).is_some_and(|c| c.is_ascii_digit())
            && (i == 0 || !b[i - 1].is_ascii_digit())
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Move,
    Remove,
    Add,
}

/// One candidate of the brute force: a true, well-formed equation made
/// from the input by changing glyphs in place, with the sticks taken up and
/// put down.
pub struct Candidate {
    pub text: String,
    pub removed: Vec<char>,
    pub added: Vec<char>,
}

/// Every equation obtained from `text` by changing glyphs in place (digits
/// to digits, operators to operators) that is true and well formed and takes
/// up and puts down at most `max` sticks each. Full enumeration of all glyph
/// combinations.
pub fn brute_force_all(text: &str, max: usize, style: OracleStyle) -> Vec<Candidate> {
    let chars: Vec<char> = text.chars().collect();
    // For each position, each alternative: (glyph, removed letters, added letters).
    let pools: Vec<Vec<(char, String, String)>> = chars
        .iter()
        .map(|&c| {
            let pool = if c.is_ascii_digit() {
                "0123456789"
            } else {
                "+-*/="
            };
            let here = style.sticks(c);
            pool.chars()
                .map(|g| {
                    let there = style.sticks(g);
                    let removed = here.chars().filter(|x| !there.contains(*x)).collect();
                    let added = there.chars().filter(|x| !here.contains(*x)).collect();
                    (g, removed, added)
                })
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    let mut index = vec![0usize; chars.len()];
    loop {
        let (mut r, mut a) = (0, 0);
        for (i, pool) in index.iter().zip(&pools) {
            r += pool[*i].1.len();
            a += pool[*i].2.len();
        }
        if r <= max && a <= max {
            let candidate: String = index.iter().zip(&pools).map(|(&i, p)| p[i].0).collect();
            if oracle_well_formed(&candidate, false) && oracle_true(&candidate) {
                out.push(Candidate {
                    text: candidate,
                    removed: index
                        .iter()
                        .zip(&pools)
                        .flat_map(|(&i, p)| p[i].1.chars())
                        .collect(),
                    added: index
                        .iter()
                        .zip(&pools)
                        .flat_map(|(&i, p)| p[i].2.chars())
                        .collect(),
                });
            }
        }
        let mut p = chars.len();
        loop {
            if p == 0 {
                return out;
            }
            p -= 1;
            index[p] += 1;
            if index[p] < pools[p].len() {
                break;
            }
            index[p] = 0;
        }
    }
}

/// The candidates that fit a change of `k` sticks.
pub fn select(all: &[Candidate], kind: Kind, k: usize, keep_orientation: bool) -> BTreeSet<String> {
    all.iter()
        .filter(|c| match kind {
            Kind::Move => {
                c.removed.len() == k
                    && c.added.len() == k
                    && (!keep_orientation || {
                        let mut r: Vec<u8> = c.removed.iter().map(|&x| orientation(x)).collect();
                        let mut a: Vec<u8> = c.added.iter().map(|&x| orientation(x)).collect();
                        r.sort_unstable();
                        a.sort_unstable();
                        r == a
                    })
            }
            Kind::Remove => c.removed.len() == k && c.added.is_empty(),
            Kind::Add => c.added.len() == k && c.removed.is_empty(),
        })
        .map(|c| c.text.clone())
        .collect()
}

/// Replays a fix on the input with the independent stick table: the
/// removed sticks must be there, the added ones absent, and the result must
/// be the fixed equation's sticks. Returns the stick counts (before, after).
pub fn replay(input: &str, fix: &Fix, style: OracleStyle) -> (usize, usize) {
    let output = ascii(&fix.equation().to_string());
    let input = ascii(input);
    assert_eq!(input.len(), output.len(), "glyph positions are fixed");
    let mut sticks: Vec<BTreeSet<char>> = input
        .chars()
        .map(|c| style.sticks(c).chars().collect())
        .collect();
    let before: usize = sticks.iter().map(BTreeSet::len).sum();
    for s in fix.removed() {
        assert!(
            sticks[s.position].remove(&letter(s.segment)),
            "{s} is not there"
        );
    }
    for s in fix.added() {
        assert!(
            sticks[s.position].insert(letter(s.segment)),
            "{s} is already there"
        );
    }
    for (got, want) in sticks.iter().zip(output.chars()) {
        let want: BTreeSet<char> = style.sticks(want).chars().collect();
        assert_eq!(got, &want, "replay of {fix} on {input}");
    }
    // The moves, one at a time.
    let mut sticks: Vec<BTreeSet<char>> = input
        .chars()
        .map(|c| style.sticks(c).chars().collect())
        .collect();
    let moves = fix.moves();
    for m in &moves {
        assert!(sticks[m.from.position].remove(&letter(m.from.segment)));
        assert!(sticks[m.to.position].insert(letter(m.to.segment)));
    }
    if !moves.is_empty() {
        for (got, want) in sticks.iter().zip(output.chars()) {
            let want: BTreeSet<char> = style.sticks(want).chars().collect();
            assert_eq!(got, &want, "moves of {fix} on {input}");
        }
    }
    let after: usize = output.chars().map(|c| style.sticks(c).len()).sum();
    (before, after)
}

/// The equation in the oracle's ASCII form: no spaces, `*` and `/`.
pub fn ascii(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'x' | 'X' | '×' => '*',
            '÷' => '/',
            '−' => '-',
            c => c,
        })
        .collect()
}
