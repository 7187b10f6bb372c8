//! The reader: an English puzzle, line by line, into a [`Puzzle`](crate::Puzzle) and its
//! phrasing. The header first (opening sentences, category lines), then
//! the body: clues (numbered, bulleted, or any line that names a value),
//! the question and its choices; lines that name no value are passed over.

use std::collections::HashSet;

mod build;
mod lines;
mod set_aside;
mod settle;

use lines::{
    Line, asks_for_everything, choice_list, classify, header_sentences, sentences, strip_word,
};
use set_aside::speaks_of_other_clues;

use super::asking::{Asked, read_question};
use super::error::{ReadError, ReadErrorKind};
use super::header::{CategoryLine, read_category};
use super::intro::{Intro, read_intro};
use super::lexicon::Found;
use super::lexicon::{Lexicon, content};
use super::meaning::{Meaning, Named, Row, TermSpan, scan_found, text};
use super::question::Question;
use super::scale::Scale;
use super::vocabulary::Relation;
use super::words::{Word, words};
use super::writer::BBEH_INSTRUCTION;
use super::{EnglishPuzzle, Style, TermForm};
use crate::clue::{Clue, Term};
use crate::house::{Category, House, Item};
use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS, MIN_POSITIONS, PuzzleError};

/// Reads English puzzles (see the [module docs](super) for how), with its
/// options.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{Reader, ReadErrorKind};
/// let text = "\
/// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
/// Everyone drives a different car: Honda, Kia.
/// Everyone drives a different motorbike: Honda, Ducati.
/// Clue 1: The person who drives the Honda is at the 1st position.
/// ";
/// let strict = Reader::new().read(text).unwrap_err();
/// assert!(matches!(strict.kind(), ReadErrorKind::Ambiguous { .. }));
/// let either = Reader::new().either_reading(true).read(text)?;
/// // The car or the motorbike is in position 1, maybe both.
/// assert_eq!(either.puzzle().count(), 3);
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Reader {
    either: bool,
    skip: bool,
}

impl Reader {
    /// A reader that refuses a value it cannot place (the default).
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn new() -> Self {
        Reader::default()
    }

    /// What to do with a value of two or more categories that neither its
    /// phrase nor the clues tell apart: read it as "one of them" (on), or
    /// refuse it as [`ReadErrorKind::Ambiguous`] (off, the default).
    ///
    /// Either way the reader first tells such a value apart by the words
    /// around it, then by the clues: when, reading each mention as either
    /// category, every solution of the clues is the same grid, each
    /// mention is read as the category that grid gives it (the other
    /// reading contradicts the clues or changes nothing).
    ///
    /// On, a mention still undecided stands for a person of its own: a
    /// category is added to the puzzle for it, whose first value is with
    /// one of the candidates (an either-or clue; a chain of them for three
    /// or more), so the clue holds of one of the readings. BBEH's puzzles
    /// have such values ("the person who drives the Honda", with a Honda
    /// among the cars and among the motorbikes). An answer forced under
    /// this reading is forced under the reading meant, whichever it is; a
    /// question about such a value is answered when every reading gives
    /// the same answer.
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn either_reading(mut self, on: bool) -> Self {
        self.either = on;
        self
    }

