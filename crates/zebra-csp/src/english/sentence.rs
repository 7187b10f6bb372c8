//! Reading one sentence, a clue or a question: first its anchors (the
//! values, found by name, longest first and as whole words; the
//! positions, "3rd", "third", "position 3"), then the phrase of the
//! vocabulary whose words lie between them, then each term's own words
//! around its anchor by the term rules.
//!
//! The anchors are found by the [`lexicon`], the phrase by [`fit`].

mod fit;
mod lexicon;

use super::error::ReadErrorKind;
use super::vocabulary::{
    DETERMINERS, Template, question_templates, relation_templates, who_templates,
};
use super::words::Word;
use crate::house::Item;
use fit::{Fit, Span};
pub(crate) use lexicon::Lexicon;
use lexicon::{Anchor, Mark};

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
                    let around: Vec<Word<'_>> = if self.is_shared(e) {
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
                        shared: self.is_shared(e),
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
