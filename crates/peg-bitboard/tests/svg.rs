//! Pictures: every SVG is well-formed XML (parsed with roxmltree) and
//! shows what the ASCII layout shows. The test reads each board's holes,
//! pegs, marks, arrow and labels back from their coordinates (by the
//! geometry `Svg` documents) and compares them with the layout text, read
//! and replayed by the independent oracle of `tests/oracle`.

mod oracle;

use std::collections::{BTreeMap, BTreeSet};

use kongming_peg_bitboard::{Board, IllegalJump, Position, Solution, Solver, Svg};
use oracle::Text;
use proptest::prelude::*;

/// A place in the layout text: (line, character column).
type Place = (i64, i64);

/// What one board of a picture shows, read back from its elements.
#[derive(Debug, Default)]
struct Drawn {
    /// The group's translation.
    at: (f64, f64),
    /// Every hole, with its `data-cell` name.
    holes: BTreeMap<Place, String>,
    pegs: BTreeSet<Place>,
    /// The jump's marks by their second class (`from`, `over`, `to`).
    marks: BTreeMap<String, Place>,
    arrows: Vec<(Place, Place)>,
    labels: BTreeMap<Place, String>,
    caption: Option<String>,
    /// The extent of the circles, the background and the caption's line,
    /// in the document's coordinates.
    extent: (f64, f64, f64, f64),
}

/// The documented geometry: `cx = pad + (x + 1)·cell/2`,
/// `cy = pad + top + cell/2 + row·rise`.
struct Geometry {
    cell: f64,
    rise: f64,
    top: f64,
}

impl Geometry {
    fn new(cell: u32, triangular: bool, strip: bool) -> Geometry {
        let cell = f64::from(cell);
        Geometry {
            cell,
            rise: if triangular {
                cell * 3f64.sqrt() / 2.0
            } else {
                cell
            },
            top: if strip { 0.6 * cell } else { 0.0 },
        }
    }

    /// The layout place drawn at `(cx, cy)` (inside a board's group);
    /// panics unless it is a place's centre.
    fn place(&self, cx: f64, cy: f64) -> Place {
        let pad = self.cell / 4.0;
        let x = (cx - pad) * 2.0 / self.cell - 1.0;
        let row = (cy - pad - self.top - self.cell / 2.0) / self.rise;
        assert!(
            (x - x.round()).abs() < 0.01 && (row - row.round()).abs() < 0.01,
            "({cx}, {cy}) is not the centre of a hole"
        );
        (row.round() as i64, x.round() as i64)
    }
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    let text = node
        .attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"));
    text.parse()
        .unwrap_or_else(|_| panic!("{name}={text:?} is no number"))
}

