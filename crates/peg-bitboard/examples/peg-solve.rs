//! Solves a peg solitaire board and prints the solution.
//!
//! ```text
//! cargo run --release -p kongming-peg-bitboard --example peg-solve -- english
//! cargo run --release -p kongming-peg-bitboard --example peg-solve -- triangular c1
//! cargo run --release -p kongming-peg-bitboard --example peg-solve -- english d4 fewest
//! cargo run --release -p kongming-peg-bitboard --example peg-solve -- english d4 d4 moves
//! ```
//!
//! Arguments: a built-in board (english, european, triangular, diamond,
//! wiegleb) or a file holding a layout (`o` peg, `.` empty hole); the hole
//! to empty first (default: the centre, or the first hole); the goal: a
//! hole to end in, `one` (one peg anywhere) or `fewest` (default: the
//! centre if the board has one, else `one`); then `moves` to end in a hole
//! in the fewest moves (by census). The board is drawn after each move (a
//! chain of jumps by one peg), and the last line says how many pegs are
//! left and where. The search stops after 20 million nodes (then it says
//! so); with `moves`, the census stops at its limit of positions (an
//! error). Bad arguments are errors, printed on standard error.

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use kongming_peg_bitboard::{Board, Census, Goal, Position, Solution, Solver, Verdict};
use kongming_search::control::Budget;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() > 4 {
        return Err("at most four arguments: board, hole emptied, goal, `moves`".into());
    }
    let by_census = match args.get(3).map(String::as_str) {
        None => false,
        Some("moves") => true,
        Some(other) => {
            return Err(format!("unknown fourth argument {other:?}: only `moves`").into());
        }
    };
    let cell = |board: &Board, hole: &str| board.cell(hole).map_err(|e| format!("{hole}: {e}"));
    let name = args.first().map_or("english", String::as_str);
    let start = match Board::named(name) {
        Ok(board) => {
            let empty = match args.get(1) {
                Some(hole) => cell(&board, hole)?,
                None => board
                    .centre()
                    .or_else(|| board.cells().next())
                    .ok_or("empty board")?,
            };
            board.start(empty)?
        }
        Err(_) => std::fs::read_to_string(name)?.parse::<Position>()?,
    };
    let board = start.board().clone();
    let goal = match args.get(2).map(String::as_str) {
        Some("one") => Goal::OnePeg,
        Some("fewest") => Goal::FewestPegs,
        Some(hole) => Goal::OnePegAt(cell(&board, hole)?),
        None => match board.centre() {
            Some(centre) if board.class(centre.bit()) == board.class(start.pegs()) => {
                Goal::OnePegAt(centre)
            }
            _ => Goal::OnePeg,
        },
    };
    println!("{}\n", start.render());
    let started = Instant::now();
    if by_census {
        let Goal::OnePegAt(hole) = goal else {
            return Err("`moves` needs a hole to end in".into());
        };
        let end = board.position(hole.bit())?;
        let solution = match Census::new(&start).with_target(&end)?.fewest_moves()? {
            Verdict::Solved(solution) => solution,
            Verdict::Impossible(_) => {
                println!("impossible: no game ends there");
                return Ok(());
            }
            other => return Err(format!("unexpected verdict {other:?}").into()),
        };
        let elapsed = started.elapsed();
        print_moves(&solution)?;
        println!(
            "{} jumps, {} moves (the fewest), {:.2} s",
            solution.jumps().len(),
            solution.move_count(),
            elapsed.as_secs_f64()
        );
        print_pegs_left(&solution);
        return Ok(());
    }
    let mut solver = Solver::new(&start)
        .goal(goal)
        .budget(Budget::unlimited().with_node_limit(20_000_000));
    let verdict = solver.solve()?;
    let elapsed = started.elapsed();
    let solution = match verdict {
        Verdict::Solved(solution) => solution,
        Verdict::Impossible(proof) => {
            println!("impossible: {proof}");
            return Ok(());
        }
        Verdict::Stopped(reason) => {
            println!("stopped: {reason}");
            return Ok(());
        }
        other => return Err(format!("unexpected verdict {other:?}").into()),
    };
    print_moves(&solution)?;
    println!(
        "{} jumps, {} moves, {:.2} ms, {} nodes",
        solution.jumps().len(),
        solution.move_count(),
        elapsed.as_secs_f64() * 1e3,
        solver.stats().nodes
    );
    print_pegs_left(&solution);
    Ok(())
}

/// Draws the board after each move, then the solution's notation.
fn print_moves(solution: &Solution) -> Result<(), Box<dyn Error>> {
    let board = solution.start().board();
    let mut position = solution.start().clone();
    let mut moves = 0;
    for (i, &jump) in solution.jumps().iter().enumerate() {
        position = position.play(jump)?;
        let chain_goes_on = solution
            .jumps()
            .get(i + 1)
            .is_some_and(|next| next.from() == jump.to());
        if !chain_goes_on {
            moves += 1;
            println!(
                "move {moves}: after {}\n{}\n",
                board.jump_name(jump),
                position.render()
            );
        }
    }
    println!("solution: {}", solution.notation());
    Ok(())
}

/// The last line: how many pegs are left, and where.
fn print_pegs_left(solution: &Solution) {
    let board = solution.start().board();
    let end = solution.end();
    let place = match board.centre() {
        Some(centre) if end.pegs() == centre.bit() => "centre".to_string(),
        _ => board
            .cells()
            .filter(|&c| end.has_peg(c) == Ok(true))
            .map(|c| board.name(c))
            .collect::<Vec<_>>()
            .join(" "),
    };
    println!("pegs left: {} ({place})", end.peg_count());
}
