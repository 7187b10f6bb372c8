//! A tour of the kongming libraries: each solves its classic puzzle and
//! prints the result.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! Each part lives in its own module, compiled when the facade's feature of
//! that name is on (all are by default).

use std::error::Error;

#[cfg(feature = "game24")]
mod game24;
#[cfg(feature = "magic-square")]
mod magic;
#[cfg(feature = "peg-bitboard")]
mod peg;
#[cfg(feature = "search")]
mod search;
#[cfg(feature = "sevenseg")]
mod sevenseg;
#[cfg(feature = "zebra-csp")]
mod zebra;

fn main() -> Result<(), Box<dyn Error>> {
    println!("kongming tour\n");
    #[cfg(feature = "search")]
    search::run()?;
    #[cfg(feature = "game24")]
    game24::run()?;
    #[cfg(feature = "sevenseg")]
    sevenseg::run()?;
    #[cfg(feature = "peg-bitboard")]
    peg::run()?;
    #[cfg(feature = "zebra-csp")]
    zebra::run()?;
    #[cfg(feature = "magic-square")]
    magic::run()?;
    Ok(())
}
