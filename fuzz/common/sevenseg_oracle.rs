//! An independent model of matchstick equations for the sevenseg targets:
//! each glyph's sticks as a bit mask (bit i is the library's segment
//! `1 << i`: a-g the digit's seven, then bar, stem, second bar, rising,
//! falling), well-formedness and truth with `i128` fractions, and a brute
//! force over every glyph combination within a stick budget.

#![allow(dead_code)]

use std::collections::BTreeSet;

use kongming_sevenseg::{Change, Fix};

/// The style switches of the library's `Style`.
#[derive(Clone, Copy, Debug)]
pub struct Looks {
    pub six_top: bool,
    pub seven_left: bool,
    pub nine_bottom: bool,
}

const A: u16 = 1;
const B: u16 = 1 << 1;
const C: u16 = 1 << 2;
const D: u16 = 1 << 3;
const E: u16 = 1 << 4;
const F: u16 = 1 << 5;
const G: u16 = 1 << 6;
const BAR: u16 = 1 << 7;
const STEM: u16 = 1 << 8;
const SECOND: u16 = 1 << 9;
const RISING: u16 = 1 << 10;
const FALLING: u16 = 1 << 11;

pub const DIGITS: &str = "0123456789";
pub const OPERATORS: &str = "+-*/=";

impl Looks {
    pub fn sticks(self, glyph: char) -> u16 {
        match glyph {
            '0' => A | B | C | D | E | F,
            '1' => B | C,
            '2' => A | B | D | E | G,
            '3' => A | B | C | D | G,
            '4' => B | C | F | G,
            '5' => A | C | D | F | G,
            '6' if self.six_top => A | C | D | E | F | G,
            '6' => C | D | E | F | G,
            '7' if self.seven_left => A | B | C | F,
            '7' => A | B | C,
            '8' => A | B | C | D | E | F | G,
            '9' if self.nine_bottom => A | B | C | D | F | G,
            '9' => A | B | C | F | G,
            '+' => BAR | STEM,
            '-' => BAR,
            '=' => BAR | SECOND,
            '*' => RISING | FALLING,
            '/' => RISING,
            _ => panic!("no glyph {glyph:?}"),
        }
    }
}

/// Orientation classes: horizontal, vertical, rising, falling.
fn orientation(bit: u16) -> usize {
    match bit {
        A | D | G | BAR | SECOND => 0,
        B | C | E | F | STEM => 1,
        RISING => 2,
        FALLING => 3,
        _ => panic!("not one stick: {bit:#x}"),
    }
}

