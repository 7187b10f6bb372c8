//! Reading one sentence, a clue or a question: first its anchors (the
//! values, found by name, longest first and as whole words; the
//! positions, "3rd", "third", "position 3"), then the phrase of the
//! vocabulary whose words lie between them, then each term's own words
//! around its anchor by the term rules.

use std::collections::{HashMap, HashSet};

use super::error::ReadErrorKind;
use super::header::CategoryLine;
use super::vocabulary::{
    BLOCKED, DETERMINERS, FILLERS, PERSONS, PLACES, Part, SUFFIXES, Template, question_templates,
    relation_templates, who_templates,
};
use super::words::{Word, cardinal, keys, ordinal};
use crate::house::Item;

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
    /// The values' names as a trie of words: from the root (node 0), each
    /// node's children by word, and the entry a node ends.
    trie: Vec<(HashMap<String, usize>, Option<usize>)>,
    fillers: HashSet<String>,
    suffixes: HashSet<String>,
    /// Per category: the words of its noun (what tells a shared value
    /// apart: the clues' verbs need not be the header's, BBEH's hobbies are
    /// "had" in the header and "liked" in the clues).
    category_words: Vec<HashSet<String>>,
    /// Per category: its noun's words.
    nouns: Vec<Vec<String>>,
    /// Every word the reader knows besides the values.
    known: HashSet<String>,
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
    spans: Vec<Span>,
    count: Option<usize>,
    category: Option<usize>,
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
        let mut trie: Vec<(HashMap<String, usize>, Option<usize>)> = vec![(HashMap::new(), None)];
        for (e, entry) in entries.iter().enumerate() {
            let mut node = 0;
            for word in &entry.keys {
                node = match trie[node].0.get(word) {
                    Some(&next) => next,
                    None => {
                        let next = trie.len();
                        trie.push((HashMap::new(), None));
                        trie[node].0.insert(word.clone(), next);
                        next
                    }
                };
            }
            trie[node].1 = Some(e);
        }
        let header_words = |text: &str| -> Vec<String> {
            keys(text)
                .into_iter()
                .filter(|k| !contains(BLOCKED, k) && cardinal(k).is_none() && ordinal(k).is_none())
                .collect()
        };
        let mut fillers: HashSet<String> = FILLERS.iter().map(|s| (*s).to_string()).collect();
        let mut suffixes: HashSet<String> = SUFFIXES.iter().map(|s| (*s).to_string()).collect();
        let mut category_words = Vec::new();
        let mut nouns = Vec::new();
        for line in categories {
            let verb = header_words(&line.verb);
            let noun = header_words(&line.noun);
            fillers.extend(verb.iter().cloned());
            fillers.extend(noun.iter().cloned());
            suffixes.extend(noun.iter().cloned());
            category_words.push(noun.into_iter().collect());
            nouns.push(keys(&line.noun));
        }
        let mut known: HashSet<String> = fillers.iter().chain(&suffixes).cloned().collect();
        for set in [DETERMINERS, PERSONS, PLACES] {
            known.extend(set.iter().map(|s| (*s).to_string()));
        }
        for template in relation_templates().iter().chain(question_templates()) {
            for part in &template.parts {
                if let Part::Word(w) = part {
                    known.insert(w.clone());
                }
            }
        }
        known.extend(nouns.iter().flatten().cloned());
        Lexicon {
            entries,
            trie,
            fillers,
            suffixes,
            category_words,
            nouns,
            known,
        }
    }

    /// The anchors of `words`, left to right.
    fn anchors(&self, words: &[Word<'_>]) -> Vec<Anchor> {
        let mut anchors = Vec::new();
        let mut i = 0;
        while i < words.len() {
            // The longest name that starts here.
            let mut longest = None;
            let mut node = 0;
            for word in &words[i..] {
                match self.trie[node].0.get(&word.key) {
                    Some(&next) => node = next,
                    None => break,
                }
                if let Some(e) = self.trie[node].1 {
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

    fn value_prefix(&self, prefix: &[Word<'_>]) -> bool {
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
        contains(PERSONS, &prefix[i].key)
            && prefix[i + 1..]
                .iter()
                .all(|w| self.fillers.contains(&w.key))
    }

    /// For a position named by an ordinal: `Some(true)` for "the person at
    /// the", `Some(false)` for "the", else `None`.
    fn ordinal_prefix(prefix: &[Word<'_>]) -> Option<bool> {
        let k: Vec<&str> = prefix.iter().map(|w| w.key.as_str()).collect();
        match k.as_slice() {
            ["the"] => Some(false),
            ["the", person, "at" | "in", "the"] if contains(PERSONS, person) => Some(true),
            _ => None,
        }
    }

    /// For a position by number: `Some(true)` for "the person in position",
    /// `Some(false)` for "position", else `None`.
    fn number_prefix(prefix: &[Word<'_>]) -> Option<bool> {
        let k: Vec<&str> = prefix.iter().map(|w| w.key.as_str()).collect();
        match k.as_slice() {
            [place] if contains(PLACES, place) => Some(false),
            ["the", person, "at" | "in", place]
                if contains(PERSONS, person) && contains(PLACES, place) =>
            {
                Some(true)
            }
            _ => None,
        }
    }

    /// Whether `prefix` may stand before `mark` in slot `slot`.
    fn prefix_fits(&self, mark: &Mark, slot: &Part, prefix: &[Word<'_>]) -> bool {
        match mark {
            Mark::Value(_) | Mark::Unknown => *slot == Part::Term && self.value_prefix(prefix),
            Mark::Ordinal(_) => {
                Self::ordinal_prefix(prefix).is_some_and(|person| person == (*slot == Part::Term))
            }
            Mark::Number(_) => {
                Self::number_prefix(prefix).is_some_and(|person| person == (*slot == Part::Term))
            }
        }
    }

    /// Whether `suffix` may follow `mark`.
    fn suffix_fits(&self, mark: &Mark, suffix: &[Word<'_>]) -> bool {
        match mark {
            Mark::Value(_) | Mark::Unknown => {
                suffix.len() <= 3 && suffix.iter().all(|w| self.suffixes.contains(&w.key))
            }
            Mark::Ordinal(_) => suffix.len() == 1 && contains(PLACES, &suffix[0].key),
            Mark::Number(_) => suffix.is_empty(),
        }
    }

    /// Matches `template` to `words` with these anchors: the split points
    /// (each term's prefix and suffix ranges), the count and category.
    fn fit(&self, template: &Template, words: &[Word<'_>], anchors: &[Anchor]) -> Option<Fit> {
        // The template's literal runs around its slots.
        let mut runs: Vec<&[Part]> = Vec::new();
        let mut slots: Vec<&Part> = Vec::new();
        let mut start = 0;
        for (i, part) in template.parts.iter().enumerate() {
            if part.is_slot() {
                runs.push(&template.parts[start..i]);
                slots.push(part);
                start = i + 1;
            }
        }
        runs.push(&template.parts[start..]);
        if slots.len() != anchors.len() || anchors.is_empty() {
            return None;
        }
        let (mut count, mut category) = (None, None);
        // Per term: prefix start, prefix end (= anchor start), suffix
        // start (= anchor end), suffix end.
        let mut spans = vec![Span::default(); anchors.len()];
        // The head: the literal, then the first term's prefix.
        let first = &anchors[0];
        let head = &words[..first.start];
        let way = self
            .literal(runs[0], head)
            .into_iter()
            .find(|&(used, _, _)| self.prefix_fits(&first.mark, slots[0], &head[used..]))?;
        count = count.or(way.1);
        category = category.or(way.2);
        spans[0].p0 = way.0;
        spans[0].p1 = first.start;
        // Between terms: a suffix, the literal, a prefix.
        for i in 1..anchors.len() {
            let (left, right) = (&anchors[i - 1], &anchors[i]);
            let region = &words[left.end..right.start];
            let found = (0..=region.len()).find_map(|p| {
                if !self.suffix_fits(&left.mark, &region[..p]) {
                    return None;
                }
                self.literal(runs[i], &region[p..])
                    .into_iter()
                    .find(|&(used, _, _)| {
                        self.prefix_fits(&right.mark, slots[i], &region[p + used..])
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
        let tail = runs[runs.len() - 1];
        let found = (0..=region.len()).find_map(|p| {
            if !self.suffix_fits(&last.mark, &region[..p]) {
                return None;
            }
            self.literal(tail, &region[p..])
                .into_iter()
                .find(|&(used, _, _)| p + used == region.len())
                .map(|way| (p, way))
        })?;
        let (p, (_, c, g)) = found;
        count = count.or(c);
        category = category.or(g);
        let n = spans.len();
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
            .map(|w| w.key.as_str())
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
    pub(crate) fn read(&self, words: &[Word<'_>], table: Table) -> Result<Reading, ReadErrorKind> {
        if words.len() > MAX_WORDS {
            return Err(ReadErrorKind::TooLong { limit: MAX_WORDS });
        }
        let anchors = self.anchors(words);
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
                    let around: Vec<Word<'_>> = words[p0..p1]
                        .iter()
                        .chain(&words[s0..s1])
                        .cloned()
                        .collect();
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
            .filter(|&i| !in_anchor(i) && !self.known.contains(&words[i].key))
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
    let mut parts: Vec<String> = words.iter().map(|w| w.text.to_string()).collect();
    if sentence_start
        && let Some(first) = parts.first_mut()
        && contains(DETERMINERS, &first.to_lowercase())
    {
        *first = first.to_lowercase();
    }
    parts.join(" ")
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
        let reading = lexicon().read(&words(text), Table::Clues).expect(text);
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
        let err = lexicon().read(&words("Eric is the second house."), Table::Clues);
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
        let read = |text: &str| lex.read(&words(text), Table::Clues).unwrap_err();
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
