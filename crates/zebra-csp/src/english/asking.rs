//! Reading a question: the person it asks about (one term, read as a
//! clue's terms are), and what it asks of them: their position ("What
//! position is …", "Where does … live?", "In which house …"), or their
//! value of a category, named by its noun ("What is the nationality of
//! …", "What is Name of …", "What does … drink?") or, for "who", the
//! category of names. A multiple-choice question's choices say the
//! category when its noun does not.

use super::error::ReadErrorKind;
use super::forms::singular;
use super::lexicon::{Lexicon, content};
use super::meaning::{Named, PLACES, Row, Skeleton, TermSpan, scan, scan_with, text};
use super::words::{Word, cardinal, keys, ordinal};

/// What a question asks, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// The position.
    Position,
    /// A value of this category.
    Value(usize),
    /// A value of a category its words do not say (a choice may).
    Unsaid,
}

/// A question as read: its subject, what it asks, and the words that
/// should name the category (for an error when nothing does).
#[derive(Clone, Debug)]
pub(crate) struct AskedOf {
    pub(crate) subject: TermSpan,
    pub(crate) asked: Asked,
    pub(crate) head: String,
}

/// Words for the place of a person in a question ("what position").
const PLACE_WORDS: &[&str] = &[
    "position",
    "house",
    "place",
    "spot",
    "seat",
    "number",
    "location",
    "home",
    "positions",
    "houses",
];

/// Words that open a question.
const OPENERS: &[&str] = &["what", "which", "who", "whom", "whose", "where"];

/// Words that may come before a question's opening word ("In which
/// house", "Counting from the left, in which house", "And finally, who").
const LEADS: &[&str] = &[
    "in",
    "at",
    "on",
    "to",
    "from",
    "and",
    "so",
    "then",
    "now",
    "finally",
    "lastly",
    "counting",
    "starting",
    "numbering",
    "the",
    "left",
    "right",
];

/// Words that make a question about a place of the row ask where: a
/// preposition of place or a verb of being somewhere.
const LOCATIVE: &[&str] = &[
    "in", "at", "on", "live", "lives", "stay", "stays", "sit", "sits", "stand", "stands", "work",
    "works", "sleep", "sleeps", "park", "parks", "occupy", "occupies",
];

/// Verbs of holding a place that make such a question ask where when they
/// end it ("Which stall does Ann run?", "Which locker does Ann use?"; not
/// "Which stall does the person who has the dog visit?").
const HOLDING: &[&str] = &["run", "have", "use", "rent", "hold"];

/// Words for a person after "which" ("Which person owns the fish?").
const PERSON_WORDS: &[&str] = &["person", "one", "people", "man", "woman", "individual"];

/// The words of `text` with camel-case words split ("FavoriteSport" is
/// "favorite sport"), as a benchmark writes its column names.
pub(crate) fn split_camel(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = previous
            && c.is_uppercase()
            && (p.is_lowercase() || p.is_ascii_digit())
        {
            out.push(' ');
        }
        out.push(c);
        previous = Some(c);
    }
    out
}

/// Words that name the same kind of thing in a question as in a
/// category's noun ("Which beverage …" of "drinks", "What does Jack do for
/// a living?" of "jobs"): each word of a group stands for the first.
const SYNONYMS: &[&[&str]] = &[
    &["drink", "beverage"],
    &[
        "job",
        "occupation",
        "profession",
        "work",
        "career",
        "living",
        "trade",
    ],
    &["color", "colour"],
    &["car", "automobile", "vehicle", "drive"],
    &["food", "dish", "meal", "eat"],
    &["book", "read", "reading"],
    &["goods", "sell", "product", "ware"],
    &["hobby", "pastime"],
    &["nationality", "country", "nation"],
    &["animal", "creature"],
    &["music", "genre"],
];

/// `word` as the first of its group of [`SYNONYMS`].
fn canonical(word: &str) -> &str {
    SYNONYMS
        .iter()
        .find(|group| group.contains(&word))
        .map_or(word, |group| group[0])
}

/// The category whose noun `words` name best: the most of its noun's
/// content words, and then the fewest left unnamed; `None` when no
/// category has one or two tie. Words of places ("house") are left out:
/// "the house of the Brit" names no category.
pub(crate) fn category_named(lexicon: &Lexicon, words: &[String]) -> Option<usize> {
    let named: Vec<String> = content(words, true)
        .into_iter()
        .filter(|w| !PLACE_WORDS.contains(&w.as_str()))
        .collect();
    if named.is_empty() {
        return None;
    }
    by_nouns(lexicon, &named).or_else(|| {
        // The same kinds of things under other names.
        let named: Vec<String> = named.iter().map(|w| canonical(w).to_string()).collect();
        let nouns: Vec<Vec<String>> = lexicon
            .nouns
            .iter()
            .map(|n| n.iter().map(|w| canonical(w).to_string()).collect())
            .collect();
        by_words(&nouns, &named)
    })
}

