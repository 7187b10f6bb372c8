//! serde for equations, fixes, puzzles, games, difficulties and clues. An
//! equation is stored as its text; the others as records of their parts,
//! which loading checks against each other, so that a loaded value is one
//! the crate could have made (and none of its methods can fail on it).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::change::Change;
use crate::clue::{Clue, Fault};
use crate::equation::{Equation, ParseError, Rules};
use crate::fix::Fix;
use crate::game::Game;
use crate::glyph::{Segments, Style};
use crate::grade::Difficulty;
use crate::grade::Rating;
use crate::kind::MoveKind;
use crate::puzzle::{Puzzle, PuzzleWithAnswer};
use crate::solve::Solver;
use crate::stick::{GlyphChange, Step, Stick};
use kongming_search::control::Budget;
use kongming_search::play::Check;

impl Serialize for Equation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::text::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Equation {
    /// Reads the text with leading zeros and several `=` allowed, so that
    /// every equation any rules accept reads back.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::text::deserialize(deserializer, "an equation such as \"6+4=4\"", parse_any)
    }
}

/// Parses an equation under the most permissive rules.
fn parse_any(text: &str) -> Result<Equation, ParseError> {
    Rules::default()
        .leading_zeros(true)
        .multiple_equals(true)
        .parse(text)
}

/// A fix as it is stored.
#[derive(Serialize)]
struct FixRecord<'f> {
    equation: &'f Equation,
    change: Change,
    keep_orientation: bool,
    changes: &'f [GlyphChange],
    removed: &'f [Stick],
    added: &'f [Stick],
}

/// A fix as it is read, before the check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixParts {
    equation: Equation,
    change: Change,
    keep_orientation: bool,
    changes: Vec<GlyphChange>,
    removed: Vec<Stick>,
    added: Vec<Stick>,
}

