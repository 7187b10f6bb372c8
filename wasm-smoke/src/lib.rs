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

/// Follows a game's hints, one a call of `step` (which answers whether the
/// hint changed the game, and whether the game is solved), until the game
/// is solved: 1 when it is, 0 when a hint changes nothing first.
fn follow_to_the_end(mut step: impl FnMut() -> (bool, bool)) -> u32 {
    // A hint always changes an unsolved game, so the loop ends; the bound
    // keeps a wrong answer from hanging the smoke run.
    for _ in 0..1000 {
        let (changed, solved) = step();
        if solved {
            return 1;
        }
        if !changed {
            return 0;
        }
    }
    0
}

// Exports keep their names for the host: the attribute is the only way to
// export a function without a bindings generator.

/// Matchstick equations: a medium puzzle of one move generated, and its
/// hints followed to the fix.
#[unsafe(no_mangle)]
pub extern "C" fn sevenseg_play() -> u32 {
    use kongming_sevenseg::{Change, Game, Generator, Grade};
    let Ok(generator) = Generator::new(Change::Move(1)) else {
        return 0;
    };
    let generator = generator
        .grade(Grade::Medium)
        .budget(Budget::unlimited().with_node_limit(10_000_000));
    let Ok(puzzle) = generator.generate(1) else {
        return 0;
    };
    let mut game = Game::new(puzzle);
    follow_to_the_end(|| {
        let hint = game.hint();
        (game.follow(&hint), game.is_solved())
    })
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

/// Magic squares: a hard order-4 puzzle generated, a wrong number
/// written, and the hints followed from there to the end.
#[unsafe(no_mangle)]
pub extern "C" fn magic_play() -> u32 {
    use kongming_magic_square::{Check, Fill, Game, Generator, Grade, Kind};
    let Ok(generator) = Generator::new(4, Kind::MAGIC) else {
        return 0;
    };
    let Ok(puzzle) = generator.grade(Grade::Hard).generate(1) else {
        return 0;
    };
    let mut game = Game::new(puzzle);
    let blank = game.blanks()[0];
    let wrong = (1..=16)
        .map(|value| Fill::new(blank, value))
        .find(|fill| matches!(game.check(fill), Check::Wrong(_)));
    if let Some(fill) = wrong {
        game.play(fill);
    }
    follow_to_the_end(|| {
        let hint = game.hint();
        (game.follow(&hint), game.is_solved())
    })
}

/// Logic grids: a medium 4×4 puzzle generated and its hints followed to
/// the end.
#[unsafe(no_mangle)]
pub extern "C" fn zebra_play() -> u32 {
    use kongming_zebra_csp::{Game, Generator, Grade};
    let Ok(generator) = Generator::new(4, 4) else {
        return 0;
    };
    let Ok(generated) = generator.grade(Grade::Medium).generate(7) else {
        return 0;
    };
    let mut game = Game::from(generated);
    follow_to_the_end(|| {
        let hint = game.hint();
        (game.follow(&hint), game.is_solved())
    })
}

/// The 24 game: a hard hand generated and its hints followed to 24.
#[unsafe(no_mangle)]
pub extern "C" fn game24_play() -> u32 {
    use kongming_game24::{Generator, Grade};
    let Ok(generator) = Generator::new(4, 1..=13, 24) else {
        return 0;
    };
    let Ok(mut game) = generator.grade(Grade::Hard).generate(3) else {
        return 0;
    };
    follow_to_the_end(|| match game.hint() {
        Ok(hint) => (game.follow(&hint), game.is_solved()),
        Err(_) => (false, false),
    })
}

/// Peg solitaire: a medium 15-hole triangle puzzle generated, and its
/// hints followed to the end.
#[unsafe(no_mangle)]
pub extern "C" fn peg_play() -> u32 {
    use kongming_peg_bitboard::{Board, Game, Generator, Grade};
    let Ok(generator) = Generator::new(&Board::triangular(5).expect("a board")) else {
        return 0;
    };
    let Ok(puzzle) = generator.grade(Grade::Medium).generate(5) else {
        return 0;
    };
    let mut game = Game::new(puzzle);
    follow_to_the_end(|| match game.hint() {
        Ok(hint) => (game.follow(&hint), game.is_solved()),
        Err(_) => (false, false),
    })
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
