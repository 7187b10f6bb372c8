//! The serialized forms (the `serde` feature) of the values whose form is
//! not simply derived: a puzzle as its text, a house by its number, and the
//! values that are checked as they are loaded.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use kongming_search::control::{Budget, Outcome};

use crate::explain::{Explanation, Reason, Step};
use crate::generate::{Generated, WithAnswer};
use crate::grade::{Difficulty, Rating};
use crate::house::{Category, House, Item};
use crate::marks::Marks;
use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS, Puzzle};
use crate::solution::Solution;
use crate::solve::Solver;

impl Serialize for House {
    /// The house's number, from 1.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.number() as u64)
    }
}

impl<'de> Deserialize<'de> for House {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = u64::deserialize(deserializer)?;
        usize::try_from(number)
            .ok()
            .and_then(House::from_number)
            .ok_or_else(|| {
                D::Error::custom(format!("house {number} is outside 1..={MAX_POSITIONS}"))
            })
    }
}

impl Serialize for Category {
    /// The category's number, from 1 (its place in the puzzle's list).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.index() as u64 + 1)
    }
}

impl<'de> Deserialize<'de> for Category {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = u64::deserialize(deserializer)?;
        usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(Category::from_index)
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "category number {number} is outside 1..={MAX_CATEGORIES}"
                ))
            })
    }
}

/// An item as stored: its category's number and its value's number in the
/// category's list, both from 1.
#[derive(Serialize, Deserialize)]
struct ItemData {
    category: Category,
    value: u64,
}

impl Serialize for Item {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ItemData {
            category: self.category(),
            value: self.index() as u64 + 1,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = ItemData::deserialize(deserializer)?;
        usize::try_from(data.value)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|index| Item::new(data.category, index))
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "value number {} is outside 1..={MAX_POSITIONS}",
                    data.value
                ))
            })
    }
}

impl Serialize for Puzzle {
    /// The text format.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Puzzle {
    /// Parses the text format, with all its checks.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// One category of a solution as stored: its names, and the house of each
/// value in order.
#[derive(Serialize, Deserialize)]
struct RowData {
    name: String,
    values: Vec<String>,
    houses: Vec<House>,
}

impl Serialize for Solution {
    /// The categories: each its name, its values' names and their houses.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rows: Vec<RowData> = self
            .names
            .iter()
            .zip(&self.houses)
            .map(|(names, houses)| RowData {
                name: names.name.clone(),
                values: names.values.clone(),
                houses: houses.clone(),
            })
            .collect();
        rows.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Solution {
    /// Checks the names as a puzzle's, and that each category puts one
    /// value in each house.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rows = Vec::<RowData>::deserialize(deserializer)?;
        let spec: Vec<(&str, &[String])> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.values.as_slice()))
            .collect();
        let blank = Puzzle::new(&spec).map_err(D::Error::custom)?;
        let n = blank.positions();
        let mut houses = Vec::with_capacity(rows.len());
        for row in rows {
            let mut seen = vec![false; n];
            let fits = row.houses.len() == n
                && row
                    .houses
                    .iter()
                    .all(|h| h.index() < n && !std::mem::replace(&mut seen[h.index()], true));
            if !fits {
                return Err(D::Error::custom(format!(
                    "category '{}' does not put one value in each of houses 1 to {n}",
                    row.name
                )));
            }
            houses.push(row.houses);
        }
        Ok(Solution::new(&blank, houses))
    }
}

/// Whether `solution` is a solution of `puzzle`, with its names.
fn solves(solution: &Solution, puzzle: &Puzzle) -> Result<(), String> {
    if solution.names != puzzle.categories {
        return Err("the solution's names are not the puzzle's".into());
    }
    if !solution.satisfies(puzzle) {
        return Err("the solution breaks a clue of the puzzle".into());
    }
    Ok(())
}

/// A generated puzzle as stored: its solution only when asked for
/// ([`Generated::with_answer`]).
#[derive(Serialize, Deserialize)]
struct GeneratedData<P, S> {
    seed: u64,
    puzzle: P,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<S>,
    difficulty: Difficulty,
    undecided: usize,
}

impl Generated {
    /// The stored form, with the solution or without.
    fn data(&self, answer: bool) -> GeneratedData<&Puzzle, &Solution> {
        GeneratedData {
            seed: self.seed,
            puzzle: &self.puzzle,
            solution: answer.then_some(&self.solution),
            difficulty: self.difficulty,
            undecided: self.undecided,
        }
    }
}

impl Serialize for Generated {
    /// The seed, the puzzle's text, its difficulty and undecided clues: not
    /// the solution.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.data(false).serialize(serializer)
    }
}

