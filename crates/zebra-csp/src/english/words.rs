//! The words of an English line, and the numbers written in words: the
//! reader compares words, never characters, so a value is found only as
//! whole words and a sentence's punctuation does not matter.

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;

/// One word of a line, as written and in the form words are compared in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word<'t> {
    /// As written, without the punctuation around it.
    pub(crate) text: &'t str,
    /// Lowercase, in Normalization Form C (the text itself when it is so
    /// already, as most words are).
    pub(crate) key: Cow<'t, str>,
    /// What the reader knows of it (bits of its own; 0 until it looks).
    pub(crate) class: u8,
    /// The node of the values' trie it leads to from the root (0: none;
    /// 0 until the reader looks).
    pub(crate) node: usize,
}

/// Whether `c` is punctuation a word may carry on either side: it is not
/// part of the word (`Bulls.`, `"Eric"`, `` `dog` ``, `(Kia)`).
fn edge(c: char) -> bool {
    matches!(
        c,
        '.' | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '"'
            | '\''
            | '`'
            | '('
            | ')'
            | '['
            | ']'
            | '{'
            | '}'
            | '\u{201C}'
            | '\u{201D}'
            | '\u{2018}'
            | '\u{2019}'
    )
}

/// The form in which words are compared: lowercase, Normalization Form C.
pub(crate) fn key(word: &str) -> String {
    if word.is_ascii() {
        // ASCII is in Normalization Form C already.
        word.to_ascii_lowercase()
    } else {
        word.to_lowercase().nfc().collect()
    }
}

/// The words of `text`, split at whitespace, punctuation trimmed.
pub(crate) fn words(text: &str) -> Vec<Word<'_>> {
    text.split_whitespace()
        .filter_map(|raw| {
            let text = raw.trim_matches(edge);
            (!text.is_empty()).then(|| Word {
                text,
                key: if text
                    .bytes()
                    .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
                {
                    Cow::Borrowed(text)
                } else {
                    Cow::Owned(key(text))
                },
                class: 0,
                node: 0,
            })
        })
        .collect()
}

/// The keys of `text`'s words.
pub(crate) fn keys(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .map(|w| w.key.into_owned())
        .collect()
}

/// Ordinals in words, from "first".
const ORDINALS: &[&str] = &[
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// Cardinals in words, from "zero".
const CARDINALS: &[&str] = &[
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// A number in digits (no sign), if it fits and is not absurdly long.
fn digits(key: &str) -> Option<usize> {
    if key.is_empty() || key.len() > 9 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    key.parse().ok()
}

/// The number of an ordinal key: `3rd`, `third` (from 1).
pub(crate) fn ordinal(key: &str) -> Option<usize> {
    if let Some(i) = ORDINALS.iter().position(|&w| w == key) {
        return Some(i + 1);
    }
    let split = key.len().checked_sub(2)?;
    let (number, suffix) = (key.get(..split)?, key.get(split..)?);
    let n = digits(number)?;
    (n >= 1 && suffix == ordinal_suffix(n)).then_some(n)
}

/// The number of a cardinal key: `3`, `three`, `no` (0).
pub(crate) fn cardinal(key: &str) -> Option<usize> {
    if key == "no" {
        return Some(0);
    }
    CARDINALS
        .iter()
        .position(|&w| w == key)
        .or_else(|| digits(key))
}

fn ordinal_suffix(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// `n` as an ordinal in digits: `1st`, `2nd`, `11th`.
pub(crate) fn ordinal_digits(n: usize) -> String {
    format!("{n}{}", ordinal_suffix(n))
}

/// `n` as an ordinal in words up to the twentieth, in digits past it.
pub(crate) fn ordinal_word(n: usize) -> String {
    match n.checked_sub(1).and_then(|i| ORDINALS.get(i)) {
        Some(word) => (*word).to_string(),
        None => ordinal_digits(n),
    }
}

/// `n` as a cardinal in words up to twenty (0 is "no"), in digits past it.
pub(crate) fn cardinal_word(n: usize) -> String {
    match n {
        0 => "no".to_string(),
        _ => CARDINALS
            .get(n)
            .map_or_else(|| n.to_string(), |w| (*w).to_string()),
    }
}

/// `text` with its first character in upper case (the start of a
/// sentence).
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{cardinal, cardinal_word, key, ordinal, ordinal_digits, ordinal_word, words};

    #[test]
    fn words_lose_their_punctuation_and_compare_in_lowercase() {
        let w = words("  The person who owns a `dog`, is \"Eric\".  ");
        let keys: Vec<&str> = w.iter().map(|w| &*w.key).collect();
        assert_eq!(
            keys,
            ["the", "person", "who", "owns", "a", "dog", "is", "eric"]
        );
        assert_eq!(w[7].text, "Eric");
        assert!(words(" ... , ").is_empty());
        assert_eq!(key("Caf\u{e9}"), key("CAFE\u{301}"));
    }

    #[test]
    fn ordinals_and_cardinals_read_back() {
        for n in 1..=40 {
            assert_eq!(ordinal(&ordinal_digits(n)), Some(n), "{n}");
            assert_eq!(ordinal(&ordinal_word(n)), Some(n), "{n}");
            assert_eq!(cardinal(&cardinal_word(n)), Some(n), "{n}");
        }
        assert_eq!(ordinal_digits(12), "12th");
        assert_eq!(ordinal_digits(22), "22nd");
        assert_eq!(ordinal("3th"), None);
        assert_eq!(ordinal("0th"), None);
        assert_eq!(ordinal("th"), None);
        assert_eq!(cardinal("no"), Some(0));
        assert_eq!(cardinal("99999999999999999999"), None);
    }
}
