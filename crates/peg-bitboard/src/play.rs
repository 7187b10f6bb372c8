//! Playing peg puzzles: a [`Puzzle`] (a start and a goal, with its text
//! form for goals, [`Board::goal_name`](crate::Board::goal_name)), its
//! [`Difficulty`] and grade, a [`Generator`] of graded puzzles, and a
//! player's [`Game`] that checks jumps and gives hints.

mod analysis;
mod difficulty;
mod error;
mod game;
mod generate;
mod goal_text;
mod puzzle;
#[cfg(feature = "serde")]
mod serial;

pub use difficulty::{Difficulty, GRADE_BANDS, Rating, grade_of_win_chance};
pub use error::PlayError;
pub use game::{Game, Lost};
pub use generate::{GENERATOR_ATTEMPTS, Generator};
pub use goal_text::ParseGoalError;
pub use puzzle::Puzzle;
