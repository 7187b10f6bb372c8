//! Counts the games of a peg solitaire board: reachable positions per
//! jump, positions still winnable, and jump sequences that solve it.
//!
//! ```text
//! cargo run --release -p kongming-peg-bitboard --example peg-count -- english
//! cargo run --release -p kongming-peg-bitboard --example peg-count -- triangular c1 c1
//! ```
//!
//! Arguments: a built-in board, the hole to empty first (default: the
//! centre, or the first hole) and the hole the last peg should end in
//! (default: the same). Prints one line per level, then
//! `reachable: N` (up to symmetry), `winnable: N` and `solutions: N`.
//! A progress bar on standard error follows the levels.

use std::error::Error;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kongming_peg_bitboard::{Board, Census};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = Board::named(args.first().map_or("english", String::as_str))?;
    let empty = match args.get(1) {
        Some(hole) => board.cell(hole)?,
        None => board
            .centre()
            .or_else(|| board.cells().next())
            .ok_or("empty board")?,
    };
    let last = match args.get(2) {
        Some(hole) => board.cell(hole)?,
        None => empty,
    };
    let start = board.start(empty)?;
    let target = board.position(last.bit())?;

    let bar = ProgressBar::new(u64::from(start.peg_count().saturating_sub(1)));
    bar.set_style(ProgressStyle::with_template(
        "{msg:>12} [{bar:40}] level {pos}/{len} {elapsed}",
    )?);
    let feed = bar.clone();
    let mut census = Census::new(&start)
        .with_target(&target)?
        .on_progress(move |p| {
            feed.set_message(p.stage.to_string());
            if let Some(total) = p.total {
                feed.set_length(total);
            }
            feed.set_position(p.done);
        });
    let started = Instant::now();
    // Winnable positions first: they need only the first half of the
    // reachable levels (the start is the target's complement here).
    let winnable = census.winnable()?;
    let winnable_time = started.elapsed();
    let solutions = census.solutions()?;
    let solutions_time = started.elapsed() - winnable_time;
    let reachable = census.reachable()?;
    let reachable_time = started.elapsed() - winnable_time - solutions_time;
    bar.finish_and_clear();

    println!(
        "{} board, {} empty, last peg in {}, {} symmetries kept",
        board.len(),
        board.name(empty),
        board.name(last),
        census.symmetries().order()
    );
    println!("jumps  reachable (up to symmetry)  (all)  winnable (up to symmetry)");
    for (level, (&up_to, &all)) in reachable
        .up_to_symmetry()
        .iter()
        .zip(reachable.total())
        .enumerate()
    {
        let win = winnable.up_to_symmetry().get(level).copied().unwrap_or(0);
        println!("{level:>5}  {up_to:>12}  {all:>12}  {win:>12}");
    }
    println!("reachable: {}", reachable.sum_up_to_symmetry());
    println!("reachable without symmetry: {}", reachable.sum());
    println!("winnable: {}", winnable.sum_up_to_symmetry());
    println!("winnable without symmetry: {}", winnable.sum());
    println!("solutions: {solutions}");
    println!(
        "time: {:.2} s (winnable {:.2} s, then solutions {:.2} s, then all reachable {:.2} s)",
        started.elapsed().as_secs_f64(),
        winnable_time.as_secs_f64(),
        solutions_time.as_secs_f64(),
        reachable_time.as_secs_f64()
    );
    Ok(())
}
