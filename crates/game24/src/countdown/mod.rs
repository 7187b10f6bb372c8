//! Numbers games under any [`Rules`]: the 24 game, Countdown's numbers
//! round and their relatives, solved for the first solution, the closest
//! value and every distinct solution, and Countdown surveyed game by game.

mod game;
mod rules;
mod search;
mod subsets;
mod survey;
mod value;

pub use game::{Answer, Countdown, CountdownError, MAX_COUNTDOWN_NUMBERS, SolutionList};
pub use rules::{Arithmetic, NumberUse, ParseRulesError, Rules};
pub use survey::{LargeTally, TileSurvey, reachable, tile_selections};
