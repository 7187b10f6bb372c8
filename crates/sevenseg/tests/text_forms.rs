//! The small text forms: changes (`move 2`), sticks (`middle@1`), stick
//! moves (`middle@1 -> top@3`) and glyph changes (`6 -> 9 at 1`), glyphs
//! counted from 1, print and parse back, and bad text gets a typed error
//! naming the place (in characters, from 0; from 1 in its text) of the
//! problem.

use kongming_sevenseg::{
    Change, ChangeParseError, Glyph, GlyphChange, MAX_STICKS, Segments, Step, Stick, StickMove,
    StickParseError,
};
use proptest::prelude::*;

#[test]
fn change_errors_name_the_place() {
    let cases: [(&str, ChangeParseError); 9] = [
        ("", ChangeParseError::Empty { position: 0 }),
        ("  \t", ChangeParseError::Empty { position: 3 }),
        ("jump 1", ChangeParseError::UnknownKind { position: 0 }),
        ("  Move 1", ChangeParseError::UnknownKind { position: 2 }),
        ("remove", ChangeParseError::MissingCount { position: 6 }),
        ("add  ", ChangeParseError::MissingCount { position: 5 }),
        ("move -1", ChangeParseError::InvalidCount { position: 5 }),
        (
            "move 99999999999999999999999",
            ChangeParseError::InvalidCount { position: 5 },
        ),
        (
            "add 1 stick",
            ChangeParseError::TrailingText { position: 6 },
        ),
    ];
    for (text, want) in cases {
        let got = text.parse::<Change>().unwrap_err();
        assert_eq!(got, want, "{text:?}");
        assert_eq!(
            got.position(),
            match want {
                ChangeParseError::Empty { position }
                | ChangeParseError::UnknownKind { position }
                | ChangeParseError::MissingCount { position }
                | ChangeParseError::InvalidCount { position }
                | ChangeParseError::TrailingText { position } => position,
                _ => unreachable!(),
            }
        );
        let message = got.to_string();
        if !matches!(want, ChangeParseError::Empty { .. }) {
            assert!(
                message.contains(&format!("position {}", got.position() + 1)),
                "{message}"
            );
        }
    }
    // Positions count characters, not bytes.
    let err = "\u{3000}×move 1".parse::<Change>().unwrap_err();
    assert_eq!(err, ChangeParseError::UnknownKind { position: 1 });
    let err = "move\u{a0}\u{a0}x".parse::<Change>().unwrap_err();
    assert_eq!(err, ChangeParseError::InvalidCount { position: 6 });
    // Whitespace around and between the words is free.
    assert_eq!(" \u{2003}add\t3 \n".parse::<Change>(), Ok(Change::Add(3)));
}

#[test]
fn stick_errors_name_the_place() {
    let stick = |t: &str| t.parse::<Stick>().unwrap_err();
    assert_eq!(
        stick(""),
        StickParseError::Missing {
            expected: "a stick",
            position: 0
        }
    );
    assert_eq!(stick("middle"), StickParseError::MissingAt { position: 6 });
    assert_eq!(
        stick(" middel@3"),
        StickParseError::UnknownSegment { position: 1 }
    );
    assert_eq!(
        stick("top@"),
        StickParseError::InvalidPosition { position: 4 }
    );
    assert_eq!(
        stick("top@1x"),
        StickParseError::InvalidPosition { position: 4 }
    );
    assert_eq!(
        stick("top@1 top@2"),
        StickParseError::TrailingText { position: 6 }
    );
    let moved = |t: &str| t.parse::<StickMove>().unwrap_err();
    assert_eq!(
        moved("top@1"),
        StickParseError::Expected {
            word: "->",
            position: 5
        }
    );
    assert_eq!(
        moved("top@1 to top@1"),
        StickParseError::Expected {
            word: "->",
            position: 6
        }
    );
    assert_eq!(
        moved("top@1 ->"),
        StickParseError::Missing {
            expected: "a stick",
            position: 8
        }
    );
    assert_eq!(
        moved("top@1 -> stem@é"),
        StickParseError::InvalidPosition { position: 14 }
    );
    let glyph = |t: &str| t.parse::<GlyphChange>().unwrap_err();
    assert_eq!(
        glyph("66 -> 9 at 1"),
        StickParseError::UnknownGlyph { position: 0 }
    );
    assert_eq!(
        glyph("6 -> 9"),
        StickParseError::Expected {
            word: "at",
            position: 6
        }
    );
    assert_eq!(
        glyph("6 -> 9 at"),
        StickParseError::Missing {
            expected: "a glyph position",
            position: 9
        }
    );
    assert_eq!(
        glyph("6 -> 9 at 1 1"),
        StickParseError::TrailingText { position: 12 }
    );
    for err in [stick("top@1x"), moved("top@1"), glyph("6 -> ? at 0")] {
        assert!(
            err.to_string()
                .contains(&format!("position {}", err.position() + 1)),
            "{err}"
        );
    }
    // The equation signs for times and division are read too.
    assert_eq!(
        "× -> ÷ at 3".parse::<GlyphChange>().unwrap().to_string(),
        "* -> / at 3"
    );
}