/// Every board of the picture, in document order; checks the document
/// is well-formed and every circle lies inside it.
fn read(svg: &str, geometry: &Geometry) -> Vec<Drawn> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (width, height) = (number(root, "width"), number(root, "height"));
    let viewbox = format!(
        "0 0 {} {}",
        root.attribute("width").unwrap(),
        root.attribute("height").unwrap()
    );
    assert_eq!(root.attribute("viewBox"), Some(viewbox.as_str()));
    let mut boards = Vec::new();
    for group in root
        .children()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("board"))
    {
        let transform = group.attribute("transform").expect("a translation");
        let inner = transform
            .strip_prefix("translate(")
            .and_then(|t| t.strip_suffix(')'))
            .expect("translate(X Y)");
        let (x, y) = inner.split_once(' ').expect("two numbers");
        let at: (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
        let mut drawn = Drawn {
            at,
            extent: (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
            ..Drawn::default()
        };
        for node in group.children().filter(roxmltree::Node::is_element) {
            let class = node.attribute("class").unwrap_or_default();
            match (node.tag_name().name(), class) {
                ("circle", _) => {
                    let (cx, cy, r) = (number(node, "cx"), number(node, "cy"), number(node, "r"));
                    let (gx, gy) = (at.0 + cx, at.1 + cy);
                    assert!(
                        gx - r >= 0.0 && gy - r >= 0.0 && gx + r <= width && gy + r <= height,
                        "a circle outside the picture"
                    );
                    let e = &mut drawn.extent;
                    *e = (
                        e.0.min(gx - r),
                        e.1.min(gy - r),
                        e.2.max(gx + r),
                        e.3.max(gy + r),
                    );
                    let place = geometry.place(cx, cy);
                    let name = node.attribute("data-cell").unwrap_or_default().to_owned();
                    match class {
                        "hole" => assert!(
                            drawn.holes.insert(place, name).is_none(),
                            "two holes at {place:?}"
                        ),
                        "peg" => {
                            assert!(drawn.pegs.insert(place), "two pegs at {place:?}");
                            assert_eq!(drawn.holes.get(&place), Some(&name), "a peg with no hole");
                        }
                        _ => {
                            let kind = class.strip_prefix("mark ").expect("a mark");
                            assert!(drawn.marks.insert(kind.to_owned(), place).is_none());
                        }
                    }
                }
                ("line", "arrow") => {
                    let from = geometry.place(number(node, "x1"), number(node, "y1"));
                    let to = geometry.place(number(node, "x2"), number(node, "y2"));
                    drawn.arrows.push((from, to));
                }
                ("text", "label") => {
                    let place = geometry.place(number(node, "x"), number(node, "y"));
                    drawn.labels.insert(place, node.text().unwrap().to_owned());
                }
                ("text", "caption") => {
                    // The caption's line, from its top (one font size above
                    // the baseline) down to the baseline.
                    let (x, y) = (at.0 + number(node, "x"), at.1 + number(node, "y"));
                    let top = y - number(node, "font-size");
                    assert!(
                        top >= 0.0 && x <= width && y <= height,
                        "a caption outside the picture"
                    );
                    let e = &mut drawn.extent;
                    *e = (e.0.min(x), e.1.min(top), e.2.max(x), e.3.max(y));
                    drawn.caption = Some(node.text().unwrap().to_owned());
                }
                ("rect", "background") => {
                    let (x, y) = (at.0 + number(node, "x"), at.1 + number(node, "y"));
                    let (w, h) = (number(node, "width"), number(node, "height"));
                    assert!(
                        x >= 0.0 && y >= 0.0 && x + w <= width && y + h <= height,
                        "a board outside the picture"
                    );
                    let e = &mut drawn.extent;
                    *e = (e.0.min(x), e.1.min(y), e.2.max(x + w), e.3.max(y + h));
                }
                other => panic!("unexpected element {other:?}"),
            }
        }
        boards.push(drawn);
    }
    boards
}

/// The name of a layout place: the column letter (two characters a
/// column) and the row number.
fn name_of((row, x): Place) -> String {
    format!("{}{}", char::from(b'a' + (x / 2) as u8), row + 1)
}

/// The board shows the layout text's holes (named as the notation names
/// them) and its pegs.
fn assert_shows(drawn: &Drawn, text: &Text) {
    let holes: BTreeSet<Place> = text.holes.keys().copied().collect();
    assert_eq!(drawn.holes.keys().copied().collect::<BTreeSet<_>>(), holes);
    let pegs: BTreeSet<Place> = text
        .holes
        .iter()
        .filter(|&(_, &p)| p)
        .map(|(&k, _)| k)
        .collect();
    assert_eq!(drawn.pegs, pegs);
    for (&place, name) in &drawn.holes {
        assert_eq!(*name, name_of(place));
    }
}

fn assert_position(position: &Position, cell: u32, labels: bool) {
    let text = Text::read(&position.to_string());
    let svg = Svg::new().cell_size(cell).labels(labels).position(position);
    let boards = read(&svg, &Geometry::new(cell, text.triangular, false));
    assert_eq!(boards.len(), 1);
    assert_shows(&boards[0], &text);
    assert!(boards[0].marks.is_empty() && boards[0].arrows.is_empty());
    if labels {
        let names: BTreeMap<Place, String> = text.holes.keys().map(|&p| (p, name_of(p))).collect();
        assert_eq!(boards[0].labels, names);
    } else {
        assert!(boards[0].labels.is_empty());
    }
}

/// The jump's three holes, found in the layout text by their names.
fn jump_places(text: &Text, jump: kongming_peg_bitboard::Jump) -> [Place; 3] {
    let from = text.find(&jump.from().name()).unwrap();
    let to = text.find(&jump.to().name()).unwrap();
    let over = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
    [from, over, to]
}

fn assert_marks(drawn: &Drawn, [from, over, to]: [Place; 3]) {
    let expected: BTreeMap<String, Place> = [("from", from), ("over", over), ("to", to)]
        .map(|(k, p)| (k.to_owned(), p))
        .into();
    assert_eq!(drawn.marks, expected);
    assert_eq!(drawn.arrows, [(from, to)]);
}

fn assert_jump(position: &Position, jump: kongming_peg_bitboard::Jump, cell: u32) {
    let text = Text::read(&position.to_string());
    let svg = Svg::new().cell_size(cell).jump(position, jump).unwrap();
    let boards = read(&svg, &Geometry::new(cell, text.triangular, false));
    assert_eq!(boards.len(), 1);
    assert_shows(&boards[0], &text);
    let places = jump_places(&text, jump);
    assert_eq!(
        places.map(|p| text.holes[&p]),
        [true, true, false],
        "the jump is legal in the text"
    );
    assert_marks(&boards[0], places);
}

/// The strip shows the start and then each jump's position, replayed on
/// the layout text; boards run `per_row` a row and do not overlap.
fn assert_strip(solution: &Solution, cell: u32, per_row: usize) {
    let mut text = Text::read(&solution.start().to_string());
    let svg = Svg::new()
        .cell_size(cell)
        .per_row(per_row)
        .solution(solution);
    let boards = read(&svg, &Geometry::new(cell, text.triangular, true));
    assert_eq!(boards.len(), solution.jumps().len() + 1);
    assert_eq!(boards[0].caption.as_deref(), Some("start"));
    assert_shows(&boards[0], &text);
    assert!(boards[0].marks.is_empty());
    for (k, (&jump, drawn)) in solution.jumps().iter().zip(&boards[1..]).enumerate() {
        let places = jump_places(&text, jump);
        text.play(&jump.name()).unwrap();
        assert_eq!(drawn.caption, Some(format!("{}. {}", k + 1, jump.name())));
        assert_shows(drawn, &text);
        assert_marks(drawn, places);
    }
    assert_shows(
        boards.last().unwrap(),
        &Text::read(&solution.end().to_string()),
    );
    let per_row = per_row.max(1);
    for (i, drawn) in boards.iter().enumerate() {
        let (row, column) = (i / per_row, i % per_row);
        assert_eq!(
            drawn.at.1,
            boards[row * per_row].at.1,
            "board {i} off its row"
        );
        assert_eq!(drawn.at.0, boards[column].at.0, "board {i} off its column");
        if column > 0 {
            assert!(
                drawn.extent.0 > boards[i - 1].extent.2,
                "board {i} overlaps its left neighbour"
            );
        }
        if row > 0 {
            assert!(
                drawn.extent.1 > boards[i - per_row].extent.3,
                "board {i} overlaps the board above"
            );
        }
    }
}

fn builtin_boards() -> Vec<Board> {
    let mut boards = vec![
        Board::english(),
        Board::european(),
        Board::diamond(),
        Board::wiegleb(),
    ];
    boards.extend((1..=10).map(|rows| Board::triangular(rows).unwrap()));
    boards
}

#[test]
fn builtin_starts_are_drawn_as_their_layout_shows() {
    for board in builtin_boards() {
        for empty in [0, board.len() / 2, board.len() - 1] {
            let start = board.start(board.cell_at(empty).unwrap()).unwrap();
            assert_position(&start, 32, false);
            assert_position(&start, 13, true);
            assert_position(&start.complement(), 40, true);
        }
    }
}

#[test]
fn triangles_are_drawn_with_rows_offset_by_half_a_hole() {
    let svg = Board::triangular(3)
        .unwrap()
        .start(Board::triangular(3).unwrap().cell("b1").unwrap())
        .unwrap()
        .to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let holes: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .map(|n| (number(n, "cx"), number(n, "cy")))
        .collect();
    // Reading order b1, a2, b2, a3, b3, c3: each hole is 32 pixels from its
    // neighbours in its row and in the rows above and below.
    let distance = |a: usize, b: usize| {
        ((holes[a].0 - holes[b].0).powi(2) + (holes[a].1 - holes[b].1).powi(2)).sqrt()
    };
    for (a, b) in [
        (0, 1),
        (0, 2),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 4),
        (2, 5),
        (3, 4),
        (4, 5),
    ] {
        assert!(
            (distance(a, b) - 32.0).abs() < 0.02,
            "holes {a} and {b} are {} apart",
            distance(a, b)
        );
    }
    assert_eq!(holes[0].0, (holes[1].0 + holes[2].0) / 2.0);
}

