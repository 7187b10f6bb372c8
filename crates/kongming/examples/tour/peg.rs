//! Peg solitaire: the English board solved from the centre, a hint, a
//! picture, and the triangle's winnable set.

use std::error::Error;
use std::time::Instant;

use kongming::peg::{Board, Census, Goal, Solver, Verdict};

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
        "pegs left: {} ({:.1} ms, {} nodes)",
        end.peg_count(),
        elapsed.as_secs_f64() * 1e3,
        solver.stats().nodes
    );
    let strip = solution.to_svg();
    println!(
        "the game as an SVG strip: {} boards, {} bytes",
        solution.jumps().len() + 1,
        strip.len()
    );

    // The hint button, two jumps in: from the solver (no set built).
    let played = start.replay(&board.parse_jumps("d2-d4 f3-d3")?)?;
    let hint = Solver::new(&played).goal(Goal::OnePegAt(centre)).hint()?;
    println!("after d2-d4 f3-d3, hint: {hint}");
    // The 15-hole triangle's winnable set: the jumps that keep the game
    // winnable, and the solutions left.
    let triangle = Board::triangular(5)?;
    let top = triangle.cell("c1")?;
    let first = triangle.start(top)?.play(triangle.parse_jump("b3-c1")?)?;
    let mut census =
        Census::new(&triangle.start(top)?).with_target(&triangle.position(top.bit())?)?;
    let built = census.winnable_set()?;
    let set = built.set().ok_or("stopped")?;
    let keeping: Vec<String> = set
        .winnable_jumps(&first)?
        .iter()
        .map(|j| j.name())
        .collect();
    println!(
        "triangle after b3-c1: keeps it winnable: {}; {} solutions left\nhint: {}\n",
        keeping.join(" "),
        set.solutions_left(&first)?,
        set.hint(&first)?
    );
    Ok(())
}
