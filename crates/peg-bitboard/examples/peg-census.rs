//! The English centre game's winnable positions, once: a whole process
//! to set beside other programs (for example under `/usr/bin/time -v`).
//!
//! ```text
//! cargo run --release -p kongming-peg-bitboard --example peg-census
//! cargo run --release -p kongming-peg-bitboard --example peg-census -- solutions
//! ```
//!
//! Prints `winnable: 1679072` (positions up to symmetry that can still
//! end with one peg in the centre); with `solutions`, the number of jump
//! sequences that solve the game instead; with `set`, the size of the
//! `WinnableSet` built from scratch.

use std::error::Error;

use kongming_peg_bitboard::{Board, Census};

fn main() -> Result<(), Box<dyn Error>> {
    let board = Board::english();
    let centre = board.cell("d4")?;
    let start = board.start(centre)?;
    let target = board.position(centre.bit())?;
    let mut census = Census::new(&start).with_target(&target)?;
    match std::env::args().nth(1).as_deref() {
        None | Some("winnable") => {
            let winnable = census.winnable()?;
            println!("winnable: {}", winnable.sum_up_to_symmetry());
        }
        Some("solutions") => {
            let solutions = census.solutions()?.exact().ok_or("stopped")?;
            println!("solutions: {solutions}");
        }
        Some("set") => {
            let set = census.winnable_set()?.set().ok_or("stopped")?;
            println!("winnable set: {} positions", set.len());
        }
        Some(other) => return Err(format!("unknown job {other:?}").into()),
    }
    Ok(())
}
