//! Grading a model's grid as ZebraLogic's scorer does: the last complete
//! JSON object of the model's text, its `"solution"` object of houses
//! (`"House 1"`, …) of columns (`"Name"`, …); each cell compared with the
//! puzzle's one solution, trimmed and without regard to case. Columns are
//! matched to categories by the names the benchmark gives them, when they
//! are given ([`GridGrader::columns`]), else by their names and values.
//! A grid that is a whole arrangement of the puzzle's values also says
//! which clues it breaks.

use serde_json::{Map, Value};

use super::EnglishPuzzle;
use super::asking::{Chosen, category_named, read_choice, split_camel};
use super::error::GradeError;
use super::lexicon::Lexicon;
use super::reader::lexicon_of;
use super::words::keys;
use crate::answers::Uniqueness;
use crate::clue::Term;
use crate::house::{Category, House, Item};
use crate::solution::Solution;

/// One cell the model got wrong.
///
/// # Example
///
/// See [`GridGrade`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WrongCell {
    /// The house.
    pub house: House,
    /// The column, as the grid names it.
    pub column: String,
    /// The value of the solution, as the puzzle writes it.
    pub expected: String,
    /// The value the grid gives, `None` when the cell is empty.
    pub given: Option<String>,
}

/// A model's grid, graded against the puzzle's one solution.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::EnglishPuzzle;
/// let english: EnglishPuzzle = "\
/// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
///  - Each person has a unique name: `Eric`, `Arnold`
///  - Each person has a unique type of pet: `dog`, `cat`
/// ## Clues:
/// 1. Eric is directly left of Arnold.
/// 2. The person who owns a dog is not in the first house.
/// ".parse()?;
/// let output = r#"Reasoning … {"solution": {"House 1": {"Name": "Eric", "Pet": "dog"},
///                                          "House 2": {"Name": "arnold ", "Pet": "cat"}}}"#;
/// let grade = english.grade_grid(output)?;
/// assert!(!grade.right);
/// assert_eq!((grade.correct, grade.cells), (2, 4));
/// assert_eq!(grade.wrong[0].expected, "cat");
/// // The grid breaks clue 2.
/// assert_eq!(grade.broken, Some(vec![2]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GridGrade {
    /// Whether every cell is right.
    pub right: bool,
    /// The cells right.
    pub correct: usize,
    /// The cells in all: houses × categories.
    pub cells: usize,
    /// The cells wrong, house by house, column by column.
    pub wrong: Vec<WrongCell>,
    /// The numbers of the clues the grid breaks, when the grid is a whole
    /// arrangement (each category's values once each); `None` when it is
    /// not (a value twice, a cell empty). A grid that breaks no clue is
    /// the solution: the puzzle has only one.
    pub broken: Option<Vec<usize>>,
}

impl GridGrade {
    /// The share of cells right, from 0 to 1.
    ///
    /// # Example
    ///
    /// See [`EnglishPuzzle::grade_grid`].
    pub fn cell_accuracy(&self) -> f64 {
        if self.cells == 0 {
            return 1.0;
        }
        // At most 16 × 32 cells: exact in a double.
        let (correct, cells) = (
            u32::try_from(self.correct).unwrap_or(u32::MAX),
            u32::try_from(self.cells).unwrap_or(u32::MAX),
        );
        f64::from(correct) / f64::from(cells)
    }
}

/// The last complete JSON object of `text`, found as ZebraLogic's scorer
/// finds it: braces are counted (inside strings too), and the last run
/// from a `{` to the `}` that closes it wins; its line breaks are dropped
/// before it is parsed.
///
/// # Errors
///
/// [`GradeError::NoJson`] when no brace closes; [`GradeError::BadJson`]
/// when the object does not parse.
pub(crate) fn last_json(text: &str) -> Result<Value, GradeError> {
    let mut depth = 0usize;
    let mut start = None;
    let mut last: Option<(usize, usize)> = None;
    for (i, c) in text.char_indices() {
        match c {
            '{' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Some(s) = start.take()
                {
                    last = Some((s, i + 1));
                }
            }
            _ => {}
        }
    }
    let (s, e) = last.ok_or(GradeError::NoJson)?;
    let json: String = text[s..e].chars().filter(|&c| c != '\n').collect();
    serde_json::from_str(&json).map_err(|error| GradeError::BadJson {
        json,
        error: error.to_string(),
    })
}

