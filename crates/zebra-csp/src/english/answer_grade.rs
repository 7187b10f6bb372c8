//! Grading a model's one-value answer to a puzzle's question (BBEH's
//! "What position is …?", reasoning-gym's "What is Name of …?", a
//! ZebraLogic multiple-choice question): the answer is found in the
//! model's text, read as a value or a position, and compared with the
//! answer the solver proves forced.

use super::EnglishPuzzle;
use super::asking::{Chosen, read_choice};
use super::error::GradeError;
use super::grid_grade::{last_json, value_in};
use super::meaning::{Named, Row, scan};
use super::question::{Answer, AnswerValue, Answered, Proof, Question};
use super::reader::{ask, lexicon_of};
use super::words::words;
use crate::house::House;

/// A model's answer, graded.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::EnglishPuzzle;
/// let english: EnglishPuzzle = "\
/// There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
/// Everyone has a different name: Ann, Bob, Cid.
/// Clue 1: Bob is immediately to the left of Cid.
/// Clue 2: Ann is at the 3rd position.
/// Question: What position is Cid at?
/// ".parse()?;
/// let grade = english.grade_answer("Bob is first, so Cid is second.\nAnswer: 2")?;
/// assert!(grade.right);
/// assert_eq!(grade.expected.text, "2");
/// let grade = english.grade_answer("**3**")?;
/// assert!(!grade.right);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AnswerGrade {
    /// Whether the answer is the forced one.
    pub right: bool,
    /// The answer as found in the text.
    pub given: String,
    /// What it reads as.
    pub read: AnswerValue,
    /// The forced answer, with a solution that gives it.
    pub expected: Answer,
    /// Why the expected answer is forced.
    pub proof: Proof,
}

/// A multiple-choice question answered by its choice.
///
/// # Example
///
/// See [`EnglishPuzzle::choose`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Choice {
    /// The index of the right choice.
    pub index: usize,
    /// The choice, as written.
    pub text: String,
    /// The forced answer, with a solution that gives it.
    pub answer: Answer,
    /// Why it is forced.
    pub proof: Proof,
}

