//! Questions and their answers, with the proof that the answer is forced.

use std::fmt;
use std::sync::{Arc, Mutex};

use kongming_search::control::{Budget, Outcome, Progress, ProgressFn, StopReason};

use super::EnglishPuzzle;
use crate::answers::Uniqueness;
use crate::clue::{Clue, Term};
use crate::house::{Category, House, Item};
use crate::network;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::{SharedProgress, Solver};

/// What a puzzle asks.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Term;
/// use kongming_zebra_csp::english::{EnglishPuzzle, Question};
/// let english: EnglishPuzzle = "\
/// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
///  - Each person has a unique name: `Eric`, `Arnold`
///  - Each person has a unique type of pet: `dog`, `cat`
/// ### Clues:
/// 1. Eric is in the first house.
/// 2. The person who owns a dog is not in the first house.
/// Who owns the dog?
/// ".parse()?;
/// let dog = Term::Value(english.puzzle().item("dog").unwrap());
/// let name = english.puzzle().category("name").unwrap();
/// assert_eq!(english.question(), Some(&Question::Value { of: dog, category: name }));
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Question {
    /// "What position is X at?": the position of the person X.
    Position(Term),
    /// "What is the NOUN of X?", "Who owns X?": the value of `category` of
    /// the person X.
    Value {
        /// The person asked about.
        of: Term,
        /// The category whose value is asked.
        category: Category,
    },
}

impl Question {
    /// The person asked about.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{House, Term};
    /// use kongming_zebra_csp::english::Question;
    /// let first = Term::House(House::from_number(1).unwrap());
    /// assert_eq!(Question::Position(first).subject(), first);
    /// ```
    pub fn subject(&self) -> Term {
        match *self {
            Question::Position(of) | Question::Value { of, .. } => of,
        }
    }

    /// Whether the question is about `puzzle`, its category one of the
    /// first `categories`.
    pub(crate) fn fits(&self, puzzle: &Puzzle, categories: usize) -> bool {
        let term = match self.subject() {
            Term::Value(item) => {
                item.category().index() < categories && item.index() < puzzle.positions()
            }
            Term::House(h) => h.index() < puzzle.positions(),
        };
        let category = match *self {
            Question::Value { category, .. } => category.index() < categories,
            Question::Position(_) => true,
        };
        term && category
    }
}

/// An answer: a position or a value.
///
/// # Example
///
/// See [`Answerer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnswerValue {
    /// A position (for "What position …").
    House(House),
    /// A value (for "What is the … of", "Who …").
    Value(Item),
}

/// The answer in one solution: the position or value, as the puzzle writes
/// it, and the solution.
///
/// [`Display`](fmt::Display) writes the text: the position's number, or
/// the value as the puzzle spells it.
///
/// # Example
///
/// See [`Answerer`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Answer {
    /// The answer.
    pub value: AnswerValue,
    /// As written: the position's number, or the value's English spelling.
    pub text: String,
    /// A solution with this answer.
    pub solution: Solution,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why an answer is forced.
///
/// # Example
///
/// See [`Answerer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Proof {
    /// The puzzle has exactly one solution.
    UniqueSolution,
    /// The puzzle has several solutions, and a search with the answer
    /// ruled out found none: every solution gives this answer.
    SameInEverySolution,
}

/// What answering a question found.
///
/// Only [`Forced`](Answered::Forced) is an answer; a search stopped by its
/// budget says [`Stopped`](Answered::Stopped), never an answer.
///
/// # Example
///
/// See [`Answerer`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Answered {
    /// The answer, the same in every solution, and why.
    Forced(Answer, Proof),
    /// Two solutions that answer differently.
    NotForced(Answer, Answer),
    /// The puzzle has no solution.
    NoSolution,
    /// The budget stopped the search first.
    Stopped(StopReason),
}

/// Answers an [`EnglishPuzzle`]'s question, with the proof that the answer
/// is forced: first a search for two solutions; when there are two and
/// they agree, a search for a solution with that answer ruled out.
///
/// A node of the budget is a case split of either search; the progress
/// callback hears each search's reports (its own case splits).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Budget, CancelFlag, StopReason};
/// use kongming_zebra_csp::english::{Answered, EnglishPuzzle, Proof};
/// let english: EnglishPuzzle = "\
/// There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
/// Everyone has a different name: Ann, Bob, Cid.
/// Everyone likes a different fruit: apples, pears, plums.
/// Clue 1: The person who likes plums is immediately to the left of Bob.
/// Clue 2: Bob is at one of the ends.
/// Question: What position is the person who likes plums at?
/// ".parse()?;
/// match english.answerer().expect("a question").answer() {
///     Answered::Forced(answer, proof) => {
///         assert_eq!(answer.to_string(), "2");
///         // Ann and Cid may swap: two solutions, one answer.
///         assert_eq!(proof, Proof::SameInEverySolution);
///     }
///     other => panic!("{other:?}"),
/// }
/// // A stopped search gives no answer.
/// let flag = CancelFlag::new();
/// flag.cancel();
/// let stopped = english.answerer().unwrap().budget(Budget::unlimited().with_cancel_flag(flag));
/// assert_eq!(stopped.answer(), Answered::Stopped(StopReason::Cancelled));
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[must_use]
pub struct Answerer<'p> {
    english: &'p EnglishPuzzle,
    question: Question,
    budget: Budget,
    progress: Option<SharedProgress<'p>>,
}

