//! Drawing the generator's material: names for the categories, and random
//! clues that hold in the solution.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::clue::{Clue, Term};
use crate::house::{Category, House};
use crate::solution::Solution;

const THEMES: &[(&str, [&str; 16])] = &[
    (
        "colour",
        [
            "red", "green", "white", "yellow", "blue", "black", "orange", "pink", "purple", "grey",
            "brown", "ivory", "teal", "gold", "silver", "cyan",
        ],
    ),
    (
        "nationality",
        [
            "Brit",
            "Swede",
            "Dane",
            "German",
            "Norwegian",
            "Japanese",
            "Spaniard",
            "Italian",
            "Pole",
            "Greek",
            "Irish",
            "Dutch",
            "Finn",
            "Czech",
            "Swiss",
            "Scot",
        ],
    ),
    (
        "drink",
        [
            "tea", "coffee", "milk", "beer", "water", "juice", "cocoa", "wine", "cider", "soda",
            "kefir", "lassi", "mate", "sake", "kvass", "punch",
        ],
    ),
    (
        "pet",
        [
            "dog", "cat", "bird", "fish", "horse", "zebra", "snail", "fox", "hamster", "rabbit",
            "turtle", "parrot", "ferret", "lizard", "goat", "pony",
        ],
    ),
    (
        "sport",
        [
            "chess", "tennis", "golf", "rugby", "hockey", "judo", "rowing", "cycling", "boxing",
            "skiing", "karate", "fencing", "polo", "squash", "curling", "darts",
        ],
    ),
    (
        "food",
        [
            "bread",
            "rice",
            "pasta",
            "soup",
            "salad",
            "cheese",
            "pie",
            "curry",
            "stew",
            "tacos",
            "sushi",
            "noodles",
            "beans",
            "pizza",
            "waffles",
            "dumplings",
        ],
    ),
];

/// The name of category `c` and its `n` values.
pub(crate) fn theme(c: usize, n: usize) -> (String, Vec<String>) {
    match THEMES.get(c) {
        Some((name, values)) => (
            (*name).to_string(),
            values[..n].iter().map(ToString::to_string).collect(),
        ),
        None => {
            let prefix = letters(c);
            (
                format!("category{}", c + 1),
                (1..=n).map(|v| format!("{prefix}{v}")).collect(),
            )
        }
    }
}

/// The letters that name category `c`'s values when it has no theme: `a`
/// to `z`, then `aa`, `ab`, … (as spreadsheet columns are named), so the
/// names of different categories never meet, however many there are.
fn letters(c: usize) -> String {
    let mut out = Vec::new();
    let mut rest = c + 1;
    while rest > 0 {
        rest -= 1;
        // Below 26: fits a byte.
        out.push(b'a' + (rest % 26) as u8);
        rest /= 26;
    }
    out.iter().rev().map(|&b| char::from(b)).collect()
}

/// A random clue that holds in `solution`.
pub(crate) fn random_clue(
    rng: &mut ChaCha8Rng,
    solution: &Solution,
    categories: usize,
    n: usize,
) -> Clue {
    let at = |category: usize, house: usize| {
        Term::Value(solution.value_at(Category::at(category), House::at(house)))
    };
    let cat = |rng: &mut ChaCha8Rng| rng.random_range(0..categories);
    let other_cat = |rng: &mut ChaCha8Rng, c: usize| {
        if categories == 1 {
            c
        } else {
            (c + rng.random_range(1..categories)) % categories
        }
    };
    let h1 = rng.random_range(0..n);
    let c1 = cat(rng);
    let c2 = other_cat(rng, c1);
    let a = at(c1, h1);
    let kinds = [
        3u32, // same
        2,    // not same
        1,    // at
        1,    // not at
        2,    // left of
        1,    // right of
        2,    // somewhere left of
        1,    // somewhere right of
        3,    // next to
        1,    // not next to
        1,    // distance
        2,    // between
        2,    // either-or
    ];
    let total: u32 = kinds.iter().sum();
    let mut pick = rng.random_range(0..total);
    let mut kind = 0;
    while pick >= kinds[kind] {
        pick -= kinds[kind];
        kind += 1;
    }
    let other_house = |rng: &mut ChaCha8Rng| (h1 + rng.random_range(1..n)) % n;
    match kind {
        0 => Clue::Same(a, at(c2, h1)),
        1 => Clue::NotSame(a, at(c2, other_house(rng))),
        2 => Clue::Same(a, Term::House(House::at(h1))),
        3 => Clue::NotSame(a, Term::House(House::at(other_house(rng)))),
        4 if h1 + 1 < n => Clue::LeftOf(a, at(c2, h1 + 1)),
        5 if h1 > 0 => Clue::RightOf(a, at(c2, h1 - 1)),
        6 | 7 => {
            let h2 = other_house(rng);
            if h1 < h2 {
                Clue::SomewhereLeftOf(a, at(c2, h2))
            } else {
                Clue::SomewhereRightOf(a, at(c2, h2))
            }
        }
        8 if h1 + 1 < n => Clue::NextTo(a, at(c2, h1 + 1)),
        8 => Clue::NextTo(a, at(c2, h1 - 1)),
        9 => {
            let h2 = other_house(rng);
            if h1.abs_diff(h2) == 1 {
                Clue::NotSame(a, at(c2, h2))
            } else {
                Clue::NotNextTo(a, at(c2, h2))
            }
        }
        10 => {
            let h2 = other_house(rng);
            match h1.abs_diff(h2) {
                1 => Clue::NextTo(a, at(c2, h2)),
                k => Clue::Distance(a, k, at(c2, h2)),
            }
        }
        11 if n >= 3 => {
            let mut hs: Vec<usize> = (0..n).collect();
            hs.shuffle(rng);
            let mut three = [hs[0], hs[1], hs[2]];
            three.sort_unstable();
            let (lo, mid, hi) = (three[0], three[1], three[2]);
            let c3 = cat(rng);
            let (b, c) = (at(c2, lo), at(c3, hi));
            let first = at(c1, mid);
            if rng.random_bool(0.5) {
                Clue::Between(first, b, c)
            } else {
                Clue::Between(first, c, b)
            }
        }
        12 => {
            let c3 = other_cat(rng, c1);
            let b = at(c2, h1);
            let c = at(c3, other_house(rng));
            if rng.random_bool(0.5) {
                Clue::EitherOr(a, b, c)
            } else {
                Clue::EitherOr(a, c, b)
            }
        }
        _ => Clue::NextTo(a, at(c2, if h1 + 1 < n { h1 + 1 } else { h1 - 1 })),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{letters, theme};
    use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS, Puzzle};

    #[test]
    fn unthemed_values_are_lettered_like_spreadsheet_columns() {
        let named: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
            .into_iter()
            .map(letters)
            .collect();
        assert_eq!(named, ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]);
    }

    #[test]
    fn every_name_of_the_largest_puzzle_is_distinct() {
        let themes: Vec<(String, Vec<String>)> = (0..MAX_CATEGORIES)
            .map(|c| theme(c, MAX_POSITIONS))
            .collect();
        let mut seen = HashSet::new();
        for (name, values) in &themes {
            assert_eq!(values.len(), MAX_POSITIONS);
            for n in std::iter::once(name).chain(values) {
                assert!(seen.insert(n.to_lowercase()), "{n} twice");
            }
        }
        // And they are valid names (no keyword, no number).
        let spec: Vec<(&str, &[String])> = themes
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_slice()))
            .collect();
        assert!(Puzzle::new(&spec).is_ok());
    }
}
