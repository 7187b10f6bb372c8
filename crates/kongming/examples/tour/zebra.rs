//! Logic-grid puzzles: Einstein's puzzle, solved, explained and hinted;
//! then a generated puzzle of a chosen grade played mark by mark.

use std::error::Error;
use std::time::Instant;

use kongming::zebra::{
    self, Game, Generator, Grade, HintKind, Mark, MarkMove, SolveOptions, Solver, Uniqueness,
};

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    println!("== kongming-zebra-csp: Einstein's puzzle (CSP, explained) ==");
    let puzzle = zebra::einstein();
    let started = Instant::now();
    let mut solver = Solver::new(&puzzle);
    let verdict = solver.uniqueness();
    let elapsed = started.elapsed();
    let Uniqueness::Unique(solution) = verdict else {
        println!("not a unique solution: {verdict:?}\n");
        return Ok(());
    };
    print!("{solution}");
    let fish = puzzle.item("fish").ok_or("no fish in the puzzle")?;
    let nationality = puzzle.category("nationality").ok_or("no nationality")?;
    let owner = solution.value_at(nationality, solution.house_of(fish));
    println!("owner of fish: {}", puzzle.value_name(owner));
    println!(
        "unique solution ({:.1} µs; {})",
        elapsed.as_secs_f64() * 1e6,
        solver.stats()
    );
    println!("\nThe deduction, step by step:");
    print!("{}", puzzle.explain());

    // The hint button, from a player's half-filled grid.
    let mut marks = zebra::Marks::parse(&puzzle, "Norwegian at 1\nmilk at 3")?;
    println!("\nWith the Norwegian in house 1 and milk in house 3 marked:");
    println!("hint: {}", puzzle.hint(&marks)?);
    let brit = puzzle.item("Brit").ok_or("no Brit")?;
    marks.set(brit, puzzle.house(1).ok_or("no house 1")?, zebra::Mark::Yes);
    println!(
        "with the Brit marked in house 1 too: {}",
        puzzle.hint(&marks)?
    );

    let life = zebra::life();
    let plain = life.explain();
    let singleton = life.explain_with(&SolveOptions::new().singleton_consistency(true));
    println!(
        "\nThe 1962 Life puzzle: {} case splits with propagation alone, {} with singleton \
         arc consistency ({} refutations)\n",
        plain.case_splits(),
        singleton.case_splits(),
        singleton.refutations()
    );

    // A medium puzzle, played: a wrong cross, the hints from there to the end.
    let generated = Generator::new(4, 4)?.grade(Grade::Medium).generate(7)?;
    println!("A {} puzzle (seed {}):", generated.grade(), generated.seed);
    print!("{}", generated.puzzle);
    let mut game = Game::from(generated);
    let first = game.puzzle().items().next().ok_or("no value")?;
    let wrong = MarkMove::new(first, game.answer().house_of(first), Mark::No);
    let verdict = game.play(wrong);
    println!(
        "  play '{}': {}",
        game.move_text(&wrong),
        game.describe(&verdict)
    );
    // A right circle, then a second circle for the same value: illegal,
    // told with the value's name.
    let second = game.puzzle().items().nth(1).ok_or("no second value")?;
    let home = game.answer().house_of(second);
    let circle = MarkMove::new(second, home, Mark::Yes);
    println!(
        "  play '{}': {}",
        game.move_text(&circle),
        game.play(circle)
    );
    let elsewhere = game
        .puzzle()
        .houses()
        .find(|&h| h != home)
        .ok_or("one house")?;
    let again = MarkMove::new(second, elsewhere, Mark::Yes);
    let verdict = game.check(&again);
    println!(
        "  check '{}': {}",
        game.move_text(&again),
        game.describe(&verdict)
    );
    let mut hints = 0;
    while !game.is_solved() {
        let hint = game.hint();
        if hints < 3 || matches!(hint.kind(), HintKind::Undo { .. }) {
            println!("  hint: {hint}");
        }
        hints += 1;
        game.follow(&hint);
    }
    println!(
        "  solved after {hints} hints; the grid has {} marks:",
        game.marks().marked().count()
    );
    print!("{}", game.marks().table());
    // Saved as the puzzle's text and the marks' text (the serde form of a
    // game holds the same two), loaded with their parsers.
    let (puzzle_text, marks_text) = (game.puzzle().to_string(), game.marks().to_string());
    let puzzle: zebra::Puzzle = puzzle_text.parse()?;
    let marks = zebra::Marks::parse(&puzzle, &marks_text)?;
    let loaded = Game::with_marks(puzzle, marks)?;
    println!("  saved and loaded: the same game: {}", loaded == game);
    let svg = game.to_svg();
    println!(
        "  drawn as SVG: {} circles, {} crosses\n",
        svg.matches("class=\"yes\"").count(),
        svg.matches("class=\"no\"").count()
    );
    Ok(())
}
