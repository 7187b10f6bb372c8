//! One-stick changes enumerated stick by stick: every stick that can be
//! taken up, every empty slot where one can be put down, and the glyphs
//! that result, looked up from their sets of stick letters. Cheap enough for
//! equations of any length (the full glyph enumeration is not).

use std::collections::{BTreeSet, HashMap};

use super::{Kind, OracleStyle, eval_side, oracle_well_formed, orientation};

const DIGIT_SLOTS: &str = "abcdefg";
const OP_SLOTS: &str = "hijkl";
const DIGITS: &str = "0123456789";
const OPS: &str = "+-*/=";

/// The glyph (of `pool`) drawn by each set of stick letters, as a sorted
/// string.
fn glyph_of(style: OracleStyle, pool: &str) -> HashMap<String, char> {
    let mut map = HashMap::new();
    for g in pool.chars() {
        let mut letters: Vec<char> = style.sticks(g).chars().collect();
        letters.sort_unstable();
        let key: String = letters.into_iter().collect();
        assert!(map.insert(key, g).is_none(), "two glyphs with one drawing");
    }
    map
}

/// One glyph of the equation: its stick letters and its empty slots.
struct Place {
    glyph: char,
    sticks: BTreeSet<char>,
    empty: BTreeSet<char>,
}

/// Every equation (true or not, well formed or not) that one stick makes
/// from `text` (ASCII, no spaces): `Kind::Move` takes one stick up and puts
/// it down in another slot (of the same orientation when `keep` is set),
/// `Kind::Remove` takes one up, `Kind::Add` puts one down. Digits stay
/// digits and operators stay operators: each changed glyph must be a glyph
/// of its kind.
pub fn neighbours(text: &str, kind: Kind, keep: bool, style: OracleStyle) -> BTreeSet<String> {
    let digits = glyph_of(style, DIGITS);
    let ops = glyph_of(style, OPS);
    let places: Vec<Place> = text
        .chars()
        .map(|c| {
            let slots = if c.is_ascii_digit() {
                DIGIT_SLOTS
            } else {
                OP_SLOTS
            };
            let sticks: BTreeSet<char> = style.sticks(c).chars().collect();
            let empty = slots.chars().filter(|s| !sticks.contains(s)).collect();
            Place {
                glyph: c,
                sticks,
                empty,
            }
        })
        .collect();
    let lookup = |place: &Place, sticks: &BTreeSet<char>| -> Option<char> {
        let key: String = sticks.iter().collect();
        let pool = if place.glyph.is_ascii_digit() {
            &digits
        } else {
            &ops
        };
        pool.get(&key).copied()
    };
    let with = |changes: &[(usize, char)]| -> String {
        let mut out: Vec<char> = places.iter().map(|p| p.glyph).collect();
        for &(i, g) in changes {
            out[i] = g;
        }
        out.into_iter().collect()
    };
    // Each single stick taken up or put down that leaves a glyph: (place,
    // stick, new glyph).
    let mut taken = Vec::new();
    let mut put = Vec::new();
    for (i, place) in places.iter().enumerate() {
        for &s in &place.sticks {
            let mut less = place.sticks.clone();
            less.remove(&s);
            if let Some(g) = lookup(place, &less) {
                taken.push((i, s, g));
            }
        }
        for &s in &place.empty {
            let mut more = place.sticks.clone();
            more.insert(s);
            if let Some(g) = lookup(place, &more) {
                put.push((i, s, g));
            }
        }
    }
    let mut out = BTreeSet::new();
    match kind {
        Kind::Remove => out.extend(taken.iter().map(|&(i, _, g)| with(&[(i, g)]))),
        Kind::Add => out.extend(put.iter().map(|&(i, _, g)| with(&[(i, g)]))),
        Kind::Move => {
            let fits = |from: char, to: char| !keep || orientation(from) == orientation(to);
            // Between two glyphs: each leaves a glyph.
            for &(i, from, gi) in &taken {
                for &(j, to, gj) in &put {
                    if i != j && fits(from, to) {
                        out.insert(with(&[(i, gi), (j, gj)]));
                    }
                }
            }
            // Inside one glyph: only the glyph at the end counts.
            for (i, place) in places.iter().enumerate() {
                for &from in &place.sticks {
                    for &to in &place.empty {
                        let mut moved = place.sticks.clone();
                        moved.remove(&from);
                        moved.insert(to);
                        if fits(from, to)
                            && let Some(g) = lookup(place, &moved)
                        {
                            out.insert(with(&[(i, g)]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The true, well-formed equations among [`neighbours`] (several `=`
/// allowed when `multi` is set). Each side is evaluated once, in big
/// integers.
pub fn fixes(
    text: &str,
    kind: Kind,
    keep: bool,
    style: OracleStyle,
    multi: bool,
) -> BTreeSet<String> {
    let mut sides = HashMap::new();
    let mut true_here = |candidate: &str| {
        let values: Vec<_> = candidate
            .split('=')
            .map(|side| {
                sides
                    .entry(side.to_string())
                    .or_insert_with(|| eval_side(side))
                    .clone()
            })
            .collect();
        values.iter().all(Option::is_some)
            && values
                .windows(2)
                .all(|w| w[0].as_ref().unwrap().same(w[1].as_ref().unwrap()))
    };
    neighbours(text, kind, keep, style)
        .into_iter()
        .filter(|c| c != text && oracle_well_formed(c, multi) && true_here(c))
        .collect()
}
