//! Einstein's puzzle: who owns the fish?
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example einstein
//! ```

use std::error::Error;

use kongming_zebra_csp::{Solver, Uniqueness, einstein};

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = einstein();
    let mut solver = Solver::new(&puzzle);
    let Uniqueness::Unique(solution) = solver.uniqueness() else {
        return Err("Einstein's puzzle should have exactly one solution".into());
    };
    print!("{solution}");
    let fish = puzzle.item("fish").ok_or("no fish")?;
    let nationality = puzzle.category("nationality").ok_or("no nationality")?;
    let owner = solution.value_at(nationality, solution.house_of(fish));
    println!("owner of fish: {}", puzzle.value_name(owner));
    let stats = solver.stats();
    println!("case splits: {}", stats.case_splits);
    println!("backtracks: {}", stats.backtracks);
    Ok(())
}
