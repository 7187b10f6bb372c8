//! A game's hint button on the command line: applies the player's marks to
//! a logic-grid puzzle, prints the grid and the next hint.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example zebra-hint -- [FILE|einstein [MARK…]]
//! ```
//!
//! FILE is a puzzle in the crate's text format or in English (BBEH's or
//! ZebraLogic's family, a value of two categories read as either);
//! `einstein` (or no argument) is the built-in Einstein puzzle. Each MARK
//! is `"NAME at K"` (the value is in house K: a player's O) or
//! `"NAME not-at K"` (it is not: an X), in the names of the text format
//! (an English puzzle's values with `_` for spaces, as `fried_rice`);
//! one argument may hold several marks split by commas or line breaks.
//!
//! Prints the grid (each house's values the marks place, `?` elsewhere),
//! then a line `hint: …`: the next deduction and why, in the clue's words;
//! or which mark is wrong; or that the puzzle is solved. Bad input (an
//! unreadable file, a mark that does not read) is an error (exit status 1).
//!
//! ```text
//! $ cargo run --release -p kongming-zebra-csp --example zebra-hint -- einstein "Norwegian at 1, milk at 3"
//! ```

use std::error::Error;
use std::process::ExitCode;

use kongming_zebra_csp::english::{EnglishPuzzle, Reader};
use kongming_zebra_csp::{Hint, Marks, Puzzle};

/// The puzzle of `source`: the built-in, or a file in the text format or
/// in English.
fn load(source: &str) -> Result<(Puzzle, Option<EnglishPuzzle>), Box<dyn Error>> {
    if source == "einstein" {
        return Ok((kongming_zebra_csp::einstein(), None));
    }
    let text = std::fs::read_to_string(source).map_err(|e| format!("{source}: {e}"))?;
    if text.trim_start().starts_with("There are") {
        let english = Reader::new()
            .either_reading(true)
            .read(&text)
            .map_err(|e| format!("{source}: {e}"))?;
        return Ok((english.puzzle().clone(), Some(english)));
    }
    let puzzle: Puzzle = text.parse().map_err(|e| format!("{source}: {e}"))?;
    Ok((puzzle, None))
}

/// The marks of the arguments, one a line of the text `Marks::parse`
/// reads: an argument may hold several, split by commas or line breaks, so
/// that line K of the text is mark K of the list.
fn mark_lines(args: impl Iterator<Item = String>) -> Vec<String> {
    args.flat_map(|arg| {
        arg.split([',', '\n'])
            .map(str::trim)
            .map(String::from)
            .collect::<Vec<_>>()
    })
    .filter(|mark| !mark.is_empty())
    .collect()
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let source = args.next().unwrap_or_else(|| "einstein".to_string());
    let (puzzle, english) = load(&source)?;
    let marks_text = mark_lines(args);
    let marks = Marks::parse(&puzzle, &marks_text.join("\n")).map_err(|e| match e.line() {
        Some(line) => format!("mark {line} ('{}'): {}", marks_text[line - 1], e.kind()),
        None => e.to_string(),
    })?;
    let hint: Hint = match &english {
        Some(english) => english.hint(&marks)?,
        None => puzzle.hint(&marks)?,
    };
    print!("{}", marks.table());
    println!("hint: {hint}");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// A mark argument with a line break in it: the error's line names a
    /// mark of the list (it used to index past the list and panic).
    #[test]
    fn each_line_of_the_marks_text_is_a_mark_of_the_list() {
        let puzzle = kongming_zebra_csp::einstein();
        let marks = super::mark_lines(["Brit at 1\nfoo, milk at 3".to_string()].into_iter());
        assert_eq!(marks, ["Brit at 1", "foo", "milk at 3"]);
        let err = kongming_zebra_csp::Marks::parse(&puzzle, &marks.join("\n")).unwrap_err();
        assert_eq!(
            marks.get(err.line().unwrap() - 1).map(String::as_str),
            Some("foo")
        );
    }
}
