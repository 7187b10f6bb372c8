//! Issue 18, point 4: the values meant to cross threads are `Send + Sync`
//! (checked when this file compiles), and the streams and runners, which
//! a thread owns while it works, are `Send`.

use kongming_game24::{
    Canonical, CheckError, Difficulty, Equivalence, EvalError, Expr, Game, GameError, Grade,
    HandReport, Hands, Hint, Op, Ops, ParseError, Solutions, Solver, Step, StepError, Survey,
    Tally, Verdict,
};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Expr>();
    send_sync::<Game>();
    send_sync::<Op>();
    send_sync::<Ops>();
    send_sync::<Canonical>();
    send_sync::<Equivalence>();
    send_sync::<Hint>();
    send_sync::<Step>();
    send_sync::<StepError>();
    send_sync::<Difficulty>();
    send_sync::<Grade>();
    send_sync::<Tally>();
    send_sync::<HandReport>();
    send_sync::<Verdict>();
    send_sync::<Hands>();
    send_sync::<Solver>();
    send_sync::<GameError>();
    send_sync::<ParseError>();
    send_sync::<EvalError>();
    send_sync::<CheckError>();
    send::<Solutions<'static>>();
    send::<Survey<'static>>();
}

#[test]
fn a_stream_runs_on_another_thread() {
    let stream = Game::new(&[1, 2, 3, 4], 24)
        .expect("a hand")
        .iter_solutions()
        .expect("rules");
    let found = std::thread::spawn(move || stream.count())
        .join()
        .expect("no panic");
    assert_eq!(found, 3);
}
