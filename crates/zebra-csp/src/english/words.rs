//! The words of an English line, and the numbers written in words: the
//! reader compares words, never characters, so a value is found only as
//! whole words and a sentence's punctuation does not matter.
//!
//! A word is what whitespace separates, without the punctuation around it,
//! and split further where English joins words: at hyphens and slashes
//! ("ranch-style" is "ranch" and "style", "F-150" is "F" and "150"), before
//! a possessive "'s" ("mother's" is "mother" and "'s"), and before a
//! negation "n't" ("doesn't" is "does" and "not"). Each piece remembers
//! whether it was glued to the one before, so the words of a value can be
//! compared with or without such joins ([`fold`]).

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// One word of a line, as written and in the form words are compared in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word<'t> {
    /// As written, without the punctuation around it.
    pub(crate) text: &'t str,
    /// Lowercase, in Normalization Form C (the text itself when it is so
    /// already, as most words are); "not" for a written "n't".
    pub(crate) key: Cow<'t, str>,
    /// Whether it was written joined to the word before (after a hyphen,
    /// a slash or as "'s" or "n't").
    pub(crate) glued: bool,
    /// Whether a full stop, "!", "?" or ";" followed it: the end of a
    /// sentence, unless the word is an abbreviation.
    pub(crate) stop: bool,
    /// Whether any punctuation followed it ("Ann," in "Ann, Bob and Cid"):
    /// words written apart are no compound.
    pub(crate) pause: bool,
    /// Its letters and digits ([`fold`]): the key itself when it has
    /// nothing else, as most words.
    pub(crate) folded: Cow<'t, str>,
}

/// `key` folded, borrowed when it is plain lowercase ASCII letters and
/// digits.
fn folded<'t>(key: &Cow<'t, str>) -> Cow<'t, str> {
    if key
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        key.clone()
    } else {
        Cow::Owned(fold(key))
    }
}

/// Whether `c` is punctuation a word may carry on either side: it is not
/// part of the word (`Bulls.`, `"Eric"`, `` `dog` ``, `(Kia)`, `**Bob**`).
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
            | '*'
            | '#'
            | '<'
            | '>'
            | '\u{201C}'
            | '\u{201D}'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{AB}'
            | '\u{BB}'
            | '\u{2026}'
    )
}

/// Whether `c` joins two words into one written word: a hyphen, a dash or
/// a slash.
fn joiner(c: char) -> bool {
    matches!(
        c,
        '-' | '/' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}'
    )
}

/// Whether `c` is a mark that no word holds inside it (quotes, brackets,
/// commas and the like; not an apostrophe or a full stop).
fn inner_mark(c: char) -> bool {
    matches!(
        c,
        '"' | '`' | '(' | ')' | '[' | ']' | ',' | ';' | '!' | '?' | '\u{201C}' | '\u{201D}'
    )
}

/// Whether `c` is an apostrophe.
fn apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{2018}' | '\u{2BC}')
}

/// The form in which words are compared: lowercase, Normalization Form C,
/// apostrophes written `'`.
pub(crate) fn key(word: &str) -> String {
    if word.is_ascii() {
        // ASCII is in Normalization Form C already.
        word.to_ascii_lowercase()
    } else {
        word.to_lowercase()
            .nfc()
            .map(|c| if apostrophe(c) { '\'' } else { c })
            .collect()
    }
}

/// The letters and digits of `text`, lowercase, without accents: the form
/// in which values are compared, so that "F-150" is "f150" as "ford f150"
/// has it and "Café" is "cafe".
pub(crate) fn fold(text: &str) -> String {
    if text.is_ascii() {
        return text
            .bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
    }
    text.nfd()
        .filter(|&c| !is_combining_mark(c))
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A word whose key is its text when the text is plain lowercase ASCII.
fn word(text: &str, glued: bool) -> Word<'_> {
    let plain = text
        .bytes()
        .all(|b| b.is_ascii() && !b.is_ascii_uppercase());
    let key = if plain {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(key(text))
    };
    Word {
        text,
        folded: folded(&key),
        key,
        glued,
        stop: false,
        pause: false,
    }
}

/// Splits one piece between joiners at its apostrophes: "mother's" into
/// "mother" and "'s", "doesn't" into "does" and "not".
fn split_apostrophes<'t>(piece: &'t str, glued: bool, out: &mut Vec<Word<'t>>) {
    if !piece.contains(apostrophe) {
        out.push(word(piece, glued));
        return;
    }
    let lower = key(piece);
    // "n't": the stem, then "not" ("can't" and "won't" keep a stem of
    // their own).
    if lower.len() > 3 && lower.ends_with("n't") {
        let cut = piece.char_indices().rev().nth(2).map_or(0, |(i, _)| i);
        let (stem, negation) = piece.split_at(cut);
        let mut first = word(stem, glued);
        let full = match &*first.key {
            "ca" => Some("can"),
            "wo" => Some("will"),
            "sha" => Some("shall"),
            _ => None,
        };
        if let Some(full) = full {
            // "won't" is no mention of a value "Will".
            first.key = Cow::Borrowed(full);
            first.folded = Cow::Borrowed("");
        }
        out.push(first);
        out.push(Word {
            text: negation,
            key: Cow::Borrowed("not"),
            glued: true,
            stop: false,
            pause: false,
            folded: Cow::Borrowed("not"),
        });
        return;
    }
    if lower.len() > 2 && lower.ends_with("'s") {
        let cut = piece.char_indices().rev().nth(1).map_or(0, |(i, _)| i);
        let (stem, possessive) = piece.split_at(cut);
        out.push(word(stem, glued));
        out.push(Word {
            text: possessive,
            key: Cow::Borrowed("'s"),
            glued: true,
            stop: false,
            pause: false,
            folded: Cow::Borrowed("s"),
        });
        return;
    }
    out.push(word(piece, glued));
}

