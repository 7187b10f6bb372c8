//! The category lines of an English puzzle (a description, then its
//! values), and the names the puzzle gives what the English calls in
//! several words. The opening sentences before them are read by
//! [`intro`](super::intro).

mod predicates;

use std::collections::HashSet;

use predicates::{NotValues, values_of_phrases};

use super::error::ReadErrorKind;
use super::words::{Word, keys, words};
use crate::names;
use crate::puzzle::{KEYWORDS, MAX_NAME_LEN, PuzzleError};

/// A category line as written: `Everyone supports a different NBA team:
/// Bulls, Suns` or ``- Each person has a unique name: `Eric`, `Arnold` ``.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CategoryLine {
    /// The words before the noun ("Everyone supports a different").
    pub(crate) lead: String,
    /// The verb of the lead ("supports"; empty when there is none).
    pub(crate) verb: String,
    /// The noun ("NBA team").
    pub(crate) noun: String,
    /// The values, as written.
    pub(crate) values: Vec<String>,
    /// Whether the values are the objects of phrases ("one likes milk"):
    /// their verbs, which told them apart, are not kept.
    pub(crate) phrased: bool,
}

/// The subjects a category line may start with.
const SUBJECTS: &[&[&str]] = &[
    &["everyone"],
    &["everybody"],
    &["each", "person"],
    &["every", "person"],
    &["each", "one"],
    &["they", "all"],
    &["they"],
    &["the", "people"],
    &["all", "people"],
    &["people"],
    &["each", "house"],
    &["each"],
];

/// Words after which the noun starts ("a different", "a unique").
const MARKERS: &[&str] = &["different", "unique", "distinct", "separate"];

/// Determiners after which the noun starts when no marker does.
const ARTICLES: &[&str] = &["a", "an", "their", "his", "her", "its"];

/// Verbs that end a description whose noun comes first ("Their names
/// are").
const COPULAS: &[&str] = &["are", "is", "were", "was", "include", "includes"];

/// Words that may stand before a noun without being part of it.
const LEADING: &[&str] = &[
    "for", "of", "in", "to", "with", "the", "their", "his", "her", "its",
];

