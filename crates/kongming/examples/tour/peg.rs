//! Peg solitaire: the English board solved from the centre, a picture,
//! and a graded puzzle played with a wrong jump and hints.

use std::error::Error;
use std::time::Instant;

use kongming::peg::{Board, Check, Game, Generator, Goal, Grade, Hint, Solver, Verdict};

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

    // A graded puzzle, played: a wrong jump, then the hints to the end.
    let triangle = Board::triangular(5)?;
    let puzzle = Generator::new(&triangle)?.grade(Grade::Hard).generate(7)?;
    let difficulty = puzzle
        .difficulty()?
        .ok_or("a generated puzzle is winnable")?;
    println!("a hard puzzle on the 15-hole triangle ({difficulty})\n{puzzle}");
    let mut game = Game::new(puzzle);
    play_until_a_mistake(&mut game)?;
    loop {
        let hint = game.hint()?;
        println!("  hint: {hint}");
        if !game.follow(&hint) {
            break;
        }
    }
    let jumps: Vec<String> = game.jumps().iter().map(|j| j.name()).collect();
    println!("  played: {}", jumps.join(" "));
    println!("  drawn: an SVG of {} bytes\n", game.to_svg().len());
    Ok(())
}

/// Follows the hints until some legal jump would lose, then plays that
/// jump, as a player would make a mistake.
fn play_until_a_mistake(game: &mut Game) -> Result<(), Box<dyn Error>> {
    loop {
        for jump in game.position().legal_jumps() {
            if matches!(game.check(&jump)?, Check::Wrong(_)) {
                println!("  jump {jump}: {}", game.play(jump)?);
                return Ok(());
            }
        }
        match game.hint()? {
            Hint::Next { jump, .. } => {
                println!("  jump {jump}: {}", game.play(jump)?);
            }
            _ => return Ok(()),
        }
    }
}
