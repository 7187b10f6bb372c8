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
        assert_eq!(
            Marks::from_solution(&solution).to_svg(),
            solution.to_svg(),
            "a full grid draws as its solution"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A grid of marks (any, right or wrong) draws the values it places.
    #[test]
    fn a_marks_picture_shows_its_table(cells in prop::collection::vec(0u8..6, 125)) {
        let puzzle = einstein();
        let items: Vec<_> = puzzle.items().collect();
        let mut marks = Marks::new(&puzzle);
        for (i, &m) in cells.iter().enumerate() {
            // Mostly no marks, so that some values are placed by them.
            let mark = [Mark::Unknown, Mark::Yes, Mark::No, Mark::No, Mark::No, Mark::No][usize::from(m)];
            marks.set(items[i / 5], puzzle.house(i % 5 + 1).unwrap(), mark);
        }
        let table = table_cells(&marks.table());
        let svg = svg_cells(&marks.to_svg(), &categories(&puzzle), 5);
        prop_assert_eq!(svg, table);
    }
}
