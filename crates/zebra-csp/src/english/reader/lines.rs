//! The lines of an English puzzle: what each line of the body is (a
//! clue, numbered or not; the question; its choices; anything else), the
//! sentences of a line, and a list of choices.

use crate::english::lexicon::Lexicon;
use crate::english::words::Word;

/// What a line of the body is.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line<'t> {
    /// A clue, with its number when it has one.
    Clue(Option<usize>, &'t str),
    Question(&'t str),
    Choices(&'t str),
    Other(&'t str),
}

/// The number at the start of `s` and its length in bytes.
pub(super) fn leading_number(s: &str) -> Option<(usize, usize)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0 && digits <= 9)
        .then(|| s[..digits].parse().ok().map(|n| (n, digits)))
        .flatten()
}

/// `s` without a case-insensitive `prefix` (and the spaces after it).
pub(super) fn strip_word<'t>(s: &'t str, prefix: &str) -> Option<&'t str> {
    s.get(..prefix.len())
        .filter(|head| head.eq_ignore_ascii_case(prefix))
        .map(|_| s[prefix.len()..].trim_start())
}

pub(super) fn classify(line: &str) -> Line<'_> {
    let t = line.trim();
    let bare = t.trim_start_matches('#').trim_start();
    let bare = bare.trim_start_matches("**").trim_start();
    // "Clue 3:", "Clue #3.", "Hint 3 -", "Rule 3)".
    for label in [
        "clue",
        "hint",
        "rule",
        "statement",
        "fact",
        "condition",
        "constraint",
    ] {
        if let Some(rest) = strip_word(bare, label)
            && let Some((n, len)) = leading_number(rest.trim_start_matches('#'))
        {
            let rest = rest.trim_start_matches('#')[len..].trim_start_matches("**");
            let rest = rest.trim_start();
            if let Some(body) = rest.strip_prefix([':', '.', ')', '-', '\u{2013}', '\u{2014}']) {
                return Line::Clue(Some(n), body.trim_start_matches("**"));
            }
        }
    }
    // "3.", "3)", "3:", "(3)".
    let unparenthesized = t.strip_prefix('(');
    if let Some((n, len)) = leading_number(unparenthesized.unwrap_or(t)) {
        let rest = &unparenthesized.unwrap_or(t)[len..];
        let closing: &[char] = if unparenthesized.is_some() {
            &[')']
        } else {
            &['.', ')', ':']
        };
        if let Some(body) = rest.strip_prefix(closing)
            && (body.is_empty() || body.starts_with(char::is_whitespace))
        {
            return Line::Clue(Some(n), body);
        }
    }
    for label in ["question:", "q:"] {
        if let Some(body) = strip_word(bare, label) {
            return Line::Question(body);
        }
    }
    for label in ["choices:", "options:", "answer choices:", "answer options:"] {
        if let Some(body) = strip_word(bare, label) {
            return Line::Choices(body);
        }
    }
    if t.contains('?') {
        return Line::Question(t);
    }
    for bullet in ["- ", "* ", "\u{2022} ", "+ ", "\u{2013} "] {
        if let Some(body) = t.strip_prefix(bullet) {
            return Line::Clue(None, body);
        }
    }
    Line::Other(t)
}