/// The lead, verb and noun of a category's description (its words).
fn split_description(words: &[Word<'_>]) -> Option<(String, String, String)> {
    if words.is_empty() {
        return None;
    }
    let key = |i: usize| &*words[i].key;
    let subject = SUBJECTS
        .iter()
        .filter(|s| s.len() < words.len() && words.iter().zip(s.iter()).all(|(w, s)| w.key == *s))
        .map(|s| s.len())
        .max()
        .unwrap_or(0);
    // "The mothers' names in different houses are unique": the noun is
    // the subject, without its place.
    let last = words.len() - 1;
    if words.len() > 2 && MARKERS.contains(&key(last)) && COPULAS.contains(&key(last - 1)) {
        let mut start = 0;
        while start + 3 < words.len() && LEADING.contains(&key(start)) {
            start += 1;
        }
        let end = (start + 1..last - 1)
            .find(|&i| key(i) == "in")
            .unwrap_or(last - 1);
        let joined = super::words::joined;
        return Some((
            joined(&words[..start]),
            String::new(),
            joined(&words[start..end]),
        ));
    }
    let marker = (subject..words.len())
        .rev()
        .find(|&i| MARKERS.contains(&key(i)) && i + 1 < words.len());
    let (mut noun, verb_end) = if let Some(m) = marker {
        let verb_end = if m > subject && ARTICLES.contains(&key(m - 1)) {
            m - 1
        } else {
            m
        };
        (m + 1, verb_end)
    } else if words.len() > 1 && COPULAS.contains(&key(words.len() - 1)) {
        // "Their names are": the noun is the subject.
        let mut start = 0;
        while start + 2 < words.len() && LEADING.contains(&key(start)) {
            start += 1;
        }
        let noun = super::words::joined(&words[start..words.len() - 1]);
        let lead = super::words::joined(&words[..start]);
        return Some((lead, String::new(), noun));
    } else if let Some(a) = (subject..words.len())
        .rev()
        .find(|&i| ARTICLES.contains(&key(i)) && i + 1 < words.len())
    {
        (a + 1, a)
    } else if subject == 0 && words.len() <= 3 {
        // "Pets", "Favourite drinks": a noun alone.
        (0, 0)
    } else {
        // A verb and its prepositions: "are of nationalities".
        let mut end = (subject + 1).min(words.len());
        while end < words.len() && matches!(key(end), "of" | "in" | "from" | "to" | "with" | "for")
        {
            end += 1;
        }
        (end, end)
    };
    while noun + 1 < words.len() && LEADING.contains(&key(noun)) {
        noun += 1;
    }
    if noun >= words.len() || words[noun..].iter().all(|w| MARKERS.contains(&&*w.key)) {
        return None;
    }
    let joined = super::words::joined;
    Some((
        joined(&words[..noun]),
        joined(&words[subject.min(verb_end)..verb_end.max(subject)]),
        joined(&words[noun..]),
    ))
}

/// The most words a value has ("Polo Ralph Lauren", "Green Bay
/// Packers"): a list of longer ones is no list of values.
const MAX_VALUE_WORDS: usize = 5;

/// Words that may open the first value of a plain list ("… gets to work
/// differently, by bus, bike or tram") without being part of it.
const LIST_OPENERS: &[&str] = &["by", "with", "from", "in", "like", "namely", "either"];

/// A category written as a sentence and a plain list of exactly
/// `positions` values after its last words ("Each gets to work
/// differently, by bus, bike, scooter, train or tram."), when the count
/// is known: the description and the values.
fn plain_list(body: &str, positions: Option<usize>) -> Option<(&str, Vec<String>)> {
    let n = positions?;
    let text = body.trim().trim_end_matches('.');
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() < n {
        return None;
    }
    // The description, then n - 1 parts, the last holding two values
    // ("train or tram"), or n parts.
    for take in [n - 1, n] {
        if take == 0 || parts.len() <= take {
            continue;
        }
        let description = parts[..parts.len() - take].join(",");
        let list = parts[parts.len() - take..].join(",");
        let list = list.trim();
        let first = list.split_whitespace().next().unwrap_or("");
        let list = if LIST_OPENERS.contains(&first.to_ascii_lowercase().as_str()) {
            list[first.len()..].trim_start()
        } else {
            list
        };
        if let Some(values) = split_values(list, Some(n))
            && values.len() == n
            && values.iter().all(|v| words(v).len() <= 3)
            && !description.trim().is_empty()
        {
            let at = body.find(description.trim()).unwrap_or(0) + description.trim().len();
            return Some((&body[..at], values));
        }
    }
    None
}

/// The longest description before a category line's values, in bytes.
const MAX_HEADER_LEN: usize = 256;

/// Quotes around a value, in any order, are not part of it, nor is a mark
/// that ends a sentence after it ("`Eric!`": written in a clue, "Eric!"
/// would end it).
fn unquoted(raw: &str) -> &str {
    raw.trim_matches(|c: char| {
        matches!(
            c,
            '`' | '"' | '\'' | '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}'
        ) || c.is_whitespace()
    })
    .trim_end_matches(['!', '?'])
    .trim_end()
}

/// The parts of a list between its commas and semicolons, where a comma
/// between a digit and three more (a thousands' comma: "8,500, 9,000")
/// parts nothing.
fn split_list(list: &str) -> Vec<&str> {
    let bytes = list.as_bytes();
    let thousands = |at: usize| {
        at > 0
            && bytes[at - 1].is_ascii_digit()
            && bytes.len() >= at + 4
            && bytes[at + 1..at + 4].iter().all(u8::is_ascii_digit)
            && bytes.get(at + 4).is_none_or(|b| !b.is_ascii_digit())
    };
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, &b) in bytes.iter().enumerate() {
        if (b == b';' || b == b',') && !(b == b',' && thousands(at)) {
            parts.push(&list[start..at]);
            start = at + 1;
        }
    }
    parts.push(&list[start..]);
    parts
}

