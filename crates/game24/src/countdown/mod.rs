//! Numbers games under any [`Rules`]: the 24 game, Countdown's numbers
//! round and their relatives, solved for the first solution, the closest
//! value and every distinct solution, and Countdown surveyed game by game.

mod effort;
mod game;
mod generate;
mod instance;
mod rules;
mod search;
mod splits;
mod subsets;
mod survey;
mod value;

pub use effort::Effort;
pub use game::{Answer, Countdown, CountdownError, MAX_COUNTDOWN_NUMBERS, SolutionList};
pub use generate::{CountdownGenerator, Deal, DealError, Solvability};
pub use instance::{Closest, Instance};
pub use rules::{Arithmetic, NumberUse, ParseRulesError, Rules};
pub use survey::{LargeTally, TileSurvey, reachable, tile_selections};