impl fmt::Debug for Answerer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Answerer")
            .field("question", &self.question)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl EnglishPuzzle {
    /// An answerer of the puzzle's question, with no budget yet; `None`
    /// when the puzzle asks nothing.
    ///
    /// # Example
    ///
    /// See [`Answerer`].
    pub fn answerer(&self) -> Option<Answerer<'_>> {
        self.question.map(|question| Answerer {
            english: self,
            question,
            budget: Budget::unlimited(),
            progress: None,
        })
    }
}

impl<'p> Answerer<'p> {
    /// Limits the work: a node is a case split of the solver (see
    /// [`Solver::budget`]), of both searches together.
    ///
    /// # Example
    ///
    /// See [`Answerer`].
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` as the searches go on (see
    /// [`Solver::on_progress`]).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_zebra_csp::Progress;
    /// use kongming_zebra_csp::english::{Answered, EnglishPuzzle};
    /// let english: EnglishPuzzle = "\
    /// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
    /// Everyone has a different name: Ann, Bob.
    /// Clue 1: Ann is immediately to the left of Bob.
    /// Question: What position is Bob at?
    /// ".parse()?;
    /// let reports = Arc::new(Mutex::new(0));
    /// let seen = Arc::clone(&reports);
    /// let answered = english
    ///     .answerer()
    ///     .unwrap()
    ///     .on_progress(move |_: &Progress| *seen.lock().unwrap() += 1)
    ///     .answer();
    /// assert!(matches!(answered, Answered::Forced(ref a, _) if a.text == "2"));
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'p) -> Self {
        self.progress = Some(Arc::new(Mutex::new(ProgressFn::new(callback))));
        self
    }

    /// The question asked.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Question};
    /// let english: EnglishPuzzle = "\
    /// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
    /// Everyone has a different name: Ann, Bob.
    /// Question: What position is Bob at?
    /// ".parse()?;
    /// assert!(matches!(english.answerer().unwrap().question(), Question::Position(_)));
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn question(&self) -> Question {
        self.question
    }

    /// The answer in `solution`, and the term it names.
    fn answer_in(&self, solution: Solution) -> (Answer, Term) {
        let house = match self.question.subject() {
            Term::Value(item) => solution.house_of(item),
            Term::House(h) => h,
        };
        let (value, text, term) = match self.question {
            Question::Position(_) => (
                AnswerValue::House(house),
                house.number().to_string(),
                Term::House(house),
            ),
            Question::Value { category, .. } => {
                let item = solution.value_at(category, house);
                (
                    AnswerValue::Value(item),
                    self.english.value_text(item).to_string(),
                    Term::Value(item),
                )
            }
        };
        (
            Answer {
                value,
                text,
                solution,
            },
            term,
        )
    }

    /// Answers the question.
    ///
    /// # Example
    ///
    /// See [`Answerer`].
    #[must_use]
    pub fn answer(self) -> Answered {
        let puzzle = self.english.puzzle();
        let meter = self.budget.start();
        let mut solver = Solver::new(puzzle)
            .budget(meter.remaining(0))
            .with_shared_progress(self.progress.clone());
        let (first, second) = match solver.uniqueness() {
            Uniqueness::NoSolution => return Answered::NoSolution,
            Uniqueness::Stopped(reason, _) => return Answered::Stopped(reason),
            Uniqueness::Unique(solution) => {
                return Answered::Forced(self.answer_in(solution).0, Proof::UniqueSolution);
            }
            Uniqueness::Multiple(first, second) => (first, second),
        };
        let (first, term) = self.answer_in(first);
        let (second, _) = self.answer_in(second);
        if first.value != second.value {
            return Answered::NotForced(first, second);
        }
        let subject = self.question.subject();
        if subject == term {
            // The question names its answer ("the position of the person
            // at position 3").
            return Answered::Forced(first, Proof::SameInEverySolution);
        }
        // A solution where the subject is not with the answer?
        let nodes = solver.stats().case_splits;
        let ruled_out = Clue::Same(subject, term);
        let network = network::build_from(puzzle, puzzle.clues(), Some(&ruled_out));
        let mut other = Solver::for_network(puzzle, network)
            .budget(meter.remaining(nodes))
            .with_shared_progress(self.progress.clone());
        match other.next_solution() {
            Some(solution) => Answered::NotForced(first, self.answer_in(solution).0),
            None => match other.outcome() {
                Some(Outcome::Stopped(reason)) => Answered::Stopped(reason),
                _ => Answered::Forced(first, Proof::SameInEverySolution),
            },
        }
    }
}