/// The values of a list ("a, b, and c", "`a`, `b`", "a or b"), as written:
/// `None` when the list is not one (fewer than two values, or not
/// `positions` of them when the count is known and the list is written
/// without a colon).
fn split_values(list: &str, positions: Option<usize>) -> Option<Vec<String>> {
    let list = list.trim();
    let list = list.strip_suffix('.').unwrap_or(list).trim();
    // A conjunction before the last value ("…, and `red`") is outside its
    // quotes: one inside them (`& Co`) is the value's own.
    let strip_conjunction = |p: &str| -> String {
        let p = p.trim();
        for lead in ["and ", "or ", "& "] {
            if let Some(rest) = p.strip_prefix(lead) {
                return unquoted(rest).to_string();
            }
        }
        unquoted(p).to_string()
    };
    let raw: Vec<&str> = split_list(list)
        .into_iter()
        .filter(|p| !unquoted(p).is_empty())
        .collect();
    let mut parts: Vec<String> = raw.iter().map(|p| unquoted(p).to_string()).collect();
    // "…, and red, one of each": a remark after the list.
    // ("in any order", "in that order"; not a value "the $5.75 order").
    let remark = |part: &str| {
        let k = keys(part);
        k.iter()
            .any(|w| matches!(w.as_str(), "each" | "respectively" | "all"))
            || k.windows(2).any(|w| {
                w[1] == "order"
                    && matches!(
                        w[0].as_str(),
                        "any" | "that" | "this" | "no" | "in" | "particular"
                    )
            })
    };
    if let Some(last) = parts.last()
        && parts.len() > 2
        && remark(last)
    {
        parts.pop();
    }
    let last_written = parts.len().checked_sub(1).and_then(|at| raw.get(at));
    if let (Some(written), Some(last)) = (last_written, parts.last_mut()) {
        *last = strip_conjunction(written);
    }
    // "a, b and c" (one comma short), or "a and b": the last part holds
    // two values.
    let short = match positions {
        Some(n) => parts.len() + 1 == n,
        // Unknown: "a, b and c" unless an earlier value has an "and" of
        // its own ("Dolce and Gabbana, Tumi").
        None => parts[..parts.len().saturating_sub(1)]
            .iter()
            .all(|p| !p.contains(" and ")),
    };
    if short && let Some(last) = parts.last().cloned() {
        for joiner in [" and ", " or ", " & "] {
            if let Some(at) = last.rfind(joiner) {
                let (a, b) = (&last[..at], &last[at + joiner.len()..]);
                parts.pop();
                parts.push(unquoted(a).to_string());
                parts.push(unquoted(b).to_string());
                break;
            }
        }
    }
    for p in &mut parts {
        let trimmed = unquoted(p.trim_end_matches('.')).to_string();
        *p = trimmed;
    }
    (parts.len() >= 2).then_some(parts)
}

