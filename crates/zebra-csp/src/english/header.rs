//! The header of an English puzzle: the first line (how many people or
//! houses, which family), the category lines (a phrase, a noun, values),
//! the lines both families print around them; and the names the puzzle
//! gives what the English calls in several words.

use std::collections::HashSet;
use std::sync::OnceLock;

use super::Style;
use super::error::ReadErrorKind;
use super::words::{Word, cardinal, keys, words};
use crate::names;
use crate::puzzle::{KEYWORDS, MAX_NAME_LEN, MAX_POSITIONS, PuzzleError};

/// Header lines the reader knows and passes over (compared as words).
const BOILERPLATE: &[&str] = &[
    "Using the clues provided below, answer the question at the end.",
    "Some of clues provided might be irrelevant to the puzzle.",
    "Some of the clues provided might be irrelevant to the puzzle.",
    "## Clues:",
    "Clues:",
];

/// The sentences that may follow "There are N houses" on the first line
/// of a ZebraLogic puzzle (`{N}` the number of houses).
const ZEBRALOGIC_INTRO: &[&str] = &[
    "numbered 1 to {N} from left to right, as seen from across the street.",
    "Each house is occupied by a different person.",
    "Each house has a unique attribute for each of the following characteristics:",
];

/// What follows "There are N people" on the first line of a BBEH puzzle:
/// "next to each other in a row in positions 1, 2, …, N who have the
/// following characteristics." (the list of positions checked apart).
const BBEH_INTRO_BEFORE: &str = "next to each other in a row in positions";
/// See [`BBEH_INTRO_BEFORE`].
const BBEH_INTRO_AFTER: &str = "who have the following characteristics.";

/// What the first line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Intro {
    pub(crate) style: Style,
    pub(crate) positions: usize,
}

/// Whether `found` (keys) begins with `expected`; the rest.
fn strip<'a>(found: &'a [String], expected: &[String]) -> Option<&'a [String]> {
    (found.len() >= expected.len() && found[..expected.len()] == *expected)
        .then(|| &found[expected.len()..])
}

/// Reads the first line: `None` when it does not start "There are N".
pub(crate) fn read_intro(line: &str) -> Option<Result<Intro, ReadErrorKind>> {
    let k = keys(line);
    if k.len() < 4 || k[0] != "there" || k[1] != "are" {
        return None;
    }
    let bad = || ReadErrorKind::Intro {
        text: line.trim().to_string(),
    };
    let Some(n) = cardinal(&k[2]) else {
        return Some(Err(bad()));
    };
    let rest = &k[4..];
    let style = match k[3].as_str() {
        "people" | "persons" => Style::Bbeh,
        "houses" => Style::ZebraLogic,
        _ => return Some(Err(bad())),
    };
    if n > MAX_POSITIONS {
        // Refused by the caller; the list of positions is not built.
        return Some(Ok(Intro {
            style,
            positions: n,
        }));
    }
    let ok = match style {
        Style::Bbeh => {
            let mut expected = keys(BBEH_INTRO_BEFORE);
            expected.extend((1..=n).map(|i| i.to_string()));
            expected.extend(keys(BBEH_INTRO_AFTER));
            rest.is_empty() || rest == expected.as_slice()
        }
        Style::ZebraLogic => {
            let mut rest = rest;
            for sentence in ZEBRALOGIC_INTRO {
                let expected = keys(&sentence.replace("{N}", &n.to_string()));
                if let Some(after) = strip(rest, &expected) {
                    rest = after;
                }
            }
            rest.is_empty()
        }
    };
    Some(if ok {
        Ok(Intro {
            style,
            positions: n,
        })
    } else {
        Err(bad())
    })
}

/// Whether `line` is one of the header lines both families print and the
/// reader passes over.
pub(crate) fn is_boilerplate(line: &str) -> bool {
    static KEYS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    let known = KEYS.get_or_init(|| BOILERPLATE.iter().map(|b| keys(b)).collect());
    let k = keys(line);
    known.contains(&k)
}

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
}

/// The subjects a category line may start with.
const SUBJECTS: &[&[&str]] = &[
    &["everyone"],
    &["everybody"],
    &["each", "person"],
    &["every", "person"],
    &["they", "all"],
    &["the", "people"],
    &["all", "people"],
    &["people"],
    &["each", "house"],
];

