//! The values meant to cross threads are `Send + Sync` (checked when this
//! file compiles): boards and everything on them, the solver, the
//! answers and counts. A census holds its progress callback (`Send` but
//! not `Sync`), so it is `Send`: it can be handed to another thread to
//! run, as can its stream of games.

use kongming_peg_bitboard::{
    Board, Budget, CancelFlag, Cell, Census, CensusError, Count, Games, Goal, Grid, IllegalJump,
    Jump, LayoutError, LevelCounts, MoveError, Outcome, Pagoda, PagodaError, PegCount, Position,
    PositionError, Progress, Proof, Relaxation, RelaxationError, ReplayError, Solution, SolveError,
    Solver, Stage, StopReason, Verdict,
};
use kongming_peg_bitboard::{
    Difficulty, Game, Generator, Lost, ParseGoalError, PlayError, Puzzle, Rating,
};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Board>();
    send_sync::<Grid>();
    send_sync::<Cell>();
    send_sync::<Jump>();
    send_sync::<Position>();
    send_sync::<Solution>();
    send_sync::<Goal>();
    send_sync::<Proof>();
    send_sync::<Verdict>();
    send_sync::<Solver>();
    send_sync::<Pagoda>();
    send_sync::<Relaxation>();
    send_sync::<PegCount>();
    send_sync::<LevelCounts>();
    send_sync::<Count<u128>>();
    send_sync::<Stage>();
    send_sync::<Puzzle>();
    send_sync::<Game>();
    send_sync::<Generator>();
    send_sync::<Difficulty>();
    send_sync::<Rating>();
    send_sync::<Lost>();
    send_sync::<PlayError>();
    send_sync::<ParseGoalError>();
    send_sync::<Progress<Stage>>();
    send_sync::<Budget>();
    send_sync::<CancelFlag>();
    send_sync::<Outcome>();
    send_sync::<StopReason>();
    send_sync::<CensusError>();
    send_sync::<SolveError>();
    send_sync::<LayoutError>();
    send_sync::<MoveError>();
    send_sync::<PositionError>();
    send_sync::<IllegalJump>();
    send_sync::<ReplayError>();
    send_sync::<PagodaError>();
    send_sync::<RelaxationError>();
    send::<Census>();
    send::<Games<'static>>();
}
