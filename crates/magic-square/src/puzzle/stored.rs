//! A [`Puzzle`] as saved: `{"grid", "kind", "difficulty"}`, without its
//! answer, which is worked out again as it is loaded (one completion
//! search, bounded by the search the difficulty records and by
//! [`MAX_LOAD_NODES`]); or, asked for with [`Puzzle::with_answer`], with
//! its `"solution"` too, then checked as it is loaded: it completes the
//! grid into a square of the kind. Its uniqueness and the difficulty's
//! search nodes are then trusted (checking them is the search a saved
//! answer spares); a file from an untrusted source is loaded without its
//! answer.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Difficulty, Puzzle, Uniqueness};
use crate::{Budget, Completion, Kind, PartialSquare, Square};

/// The nodes a load may search beyond those the saved difficulty records
/// (the saved count is exact; the margin only keeps a hand-edited file
/// from failing for a few nodes).
const LOAD_MARGIN: u64 = 1_000;

/// The most search nodes loading a [`Puzzle`] saved without its answer
/// spends to find its only completion again: a saved difficulty that
/// claims more nodes is refused before any search, so a forged file cannot
/// make a load search without end.
///
/// The generator's puzzles of orders 1 to 8 take far fewer (tens of
/// thousands at most on the seeds tried); a puzzle that needs more is
/// saved with its answer ([`Puzzle::with_answer`]), whose load does not
/// search.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{MAX_LOAD_NODES, Puzzle};
///
/// let forged = r#"{"grid":"2 7 .\n. . .\n. . .","kind":"magic",
///     "difficulty":{"givens":2,"cells":9,"nodes":18446744073709551615}}"#;
/// let error = serde_json::from_str::<Puzzle>(forged).unwrap_err();
/// assert!(error.to_string().contains(&MAX_LOAD_NODES.to_string()), "{error}");
/// ```
pub const MAX_LOAD_NODES: u64 = 2_000_000;

/// A puzzle to be saved with its answer: see [`Puzzle::with_answer`].
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Generator, Kind, Puzzle};
///
/// let puzzle = Generator::new(3, Kind::MAGIC)?.generate(4)?;
/// let json = serde_json::to_string(&puzzle.with_answer())?;
/// assert!(json.contains("\"solution\""));
/// assert_eq!(serde_json::from_str::<Puzzle>(&json)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[must_use = "it only serializes"]
pub struct WithAnswer<'p>(&'p Puzzle);

impl Puzzle {
    /// The puzzle, to be saved with its answer (a plain `Puzzle` is saved
    /// without it). Loading it checks that the answer completes the grid
    /// into a square of the kind, without searching: the answer is trusted
    /// to be the grid's only completion, and the difficulty's search nodes
    /// to be right.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Generator, Kind, Puzzle};
    ///
    /// let puzzle = Generator::new(4, Kind::MAGIC)?.generate(2)?;
    /// let plain = serde_json::to_string(&puzzle)?;
    /// assert!(!plain.contains("solution"));
    /// assert_eq!(serde_json::from_str::<Puzzle>(&plain)?, puzzle); // the answer worked out again
    /// assert!(serde_json::to_string(&puzzle.with_answer())?.contains("solution"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_answer(&self) -> WithAnswer<'_> {
        WithAnswer(self)
    }
}

/// The fields written.
#[derive(Serialize)]
struct Written<'p> {
    grid: &'p PartialSquare,
    kind: Kind,
    difficulty: Difficulty,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'p Square>,
}

impl Serialize for Puzzle {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Written {
            grid: &self.grid,
            kind: self.kind,
            difficulty: self.difficulty,
            solution: None,
        }
        .serialize(serializer)
    }
}

impl Serialize for WithAnswer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Written {
            grid: &self.0.grid,
            kind: self.0.kind,
            difficulty: self.0.difficulty,
            solution: Some(&self.0.solution),
        }
        .serialize(serializer)
    }
}

/// The fields read.
#[derive(Deserialize)]
struct Read {
    grid: PartialSquare,
    kind: Kind,
    difficulty: Difficulty,
    #[serde(default)]
    solution: Option<Square>,
}

impl<'de> Deserialize<'de> for Puzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = Read::deserialize(deserializer)?;
        read.into_puzzle().map_err(serde::de::Error::custom)
    }
}

impl Read {
    /// The puzzle, checked: the difficulty's givens and cells are the
    /// grid's; with a solution, that it completes the grid and is a square
    /// of the kind (its uniqueness and the difficulty's nodes are trusted:
    /// checking them is the search a saved answer spares); without, the
    /// grid's only completion, searched, with the difficulty that search
    /// measures.
    fn into_puzzle(self) -> Result<Puzzle, String> {
        let order = self.grid.order();
        let givens = self.grid.cells().iter().flatten().count();
        if (self.difficulty.givens, self.difficulty.cells) != (givens, order * order) {
            return Err(format!(
                "the difficulty says {} of {} cells given, the grid has {givens} of {}",
                self.difficulty.givens,
                self.difficulty.cells,
                order * order
            ));
        }
        if let Some(solution) = self.solution {
            if !self.grid.matches(&solution) {
                return Err("the solution does not match the grid".to_owned());
            }
            solution
                .check(self.kind)
                .map_err(|error| format!("the solution is not of its kind: {error}"))?;
            return Ok(Puzzle::new(self.grid, self.kind, solution, self.difficulty));
        }
        if self.difficulty.nodes > MAX_LOAD_NODES {
            return Err(format!(
                "the difficulty says {} search nodes, more than a load searches \
                 ({MAX_LOAD_NODES}): save such a puzzle with its answer",
                self.difficulty.nodes
            ));
        }
        let limit = (self.difficulty.nodes + LOAD_MARGIN).min(MAX_LOAD_NODES);
        let completion = Completion::new(&self.grid, self.kind)
            .map_err(|error| format!("the grid cannot be completed: {error}"))?
            .budget(Budget::unlimited().with_node_limit(limit));
        match completion.uniqueness() {
            Uniqueness::Unique(puzzle) => Ok(puzzle),
            Uniqueness::NoCompletion => Err("the grid has no completion".to_owned()),
            Uniqueness::Several(_) => Err("the grid has several completions".to_owned()),
            Uniqueness::Stopped(_) => Err(format!(
                "the grid needs more search than its difficulty says ({} nodes)",
                self.difficulty.nodes
            )),
        }
    }
}
