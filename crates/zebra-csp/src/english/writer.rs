//! The writer: an [`EnglishPuzzle`] as the English of its style, and a
//! solution as a grid of the puzzle's own words.

use std::fmt;

use super::vocabulary::{Asks, Part, QUESTIONS, RELATIONS, Relation, parts};
use super::words::{capitalized, cardinal_word, ordinal_digits, ordinal_word};
use super::{EnglishClue, EnglishPuzzle, Phrasing, Question, Style};
use crate::clue::Term;
use crate::house::House;
use crate::solution::Solution;

/// The line BBEH writes before its clues when it asks a question: the
/// reader passes it over, whatever values it names ("end").
pub(crate) const BBEH_INSTRUCTION: &str =
    "Using the clues provided below, answer the question at the end.";

/// The phrase naming position `number`: with "the person" for a term, or
/// alone for a `{H}` slot.
fn place(style: Style, number: usize, person: bool) -> String {
    match (style, person) {
        (Style::Bbeh, true) => format!("the person at the {} position", ordinal_digits(number)),
        (Style::Bbeh, false) => format!("the {} position", ordinal_digits(number)),
        (Style::ZebraLogic | Style::ReasoningGym, true) => {
            format!("the person in the {} house", ordinal_word(number))
        }
        (Style::ZebraLogic | Style::ReasoningGym, false) => {
            format!("the {} house", ordinal_word(number))
        }
    }
}

/// The phrase of `term` in `english`: alone (`{H}`) when `bare`.
pub(crate) fn term(english: &EnglishPuzzle, term: Term, bare: bool) -> String {
    match term {
        Term::House(h) => place(english.style, h.number(), !bare),
        Term::Value(item) => match english.phrasings.get(item.category().index()) {
            Some(phrasing) if english.shared[item.category().index()][item.index()] => {
                // Told apart by its noun, as the reader tells them.
                format!(
                    "the person whose {} is {}",
                    phrasing.noun,
                    phrasing.values[item.index()]
                )
            }
            Some(phrasing) => phrasing.term(item.index()),
            None => match english.mention(item) {
                Some(m) => m.form.with(&m.text),
                None => english.puzzle.value_name(item).to_string(),
            },
        },
    }
}

/// Whether phrase `index` of [`RELATIONS`] says `relation`.
fn says(index: usize, relation: Relation) -> bool {
    let counted = parts(RELATIONS[index].1).any(|p| p == Part::Count);
    match (RELATIONS[index].0, relation) {
        (Relation::HousesBetween(_), Relation::HousesBetween(_)) if counted => true,
        (a, b) => a == b,
    }
}

/// Whether the slots of `phrase` take `terms` (a `{H}` slot takes a
/// position only).
fn fits(phrase: &str, terms: &[Term]) -> bool {
    let slots: Vec<Part<'_>> = parts(phrase)
        .filter(|p| matches!(p, Part::Term | Part::House))
        .collect();
    slots.len() == terms.len()
        && slots
            .iter()
            .zip(terms)
            .all(|(slot, t)| *slot == Part::Term || matches!(t, Term::House(_)))
}

/// `phrase` with its slots filled: terms in order, the count, the noun.
fn fill(english: &EnglishPuzzle, phrase: &str, terms: &[Term], count: usize, noun: &str) -> String {
    let mut next = terms.iter();
    let parts: Vec<String> = phrase
        .split_whitespace()
        .map(|p| match p {
            "{T}" => next
                .next()
                .map_or_else(String::new, |&t| term(english, t, false)),
            "{H}" => next
                .next()
                .map_or_else(String::new, |&t| term(english, t, true)),
            "{N}" => cardinal_word(count),
            "{C}" => noun.to_string(),
            word => word.to_string(),
        })
        .collect();
    capitalized(&parts.join(" "))
}

