//! Reading one sentence, a clue or a question: first its anchors (the
//! values, found by name, longest first and as whole words; the
//! positions, "3rd", "third", "position 3"), then the phrase of the
//! vocabulary whose words lie between them, then each term's own words
//! around its anchor by the term rules.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use super::error::ReadErrorKind;
use super::header::CategoryLine;
use super::vocabulary::{
    BLOCKED, DETERMINERS, PERSONS, PLACES, Part, Template, fillers, question_templates,
    relation_templates, suffixes, vocabulary_words, who_templates,
};
use super::words::{Word, cardinal, keys, ordinal};
use crate::house::Item;

/// A word that may be filler ([`Word::class`]).
const FILLER: u8 = 1;
/// A word that may be a suffix.
const SUFFIX: u8 = 2;

/// The most words a clue or question may have (each phrase is matched in
/// a time linear in it).
pub(crate) const MAX_WORDS: usize = 256;

/// How a term was phrased around its value: the words before and after,
/// as written (a sentence's capital dropped).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TermForm {
    pub(crate) before: String,
    pub(crate) after: String,
}

impl TermForm {
    /// The term naming `value` in this form.
    pub(crate) fn with(&self, value: &str) -> String {
        let mut out = String::new();
        for part in [self.before.as_str(), value, self.after.as_str()] {
            if !part.is_empty() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(part);
            }
        }
        out
    }
}

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
    nouns: Vec<Vec<String>>,
}

/// A thing a term is anchored to.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mark {
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
struct Anchor {
    start: usize,
    end: usize,
    mark: Mark,
}

/// Where a term's own words are around its anchor: its prefix is the
/// words `p0..p1` (`p1` the anchor's start), its suffix `s0..s1` (`s0` the
/// anchor's end).
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    p0: usize,
    p1: usize,
    s0: usize,
    s1: usize,
}

/// How a phrase fits a sentence: each term's span, the count, the
/// category.
#[derive(Clone, Debug)]
struct Fit {
    /// The first as many as the phrase has slots (at most three).
    spans: [Span; 3],
    count: Option<usize>,
    category: Option<usize>,
}

/// The ways a literal run matches: the words it uses, its count, its
/// category.
enum Ways {
    /// A run of words only: at most one way, with neither.
    Plain(Option<usize>),
    General(std::vec::IntoIter<(usize, Option<usize>, Option<usize>)>),
}

impl Iterator for Ways {
    type Item = (usize, Option<usize>, Option<usize>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Ways::Plain(used) => used.take().map(|u| (u, None, None)),
            Ways::General(ways) => ways.next(),
        }
    }
}

/// A term as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReadTerm {
    /// A value: the candidates its phrase leaves (one, unless it is
    /// ambiguous), whether its name is of several categories, how the term
    /// was phrased, the value as written.
    Value {
        items: Vec<Item>,
        shared: bool,
        form: TermForm,
        text: String,
    },
    /// A position (from 1, not yet checked against the row).
    House(usize),
}

/// A sentence as read: which phrase, its terms, its count or category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reading {
    /// The phrase's index in its table.
    pub(crate) phrase: usize,
    pub(crate) terms: Vec<ReadTerm>,
    pub(crate) count: Option<usize>,
    pub(crate) category: Option<usize>,
}

/// Which table a sentence is read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Table {
    Clues,
    Questions,
    /// A question that starts with "who": one term.
    Who,
}

impl Table {
    fn templates(self) -> &'static [Template] {
        match self {
            Table::Clues => relation_templates(),
            Table::Questions => question_templates(),
            Table::Who => who_templates(),
        }
    }
}

fn contains(set: &[&str], key: &str) -> bool {
    set.contains(&key)
}