/// Reads a category line: `None` when `line` is not one. `positions` is
/// the number of places when the opening said it: a list written without
/// a colon ("Their names are Ann, Bob and Cid.") must have that many
/// values. A value is at most [`MAX_NAME_LEN`] bytes long, the description
/// before the values at most 256.
pub(crate) fn read_category(
    line: &str,
    positions: Option<usize>,
) -> Option<Result<CategoryLine, ReadErrorKind>> {
    let trimmed = line.trim();
    // Bullets, however many ("- +Everyone has …"), and emphasis around
    // the whole line ("**Names: Ann, Bob**"); a value's own "*" stays
    // ("Ducat*").
    let bulleted = trimmed.trim_start_matches(|c: char| {
        matches!(c, '-' | '*' | '+' | '\u{2022}' | '\u{2013}' | '#') || c.is_whitespace()
    });
    let emphasised = ["**", "__", "*", "_"]
        .iter()
        .any(|mark| trimmed.starts_with(mark) && !trimmed[mark.len()..].starts_with(' '));
    let body = if emphasised {
        bulleted.trim_end_matches(['*', '_'])
    } else {
        bulleted
    }
    .trim_start_matches(['*', '_']);
    let bad = || ReadErrorKind::BadCategory {
        text: trimmed.to_string(),
    };
    // The description ends at a colon or a spaced dash ("Pets - cat,
    // dog"), whichever comes first.
    let separator = [":", " - ", " -- ", " \u{2013} ", " \u{2014} "]
        .iter()
        .filter_map(|sep| body.find(sep).map(|at| (at, sep.len())))
        .min();
    let (left, values) = if let Some((at, len)) = separator {
        let (left, right) = (&body[..at], &body[at + len..]);
        let right = right.trim_start_matches(['*', '_']);
        let right = right.trim();
        if right.is_empty() {
            return None;
        }
        let Some(values) = split_values(right, positions) else {
            // One value after a colon: a line of another kind, unless
            // there is nothing else it could be.
            return words(right).is_empty().then(|| Err(bad()));
        };
        (left, values)
    } else if let (Some(open), true) = (body.find('('), body.trim_end_matches('.').ends_with(')')) {
        let inner = body.trim_end_matches('.');
        let inner = &inner[open + 1..inner.len() - 1];
        let values = split_values(inner, positions)?;
        (&body[..open], values)
    } else if let Some(found) = plain_list(body, positions) {
        found
    } else {
        // "Their names are Ann, Bob and Cid.": a list after the last
        // copula, with as many values as places.
        let n = positions?;
        let lower = body.to_ascii_lowercase();
        // A list of values is of a plural: "Their names are …", not
        // "House 1 is the leftmost and house 2 the rightmost".
        // Where the list starts, and where the copula ends ("The
        // students are called …": the description is "The students are").
        let (at, len, copula) = ["are", "were", "include"]
            .iter()
            .flat_map(|c| {
                [
                    (format!(" {c} "), c.len()),
                    (format!(" {c} called "), c.len()),
                    (format!(" {c} named "), c.len()),
                ]
            })
            .filter_map(|(needle, c)| lower.rfind(&needle).map(|i| (i, needle.len(), c)))
            .max()?;
        let values = split_values(&body[at + len..], Some(n))?;
        if values.len() != n {
            return None;
        }
        // The subject is a noun ("Their names"), not a clause ("Each
        // person has a … are") or a broken one ("thes, Sun)s the street
        // are").
        if body[..at].contains([',', ';', '(', ')'])
            || words(&body[..at])
                .iter()
                .any(|w| matches!(&*w.key, "has" | "have" | "is" | "was" | "are" | "were"))
        {
            return None;
        }
        (&body[..at + 1 + copula], values)
    };
    // "one likes milk, one is a tea drinker": the values are the objects.
    let (values, phrased) = match values_of_phrases(&values) {
        None => (values, false),
        Some(Ok(objects)) => (objects, true),
        Some(Err(NotValues)) => return Some(Err(bad())),
    };
    // Values are names, not sentences ("Careful: they are numbered right
    // to left, with house 1 on the far right").
    if values.iter().any(|v| words(v).len() > MAX_VALUE_WORDS) {
        return None;
    }
    for value in &values {
        if words(value).is_empty() || value.len() > MAX_NAME_LEN {
            return Some(Err(bad()));
        }
        // A word of no letter or digit ("$ dog") is found in no clue: the
        // clues would read the rest of the value and stop at it ("&" is
        // read as "and").
        if words(value)
            .iter()
            .any(|w| w.text != "&" && !w.text.chars().any(char::is_alphanumeric))
        {
            return Some(Err(bad()));
        }
        // A value that is a word every clue may use ("at", "not") could
        // not be told from it.
        if matches!(
            words(value).as_slice(),
            [w] if matches!(
                &*w.key,
                "at" | "in" | "on" | "of" | "to" | "by" | "the" | "a" | "an" | "is" | "are" | "not" | "no"
            )
        ) {
            return Some(Err(bad()));
        }
    }
    if left.trim().len() > MAX_HEADER_LEN {
        return Some(Err(bad()));
    }
    // A remark in brackets is no part of the description ("Favourite
    // sports (one each)").
    let left = match (left.find('('), left.rfind(')')) {
        (Some(open), Some(close)) if open < close => {
            std::borrow::Cow::Owned(format!("{} {}", &left[..open], &left[close + 1..]))
        }
        _ => std::borrow::Cow::Borrowed(left),
    };
    let left_words: Vec<Word<'_>> = words(&left)
        .into_iter()
        .filter(|w| w.text.chars().any(char::is_alphanumeric))
        .collect();
    // "They are numbered 1, 3 and 5": the row's numbers, not a category.
    if words(body)
        .iter()
        .any(|w| matches!(&*w.key, "numbered" | "numbering" | "labelled" | "labeled"))
    {
        return None;
    }
    let Some((lead, verb, noun)) = split_description(&left_words) else {
        return Some(Err(bad()));
    };
    // A noun that opens with an apostrophe (a possessive cut from the word
    // before it, "ha's …") would lose it once written after a space: it is
    // read without it, so it reads the same either way.
    let noun = match noun.strip_prefix(['\'', '\u{2019}']) {
        Some(rest) if !rest.trim().is_empty() => rest.trim_start().to_string(),
        _ => noun,
    };
    // A noun holds no verb of being or having, no "each", no number and
    // no punctuation between its words: "whose NOUN is V" would not read,
    // or not as the same noun ("whose type 1 is dog": a place).
    if noun.trim().is_empty()
        || words(&noun).iter().any(|w| {
            matches!(
                &*w.key,
                "is" | "are" | "was" | "were" | "has" | "have" | "each"
            ) || w.key.chars().all(|c| c.is_ascii_digit())
        })
        || noun.contains([',', ';', '(', ')'])
    {
        return Some(Err(bad()));
    }
    Some(Ok(CategoryLine {
        lead,
        verb,
        noun,
        values,
        phrased,
    }))
}