impl Serialize for WithAnswer<'_> {
    /// As [`Generated`], with the solution.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.data(true).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Generated {
    /// Checks that the solution, if stored, is a solution of the puzzle
    /// (every clue holds, each category fills the houses); solves the
    /// puzzle again within [`GAME_SPLITS`](crate::GAME_SPLITS) case splits
    /// (it must have exactly one solution, so a stored solution that holds
    /// is that one); and grades it again within as many, to check the
    /// stored difficulty.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = GeneratedData::<Puzzle, Solution>::deserialize(deserializer)?;
        if let Some(solution) = &data.solution {
            solves(solution, &data.puzzle).map_err(D::Error::custom)?;
        }
        let only = crate::game::only_solution(&data.puzzle).map_err(D::Error::custom)?;
        if data.undecided > data.puzzle.clues().len() {
            return Err(D::Error::custom("more undecided clues than clues"));
        }
        let budget = Budget::unlimited().with_node_limit(crate::GAME_SPLITS);
        match Solver::new(&data.puzzle).budget(budget).rate() {
            Rating::Rated(difficulty) if difficulty == data.difficulty => {}
            Rating::Rated(difficulty) => {
                return Err(D::Error::custom(format!(
                    "the stored difficulty ({}) is not the puzzle's ({difficulty})",
                    data.difficulty
                )));
            }
            Rating::Stopped(reason) => {
                return Err(D::Error::custom(format!(
                    "the puzzle was not graded within {} case splits ({reason})",
                    crate::GAME_SPLITS
                )));
            }
        }
        Ok(Generated {
            seed: data.seed,
            puzzle: data.puzzle,
            // A stored solution that holds is the only one, hence `only`.
            solution: data.solution.unwrap_or(only),
            difficulty: data.difficulty,
            undecided: data.undecided,
        })
    }
}

/// An explanation as stored.
#[derive(Serialize, Deserialize)]
struct ExplanationData<P, T, S> {
    puzzle: P,
    steps: T,
    solution: Option<S>,
    contradiction: Option<Reason>,
    outcome: Outcome,
}

impl Serialize for Explanation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ExplanationData {
            puzzle: &self.puzzle,
            steps: &self.steps,
            solution: self.solution.as_ref(),
            contradiction: self.contradiction,
            outcome: self.outcome,
        }
        .serialize(serializer)
    }
}

/// Whether `reason` names only clues, categories, values and houses of
/// `puzzle`.
fn reason_fits(reason: &Reason, puzzle: &Puzzle) -> bool {
    match *reason {
        Reason::Clue(i) => i < puzzle.clues().len(),
        Reason::Category(c) => c.index() < puzzle.num_categories(),
        Reason::Refuted { item, house } | Reason::CaseSplit { item, house } => {
            item_fits(item, puzzle) && house.index() < puzzle.positions()
        }
    }
}

fn item_fits(item: Item, puzzle: &Puzzle) -> bool {
    item.category().index() < puzzle.num_categories() && item.index() < puzzle.positions()
}

/// Whether `step` (and its refutation) names only what `puzzle` has.
fn step_fits(step: &Step, puzzle: &Puzzle) -> bool {
    let houses_fit = |houses: &[House]| {
        houses.iter().all(|h| h.index() < puzzle.positions())
            && houses.windows(2).all(|w| w[0] < w[1])
    };
    reason_fits(&step.reason, puzzle)
        && step.contradiction.is_none_or(|c| reason_fits(&c, puzzle))
        && step
            .changes
            .iter()
            .all(|c| item_fits(c.item, puzzle) && houses_fit(&c.before) && houses_fit(&c.after))
        && step.refutation.iter().all(|s| step_fits(s, puzzle))
}

impl<'de> Deserialize<'de> for Explanation {
    /// Checks that every step names only clues, categories, values and
    /// houses of the puzzle, and that a solution reached is the puzzle's.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = ExplanationData::<Puzzle, Vec<Step>, Solution>::deserialize(deserializer)?;
        let puzzle = data.puzzle;
        if let Some(i) = data.steps.iter().position(|s| !step_fits(s, &puzzle)) {
            return Err(D::Error::custom(format!(
                "step {} names a clue, category, value or house the puzzle does not have",
                i + 1
            )));
        }
        if data
            .contradiction
            .is_some_and(|c| !reason_fits(&c, &puzzle))
        {
            return Err(D::Error::custom(
                "the contradiction names something the puzzle does not have",
            ));
        }
        if let Some(solution) = &data.solution {
            solves(solution, &puzzle).map_err(D::Error::custom)?;
        }
        Ok(Explanation {
            puzzle,
            steps: data.steps,
            solution: data.solution,
            contradiction: data.contradiction,
            outcome: data.outcome,
        })
    }
}

/// A category's names, as marks store them.
#[derive(Serialize, Deserialize)]
struct NamesData {
    name: String,
    values: Vec<String>,
}

/// The player's marks as stored: the puzzle's names and the text form.
#[derive(Serialize, Deserialize)]
struct MarksData {
    categories: Vec<NamesData>,
    marks: String,
}

impl Serialize for Marks {
    /// The categories' names and the marks' text form (one mark a line).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MarksData {
            categories: self
                .names
                .iter()
                .map(|c| NamesData {
                    name: c.name.clone(),
                    values: c.values.clone(),
                })
                .collect(),
            marks: self.to_string(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Marks {
    /// Checks the names as a puzzle's, and reads the marks' text with
    /// [`Marks::parse`]'s checks.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = MarksData::deserialize(deserializer)?;
        let spec: Vec<(&str, &[String])> = data
            .categories
            .iter()
            .map(|c| (c.name.as_str(), c.values.as_slice()))
            .collect();
        let blank = Puzzle::new(&spec).map_err(D::Error::custom)?;
        Marks::parse(&blank, &data.marks).map_err(D::Error::custom)
    }
}

/// A clue's index stored as its number from 1, as the text names it
/// ("clue 1" is index 0).
pub(crate) mod clue_number {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    /// The clue's number: its index plus 1.
    pub(crate) fn serialize<S: Serializer>(
        index: &usize,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(*index as u64 + 1)
    }

    /// The index of the clue numbered so (from 1).
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<usize, D::Error> {
        let number = u64::deserialize(deserializer)?;
        usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .ok_or_else(|| D::Error::custom(format!("clue number {number}: clues count from 1")))
    }
}
