//! serde for puzzles and games (feature `serde`): they carry their board
//! (the start's layout), so their goal and their jumps are stored as
//! text, read back on that board.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::Position;

use super::game::Game;
use super::puzzle::Puzzle;

/// A puzzle as stored: its start's layout and its goal as text.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleForm {
    start: Position,
    goal: String,
}

impl PuzzleForm {
    fn of(puzzle: &Puzzle) -> PuzzleForm {
        PuzzleForm {
            start: puzzle.start().clone(),
            goal: puzzle.start().board().goal_name(puzzle.goal()),
        }
    }

    fn puzzle<E: serde::de::Error>(self) -> Result<Puzzle, E> {
        let goal = self
            .start
            .board()
            .parse_goal(&self.goal)
            .map_err(E::custom)?;
        Puzzle::new(self.start, goal).map_err(E::custom)
    }
}

impl Serialize for Puzzle {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PuzzleForm::of(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Puzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        PuzzleForm::deserialize(deserializer)?.puzzle()
    }
}

/// A game as stored: the puzzle as given and the jumps played, each in
/// notation (`d2-d4`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameForm {
    puzzle: PuzzleForm,
    jumps: Vec<String>,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let form = GameForm {
            puzzle: PuzzleForm::of(self.puzzle()),
            jumps: self.jumps().iter().map(|jump| jump.name()).collect(),
        };
        form.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = GameForm::deserialize(deserializer)?;
        let puzzle = form.puzzle.puzzle()?;
        let board = puzzle.start().board().clone();
        let mut jumps = Vec::with_capacity(form.jumps.len());
        for name in &form.jumps {
            jumps.push(board.parse_jump(name).map_err(D::Error::custom)?);
        }
        Game::replayed(puzzle, &jumps).map_err(D::Error::custom)
    }
}
