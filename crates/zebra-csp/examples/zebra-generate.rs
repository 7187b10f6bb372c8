//! Generates a logic-grid puzzle with exactly one solution.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 6x6 --seed 7
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 6x6 --seed 7 --count 100
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 6x6 --seed 7 --grade hard
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 16x16 --seed 1 --seconds 5
//! ```
//!
//! `SIZE` is houses × categories. Prints the puzzle in the text format, its
//! grade as a comment on the first line. `--grade G` (easy, medium, hard,
//! expert) asks for a grade. With `--count K`, generates the puzzles of
//! seeds `seed..seed + K` (with a progress bar) and prints a summary of
//! their grades. `--seconds T` stops the work after `T` seconds.

use std::collections::BTreeMap;
use std::error::Error;
use std::time::Duration;

use indicatif::ProgressBar;
use kongming_zebra_csp::{Budget, Generator, Grade, Outcome};

fn main() -> Result<(), Box<dyn Error>> {
    let usage =
        "usage: generate HOUSESxCATEGORIES [--seed S] [--grade G] [--count K] [--seconds T]";
    let mut args = std::env::args().skip(1);
    let size = args.next().ok_or(usage)?;
    let (houses, categories) = size.split_once('x').ok_or(usage)?;
    let (mut seed, mut count, mut budget) = (0u64, None, Budget::unlimited());
    let mut grade = None;
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(usage)?;
        match flag.as_str() {
            "--seed" => seed = value.parse()?,
            "--count" => count = Some(value.parse::<u64>()?),
            "--grade" => grade = Some(value.parse::<Grade>()?),
            "--seconds" => budget = budget.with_time_limit(Duration::from_secs_f64(value.parse()?)),
            _ => return Err(usage.into()),
        }
    }
    let mut generator = Generator::new(houses.parse()?, categories.parse()?)?.budget(budget);
    if let Some(grade) = grade {
        generator = generator.grade(grade);
    }
    if let Some(count) = count {
        let end = seed.checked_add(count).ok_or("seed + count overflows")?;
        let bar = ProgressBar::new(count);
        let mut grades: BTreeMap<String, usize> = BTreeMap::new();
        let (mut made, mut clues) = (0usize, 0usize);
        let mut batch = generator.generate_batch(seed..end);
        for g in batch.by_ref() {
            made += 1;
            bar.set_position(made as u64);
            *grades.entry(g.grade().to_string()).or_default() += 1;
            clues += g.puzzle.clues().len();
        }
        bar.finish_and_clear();
        if let Some(Outcome::Stopped(reason)) = batch.outcome() {
            println!("stopped after {made} puzzles: {reason}");
        }
        println!("{made} puzzles, {} clues on average", clues / made.max(1));
        for (grade, n) in grades {
            println!("{grade}: {n}");
        }
        return Ok(());
    }
    let generated = match generator.generate(seed) {
        Ok(generated) => generated,
        Err(error) => {
            println!("# seed {seed}: {error}");
            return Ok(());
        }
    };
    println!("# seed {}: {}", generated.seed, generated.difficulty);
    if generated.undecided > 0 {
        // Clues whose redundancy the generator's effort cap left open.
        println!("# {} clues kept undecided", generated.undecided);
    }
    print!("{}", generated.puzzle);
    Ok(())
}
