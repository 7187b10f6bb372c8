//! A peg solitaire game's hint button: plays the jumps given from the
//! start, then says whether the game can still be won, which jumps keep
//! it winnable, how many solutions are left, and what to play next.
//!
//! ```text
//! cargo run --release -p kongming-peg-bitboard --example peg-hint -- english
//! cargo run --release -p kongming-peg-bitboard --example peg-hint -- english d2-d4 f3-d3
//! cargo run --release -p kongming-peg-bitboard --example peg-hint -- french c3-c1 a3-c3 c4-c2 a4-c4 c1-c3 c4-c2 c6-c4 a5-c5 e1-c1-c3 e2-c2 b2-d2
//! cargo run --release -p kongming-peg-bitboard --example peg-hint -- triangular b3-c1
//! cargo run --release -p kongming-peg-bitboard --example peg-hint -- triangular@b2 a4-b2
//! ```
//!
//! Arguments: a board, then jumps in the crate's notation (`d2-d4`; a
//! chain by one peg may be written `d2-d4-f4`). The boards: `english`
//! (33 holes, the centre d4 emptied, one peg to be left there),
//! `triangular` (15 holes, the top c1 emptied and ending there), `french`
//! (the 37-hole European board: its centre game cannot end in one peg,
//! so the game emptying c1 and ending in e4), or a built-in board name
//! followed by `@` and a hole, emptied at the start and where the last
//! peg must end (`english@c1`). The winnable set of the whole game is
//! built first (the English one in under a second); the French game's is
//! large, so there the set is built from the position reached (the same
//! answers about it), and if that census does not end within 10 s (fewer
//! than about a dozen jumps played) the solver answers instead, without
//! counting solutions. Then it prints:
//!
//! ```text
//! winnable: yes
//! keeps it winnable: e1-e3 c3-e3 d4-d2 e5-e3 f5-f3
//! solutions left: 4878629735488072
//! hint: Jump e5-e3 (the peg on e5 over e4 into e3): it keeps the game winnable (2352542196912729 solutions remain).
//! ```
//!
//! (for `english d2-d4 f3-d3`) and the board; what the set took is
//! written on standard error. A jump that cannot be played is an error
//! naming it (on standard error), as is an unknown board or hole.

use std::error::Error;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use kongming_peg_bitboard::{Board, Budget, Census, Goal, Position, Solver, Verdict};

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
    let name = args.first().map_or("english", String::as_str);
    let game = game(name)?;
    let board = &game.board;
    let cell = |hole: &str| board.cell(hole).map_err(|e| format!("{hole}: {e}"));
    let start = board.start(cell(&game.empty)?)?;
    let target = board.position(cell(&game.end)?.bit())?;
    let jumps = board
        .parse_jumps(&args.get(1..).unwrap_or_default().join(" "))
        .map_err(|e| format!("reading the jumps: {e}"))?;
    let position = start
        .replay(&jumps)
        .map_err(|e| format!("playing the jumps: {e}"))?;

    // The set of the whole game, or of the game from the position
    // reached (the same answers about that position).
    let from = if game.whole { &start } else { &position };
    let clock = Instant::now();
    let mut census = Census::new(from)
        .with_target(&target)?
        .budget(Budget::unlimited().with_time_limit(Duration::from_secs(10)));
    let yes = |winnable: bool| if winnable { "yes" } else { "no" };
    match census.winnable_set()?.set() {
        Some(set) => {
            eprintln!(
                "the winnable set ({} to {}, from {}): {} positions up to symmetry, {:.1} MB ({:.1} bytes a position), built in {:.2} s",
                game.empty,
                game.end,
                if game.whole {
                    "the start"
                } else {
                    "the position reached"
                },
                set.len(),
                set.heap_bytes() as f64 / 1e6,
                set.bytes_per_position(),
                clock.elapsed().as_secs_f64()
            );
            let keeping: Vec<String> = set
                .winnable_jumps(&position)?
                .iter()
                .map(|jump| jump.name())
                .collect();
            println!("winnable: {}", yes(set.is_winnable(&position)?));
            println!("keeps it winnable: {}", keeping.join(" "));
            println!("solutions left: {}", set.solutions_left(&position)?);
            println!("hint: {}", set.hint(&position)?);
        }
        None => {
            // Too many positions to count in time: the solver answers,
            // without counting.
            eprintln!("the census stopped after 10 s: the solver answers instead");
            let goal = Goal::Pattern(target.pegs());
            let budget = Budget::unlimited().with_node_limit(20_000_000);
            let wins = |p: &Position| -> Result<Option<bool>, Box<dyn Error>> {
                Ok(
                    match Solver::new(p).goal(goal).budget(budget.clone()).solve()? {
                        Verdict::Solved(_) => Some(true),
                        Verdict::Impossible(_) => Some(false),
                        _ => None,
                    },
                )
            };
            let winnable = wins(&position)?;
            println!(
                "winnable: {}",
                winnable.map_or("unknown (the solver stopped)", yes)
            );
            let mut keeping = Vec::new();
            for jump in position.legal_jumps() {
                match wins(&position.play(jump)?)? {
                    Some(true) => keeping.push(jump.name()),
                    Some(false) => {}
                    None => keeping.push(format!("{}?", jump.name())),
                }
            }
            println!("keeps it winnable: {}", keeping.join(" "));
            println!("solutions left: not counted (no winnable set)");
            println!(
                "hint: {}",
                Solver::new(&position).goal(goal).budget(budget).hint()?
            );
        }
    }
    println!();
    println!("{}", position.render());
    Ok(())
}

/// A game named on the command line.
struct Game {
    board: Board,
    /// The hole emptied at the start.
    empty: String,
    /// The hole of the last peg.
    end: String,
    /// Whether the winnable set is built for the whole game (else from the
    /// position reached).
    whole: bool,
}

/// The game named `name`.
fn game(name: &str) -> Result<Game, Box<dyn Error>> {
    let game = |board, empty: &str, end: &str, whole| Game {
        board,
        empty: empty.to_string(),
        end: end.to_string(),
        whole,
    };
    if let Some((board, hole)) = name.split_once('@') {
        let board = Board::named(board).map_err(|e| format!("{board}: {e}"))?;
        return Ok(game(board, hole, hole, true));
    }
    Ok(match name {
        "english" => game(Board::english(), "d4", "d4", true),
        "french" | "european" => game(Board::european(), "c1", "e4", false),
        "triangular" | "triangle" => game(Board::triangular(5)?, "c1", "c1", true),
        other => {
            return Err(format!(
                "unknown board {other:?}: english, french, triangular, or a board name with @hole"
            )
            .into());
        }
    })
}
