//! Logic-grid puzzles: Einstein's puzzle, solved, explained and hinted.

use std::error::Error;
use std::time::Instant;

use kongming::zebra::{self, SolveOptions, Solver, Uniqueness};

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-zebra-csp: Einstein's puzzle (CSP, explained) ==");
    let puzzle = zebra::einstein();
    let started = Instant::now();
    let mut solver = Solver::new(&puzzle);
    let verdict = solver.uniqueness();
    let elapsed = started.elapsed();
    let Uniqueness::Unique(solution) = verdict else {
        println!("not a unique solution: {verdict:?}\n");
        return Ok(());
    };
    print!("{solution}");
    let fish = puzzle.item("fish").ok_or("no fish in the puzzle")?;
    let nationality = puzzle.category("nationality").ok_or("no nationality")?;
    let owner = solution.value_at(nationality, solution.house_of(fish));
    println!("owner of fish: {}", puzzle.value_name(owner));
    println!(
        "unique solution ({:.1} µs; {})",
        elapsed.as_secs_f64() * 1e6,
        solver.stats()
    );
    println!("\nThe deduction, step by step:");
    print!("{}", puzzle.explain());

    // The hint button, from a player's half-filled grid.
    let mut marks = zebra::Marks::parse(&puzzle, "Norwegian at 1\nmilk at 3")?;
    println!("\nWith the Norwegian in house 1 and milk in house 3 marked:");
    println!("hint: {}", puzzle.hint(&marks)?);
    let brit = puzzle.item("Brit").ok_or("no Brit")?;
    marks.set(brit, puzzle.house(1).ok_or("no house 1")?, zebra::Mark::Yes);
    println!(
        "with the Brit marked in house 1 too: {}",
        puzzle.hint(&marks)?
    );

    let life = zebra::life();
    let plain = life.explain();
    let singleton = life.explain_with(&SolveOptions::new().singleton_consistency(true));
    println!(
        "\nThe 1962 Life puzzle: {} case splits with propagation alone, {} with singleton \
         arc consistency ({} refutations)\n",
        plain.case_splits(),
        singleton.case_splits(),
        singleton.refutations()
    );
    Ok(())
}