#[test]
fn every_legal_jump_of_a_start_is_marked_on_its_three_holes() {
    for board in [
        Board::english(),
        Board::european(),
        Board::triangular(5).unwrap(),
        Board::diamond(),
    ] {
        let start = board
            .start(board.cell_at(board.len() / 2).unwrap())
            .unwrap();
        let legal = start.legal_jumps();
        assert!(!legal.is_empty());
        for jump in legal {
            assert_jump(&start, jump, 32);
            assert_eq!(start.jump_to_svg(jump), Svg::new().jump(&start, jump));
        }
    }
}

#[test]
fn jumps_that_cannot_be_played_are_refused() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let jump = |name: &str| board.parse_jump(name).unwrap();
    assert_eq!(start.jump_to_svg(jump("d3-d1")), Err(IllegalJump::Occupied));
    let after = start.play(jump("d2-d4")).unwrap();
    assert_eq!(after.jump_to_svg(jump("d2-d4")), Err(IllegalJump::NoPeg));
    assert_eq!(
        after.jump_to_svg(jump("d1-d3")),
        Err(IllegalJump::NothingToJump)
    );
    let foreign = Board::triangular(5).unwrap().jumps()[0];
    assert_eq!(start.jump_to_svg(foreign), Err(IllegalJump::NotOnBoard));
}