/// A cell's text: a string, the first of a list, a number; `None` when
/// empty.
fn cell(value: &Value) -> Option<String> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => return items.first().and_then(cell),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null | Value::Object(_) => return None,
    };
    (!text.trim().is_empty()).then_some(text)
}

/// Compared as the scorer compares: trimmed, in lower case.
fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Grades models' grids for one puzzle: the puzzle is solved once, when
/// the grader is made, so each grid is graded in microseconds.
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
/// 2. Arnold is in the second house.
/// ".parse()?;
/// // The benchmark's names for the columns, in the puzzle's order.
/// let grader = english.grid_grader()?.columns(&["House", "Name", "Food"])?;
/// let output = r#"{"solution": {"House 1": {"Name": "Eric", "Food": "pizza"},
///                               "House 2": {"Name": "Arnold", "Food": "stew"}}}"#;
/// assert!(grader.grade(output)?.right);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GridGrader<'p> {
    english: &'p EnglishPuzzle,
    lexicon: Lexicon,
    solution: Solution,
    /// The benchmark's column names, one per category, when given.
    columns: Option<Vec<String>>,
}

impl EnglishPuzzle {
    /// A grader of models' grids for this puzzle: the puzzle is solved and
    /// its solution proved the only one.
    ///
    /// # Errors
    ///
    /// [`GradeError::NoOneSolution`] when the puzzle has no solution or
    /// more than one.
    ///
    /// # Example
    ///
    /// See [`GridGrader`].
    pub fn grid_grader(&self) -> Result<GridGrader<'_>, GradeError> {
        let Uniqueness::Unique(solution) = self.puzzle.uniqueness() else {
            return Err(GradeError::NoOneSolution);
        };
        Ok(GridGrader {
            english: self,
            lexicon: lexicon_of(self),
            solution,
            columns: None,
        })
    }

    /// Grades a model's grid: [`grid_grader`](EnglishPuzzle::grid_grader)
    /// and [`GridGrader::grade`] at once (solving the puzzle each time).
    ///
    /// # Errors
    ///
    /// As [`grid_grader`](EnglishPuzzle::grid_grader) and
    /// [`GridGrader::grade`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
    ///  - Each person has a unique name: `Eric`, `Arnold`
    /// ## Clues:
    /// 1. Eric is directly left of Arnold.
    /// ".parse()?;
    /// let grade = english.grade_grid(r#"{"solution": {"House 1": {"Name": "Arnold"},
    ///                                                 "House 2": {"Name": "Eric"}}}"#)?;
    /// assert_eq!(grade.cell_accuracy(), 0.0);
    /// assert_eq!(grade.broken, Some(vec![1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade_grid(&self, output: &str) -> Result<GridGrade, GradeError> {
        self.grid_grader()?.grade(output)
    }
}

impl<'p> GridGrader<'p> {
    /// The benchmark's names for the columns: `"House"` (or any first
    /// name), then one per category in the puzzle's order, as ZebraLogic's
    /// solution header gives them (`["House", "Name", "Pet", …]`). A grid's
    /// columns are then found by these names (trimmed, in any case), as
    /// the scorer finds them; without them, by the categories' nouns and
    /// the values in the column.
    ///
    /// # Errors
    ///
    /// [`GradeError::BadColumns`] when there are not as many names as the
    /// puzzle has categories, and one more.
    ///
    /// # Example
    ///
    /// See [`GridGrader`].
    pub fn columns<S: AsRef<str>>(mut self, names: &[S]) -> Result<Self, GradeError> {
        let expected = self.english.phrasings.len() + 1;
        if names.len() != expected {
            return Err(GradeError::BadColumns {
                given: names.len(),
                expected,
            });
        }
        self.columns = Some(names[1..].iter().map(|n| n.as_ref().to_string()).collect());
        Ok(self)
    }

