//! Building the puzzle of what was read: its categories named, each
//! clue's slots settled to values (or helpers, reading either way), the
//! question's subject and category.

use std::collections::HashSet;

use super::{Read, Reader, Slot, helper_chain, settle};
use crate::clue::Term;
use crate::english::error::{ReadError, ReadErrorKind};
use crate::english::header::identifier;
use crate::english::question::Question;
use crate::english::vocabulary::Relation;
use crate::english::{EnglishClue, EnglishPuzzle, Mention, Phrasing, TermForm};
use crate::house::{Category, House, Item};
use crate::puzzle::{Puzzle, PuzzleError};

/// Builds the puzzle of what was read.
pub(super) fn build(reader: &Reader, read: Read) -> Result<EnglishPuzzle, ReadError> {
    let n = read.row.positions;
    let mut taken = HashSet::new();
    let mut puzzle: Option<Puzzle> = None;
    for (line, category) in &read.categories {
        let name = identifier(&category.noun, &mut taken);
        let values: Vec<String> = category
            .values
            .iter()
            .map(|v| identifier(v, &mut taken))
            .collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let result = match puzzle.as_mut() {
            Some(p) => p.add_category(&name, &values),
            None => Puzzle::new(&[(name.as_str(), values)]).map(|p| {
                puzzle = Some(p);
            }),
        };
        result.map_err(|e| ReadError::at(*line, ReadErrorKind::Puzzle(e)))?;
    }
    let base = puzzle.expect("at least one category");
    let real = read.categories.len();
    // Settle the mentions: each its one candidate, else by the clues.
    let mut chosen: Vec<Option<Item>> = read
        .mentions
        .iter()
        .map(|m| (m.candidates.len() == 1).then(|| m.candidates[0]))
        .collect();
    let question_mention = match read.question.as_ref().map(|q| q.subject) {
        Some(Slot::Mention(m)) => Some(m),
        _ => None,
    };
    let open: Vec<usize> = (0..chosen.len())
        .filter(|&m| chosen[m].is_none() && Some(m) != question_mention)
        .collect();
    if !open.is_empty()
        && let Some(settled) = settle::by_clues(&base, &read, &open)
    {
        for (m, item) in open.iter().zip(settled) {
            chosen[*m] = Some(item);
        }
    }
    let mut builder = Builder {
        puzzle: base,
        read: &read,
        chosen,
        taken,
        helpers: Vec::new(),
        either: reader.either,
    };
    let clues = builder.clues()?;
    let question = builder.question()?;
    let Builder {
        puzzle, helpers, ..
    } = builder;
    // Each category's phrasing, as its first plain mention wrote it.
    let mut phrasings: Vec<Phrasing> = read
        .categories
        .iter()
        .map(|(_, c)| Phrasing {
            lead: c.lead.clone(),
            verb: c.verb.clone(),
            noun: c.noun.clone(),
            values: c.values.clone(),
            form: None,
        })
        .collect();
    let shared = read.lexicon.shared(real, n);
    let mut rejected: HashSet<(usize, &TermForm)> = HashSet::new();
    // (Not of a scale's puzzle: its phrases read only against the scale,
    // and its English is written with a row of places.)
    for m in read
        .mentions
        .iter()
        .filter(|_| read.lexicon.scale.is_none())
    {
        if let [item] = m.candidates.as_slice()
            && !m.shared
            && m.clue.is_some()
            // Written as the value is ("the drummer" is no pattern for
            // "drums").
            && crate::english::words::fold(&m.text)
                == crate::english::words::fold(&phrasings[item.category().index()].values[item.index()])
            && !rejected.contains(&(item.category().index(), &m.form))
        {
            let c = item.category().index();
            let phrasing = &mut phrasings[c];
            if phrasing.form.is_none() {
                if settle::form_reads(
                    &read.lexicon,
                    read.row,
                    &m.form,
                    &phrasing.values,
                    c,
                    &shared,
                ) {
                    phrasing.form = Some(m.form.clone());
                } else {
                    rejected.insert((c, &m.form));
                }
            }
        }
    }
    // A form that says what the header alone says is no form of its own
    // (so English written from the header reads back to the same
    // phrasing).
    for p in &mut phrasings {
        if let Some(form) = &p.form
            && p.values.iter().all(|v| form.with(v) == p.plain_term(v))
        {
            p.form = None;
        }
    }
    debug_assert!(puzzle.num_categories() >= real);
    Ok(EnglishPuzzle {
        puzzle,
        style: read.intro.style,
        shared,
        phrasings,
        mentions: helpers,
        clues,
        question,
        choices: read.choices.clone(),
        flipped: read.row.flipped,
        queue: read.row.queue,
        skipped: read.skipped.clone(),
    })
}

/// Builds the puzzle's clues and question from what was read.
struct Builder<'r> {
    puzzle: Puzzle,
    read: &'r Read,
    chosen: Vec<Option<Item>>,
    taken: HashSet<String>,
    helpers: Vec<Mention>,
    either: bool,
}