    /// What to do with a clue the reader cannot read (an unknown form or
    /// value, a negation it cannot attach, a numbered clue naming no
    /// value): set it aside and read the rest (on), or refuse the puzzle
    /// (off, the default). The clues set aside are in
    /// [`EnglishPuzzle::skipped_clues`].
    ///
    /// Only a line that is one clue of its own is set aside: not one of
    /// several sentences on a line ("Ann owns the cat. Or Bob does."),
    /// not one that speaks of other clues or of a condition ("Exactly one
    /// of the following statements is true.", "The next clue is false.",
    /// "Ann lies.", "Suppose …"), opens as if going on from another ("Or
    /// …", "Otherwise …") or is cut short ("It is not the case that"):
    /// such a line makes the read an error, as without this option. So a
    /// puzzle read so has fewer clues than the one written, each read as
    /// the statement of its own it is: every arrangement that keeps all
    /// the written clues keeps the read ones, an answer forced by the
    /// clues read is forced by all of them (when the written puzzle has a
    /// solution), and a grid graded right is right; a question the clues
    /// read leave open is left open. The lines it reads, it reads as the
    /// strict reader does, with the same limits: a sentence that relates
    /// a value to someone or somewhere by a verb of another kind ("parks
    /// next to", "sits left of … in the photo") is read as where they
    /// live, so a puzzle written to mislead with such sentences can be
    /// misread; more of them get through with this option on. Benchmarks that add sentences saying nothing of the
    /// puzzle by design (MultiZebraLogic's "red herrings": "The dog owner
    /// enjoys solving puzzles.", "Snails are molluscs.") read this way.
    /// The opening sentences, the category lines and the question are
    /// read as strictly as ever.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{Answered, Reader};
    /// let text = "\
    /// There are 2 houses, numbered 1 to 2 from left to right.
    /// Pets: cat, dog.
    /// Drinks: tea, milk.
    /// 1. The cat owner lives in house no. 1.
    /// 2. The dog owner is good friends with the person who has been to Canada.
    /// 3. The tea drinker lives next to the cat owner.
    /// 4. Snails are molluscs.
    /// What does the dog owner drink?
    /// ";
    /// assert!(Reader::new().read(text).is_err());
    /// let english = Reader::new().skip_unread_clues(true).read(text)?;
    /// assert_eq!(english.skipped_clues().len(), 2);
    /// assert_eq!(english.skipped_clues()[0].clue(), Some(2));
    /// let Some(Answered::Forced(answer, _)) = english.answerer().map(|a| a.answer()) else {
    ///     panic!("forced by clues 1 and 3");
    /// };
    /// assert_eq!(answer.text, "tea");
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn skip_unread_clues(mut self, on: bool) -> Self {
        self.skip = on;
        self
    }

    /// Reads an English puzzle.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] naming the line (and clue) and what is wrong: an
    /// empty text, opening sentences that contradict themselves, a
    /// numbered line that is no clue, categories of different sizes, a
    /// clue or question with an unknown value or of an unknown form, an
    /// ambiguous value, or what the [`Puzzle`](crate::Puzzle) refuses (too many
    /// categories or clues, a clue that can never hold, …).
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn read(&self, text: &str) -> Result<EnglishPuzzle, ReadError> {
        read(self, text)
    }
}

/// A term of a clue as read: a place, or a mention of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Place(usize),
    Mention(usize),
}

/// A mention of a value: the items it may be, how it was written, where.
#[derive(Clone, Debug)]
struct MentionRead {
    candidates: Vec<Item>,
    /// Whether its name is the name of several values (told apart or
    /// not): its phrase is then no pattern for its category.
    shared: bool,
    text: String,
    form: TermForm,
    clue: Option<usize>,
}

/// A clue as read, before its values are settled.
#[derive(Clone, Debug)]
struct ClueRead {
    line: usize,
    number: usize,
    relation: Relation,
    slots: Vec<Slot>,
}

/// The question as read.
#[derive(Clone, Debug)]
struct QuestionRead {
    line: usize,
    subject: Slot,
    asked: Asked,
    head: String,
}

/// Everything read, before the puzzle is built.
struct Read {
    intro: Intro,
    row: Row,
    categories: Vec<(usize, CategoryLine)>,
    lexicon: Lexicon,
    clues: Vec<ClueRead>,
    mentions: Vec<MentionRead>,
    question: Option<QuestionRead>,
    choices: Vec<String>,
    /// The clues set aside unread (see [`Reader::skip_unread_clues`]).
    skipped: Vec<ReadError>,
}

