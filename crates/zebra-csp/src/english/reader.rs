//! The reader: an English puzzle, line by line, into a [`Puzzle`] and its
//! phrasing.

use std::collections::HashSet;

use super::error::{ReadError, ReadErrorKind};
use super::header::{CategoryLine, Intro, identifier, is_boilerplate, read_category, read_intro};
use super::question::Question;
use super::sentence::{Lexicon, ReadTerm, Table, TermForm};
use super::vocabulary::{Asks, QUESTIONS, RELATIONS, Relation};
use super::words::{Word, key, keys, words};
use super::{EnglishClue, EnglishPuzzle, Mention, Phrasing};
use crate::clue::{Clue, Term};
use crate::house::{Category, Item};
use crate::puzzle::{MAX_POSITIONS, MIN_POSITIONS, Puzzle, PuzzleError};

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
}

impl Reader {
    /// A reader that refuses an ambiguous value (the default).
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn new() -> Self {
        Reader::default()
    }

    /// Whether a value of two or more categories that its phrase does not
    /// tell apart is read as "one of them" (on) or refused as
    /// [`ReadErrorKind::Ambiguous`] (off, the default).
    ///
    /// On, such a value in a clue stands for a person of its own: a
    /// category is added to the puzzle for it, whose first value is with
    /// one of the candidates (an either-or clue; a chain of them for three
    /// or more), so the clue holds of one of the readings. BBEH's puzzles
    /// have such values ("the person who drives the Honda", with a Honda
    /// among the cars and among the motorbikes). An answer forced under
    /// this reading is forced under the reading meant, whichever it is; a
    /// question about an ambiguous value is refused all the same.
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn either_reading(mut self, on: bool) -> Self {
        self.either = on;
        self
    }

    /// Reads an English puzzle.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] naming the line (and clue) and what is wrong: an
    /// empty text, a first line that opens no puzzle, a line of no known
    /// kind, categories of different sizes, a clue or question with an
    /// unknown value or in an unknown form, an ambiguous value, or what the
    /// [`Puzzle`] refuses (too many categories or clues, a clue that can
    /// never hold, …).
    ///
    /// # Example
    ///
    /// See [`Reader`].
    pub fn read(&self, text: &str) -> Result<EnglishPuzzle, ReadError> {
        read(self, text)
    }
}

/// What a line of the body is.
enum Line<'t> {
    Clue(usize, &'t str),
    Question(&'t str),
    Other,
}

fn classify(line: &str) -> Line<'_> {
    let t = line.trim();
    let number = |s: &str| -> Option<(usize, usize)> {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0 && digits <= 9)
            .then(|| s[..digits].parse().ok().map(|n| (n, digits)))
            .flatten()
    };
    if let Some(rest) = t
        .get(..5)
        .filter(|head| head.eq_ignore_ascii_case("clue "))
        .map(|_| t[5..].trim_start())
        && let Some((n, len)) = number(rest)
        && let Some(body) = rest[len..].trim_start().strip_prefix(':')
    {
        return Line::Clue(n, body);
    }
    if let Some((n, len)) = number(t)
        && let Some(body) = t[len..].strip_prefix('.')
        && body.starts_with(char::is_whitespace)
    {
        return Line::Clue(n, body);
    }
    let question = t
        .trim_start_matches('#')
        .trim_start()
        .get(..9)
        .filter(|head| head.eq_ignore_ascii_case("question:"));
    if question.is_some() {
        let body = t.trim_start_matches('#').trim_start();
        return Line::Question(&body[9..]);
    }
    if t.ends_with('?') {
        return Line::Question(t);
    }
    Line::Other
}

/// The puzzle as it is being read.
struct Build {
    either: bool,
    positions: usize,
    puzzle: Puzzle,
    lexicon: Lexicon,
    phrasings: Vec<Phrasing>,
    mentions: Vec<Mention>,
    clues: Vec<EnglishClue>,
    taken: HashSet<String>,
}

