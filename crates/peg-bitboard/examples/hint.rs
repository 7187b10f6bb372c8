//! A peg solitaire game's hint button: plays the jumps given from the
//! start, then says whether the game can still be won, which jumps keep
//! it winnable, how many solutions are left, and what to play next.
//!
//! ```text
//! cargo run --release -p kongming-peg-bitboard --example hint -- english
//! cargo run --release -p kongming-peg-bitboard --example hint -- english d2-d4 f3-d3
//! cargo run --release -p kongming-peg-bitboard --example hint -- french
//! cargo run --release -p kongming-peg-bitboard --example hint -- triangular a3-c1
//! cargo run --release -p kongming-peg-bitboard --example hint -- english@c1 e1-c1
//! ```
//!
//! Arguments: a board, then jumps in the crate's notation (`d2-d4`; a
//! chain by one peg may be written `d2-d4-f4`). The boards: `english`
//! (33 holes, the centre d4 emptied, one peg to be left there),
//! `french` (the 37-hole European board: its centre game cannot end in
//! one peg, so the game emptying c5 and ending there), `triangular` (15
//! holes, the top c1 emptied and ending there), or any built-in board
//! name followed by `@` and a hole, emptied at the start and where the
//! last peg must end. The winnable set is built first (on the English
//! board, under a second), then the jumps are played; the output is:
//!
//! ```text
//! winnable: yes
//! keeps it winnable: f3-d3 d5-d3 e2-e4 c2-c4
//! solutions left: 1817390106939992
//! hint: jump f3-d3 (the peg on f3 over e3 into d3): it keeps the game winnable (...)
//! ```
//!
//! and the board. A jump that cannot be played is an error naming it
//! (printed on standard error), as is an unknown board or hole.

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use kongming_peg_bitboard::{Board, Census, Position};

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
    let (board, hole) = game(name)?;
    let cell = board
        .cell(hole)
        .map_err(|e| format!("{hole}: {e}"))?;
    let start = board.start(cell)?;
    let target = board.position(cell.bit())?;
    let jumps = board
        .parse_jumps(&args.get(1..).unwrap_or_default().join(" "))
        .map_err(|e| format!("reading the jumps: {e}"))?;
    let position = start
        .replay(&jumps)
        .map_err(|e| format!("playing the jumps: {e}"))?;

    let clock = Instant::now();
    let mut census = Census::new(&start).with_target(&target)?;
    let set = census
        .winnable_set()?
        .set()
        .ok_or("the census stopped")?;
    eprintln!(
        "the winnable set of {name} ({hole} to {hole}): {} positions up to symmetry, {:.1} MB ({:.1} bytes a position), built in {:.2} s",
        set.len(),
        set.heap_bytes() as f64 / 1e6,
        set.bytes_per_position(),
        clock.elapsed().as_secs_f64()
    );

    let yes = |winnable: bool| if winnable { "yes" } else { "no" };
    let keeping: Vec<String> = set
        .winnable_jumps(&position)?
        .iter()
        .map(|jump| jump.name())
        .collect();
    println!("winnable: {}", yes(set.is_winnable(&position)?));
    println!("keeps it winnable: {}", keeping.join(" "));
    println!("solutions left: {}", set.solutions_left(&position)?);
    println!("hint: {}", set.hint(&position)?);
    println!();
    print!("{}", render(&position));
    Ok(())
}

/// The board of a game named on the command line and the hole emptied at
/// its start and holding its last peg.
fn game(name: &str) -> Result<(Board, &str), Box<dyn Error>> {
    if let Some((board, hole)) = name.split_once('@') {
        let board = Board::named(board).map_err(|e| format!("{board}: {e}"))?;
        return Ok((board, hole));
    }
    Ok(match name {
        "english" => (Board::english(), "d4"),
        "french" | "european" => (Board::european(), "c5"),
        "triangular" | "triangle" => (Board::triangular(5)?, "c1"),
        other => {
            return Err(format!(
                "unknown board {other:?}: english, french, triangular, or a board name with @hole"
            )
            .into());
        }
    })
}

/// The position as ASCII art.
fn render(position: &Position) -> String {
    position.render()
}
