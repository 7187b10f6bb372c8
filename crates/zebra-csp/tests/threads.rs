//! The values meant to cross threads are `Send + Sync`, the runners that
//! hold a progress callback `Send` (checked when this file compiles); and a
//! puzzle shared by threads solves the same in each.

use std::sync::Arc;

use kongming_zebra_csp::{
    Batch, Budget, CancelFlag, Category, Change, Clue, Compiled, Count, Difficulty, Explanation,
    Generated, Generator, Grade, House, Item, Outcome, ParseError, Progress, Puzzle, PuzzleError,
    Reason, Solution, Solutions, SolveOptions, SolveStats, Solver, Stage, Step, StopReason, Term,
    Uniqueness,
};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Puzzle>();
    send_sync::<Clue>();
    send_sync::<Term>();
    send_sync::<Item>();
    send_sync::<House>();
    send_sync::<Category>();
    send_sync::<Solution>();
    send_sync::<Uniqueness>();
    send_sync::<Count>();
    send_sync::<SolveStats>();
    send_sync::<SolveOptions>();
    send_sync::<Compiled>();
    send_sync::<Explanation>();
    send_sync::<Step>();
    send_sync::<Reason>();
    send_sync::<Change>();
    send_sync::<Difficulty>();
    send_sync::<Grade>();
    send_sync::<Generated>();
    send_sync::<Stage>();
    send_sync::<Progress<Stage>>();
    send_sync::<PuzzleError>();
    send_sync::<ParseError>();
    send_sync::<Budget>();
    send_sync::<CancelFlag>();
    send_sync::<Outcome>();
    send_sync::<StopReason>();
    // The runners hold a progress callback (`Send`, not `Sync`): each can
    // be moved to a thread of its own.
    send::<Solver<'static>>();
    send::<Solutions<'static, 'static>>();
    send::<Generator<'static>>();
    send::<Batch<'static, 'static>>();
}

#[test]
fn a_shared_puzzle_solves_alike_in_every_thread() {
    let compiled = Arc::new(Compiled::new(
        &kongming_zebra_csp::einstein(),
        SolveOptions::new(),
    ));
    let expected = kongming_zebra_csp::einstein().solve();
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let compiled = Arc::clone(&compiled);
            std::thread::spawn(move || compiled.solver().next_solution())
        })
        .collect();
    for handle in handles {
        assert_eq!(handle.join().unwrap(), expected);
    }
    // A generator moved to another thread makes the same puzzle.
    let here = Generator::new(4, 3).unwrap().generate(5);
    let there = std::thread::spawn(|| Generator::new(4, 3).unwrap().generate(5))
        .join()
        .unwrap();
    assert_eq!(here, there);
}