/// The words of `text`: split at whitespace, punctuation trimmed, written
/// words split at hyphens, slashes, "'s" and "n't".
pub(crate) fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::with_capacity(text.len() / 4 + 1);
    for raw in text.split_whitespace() {
        // Most words are plain lowercase letters: nothing to trim or split.
        if raw.bytes().all(|b| b.is_ascii_lowercase()) {
            out.push(Word {
                text: raw,
                key: Cow::Borrowed(raw),
                glued: false,
                stop: false,
                pause: false,
                folded: Cow::Borrowed(raw),
            });
            continue;
        }
        let trimmed = raw.trim_matches(edge);
        let before = out.len();
        let mut glued = false;
        // A mark inside a word splits it too ("not\"in" is "not" and "in"):
        // a negation glued to another word by a stray quote is still read.
        for piece in trimmed.split(|c| joiner(c) || inner_mark(c)) {
            let piece = piece.trim_matches(edge);
            if piece.is_empty() {
                continue;
            }
            split_apostrophes(piece, glued, &mut out);
            glued = true;
        }
        let closing = |c: char| {
            matches!(
                c,
                '"' | '\'' | ')' | ']' | '`' | '*' | '\u{201D}' | '\u{2019}'
            )
        };
        if out.len() > before
            && let Some(last) = out.last_mut()
        {
            let end = raw.trim_end_matches(closing);
            last.stop = end.ends_with(['.', '!', '?', ';']);
            last.pause = end.len() < raw.len() || end.ends_with(|c: char| c.is_ascii_punctuation());
        }
    }
    out
}

/// The keys of `text`'s words.
pub(crate) fn keys(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .map(|w| w.key.into_owned())
        .collect()
}

/// Ordinals in words, from "first".
pub(crate) const ORDINALS: &[&str] = &[
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
pub(crate) const CARDINALS: &[&str] = &[
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
pub(crate) fn digits(key: &str) -> Option<usize> {
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

/// The number of a cardinal key: `3`, `three` (not "no": whether "no" is
/// a count depends on the words after it).
pub(crate) fn cardinal(key: &str) -> Option<usize> {
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

/// Words as written, joined as they were: a space between words, a hyphen
/// before a glued one (nothing before a glued "'s" or "n't").
pub(crate) fn joined(words: &[Word<'_>]) -> String {
    let mut out = String::with_capacity(words.iter().map(|w| w.text.len() + 1).sum());
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            if !w.glued {
                out.push(' ');
            } else if !w.text.chars().any(apostrophe) {
                out.push('-');
            }
        }
        out.push_str(w.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{
        cardinal, cardinal_word, fold, joined, key, ordinal, ordinal_digits, ordinal_word, words,
    };

    fn keys_of(text: &str) -> Vec<String> {
        words(text)
            .into_iter()
            .map(|w| w.key.into_owned())
            .collect()
    }

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
        assert_eq!(keys_of("**Bob** (#3)"), ["bob", "3"]);
    }

    #[test]
    fn written_words_split_where_english_joins_them() {
        assert_eq!(
            keys_of("a ranch-style home, a Ford F-150"),
            ["a", "ranch", "style", "home", "a", "ford", "f", "150"]
        );
        assert_eq!(
            keys_of("The person whose mother's name is Aniya"),
            [
                "the", "person", "whose", "mother", "'s", "name", "is", "aniya"
            ]
        );
        assert_eq!(
            keys_of("Eric doesn't live here; Bob isn't, Cid can't, Dan won\u{2019}t."),
            [
                "eric", "does", "not", "live", "here", "bob", "is", "not", "cid", "can", "not",
                "dan", "will", "not"
            ]
        );
        let w = words("mother's F-150");
        assert_eq!(
            w.iter().map(|w| w.glued).collect::<Vec<_>>(),
            [false, true, false, true]
        );
        assert_eq!(joined(&w), "mother's F-150");
        assert_eq!(joined(&words("isn't a hip-hop fan")), "isn't a hip-hop fan");
    }

    #[test]
    fn folding_keeps_letters_and_digits_only() {
        assert_eq!(fold("Ford F-150"), "fordf150");
        assert_eq!(fold("Caf\u{e9}"), "cafe");
        assert_eq!(fold("O'Brien"), "obrien");
        assert_eq!(fold("--"), "");
    }

    #[test]
    fn ordinals_and_cardinals_read_back() {
        for n in 1..=40 {
            assert_eq!(ordinal(&ordinal_digits(n)), Some(n), "{n}");
            assert_eq!(ordinal(&ordinal_word(n)), Some(n), "{n}");
            if n > 0 {
                assert_eq!(cardinal(&cardinal_word(n)), Some(n), "{n}");
            }
        }
        assert_eq!(ordinal_digits(12), "12th");
        assert_eq!(ordinal_digits(22), "22nd");
        assert_eq!(ordinal("3th"), None);
        assert_eq!(ordinal("0th"), None);
        assert_eq!(ordinal("th"), None);
        assert_eq!(cardinal("no"), None);
        assert_eq!(cardinal("99999999999999999999"), None);
    }
}