/// The sentences of a header line ("Ages: 23, 35 and 59. Shirts: red,
/// blue and green."): split after a full stop or ";" before a capital or
/// a quote, not after an abbreviation ("Dr. Pepper").
pub(super) fn header_sentences(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = line.as_bytes();
    for i in 1..bytes.len().saturating_sub(1) {
        if !matches!(bytes[i - 1], b'.' | b';') || bytes[i] != b' ' {
            continue;
        }
        let next = line[i + 1..].chars().next().unwrap_or(' ');
        if !(next.is_uppercase() || matches!(next, '"' | '`' | '\'' | '\u{201C}' | '*' | '-')) {
            continue;
        }
        let before = &line[start..i - 1];
        let last_word = before
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if bytes[i - 1] == b'.' && ABBREVIATIONS.contains(&last_word.as_str()) {
            continue;
        }
        out.push(line[start..i].trim());
        start = i + 1;
    }
    out.push(line[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// The words an abbreviation ends with a full stop in, not a sentence.
const ABBREVIATIONS: &[&str] = &[
    "mr", "mrs", "ms", "dr", "st", "jr", "sr", "no", "vs", "etc", "mt", "ft", "prof",
];

/// The sentences of `words`: split after a word followed by a full stop
/// (not an abbreviation's, not inside a value's name).
pub(super) fn sentences<'w, 't>(lexicon: &Lexicon, words: &'w [Word<'t>]) -> Vec<&'w [Word<'t>]> {
    let inner_stop = words
        .iter()
        .take(words.len().saturating_sub(1))
        .any(|w| w.stop);
    if !inner_stop {
        return vec![words];
    }
    let values = lexicon.values(words);
    let inside = |i: usize| values.iter().any(|f| f.start <= i && i + 1 < f.end);
    let mut out = Vec::new();
    let mut start = 0;
    for (i, w) in words.iter().enumerate() {
        if w.stop && i + 1 < words.len() && !ABBREVIATIONS.contains(&&*w.key) && !inside(i) {
            out.push(&words[start..=i]);
            start = i + 1;
        }
    }
    if start < words.len() {
        out.push(&words[start..]);
    }
    out
}

/// The choices of a list: "Eric, Arnold", "['Eric', 'Arnold']", "A) Eric
/// B) Arnold".
pub(super) fn choice_list(list: &str) -> Vec<String> {
    let list = list
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(['.', ']'])
        .trim();
    let mut out: Vec<String> = list
        .split([',', ';', '\n'])
        .map(|c| {
            let c = c.trim();
            // "A) Eric", "(B) Arnold", "c. Bob": a label.
            let c = c.trim_start_matches('(');
            let label = c
                .char_indices()
                .nth(1)
                .filter(|&(i, ch)| {
                    matches!(ch, ')' | '.' | ':') && c[..i].chars().all(|x| x.is_ascii_alphabetic())
                })
                .map_or(0, |(i, _)| i + 1);
            c[label..]
                .trim()
                .trim_matches(|q: char| matches!(q, '\'' | '"' | '`'))
                .to_string()
        })
        .filter(|c| !c.is_empty())
        .collect();
    out.dedup();
    out
}

/// Whether a question asks for the whole arrangement ("Who has which
/// attributes and lives in which house?", "Who lives where?"): two
/// question words and no other word than those of such a question
/// ("What is the name of the person who keeps a hamster?" asks one
/// person's name, even with no hamster among the values).
pub(super) fn asks_for_everything(question: &str) -> bool {
    const WHOLE: &[&str] = &[
        "who",
        "which",
        "what",
        "where",
        "whose",
        "has",
        "have",
        "is",
        "are",
        "does",
        "do",
        "lives",
        "live",
        "and",
        "in",
        "at",
        "the",
        "each",
        "person",
        "people",
        "attribute",
        "attributes",
        "characteristic",
        "characteristics",
        "house",
        "houses",
        "position",
        "positions",
    ];
    let keys = crate::english::words::keys(question);
    let asking = keys
        .iter()
        .filter(|k| matches!(k.as_str(), "who" | "which" | "what" | "where" | "whose"))
        .count();
    asking >= 2 && keys.iter().all(|k| WHOLE.contains(&k.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{Line, choice_list, classify};

    #[test]
    fn clue_and_question_lines() {
        assert_eq!(
            classify("Clue 12: The Swede is Eric."),
            Line::Clue(Some(12), " The Swede is Eric.")
        );
        assert_eq!(
            classify("3. Eric is in the first house."),
            Line::Clue(Some(3), " Eric is in the first house.")
        );
        assert_eq!(
            classify("(4) Eric is Bob."),
            Line::Clue(Some(4), " Eric is Bob.")
        );
        assert_eq!(classify("- Eric is Bob."), Line::Clue(None, "Eric is Bob."));
        assert!(matches!(classify("3.5 people"), Line::Other(_)));
        assert_eq!(
            classify("Question: What position is Eric at?"),
            Line::Question("What position is Eric at?")
        );
        assert!(matches!(
            classify("## Question: Who owns the fish?"),
            Line::Question(_)
        ));
        assert_eq!(
            classify("Who owns the fish?"),
            Line::Question("Who owns the fish?")
        );
        assert!(matches!(classify("Clue x: no"), Line::Other(_)));
        assert_eq!(
            classify("Hint 3 - Eric is Bob."),
            Line::Clue(Some(3), " Eric is Bob.")
        );
        assert_eq!(
            classify("**Clue 4:** Eric is Bob."),
            Line::Clue(Some(4), " Eric is Bob.")
        );
        assert_eq!(classify("Choices: a, b"), Line::Choices("a, b"));
    }

    #[test]
    fn choices_are_read_from_any_list() {
        assert_eq!(choice_list("['Eric', 'Arnold']"), ["Eric", "Arnold"]);
        assert_eq!(choice_list("A) Eric, B) Arnold"), ["Eric", "Arnold"]);
        assert_eq!(choice_list("tea, iced tea."), ["tea", "iced tea"]);
    }
}