fn single_segment() -> impl Strategy<Value = Segments> {
    prop::sample::select(Segments::all().iter().collect::<Vec<_>>())
}

fn stick() -> impl Strategy<Value = Stick> {
    (0..usize::MAX, single_segment()).prop_map(|(position, segment)| Stick { position, segment })
}

fn glyph() -> impl Strategy<Value = Glyph> {
    prop::sample::select(
        Glyph::DIGITS
            .iter()
            .chain(&Glyph::OPS)
            .copied()
            .collect::<Vec<_>>(),
    )
}

proptest! {
    #[test]
    fn changes_round_trip(kind in 0usize..3, k in any::<usize>()) {
        let change = [Change::Move(k), Change::Remove(k), Change::Add(k)][kind];
        let read = change.to_string().parse::<Change>();
        let at = change.to_string().find(' ').unwrap() + 1;
        // Only the counts a puzzle can have read back.
        match k {
            0 => prop_assert_eq!(read, Err(ChangeParseError::NoSticks { position: at })),
            k if k > MAX_STICKS => prop_assert_eq!(
                read,
                Err(ChangeParseError::TooManySticks { sticks: k, position: at })
            ),
            _ => prop_assert_eq!(read, Ok(change)),
        }
    }

    #[test]
    fn steps_round_trip(stick in stick(), other in stick(), kind in 0usize..3) {
        let step = [
            Step::Move(StickMove { from: stick, to: other }),
            Step::Remove(stick),
            Step::Add(other),
        ][kind];
        prop_assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        prop_assert_eq!(step.reverse().reverse(), step);
    }

    #[test]
    fn sticks_round_trip(stick in stick(), other in stick()) {
        prop_assert_eq!(stick.to_string().parse::<Stick>(), Ok(stick));
        let moved = StickMove { from: stick, to: other };
        prop_assert_eq!(moved.to_string().parse::<StickMove>(), Ok(moved));
    }

    #[test]
    fn glyph_changes_round_trip(position in 0..usize::MAX, from in glyph(), to in glyph()) {
        let change = GlyphChange { position, from, to };
        prop_assert_eq!(change.to_string().parse::<GlyphChange>(), Ok(change));
    }

    /// Any text: a value that prints and parses back to itself, or an
    /// error whose position lies within the text.
    #[test]
    fn any_text_parses_or_names_a_place(text in "[a-z@0-9 >=+*/-]{0,24}") {
        let end = text.chars().count();
        match text.parse::<Change>() {
            Ok(c) => prop_assert_eq!(c.to_string().parse::<Change>(), Ok(c)),
            Err(e) => prop_assert!(e.position() <= end),
        }
        match text.parse::<StickMove>() {
            Ok(m) => prop_assert_eq!(m.to_string().parse::<StickMove>(), Ok(m)),
            Err(e) => prop_assert!(e.position() <= end),
        }
        match text.parse::<GlyphChange>() {
            Ok(g) => prop_assert_eq!(g.to_string().parse::<GlyphChange>(), Ok(g)),
            Err(e) => prop_assert!(e.position() <= end),
        }
    }
}
