//! The opening sentences of an English puzzle: how many people or houses,
//! in which order, whether place 1 is the front of a queue, and which
//! family wrote them.

use super::Style;
use super::error::ReadErrorKind;
use super::words::{cardinal, digits, keys};

/// What the opening sentences say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Intro {
    /// Which family's words they are (the writer's style).
    pub(crate) style: Style,
    /// How many places the row has, if they say.
    pub(crate) positions: Option<usize>,
    /// Whether place 1 is on the right ("numbered 1 to 5 from right to
    /// left"): then "left" in a clue means a larger number.
    pub(crate) flipped: bool,
    /// Whether place 1 is the front of a queue ("position 1 is the
    /// front"): then "behind" means a larger number, "ahead" a smaller.
    pub(crate) queue: bool,
}

/// Whether `found` (keys) begins with `expected` (a phrase).
fn starts(found: &[String], expected: &str) -> bool {
    let expected = keys(expected);
    found.len() >= expected.len() && found[..expected.len()] == *expected
}

/// Words that may follow a count of the row's places in an opening
/// sentence that are not what is counted ("1 to 5", "1 on the left").
const NOT_COUNTED: &[&str] = &["to", "on", "through", "and", "or", "at", "is", "of", "from"];

/// The words said of place 1: up to six words after each "1", as far as
/// the next number ("house 1 is on the far left and house 5 …").
fn said_of_one(k: &[String]) -> impl Iterator<Item = &[String]> {
    k.iter()
        .enumerate()
        .filter(|(_, w)| *w == "1")
        .map(|(one, _)| {
            let tail = &k[one + 1..(one + 7).min(k.len())];
            let len = tail.iter().take_while(|w| digits(w).is_none()).count();
            &tail[..len]
        })
}

/// Whether the places, where their numbers are said, are numbered from 1
/// on: the first number after "numbered" (or "numbers") is 1, and a run
/// of numbers in a row ("1, 2, 3") counts up from 1. "Numbered 0 to 2" or
/// "houses 2, 4, 6" would make "house 2" another place than the second.
fn numbered_from_one(k: &[String]) -> bool {
    let numbered = k.iter().enumerate().all(|(i, w)| {
        !matches!(w.as_str(), "numbered" | "numbers" | "labelled" | "labeled")
            || k[i + 1..(i + 5).min(k.len())]
                .iter()
                .find_map(|w| digits(w))
                .is_none_or(|first| first == 1)
    });
    // Runs of two numbers or more after the places' word, "positions 1,
    // 3, 5" or "houses 2, 3, 4" (not ages in the same sentence).
    let mut runs_count_up = true;
    let mut i = 0;
    while i < k.len() {
        let placed = i > 0
            && matches!(
                k[i - 1].as_str(),
                "positions"
                    | "houses"
                    | "seats"
                    | "rooms"
                    | "places"
                    | "spots"
                    | "spaces"
                    | "numbered"
                    | "numbers"
                    | "are"
            );
        let mut run = Vec::new();
        while let Some(n) = k.get(i).and_then(|w| digits(w)) {
            run.push(n);
            i += 1;
            if k.get(i).is_some_and(|w| w == "and") {
                i += 1;
            }
        }
        if placed && run.len() >= 2 && run.iter().enumerate().any(|(at, &n)| n != at + 1) {
            runs_count_up = false;
        }
        i += 1;
    }
    numbered && runs_count_up
}