impl Serialize for Fix {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FixRecord {
            equation: &self.equation,
            change: self.change,
            keep_orientation: self.keep_orientation,
            changes: &self.changes,
            removed: &self.removed,
            added: &self.added,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Fix {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        check_fix(FixParts::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

/// The fix of `parts`, or why its parts disagree.
fn check_fix(parts: FixParts) -> Result<Fix, String> {
    let FixParts {
        equation,
        change,
        keep_orientation,
        changes,
        removed,
        added,
    } = parts;
    change.check().map_err(|e| e.to_string())?;
    if changes.is_empty() {
        return Err("a fix changes at least one glyph".into());
    }
    let glyphs = equation.glyphs();
    for (i, c) in changes.iter().enumerate() {
        if c.position >= glyphs.len() {
            return Err(format!(
                "glyph change `{c}` is past the {} glyphs of {equation}",
                glyphs.len()
            ));
        }
        if i > 0 && changes[i - 1].position >= c.position {
            return Err(format!("glyph change `{c}` is out of order"));
        }
        if glyphs[c.position] != c.to {
            return Err(format!(
                "glyph change `{c}` does not give the glyph of {equation} there"
            ));
        }
        if c.from == c.to || c.from.is_digit() != c.to.is_digit() {
            return Err(format!(
                "glyph change `{c}` must change a digit to another digit or an operator to another operator"
            ));
        }
    }
    for (what, sticks) in [("taken up", &removed), ("put down", &added)] {
        for (i, stick) in sticks.iter().enumerate() {
            if i > 0 && sticks[i - 1] >= *stick {
                return Err(format!("the sticks {what} are out of order at `{stick}`"));
            }
            if changes
                .binary_search_by_key(&stick.position, |c| c.position)
                .is_err()
            {
                return Err(format!(
                    "stick `{stick}` is {what} from a glyph that does not change"
                ));
            }
        }
    }
    let (take, put) = change.taken_and_put();
    if (removed.len(), added.len()) != (take, put) {
        return Err(format!(
            "{} sticks taken up and {} put down do not make `{change}`",
            removed.len(),
            added.len()
        ));
    }
    if keep_orientation
        && matches!(change, Change::Move(_))
        && orientations(&removed) != orientations(&added)
    {
        return Err("the sticks moved do not keep their orientations".into());
    }
    if !styles().any(|style| sticks_agree(&style, &changes, &removed, &added)) {
        return Err("the sticks do not match the glyph changes in any glyph style".into());
    }
    Ok(Fix {
        equation,
        change,
        keep_orientation,
        changes,
        removed,
        added,
    })
}

/// How many of `sticks` lie in each orientation.
fn orientations(sticks: &[Stick]) -> [usize; 4] {
    let mut counts = [0; 4];
    for stick in sticks {
        if let Some(o) = stick.segment.orientation() {
            counts[o.index()] += 1;
        }
    }
    counts
}

/// Every glyph style.
fn styles() -> impl Iterator<Item = Style> {
    (0..8u8).map(|bits| {
        Style::default()
            .six_with_top(bits & 1 != 0)
            .seven_with_upper_left(bits & 2 != 0)
            .nine_with_bottom(bits & 4 != 0)
    })
}

/// Whether, in `style`, each glyph change takes up exactly the sticks
/// `removed` has at its position and puts down exactly those of `added`.
fn sticks_agree(
    style: &Style,
    changes: &[GlyphChange],
    removed: &[Stick],
    added: &[Stick],
) -> bool {
    let at = |sticks: &[Stick], position: usize| {
        sticks
            .iter()
            .filter(|s| s.position == position)
            .fold(Segments::empty(), |all, s| all | s.segment)
    };
    changes.iter().all(|c| {
        let (before, after) = (style.segments(c.from), style.segments(c.to));
        at(removed, c.position) == before - after && at(added, c.position) == after - before
    })
}

/// A puzzle as it is stored: without its fix, unless asked for.
#[derive(Serialize)]
struct PuzzleRecord<'p> {
    equation: &'p Equation,
    change: Change,
    rules: &'p Rules,
    difficulty: &'p Difficulty,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<&'p Fix>,
}

impl<'p> PuzzleRecord<'p> {
    fn new(puzzle: &'p Puzzle, fix: bool) -> Self {
        PuzzleRecord {
            equation: &puzzle.equation,
            change: puzzle.change,
            rules: &puzzle.rules,
            difficulty: &puzzle.difficulty,
            fix: fix.then_some(&puzzle.fix),
        }
    }
}

/// A puzzle as it is read, before the check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleParts {
    equation: Equation,
    change: Change,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    difficulty: Option<Difficulty>,
    #[serde(default)]
    fix: Option<Fix>,
}

impl Serialize for Puzzle {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PuzzleRecord::new(self, false).serialize(serializer)
    }
}

impl Serialize for PuzzleWithAnswer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PuzzleRecord::new(self.0, true).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Puzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        check_puzzle(PuzzleParts::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

/// The puzzle of `parts` if it is one: well formed under its rules, false,
/// with exactly one fix (the stored one, if stored) and the stored
/// difficulty (if stored), found within [`Puzzle::LOAD_NODES`].
fn check_puzzle(parts: PuzzleParts) -> Result<Puzzle, String> {
    let PuzzleParts {
        equation,
        change,
        rules,
        difficulty,
        fix,
    } = parts;
    let notation = equation.notation;
    let mut equation = rules
        .equation(equation.glyphs)
        .map_err(|err| format!("the puzzle breaks its rules: {err}"))?;
    equation.notation = notation;
    if equation.is_true() {
        return Err(format!("{equation} is true already: no puzzle"));
    }
    let budget = Budget::unlimited().with_node_limit(Puzzle::LOAD_NODES);
    let solver = Solver::new(change).rules(rules).budget(budget);
    let solutions = solver.solve(&equation).map_err(|err| err.to_string())?;
    if !solutions.outcome().is_complete() {
        return Err(format!("{equation} takes too long to check as a puzzle"));
    }
    let mut fixes = solutions.into_fixes();
    if fixes.len() != 1 {
        return Err(format!(
            "a puzzle has exactly one fix, {equation} has {} under {change}",
            fixes.len()
        ));
    }
    let only = fixes.remove(0);
    if let Some(stored) = fix.filter(|stored| *stored != only) {
        return Err(format!(
            "the fix of {equation} under {change} is {only}, not {stored}"
        ));
    }
    let Rating::Rated(rated) = solver.rate(&equation).map_err(|err| err.to_string())? else {
        return Err(format!("{equation} takes too long to rate"));
    };
    if let Some(stored) = difficulty.filter(|stored| *stored != rated) {
        return Err(format!(
            "the difficulty of {equation} is {rated}, not {stored}"
        ));
    }
    Ok(Puzzle {
        equation,
        change,
        rules,
        fix: only,
        difficulty: rated,
    })
}

/// A game as it is stored.
#[derive(Serialize)]
struct GameRecord<'g> {
    puzzle: &'g Puzzle,
    steps: &'g [Step],
}

/// A game as it is read, before its steps are played again.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameParts {
    puzzle: Puzzle,
    #[serde(default)]
    steps: Vec<Step>,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRecord {
            puzzle: &self.puzzle,
            steps: &self.steps,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let GameParts { puzzle, steps } = GameParts::deserialize(deserializer)?;
        let mut game = Game::new(puzzle);
        for (i, step) in steps.into_iter().enumerate() {
            if let Check::Illegal(why) = game.play(step) {
                return Err(D::Error::custom(format!(
                    "step {} ({step}) cannot be played: {why}",
                    i + 1
                )));
            }
        }
        Ok(game)
    }
}