/// Sticks per orientation class of a mask.
pub fn orientations(mask: u16) -> [u32; 4] {
    let mut out = [0; 4];
    for i in 0..12 {
        if mask >> i & 1 == 1 {
            out[orientation(1 << i)] += 1;
        }
    }
    out
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The value of one side (`*` and `/` before `+` and `-`) as a reduced
/// fraction, `None` on a division by zero.
fn side_value(side: &[char]) -> Option<(i128, i128)> {
    let mut total = (0i128, 1i128);
    let mut term = (1i128, 1i128);
    let mut sign = 1i128;
    let mut pending = '*';
    let mut number = 0i128;
    let reduce = |(n, d): (i128, i128)| {
        let g = gcd(n, d).max(1);
        (n / g, d / g)
    };
    for &c in side.iter().chain(std::iter::once(&'$')) {
        if let Some(digit) = c.to_digit(10) {
            number = number * 10 + i128::from(digit);
            continue;
        }
        term = if pending == '*' {
            reduce((term.0 * number, term.1))
        } else {
            if number == 0 {
                return None;
            }
            reduce((term.0, term.1 * number))
        };
        number = 0;
        match c {
            '*' | '/' => pending = c,
            _ => {
                total = reduce((total.0 * term.1 + sign * term.0 * total.1, total.1 * term.1));
                sign = if c == '-' { -1 } else { 1 };
                term = (1, 1);
                pending = '*';
            }
        }
    }
    Some(total)
}

/// Whether `text` (ASCII glyphs, no spaces) is a true equation: every side
/// has a value and all are equal.
pub fn is_true(text: &[char]) -> bool {
    let values: Vec<Option<(i128, i128)>> = text.split(|&c| c == '=').map(side_value).collect();
    values.iter().all(Option::is_some) && values.windows(2).all(|w| w[0] == w[1])
}

/// The equality count and leading-zero rules.
pub fn well_formed(text: &[char], leading_zeros: bool, multiple_equals: bool) -> bool {
    let equals = text.iter().filter(|&&c| c == '=').count();
    if equals == 0 || (equals > 1 && !multiple_equals) {
        return false;
    }
    leading_zeros
        || !(0..text.len()).any(|i| {
            text[i] == '0'
                && text.get(i + 1).is_some_and(char::is_ascii_digit)
                && (i == 0 || !text[i - 1].is_ascii_digit())
        })
}

/// The rules of a search, in this model's terms.
#[derive(Clone, Copy, Debug)]
pub struct Model {
    pub looks: Looks,
    pub keep_orientation: bool,
    pub leading_zeros: bool,
    pub multiple_equals: bool,
}

impl Model {
    /// Every true, well-formed equation that `change` makes of `text`,
    /// glyph by glyph (digits stay digits, operators stay operators).
    pub fn fixes(&self, text: &[char], change: Change) -> BTreeSet<String> {
        let (take, put) = match change {
            Change::Move(k) => (k, k),
            Change::Remove(k) => (k, 0),
            Change::Add(k) => (0, k),
        };
        let mut out = BTreeSet::new();
        let mut chosen = Vec::with_capacity(text.len());
        self.extend(text, change, take, put, 0, 0, [0; 4], &mut chosen, &mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        text: &[char],
        change: Change,
        take: usize,
        put: usize,
        taken: usize,
        putted: usize,
        balance: [i32; 4],
        chosen: &mut Vec<char>,
        out: &mut BTreeSet<String>,
    ) {
        let at = chosen.len();
        if at == text.len() {
            let exact = taken == take && putted == put;
            let oriented =
                !self.keep_orientation || !matches!(change, Change::Move(_)) || balance == [0; 4];
            if exact
                && oriented
                && well_formed(chosen, self.leading_zeros, self.multiple_equals)
                && is_true(chosen)
            {
                out.insert(chosen.iter().collect());
            }
            return;
        }
        let here = self.looks.sticks(text[at]);
        let pool = if text[at].is_ascii_digit() {
            DIGITS
        } else {
            OPERATORS
        };
        for glyph in pool.chars() {
            let there = self.looks.sticks(glyph);
            let removed = here & !there;
            let added = there & !here;
            let (r, a) = (removed.count_ones() as usize, added.count_ones() as usize);
            if taken + r > take || putted + a > put {
                continue;
            }
            let mut next = balance;
            let (lost, gained) = (orientations(removed), orientations(added));
            for k in 0..4 {
                next[k] += gained[k] as i32 - lost[k] as i32;
            }
            chosen.push(glyph);
            self.extend(
                text,
                change,
                take,
                put,
                taken + r,
                putted + a,
                next,
                chosen,
                out,
            );
            chosen.pop();
        }
    }
}

/// The fix's equation in this model's alphabet.
pub fn ascii(fix: &Fix) -> String {
    fix.equation()
        .glyphs()
        .iter()
        .map(|g| match (g.as_digit(), g.as_op()) {
            (Some(d), _) => char::from(b'0' + d),
            (_, Some(op)) => match op {
                kongming_sevenseg::Op::Plus => '+',
                kongming_sevenseg::Op::Minus => '-',
                kongming_sevenseg::Op::Times => '*',
                kongming_sevenseg::Op::Divide => '/',
                kongming_sevenseg::Op::Equals => '=',
            },
            _ => panic!("a glyph neither digit nor operator"),
        })
        .collect()
}

/// Replays a fix's sticks on `text`: the removed ones were there, the
/// added ones were not, the result is the fix's equation, and the moves
/// pair removed with added sticks (of one orientation when asked).
pub fn replay(model: &Model, text: &[char], fix: &Fix, change: Change) {
    let mut sticks: Vec<u16> = text.iter().map(|&c| model.looks.sticks(c)).collect();
    for s in fix.removed() {
        let bit = s.segment.bits();
        assert!(sticks[s.position] & bit != 0, "{s} is not there");
        sticks[s.position] &= !bit;
    }
    for s in fix.added() {
        let bit = s.segment.bits();
        assert!(sticks[s.position] & bit == 0, "{s} is there already");
        sticks[s.position] |= bit;
    }
    let after: Vec<char> = ascii(fix).chars().collect();
    let expected: Vec<u16> = after.iter().map(|&c| model.looks.sticks(c)).collect();
    assert_eq!(sticks, expected, "the sticks of {fix}");
    let (take, put) = match change {
        Change::Move(k) => (k, k),
        Change::Remove(k) => (k, 0),
        Change::Add(k) => (0, k),
    };
    assert_eq!((fix.removed().len(), fix.added().len()), (take, put));
    assert_eq!(fix.change(), change);
    if let Change::Move(k) = change {
        let moves = fix.moves();
        assert_eq!(moves.len(), k);
        let from: BTreeSet<_> = moves.iter().map(|m| m.from).collect();
        let to: BTreeSet<_> = moves.iter().map(|m| m.to).collect();
        assert_eq!(from, fix.removed().iter().copied().collect());
        assert_eq!(to, fix.added().iter().copied().collect());
        if model.keep_orientation {
            for m in &moves {
                assert_eq!(
                    orientation(m.from.segment.bits()),
                    orientation(m.to.segment.bits()),
                    "{m}"
                );
            }
        }
    }
}
