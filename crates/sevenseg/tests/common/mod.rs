//! An independent model of matchstick equations for the tests: glyphs as
//! strings of stick letters, a brute-force enumeration of every glyph
//! combination, a stick-by-stick enumeration of one-stick changes
//! ([`one_stick`]), and a fraction evaluator of its own in big integers.

#![allow(dead_code)]

pub mod one_stick;

use std::collections::BTreeSet;

use kongming_sevenseg::{Fix, Segments};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

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

/// A fraction `num / den` of big integers with `den > 0`, not reduced:
/// compare with [`Frac::same`].
#[derive(Clone, Debug)]
pub struct Frac {
    pub num: BigInt,
    pub den: BigInt,
}

impl Frac {
    fn whole(n: BigInt) -> Frac {
        Frac {
            num: n,
            den: BigInt::one(),
        }
    }

    /// Whether the two fractions are the same number (cross products).
    pub fn same(&self, other: &Frac) -> bool {
        &self.num * &other.den == &other.num * &self.den
    }

    /// The fraction in lowest terms, written `n` or `n/d` (as the
    /// library's values print).
    pub fn shown(&self) -> String {
        let r = self.reduced();
        if r.den.is_one() {
            r.num.to_string()
        } else {
            format!("{}/{}", r.num, r.den)
        }
    }

    /// The fraction in lowest terms, by Euclid's algorithm.
    pub fn reduced(&self) -> Frac {
        let (mut a, mut b) = (self.num.abs(), self.den.clone());
        while !b.is_zero() {
            let r = &a % &b;
            a = b;
            b = r;
        }
        Frac {
            num: &self.num / &a,
            den: &self.den / &a,
        }
    }
}

/// Evaluates a side of `+ - * /` over non-negative integers of any
/// length, in big integers; `None` on division by zero.
pub fn eval_side(side: &str) -> Option<Frac> {
    let mut total = Frac::whole(BigInt::zero());
    // Terms at `+` and `-`, each with its sign; factors at `*` and `/`.
    let mut rest = side;
    let mut sign = 1;
    loop {
        let end = rest.find(['+', '-']).unwrap_or(rest.len());
        let mut value = Frac::whole(BigInt::one());
        let mut op = '*';
        let term = &rest[..end];
        let mut factors = term;
        loop {
            let cut = factors.find(['*', '/']).unwrap_or(factors.len());
            let n = BigInt::parse_bytes(&factors.as_bytes()[..cut], 10).expect("a number");
            if op == '*' {
                value.num *= n;
            } else {
                if n.is_zero() {
                    return None;
                }
                value.den *= n;
            }
            if cut == factors.len() {
                break;
            }
            op = factors[cut..].chars().next().unwrap();
            factors = &factors[cut + 1..];
        }
        let signed = if sign < 0 { -value.num } else { value.num };
        total = Frac {
            num: &total.num * &value.den + signed * &total.den,
            den: &total.den * &value.den,
        };
        if end == rest.len() {
            return Some(total);
        }
        sign = if rest[end..].starts_with('-') { -1 } else { 1 };
        rest = &rest[end + 1..];
    }
}

/// Whether the equation text (ASCII, no spaces) is true: all sides equal,
/// none dividing by zero.
pub fn oracle_true(text: &str) -> bool {
    let values: Option<Vec<Frac>> = text.split('=').map(eval_side).collect();
    values.is_some_and(|v| v.windows(2).all(|w| w[0].same(&w[1])))
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

/// Short random equations of every operator: up to four numbers of one
/// or two digits (not all of them well formed: callers skip those that
/// do not parse).
pub fn short_equation() -> impl Strategy<Value = String> {
    let number = "[0-9]{1,2}";
    let op = prop::sample::select(vec!["+", "-", "*", "/"]);
    (number, prop::collection::vec((op, number), 0..3), number).prop_map(|(first, rest, right)| {
        let mut text = first;
        for (op, n) in rest {
            text.push_str(op);
            text.push_str(&n);
        }
        format!("{text}={right}")
    })
}