/// Where a model's answer is in its text: a JSON `"answer"`, else what
/// follows the last marker written ("answer:", "answer is", `\boxed{…}`),
/// else the last line; markdown emphasis, quotes and a full stop around it
/// dropped.
pub(crate) fn answer_in(output: &str) -> Option<String> {
    let clean = |s: &str| -> String {
        s.trim()
            .trim_matches(|c: char| {
                matches!(
                    c,
                    '*' | '_' | '`' | '"' | '\'' | '.' | ':' | '$' | '[' | ']'
                ) || c.is_whitespace()
            })
            .to_string()
    };
    if let Ok(json) = last_json(output)
        && let Some(answer) = json.get("answer")
    {
        let text = match answer {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        return Some(clean(&text)).filter(|t| !t.is_empty());
    }
    // The last marker written, whichever it is ("The answer is tea.
    // Wait, no: Answer: milk" answers milk).
    let lower = output.to_ascii_lowercase();
    let last = ["\\boxed{", "answer is", "answer:", "answer :"]
        .iter()
        .filter_map(|marker| lower.rfind(marker).map(|at| (at, marker.len())))
        .max();
    if let Some((at, len)) = last {
        let rest = &output[at + len..];
        let found = if lower[at..].starts_with('\\') {
            rest.find('}').map(|end| &rest[..end])
        } else {
            rest.lines().map(str::trim).find(|l| !l.is_empty())
        };
        if let Some(found) = found {
            return Some(clean(found)).filter(|t| !t.is_empty());
        }
    }
    output.lines().map(clean).rfind(|l| !l.is_empty())
}

impl EnglishPuzzle {
    /// Reads a question about this puzzle, in the words of any family
    /// ("What is Name of the person who lives in House 1?", "What position
    /// is the Swede at?", "Who owns the fish?"): a "Question:" before it
    /// and whatever follows its "?" are passed over.
    ///
    /// # Errors
    ///
    /// A [`ReadError`](super::ReadError) (without a line) for a question
    /// the reader cannot read: of an unknown form, naming no one, an
    /// unknown category, an ambiguous value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Question};
    /// let english: EnglishPuzzle = "\
    /// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
    ///  - Each person has a unique name: `Eric`, `Arnold`
    ///  - Each person has a unique type of pet: `dog`, `cat`
    /// ## Clues:
    /// 1. Eric is directly left of the person who owns a dog.
    /// ".parse()?;
    /// let question = english.read_question("What is Name of the person who lives in House 1?")?;
    /// assert!(matches!(question, Question::Value { .. }));
    /// let english = english.with_question(Some(question))?;
    /// assert!(english.grade_answer("Answer: Eric")?.right);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_question(&self, question: &str) -> Result<Question, super::ReadError> {
        ask(self, question, &[]).map_err(|kind| super::ReadError {
            line: None,
            clue: None,
            kind,
        })
    }

    /// Answers a multiple-choice question by its choice: the question is
    /// read ([`read_question`](EnglishPuzzle::read_question); the choices
    /// say the category when its words do not, as ZebraLogic's "What is
    /// Food of …?" for a category described as "something different for
    /// lunch"), its answer proved forced, and found among the choices.
    ///
    /// # Errors
    ///
    /// [`GradeError::Question`] for a question or choice that cannot be
    /// read; [`GradeError::NotForced`] when the answer is not forced;
    /// [`GradeError::NotAChoice`] when it is none of the choices.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
    ///  - Each person has a unique name: `Eric`, `Arnold`
    ///  - Everyone has something different for lunch: `pizza`, `stew`
    /// ## Clues:
    /// 1. Eric is directly left of the person who loves the stew.
    /// ".parse()?;
    /// let choice = english.choose("What is Food of the person who lives in House 2?", &["stew", "pizza"])?;
    /// assert_eq!((choice.index, choice.text.as_str()), (0, "stew"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choose<S: AsRef<str>>(
        &self,
        question: &str,
        choices: &[S],
    ) -> Result<Choice, GradeError> {
        let choices: Vec<String> = choices.iter().map(|c| c.as_ref().to_string()).collect();
        let q = ask(self, question, &choices).map_err(|kind| {
            GradeError::Question(super::ReadError {
                line: None,
                clue: None,
                kind,
            })
        })?;
        let english = self
            .clone()
            .with_question(Some(q))
            .map_err(|_| GradeError::NoQuestion)?;
        let (answer, proof) = forced(&english)?;
        let lexicon = lexicon_of(self);
        let index = choices
            .iter()
            .position(
                |choice| match (&answer.value, read_choice(&lexicon, choice)) {
                    (AnswerValue::House(h), Some(Chosen::Position(n))) => h.number() == n,
                    (AnswerValue::Value(item), Some(Chosen::Value(e))) => {
                        lexicon.entries[e].items.contains(item)
                    }
                    _ => false,
                },
            )
            .ok_or_else(|| GradeError::NotAChoice {
                answer: answer.text.clone(),
            })?;
        Ok(Choice {
            index,
            text: choices[index].clone(),
            answer,
            proof,
        })
    }

    /// Grades a model's answer to the puzzle's question: the answer is
    /// found in its text (a JSON `"answer"`, else what follows the last
    /// marker written, "Answer:", "answer is" or `\boxed{}`, else the last
    /// line), read as a position ("3", "third", "position 3", "third from
    /// the right") or a value of the category asked (in any of its forms:
    /// "British" for `brit`), and compared with the answer proved forced.
    ///
    /// # Errors
    ///
    /// [`GradeError::NoQuestion`] when the puzzle asks nothing;
    /// [`GradeError::NoAnswer`] for an empty text;
    /// [`GradeError::UnreadableAnswer`] when the answer found is no
    /// position or value of the category asked, names two, or denies ("not
    /// tea"); [`GradeError::NotForced`]
    /// when the puzzle's answer is not forced.
    ///
    /// # Example
    ///
    /// See [`AnswerGrade`].
    pub fn grade_answer(&self, output: &str) -> Result<AnswerGrade, GradeError> {
        let question = self.question.ok_or(GradeError::NoQuestion)?;
        let given = answer_in(output).ok_or(GradeError::NoAnswer)?;
        let read = self.read_answer(&question, &given)?;
        let (expected, proof) = forced(self)?;
        Ok(AnswerGrade {
            right: read == expected.value,
            given,
            read,
            expected,
            proof,
        })
    }

    /// Reads an answer to `question`: a position, or a value of the
    /// category asked (the whole text, else the one such value it names).
    fn read_answer(&self, question: &Question, given: &str) -> Result<AnswerValue, GradeError> {
        let unreadable = || GradeError::UnreadableAnswer {
            text: given.to_string(),
        };
        let n = self.puzzle.positions();
        // "not tea", "no": an answer that denies names nothing.
        if words(given)
            .iter()
            .any(|w| matches!(&*w.key, "not" | "no" | "never" | "none" | "neither" | "nor"))
        {
            return Err(unreadable());
        }
        // The answer is one value or place and nothing else: "Bob", "the
        // Brit", "third from the right"; not "all but Bob", "the person
        // right of Ann", "position 2, counting from the right".
        let lexicon = lexicon_of(self);
        let term = self.only_term(&lexicon, given);
        match *question {
            Question::Position(_) => {
                let house = match read_choice(&lexicon, given) {
                    Some(Chosen::Position(h)) => Some(h),
                    _ => match term {
                        Some(Named::Place(h)) => Some(h),
                        _ => None,
                    },
                };
                house
                    .and_then(House::from_number)
                    .filter(|h| h.index() < n)
                    .map(AnswerValue::House)
                    .ok_or_else(unreadable)
            }
            Question::Value { category, .. } => {
                let c = category.index();
                if let Some(item) = value_in(&lexicon, c, given) {
                    return Ok(AnswerValue::Value(item));
                }
                let Some(Named::Value(entry)) = term else {
                    return Err(unreadable());
                };
                lexicon.entries[entry]
                    .items
                    .iter()
                    .copied()
                    .find(|i| i.category().index() == c)
                    .map(AnswerValue::Value)
                    .ok_or_else(unreadable)
            }
        }
    }
}

