//! The words every kongming puzzle crate plays in: how hard a puzzle is
//! ([`Grade`]), what became of a player's move or answer ([`Check`]), why
//! a generator gave no puzzle ([`GenerateError`]), and a count that says
//! whether it is exact ([`Count`]). Each puzzle crate has its own moves,
//! answers and measures of difficulty; these types give them one shape,
//! so that a program plays every puzzle the same way.

mod check;
mod count;
mod generate;
mod grade;
#[cfg(feature = "serde")]
pub mod one_based;

pub use check::Check;
pub use count::Count;
pub use generate::GenerateError;
pub use grade::{Grade, ParseGradeError};