/// A clue as a sentence: the first phrase of the relation that the style
/// writes and whose slots take the terms (or, failing that, any phrase of
/// the relation that takes them).
pub(crate) fn clue_sentence(english: &EnglishPuzzle, clue: &EnglishClue) -> String {
    let candidates = || {
        (0..RELATIONS.len())
            .filter(|&i| says(i, clue.relation) && fits(RELATIONS[i].1, &clue.terms))
    };
    let index = candidates()
        .find(|&i| RELATIONS[i].2.include(english.style))
        .or_else(|| candidates().next())
        .expect("every relation has a phrase of terms only");
    let count = match clue.relation {
        Relation::HousesBetween(k) => k,
        _ => 0,
    };
    format!(
        "{}.",
        fill(english, RELATIONS[index].1, &clue.terms, count, "")
    )
}

/// The question as a sentence.
/// The noun a question asks a category by: its own, or "name" for
/// names given as "the people" ("What is the name of …", not "What is
/// the people of …").
fn asked_noun(noun: &str) -> &str {
    let bare = noun.trim();
    let bare = bare.strip_prefix("the ").unwrap_or(bare).trim();
    if bare.eq_ignore_ascii_case("people") || bare.eq_ignore_ascii_case("persons") {
        "name"
    } else {
        noun
    }
}

fn question_sentence(english: &EnglishPuzzle, question: &Question) -> String {
    let (asks, noun) = match *question {
        Question::Position(_) => (Asks::Position, ""),
        Question::Value { category, .. } => (
            Asks::Value,
            english
                .phrasings
                .get(category.index())
                .map_or("", |p| asked_noun(&p.noun)),
        ),
    };
    let terms = [question.subject()];
    let candidates =
        || (0..QUESTIONS.len()).filter(|&i| QUESTIONS[i].0 == asks && fits(QUESTIONS[i].1, &terms));
    let index = candidates()
        .find(|&i| QUESTIONS[i].2.include(english.style))
        .or_else(|| candidates().next())
        .expect("every question has a phrase");
    let zebra = matches!(english.style, Style::ZebraLogic | Style::ReasoningGym);
    if zebra && let (Asks::Value, Term::House(h)) = (asks, question.subject()) {
        // As ZebraLogic asks: "What is Name of the person who lives in
        // House 1?".
        return format!(
            "What is {} of the person who lives in House {}?",
            capitalized(noun),
            h.number()
        );
    }
    let written = format!("{}?", fill(english, QUESTIONS[index].1, &terms, 0, noun));
    // "What is the name of a dog?" asks a thing's name, not its owner's:
    // a subject that does not read back as the person asked about is
    // written as one ("the person whose pet is dog").
    if let (Asks::Value, Term::Value(item)) = (asks, question.subject())
        && super::reader::ask(english, &written, &[]).as_ref() != Ok(question)
        && let Some(phrasing) = english.phrasings.get(item.category().index())
    {
        let subject = format!(
            "the person whose {} is {}",
            phrasing.noun,
            phrasing.values[item.index()]
        );
        let phrase = QUESTIONS[index].1.replace("{T}", &subject);
        return format!("{}?", fill(english, &phrase, &[], 0, noun));
    }
    written
}

impl EnglishPuzzle {
    /// `solution` as a grid of the puzzle's words: one column per position
    /// ("position 1" in BBEH's style, "house 1" in ZebraLogic's), one row
    /// per category of the puzzle's own (its noun, then its values as
    /// written).
    ///
    /// # Panics
    ///
    /// If `solution` is not of this puzzle's size.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
    /// Everyone likes a different food: fried rice, pizza.
    /// Clue 1: The person who likes pizza is at the 1st position.
    /// ".parse()?;
    /// let solution = english.puzzle().solve().unwrap();
    /// assert_eq!(
    ///     english.grid(&solution),
    ///     "|      | position 1 | position 2 |\n\
    ///      |------|------------|------------|\n\
    ///      | food | pizza      | fried rice |\n"
    /// );
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn grid(&self, solution: &Solution) -> String {
        let n = self.puzzle.positions();
        let place = match self.style {
            Style::Bbeh => "position",
            Style::ZebraLogic | Style::ReasoningGym => "house",
        };
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut head = vec![String::new()];
        head.extend((1..=n).map(|h| format!("{place} {h}")));
        rows.push(head);
        for (c, phrasing) in self.phrasings.iter().enumerate() {
            let mut row = vec![phrasing.noun.clone()];
            for house in (0..n).filter_map(House::from_index) {
                let category = crate::Category::from_index(c).expect("a category of the puzzle");
                row.push(
                    self.value_text(solution.value_at(category, house))
                        .to_string(),
                );
            }
            rows.push(row);
        }
        crate::solution::grid_table(&rows)
    }
}

