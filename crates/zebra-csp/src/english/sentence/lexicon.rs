//! The puzzle's words as the reader looks them up: the values by name
//! (a trie of words, longest first and as whole words), the positions
//! ("3rd", "third", "position 3"), and what each word may be (filler, a
//! suffix); and, for a value two categories share, which one the words
//! around it name.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use super::contains;
use crate::english::header::CategoryLine;
use crate::english::vocabulary::{BLOCKED, PLACES, fillers, suffixes, vocabulary_words};
use crate::english::words::{Word, cardinal, keys, ordinal};
use crate::house::Item;

/// A word that may be filler ([`Word::class`]).
pub(super) const FILLER: u8 = 1;
/// A word that may be a suffix.
pub(super) const SUFFIX: u8 = 2;

/// A value of the header as the reader finds it.
#[derive(Clone, Debug)]
struct ValueEntry {
    keys: Vec<String>,
    /// The values of this name, in one category or more.
    items: Vec<Item>,
}

/// What the reader knows of one puzzle: its values, its categories'
/// words, every word of the vocabulary.
#[derive(Clone, Debug)]
pub(crate) struct Lexicon {
    entries: Vec<ValueEntry>,
    /// The values' names as a trie of words: every node's children but the
    /// root's (few: names sharing their first words) in a list (the root's
    /// are in `lookup`); the entry a node ends.
    children: Vec<Vec<(String, usize)>>,
    /// Every word the reader looks up: its class bits and the trie node it
    /// leads to from the root (one look-up per word).
    lookup: HashMap<Cow<'static, str>, (u8, usize)>,
    ends: Vec<Option<usize>>,
    /// The header's words that may be filler (besides [`FILLERS`]).
    fillers: HashSet<String>,
    /// The header's nouns' words that may be a suffix (besides
    /// [`SUFFIXES`]).
    suffixes: HashSet<String>,
    /// Per category: the words of its noun (what tells a shared value
    /// apart: the clues' verbs need not be the header's, BBEH's hobbies are
    /// "had" in the header and "liked" in the clues).
    category_words: Vec<HashSet<String>>,
    /// Per category: its noun's words.
    pub(super) nouns: Vec<Vec<String>>,
}

/// A thing a term is anchored to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// A value, by entry.
    Value(usize),
    /// A position named by an ordinal ("3rd", "third").
    Ordinal(usize),
    /// A position by its number after "position" or "house".
    Number(usize),
    /// Unknown words where a value could be (only to name an error).
    Unknown,
}

/// An anchor: the words `start..end` of the sentence.
#[derive(Clone, Debug)]
pub(super) struct Anchor {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) mark: Mark,
}

impl Lexicon {
    /// Whether the name of entry `e` is the name of several values.
    pub(super) fn is_shared(&self, e: usize) -> bool {
        self.entries[e].items.len() > 1
    }

    /// The lexicon of a puzzle with these categories (their values are the
    /// items of category `c`, value `v` in the order given).
    pub(crate) fn new(categories: &[CategoryLine]) -> Self {
        let mut entries: Vec<ValueEntry> = Vec::new();
        let mut by_keys: HashMap<Vec<String>, usize> = HashMap::new();
        for (c, line) in categories.iter().enumerate() {
            for (v, value) in line.values.iter().enumerate() {
                let k = keys(value);
                let item = Item::at(c, v);
                match by_keys.get(&k) {
                    Some(&e) => entries[e].items.push(item),
                    None => {
                        by_keys.insert(k.clone(), entries.len());
                        entries.push(ValueEntry {
                            keys: k,
                            items: vec![item],
                        });
                    }
                }
            }
        }
        let mut roots: HashMap<String, usize> = HashMap::new();
        let mut children: Vec<Vec<(String, usize)>> = vec![Vec::new()];
        let mut ends: Vec<Option<usize>> = vec![None];
        for (e, entry) in entries.iter().enumerate() {
            let mut node = 0;
            for word in &entry.keys {
                let found = if node == 0 {
                    roots.get(word).copied()
                } else {
                    children[node]
                        .iter()
                        .find(|(w, _)| w == word)
                        .map(|&(_, n)| n)
                };
                node = match found {
                    Some(next) => next,
                    None => {
                        let next = ends.len();
                        ends.push(None);
                        children.push(Vec::new());
                        if node == 0 {
                            roots.insert(word.clone(), next);
                        } else {
                            children[node].push((word.clone(), next));
                        }
                        next
                    }
                };
            }
            ends[node] = Some(e);
        }
        let header_words = |text: &str| -> Vec<String> {
            keys(text)
                .into_iter()
                .filter(|k| !contains(BLOCKED, k) && cardinal(k).is_none() && ordinal(k).is_none())
                .collect()
        };
        let mut fillers_of_header: HashSet<String> = HashSet::new();
        let mut suffixes_of_header: HashSet<String> = HashSet::new();
        let mut category_words = Vec::new();
        let mut nouns = Vec::new();
        for line in categories {
            let verb = header_words(&line.verb);
            let noun = header_words(&line.noun);
            fillers_of_header.extend(verb.iter().cloned());
            fillers_of_header.extend(noun.iter().cloned());
            suffixes_of_header.extend(noun.iter().cloned());
            category_words.push(noun.into_iter().collect());
            nouns.push(keys(&line.noun));
        }
        // The vocabulary's words, then the header's and the values' first
        // words.
        static BASE: OnceLock<HashMap<Cow<'static, str>, (u8, usize)>> = OnceLock::new();
        let base = BASE.get_or_init(|| {
            let mut base: HashMap<Cow<'static, str>, (u8, usize)> = HashMap::new();
            for (words, class) in [(fillers(), FILLER), (suffixes(), SUFFIX)] {
                for &w in words {
                    base.entry(Cow::Borrowed(w)).or_insert((0, 0)).0 |= class;
                }
            }
            base
        });
        let mut lookup = base.clone();
        for (words, class) in [(&fillers_of_header, FILLER), (&suffixes_of_header, SUFFIX)] {
            for w in words {
                lookup.entry(Cow::Owned(w.clone())).or_insert((0, 0)).0 |= class;
            }
        }
        for (w, node) in roots {
            lookup.entry(Cow::Owned(w)).or_insert((0, 0)).1 = node;
        }
        Lexicon {
            entries,
            lookup,
            children,
            ends,
            fillers: fillers_of_header,
            suffixes: suffixes_of_header,
            category_words,
            nouns,
        }
    }