impl Builder<'_> {
    /// The term of a slot: a house, a settled value, or (reading either
    /// way) a helper for an unsettled one.
    fn term(&mut self, slot: Slot) -> Result<Term, ReadErrorKind> {
        let n = self.read.row.positions;
        match slot {
            Slot::Place(h) => House::from_number(h)
                .filter(|house| house.index() < n)
                .map(Term::House)
                .ok_or(ReadErrorKind::Puzzle(PuzzleError::HouseOutOfRange {
                    house: h,
                    positions: n,
                })),
            Slot::Mention(m) => {
                if let Some(item) = self.chosen[m] {
                    return Ok(Term::Value(item));
                }
                let mention = &self.read.mentions[m];
                if self.either {
                    self.helper(m)
                } else {
                    Err(ReadErrorKind::Ambiguous {
                        value: mention.text.clone(),
                        categories: mention
                            .candidates
                            .iter()
                            .map(|i| self.read.categories[i.category().index()].1.noun.clone())
                            .collect(),
                    })
                }
            }
        }
    }

    /// A person of its own for mention `m`: a helper category whose first
    /// value is with one of the candidates (a chain of either-or clues,
    /// one helper per link).
    fn helper(&mut self, m: usize) -> Result<Term, ReadErrorKind> {
        let mention = &self.read.mentions[m];
        let items = mention.candidates.clone();
        let n = self.read.row.positions;
        let number = mention.clue.unwrap_or(0);
        let mut helpers: Vec<Item> = Vec::new();
        for link in 0..items.len() - 1 {
            let name = identifier(
                &format!("clue {number} {} {}", mention.text, link + 1),
                &mut self.taken,
            );
            let values: Vec<String> = (1..=n)
                .map(|v| identifier(&format!("{name} {v}"), &mut self.taken))
                .collect();
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            self.puzzle
                .add_category(&name, &values)
                .map_err(ReadErrorKind::Puzzle)?;
            let category = Category::at(self.puzzle.num_categories() - 1);
            helpers.push(Item::at(category.index(), 0));
            self.helpers.push(Mention {
                category,
                text: mention.text.clone(),
                form: mention.form.clone(),
                clue: number,
            });
        }
        for clue in helper_chain(&helpers, &items) {
            self.puzzle.add_clue(clue).map_err(ReadErrorKind::Puzzle)?;
        }
        Ok(Term::Value(helpers[0]))
    }

    /// The clues, added to the puzzle: first, when a scale stands for the
    /// row, each of its values in its place (clues numbered 0, which the
    /// writer writes so), then the clues read.
    fn clues(&mut self) -> Result<Vec<EnglishClue>, ReadError> {
        let n = self.read.row.positions;
        let mut out = Vec::with_capacity(self.read.clues.len());
        if let Some(scale) = &self.read.lexicon.scale {
            let line = self.read.categories[scale.category].0;
            for (place, &value) in scale.order.iter().enumerate() {
                let terms = vec![
                    Term::Value(Item::at(scale.category, value)),
                    Term::House(House::from_number(place + 1).expect("a place of the row")),
                ];
                let first = self.puzzle.clues().len();
                for c in Relation::Same.clues(&terms, n) {
                    self.puzzle
                        .add_clue(c)
                        .map_err(|e| ReadError::at(line, ReadErrorKind::Puzzle(e)))?;
                }
                out.push(EnglishClue {
                    number: 0,
                    relation: Relation::Same,
                    terms,
                    clues: first..self.puzzle.clues().len(),
                });
            }
        }
        for clue in &self.read.clues {
            let at = |kind| ReadError {
                line: Some(clue.line),
                clue: Some(clue.number),
                kind,
            };
            // The clues of a helper for a value read either way are the
            // English clue's too.
            let first = self.puzzle.clues().len();
            let mut terms = Vec::with_capacity(clue.slots.len());
            for &slot in &clue.slots {
                terms.push(self.term(slot).map_err(at)?);
            }
            for c in clue.relation.clues(&terms, n) {
                self.puzzle
                    .add_clue(c)
                    .map_err(|e| at(ReadErrorKind::Puzzle(e)))?;
            }
            out.push(EnglishClue {
                number: clue.number,
                relation: clue.relation,
                terms,
                clues: first..self.puzzle.clues().len(),
            });
        }
        Ok(out)
    }

    /// The question, its subject's term settled.
    fn question(&mut self) -> Result<Option<Question>, ReadError> {
        let Some(q) = &self.read.question else {
            return Ok(None);
        };
        let of = self
            .term(q.subject)
            .map_err(|kind| ReadError::at(q.line, kind))?;
        let category = settle::question_category(
            &self.read.lexicon,
            q.asked,
            &q.head,
            &self.read.choices,
            self.read.row.positions,
        )
        .map_err(|kind| ReadError::at(q.line, kind))?;
        Ok(Some(match category {
            None => Question::Position(of),
            Some(c) => Question::Value {
                of,
                category: Category::at(c),
            },
        }))
    }
}
