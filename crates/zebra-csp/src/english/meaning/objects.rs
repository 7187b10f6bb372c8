//! What the object of a verb says of its subject: selling or buying a
//! value the categories say is traded ("the trader who sells cheese"),
//! and knowing or meeting someone, or knowing a fact, which never says who
//! the subject is ("the person who knows Bob", "knows that coffee …").

use super::closed_words::{KNOWING, scanned};
use super::scan::{CLAUSE_VERBS, key};
use crate::english::lexicon::{BUY, Found, LIGHT, Lexicon, SELL};
use crate::english::words::Word;

/// Verbs that may follow a relative clause's object ("the person who
/// sells bread runs stall 3").
const AFTER_AN_OBJECT: &[&str] = &[
    "runs", "keeps", "drinks", "owns", "drives", "plays", "likes", "loves", "eats", "wears",
    "reads", "works", "uses", "rents", "grows", "smokes", "prefers", "enjoys", "also", "sells",
    "buys", "run", "keep", "drink", "own", "drive", "play", "like", "love", "eat", "wear", "read",
    "work", "use", "rent", "grow", "smoke", "prefer", "enjoy", "sell", "buy", "have", "live",
];

/// The value right after the verb at `verb` and an article, if one is
/// found there.
fn object<'f>(words: &[Word<'_>], values: &'f [Found], verb: usize) -> Option<&'f Found> {
    let at = verb + 1 + usize::from(matches!(key(words, verb + 1), "a" | "an" | "the" | "some"));
    values.iter().find(|f| f.start == at)
}

/// Whether the word at `i` is a verb of trade whose object is a whole
/// value the categories say is traded so: "the trader who sells cheese",
/// not "sells cat food" or "sells the dog's food".
pub(super) fn traded(lexicon: &Lexicon, words: &[Word<'_>], values: &[Found], i: usize) -> bool {
    let k = key(words, i);
    if !(SELL.contains(&k) || BUY.contains(&k)) {
        return false;
    }
    // The whole object, then the sentence's own words ("sells bread runs
    // stall 3").
    let whole = |end: usize| {
        let last = &words[end - 1];
        last.pause
            || last.stop
            || words.get(end).is_none_or(|next| {
                next.key != "'s"
                    && (LIGHT.contains(&&*next.key)
                        || scanned(&next.key)
                        || CLAUSE_VERBS.contains(&&*next.key)
                        || AFTER_AN_OBJECT.contains(&&*next.key))
            })
    };
    object(words, values, i).is_some_and(|f| lexicon.trades_in(f.entry, k) && whole(f.end))
}

/// Whether the word at `i` is a verb of knowing or meeting whose object
/// is a fact ("knows that …") or a person named ("knows Bob"): neither
/// says who the subject is ("the person who knows Java" does).
pub(super) fn knows_another(
    lexicon: &Lexicon,
    words: &[Word<'_>],
    values: &[Found],
    i: usize,
) -> bool {
    KNOWING.contains(&key(words, i))
        && (matches!(
            key(words, i + 1),
            "that" | "whether" | "how" | "about" | "if"
        ) || object(words, values, i).is_some_and(|f| {
            lexicon.entries[f.entry]
                .items
                .iter()
                .any(|item| Some(item.category().index()) == lexicon.people)
        }))
}
