//! Matching a phrase of the vocabulary to a sentence around its
//! anchors: the phrase's literal words between the terms, and each term's
//! own words (its prefix and suffix) by the term rules.

use super::contains;
use super::lexicon::{Anchor, FILLER, Lexicon, Mark, SUFFIX};
use crate::english::vocabulary::{
    DETERMINERS, PERSONS, PLACES, Part, Template, question_templates,
};
use crate::english::words::{Word, cardinal};

/// Where a term's own words are around its anchor: its prefix is the
/// words `p0..p1` (`p1` the anchor's start), its suffix `s0..s1` (`s0` the
/// anchor's end).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    pub(super) p0: usize,
    pub(super) p1: usize,
    pub(super) s0: usize,
    pub(super) s1: usize,
}

/// How a phrase fits a sentence: each term's span, the count, the
/// category.
#[derive(Clone, Debug)]
pub(super) struct Fit {
    /// The first as many as the phrase has slots (at most three).
    pub(super) spans: [Span; 3],
    pub(super) count: Option<usize>,
    pub(super) category: Option<usize>,
}

/// The ways a literal run matches: the words it uses, its count, its
/// category.
pub(super) enum Ways {
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

impl Lexicon {
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
    pub(super) fn question_head(&self, words: &[Word<'_>]) -> usize {
        question_templates()
            .iter()
            .filter(|t| t.runs[0].contains(&Part::Category))
            .flat_map(|t| self.literal(&t.runs[0], words))
            .map(|(used, _, _)| used)
            .max()
            .unwrap_or(0)
    }

    /// Matches `template` to `words` with these anchors: the split points
    /// (each term's prefix and suffix ranges), the count and category.
    pub(super) fn fit(
        &self,
        template: &Template,
        words: &[Word<'_>],
        anchors: &[Anchor],
    ) -> Option<Fit> {
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
}
