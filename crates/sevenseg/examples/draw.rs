//! Draws a matchstick equation as seven-segment ASCII art (or SVG with
//! `--svg`).
//!
//! ```text
//! cargo run --release -p kongming-sevenseg --example draw -- "6+4=4"
//! cargo run --release -p kongming-sevenseg --example draw -- "6+4=4" --svg > eq.svg
//! ```

use std::error::Error;
use std::process::ExitCode;

use kongming_sevenseg::{Equation, Style, draw};

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
    let mut svg = false;
    let mut text = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--svg" => svg = true,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}").into()),
            _ => text = Some(arg),
        }
    }
    let equation: Equation = text.ok_or("usage: draw EQUATION [--svg]")?.parse()?;
    let style = Style::default();
    if svg {
        print!("{}", draw::svg(&equation, &style, &[]));
    } else {
        print!("{}", draw::ascii(&equation, &style));
    }
    Ok(())
}
