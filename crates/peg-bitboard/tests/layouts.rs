//! The layout grammar: compact and spaced rows, and the refusal of
//! layouts mixing them (issue 17, point 15), checked against a reader's
//! view of the text written here from the grammar, not from the parser.

use std::collections::BTreeSet;

use kongming_peg_bitboard::{Board, Grid, LayoutError, Position};
use proptest::prelude::*;

/// How a reader sees a layout of square cells: a layout with two holes
/// side by side in some line is compact (a character per column), any
/// other is spaced (two characters per column); the holes as (row,
/// column) from the top left hole's row and the leftmost column, with
/// their pegs. `None` if a spaced layout puts a hole at an odd distance
/// from the leftmost (not a square grid).
fn reader_view(text: &str) -> Option<BTreeSet<(usize, usize, bool)>> {
    let holes: Vec<(usize, usize, bool)> = text
        .split('\n')
        .enumerate()
        .flat_map(|(line, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == 'o' || ch == '.')
                .map(move |(at, ch)| (line, at, ch == 'o'))
        })
        .collect();
    let compact = holes
        .windows(2)
        .any(|pair| pair[0].0 == pair[1].0 && pair[1].1 == pair[0].1 + 1);
    let top = holes.iter().map(|h| h.0).min()?;
    let left = holes.iter().map(|h| h.1).min()?;
    let mut view = BTreeSet::new();
    for &(line, at, peg) in &holes {
        let offset = at - left;
        let column = if compact {
            offset
        } else if offset % 2 == 0 {
            offset / 2
        } else {
            return None;
        };
        view.insert((line - top, column, peg));
    }
    Some(view)
}

/// The kind of a line as the grammar defines it: `Some(true)` compact
/// (two holes side by side), `Some(false)` spaced (two holes or more,
/// every two neighbours an even number of characters apart), `None`
/// either.
fn line_kind(line: &str) -> Option<bool> {
    let at: Vec<usize> = line
        .chars()
        .enumerate()
        .filter(|&(_, ch)| ch == 'o' || ch == '.')
        .map(|(i, _)| i)
        .collect();
    if at.windows(2).any(|pair| pair[1] - pair[0] == 1) {
        Some(true)
    } else if at.len() >= 2 && at.windows(2).all(|pair| (pair[1] - pair[0]) % 2 == 0) {
        Some(false)
    } else {
        None
    }
}

/// The holes of a position as (row, column, peg), read through the
/// library's own names (column letter, row number).
fn library_view(position: &Position) -> BTreeSet<(usize, usize, bool)> {
    let board = position.board();
    board
        .cells()
        .map(|cell| {
            let name = cell.name();
            let column = usize::from(name.as_bytes()[0] - b'a');
            let row: usize = name[1..].parse().unwrap();
            (row - 1, column, position.has_peg(cell).unwrap())
        })
        .collect()
}

/// A grid of `rows` rows of `width` cells: a hole or not, a peg or not.
fn grid() -> impl Strategy<Value = Vec<Vec<Option<bool>>>> {
    (1usize..=5, 1usize..=6).prop_flat_map(|(rows, width)| {
        prop::collection::vec(
            prop::collection::vec(prop::option::of(any::<bool>()), width),
            rows,
        )
    })
}

/// A row written compact (one character per cell) or spaced (two).
fn write_row(cells: &[Option<bool>], compact: bool) -> String {
    let mut line = String::new();
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 && !compact {
            line.push(' ');
        }
        line.push(match cell {
            None => ' ',
            Some(true) => 'o',
            Some(false) => '.',
        });
    }
    line.trim_end().to_string()
}