/// Whether opening sentences speak of a row of places: a count of houses,
/// positions or seats ("There are 5 houses"), a row, how the places are
/// numbered, or their sides or front (not "a position at a company", "a
/// long line of customers").
fn speaks_of_a_row(opening: &str, intro: &Intro) -> bool {
    let k = super::words::keys(opening);
    let counted_place = k.windows(2).any(|w| {
        super::words::cardinal(&w[0]).is_some()
            && matches!(
                w[1].as_str(),
                "house" | "houses" | "position" | "positions" | "seat" | "seats" | "places"
            )
    });
    let in_a_row = k
        .windows(3)
        .any(|w| w[0] == "in" && w[1] == "a" && matches!(w[2].as_str(), "row" | "line" | "queue"));
    // "from left to right", "next to each other", "side by side".
    let phrase = |p: &[&str]| {
        k.windows(p.len())
            .any(|w| w.iter().zip(p).all(|(a, b)| a == b))
    };
    intro.flipped
        || intro.queue
        || counted_place
        || in_a_row
        || phrase(&["left", "to", "right"])
        || phrase(&["right", "to", "left"])
        || phrase(&["next", "to", "each", "other"])
        || phrase(&["side", "by", "side"])
        || k.iter().any(|w| {
            matches!(
                w.as_str(),
                "numbered"
                    | "leftmost"
                    | "rightmost"
                    | "houses"
                    | "adjacent"
                    | "neighbours"
                    | "neighbors"
                    | "street"
            )
        })
}

/// Reads `text` with `reader`'s options.
fn read(reader: &Reader, text: &str) -> Result<EnglishPuzzle, ReadError> {
    let read = read_lines(text, reader.skip)?;
    build::build(reader, read)
}