/// `text` with each range of numbers written with a dash ("1-5", "1–5")
/// spelled with "to", as "numbered 1 to 5" has it: split at the dash, the
/// two numbers would read as a run "1, 5".
fn ranges_spelled(text: &str) -> std::borrow::Cow<'_, str> {
    let dash = |c: char| matches!(c, '-' | '\u{2013}' | '\u{2014}');
    let chars: Vec<char> = text.chars().collect();
    let ranged = |i: usize| {
        dash(chars[i])
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
    };
    if !(0..chars.len()).any(ranged) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        if ranged(i) {
            out.push_str(" to ");
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Whether the opening sentences put place 1 on the left, on the right:
/// by the side word said first of place 1 ("1 on the left", "house 1 is
/// at the right end"), or by the side counted from ("from left to
/// right", "starting from the right").
fn sides_of_one(k: &[String]) -> (bool, bool) {
    let first_sides = said_of_one(k).filter_map(|said| {
        said.iter()
            .find(|w| matches!(w.as_str(), "left" | "leftmost" | "right" | "rightmost"))
    });
    let counted_from = k
        .iter()
        .enumerate()
        .filter(|(_, w)| *w == "from")
        .filter_map(|(i, _)| {
            let at = i + 1 + usize::from(k.get(i + 1).is_some_and(|w| w == "the"));
            k.get(at)
        });
    let (mut left, mut right) = (false, false);
    for side in first_sides.chain(counted_from) {
        match side.as_str() {
            "left" | "leftmost" => left = true,
            "right" | "rightmost" => right = true,
            _ => {}
        }
    }
    (left, right)
}

/// Reads the opening sentences (the text before the first category):
/// how many places (the first number counting something, or the last of
/// "numbered 1 to N"), their order, the family.
///
/// # Errors
///
/// [`ReadErrorKind::Intro`] when the numbers disagree ("5 houses numbered
/// 1 to 4") or the order is said both ways.
pub(crate) fn read_intro(text: &str) -> Result<Intro, ReadErrorKind> {
    let k = keys(&ranges_spelled(text));
    let bad = || ReadErrorKind::Intro {
        text: text.trim().to_string(),
    };
    let number = |w: &String| cardinal(w).filter(|&n| n >= 1);
    // "There are 5 houses", "Five people live": a number and what it
    // counts.
    let counted = k.iter().enumerate().find_map(|(i, w)| {
        let n = number(w)?;
        let next = k.get(i + 1)?;
        (n >= 2 && !NOT_COUNTED.contains(&next.as_str()) && number(next).is_none()).then_some(n)
    });
    // "numbered 1 to 5", "1 (leftmost) to 6 (rightmost)", "1 through 5",
    // "positions 1, 2, 3", "1 on the left, 5 on the right", "house 1 is
    // on the far left and house 3 on the far right".
    let ones: Vec<usize> = k
        .iter()
        .enumerate()
        .filter(|(_, w)| *w == "1")
        .map(|(i, _)| i)
        .collect();
    let ranged = ones.iter().find_map(|&one| {
        let to = (one + 1..(one + 4).min(k.len()))
            .find(|&j| matches!(k[j].as_str(), "to" | "through" | "thru" | "until"))?;
        k.get(to + 1).and_then(|w| digits(w))
    });
    let sided = |i: usize| {
        k[i + 1..(i + 6).min(k.len())].iter().any(|w| {
            matches!(
                w.as_str(),
                "left" | "right" | "leftmost" | "rightmost" | "end" | "front" | "back"
            )
        })
    };
    // A run "1, 2, 3".
    let run = ones.iter().find_map(|&one| {
        let mut n = 1;
        while k.get(one + n).and_then(|w| digits(w)) == Some(n + 1) {
            n += 1;
        }
        (n >= 2).then_some(n)
    });
    // "1 on the left, 5 on the right": the largest number said with a side.
    let sided_max = if ones.iter().any(|&one| sided(one)) {
        k.iter()
            .enumerate()
            .filter(|&(i, w)| digits(w).is_some_and(|n| n >= 2) && sided(i))
            .filter_map(|(_, w)| digits(w))
            .max()
    } else {
        None
    };
    let listed = ranged.or(run).or(sided_max).filter(|&n| n >= 2);
    let positions = match (counted, listed) {
        (Some(a), Some(b)) if a != b => return Err(bad()),
        (a, b) => a.or(b),
    };
    let (left_first, right_first) = sides_of_one(&k);
    if left_first && right_first || !numbered_from_one(&k) {
        return Err(bad());
    }
    // A round table, a ring, a tower: every clue would be read on a line
    // from left to right.
    if k.iter().any(|w| {
        matches!(
            w.as_str(),
            "round"
                | "circle"
                | "circular"
                | "ring"
                | "clockwise"
                | "counterclockwise"
                | "anticlockwise"
                | "tower"
                | "storey"
                | "storeys"
                | "story"
                | "stories"
                | "floor"
                | "floors"
                | "vertical"
                | "stacked"
        )
    }) {
        return Err(bad());
    }
    let style = if starts(&k, "this is a logic puzzle") {
        Style::ReasoningGym
    } else if k.iter().any(|w| w == "houses") {
        Style::ZebraLogic
    } else {
        Style::Bbeh
    };
    // "position 1 is the front", "1 (front of the queue)".
    let queue =
        said_of_one(&k).any(|said| said.iter().any(|w| matches!(w.as_str(), "front" | "head")));
    Ok(Intro {
        style,
        positions,
        flipped: right_first,
        queue,
    })
}

#[cfg(test)]
mod tests {
    use super::read_intro;
    use crate::english::Style;

    #[test]
    fn opening_sentences_of_every_family() {
        let bbeh = "There are 3 people next to each other in a row in positions 1, 2, 3 who \
                    have the following characteristics.";
        let intro = read_intro(bbeh).unwrap();
        assert_eq!((intro.style, intro.positions), (Style::Bbeh, Some(3)));
        assert!(read_intro(&bbeh.replace("2, 3", "2, 4")).is_err());
        let zebra = "There are 2 houses, numbered 1 to 2 from left to right, as seen from \
                     across the street. Each house is occupied by a different person. Each \
                     house has a unique attribute for each of the following characteristics:";
        let intro = read_intro(zebra).unwrap();
        assert_eq!((intro.style, intro.positions), (Style::ZebraLogic, Some(2)));
        let gym = "This is a logic puzzle. There are 7 houses (numbered 1 on the left, 7 on the \
                   right), from the perspective of someone standing across the street from them.";
        let intro = read_intro(gym).unwrap();
        assert_eq!(
            (intro.style, intro.positions),
            (Style::ReasoningGym, Some(7))
        );
        let plain = "Five people live in a row of houses numbered 1 to 5 from left to right.";
        assert_eq!(read_intro(plain).unwrap().positions, Some(5));
        let flipped = "Four friends stand in a line, numbered 1 to 4 from right to left.";
        assert_eq!(
            read_intro(
                "A hotel has six rooms, numbered 1 (leftmost) to 6 (rightmost). Ages - 20, 41, 70"
            )
            .unwrap()
            .positions,
            Some(6)
        );
        assert_eq!(
            read_intro(
                "In a row of 3 seats (seat 1 is the leftmost, seat 3 the rightmost) sit friends."
            )
            .unwrap()
            .positions,
            Some(3)
        );
        let intro = read_intro(flipped).unwrap();
        assert_eq!((intro.positions, intro.flipped), (Some(4), true));
        assert_eq!(read_intro("Solve this.").unwrap().positions, None);
        // A range with a dash is a range, not the run "1, 5".
        for text in [
            "A street has 5 houses next to each other, numbered 1-5 from left to right.",
            "Five seats, numbered 1\u{2013}5 from right to left.",
        ] {
            assert_eq!(read_intro(text).unwrap().positions, Some(5), "{text}");
        }
        assert!(read_intro("Five houses, numbered 1-4.").is_err());
    }
}
