//! The 24 game: 3 3 8 8 (needs a fraction) and 4 4 10 10, exactly.

use std::error::Error;

use kongming::game24::Game;

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-game24: make 24 ==");
    for hand in ["3 3 8 8", "4 4 10 10"] {
        let game: Game = hand.parse()?;
        let difficulty = game.difficulty()?;
        let solutions = game.solutions()?;
        let list: Vec<String> = solutions.iter().map(|e| format!("{e:#}")).collect();
        println!("{hand}: {}", list.join(", "));
        println!("  grade: {difficulty}");
        println!("  hint: {:#}", game.hint()?);
    }
    let stuck = "3 3 8 8".parse::<Game>()?.after(&["3*3".parse()?])?;
    println!("3 3 8 8 after 3*3: {}", stuck.hint()?);
    println!();
    Ok(())
}