/// Cuts `text` to at most `len` bytes, at a character boundary.
fn truncate(text: &mut String, len: usize) {
    if text.len() > len {
        let mut cut = len;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
}

/// A name for the puzzle (one word, valid, not yet `taken`) made from
/// English words: spaces become `_`, characters names may not hold are
/// dropped, a number or keyword gets a `_` after it, a taken name (as
/// the puzzle compares names) a number.
pub(crate) fn identifier(english: &str, taken: &mut HashSet<String>) -> String {
    let mut base: String = english.split_whitespace().collect::<Vec<_>>().join("_");
    // Drop what names refuse, one character at a time.
    while let Err(PuzzleError::BadCharacter { offset, .. }) = names::check(&base) {
        base.remove(offset);
    }
    truncate(&mut base, MAX_NAME_LEN);
    if base.is_empty() {
        base.push('v');
    }
    if KEYWORDS.contains(&base.as_str()) || base.parse::<i128>().is_ok() {
        truncate(&mut base, MAX_NAME_LEN - 1);
        base.push('_');
    }
    let mut name = base.clone();
    let mut k = 2u32;
    while !taken.insert(names::key(&name).into_owned()) {
        let suffix = format!("_{k}");
        let mut stem = base.clone();
        truncate(&mut stem, MAX_NAME_LEN - suffix.len());
        name = stem + &suffix;
        k += 1;
    }
    name
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{CategoryLine, identifier, read_category};
    use crate::names;

    fn category(line: &str) -> CategoryLine {
        read_category(line, None)
            .expect("a category line")
            .expect("reads")
    }

    fn parts(c: &CategoryLine) -> (&str, &str, &str) {
        (c.lead.as_str(), c.verb.as_str(), c.noun.as_str())
    }

    #[test]
    fn category_lines_of_every_family() {
        let c = category("Everyone supports a different NBA team: Bulls, Suns.");
        assert_eq!(
            parts(&c),
            ("Everyone supports a different", "supports", "NBA team")
        );
        assert_eq!(c.values, ["Bulls", "Suns"]);
        let c = category(" - Each person has a unique type of pet: `dog`, `cat`");
        assert_eq!((c.verb.as_str(), c.noun.as_str()), ("has", "type of pet"));
        assert_eq!(c.values, ["dog", "cat"]);
        let c = category(" - The people are of nationalities: `dane`, `brit`");
        assert_eq!(
            (c.verb.as_str(), c.noun.as_str()),
            ("are of", "nationalities")
        );
        let c = category(" - People have unique heights: `very short`, `short`");
        assert_eq!((c.verb.as_str(), c.noun.as_str()), ("have", "heights"));
        let c = category(" - Each person has an occupation: `doctor`, `engineer`");
        assert_eq!((c.verb.as_str(), c.noun.as_str()), ("has", "occupation"));
        let c = category("Everyone lives in a different colored house: red, blue.");
        assert_eq!(
            (c.verb.as_str(), c.noun.as_str()),
            ("lives in", "colored house")
        );
        let c = category(" - Each person has a unique pet: `cat,` `dog`");
        assert_eq!(c.values, ["cat", "dog"]);
        let c = category(" - Each mother is accompanied by their child: bella, fred");
        assert_eq!(c.noun, "child");
        let c = category(" - The mothers' names are: aniya, holly");
        assert_eq!(c.noun, "mothers names");
        let c = category(" - The mothers' names in different houses are unique: `Aniya`, `Holly`");
        assert_eq!(c.noun, "mothers names");
        let c = category(" - Everyone has something different for lunch: soup, stew");
        assert_eq!(c.noun, "lunch");
        let c = category(" - Each person has a unique name: `Peter`, `Eric`, `Arnold`.");
        assert_eq!(c.values, ["Peter", "Eric", "Arnold"]);
        let c = category("Pets: cat, dog and fish.");
        assert_eq!((c.noun.as_str(), c.values.len()), ("Pets", 3));
        // A bullet is not part of the phrase, however it is written.
        let c = category("- Each person has a unique type of pet: `dog`, `cat`");
        assert_eq!(c.lead, "Each person has a unique");
        assert!(read_category("Clues:", None).is_none());
        assert!(
            read_category("Everyone has a different pet: cat, , dog", None)
                .unwrap()
                .is_ok()
        );
        assert!(
            read_category("a different: cat, dog", None)
                .unwrap()
                .is_err()
        );
    }

    #[test]
    fn values_written_as_phrases_are_their_objects() {
        let c = category(
            " - Each person has a favorite drink: one likes milk, one is a tea drinker, and one only drinks water",
        );
        assert_eq!(
            (c.verb.as_str(), c.noun.as_str()),
            ("has", "favorite drink")
        );
        assert_eq!(c.values, ["milk", "tea drinker", "water"]);
        // Seven words as written, four once read.
        let c = read_category(
            " - Everyone likes a different kind of book: one is a science fiction book fanatic and one is a history book buff",
            Some(2),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            c.values,
            ["science fiction book fanatic", "history book buff"]
        );
        // A phrase against its object names no value.
        assert!(
            read_category(
                "Each person has a favorite drink: one never drinks tea, one likes milk",
                None
            )
            .unwrap()
            .is_err()
        );
    }

    #[test]
    fn lists_without_a_colon_need_the_count() {
        let c = read_category("Their names are Ann, Bob and Cid.", Some(3))
            .unwrap()
            .unwrap();
        assert_eq!((c.noun.as_str(), c.values.len()), ("names", 3));
        assert!(read_category("Their names are Ann, Bob and Cid.", None).is_none());
        let c = read_category("The people are called Eve, Frank and Ann.", Some(3))
            .unwrap()
            .unwrap();
        assert_eq!(c.values, ["Eve", "Frank", "Ann"]);
        for line in [
            "The students are called Eve, Frank and Ann.",
            "The people in the queue are named Eve, Frank and Ann.",
            "Names -- Eve, Frank, Ann",
        ] {
            let c = read_category(line, Some(3)).unwrap().unwrap();
            assert_eq!(c.values, ["Eve", "Frank", "Ann"], "{line}");
        }
        assert!(read_category("Ann and Bob are next to each other.", Some(3)).is_none());
        let c = read_category("The pets are a cat, a dog, and a fish.", Some(3))
            .unwrap()
            .unwrap();
        assert_eq!(c.values, ["a cat", "a dog", "a fish"]);
        let c = read_category(
            "Each person drinks a different drink (tea, milk or juice).",
            Some(3),
        )
        .unwrap()
        .unwrap();
        assert_eq!((c.noun.as_str(), c.values.len()), ("drink", 3));
        let c = read_category("The handbags: Dolce and Gabbana, Tumi, Prada.", Some(3))
            .unwrap()
            .unwrap();
        assert_eq!(c.values[0], "Dolce and Gabbana");
        // A conjunction before the last value is dropped outside its
        // quotes only: inside them it is the value's own.
        let c = read_category("Names: `Eric`, `& & Arnold`", Some(2))
            .unwrap()
            .unwrap();
        assert_eq!(c.values, ["Eric", "& & Arnold"]);
        let c = read_category("Names: `Eric`, and `Arnold`", Some(2))
            .unwrap()
            .unwrap();
        assert_eq!(c.values, ["Eric", "Arnold"]);
        let c = read_category("Names: Eric, & Arnold.", Some(2))
            .unwrap()
            .unwrap();
        assert_eq!(c.values, ["Eric", "Arnold"]);
    }

    #[test]
    fn identifiers_are_valid_distinct_names() {
        let mut taken = HashSet::new();
        let names_made: Vec<String> = [
            "NBA team",
            "fried rice",
            "7",
            "=",
            "a:b#c",
            "",
            "fried rice",
        ]
        .iter()
        .map(|e| identifier(e, &mut taken))
        .collect();
        assert_eq!(
            names_made,
            [
                "NBA_team",
                "fried_rice",
                "7_",
                "=_",
                "abc",
                "v",
                "fried_rice_2"
            ]
        );
        for n in &names_made {
            assert_eq!(names::check(n), Ok(()), "{n}");
        }
        let long = identifier(&"x".repeat(200), &mut taken);
        assert!(long.len() <= crate::MAX_NAME_LEN);
    }
}