/// Where the lead ends and the noun starts, in `words` (the words of the
/// text before the `:`); and where the verb starts and ends.
fn split_lead(words: &[Word<'_>]) -> Option<(usize, usize, usize)> {
    let subject = SUBJECTS
        .iter()
        .filter(|s| s.len() <= words.len() && words.iter().zip(s.iter()).all(|(w, s)| w.key == *s))
        .map(|s| s.len())
        .max()
        .unwrap_or(0);
    let marker = words[subject..]
        .iter()
        .position(|w| w.key == "different" || w.key == "unique")
        .map(|i| i + subject);
    let article = |w: &Word<'_>| w.key == "a" || w.key == "an";
    let (noun, verb_end) = match marker {
        Some(m) => {
            let verb_end = if m > subject && article(&words[m - 1]) {
                m - 1
            } else {
                m
            };
            (m + 1, verb_end)
        }
        None => match words[subject..].iter().position(article) {
            Some(a) => (subject + a + 1, subject + a),
            None => {
                // A verb and its prepositions: "are of nationalities".
                let mut end = (subject + 1).min(words.len());
                while end < words.len()
                    && matches!(&*words[end].key, "of" | "in" | "from" | "to" | "with")
                {
                    end += 1;
                }
                (end, end)
            }
        },
    };
    (noun < words.len()).then_some((noun, subject, verb_end.max(subject)))
}

fn joined(words: &[Word<'_>]) -> String {
    words.iter().map(|w| w.text).collect::<Vec<_>>().join(" ")
}

/// The longest phrase before a category line's `:`, in bytes.
const MAX_HEADER_LEN: usize = 256;

/// Reads a category line: `None` when `line` has no `:` followed by
/// values. A value is at most [`MAX_NAME_LEN`] bytes long, the phrase
/// before the `:` at most 256.
pub(crate) fn read_category(line: &str) -> Option<Result<CategoryLine, ReadErrorKind>> {
    let trimmed = line.trim();
    let body = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .unwrap_or(trimmed);
    let (left, right) = body.split_once(':')?;
    let right = right.trim();
    if right.is_empty() {
        return None;
    }
    let bad = || ReadErrorKind::BadCategory {
        text: trimmed.to_string(),
    };
    let right = right.strip_suffix('.').unwrap_or(right);
    let mut values = Vec::new();
    for raw in right.split(',') {
        // Quotes and spaces around a value, in any order, are not part of it.
        let value = raw.trim_matches(|c: char| c == '`' || c == '"' || c.is_whitespace());
        if words(value).is_empty() || value.len() > MAX_NAME_LEN {
            return Some(Err(bad()));
        }
        values.push(value.to_string());
    }
    if left.trim().len() > MAX_HEADER_LEN {
        return Some(Err(bad()));
    }
    // Bullets and dashes are no words of the phrase ("- Each person has").
    let left_words: Vec<Word<'_>> = words(left)
        .into_iter()
        .filter(|w| w.text.chars().any(char::is_alphanumeric))
        .collect();
    let Some((noun, verb_start, verb_end)) = split_lead(&left_words) else {
        return Some(Err(bad()));
    };
    Some(Ok(CategoryLine {
        lead: joined(&left_words[..noun]),
        verb: joined(&left_words[verb_start..verb_end]),
        noun: joined(&left_words[noun..]),
        values,
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

    use super::{CategoryLine, identifier, is_boilerplate, read_category, read_intro};
    use crate::english::Style;
    use crate::names;

    fn category(line: &str) -> CategoryLine {
        read_category(line)
            .expect("a category line")
            .expect("reads")
    }

    #[test]
    fn category_lines_of_both_families() {
        let c = category("Everyone supports a different NBA team: Bulls, Suns.");
        assert_eq!(
            (c.lead.as_str(), c.verb.as_str(), c.noun.as_str()),
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
        // A bullet is not part of the phrase, however it is written.
        let c = category("?* - Each person has a unique type of pet: `dog`, `cat`");
        assert_eq!(c.lead, "Each person has a unique");
        assert!(read_category("Clues:").is_none());
        assert!(
            read_category("Everyone has a different pet: cat, , dog")
                .unwrap()
                .is_err()
        );
        assert!(read_category("a different: cat, dog").unwrap().is_err());
    }

    #[test]
    fn intros_of_both_families() {
        let bbeh = "There are 3 people next to each other in a row in positions 1, 2, 3 who \
                    have the following characteristics.";
        let intro = read_intro(bbeh).unwrap().unwrap();
        assert_eq!((intro.style, intro.positions), (Style::Bbeh, 3));
        assert!(read_intro(&bbeh.replace("2, 3", "2, 4")).unwrap().is_err());
        let zebra = "There are 2 houses, numbered 1 to 2 from left to right, as seen from \
                     across the street. Each house is occupied by a different person. Each \
                     house has a unique attribute for each of the following characteristics:";
        let intro = read_intro(zebra).unwrap().unwrap();
        assert_eq!((intro.style, intro.positions), (Style::ZebraLogic, 2));
        assert!(
            read_intro(&format!("{zebra} Eric is in the first house."))
                .unwrap()
                .is_err()
        );
        assert!(read_intro("Eric is in the first house.").is_none());
        assert!(is_boilerplate("## Clues:"));
        assert!(!is_boilerplate("## Clues: Eric"));
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