/// [`by_words`] on the lexicon's nouns.
fn by_nouns(lexicon: &Lexicon, named: &[String]) -> Option<usize> {
    by_words(&lexicon.nouns, named)
}

/// The noun of `nouns` that `named` names best (see
/// [`category_named`]).
fn by_words(nouns: &[Vec<String>], named: &[String]) -> Option<usize> {
    // Per category: how many of its noun's words are named, and how
    // many are not (fewer is better).
    let scores: Vec<(usize, std::cmp::Reverse<usize>)> = nouns
        .iter()
        .map(|noun| {
            let hits = noun.iter().filter(|w| named.contains(w)).count();
            (hits, std::cmp::Reverse(noun.len() - hits))
        })
        .collect();
    let best = scores.iter().copied().max()?;
    if best.0 == 0 || scores.iter().filter(|&&s| s == best).count() > 1 {
        return None;
    }
    scores.iter().position(|&s| s == best)
}

/// The keys of `words` with camel-case words split.
fn keys_of(words: &[Word<'_>]) -> Vec<String> {
    // Column names open with a capital ("FavoriteSport"); a word that
    // does not ("nAme") is one word, as the header read it.
    words
        .iter()
        .flat_map(|w| {
            if w.text.starts_with(char::is_uppercase) {
                keys(&split_camel(w.text))
            } else {
                keys(w.text)
            }
        })
        .collect()
}

/// Reads a question (its words, without "Question:" and the "?").
///
/// # Errors
///
/// [`ReadErrorKind::UnknownForm`] for a question of no known form (or
/// with a relation in it: "Who lives next to Bob?");
/// [`ReadErrorKind::NoValue`] when it names no one (or more than one
/// person). A category its words do not name is [`Asked::Unsaid`]: its
/// choices may say it.
pub(crate) fn read_question(
    lexicon: &Lexicon,
    words: &[Word<'_>],
    row: Row,
) -> Result<AskedOf, ReadErrorKind> {
    // The strong forms first, the weak ones ("the pianist") when they
    // name someone the strong do not.
    let strong: Skeleton = scan(lexicon, words, row)?;
    let skeleton = if lexicon.has_weak() && strong.terms.len() != 1 {
        let weak = scan_with(lexicon, words, row, true)?;
        if weak.terms.len() == 1 { weak } else { strong }
    } else {
        strong
    };
    let unknown = || ReadErrorKind::UnknownForm { words: text(words) };
    if let Some(err) = skeleton.unsupported_error(words) {
        return Err(err);
    }
    if skeleton
        .syms
        .iter()
        .any(|s| !matches!(s.0, super::meaning::Sym::Term(_)))
    {
        return Err(unknown());
    }
    let [subject] = skeleton.terms.as_slice() else {
        return Err(ReadErrorKind::NoValue { words: text(words) });
    };
    // The opening word, after a preposition or a remark ("In which
    // house", "Counting from the left, in which house"); not a relative
    // word of a clause before it ("For the person who owns the cat, what
    // …").
    let Some(q) = words[..subject.start]
        .iter()
        .position(|w| OPENERS.contains(&&*w.key))
    else {
        return Err(unknown());
    };
    if !words[..q].iter().all(|w| LEADS.contains(&&*w.key)) {
        return Err(unknown());
    }
    let opener = &*words[q].key;
    // "Which person's drink is tea?", "Whose drink is tea?": a person.
    let whose = opener == "whose"
        || (matches!(words.get(q + 1), Some(w) if PERSON_WORDS.contains(&&*w.key))
            && words.get(q + 2).is_some_and(|w| w.key == "'s"));
    // The head: the words after the opener naming what is asked, up to
    // the "of" that opens the subject's phrase ("What is the type of pet
    // of the person who …"), else the first "of", else "does", else "is".
    let between = &words[q + 1..subject.start];
    let delimiter = |set: &[&str]| between.iter().position(|w| set.contains(&&*w.key));
    let opens_subject = |i: usize| {
        let next = |k: usize| between.get(i + k).map(|w| &*w.key);
        let person = |k: usize| next(k).is_some_and(|w| PERSON_WORDS.contains(&w));
        i + 1 == between.len()
            || person(1)
            || (matches!(next(1), Some("the" | "a" | "an"))
                && (person(2) || i + 2 == between.len()))
    };
    let head_end = (0..between.len())
        .find(|&i| between[i].key == "of" && opens_subject(i))
        .or_else(|| delimiter(&["does", "do", "did"]))
        .or_else(|| delimiter(&["of"]))
        .or_else(|| delimiter(&["is", "are", "was", "were"]))
        .unwrap_or(between.len().min(1));
    let head = &between[..head_end];
    // The subject's phrase starts after the head and its delimiter.
    let mut subject = subject.clone();
    let opens = q + 1 + head_end + usize::from(head_end < between.len());
    subject.before = subject.before.max(opens.min(subject.start));
    let head_keys = keys_of(head);
    let tail_keys = keys_of(&words[subject.end..]);
    let asked = if opener == "where" {
        Asked::Position
    } else if matches!(opener, "who" | "whom") || whose {
        match lexicon.people {
            Some(c) => Asked::Value(c),
            None => Asked::Unsaid,
        }
    } else if content(&head_keys, true) == ["name"]
        && (lexicon.name_categories > 1
            || category_named(lexicon, &head_keys).is_some_and(|c| Some(c) != lexicon.people))
    {
        // "What is the name of …" asks the person's name: not a "boat
        // name" or "pet name" (nor either, beside "The people are …").
        Asked::Unsaid
    } else if let Some(c) = category_named(lexicon, &head_keys) {
        Asked::Value(c)
    } else if head_keys.iter().any(|w| PLACE_WORDS.contains(&w.as_str()))
        // "Which stall is … in?": a place of the row, unless a category's
        // noun has the word, when the question asks where ("Which stall
        // does … like?" asks no place).
        // (The scan's words for places of a row, in either number.)
        || (head_keys.iter().any(|w| {
            let one = singular(w);
            PLACES.contains(&one.as_str()) && !lexicon.nouns.iter().any(|n| n.contains(&one))
        }) && {
            let keys = keys_of(words);
            keys.iter().any(|w| LOCATIVE.contains(&w.as_str()))
                || keys.last().is_some_and(|w| HOLDING.contains(&w.as_str()))
        })
    {
        Asked::Position
    } else if let Some(c) = lexicon.people.filter(|_| {
        head_keys
            .iter()
            .any(|w| matches!(w.as_str(), "name" | "names"))
    }) {
        // "What is the name of …" where the names are "the people".
        Asked::Value(c)
    } else if head_keys
        .first()
        .is_some_and(|w| PERSON_WORDS.contains(&w.as_str()))
    {
        match lexicon.people {
            Some(c) => Asked::Value(c),
            None => Asked::Unsaid,
        }
    } else if let Some(c) = content(&head_keys, false)
        .is_empty()
        .then(|| category_named(lexicon, &tail_keys))
        .flatten()
    {
        // "What does Ann drink?": the category after the subject, when
        // the head names none ("What colour is Ann's car?" asks what no
        // category says).
        Asked::Value(c)
    } else {
        // The choices may say which ("What is Food of …" when the
        // category is "something for lunch").
        Asked::Unsaid
    };
    // "What is the drink of Cid's pet?": the subject's own thing, not the
    // subject.
    if words.get(subject.end).is_some_and(|w| w.key == "'s") {
        let owned = keys_of(&words[subject.end + 1..]);
        if let (Asked::Value(c), Some(other)) = (asked, category_named(lexicon, &owned))
            && other != c
        {
            return Err(unknown());
        }
    }
    // "What is the name of the cat?": the name of a thing, which the
    // names of the people are not (a person is said by a person's word:
    // "the cat owner", "the person who has a cat").
    if asked == Asked::Value(lexicon.people.unwrap_or(usize::MAX))
        && content(&head_keys, true) == ["name"]
        && names_a_named_thing(lexicon, words, &subject)
    {
        return Err(unknown());
    }
    Ok(AskedOf {
        subject,
        asked,
        head: text(head),
    })
}

/// Whether `subject` names a thing rather than a person ("the cat", "the
/// tea", "the tea drinker's pet"): a value said without a person's word
/// around it ("the cat owner", "the person who drinks tea"), a name
/// ("Ann", "the Brit") or a place, of a category that does not describe
/// people (a job, a nationality, an age, a hobby).
fn names_a_named_thing(lexicon: &Lexicon, words: &[Word<'_>], subject: &TermSpan) -> bool {
    const PERSONAL: &[&str] = &[
        "job",
        "occupation",
        "profession",
        "work",
        "career",
        "nationality",
        "country",
        "age",
        "hobby",
        "sport",
        "name",
    ];
    let own_end = subject.after.max(subject.end).min(words.len());
    if words[subject.end..own_end]
        .iter()
        .chain(words.get(own_end))
        .any(|w| w.key == "'s")
    {
        return true;
    }
    let Named::Value(entry) = subject.named else {
        return false;
    };
    let phrase = words[subject.before..subject.start]
        .iter()
        .chain(&words[subject.end..own_end]);
    // "the cat" is the thing; any other phrase ("the cat owner", "the
    // person who owns a dog", or the bare value the writer uses for "Who
    // owns the dog?") says a person.
    let person = !matches!(
        phrase
            .clone()
            .map(|w| &*w.key)
            .collect::<Vec<_>>()
            .as_slice(),
        ["the" | "a" | "an"]
    );
    let proper = words[subject.start..subject.end]
        .first()
        .is_some_and(|w| w.text.starts_with(char::is_uppercase));
    let personal = lexicon.entries.get(entry).is_some_and(|e| {
        e.items.iter().all(|item| {
            lexicon
                .nouns
                .get(item.category().index())
                .is_some_and(|noun| noun.iter().any(|w| PERSONAL.contains(&w.as_str())))
        })
    });
    !(person || proper || personal)
}

/// A choice of a multiple-choice question, as read: a value's entry or a
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chosen {
    Value(usize),
    Position(usize),
}

/// Reads a choice ("Eric", "3", "third", "House 3"): `None` when it is
/// neither a value nor a position.
pub(crate) fn read_choice(lexicon: &Lexicon, choice: &str) -> Option<Chosen> {
    let w = super::words::words(choice);
    let found = lexicon.values(&w);
    if let [f] = found.as_slice()
        && f.start == 0
        && f.end == w.len()
    {
        return Some(Chosen::Value(f.entry));
    }
    let number = |w: &Word<'_>| cardinal(&w.key).or_else(|| ordinal(&w.key));
    match w.as_slice() {
        [n] => number(n).map(Chosen::Position),
        [place, n] if PLACE_WORDS.contains(&&*place.key) => number(n).map(Chosen::Position),
        [n, place] if PLACE_WORDS.contains(&&*place.key) => ordinal(&n.key).map(Chosen::Position),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Asked, category_named, read_question, split_camel};
    use crate::english::header::read_category;
    use crate::english::lexicon::Lexicon;
    use crate::english::meaning::{Named, Row};
    use crate::english::words::{keys, words};

    fn lexicon() -> Lexicon {
        let lines = [
            " - Each person has a unique name: `Ann`, `Bob`, `Cid`",
            " - People have unique favorite sports: `golf`, `tennis`, `chess`",
            " - Each person has a unique type of pet: `cat`, `dog`, `fish`",
            " - Each person has a favorite drink: `tea`, `milk`, `water`",
            " - Each person lives in a unique style of house: `ranch`, `modern`, `tudor`",
        ];
        let categories: Vec<_> = lines
            .iter()
            .map(|l| read_category(l, None).unwrap().unwrap())
            .collect();
        Lexicon::new(&categories)
    }

    const ROW: Row = Row {
        positions: 3,
        flipped: false,
        queue: false,
    };

    fn asked(text: &str) -> (Asked, Named) {
        let lex = lexicon();
        let w = words(text);
        let q = read_question(&lex, &w, ROW).unwrap_or_else(|e| panic!("{text}: {e}"));
        (q.asked, q.subject.named)
    }

    #[test]
    fn every_family_asks_in_its_words() {
        let cases = [
            (
                "What is Name of the person who lives in House 1",
                Asked::Value(0),
                true,
            ),
            (
                "What is FavoriteSport of the person who lives in House 2",
                Asked::Value(1),
                true,
            ),
            (
                "What is HouseStyle of the person who lives in House 2",
                Asked::Value(4),
                true,
            ),
            (
                "What position is the person who likes tennis at",
                Asked::Position,
                false,
            ),
            ("Who owns the fish", Asked::Value(0), false),
            (
                "What does the person who owns the fish drink",
                Asked::Value(3),
                false,
            ),
            ("In which house does Bob live", Asked::Position, false),
            ("Where does the tea drinker live", Asked::Position, false),
            ("Which pet does Ann have", Asked::Value(2), false),
            (
                "What is the number of the house where Ann lives",
                Asked::Position,
                false,
            ),
            (
                "Which person lives in the third house",
                Asked::Value(0),
                true,
            ),
            (
                "What is the cat owner's favorite sport",
                Asked::Value(1),
                false,
            ),
            (
                "What is Type of pet of the person who lives in House 1",
                Asked::Value(2),
                true,
            ),
        ];
        for (text, expected, place) in cases {
            let (a, named) = asked(text);
            assert_eq!(a, expected, "{text}");
            assert_eq!(matches!(named, Named::Place(_)), place, "{text}");
        }
    }

    #[test]
    fn other_places_of_a_row_and_people_by_name() {
        let lines = [
            "The people are Ann, Bob and Cid.",
            "Shops: baker, grocer, florist.",
            "Drinks: tea, milk, water.",
        ];
        let categories: Vec<_> = lines
            .iter()
            .map(|l| read_category(l, Some(3)).unwrap().unwrap())
            .collect();
        let lex = Lexicon::new(&categories);
        let asked = |text: &str| {
            read_question(&lex, &words(text), ROW)
                .unwrap_or_else(|e| panic!("{text}: {e}"))
                .asked
        };
        assert_eq!(asked("Which stall is the tea drinker in"), Asked::Position);
        assert_eq!(asked("Which room does Bob sleep in"), Asked::Position);
        // A category's noun is asked as the category, not as a place.
        assert_eq!(asked("Which shop does Bob run"), Asked::Value(1));
        assert_eq!(
            asked("What is the name of the tea drinker"),
            Asked::Value(0)
        );
        assert_eq!(asked("Who drinks tea"), Asked::Value(0));
        // Places in either number, as the scan's list has them.
        for plural in [
            "stalls", "rooms", "seats", "lockers", "benches", "cottages", "spaces",
        ] {
            let question = format!("Which {plural} is the tea drinker in");
            assert_eq!(asked(&question), Asked::Position, "{question}");
        }
        // A place is asked where the question asks where.
        assert_eq!(
            asked("Which stall does the tea drinker like"),
            Asked::Unsaid
        );
        // Names of people beside names of things: "the name of" is
        // either, and "the name of the cat" is not its owner's.
        let lex_of = |lines: &[&str]| {
            let categories: Vec<_> = lines
                .iter()
                .map(|l| read_category(l, Some(3)).unwrap().unwrap())
                .collect();
            Lexicon::new(&categories)
        };
        let lex = lex_of(&[
            "The people are Ann, Bob and Cid.",
            "Pets: cat, dog, fox.",
            "Each pet has a unique name: Rex, Tom, Fido.",
        ]);
        let asked = |text: &str| read_question(&lex, &words(text), ROW).map(|q| q.asked);
        assert_eq!(
            asked("What is the name of the cat owner"),
            Ok(Asked::Unsaid)
        );
        // "Who …" asks the people, whose category is the one of people.
        assert_eq!(asked("Who owns the cat"), Ok(Asked::Value(0)));
        let lex = lex_of(&["Names: Ann, Bob, Cid.", "Pets: cat, dog, fox."]);
        let asked = |text: &str| read_question(&lex, &words(text), ROW).map(|q| q.asked);
        assert_eq!(
            asked("What is the name of the cat owner"),
            Ok(Asked::Value(0))
        );
        assert!(asked("What is the name of the cat").is_err());
        let lex = lex_of(&[
            "The guests are called Ann, Bob and Cid.",
            "Pets: cat, dog, fox.",
        ]);
        let asked = |text: &str| read_question(&lex, &words(text), ROW).map(|q| q.asked);
        assert_eq!(asked("Who owns the cat"), Ok(Asked::Value(0)));
        assert_eq!(
            asked("What is the name of the cat owner"),
            Ok(Asked::Value(0))
        );
    }

    #[test]
    fn column_names_name_their_categories() {
        assert_eq!(split_camel("FavoriteSport"), "Favorite Sport");
        assert_eq!(split_camel("iPhone"), "i Phone");
        let lex = lexicon();
        assert_eq!(category_named(&lex, &keys("Pet")), Some(2));
        assert_eq!(category_named(&lex, &keys("name")), Some(0));
        assert_eq!(category_named(&lex, &keys("house")), None);
        assert_eq!(category_named(&lex, &keys("Food")), None);
    }

    #[test]
    fn questions_of_no_known_form_are_refused() {
        let lex = lexicon();
        for text in [
            "Who lives next to Bob",
            "Why is Ann here",
            "Who owns the cat and the dog",
        ] {
            let w = words(text);
            assert!(read_question(&lex, &w, ROW).is_err(), "{text}");
        }
    }
}