/// A difficulty as it is stored and read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DifficultyRecord {
    effort: usize,
    near_misses: usize,
    fixes: usize,
    kind: MoveKind,
}

impl Serialize for Difficulty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DifficultyRecord {
            effort: self.effort,
            near_misses: self.near_misses,
            fixes: self.fixes,
            kind: self.kind,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Difficulty {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let DifficultyRecord {
            effort,
            near_misses,
            fixes,
            kind,
        } = DifficultyRecord::deserialize(deserializer)?;
        if fixes == 0 || effort > near_misses || kind == MoveKind::default() {
            return Err(D::Error::custom(format!(
                "a difficulty has a fix, an effort of at most its {near_misses} near misses \
                 and a kind of move, not {fixes} fixes, effort {effort}, kind {kind:?}"
            )));
        }
        Ok(Difficulty {
            effort,
            near_misses,
            fixes,
            kind,
        })
    }
}

/// A hint as it is stored.
#[derive(Serialize)]
struct ClueRecord<'h> {
    equation: &'h Equation,
    change: Change,
    position: usize,
    fault: Fault,
    fixes_changing_it: usize,
    fixes: usize,
    complete: bool,
}

/// A hint as it is read, before the check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClueParts {
    equation: Equation,
    change: Change,
    position: usize,
    fault: Fault,
    fixes_changing_it: usize,
    fixes: usize,
    complete: bool,
}

impl Serialize for Clue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ClueRecord {
            equation: &self.equation,
            change: self.change,
            position: self.position,
            fault: self.fault,
            fixes_changing_it: self.changing,
            fixes: self.fixes,
            complete: self.complete,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Clue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let parts = ClueParts::deserialize(deserializer)?;
        check_clue(parts).map_err(D::Error::custom)
    }
}

/// The hint of `parts` if they agree: the glyph is in the equation, some
/// fix changes it, and the fault is one the change can make.
fn check_clue(parts: ClueParts) -> Result<Clue, String> {
    let ClueParts {
        equation,
        change,
        position,
        fault,
        fixes_changing_it,
        fixes,
        complete,
    } = parts;
    change.check().map_err(|e| e.to_string())?;
    if position >= equation.len() {
        return Err(format!(
            "glyph {} is past the {} glyphs of {equation}",
            position.saturating_add(1),
            equation.len()
        ));
    }
    if fixes_changing_it == 0 || fixes_changing_it > fixes {
        return Err(format!(
            "{fixes_changing_it} of {fixes} fixes cannot change the hinted glyph"
        ));
    }
    let fits = match fault {
        Fault::Extra => !matches!(change, Change::Add(_)),
        Fault::Missing => !matches!(change, Change::Remove(_)),
        Fault::Misplaced => matches!(change, Change::Move(_)),
        Fault::Mixed => matches!(change, Change::Move(_)) && fixes_changing_it > 1,
    };
    if !fits {
        return Err(format!("`{change}` cannot make the fault {fault:?}"));
    }
    Ok(Clue {
        equation,
        change,
        position,
        fault,
        changing: fixes_changing_it,
        fixes,
        complete,
    })
}
