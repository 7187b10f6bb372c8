//! Generates a logic-grid puzzle with exactly one solution.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 6x6 --seed 7
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 6x6 --seed 7 --count 100
//! cargo run --release -p kongming-zebra-csp --example zebra-generate -- 16x16 --seed 1 --seconds 5
//! ```
//!
//! `SIZE` is houses × categories. Prints the puzzle in the text format, its
//! grade as a comment on the first line. With `--count K`, generates the
//! puzzles of seeds `seed..seed + K` (with a progress bar) and prints a
//! summary of their grades. `--seconds T` stops the work after `T`
//! seconds and says how far it got.

use std::collections::BTreeMap;
use std::error::Error;
use std::time::Duration;

use indicatif::ProgressBar;
use kongming_zebra_csp::{Budget, Generator, Outcome};

fn main() -> Result<(), Box<dyn Error>> {
    let usage = "usage: generate HOUSESxCATEGORIES [--seed S] [--count K] [--seconds T]";
    let mut args = std::env::args().skip(1);
    let size = args.next().ok_or(usage)?;
    let (houses, categories) = size.split_once('x').ok_or(usage)?;
    let (mut seed, mut count, mut budget) = (0u64, None, Budget::unlimited());
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(usage)?;
        match flag.as_str() {
            "--seed" => seed = value.parse()?,
            "--count" => count = Some(value.parse::<u64>()?),
            "--seconds" => budget = budget.with_time_limit(Duration::from_secs_f64(value.parse()?)),
            _ => return Err(usage.into()),
        }
    }
    let mut generator = Generator::new(houses.parse()?, categories.parse()?)?.budget(budget);
    if let Some(count) = count {
        let end = seed.checked_add(count).ok_or("seed + count overflows")?;
        let bar = ProgressBar::new(count);
        let mut grades: BTreeMap<String, usize> = BTreeMap::new();
        let (mut made, mut clues) = (0usize, 0usize);
        let mut batch = generator.generate_batch(seed..end);
        for g in batch.by_ref() {
            made += 1;
            bar.set_position(made as u64);
            let grade = format!("{:?}", g.difficulty);
            let kind = grade.split_whitespace().next().unwrap_or("").to_string();
            *grades.entry(kind).or_default() += 1;
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
    let generation = generator.generate(seed);
    if let Outcome::Stopped(reason) = generation.outcome {
        println!(
            "# seed {seed}: stopped ({reason}) while {:?}, {} clues so far",
            generation.stage,
            generation.puzzle.clues().len()
        );
        return Ok(());
    }
    let generated = generation.into_generated().ok_or("a complete generation")?;
    println!("# seed {seed}: {}", generated.difficulty);
    if generated.undecided > 0 {
        // Clues whose redundancy the generator's effort cap left open.
        println!("# {} clues kept undecided", generated.undecided);
    }
    print!("{}", generated.puzzle);
    Ok(())
}
