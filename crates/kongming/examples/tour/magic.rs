//! Magic squares: the Lo Shu (order 3) and the count of order 4.

use std::error::Error;
use std::time::Instant;

use kongming::magic::{Enumeration, Hinter, Kind, PartialSquare, construct};

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
    let grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n4 . . .".parse()?;
    println!("Five cells of Dürer's square, and a hint:\n{grid}");
    println!("hint: {}", Hinter::new(Kind::MAGIC).hint(&grid)?);
    println!();
    Ok(())
}
