//! Counts magic squares of one order: all of them and up to the eight
//! symmetries of the square, with a progress bar.
//!
//! ```text
//! cargo run --release -p kongming-magic-square --example magic-count -- 4
//! cargo run --release -p kongming-magic-square --example magic-count -- 5 --centre 1
//! cargo run --release -p kongming-magic-square --example magic-count -- 5 --kind pandiagonal
//! ```
//!
//! The last line reads `7040 squares, 880 up to symmetry` (order 4), or
//! `4365792 up to symmetry` for the order-5 slice with centre 1.

use std::error::Error;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kongming_magic_square::{Enumeration, Kind, Stage};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let mut order: Option<usize> = None;
    let mut centre: Option<u32> = None;
    let mut kind = Kind::MAGIC;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--centre" | "--center" => {
                centre = Some(args.next().ok_or("--centre needs a number")?.parse()?);
            }
            "--kind" => kind = args.next().ok_or("--kind needs a kind")?.parse()?,
            _ => order = Some(arg.parse()?),
        }
    }
    let order = order.ok_or("usage: count ORDER [--centre N] [--kind KIND]")?;
    let mut enumeration = Enumeration::new(order, kind)?;
    if let Some(value) = centre {
        enumeration = enumeration.with_centre(value)?;
    }

    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} parts, {msg} [{elapsed}]")?
            .progress_chars("=> "),
    );
    let shown = bar.clone();
    let basic = enumeration.up_to_symmetry()?.on_progress(move |report| {
        if report.stage == Stage::Parts {
            shown.set_length(report.total.unwrap_or(0));
            shown.set_position(report.done);
            shown.set_message(format!("{} so far", report.found));
        }
    });
    let started = Instant::now();
    let (report, report_stats) = basic.count_in_parts_with_stats();
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    let up_to_symmetry = report.count();
    // Every square of distinct numbers has eight distinct images.
    let all = if order >= 2 {
        up_to_symmetry * 8
    } else {
        up_to_symmetry
    };
    println!(
        "order {order}, {kind} squares ({elapsed:.2?}, {} nodes)",
        report_stats.nodes
    );
    match centre {
        Some(value) => {
            println!("{all} squares with centre {value}");
            println!("{up_to_symmetry} up to symmetry");
        }
        None => println!("{all} squares, {up_to_symmetry} up to symmetry"),
    }
    Ok(())
}
