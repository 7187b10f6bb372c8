//! The values meant to cross threads are `Send + Sync`, and the lazy
//! iterators `Send` (checked when this file compiles).

use kongming_magic_square::{
    Budget, CancelFlag, Cell, CheckError, Completion, Completions, ConstructError, Count, DeadEnd,
    Difficulty, Enumeration, EnumerationError, Fill, Game, GameError, Generator, Grade, Hint,
    Hinter, IllegalFill, Kind, Line, Mistake, Outcome, ParseGradeError, ParseKindError,
    ParseSquareError, PartialSquare, Progress, Puzzle, PuzzleError, Puzzles, Reason, Square,
    SquareProblem, Squares, Stage, Stats, Step, StopReason, Uniqueness,
};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Square>();
    send_sync::<PartialSquare>();
    send_sync::<Kind>();
    send_sync::<Line>();
    send_sync::<Enumeration>();
    send_sync::<SquareProblem>();
    send_sync::<Count>();
    send_sync::<Stats>();
    send_sync::<Stage>();
    send_sync::<Progress<Stage>>();
    send_sync::<Budget>();
    send_sync::<CancelFlag>();
    send_sync::<Outcome>();
    send_sync::<StopReason>();
    send_sync::<CheckError>();
    send_sync::<ConstructError>();
    send_sync::<EnumerationError>();
    send_sync::<ParseKindError>();
    send_sync::<ParseSquareError>();
    send_sync::<Hint>();
    send_sync::<Reason>();
    send_sync::<Step>();
    send_sync::<Cell>();
    send_sync::<Fill>();
    send_sync::<Mistake>();
    send_sync::<IllegalFill>();
    send_sync::<Game>();
    send_sync::<GameError>();
    send_sync::<DeadEnd>();
    send_sync::<Hinter>();
    send_sync::<Puzzle>();
    send_sync::<Difficulty>();
    send_sync::<Grade>();
    send_sync::<Uniqueness>();
    send_sync::<Generator>();
    send_sync::<PuzzleError>();
    send_sync::<ParseGradeError>();
    send::<Puzzles<'static>>();
    // The iterators hold their progress callback, which is `Send` only.
    send::<Squares>();
    send::<Completion>();
    send::<Completions>();
}

#[test]
fn an_enumeration_with_a_callback_counts_on_another_thread() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let reports = Arc::new(AtomicU64::new(0));
    let seen = Arc::clone(&reports);
    let order4 = Enumeration::new(4, Kind::MAGIC)
        .unwrap()
        .on_progress(move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        });
    let shared = order4.clone();
    let count = std::thread::spawn(move || shared.count()).join().unwrap();
    assert_eq!(count.exact(), Some(7040));
    // Clones share the callback: one report per choice of corners.
    assert_eq!(reports.load(Ordering::Relaxed), 516);
    let squares = order4.squares();
    let listed = std::thread::spawn(move || squares.count()).join().unwrap();
    assert_eq!(listed, 7040);
    assert_eq!(reports.load(Ordering::Relaxed), 2 * 516);
}
