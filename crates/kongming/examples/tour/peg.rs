//! Peg solitaire: the English board solved from the centre.

use std::error::Error;
use std::time::Instant;

use kongming::peg::{Board, Goal, Solver, Verdict};

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-peg-bitboard: peg solitaire, English board ==");
    let board = Board::english();
    let centre = board.cell("d4")?;
    let start = board.start(centre)?;
    println!("{}", start.render());
    let started = Instant::now();
    let mut solver = Solver::new(&start).goal(Goal::OnePegAt(centre));
    let verdict = solver.solve()?;
    let elapsed = started.elapsed();
    let Verdict::Solved(solution) = verdict else {
        println!("no solution: {verdict:?}\n");
        return Ok(());
    };
    let end = start.replay(solution.jumps())?;
    println!(
        "{} jumps in {} moves: {}",
        solution.jumps().len(),
        solution.move_count(),
        solution.notation()
    );
    println!("{}", end.render());
    println!(
        "pegs left: {} ({:.1} ms, {} nodes)\n",
        end.peg_count(),
        elapsed.as_secs_f64() * 1e3,
        solver.stats().nodes
    );
    Ok(())
}
