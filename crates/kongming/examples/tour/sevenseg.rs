//! Matchstick equations: 6+4=4, move one stick, drawn before and after.

use std::error::Error;

use kongming::sevenseg::{Change, Equation, Rules, Solver, Style, draw};

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-sevenseg: 6+4=4, move one stick ==");
    let puzzle: Equation = "6+4=4".parse()?;
    let style = Style::default();
    print!("{}", draw::ascii(&puzzle, &style));
    let solutions = Solver::new(Change::Move(1)).solve(&puzzle)?;
    for fix in solutions.fixes() {
        let moves: Vec<String> = fix.moves().iter().map(ToString::to_string).collect();
        println!("\n{fix}   ({}; {})", moves.join(", "), fix.move_kind());
        print!("{}", draw::ascii_fix(&puzzle, fix, &style));
    }
    let hint = solutions.hint().expect("6+4=4 has fixes");
    println!("\nhint: {hint}");
    print!("{}", draw::ascii_hint(&hint, &style));
    println!("grade: {}", Solver::new(Change::Move(1)).rate(&puzzle)?);
    let kept = Solver::new(Change::Move(1))
        .rules(Rules::default().keep_orientation(true))
        .solve(&puzzle)?;
    let kept: Vec<String> = kept.fixes().iter().map(ToString::to_string).collect();
    println!(
        "\n{} fixes ({}); keeping orientation: {}\n",
        solutions.fixes().len(),
        solutions.stats(),
        kept.join(", ")
    );
    Ok(())
}
