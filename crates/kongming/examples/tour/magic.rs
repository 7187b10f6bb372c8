//! Magic squares: the Lo Shu (order 3), the count of order 4, and a game:
//! a hard puzzle, a wrong fill, and the hints to the end.

use std::error::Error;
use std::time::Instant;

use kongming::magic::{Check, Enumeration, Fill, Game, Generator, Grade, Hint, Kind, construct};

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-magic-square: magic squares ==");
    let order3 = Enumeration::new(3, Kind::MAGIC)?.up_to_symmetry()?;
    let lo_shu = order3.squares().next().ok_or("no 3×3 magic square")?;
    println!("The only 3×3 magic square up to symmetry (Lo Shu, Frénicle form):");
    println!("{lo_shu}");
    lo_shu.check(Kind::MAGIC)?;

    let started = Instant::now();
    let order4 = Enumeration::new(4, Kind::MAGIC)?;
    let all = order4
        .count()
        .exact()
        .ok_or("an unlimited count is complete")?;
    let basic = order4
        .up_to_symmetry()?
        .count()
        .exact()
        .ok_or("an unlimited count is complete")?;
    println!(
        "Order 4: {all} squares, {basic} up to symmetry ({:.2?})",
        started.elapsed()
    );
    let big = construct(101)?;
    println!(
        "Order 101 built directly: {}",
        if big.is(Kind::MAGIC) {
            "magic"
        } else {
            "NOT magic"
        }
    );
    let puzzle = Generator::new(4, Kind::MAGIC)?
        .grade(Grade::Hard)
        .generate(7)?;
    println!("A {} puzzle:\n{puzzle}", puzzle.difficulty());
    let mut game = Game::new(puzzle);
    // A player's slip: the first blank, and a number the answer does not
    // have there.
    let cell = *game.blanks().first().ok_or("a puzzle has blanks")?;
    let value = (1..=16)
        .find(|&v| {
            let fill = Fill::new(cell, v);
            matches!(game.check(&fill), Check::Wrong(_))
        })
        .ok_or("a wrong number")?;
    let verdict = game.play(Fill::new(cell, value));
    println!("{value} at {cell}: {verdict}\n{game}");
    let mut hints = 0;
    loop {
        let hint = game.hint();
        match &hint {
            Hint::Solved => break,
            Hint::Undo { .. } => println!("hint: {hint}"),
            Hint::Next(step) => {
                if hints == 0 {
                    println!("hint: {step}");
                }
                hints += 1;
            }
            other => return Err(format!("unexpected hint: {other}").into()),
        }
        game.follow(&hint);
    }
    println!(
        "Solved after {hints} more hints:\n{game}\n(an SVG of {} bytes)",
        game.to_svg().len()
    );
    println!();
    Ok(())
}