#[test]
fn the_reported_mixed_layout_is_refused() {
    // Issue 17, point 15: this was a 6-hole board with 2 jumps.
    let error = "o o o\nooo".parse::<Board>().unwrap_err();
    assert_eq!(
        error,
        LayoutError::MixedRows {
            compact_line: 2,
            spaced_line: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "line 2 has holes side by side (one character per column) but line 1 has its holes spaced apart (two characters per column): write every row the same way"
    );
    // Either way alone is the 2 × 3 rectangle a reader sees.
    let compact: Board = "ooo\nooo".parse().unwrap();
    let spaced: Board = "o o o\no o o".parse().unwrap();
    assert_eq!(compact, spaced);
    assert_eq!(compact.len(), 6);
    assert_eq!(compact.jumps().len(), 4);
    // Positions read the same grammar.
    assert!(matches!(
        "o . o\no.o".parse::<Position>(),
        Err(LayoutError::MixedRows { .. })
    ));
}

#[test]
fn rows_that_read_the_same_either_way_mix_with_both() {
    // A row of one hole, or of holes an odd number of characters apart,
    // reads the same in a compact and a spaced layout.
    let board: Board = "ooo\n o\no  o".parse().unwrap();
    assert_eq!(board.grid(), Grid::Square);
    let names: Vec<String> = board.cells().map(|c| c.name()).collect();
    assert_eq!(names, ["a1", "b1", "c1", "b2", "a3", "d3"]);
    // A compact board with a row of single gaps is written spaced.
    assert!(matches!(
        "ooo\no o\nooo".parse::<Board>(),
        Err(LayoutError::MixedRows {
            compact_line: 1,
            spaced_line: 2
        })
    ));
    let ring: Board = "o o o\no   o\no o o".parse().unwrap();
    assert_eq!(ring.len(), 8);
    assert_eq!(ring.to_string().parse::<Board>().unwrap(), ring);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// A square board written compact and written spaced reads as the
    /// same board, the reader's; its `Display` reads back as itself.
    #[test]
    fn compact_and_spaced_forms_read_alike(cells in grid()) {
        let compact: Vec<String> = cells.iter().map(|row| write_row(row, true)).collect();
        let spaced: Vec<String> = cells.iter().map(|row| write_row(row, false)).collect();
        let compact = compact.join("\n");
        let spaced = spaced.join("\n");
        let kinds: Vec<Option<bool>> = compact.split('\n').map(line_kind).collect();
        let from_spaced = spaced.parse::<Position>();
        let Some(view) = reader_view(&spaced) else {
            prop_assert_eq!(from_spaced, Err(LayoutError::Empty));
            return Ok(());
        };
        let position = from_spaced.unwrap();
        prop_assert_eq!(library_view(&position), view);
        let shown = position.to_string();
        let again: Position = shown.parse().unwrap();
        prop_assert_eq!(&again, &position);
        prop_assert_eq!(again.to_string(), shown);
        let from_compact = compact.parse::<Position>();
        if kinds.contains(&Some(true)) {
            if kinds.contains(&Some(false)) {
                // A row of single gaps (`o o`) in a compact layout.
                let refused = matches!(from_compact, Err(LayoutError::MixedRows { .. }));
                prop_assert!(refused, "{:?}", from_compact);
            } else {
                prop_assert_eq!(from_compact.unwrap(), position);
            }
        }
        // (With no two holes side by side, the compact text is a spaced
        // layout: the next property reads such texts.)
    }

    /// Rows written each its own way: refused exactly when one line has
    /// holes side by side and another its holes spaced, naming the first
    /// of each; otherwise read as a reader sees the text.
    #[test]
    fn mixed_rows_are_refused_and_the_rest_read_as_seen(
        cells in grid(),
        ways in prop::collection::vec(any::<bool>(), 5),
    ) {
        let text: Vec<String> = cells
            .iter()
            .zip(&ways)
            .map(|(row, &compact)| write_row(row, compact))
            .collect();
        let text = text.join("\n");
        let kinds: Vec<Option<bool>> = text.split('\n').map(line_kind).collect();
        let first = |kind: bool| kinds.iter().position(|&k| k == Some(kind)).map(|i| i + 1);
        let parsed = text.parse::<Position>();
        match (first(true), first(false)) {
            (Some(compact_line), Some(spaced_line)) => {
                // The scan stops at the line completing the pair.
                prop_assert_eq!(
                    parsed,
                    Err(LayoutError::MixedRows { compact_line, spaced_line }),
                    "{}", text
                );
            }
            _ => match reader_view(&text) {
                Some(view) if !view.is_empty() => {
                    let position = parsed.unwrap();
                    prop_assert_eq!(library_view(&position), view, "{}", text);
                }
                // Odd offsets in a spaced layout: a triangle or refused;
                // nothing to compare with a square reading.
                _ => {}
            },
        }
    }

    /// Arbitrary text of pegs, holes, spaces and newlines: whatever is
    /// accepted prints back to text read as the same position, and a
    /// square board reads as a reader sees it.
    #[test]
    fn accepted_layouts_round_trip_and_read_as_seen(
        text in prop::collection::vec(prop::sample::select(vec!['o', '.', ' ', ' ', '\n']), 0..40)
    ) {
        let text: String = text.into_iter().collect();
        if let Ok(position) = text.parse::<Position>() {
            let shown = position.to_string();
            let again: Position = shown.parse().unwrap();
            prop_assert_eq!(&again, &position);
            prop_assert_eq!(again.to_string(), shown);
            if position.board().grid() == Grid::Square {
                prop_assert_eq!(library_view(&position), reader_view(&text).unwrap(), "{:?}", text);
            }
        }
    }
}
