//! The SVG pictures of the grid: well-formed XML (parsed with roxmltree)
//! showing the same values in the same cells as the text table.

use std::collections::BTreeMap;

use kongming_zebra_csp::{Mark, Marks, Puzzle, einstein};
use proptest::prelude::*;

/// (category, house number) → value, for every cell with a value.
type Cells = BTreeMap<(String, usize), String>;

/// The cells of a text table ([`Marks::table`], a solution's `Display`):
/// `?` is an empty cell.
fn table_cells(table: &str) -> Cells {
    let mut cells = Cells::new();
    let row = |line: &str| -> Vec<String> {
        line.trim()
            .trim_start_matches('|')
            .trim_end_matches('|')
            .split(" | ")
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let mut lines = table.lines();
    let header = row(lines.next().expect("a header"));
    for (i, house) in header.iter().enumerate().skip(1) {
        assert_eq!(house, &format!("house {i}"));
    }
    assert!(lines.next().expect("a rule").starts_with("|-"));
    for line in lines {
        let row = row(line);
        assert_eq!(row.len(), header.len(), "{line}");
        for (h, value) in row.iter().enumerate().skip(1) {
            if value != "?" {
                cells.insert((row[0].clone(), h), value.clone());
            }
        }
    }
    cells
}

/// The cells of an SVG picture: its `<text class="value">` elements, by
/// their `data-category` and `data-house`; also checks the categories'
/// and houses' labels.
fn svg_cells(svg: &str, categories: &[&str], houses: usize) -> Cells {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let texts = |class: &str| -> Vec<roxmltree::Node<'_, '_>> {
        root.descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
            .collect()
    };
    let labels: Vec<&str> = texts("category")
        .iter()
        .map(|n| n.text().unwrap())
        .collect();
    assert_eq!(labels, categories);
    let numbers: Vec<String> = texts("house")
        .iter()
        .map(|n| n.text().unwrap().to_string())
        .collect();
    assert_eq!(
        numbers,
        (1..=houses)
            .map(|h| format!("house {h}"))
            .collect::<Vec<_>>()
    );
    let mut cells = Cells::new();
    for node in texts("value") {
        let category = node
            .attribute("data-category")
            .expect("a category")
            .to_string();
        let house: usize = node
            .attribute("data-house")
            .expect("a house")
            .parse()
            .unwrap();
        assert!((1..=houses).contains(&house));
        let previous = cells.insert((category, house), node.text().unwrap().to_string());
        assert!(previous.is_none(), "one value per cell");
    }
    cells
}

fn categories(puzzle: &Puzzle) -> Vec<&str> {
    puzzle
        .categories()
        .map(|c| puzzle.category_name(c))
        .collect()
}

#[test]
fn a_solution_picture_shows_its_table() {
    let odd: Puzzle = "pet: <cat> d&g \"fox\"\ndrink: 'tea' milk> a&amp;\n<cat> at 1\n'tea' left-of d&g\nmilk> at 3\n"
        .parse()
        .unwrap();
    for puzzle in [einstein(), kongming_zebra_csp::life(), odd] {
        let solution = puzzle.solve().expect("a solution");
        let table = table_cells(&solution.to_string());
        assert_eq!(table.len(), puzzle.positions() * puzzle.num_categories());
        let svg = svg_cells(&solution.to_svg(), &categories(&puzzle), puzzle.positions());
        assert_eq!(svg, table);
        let full = Marks::from_solution(&solution);
        assert_eq!(
            svg_marks(&full.to_svg()),
            marks_of(&puzzle, &full),
            "a full grid draws every mark"
        );
    }
}

/// The marks of an SVG logic grid: its `<circle class="yes">` and
/// `<path class="no">` elements, as (category, value, house from 1, yes).
fn svg_marks(svg: &str) -> std::collections::BTreeSet<(String, String, usize, bool)> {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    let mut out = std::collections::BTreeSet::new();
    for node in document.root_element().descendants() {
        let yes = match (node.tag_name().name(), node.attribute("class")) {
            ("circle", Some("yes")) => true,
            ("path", Some("no")) => false,
            _ => continue,
        };
        let attribute = |name: &str| node.attribute(name).expect("a data attribute").to_string();
        let house: usize = attribute("data-house").parse().unwrap();
        let fresh = out.insert((
            attribute("data-category"),
            attribute("data-value"),
            house,
            yes,
        ));
        assert!(fresh, "one mark per cell");
    }
    out
}

/// The marks of a grid, as [`svg_marks`] reads them.
fn marks_of(
    puzzle: &Puzzle,
    marks: &Marks,
) -> std::collections::BTreeSet<(String, String, usize, bool)> {
    marks
        .marked()
        .map(|(item, house, mark)| {
            (
                puzzle.category_name(item.category()).to_string(),
                puzzle.value_name(item).to_string(),
                house.number(),
                mark == Mark::Yes,
            )
        })
        .collect()
}

#[test]
fn a_marks_picture_draws_crosses_and_circles() {
    let puzzle = einstein();
    let marks = Marks::parse(
        &puzzle,
        "Brit at 3\nBrit not-at 1\ntea not-at 5\ntea not-at 4\n",
    )
    .unwrap();
    let svg = marks.to_svg();
    let drawn = svg_marks(&svg);
    assert_eq!(drawn.iter().filter(|m| !m.3).count(), 3, "three crosses");
    assert_eq!(drawn.iter().filter(|m| m.3).count(), 1, "one circle");
    assert_eq!(drawn, marks_of(&puzzle, &marks));
    assert!(drawn.contains(&("nationality".into(), "Brit".into(), 1, false)));
    assert_eq!(svg_marks(&Marks::new(&puzzle).to_svg()).len(), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A grid of marks (any, right or wrong) draws every mark.
    #[test]
    fn a_marks_picture_shows_every_mark(cells in prop::collection::vec(0u8..6, 125)) {
        let puzzle = einstein();
        let items: Vec<_> = puzzle.items().collect();
        let mut marks = Marks::new(&puzzle);
        for (i, &m) in cells.iter().enumerate() {
            // Mostly no marks, so that some values are placed by them.
            let mark = [Mark::Unknown, Mark::Yes, Mark::No, Mark::No, Mark::No, Mark::No][usize::from(m)];
            marks.set(items[i / 5], puzzle.house(i % 5 + 1).unwrap(), mark);
        }
        prop_assert_eq!(svg_marks(&marks.to_svg()), marks_of(&puzzle, &marks));
        let table = table_cells(&marks.table());
        prop_assert!(table.len() <= puzzle.items().filter(|&i| marks.placed(i).is_some()).count());
    }
}
