//! Matchstick equations: 6+4=4, move one stick, drawn before and after;
//! then a generated puzzle of a chosen grade played stick by stick.

use std::error::Error;

use kongming::sevenseg::{
    Change, Check, Equation, Game, Generator, Grade, Hint, Rules, Segments, Solver, Step, Stick,
    StickMove, Style, draw,
};

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
    let clue = solutions.clue().expect("6+4=4 has fixes");
    println!("\nclue: {clue}");
    print!("{}", draw::ascii_clue(&clue, &style));
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

    // A hard puzzle, played: a wrong step, the hints from there to the end.
    let puzzle = Generator::new(Change::Move(1))?
        .grade(Grade::Hard)
        .generate(7)?;
    println!(
        "a {} puzzle: {puzzle} ({})",
        puzzle.grade(),
        puzzle.change()
    );
    print!("{}", draw::ascii(puzzle.equation(), &style));
    let mut game = Game::new(puzzle);
    if let Some(wrong) = first_wrong_step(&game) {
        println!("  play {wrong}: {}", game.play(wrong));
        println!("  now {game}");
        print!("{}", draw::ascii_game(&game));
    }
    loop {
        let hint = game.hint();
        println!("  hint: {hint}");
        if !game.follow(&hint) {
            break;
        }
        println!("  now {game}");
    }
    println!("  solved: {game}\n");
    Ok(())
}

/// A legal step that does not fit the fix, if the game has one: the stick
/// the first hint names, put down somewhere the fix has none.
fn first_wrong_step(game: &Game) -> Option<Step> {
    let Hint::Next {
        step: Step::Move(right),
    } = game.hint()
    else {
        return None;
    };
    (0..game.cells().len())
        .flat_map(|position| {
            Segments::all()
                .iter()
                .map(move |segment| Stick { position, segment })
        })
        .map(|to| {
            Step::Move(StickMove {
                from: right.from,
                to,
            })
        })
        .find(|step| matches!(game.check(step), Check::Wrong(_)))
}
