//! The values meant to cross threads are `Send + Sync` (the streams, which
//! hold a search in progress, are `Send`): checked at compile time.

use kongming_sevenseg::{
    Budget, CancelFlag, Change, ChangeParseError, Check, Clue, Difficulty, Equation, EvalError,
    Fault, Fix, Fixes, Game, GenerateError, Generator, Glyph, GlyphChange, Grade, Hint,
    IllegalAnswer, IllegalStep, Mistake, MoveKind, Notation, Outcome, ParseError, Progress, Puzzle,
    PuzzleList, PuzzleWithAnswer, Puzzles, Rating, Rules, Segments, Solutions, SolveError, Solver,
    Stats, Step, Stick, StickMove, StickParseError, StopReason, Style, Value, WrongStep,
};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Equation>();
    send_sync::<Value>();
    send_sync::<Notation>();
    send_sync::<Rules>();
    send_sync::<Style>();
    send_sync::<Glyph>();
    send_sync::<Segments>();
    send_sync::<Change>();
    send_sync::<Stick>();
    send_sync::<StickMove>();
    send_sync::<GlyphChange>();
    send_sync::<Fix>();
    send_sync::<Clue>();
    send_sync::<Fault>();
    send_sync::<MoveKind>();
    send_sync::<Difficulty>();
    send_sync::<Rating>();
    send_sync::<Grade>();
    send_sync::<Solutions>();
    send_sync::<Puzzle>();
    send_sync::<PuzzleList>();
    send_sync::<PuzzleWithAnswer<'static>>();
    send_sync::<Game>();
    send_sync::<Step>();
    send_sync::<Hint>();
    send_sync::<Check<WrongStep, IllegalStep>>();
    send_sync::<Check<Mistake, IllegalAnswer>>();
    send_sync::<GenerateError>();
    send_sync::<Stats>();
    send_sync::<Outcome>();
    send_sync::<StopReason>();
    send_sync::<Progress>();
    send_sync::<Budget>();
    send_sync::<CancelFlag>();
    send_sync::<ParseError>();
    send_sync::<EvalError>();
    send_sync::<ChangeParseError>();
    send_sync::<StickParseError>();
    send_sync::<SolveError>();
    // A solver or generator with a progress callback is shared between
    // threads too (the callback is behind a lock).
    send_sync::<Solver<'static>>();
    send_sync::<Generator<'static>>();
    send_sync::<Puzzles<'static>>();
    send::<Fixes<'static>>();
}

#[test]
fn one_solver_serves_several_threads() {
    let solver = Solver::new(Change::Move(1)).on_progress(|_| {});
    let equations: Vec<Equation> = ["6+4=4", "5+7=2", "9+5=9"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let counts: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = equations
            .iter()
            .map(|eq| scope.spawn(|| solver.fixes(eq).unwrap().count()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(counts, [2, 1, 2]);
}
