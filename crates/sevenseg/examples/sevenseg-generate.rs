//! Prints matchstick puzzles with exactly one fix: each puzzle on its own
//! line, its fix (with the kind of move), its clue and its grade on the
//! indented lines below.
//!
//! ```text
//! cargo run --release -p kongming-sevenseg --example sevenseg-generate
//! cargo run --release -p kongming-sevenseg --example sevenseg-generate -- --seed 7 --count 10 --moves 2
//! cargo run --release -p kongming-sevenseg --example sevenseg-generate -- --all
//! cargo run --release -p kongming-sevenseg --example sevenseg-generate -- --grade hard --count 5
//! ```
//!
//! `--all` lists every single-digit `a+b=c` and `a-b=c` puzzle, with a
//! progress bar on standard error. Other flags: `--remove K`, `--add K`,
//! `--keep-orientation`, `--max-operand N`, `--max-result N`, and
//! `--grade easy|medium|hard|expert` to keep the puzzles of one grade.

use std::error::Error;
use std::process::ExitCode;

use indicatif::ProgressBar;
use kongming_sevenseg::{Change, Generator, Grade, Rules};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let (mut seed, mut count, mut all) = (1u64, 10usize, false);
    let mut change = Change::Move(1);
    let mut rules = Rules::default();
    let (mut max_operand, mut max_result) = (9, 9);
    let mut level = None;
    while let Some(arg) = args.next() {
        let mut value = || -> Result<u64, Box<dyn Error>> {
            let v = args.next().ok_or(format!("{arg} needs a number"))?;
            Ok(v.parse()?)
        };
        match arg.as_str() {
            "--seed" => seed = value()?,
            "--count" => count = usize::try_from(value()?)?,
            "--moves" | "--move" => change = Change::Move(usize::try_from(value()?)?),
            "--remove" => change = Change::Remove(usize::try_from(value()?)?),
            "--add" => change = Change::Add(usize::try_from(value()?)?),
            "--max-operand" => max_operand = u32::try_from(value()?)?,
            "--max-result" => max_result = u32::try_from(value()?)?,
            "--keep-orientation" => rules = rules.keep_orientation(true),
            "--all" => all = true,
            "--grade" => {
                let name = args.next().ok_or("--grade needs a grade")?;
                level = Some(name.parse::<Grade>()?);
            }
            _ => return Err(format!("unknown option {arg}").into()),
        }
    }
    let generator = Generator::new(change)?
        .rules(rules)
        .max_operand(max_operand)
        .max_result(max_result);
    let generator = match level {
        Some(level) => generator.grade(level),
        None => generator,
    };
    let puzzles = if all {
        let bar = ProgressBar::new(0);
        let generator = generator.on_progress(|report| {
            bar.set_length(report.total.unwrap_or(0));
            bar.set_position(report.done);
        });
        let puzzles = generator.all().into_puzzles();
        bar.finish_and_clear();
        puzzles
    } else {
        generator.generate_batch(seed, count).into_puzzles()
    };
    for puzzle in &puzzles {
        println!("{puzzle}");
        println!("    fix: {} ({})", puzzle.fix(), puzzle.move_kind());
        println!("    clue: {}", puzzle.clue());
        println!("    grade: {}", puzzle.difficulty());
    }
    eprintln!("{} puzzle(s), {change}", puzzles.len());
    Ok(())
}