    /// The puzzle's solution, graded against.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
    ///  - Each person has a unique name: `Eric`, `Arnold`
    /// ## Clues:
    /// 1. Eric is directly left of Arnold.
    /// ".parse()?;
    /// let grader = english.grid_grader()?;
    /// assert_eq!(english.grid(grader.solution()).lines().nth(2), Some("| name | Eric    | Arnold  |"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The houses of a grid: `"House 1"` … `"House N"` (any case, any
    /// spacing), each an object of columns.
    fn houses<'v>(
        &self,
        grid: &'v Map<String, Value>,
    ) -> Result<Vec<&'v Map<String, Value>>, GradeError> {
        let n = self.english.puzzle.positions();
        let mut houses: Vec<Option<&Map<String, Value>>> = vec![None; n];
        for (key, value) in grid {
            // "House 1", as the scorer names it, in any case and spacing.
            let lower = key.trim().to_lowercase();
            let number = lower
                .strip_prefix("house")
                .and_then(|n| n.trim().parse::<usize>().ok());
            let Some(h) = number.filter(|h| (1..=n).contains(h)) else {
                return Err(GradeError::UnknownHouse { key: key.clone() });
            };
            let Value::Object(columns) = value else {
                return Err(GradeError::Shape {
                    what: format!("\"{key}\" is not an object of columns"),
                });
            };
            houses[h - 1] = Some(columns);
        }
        houses
            .into_iter()
            .enumerate()
            .map(|(i, h)| h.ok_or(GradeError::MissingHouse { house: i + 1 }))
            .collect()
    }

    /// The column of each category: its key in the houses' objects.
    fn column_keys(&self, houses: &[&Map<String, Value>]) -> Result<Vec<String>, GradeError> {
        let categories = self.english.phrasings.len();
        let mut all: Vec<&String> = Vec::new();
        for house in houses {
            for key in house.keys() {
                if !all.contains(&key) {
                    all.push(key);
                }
            }
        }
        if let Some(names) = &self.columns {
            return names
                .iter()
                .map(|name| {
                    all.iter()
                        .find(|k| *k == &name)
                        .or_else(|| all.iter().find(|k| same(k, name)))
                        .map(|k| (*k).clone())
                        .ok_or_else(|| GradeError::MissingColumn {
                            category: name.clone(),
                        })
                })
                .collect();
        }
        // By name: the category the column's words name.
        let mut of_key: Vec<Option<usize>> = all
            .iter()
            .map(|key| {
                let words = keys(&split_camel(key));
                let exact = self
                    .english
                    .phrasings
                    .iter()
                    .position(|p| keys(&p.noun) == words);
                exact.or_else(|| category_named(&self.lexicon, &words))
            })
            .collect();
        // By values: the category most of the column's cells are values of.
        for (k, key) in all.iter().enumerate() {
            if of_key[k].is_some() {
                continue;
            }
            let mut votes = vec![0usize; categories];
            for house in houses {
                let Some(text) = house.get(*key).and_then(cell) else {
                    continue;
                };
                if let Some(Chosen::Value(e)) = read_choice(&self.lexicon, &text) {
                    for item in &self.lexicon.entries[e].items {
                        votes[item.category().index()] += 1;
                    }
                }
            }
            let best = votes.iter().copied().max().unwrap_or(0);
            if best * 2 > houses.len() && votes.iter().filter(|&&v| v == best).count() == 1 {
                of_key[k] = votes.iter().position(|&v| v == best);
            }
        }
        // One column per category: a second column for one is an error,
        // never passed over (which of the two would be graded?).
        let mut column: Vec<Option<String>> = vec![None; categories];
        let mut unplaced: Vec<String> = Vec::new();
        for (k, key) in all.iter().enumerate() {
            match of_key[k] {
                Some(c) if column[c].is_none() => column[c] = Some((*key).clone()),
                Some(_) => {
                    return Err(GradeError::UnknownColumn {
                        column: (*key).clone(),
                    });
                }
                None => unplaced.push((*key).clone()),
            }
        }
        // One column left for one category: they go together.
        let missing: Vec<usize> = (0..categories).filter(|&c| column[c].is_none()).collect();
        if let ([c], [key]) = (missing.as_slice(), unplaced.as_slice()) {
            column[*c] = Some(key.clone());
            unplaced.clear();
        }
        if let Some(&c) = missing.iter().find(|&&c| column[c].is_none()) {
            return Err(match unplaced.first() {
                Some(key) => GradeError::UnknownColumn {
                    column: key.clone(),
                },
                None => GradeError::MissingColumn {
                    category: self.english.phrasings[c].noun.clone(),
                },
            });
        }
        Ok(column
            .into_iter()
            .map(|c| c.expect("every category placed"))
            .collect())
    }

    /// Grades the grid in a model's `output` (its last JSON object's
    /// `"solution"`).
    ///
    /// # Errors
    ///
    /// [`GradeError::NoJson`], [`GradeError::BadJson`],
    /// [`GradeError::NoSolution`] when there is no grid;
    /// [`GradeError::Shape`], [`GradeError::MissingHouse`],
    /// [`GradeError::UnknownHouse`], [`GradeError::MissingColumn`],
    /// [`GradeError::UnknownColumn`] when it is not one of the puzzle's
    /// houses and categories; [`GradeError::UnknownValue`] for a cell that
    /// is no value of its category.
    ///
    /// # Example
    ///
    /// See [`GridGrader`].
    pub fn grade(&self, output: &str) -> Result<GridGrade, GradeError> {
        let json = last_json(output)?;
        let grid = match json.get("solution") {
            Some(Value::Object(grid)) => grid,
            None | Some(Value::Null) => return Err(GradeError::NoSolution),
            Some(_) => {
                return Err(GradeError::Shape {
                    what: "\"solution\" is not an object of houses".to_string(),
                });
            }
        };
        let houses = self.houses(grid)?;
        let columns = self.column_keys(&houses)?;
        let n = houses.len();
        let categories = columns.len();
        let mut grade = GridGrade {
            right: true,
            correct: 0,
            cells: n * categories,
            wrong: Vec::new(),
            broken: None,
        };
        // Where the grid puts each value, when it puts each once.
        let mut placed: Vec<Vec<Option<House>>> = vec![vec![None; n]; categories];
        let mut whole = true;
        for (h, house) in houses.iter().enumerate() {
            let house_id = House::from_index(h).expect("a house of the puzzle");
            for (c, key) in columns.iter().enumerate() {
                let category = Category::at(c);
                let expected = self
                    .english
                    .value_text(self.solution.value_at(category, house_id))
                    .to_string();
                let given = house.get(key).and_then(cell);
                if let Some(text) = &given {
                    let values = &self.english.phrasings[c].values;
                    match values.iter().position(|v| same(v, text)) {
                        Some(v) => match &mut placed[c][v] {
                            Some(_) => whole = false,
                            slot => *slot = Some(house_id),
                        },
                        None => {
                            return Err(GradeError::UnknownValue {
                                house: h + 1,
                                column: key.clone(),
                                value: text.clone(),
                            });
                        }
                    }
                } else {
                    whole = false;
                }
                if given.as_deref().is_some_and(|g| same(g, &expected)) {
                    grade.correct += 1;
                } else {
                    grade.right = false;
                    grade.wrong.push(WrongCell {
                        house: house_id,
                        column: key.clone(),
                        expected,
                        given,
                    });
                }
            }
        }
        if whole {
            grade.broken = Some(self.broken(&placed));
        }
        Ok(grade)
    }

    /// The numbers of the clues a whole arrangement breaks.
    fn broken(&self, placed: &[Vec<Option<House>>]) -> Vec<usize> {
        let real = placed.len();
        let clues = self.english.puzzle.clues();
        let house_of = |t: Term| match t {
            Term::House(h) => Some(h),
            Term::Value(item) => placed
                .get(item.category().index())
                .and_then(|row| row[item.index()]),
        };
        self.english
            .clues
            .iter()
            .filter(|english| {
                clues[english.clues.clone()].iter().any(|clue| {
                    // Clues of helper categories (values read either way)
                    // are not the grid's to judge.
                    let terms = clue.terms();
                    let of_grid = terms.iter().all(|t| match t {
                        Term::Value(item) => item.category().index() < real,
                        Term::House(_) => true,
                    });
                    of_grid && !clue.holds(|t| house_of(t).expect("a whole arrangement"))
                })
            })
            .map(|english| english.number)
            .collect()
    }

    /// The benchmark's own score of a model's output: whether every cell
    /// is right and how many are, counted as ZebraLogic's scorer counts
    /// (a missing house, column or cell, or text with no grid, is cells
    /// wrong; a value the puzzle does not have is a wrong cell). Never an
    /// error.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
    ///  - Each person has a unique name: `Eric`, `Arnold`
    /// ## Clues:
    /// 1. Eric is directly left of Arnold.
    /// ".parse()?;
    /// let grader = english.grid_grader()?.columns(&["House", "Name"])?;
    /// assert_eq!(grader.score(r#"{"solution": {"House 1": {"Name": "Eric"}}}"#), (false, 1, 2));
    /// assert_eq!(grader.score("no idea"), (false, 0, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn score(&self, output: &str) -> (bool, usize, usize) {
        let n = self.english.puzzle.positions();
        let categories = self.english.phrasings.len();
        let cells = n * categories;
        let Ok(json) = last_json(output) else {
            return (false, 0, cells);
        };
        let Some(Value::Object(grid)) = json.get("solution") else {
            return (false, 0, cells);
        };
        let columns: Option<Vec<String>> = match &self.columns {
            Some(names) => Some(names.clone()),
            None => {
                let houses: Vec<&Map<String, Value>> =
                    grid.values().filter_map(Value::as_object).collect();
                self.column_keys(&houses).ok()
            }
        };
        let Some(columns) = columns else {
            return (false, 0, cells);
        };
        let mut correct = 0;
        for h in 0..n {
            let Some(Value::Object(house)) = grid.get(&format!("House {}", h + 1)) else {
                continue;
            };
            for (c, key) in columns.iter().enumerate() {
                let house_id = House::from_index(h).expect("a house of the puzzle");
                let expected = self
                    .english
                    .value_text(self.solution.value_at(Category::at(c), house_id));
                if house
                    .get(key)
                    .and_then(cell)
                    .is_some_and(|given| same(&given, expected))
                {
                    correct += 1;
                }
            }
        }
        (correct == cells, correct, cells)
    }
}

/// The item a text names in a category, if it names one.
pub(crate) fn value_in(lexicon: &Lexicon, category: usize, text: &str) -> Option<Item> {
    match read_choice(lexicon, text)? {
        Chosen::Value(e) => lexicon.entries[e]
            .items
            .iter()
            .copied()
            .find(|i| i.category().index() == category),
        Chosen::Position(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::last_json;
    use crate::english::GradeError;

    #[test]
    fn the_last_complete_object_is_taken_as_the_scorer_takes_it() {
        let text = "first {\"a\": 1} then {\"b\": {\"c\": 2}} and { unclosed";
        assert_eq!(last_json(text).unwrap()["b"]["c"], 2);
        assert_eq!(last_json("none"), Err(GradeError::NoJson));
        assert!(matches!(
            last_json("{nope}"),
            Err(GradeError::BadJson { .. })
        ));
        // Line breaks are dropped, inside strings too.
        assert_eq!(last_json("{\"a\": \"x\ny\"}").unwrap()["a"], "xy");
    }
}