/// Values as a plain list, "a, b, c": a value that opens with a
/// conjunction ("& Co") is backquoted, since the reader drops a
/// conjunction before the last value of a plain list ("a, b, and c").
fn plain_list(values: &[String]) -> String {
    let written: Vec<std::borrow::Cow<'_, str>> = values
        .iter()
        .map(|v| {
            if ["and ", "or ", "& "].iter().any(|lead| v.starts_with(lead)) {
                format!("`{v}`").into()
            } else {
                v.as_str().into()
            }
        })
        .collect();
    written.join(", ")
}

/// The description of a category line: its lead and noun as read, or,
/// when those would read back as another noun ("people in a queue"
/// alone reads as "queue"), the noun after "Everyone has a different".
fn description(p: &Phrasing) -> String {
    let reads_back = |text: &str| {
        super::header::read_category(&format!("{text}: x, y"), None)
            .and_then(Result::ok)
            .is_some_and(|c| c.noun == p.noun)
    };
    let plain = format!("{} {}", p.lead, p.noun).trim().to_string();
    let marked = format!("Everyone has a different {}", p.noun);
    if !reads_back(&plain) && reads_back(&marked) {
        marked
    } else {
        format!("{} {}", p.lead, p.noun)
    }
}

impl fmt::Display for EnglishPuzzle {
    /// Writes the puzzle in its style: the first line, one line per
    /// category, the clues, the question.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.puzzle.positions();
        match self.style {
            Style::Bbeh => {
                let list: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
                writeln!(
                    f,
                    "There are {n} people next to each other in a row in positions {} who have \
                     the following characteristics.",
                    list.join(", ")
                )?;
                for p in &self.phrasings {
                    writeln!(f, "{}: {}.", description(p), plain_list(&p.values))?;
                }
                if self.question.is_some() {
                    writeln!(f, "{BBEH_INSTRUCTION}")?;
                }
                for clue in &self.clues {
                    writeln!(f, "Clue {}: {}", clue.number, clue_sentence(self, clue))?;
                }
            }
            Style::ReasoningGym => {
                writeln!(
                    f,
                    "This is a logic puzzle. There are {n} houses (numbered 1 on the left, {n} on \
                     the right), from the perspective of someone standing across the street from \
                     them. Each has a different person in them. They have different \
                     characteristics:"
                )?;
                for p in &self.phrasings {
                    writeln!(f, " - {}: {}", description(p), plain_list(&p.values))?;
                }
                writeln!(f)?;
                for clue in &self.clues {
                    writeln!(f, "{}. {}", clue.number, clue_sentence(self, clue))?;
                }
                if let Some(question) = &self.question {
                    let sentence = question_sentence(self, question);
                    let noun = match question {
                        Question::Value { category, .. } => self
                            .phrasings
                            .get(category.index())
                            .map_or("answer", |p| asked_noun(&p.noun)),
                        _ => "position",
                    };
                    writeln!(f)?;
                    writeln!(
                        f,
                        "{sentence}? Provide only the {} of the person as your final answer.",
                        noun.to_lowercase()
                    )?;
                }
                return Ok(());
            }
            Style::ZebraLogic => {
                writeln!(
                    f,
                    "There are {n} houses, numbered 1 to {n} from left to right, as seen from \
                     across the street. Each house is occupied by a different person. Each house \
                     has a unique attribute for each of the following characteristics:"
                )?;
                for p in &self.phrasings {
                    let values: Vec<String> = p.values.iter().map(|v| format!("`{v}`")).collect();
                    writeln!(f, " - {}: {}", description(p), values.join(", "))?;
                }
                writeln!(f)?;
                writeln!(f, "## Clues:")?;
                for clue in &self.clues {
                    writeln!(f, "{}. {}", clue.number, clue_sentence(self, clue))?;
                }
            }
        }
        if let Some(question) = &self.question {
            writeln!(f)?;
            writeln!(f, "Question: {}", question_sentence(self, question))?;
        }
        Ok(())
    }
}