#[test]
fn solution_strips_show_each_step() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let solution = Solver::new(&start)
        .solve()
        .unwrap()
        .solution()
        .cloned()
        .unwrap();
    assert_eq!(solution.end().peg_count(), 1);
    for per_row in [0, 1, 6, 7, 40] {
        assert_strip(&solution, 24, per_row);
    }
    assert_eq!(solution.to_svg(), Svg::new().solution(&solution));
    let triangle = Board::triangular(5).unwrap();
    let start = triangle.start(triangle.cell("c1").unwrap()).unwrap();
    let solution = Solver::new(&start)
        .solve()
        .unwrap()
        .solution()
        .cloned()
        .unwrap();
    assert_strip(&solution, 32, 5);
}

#[test]
fn a_game_of_no_jumps_is_one_board() {
    let start: Position = "o o .".parse().unwrap();
    let game = Solution::new(&start, Vec::new()).unwrap();
    assert_strip(&game, 32, 6);
}

/// A random layout of up to 24 holes in rows of up to 4, square or
/// triangular (odd rows offset by one character).
fn layout() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(0u8..3, 1..=24)).prop_map(|(triangular, cells)| {
        let mut lines = Vec::new();
        for (row, chunk) in cells.chunks(4).enumerate() {
            let mut line = String::new();
            if triangular && row % 2 == 1 {
                line.push(' ');
            }
            for &cell in chunk {
                line.push([' ', 'o', '.'][usize::from(cell)]);
                line.push(' ');
            }
            lines.push(line);
        }
        lines.join("\n")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_positions_are_drawn_as_their_layout_shows(text in layout(), cell in 0u32..300, labels in any::<bool>()) {
        let Ok(position) = text.parse::<Position>() else {
            return Ok(()); // no hole, or a layout the reader refuses
        };
        assert_position(&position, cell.clamp(8, 256), labels);
    }

    #[test]
    fn random_pegs_on_builtin_boards_are_drawn(board in 0usize..14, pegs in any::<u64>(), cell in 8u32..64) {
        let board = &builtin_boards()[board];
        let position = board.position(pegs & board.holes()).unwrap();
        assert_position(&position, cell, cell % 2 == 0);
    }

    #[test]
    fn random_games_are_drawn_step_by_step(
        board in 0usize..4,
        empty in any::<prop::sample::Index>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..20),
        cell in 8u32..48,
        per_row in 0usize..8,
    ) {
        let board = [Board::english(), Board::european(), Board::triangular(5).unwrap(), Board::triangular(7).unwrap()][board].clone();
        let start = board.start(board.cell_at(empty.index(board.len())).unwrap()).unwrap();
        let mut position = start.clone();
        let mut jumps = Vec::new();
        for choice in choices {
            let legal = position.legal_jumps();
            if legal.is_empty() {
                break;
            }
            let jump = *choice.get(&legal);
            assert_jump(&position, jump, cell);
            position = position.play(jump).unwrap();
            jumps.push(jump);
        }
        assert_strip(&Solution::new(&start, jumps).unwrap(), cell, per_row);
    }
}