/// Reads the lines: the header, then the body.
fn read_lines(text: &str, skip: bool) -> Result<Read, ReadError> {
    for (i, line) in text.lines().enumerate() {
        if let Some(character) = line
            .chars()
            .find(|&c| c.is_control() && c != '\t' && c != '\r')
        {
            return Err(ReadError {
                line: Some(i + 1),
                clue: None,
                kind: ReadErrorKind::ControlCharacter { character },
            });
        }
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.is_empty() {
        return Err(ReadError {
            line: None,
            clue: None,
            kind: ReadErrorKind::Empty,
        });
    }
    // "Q: There are 3 houses in a row …", the question further down: the
    // label is the whole puzzle's, as a benchmark wraps it, not a
    // question's.
    let mut lines = lines;
    if let Some(first) = lines.first_mut()
        && !first.1.contains('?')
        && let Some(body) = ["q:", "question:"]
            .iter()
            .find_map(|label| strip_word(first.1.trim_start(), label))
        && !super::words::keys(body).first().is_some_and(|k| {
            matches!(
                k.as_str(),
                "who" | "what" | "which" | "where" | "whose" | "how" | "is" | "does" | "do" | "in"
            )
        })
    {
        first.1 = body;
    }
    // The header: opening sentences, then category lines (a line may hold
    // several: "Ages: 23, 35 and 59. Shirts: red, blue and green.").
    let mut intro_lines: Vec<(usize, &str)> = Vec::new();
    let mut categories: Vec<(usize, CategoryLine)> = Vec::new();
    let mut body_start = lines.len();
    'lines: for (at, &(number, line)) in lines.iter().enumerate() {
        let numbered = matches!(classify(line), Line::Clue(Some(_), _) | Line::Question(_));
        if numbered {
            body_start = at;
            break;
        }
        let mut read_any = false;
        for part in header_sentences(line) {
            let opening: String = intro_lines
                .iter()
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join(" ");
            let count = if categories.is_empty() {
                read_intro(&opening).ok().and_then(|i| i.positions)
            } else {
                Some(categories[0].1.values.len())
            };
            match read_category(part, count) {
                Some(Ok(category)) => {
                    categories.push((number, category));
                    read_any = true;
                }
                Some(Err(kind)) => return Err(ReadError::at(number, kind)),
                None if categories.is_empty() => intro_lines.push((number, part)),
                None if read_any => {
                    return Err(ReadError::at(
                        number,
                        ReadErrorKind::UnreadLine {
                            text: part.trim().to_string(),
                        },
                    ));
                }
                None => {
                    body_start = at;
                    break 'lines;
                }
            }
        }
    }
    let first = lines[0].0;
    let opening: String = intro_lines
        .iter()
        .map(|(_, l)| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    // The category of evenly spaced amounts that may stand for the row
    // (see `Scale`), when there are opening sentences to say there is no
    // other.
    let lines_of: Vec<CategoryLine> = categories.iter().map(|(_, c)| c.clone()).collect();
    let found = if intro_lines.is_empty() {
        None
    } else {
        Scale::find_in(&lines_of)
    };
    // Words the opening uses of a row ("stories", "round", "ring") say
    // nothing of a grid that has none: the scale is its row.
    let no_row = Intro {
        style: Style::Bbeh,
        positions: None,
        flipped: false,
        queue: false,
    };
    let intro = match read_intro(&opening) {
        Ok(intro) => intro,
        Err(_) if found.is_some() && !speaks_of_a_row(&opening, &no_row) => no_row,
        Err(kind) => return Err(ReadError::at(first, kind)),
    };
    let Some((_, head)) = categories.first() else {
        return Err(ReadError::at(first, ReadErrorKind::NoCategories));
    };
    if let Some((line, _)) = categories.get(MAX_CATEGORIES) {
        return Err(ReadError::at(
            *line,
            ReadErrorKind::Puzzle(PuzzleError::TooManyCategories),
        ));
    }
    // A row the opening does not speak of (no houses, positions, seats,
    // queue or sides: its numbers count other things, "four friends", "in
    // 3 months") is a category of evenly spaced amounts, when one is: its
    // values stand in order in the places (see `Scale`).
    let scale = found.filter(|_| !speaks_of_a_row(&opening, &intro));
    let positions = match scale {
        Some(_) => head.values.len(),
        None => intro.positions.unwrap_or(head.values.len()),
    };
    if !(MIN_POSITIONS..=MAX_POSITIONS).contains(&positions) {
        return Err(ReadError::at(
            first,
            ReadErrorKind::Puzzle(PuzzleError::PositionCount(positions)),
        ));
    }
    // Two categories of one noun ("name" twice) cannot be told apart by
    // any phrase.
    let mut nouns_seen = HashSet::new();
    for (line, category) in &categories {
        let noun = content(&super::words::keys(&category.noun), true);
        if !noun.is_empty() && !nouns_seen.insert(noun) {
            return Err(ReadError::at(
                *line,
                ReadErrorKind::RepeatedCategory {
                    category: category.noun.clone(),
                },
            ));
        }
    }
    for (line, category) in &categories {
        if category.values.len() != positions {
            return Err(ReadError::at(
                *line,
                ReadErrorKind::CategorySize {
                    category: category.noun.clone(),
                    expected: positions,
                    found: category.values.len(),
                },
            ));
        }
        let mut seen = HashSet::new();
        for value in &category.values {
            if !seen.insert(super::words::keys(value)) {
                return Err(ReadError::at(
                    *line,
                    ReadErrorKind::RepeatedValue {
                        category: category.noun.clone(),
                        value: value.clone(),
                    },
                ));
            }
        }
    }
    // "one likes tea" and, in another category, "one drinks tea": the
    // verbs that told the two apart are not kept, so the object alone
    // (in either number) cannot say which is meant.
    let singular_keys = |value: &str| -> Vec<String> {
        super::words::keys(value)
            .iter()
            .map(|w| super::forms::singular(w))
            .collect()
    };
    for (c, (line, category)) in categories.iter().enumerate() {
        if !category.phrased {
            continue;
        }
        for value in &category.values {
            let name = singular_keys(value);
            if let Some((_, other)) = categories
                .iter()
                .enumerate()
                .find(|&(d, (_, o))| d != c && o.values.iter().any(|v| singular_keys(v) == name))
            {
                return Err(ReadError::at(
                    *line,
                    ReadErrorKind::Ambiguous {
                        value: value.clone(),
                        categories: vec![category.noun.clone(), other.1.noun.clone()],
                    },
                ));
            }
        }
    }
    let mut lexicon = Lexicon::new(&lines_of);
    lexicon.scale = scale;
    let row = Row {
        positions,
        flipped: intro.flipped && lexicon.scale.is_none(),
        queue: intro.queue && lexicon.scale.is_none(),
    };
    let mut read = Read {
        intro,
        row,
        categories,
        lexicon,
        clues: Vec::new(),
        mentions: Vec::new(),
        question: None,
        choices: Vec::new(),
        skipped: Vec::new(),
    };
    // An opening sentence that relates values is a clue like the others;
    // one that describes the row and names values only by its numbers
    // or sides ("positions 1, 2, 3" with ages 1 to 3) is not read as one.
    for &(number, line) in &intro_lines {
        let w = words(line);
        for sentence in sentences(&read.lexicon, &w) {
            if read.lexicon.values(sentence).len() >= 2
                && let Err(err) = read.clue(number, None, sentence)
            {
                let about_row = read_intro(&super::meaning::text(sentence))
                    .is_ok_and(|i| i.positions.is_some() || i.flipped || i.queue);
                if !about_row {
                    return Err(err);
                }
            }
        }
    }
    // A line that goes on from the one before ("… the cat owner's" then
    // "neighbour."): one line, never a clue cut short.
    let mut body: Vec<(usize, String)> = Vec::new();
    for &(number, line) in &lines[body_start..] {
        let goes_on = line.trim_start().starts_with(char::is_lowercase)
            && matches!(classify(line), Line::Other(_))
            && body.last().is_some_and(|(_, before)| {
                !before.trim_end().ends_with(['.', '!', '?', ':', ';'])
                    && matches!(classify(before), Line::Clue(..) | Line::Other(_))
            });
        match body.last_mut() {
            Some((_, before)) if goes_on => {
                before.push(' ');
                before.push_str(line.trim());
            }
            _ => body.push((number, line.to_string())),
        }
    }
    for (number, line) in &body {
        let (number, line) = (*number, line.as_str());
        match classify(line) {
            Line::Clue(n, body) if body.contains('?') => {
                // "Does Bob live in house 2? No.": a question and its
                // answer, not a statement.
                read.set_aside(
                    skip.then_some(body),
                    ReadError {
                        line: Some(number),
                        clue: n,
                        kind: ReadErrorKind::UnknownForm {
                            words: body.trim().to_string(),
                        },
                    },
                )?;
            }
            Line::Clue(n, body) => {
                let w = words(body);
                let parts = sentences(&read.lexicon, &w);
                let mut said = false;
                for sentence in &parts {
                    match read.clue(number, n, sentence) {
                        Ok(true) => said = true,
                        // "The Dane lives in house 3. Not really.": a
                        // sentence beside a clue that names nothing may
                        // take it back.
                        Ok(false) if parts.len() > 1 => {
                            return Err(ReadError {
                                line: Some(number),
                                clue: n,
                                kind: ReadErrorKind::NoValue {
                                    words: super::meaning::text(sentence),
                                },
                            });
                        }
                        Ok(false) => {}
                        // A sentence is set aside only as a whole line:
                        // one beside it may say what it means ("Ann owns
                        // the cat. Or Bob does.").
                        Err(err) => {
                            read.set_aside(skip.then_some(body).filter(|_| parts.len() == 1), err)?;
                            said = true;
                        }
                    }
                }
                if !said && n.is_some() {
                    read.set_aside(
                        skip.then_some(body),
                        ReadError {
                            line: Some(number),
                            clue: n,
                            kind: ReadErrorKind::NoValue {
                                words: body.trim().to_string(),
                            },
                        },
                    )?;
                }
            }
            Line::Question(body) => {
                if read.question.is_some() {
                    return Err(ReadError::at(number, ReadErrorKind::SecondQuestion));
                }
                let (asked, after) = match body.find('?') {
                    Some(q) => (&body[..q], body[q..].trim_start_matches('?').trim()),
                    None => (body, ""),
                };
                // "Who has which attributes and lives in which house?":
                // the whole arrangement, as a puzzle without a question.
                if asks_for_everything(asked) {
                    continue;
                }
                read.ask(number, asked)?;
                for label in ["choices:", "options:"] {
                    if let Some(at) = after.to_ascii_lowercase().find(label) {
                        read.choices = choice_list(&after[at + label.len()..]);
                    }
                }
            }
            Line::Choices(list) => read.choices = choice_list(list),
            // BBEH's own instruction, whatever values it names.
            Line::Other(other)
                if super::words::keys(other) == super::words::keys(BBEH_INSTRUCTION) => {}
            Line::Other(other) => {
                let w = words(other);
                let mut named = false;
                let parts = sentences(&read.lexicon, &w);
                for sentence in &parts {
                    if !read.lexicon.values_with(sentence, true).is_empty() {
                        named = true;
                        if let Err(err) = read.clue(number, None, sentence) {
                            read.set_aside(
                                skip.then_some(other).filter(|_| parts.len() == 1),
                                err,
                            )?;
                        }
                    }
                }
                // A category line among the clues (its values unknown to
                // them) is never passed over.
                if !named
                    && let Some(Ok(category)) = read_category(other, Some(read.row.positions))
                    && category.values.len() == read.row.positions
                {
                    return Err(ReadError::at(
                        number,
                        ReadErrorKind::UnreadLine {
                            text: other.trim().to_string(),
                        },
                    ));
                }
            }
        }
    }
    Ok(read)
}

impl Read {
    fn error(&self, line: usize, clue: Option<usize>, kind: ReadErrorKind) -> ReadError {
        ReadError {
            line: Some(line),
            clue,
            kind,
        }
    }

    /// The next number for a clue that has none: one more than the last.
    /// Sets aside the clue line `line` that did not read (`err`), when
    /// lines are set aside (`line` is `None` when they are not, or when the
    /// line is not one clue of its own) and the line says nothing of the
    /// others; else returns the error.
    fn set_aside(&mut self, line: Option<&str>, err: ReadError) -> Result<(), ReadError> {
        match line {
            Some(line) if !speaks_of_other_clues(line) => {
                self.skipped.push(err);
                Ok(())
            }
            _ => Err(err),
        }
    }

    fn next_number(&self) -> usize {
        self.clues.last().map_or(1, |c| c.number + 1)
    }

    /// The slot of a term of a sentence (a mention recorded for a value).
    fn slot(&mut self, term: &TermSpan, words: &[Word<'_>], clue: Option<usize>) -> Slot {
        match term.named {
            Named::Place(n) => Slot::Place(n),
            Named::Value(entry) => {
                let around: Vec<String> = words[term.before..term.start]
                    .iter()
                    .chain(&words[term.end..term.after])
                    .map(|w| w.key.to_string())
                    .collect();
                let all = &self.lexicon.entries[entry].items;
                let mut candidates = self.lexicon.resolve(entry, &around);
                // A name alone ("Alice is …"): of the category of names.
                if candidates.len() > 1
                    && let Some(people) = self.lexicon.people
                    && term.before == term.start
                    && term.after == term.end
                    && candidates.iter().any(|i| i.category().index() == people)
                {
                    candidates.retain(|i| i.category().index() == people);
                }
                let sentence_start = term.before == 0;
                let form = TermForm {
                    before: form_text(&words[term.before..term.start], sentence_start),
                    after: text(&words[term.end..term.after]),
                };
                self.mentions.push(MentionRead {
                    candidates,
                    shared: all.len() > 1,
                    text: text(&words[term.start..term.end]),
                    form,
                    clue,
                });
                Slot::Mention(self.mentions.len() - 1)
            }
        }
    }

    /// Reads one sentence of a clue on `line` (numbered `number`, or the
    /// next): whether it said anything (a sentence that names nothing is
    /// passed over).
    fn clue(
        &mut self,
        line: usize,
        number: Option<usize>,
        sentence: &[Word<'_>],
    ) -> Result<bool, ReadError> {
        // "The Italian does not crochet": the activity's verb, bare after
        // the negation, read as it is after a subject ("crochets").
        if self.lexicon.has_weak() {
            let named = self.lexicon.values(sentence);
            let bare = (2..sentence.len()).find_map(|i| {
                let negated = sentence[i - 1].key == "not"
                    && matches!(&*sentence[i - 2].key, "does" | "do" | "did");
                let free = !named.iter().any(|f| (f.start..f.end).contains(&i));
                if !negated || !free {
                    return None;
                }
                self.lexicon
                    .verb_of_activity(&sentence[i].key)
                    .map(|form| (i, form))
            });
            if let Some((i, form)) = bare {
                let mut with_form: Vec<Word<'_>> = sentence.to_vec();
                with_form[i] = Word {
                    text: &form,
                    key: form.clone().into(),
                    folded: super::words::fold(&form).into(),
                    ..sentence[i].clone()
                };
                return self.clue(line, number, &with_form);
            }
        }
        let number = number.unwrap_or_else(|| self.next_number());
        let at = |kind| ReadError {
            line: Some(line),
            clue: Some(number),
            kind,
        };
        // The strong forms first; the weak ones ("paints" for painting,
        // "the violinist" for violin) when the sentence does not read
        // without them, or reads with them too, naming more: a value's
        // mention is never passed over as filler.
        let strong_values = self.lexicon.values(sentence);
        let weak_values = if self.lexicon.has_weak() {
            Some(self.lexicon.values_with(sentence, true)).filter(|w| *w != strong_values)
        } else {
            None
        };
        let read = |values: Vec<Found>| -> Result<Option<Meaning>, ReadErrorKind> {
            let skeleton = scan_found(&self.lexicon, sentence, self.row, values)?;
            if skeleton.terms.is_empty() && skeleton.unsupported.is_empty() {
                return Ok(None);
            }
            skeleton.meaning(sentence, self.row).map(Some)
        };
        let weak = || weak_values.clone().and_then(|v| read(v).ok().flatten());
        let meaning = match read(strong_values) {
            Ok(Some(m)) => match weak() {
                Some(w) if w.terms.len() > m.terms.len() => Some(w),
                _ => Some(m),
            },
            Ok(None) => weak(),
            Err(error) => match weak() {
                Some(w) => Some(w),
                None => return Err(at(error)),
            },
        };
        let Some(meaning) = meaning else {
            return Ok(false);
        };
        // One mention per term, however many relations it is in.
        let mut slot_of: Vec<Option<Slot>> = vec![None; meaning.terms.len()];
        for (relation, order) in &meaning.said {
            let mut slots = Vec::with_capacity(order.len());
            for &t in order {
                let slot = match slot_of[t] {
                    Some(slot) => slot,
                    None => {
                        let slot = self.slot(&meaning.terms[t], sentence, Some(number));
                        slot_of[t] = Some(slot);
                        slot
                    }
                };
                slots.push(slot);
            }
            // A grid puzzle's "either B or C" and "neither B nor C" name two
            // people (in a row of houses "either" may be one person, both;
            // "A is B or C" without "either" may be both anywhere).
            let exclusive = matches!(relation, Relation::EitherOr | Relation::Neither)
                && self.lexicon.scale.is_some()
                && sentence
                    .iter()
                    .any(|w| matches!(&*w.key, "either" | "neither"));
            let others = exclusive.then(|| vec![slots[1], slots[2]]);
            self.clues.push(ClueRead {
                line,
                number,
                relation: *relation,
                slots,
            });
            if let Some(slots) = others {
                self.clues.push(ClueRead {
                    line,
                    number,
                    relation: Relation::NotSame,
                    slots,
                });
            }
        }
        Ok(true)
    }

    /// Reads the question on `line`.
    fn ask(&mut self, line: usize, body: &str) -> Result<(), ReadError> {
        let w = words(body);
        let asked = read_question(&self.lexicon, &w, self.row)
            .map_err(|kind| self.error(line, None, kind))?;
        let subject = self.slot(&asked.subject, &w, None);
        self.question = Some(QuestionRead {
            line,
            subject,
            asked: asked.asked,
            head: asked.head,
        });
        Ok(())
    }
}

/// Words as written; at the start of a sentence a capitalised determiner
/// ("The") is put in lower case.
fn form_text(words: &[Word<'_>], sentence_start: bool) -> String {
    let mut out = text(words);
    if sentence_start
        && let Some(first) = words.first()
        && matches!(&*first.key, "the" | "a" | "an")
    {
        out.replace_range(..first.text.len(), &first.key);
    }
    out
}

/// The lexicon of a puzzle's own words (its phrasings).
pub(crate) fn lexicon_of(english: &EnglishPuzzle) -> Lexicon {
    let lines: Vec<CategoryLine> = english
        .phrasings
        .iter()
        .map(|p| CategoryLine {
            lead: p.lead.clone(),
            verb: p.verb.clone(),
            noun: p.noun.clone(),
            values: p.values.clone(),
            phrased: false,
        })
        .collect();
    Lexicon::new(&lines)
}

/// Reads a question about `english` with these choices (none for an
/// open question): "Question:" and what follows the "?" are dropped.
pub(crate) fn ask(
    english: &EnglishPuzzle,
    text: &str,
    choices: &[String],
) -> Result<Question, ReadErrorKind> {
    let lexicon = lexicon_of(english);
    let row = Row {
        positions: english.puzzle.positions(),
        flipped: english.flipped,
        queue: english.queue,
    };
    let mut body = text.trim();
    for label in ["question:", "q:"] {
        if let Some(rest) = strip_word(body.trim_start_matches('#').trim_start(), label) {
            body = rest;
        }
    }
    let body = body.split('?').next().unwrap_or("");
    let w = words(body);
    let asked = read_question(&lexicon, &w, row)?;
    let subject = &asked.subject;
    let of = match subject.named {
        Named::Place(h) => House::from_number(h)
            .filter(|house| house.index() < row.positions)
            .map(Term::House)
            .ok_or(ReadErrorKind::Puzzle(PuzzleError::HouseOutOfRange {
                house: h,
                positions: row.positions,
            }))?,
        Named::Value(entry) => {
            let around: Vec<String> = w[subject.before..subject.start]
                .iter()
                .chain(&w[subject.end..subject.after])
                .map(|w| w.key.to_string())
                .collect();
            match lexicon.resolve(entry, &around).as_slice() {
                [item] => Term::Value(*item),
                items => {
                    return Err(ReadErrorKind::Ambiguous {
                        value: text_of(&w[subject.start..subject.end]),
                        categories: items
                            .iter()
                            .map(|i| english.phrasings[i.category().index()].noun.clone())
                            .collect(),
                    });
                }
            }
        }
    };
    Ok(
        match settle::question_category(&lexicon, asked.asked, &asked.head, choices, row.positions)?
        {
            None => Question::Position(of),
            Some(c) => Question::Value {
                of,
                category: Category::at(c),
            },
        },
    )
}

fn text_of(words: &[Word<'_>]) -> String {
    text(words)
}

/// The clues that make `helpers[0]` one of `items` (a value read either
/// way): each helper is its item or the next helper, the last helper its
/// item or the last item.
fn helper_chain<'a>(helpers: &'a [Item], items: &'a [Item]) -> impl Iterator<Item = Clue> + 'a {
    helpers.iter().enumerate().map(move |(link, &helper)| {
        let next = helpers
            .get(link + 1)
            .copied()
            .unwrap_or(items[items.len() - 1]);
        Clue::EitherOr(
            Term::Value(helper),
            Term::Value(items[link]),
            Term::Value(next),
        )
    })
}
