//! A smoke test of every kongming crate on WebAssembly without an
//! operating system (`wasm32-unknown-unknown`, a browser's target): each
//! export does one thing a puzzle app does with a crate and returns 1 when
//! the answer is the known one. `run.mjs` loads the module in node and
//! calls every export; `.ci/run` builds and runs it.
//!
//! There is no clock on this target: the exports with a time limit give
//! the budget a [`Clock`] of their own (here one that ticks a millisecond
//! a reading, which a browser would replace by `performance.now()`), and
//! one checks that a time limit without a clock stops with
//! `StopReason::NoClock` instead of trapping.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use kongming_search::control::{Budget, Clock, StopReason};

/// A clock that moves a millisecond each time it is read.
#[derive(Debug, Default)]
struct Ticks(AtomicU64);

impl Clock for Ticks {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.fetch_add(1, Ordering::Relaxed))
    }
}

// Exports keep their names for the host: the attribute is the only way to
// export a function without a bindings generator.

/// Matchstick equations: a generated puzzle of one move.
#[unsafe(no_mangle)]
pub extern "C" fn sevenseg_generate() -> u32 {
    let generator = kongming_sevenseg::Generator::new(kongming_sevenseg::Change::Move(1))
        .budget(Budget::unlimited().with_node_limit(1_000_000));
    u32::from(
        generator
            .generate(1, 1)
            .is_ok_and(|g| !g.puzzles().is_empty()),
    )
}

/// The 24 game: 3 3 8 8 has one distinct solution, 8/(3-8/3).
#[unsafe(no_mangle)]
pub extern "C" fn game24_solve() -> u32 {
    let game: kongming_game24::Game = "3 3 8 8".parse().expect("a hand");
    u32::from(game.solutions().is_ok_and(|s| s.len() == 1))
}

/// Logic grids: Einstein's puzzle has one solution, and a hint from the
/// empty grid.
#[unsafe(no_mangle)]
pub extern "C" fn zebra_solve_and_hint() -> u32 {
    let puzzle = kongming_zebra_csp::einstein();
    let marks = kongming_zebra_csp::Marks::new(&puzzle);
    let hinted = puzzle.hint(&marks).is_ok_and(|h| !h.is_solved());
    u32::from(puzzle.count() == 1 && hinted)
}

/// Magic squares: a generated order-4 completion puzzle.
#[unsafe(no_mangle)]
pub extern "C" fn magic_generate() -> u32 {
    let generator =
        kongming_magic_square::PuzzleGenerator::new(4, kongming_magic_square::Kind::MAGIC)
            .expect("order 4");
    u32::from(generator.generate(1).puzzle.is_some())
}

/// Peg solitaire: the 15-hole triangle solved, and its census.
#[unsafe(no_mangle)]
pub extern "C" fn peg_solve_and_count() -> u32 {
    use kongming_peg_bitboard::{Board, Census, Goal, Solver};
    let board = Board::triangular(5).expect("a board");
    let top = board.cell("c1").expect("a cell");
    let start = board.start(top).expect("a start");
    let solved = Solver::new(&start)
        .goal(Goal::OnePegAt(top))
        .solve()
        .is_ok_and(|v| v.solution().is_some());
    let target = board.position(top.bit()).expect("a position");
    let counted = Census::new(&start)
        .with_target(&target)
        .and_then(|mut c| c.solutions())
        .is_ok_and(|n| n.exact().is_some_and(|n| n > 0));
    u32::from(solved && counted)
}

/// A time limit kept by a given clock: the English board's search, which
/// takes far longer than 50 ticks, stops by its time limit.
#[unsafe(no_mangle)]
pub extern "C" fn time_limit_with_clock() -> u32 {
    use kongming_peg_bitboard::{Board, Goal, Solver, Verdict};
    let board = Board::english();
    let start = board
        .start(board.cell("d4").expect("a cell"))
        .expect("a start");
    let budget = Budget::unlimited()
        .with_time_limit(Duration::from_millis(50))
        .with_clock(Arc::new(Ticks::default()));
    let verdict = Solver::new(&start)
        .goal(Goal::FewestPegs)
        .budget(budget)
        .solve();
    u32::from(matches!(
        verdict,
        Ok(Verdict::Stopped(StopReason::TimeLimit) | Verdict::Solved(_))
    ))
}

/// A time limit without a clock stops at once, with its reason.
#[unsafe(no_mangle)]
pub extern "C" fn time_limit_without_clock() -> u32 {
    let meter = Budget::unlimited()
        .with_time_limit(Duration::from_secs(1))
        .start();
    u32::from(meter.check_now() == Some(StopReason::NoClock))
}
