//! The 24 game: 3 3 8 8 (needs a fraction) and 4 4 10 10, exactly; then
//! a generated hand of a chosen grade played step by step.

use std::error::Error;

use kongming::game24::{Check, Game, Generator, Grade, Op, Step};

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

    // A hard hand, played: a wrong step, the hints from there to the end.
    let mut game = Generator::new(4, 1..=13, 24)?
        .grade(Grade::Hard)
        .generate(7)?;
    println!("a hard hand: {game} ({})", game.difficulty()?);
    if let Some(wrong) = first_wrong_step(&game) {
        println!("  play {wrong:#}: {}", game.play(wrong));
        println!("  now {game}");
    }
    loop {
        let hint = game.hint()?;
        println!("  hint: {hint:#}");
        if !game.follow(&hint) {
            break;
        }
    }
    let steps: Vec<String> = game.steps().iter().map(|s| format!("{s:#}")).collect();
    println!("  hand {}: {}", game.start(), steps.join(", "));
    let picture = game.to_svg();
    println!("  drawn: an SVG of {} bytes", picture.len());
    println!();
    Ok(())
}

/// The first step on two of the numbers left that the game judges wrong.
fn first_wrong_step(game: &Game) -> Option<Step> {
    let numbers = game.numbers();
    (0..numbers.len())
        .flat_map(|i| (0..numbers.len()).map(move |j| (i, j)))
        .filter(|(i, j)| i != j)
        .flat_map(|(i, j)| Op::ALL.map(|op| Step::new(numbers[i], op, numbers[j])))
        .find(|step| matches!(game.check(step), Check::Wrong(_)))
}
