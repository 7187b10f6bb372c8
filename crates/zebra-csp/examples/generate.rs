//! Generates a logic-grid puzzle with exactly one solution.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example generate -- 6x6 --seed 7
//! cargo run --release -p kongming-zebra-csp --example generate -- 6x6 --seed 7 --count 100
//! ```
//!
//! `SIZE` is houses × categories. Prints the puzzle in the text format, its
//! grade as a comment on the first line. With `--count K`, generates the
//! puzzles of seeds `seed..seed + K` (with a progress bar) and prints a
//! summary of their grades.

use std::collections::BTreeMap;
use std::error::Error;

use indicatif::ProgressBar;
use kongming_zebra_csp::Generator;

fn main() -> Result<(), Box<dyn Error>> {
    let usage = "usage: generate HOUSESxCATEGORIES [--seed S] [--count K]";
    let mut args = std::env::args().skip(1);
    let size = args.next().ok_or(usage)?;
    let (houses, categories) = size.split_once('x').ok_or(usage)?;
    let generator = Generator::new(houses.parse()?, categories.parse()?)?;
    let (mut seed, mut count) = (0u64, None);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(usage)?;
        match flag.as_str() {
            "--seed" => seed = value.parse()?,
            "--count" => count = Some(value.parse::<u64>()?),
            _ => return Err(usage.into()),
        }
    }
    if let Some(count) = count {
        let end = seed.checked_add(count).ok_or("seed + count overflows")?;
        let bar = ProgressBar::new(count);
        let batch = generator.generate_batch(seed..end, |done, _| bar.set_position(done));
        bar.finish_and_clear();
        let mut grades: BTreeMap<String, usize> = BTreeMap::new();
        let mut clues = 0;
        for g in &batch {
            *grades
                .entry(
                    format!("{:?}", g.difficulty)
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_string(),
                )
                .or_default() += 1;
            clues += g.puzzle.clues().len();
        }
        println!(
            "{} puzzles, {} clues on average",
            batch.len(),
            clues / batch.len().max(1)
        );
        for (grade, n) in grades {
            println!("{grade}: {n}");
        }
        return Ok(());
    }
    let generated = generator.generate(seed);
    println!("# seed {seed}: {}", generated.difficulty);
    if generated.undecided > 0 {
        // Clues whose redundancy the generator's effort cap left open.
        println!("# {} clues kept undecided", generated.undecided);
    }
    print!("{}", generated.puzzle);
    Ok(())
}
