//! Pictures: the SVG of a square or a partial square is well-formed XML
//! (parsed with roxmltree) and shows what the text form shows: one framed
//! cell per cell, the same numbers in the same places, blanks empty.

use kongming_magic_square::{Enumeration, Kind, PartialSquare, Square, construct};
use proptest::prelude::*;

/// What the picture shows: the order (from the frames) and each cell's
/// number, read from the positions of the `text` elements; and the
/// cells drawn as blank.
fn read_picture(svg: &str) -> (usize, Vec<Option<u32>>, Vec<bool>) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let side: f64 = root.attribute("width").unwrap().parse().unwrap();
    assert_eq!(root.attribute("height"), root.attribute("width"));
    let frames: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "cell"))
        })
        .collect();
    let order = (frames.len() as f64).sqrt() as usize;
    assert_eq!(order * order, frames.len());
    let size: f64 = frames[0].attribute("width").unwrap().parse().unwrap();
    let margin = (side - order as f64 * size) / 2.0;
    let place = |x: f64, y: f64| {
        let col = ((x - margin) / size).floor() as usize;
        let row = ((y - margin) / size).floor() as usize;
        assert!(row < order && col < order, "({x}, {y}) outside the grid");
        row * order + col
    };
    let mut blank = vec![false; order * order];
    for frame in &frames {
        let x: f64 = frame.attribute("x").unwrap().parse().unwrap();
        let y: f64 = frame.attribute("y").unwrap().parse().unwrap();
        let c = place(x + size / 2.0, y + size / 2.0);
        blank[c] = frame.attribute("class").unwrap().contains("blank");
    }
    let mut cells = vec![None; order * order];
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let x: f64 = text.attribute("x").unwrap().parse().unwrap();
        let y: f64 = text.attribute("y").unwrap().parse().unwrap();
        let c = place(x, y);
        assert_eq!(cells[c], None, "two numbers in one cell");
        cells[c] = Some(text.text().unwrap().trim().parse().unwrap());
    }
    (order, cells, blank)
}

/// The picture of `grid` shows its text form's cells.
fn check(grid: &PartialSquare) {
    let from_text: PartialSquare = grid.to_string().parse().unwrap();
    let (order, cells, blank) = read_picture(&grid.to_svg());
    assert_eq!(order, from_text.order());
    assert_eq!(cells, from_text.cells());
    let blanks: Vec<bool> = from_text.cells().iter().map(Option::is_none).collect();
    assert_eq!(blank, blanks);
}

#[test]
fn squares_are_drawn_as_their_text_shows() {
    for square in Enumeration::new(3, Kind::MAGIC).unwrap().squares() {
        let (order, cells, blank) = read_picture(&square.to_svg());
        assert_eq!(order, 3);
        let from_text: Square = square.to_string().parse().unwrap();
        let numbers: Vec<u32> = cells.into_iter().map(Option::unwrap).collect();
        assert_eq!(numbers, from_text.cells());
        assert!(blank.iter().all(|b| !b));
    }
    for n in [1, 4, 5, 12] {
        check(&PartialSquare::from(&construct(n).unwrap()));
    }
}

#[test]
fn partial_squares_leave_blanks_empty() {
    check(&"16 . . 13\n. . 11 .\n. 6 . .\n4 . . .".parse().unwrap());
    check(&PartialSquare::empty(4).unwrap());
    let svg = PartialSquare::empty(2).unwrap().to_svg();
    assert!(!svg.contains("<text"));
}

proptest! {
    #[test]
    fn any_grid_is_drawn_as_its_text_shows(
        n in 1usize..=6,
        seed in prop::collection::vec(prop::option::of(1u32..=40), 36),
    ) {
        let cells = seed[..n * n].to_vec();
        check(&PartialSquare::from_cells(n, cells).unwrap());
    }
}
