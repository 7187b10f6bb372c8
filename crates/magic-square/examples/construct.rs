//! Constructs one magic square of a given order directly and checks it.
//!
//! ```text
//! cargo run --release -p kongming-magic-square --example construct -- 1000
//! cargo run --release -p kongming-magic-square --example construct -- 8 --pandiagonal
//! ```
//!
//! Prints the size, the method's time and the check result; squares up to
//! order 12 are printed too.

use std::error::Error;
use std::time::Instant;

use kongming_magic_square::{Kind, construct, construct_pandiagonal, magic_constant};

fn main() -> Result<(), Box<dyn Error>> {
    let mut order: Option<usize> = None;
    let mut pandiagonal = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--pandiagonal" => pandiagonal = true,
            _ => order = Some(arg.parse()?),
        }
    }
    let order = order.ok_or("usage: construct ORDER [--pandiagonal]")?;
    let started = Instant::now();
    let (square, kind) = if pandiagonal {
        (construct_pandiagonal(order)?, Kind::PANDIAGONAL)
    } else {
        (construct(order)?, Kind::MAGIC)
    };
    let built = started.elapsed();
    let started = Instant::now();
    let check = square.check(kind);
    let checked = started.elapsed();
    if order <= 12 {
        println!("{square}");
    }
    println!(
        "{order}×{order} square, magic constant {}, built in {built:.2?}",
        magic_constant(order).ok_or("order too large")?
    );
    match check {
        Ok(()) => println!("check ({kind}): ok ({checked:.2?})"),
        Err(err) => println!("check ({kind}): FAILED: {err}"),
    }
    Ok(())
}