    /// `shared[category][value]`: whether another category has a value of
    /// that name (for `categories` categories of `positions` values).
    pub(crate) fn shared(&self, categories: usize, positions: usize) -> Vec<Vec<bool>> {
        let mut shared = vec![vec![false; positions]; categories];
        for entry in &self.entries {
            let first = entry.items[0].category();
            if entry.items.iter().any(|i| i.category() != first) {
                for item in &entry.items {
                    shared[item.category().index()][item.index()] = true;
                }
            }
        }
        shared
    }

    /// The number of words a category's noun takes at the start of
    /// `words` (the longest noun that fits), if one does.
    fn noun_at(&self, words: &[Word<'_>]) -> Option<usize> {
        self.nouns
            .iter()
            .filter(|noun| {
                !noun.is_empty()
                    && noun.len() <= words.len()
                    && noun.iter().zip(words).all(|(n, w)| *n == w.key)
            })
            .map(Vec::len)
            .max()
    }

    /// The anchors of `words`, left to right, none before `from`. A
    /// category's noun after "whose" ("the person whose favorite color is
    /// red") names the category, not a value, even if a value has one of
    /// its words.
    pub(super) fn anchors(&self, words: &[Word<'_>], from: usize) -> Vec<Anchor> {
        let mut anchors = Vec::new();
        let mut i = from;
        while i < words.len() {
            if i > 0
                && words[i - 1].key == "whose"
                && let Some(len) = self.noun_at(&words[i..])
            {
                i += len;
                continue;
            }
            // The longest name that starts here.
            let mut longest = None;
            let mut node = 0;
            for word in &words[i..] {
                let next = if node == 0 {
                    (word.node != 0).then_some(word.node)
                } else {
                    self.children[node]
                        .iter()
                        .find(|(w, _)| *w == word.key)
                        .map(|&(_, n)| n)
                };
                match next {
                    Some(next) => node = next,
                    None => break,
                }
                if let Some(e) = self.ends[node] {
                    longest = Some(e);
                }
            }
            if let Some(e) = longest {
                let end = i + self.entries[e].keys.len();
                anchors.push(Anchor {
                    start: i,
                    end,
                    mark: Mark::Value(e),
                });
                i = end;
            } else if let Some(n) = ordinal(&words[i].key) {
                anchors.push(Anchor {
                    start: i,
                    end: i + 1,
                    mark: Mark::Ordinal(n),
                });
                i += 1;
            } else if let (true, Some(n)) = (
                contains(PLACES, &words[i].key),
                words
                    .get(i + 1)
                    .filter(|w| w.key.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|w| cardinal(&w.key)),
            ) {
                anchors.push(Anchor {
                    start: i + 1,
                    end: i + 2,
                    mark: Mark::Number(n),
                });
                i += 2;
            } else {
                i += 1;
            }
        }
        anchors
    }

    /// Marks what the reader knows of each of `words`: whether it may be
    /// filler, or a suffix (looked up once per word).
    pub(super) fn classify(&self, words: &mut [Word<'_>]) {
        for w in words {
            let (class, node) = self.lookup.get(&*w.key).copied().unwrap_or((0, 0));
            w.class = class;
            w.node = node;
        }
    }

    /// The value candidates of entry `e` that the words around it agree
    /// with (all of them when nothing in the words tells them apart).
    pub(super) fn resolve(&self, e: usize, around: &[Word<'_>]) -> Vec<Item> {
        let items = &self.entries[e].items;
        if items.len() < 2 {
            return items.clone();
        }
        const PLAIN: &[&str] = &[
            "the", "a", "an", "person", "one", "who", "whose", "that", "is", "are", "has", "have",
            "of", "in", "to",
        ];
        let telling: Vec<&str> = around
            .iter()
            .map(|w| &*w.key)
            .filter(|k| !contains(PLAIN, k))
            .collect();
        let scores: Vec<usize> = items
            .iter()
            .map(|item| {
                let words = &self.category_words[item.category().index()];
                telling.iter().filter(|k| words.contains(**k)).count()
            })
            .collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        if best == 0 || scores.iter().filter(|&&s| s == best).count() > 1 {
            return items.clone();
        }
        items
            .iter()
            .zip(&scores)
            .filter(|&(_, &s)| s == best)
            .map(|(item, _)| *item)
            .collect()
    }

    /// Whether `key` is a word the reader knows (of the vocabulary or the
    /// header), besides the values.
    pub(super) fn knows(&self, key: &str) -> bool {
        vocabulary_words().contains(key)
            || self.fillers.contains(key)
            || self.suffixes.contains(key)
            || self.nouns.iter().flatten().any(|n| n == key)
    }
}