/// Reads `text` with `reader`'s options.
fn read(reader: &Reader, text: &str) -> Result<EnglishPuzzle, ReadError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((first, intro_line)) = lines.next() else {
        return Err(ReadError {
            line: None,
            clue: None,
            kind: ReadErrorKind::Empty,
        });
    };
    let intro: Intro = match read_intro(intro_line) {
        Some(Ok(intro)) => intro,
        _ => {
            return Err(ReadError::at(
                first,
                ReadErrorKind::Intro {
                    text: intro_line.trim().to_string(),
                },
            ));
        }
    };
    if !(MIN_POSITIONS..=MAX_POSITIONS).contains(&intro.positions) {
        return Err(ReadError::at(
            first,
            ReadErrorKind::Puzzle(PuzzleError::PositionCount(intro.positions)),
        ));
    }
    let mut categories: Vec<(usize, CategoryLine)> = Vec::new();
    let mut build: Option<Build> = None;
    let mut question: Option<Question> = None;
    for (number, line) in lines {
        let kind = classify(line);
        if question.is_some() {
            return Err(ReadError::at(
                number,
                match kind {
                    Line::Question(_) => ReadErrorKind::SecondQuestion,
                    _ => ReadErrorKind::UnreadLine {
                        text: line.trim().to_string(),
                    },
                },
            ));
        }
        if build.is_none() {
            if let Line::Other = kind {
                match read_category(line) {
                    Some(Ok(category)) => {
                        categories.push((number, category));
                        continue;
                    }
                    Some(Err(kind)) => return Err(ReadError::at(number, kind)),
                    None if is_boilerplate(line) => continue,
                    None => {
                        return Err(ReadError::at(
                            number,
                            ReadErrorKind::UnreadLine {
                                text: line.trim().to_string(),
                            },
                        ));
                    }
                }
            }
            build = Some(Build::new(reader.either, intro, &categories, first)?);
        }
        let b = build.as_mut().expect("built above");
        match kind {
            Line::Clue(n, body) => b.clue(number, n, body)?,
            Line::Question(body) => question = Some(b.question(number, body)?),
            Line::Other if is_boilerplate(line) => {}
            Line::Other => {
                return Err(ReadError::at(
                    number,
                    ReadErrorKind::UnreadLine {
                        text: line.trim().to_string(),
                    },
                ));
            }
        }
    }
    let b = match build {
        Some(b) => b,
        None => Build::new(reader.either, intro, &categories, first)?,
    };
    Ok(EnglishPuzzle {
        puzzle: b.puzzle,
        style: intro.style,
        shared: b.lexicon.shared(b.phrasings.len(), intro.positions),
        phrasings: b.phrasings,
        mentions: b.mentions,
        clues: b.clues,
        question,
    })
}

impl Build {
    /// The puzzle of the header's categories, checked.
    fn new(
        either: bool,
        intro: Intro,
        categories: &[(usize, CategoryLine)],
        intro_line: usize,
    ) -> Result<Self, ReadError> {
        let n = intro.positions;
        if categories.is_empty() {
            return Err(ReadError::at(intro_line, ReadErrorKind::NoCategories));
        }
        let mut taken = HashSet::new();
        let mut puzzle: Option<Puzzle> = None;
        for (line, category) in categories {
            let at = |kind| ReadError::at(*line, kind);
            if category.values.len() != n {
                return Err(at(ReadErrorKind::CategorySize {
                    category: category.noun.clone(),
                    expected: n,
                    found: category.values.len(),
                }));
            }
            let mut seen = HashSet::new();
            for value in &category.values {
                if !seen.insert(keys(value)) {
                    return Err(at(ReadErrorKind::RepeatedValue {
                        category: category.noun.clone(),
                        value: value.clone(),
                    }));
                }
            }
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
            result.map_err(|e| at(ReadErrorKind::Puzzle(e)))?;
        }
        let lines: Vec<CategoryLine> = categories.iter().map(|(_, c)| c.clone()).collect();
        Ok(Build {
            either,
            positions: n,
            puzzle: puzzle.expect("at least one category"),
            lexicon: Lexicon::new(&lines),
            phrasings: lines
                .into_iter()
                .map(|c| Phrasing {
                    lead: c.lead,
                    verb: c.verb,
                    noun: c.noun,
                    values: c.values,
                    form: None,
                })
                .collect(),
            mentions: Vec::new(),
            clues: Vec::new(),
            taken,
        })
    }

    /// Reads clue `number` (on `line`) and adds it.
    fn clue(&mut self, line: usize, number: usize, body: &str) -> Result<(), ReadError> {
        let at = |kind| ReadError {
            line: Some(line),
            clue: Some(number),
            kind,
        };
        let mut w = words(body);
        let reading = self.lexicon.read(&mut w, Table::Clues).map_err(at)?;
        let mut relation = RELATIONS[reading.phrase].0;
        if let (Relation::HousesBetween(_), Some(k)) = (relation, reading.count) {
            relation = Relation::HousesBetween(k);
        }
        let first = self.puzzle.clues().len();
        let mut terms = Vec::with_capacity(reading.terms.len());
        for term in reading.terms {
            terms.push(self.term(term, number, true).map_err(at)?);
        }
        for clue in relation.clues(&terms, self.positions) {
            self.puzzle
                .add_clue(clue)
                .map_err(|e| at(ReadErrorKind::Puzzle(e)))?;
        }
        self.clues.push(EnglishClue {
            number,
            relation,
            terms,
            clues: first..self.puzzle.clues().len(),
        });
        Ok(())
    }