impl Lexicon {
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
    fn anchors(&self, words: &[Word<'_>], from: usize) -> Vec<Anchor> {
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

    /// The ways the parts `parts` (words, a count, a category) match the
    /// start of `words`: the words used, the count, the category.
    fn literal(
        &self,
        parts: &[Part],
        words: &[Word<'_>],
    ) -> Vec<(usize, Option<usize>, Option<usize>)> {
        let mut ways = vec![(0usize, None, None)];
        for part in parts {
            let mut next = Vec::new();
            for (at, count, category) in ways {
                match part {
                    Part::Word(w) => {
                        if words.get(at).is_some_and(|x| x.key == *w) {
                            next.push((at + 1, count, category));
                        }
                    }
                    Part::Count => {
                        if let Some(n) = words.get(at).and_then(|x| cardinal(&x.key)) {
                            next.push((at + 1, Some(n), category));
                        }
                    }
                    Part::Category => {
                        for (c, noun) in self.nouns.iter().enumerate() {
                            let fits = !noun.is_empty()
                                && at + noun.len() <= words.len()
                                && noun.iter().zip(&words[at..]).all(|(n, x)| *n == x.key);
                            if fits {
                                next.push((at + noun.len(), count, Some(c)));
                            }
                        }
                    }
                    Part::Term | Part::House => unreachable!("literal parts only"),
                }
            }
            ways = next;
            if ways.is_empty() {
                break;
            }
        }
        ways
    }

    /// The ways run `run` of `template` matches the start of `words`: at
    /// once for a run of words only (the most phrases), else by
    /// [`literal`](Lexicon::literal).
    fn ways(&self, template: &Template, run: usize, words: &[Word<'_>]) -> Ways {
        match &template.plain[run] {
            Some(keys) => Ways::Plain(
                (keys.len() <= words.len() && keys.iter().zip(words).all(|(k, w)| *k == w.key))
                    .then_some(keys.len()),
            ),
            None => Ways::General(self.literal(&template.runs[run], words).into_iter()),
        }
    }

    fn value_prefix(prefix: &[Word<'_>]) -> bool {
        let mut i = 0;
        if prefix
            .first()
            .is_some_and(|w| contains(DETERMINERS, &w.key))
        {
            i = 1;
        }
        if i == prefix.len() {
            return true;
        }
        contains(PERSONS, &prefix[i].key) && prefix[i + 1..].iter().all(|w| w.class & FILLER != 0)
    }

    /// For a position named by an ordinal: `Some(true)` for "the person at
    /// the", `Some(false)` for "the", else `None`.
    fn ordinal_prefix(prefix: &[Word<'_>]) -> Option<bool> {
        let k = |i: usize| &*prefix[i].key;
        match prefix.len() {
            1 if k(0) == "the" => Some(false),
            4 if k(0) == "the"
                && contains(PERSONS, k(1))
                && matches!(k(2), "at" | "in")
                && k(3) == "the" =>
            {
                Some(true)
            }
            _ => None,
        }
    }

    /// For a position by number: `Some(true)` for "the person in position",
    /// `Some(false)` for "position", else `None`.
    fn number_prefix(prefix: &[Word<'_>]) -> Option<bool> {
        let k = |i: usize| &*prefix[i].key;
        match prefix.len() {
            1 if contains(PLACES, k(0)) => Some(false),
            4 if k(0) == "the"
                && contains(PERSONS, k(1))
                && matches!(k(2), "at" | "in")
                && contains(PLACES, k(3)) =>
            {
                Some(true)
            }
            _ => None,
        }
    }

    /// Whether `prefix` may stand before `mark` in slot `slot`.
    fn prefix_fits(&self, mark: &Mark, slot: &Part, prefix: &[Word<'_>]) -> bool {
        match mark {
            Mark::Value(_) | Mark::Unknown => *slot == Part::Term && Self::value_prefix(prefix),
            Mark::Ordinal(_) => {
                Self::ordinal_prefix(prefix).is_some_and(|person| person == (*slot == Part::Term))
            }
            Mark::Number(_) => {
                Self::number_prefix(prefix).is_some_and(|person| person == (*slot == Part::Term))
            }
        }
    }

    /// Whether `suffix` may follow `mark`.
    fn suffix_fits(mark: &Mark, suffix: &[Word<'_>]) -> bool {
        match mark {
            Mark::Value(_) | Mark::Unknown => {
                suffix.len() <= 3 && suffix.iter().all(|w| w.class & SUFFIX != 0)
            }
            Mark::Ordinal(_) => suffix.len() == 1 && contains(PLACES, &suffix[0].key),
            Mark::Number(_) => suffix.is_empty(),
        }
    }

    /// The words a question's head takes when it names a category ("what
    /// is the NOUN of", "which NOUN does"), else 0.
    fn question_head(&self, words: &[Word<'_>]) -> usize {
        question_templates()
            .iter()
            .filter(|t| t.runs[0].contains(&Part::Category))
            .flat_map(|t| self.literal(&t.runs[0], words))
            .map(|(used, _, _)| used)
            .max()
            .unwrap_or(0)
    }

    /// Marks what the reader knows of each of `words`: whether it may be
    /// filler, or a suffix (looked up once per word).
    fn classify(&self, words: &mut [Word<'_>]) {
        for w in words {
            let (class, node) = self.lookup.get(&*w.key).copied().unwrap_or((0, 0));
            w.class = class;
            w.node = node;
        }
    }

    /// Matches `template` to `words` with these anchors: the split points
    /// (each term's prefix and suffix ranges), the count and category.
    fn fit(&self, template: &Template, words: &[Word<'_>], anchors: &[Anchor]) -> Option<Fit> {
        let (runs, slots) = (&template.runs, &template.slots);
        if slots.len() != anchors.len() || anchors.is_empty() {
            return None;
        }
        let (mut count, mut category) = (None, None);
        // Per term: prefix start, prefix end (= anchor start), suffix
        // start (= anchor end), suffix end.
        if anchors.len() > 3 {
            return None;
        }
        // A quick look first: the words after the first term (its suffix
        // has at most three) must start the literal that follows it.
        let after_first = match anchors.get(1) {
            Some(next) => &words[anchors[0].end..next.start],
            None => &words[anchors[0].end..],
        };
        if let Some(keys) = template.plain[1].as_ref() {
            let starts = |p: usize| {
                p + keys.len() <= after_first.len()
                    && keys.iter().zip(&after_first[p..]).all(|(k, w)| *k == w.key)
            };
            if !(0..=after_first.len().min(3)).any(starts) {
                return None;
            }
        }
        let mut spans = [Span::default(); 3];
        // The head: the literal, then the first term's prefix.
        let first = &anchors[0];
        let head = &words[..first.start];
        let way = self
            .ways(template, 0, head)
            .find(|&(used, _, _)| self.prefix_fits(&first.mark, &slots[0], &head[used..]))?;
        count = count.or(way.1);
        category = category.or(way.2);
        spans[0].p0 = way.0;
        spans[0].p1 = first.start;
        // Between terms: a suffix, the literal, a prefix.
        for i in 1..anchors.len() {
            let (left, right) = (&anchors[i - 1], &anchors[i]);
            let region = &words[left.end..right.start];
            // The literal first (a compare), then the term rules; a suffix
            // has at most three words.
            let found = (0..=region.len().min(3)).find_map(|p| {
                let mut ways = self.ways(template, i, &region[p..]).peekable();
                ways.peek()?;
                if !Self::suffix_fits(&left.mark, &region[..p]) {
                    return None;
                }
                ways.find(|&(used, _, _)| {
                    self.prefix_fits(&right.mark, &slots[i], &region[p + used..])
                })
                .map(|way| (p, way))
            })?;
            let (p, (used, c, g)) = found;
            count = count.or(c);
            category = category.or(g);
            spans[i - 1].s0 = left.end;
            spans[i - 1].s1 = left.end + p;
            spans[i].p0 = left.end + p + used;
            spans[i].p1 = right.start;
        }
        // The tail: the last term's suffix, then the literal to the end.
        let last = &anchors[anchors.len() - 1];
        let region = &words[last.end..];
        let tail = runs.len() - 1;
        let found = (0..=region.len().min(3)).find_map(|p| {
            let way = self
                .ways(template, tail, &region[p..])
                .find(|&(used, _, _)| p + used == region.len())?;
            Self::suffix_fits(&last.mark, &region[..p]).then_some((p, way))
        })?;
        let (p, (_, c, g)) = found;
        count = count.or(c);
        category = category.or(g);
        let n = anchors.len();
        spans[n - 1].s0 = last.end;
        spans[n - 1].s1 = last.end + p;
        Some(Fit {
            spans,
            count,
            category,
        })
    }

    /// The value candidates of entry `e` that the words around it agree
    /// with (all of them when nothing in the words tells them apart).
    fn resolve(&self, e: usize, around: &[Word<'_>]) -> Vec<Item> {
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

    /// Reads `words` (a sentence without its number) with `table`.
    pub(crate) fn read(
        &self,
        words: &mut [Word<'_>],
        table: Table,
    ) -> Result<Reading, ReadErrorKind> {
        if words.len() > MAX_WORDS {
            return Err(ReadErrorKind::TooLong { limit: MAX_WORDS });
        }
        self.classify(words);
        let words: &[Word<'_>] = words;
        // A question's category noun ("What is the type of pet of …")
        // names the category: no anchor in it.
        let from = match table {
            Table::Questions => self.question_head(words),
            _ => 0,
        };
        let anchors = self.anchors(words, from);
        let templates = table.templates();
        let mut best: Option<(usize, Fit)> = None;
        for (t, template) in templates.iter().enumerate() {
            if let Some(fit) = self.fit(template, words, &anchors) {
                let better = best
                    .as_ref()
                    .is_none_or(|(b, _)| templates[*b].words < template.words);
                if better {
                    best = Some((t, fit));
                }
            }
        }
        let Some((phrase, fit)) = best else {
            return Err(self.explain_failure(words, &anchors, table));
        };
        let mut terms = Vec::with_capacity(anchors.len());
        for (anchor, &Span { p0, p1, s0, s1 }) in anchors.iter().zip(&fit.spans) {
            terms.push(match anchor.mark {
                Mark::Value(e) => {
                    // Only a shared name needs its words to tell.
                    let around: Vec<Word<'_>> = if self.entries[e].items.len() > 1 {
                        words[p0..p1]
                            .iter()
                            .chain(&words[s0..s1])
                            .cloned()
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let before = form_text(&words[p0..p1], p0 == 0);
                    let after = form_text(&words[s0..s1], false);
                    ReadTerm::Value {
                        items: self.resolve(e, &around),
                        shared: self.entries[e].items.len() > 1,
                        form: TermForm { before, after },
                        text: form_text(&words[anchor.start..anchor.end], false),
                    }
                }
                Mark::Ordinal(n) | Mark::Number(n) => ReadTerm::House(n),
                Mark::Unknown => unreachable!("unknown anchors are only tried for errors"),
            });
        }
        Ok(Reading {
            phrase,
            terms,
            count: fit.count,
            category: fit.category,
        })
    }

    /// Whether `key` is a word the reader knows (of the vocabulary or the
    /// header), besides the values.
    fn knows(&self, key: &str) -> bool {
        vocabulary_words().contains(key)
            || self.fillers.contains(key)
            || self.suffixes.contains(key)
            || self.nouns.iter().flatten().any(|n| n == key)
    }

    /// Why no phrase fits: unknown words where a value would make a phrase
    /// fit are an unknown value; else the words the reader cannot place.
    fn explain_failure(
        &self,
        words: &[Word<'_>],
        anchors: &[Anchor],
        table: Table,
    ) -> ReadErrorKind {
        let in_anchor = |i: usize| anchors.iter().any(|a| a.start <= i && i < a.end);
        let unknown: Vec<usize> = (0..words.len())
            .filter(|&i| !in_anchor(i) && !self.knows(&words[i].key))
            .collect();
        let text = |range: std::ops::Range<usize>| form_text(&words[range], false);
        if !unknown.is_empty() {
            // Runs of unknown words, tried as values.
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for &i in &unknown {
                match runs.last_mut() {
                    Some((_, end)) if *end == i => *end = i + 1,
                    _ => runs.push((i, i + 1)),
                }
            }
            let mut trial: Vec<Anchor> = anchors.to_vec();
            trial.extend(runs.iter().map(|&(start, end)| Anchor {
                start,
                end,
                mark: Mark::Unknown,
            }));
            trial.sort_by_key(|a| a.start);
            if table
                .templates()
                .iter()
                .any(|t| self.fit(t, words, &trial).is_some())
            {
                let names: Vec<String> = runs.iter().map(|&(s, e)| text(s..e)).collect();
                return ReadErrorKind::UnknownValue {
                    words: names.join(", "),
                };
            }
            let names: Vec<String> = runs.iter().map(|&(s, e)| text(s..e)).collect();
            return ReadErrorKind::UnknownForm {
                words: names.join(", "),
            };
        }
        // Every word is known: the relation is what does not fit. Name the
        // words outside the terms' anchors.
        let mut gaps: Vec<String> = Vec::new();
        let mut at = 0;
        for a in anchors.iter().chain(std::iter::once(&Anchor {
            start: words.len(),
            end: words.len(),
            mark: Mark::Unknown,
        })) {
            if a.start > at {
                gaps.push(text(at..a.start));
            }
            at = a.end;
        }
        let words = if gaps.is_empty() {
            text(0..words.len())
        } else {
            gaps.join(" … ")
        };
        ReadErrorKind::UnknownForm { words }
    }
}

/// Words as written, joined by spaces; at the start of a sentence a
/// capitalised determiner ("The") is put in lower case.
fn form_text(words: &[Word<'_>], sentence_start: bool) -> String {
    let mut out = String::with_capacity(words.iter().map(|w| w.text.len() + 1).sum());
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if i == 0 && sentence_start && contains(DETERMINERS, &w.key) {
            out.push_str(&w.key);
        } else {
            out.push_str(w.text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Lexicon, ReadTerm, Table};
    use crate::english::header::read_category;
    use crate::english::vocabulary::RELATIONS;
    use crate::english::words::words;
    use crate::english::{ReadErrorKind, Relation};
    use crate::house::Item;

    fn lexicon() -> Lexicon {
        let lines = [
            "Everyone supports a different NBA team: Bulls, Suns, Hawks.",
            "Everyone has a different name: Michael, Eric, Ann.",
            "Everyone owns a different handbag brand: Michael Kors, Dolce and Gabbana, Tumi.",
            "Everyone plays a different sport: basketball, tennis, table tennis.",
            "Everyone has a different favorite drink: tea, iced tea, milk.",
            "Everyone has a different favourite colour: orange, blue, red.",
            "Everyone likes a different fruit: orange, kiwi, plum.",
        ];
        let categories: Vec<_> = lines
            .iter()
            .map(|l| read_category(l).unwrap().unwrap())
            .collect();
        Lexicon::new(&categories)
    }

    fn relation(text: &str) -> (Relation, Vec<ReadTerm>) {
        let reading = lexicon().read(&mut words(text), Table::Clues).expect(text);
        (RELATIONS[reading.phrase].0, reading.terms)
    }

    fn value(c: usize, v: usize) -> Vec<Item> {
        vec![Item::at(c, v)]
    }

    fn items(term: &ReadTerm) -> Vec<Item> {
        match term {
            ReadTerm::Value { items, .. } => items.clone(),
            ReadTerm::House(_) => Vec::new(),
        }
    }

    #[test]
    fn values_are_found_longest_first_as_whole_words() {
        let (r, t) = relation("The person who owns a Michael Kors is Michael.");
        assert_eq!(r, Relation::Same);
        assert_eq!((items(&t[0]), items(&t[1])), (value(2, 0), value(1, 0)));
        let (r, t) = relation(
            "The person who owns a Dolce and Gabbana is somewhere in between Eric and the table tennis player in that order.",
        );
        assert_eq!(r, Relation::InOrder);
        assert_eq!(items(&t[2]), value(3, 2));
        let (_, t) =
            relation("The person who drinks iced tea is next to the person who drinks tea.");
        assert_eq!((items(&t[0]), items(&t[1])), (value(4, 1), value(4, 0)));
    }

    #[test]
    fn positions_are_terms_too() {
        let (r, t) =
            relation("The person at the 3rd position is not the person who supports the Hawks.");
        assert_eq!(r, Relation::NotSame);
        assert_eq!(t[0], ReadTerm::House(3));
        let (r, t) = relation("Eric is not in the second house.");
        assert_eq!((r, &t[1]), (Relation::NotSame, &ReadTerm::House(2)));
        let (r, t) = relation("Eric is in house 2.");
        assert_eq!((r, &t[1]), (Relation::Same, &ReadTerm::House(2)));
        // A bare position is no person.
        let err = lexicon().read(&mut words("Eric is the second house."), Table::Clues);
        assert!(err.is_err());
    }

    #[test]
    fn a_shared_value_is_told_apart_by_its_phrase_or_left_ambiguous() {
        let (_, t) = relation("The person whose favourite colour is orange is Eric.");
        assert_eq!(items(&t[0]), value(5, 0));
        let (_, t) = relation("The person who likes the orange fruit is Eric.");
        assert_eq!(items(&t[0]), value(6, 0));
        // Verbs tell nothing: the clues' verbs need not be the header's.
        let (_, t) = relation("The person who likes orange is Eric.");
        assert_eq!(items(&t[0]), vec![Item::at(5, 0), Item::at(6, 0)]);
        let (_, t) = relation("The orange person is Eric.");
        assert_eq!(items(&t[0]), vec![Item::at(5, 0), Item::at(6, 0)]);
    }

    #[test]
    fn what_cannot_be_placed_is_named() {
        let lex = lexicon();
        let read = |text: &str| lex.read(&mut words(text), Table::Clues).unwrap_err();
        assert_eq!(
            read("The person who supports the Lakers is next to Eric."),
            ReadErrorKind::UnknownValue {
                words: "Lakers".into()
            }
        );
        assert_eq!(
            read("The person who supports the Bulls is far away from Eric."),
            ReadErrorKind::UnknownForm {
                words: "far away".into()
            }
        );
        assert_eq!(
            read("The person who supports the Bulls is left of Eric."),
            ReadErrorKind::UnknownForm {
                words: "The person who supports the … is left of".into()
            }
        );
        // Negation is never filler.
        assert!(matches!(
            read("The person who does not support the Bulls is Eric."),
            ReadErrorKind::UnknownForm { .. }
        ));
    }
}