impl EnglishPuzzle {
    /// What `given` names when, read as a clue's words, it is one term and
    /// nothing else ("the Brit", "third from the right").
    fn only_term(&self, lexicon: &super::lexicon::Lexicon, given: &str) -> Option<Named> {
        let row = Row {
            positions: self.puzzle.positions(),
            flipped: self.flipped,
            queue: self.queue,
        };
        let w = words(given);
        let skeleton = scan(lexicon, &w, row).ok()?;
        match (skeleton.terms.as_slice(), skeleton.syms.len()) {
            ([term], 1) if skeleton.unsupported.is_empty() => Some(term.named),
            _ => None,
        }
    }
}

/// The forced answer of `english`'s question.
fn forced(english: &EnglishPuzzle) -> Result<(Answer, Proof), GradeError> {
    let answerer = english.answerer().ok_or(GradeError::NoQuestion)?;
    match answerer.answer() {
        Answered::Forced(answer, proof) => Ok((answer, proof)),
        other => Err(GradeError::NotForced(Box::new(other))),
    }
}

#[cfg(test)]
mod tests {
    use super::answer_in;

    #[test]
    fn answers_are_found_as_models_write_them() {
        assert_eq!(
            answer_in("Reasoning...\nAnswer: **Eric**."),
            Some("Eric".into())
        );
        assert_eq!(answer_in("So the answer is 3."), Some("3".into()));
        assert_eq!(answer_in("thus $\\boxed{4}$"), Some("4".into()));
        assert_eq!(
            answer_in("{\"reasoning\": \"…\", \"answer\": \"Arnold\"}"),
            Some("Arnold".into())
        );
        assert_eq!(answer_in("lots\n\n  bob  \n"), Some("bob".into()));
        assert_eq!(answer_in("  \n "), None);
        // The last marker, whichever it is.
        assert_eq!(
            answer_in("The answer is tea.\nWait, no: Answer: milk"),
            Some("milk".into())
        );
        assert_eq!(
            answer_in("\\boxed{tea} ... final answer: iced tea"),
            Some("iced tea".into())
        );
        assert_eq!(answer_in("Answer: 2, so \\boxed{3}"), Some("3".into()));
    }
}