    /// The term of `term` (in clue `number`): a house of the row, a value
    /// (whose phrasing the category learns if it has none yet), or a
    /// person of its own for an ambiguous value read either way.
    fn term(
        &mut self,
        term: ReadTerm,
        number: usize,
        in_clue: bool,
    ) -> Result<Term, ReadErrorKind> {
        match term {
            ReadTerm::House(h) => {
                self.puzzle
                    .house(h)
                    .map(Term::House)
                    .ok_or(ReadErrorKind::Puzzle(PuzzleError::HouseOutOfRange {
                        house: h,
                        positions: self.positions,
                    }))
            }
            ReadTerm::Value {
                items,
                shared,
                form,
                text,
            } => match items.as_slice() {
                [item] => {
                    // A shared value's phrase is told apart by its noun,
                    // not phrased as its category's others are.
                    let phrasing = &mut self.phrasings[item.category().index()];
                    if phrasing.form.is_none() && !shared {
                        phrasing.form = Some(form);
                    }
                    Ok(Term::Value(*item))
                }
                _ if self.either && in_clue => self.either_term(&items, form, text, number),
                _ => Err(ReadErrorKind::Ambiguous {
                    value: text,
                    categories: items
                        .iter()
                        .map(|i| self.phrasings[i.category().index()].noun.clone())
                        .collect(),
                }),
            },
        }
    }

    /// A person of its own for a value of several categories: a helper
    /// category whose first value is with one of `items` (a chain of
    /// either-or clues, one helper per link).
    fn either_term(
        &mut self,
        items: &[Item],
        form: TermForm,
        text: String,
        number: usize,
    ) -> Result<Term, ReadErrorKind> {
        let n = self.positions;
        let mut helpers: Vec<Item> = Vec::new();
        for link in 0..items.len() - 1 {
            let name = identifier(
                &format!("clue {number} {text} {}", link + 1),
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
            self.mentions.push(Mention {
                category,
                text: text.clone(),
                form: form.clone(),
                clue: number,
            });
        }
        for (link, &helper) in helpers.iter().enumerate() {
            let next = helpers
                .get(link + 1)
                .copied()
                .unwrap_or(items[items.len() - 1]);
            let clue = Clue::EitherOr(
                Term::Value(helper),
                Term::Value(items[link]),
                Term::Value(next),
            );
            self.puzzle.add_clue(clue).map_err(ReadErrorKind::Puzzle)?;
        }
        Ok(Term::Value(helpers[0]))
    }

    /// The category whose values name the people: the one whose noun is
    /// "name" or "names", else the first.
    fn people(&self) -> Category {
        let index = self
            .phrasings
            .iter()
            .position(|p| matches!(key(&p.noun).as_str(), "name" | "names"))
            .unwrap_or(0);
        Category::at(index)
    }

    /// Reads the question on `line`.
    fn question(&mut self, line: usize, body: &str) -> Result<Question, ReadError> {
        let at = |kind| ReadError::at(line, kind);
        let mut w = words(body);
        let who = w.first().is_some_and(|x| x.key == "who");
        if who {
            // "Who owns the fish?" names "the person who owns the fish".
            w.splice(
                0..0,
                ["the", "person"].map(|t| Word {
                    text: t,
                    key: t.into(),
                    class: 0,
                    node: 0,
                }),
            );
        }
        let table = if who { Table::Who } else { Table::Questions };
        let reading = self.lexicon.read(&mut w, table).map_err(at)?;
        let asks = if who {
            Asks::Person
        } else {
            QUESTIONS[reading.phrase].0
        };
        let Some(subject) = reading.terms.into_iter().next() else {
            return Err(at(ReadErrorKind::UnknownForm {
                words: body.trim().to_string(),
            }));
        };
        let of = self.term(subject, 0, false).map_err(at)?;
        Ok(match asks {
            Asks::Position => Question::Position(of),
            Asks::Value => Question::Value {
                of,
                category: Category::at(reading.category.unwrap_or(0)),
            },
            Asks::Person => Question::Value {
                of,
                category: self.people(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, classify};

    #[test]
    fn clue_and_question_lines() {
        assert!(matches!(
            classify("Clue 12: The Swede is Eric."),
            Line::Clue(12, " The Swede is Eric.")
        ));
        assert!(matches!(
            classify("3. Eric is in the first house."),
            Line::Clue(3, " Eric is in the first house.")
        ));
        assert!(matches!(classify("3.5 people"), Line::Other));
        assert!(matches!(
            classify("Question: What position is Eric at?"),
            Line::Question(" What position is Eric at?")
        ));
        assert!(matches!(
            classify("## Question: Who owns the fish?"),
            Line::Question(_)
        ));
        assert!(matches!(
            classify("Who owns the fish?"),
            Line::Question("Who owns the fish?")
        ));
        assert!(matches!(classify("Clue x: no"), Line::Other));
    }
}
