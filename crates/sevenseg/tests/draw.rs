//! ASCII art and SVG; the SVG read back with an XML parser.

mod common;

use kongming_sevenseg::{Change, Equation, Solver, Style, draw};

#[test]
fn every_glyph_is_drawn() {
    use kongming_sevenseg::{Glyph, Orientation};
    let style = Style::default();
    for d in 0..10u8 {
        let eq: Equation = format!("{d}={d}").parse().unwrap();
        let art = draw::ascii(&eq, &style);
        let cells: usize = art
            .lines()
            .map(|l| l.chars().take(4).filter(|c| *c != ' ').count())
            .sum();
        let segments = style.segments(Glyph::digit(d).unwrap());
        let expected: usize = segments
            .iter()
            .map(|s| match s.orientation() {
                Some(Orientation::Horizontal) => 2,
                _ => 1,
            })
            .sum();
        assert_eq!(cells, expected, "digit {d}:\n{art}");
    }
    let ops: Equation = "1+1-1*1/1=1".parse().unwrap();
    let art = draw::ascii(&ops, &style);
    assert!(art.contains("-+-") && art.contains('X') && art.contains("---"));
}

#[test]
fn art_of_six_plus_four() {
    let eq: Equation = "6+4=4".parse().unwrap();
    let want = [
        " --",
        "|     |  |  | --- |  |",
        " --  -+-  --       --",
        "|  |  |     | ---    |",
        " --",
    ];
    let art = draw::ascii(&eq, &Style::default());
    assert_eq!(art.lines().collect::<Vec<_>>(), want);
}

#[test]
fn moved_sticks_are_marked() {
    let eq: Equation = "6+4=4".parse().unwrap();
    let fixes = Solver::new(Change::Move(1))
        .solve(&eq)
        .unwrap()
        .into_fixes();
    let zero = fixes.iter().find(|f| f.to_string() == "0+4=4").unwrap();
    let art = draw::ascii_fix(&eq, zero, &Style::default());
    let lines: Vec<&str> = art.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(
        lines[2].starts_with(" ##"),
        "the middle stick leaves: {art}"
    );
    assert!(lines[2].contains("->"));
    assert_eq!(
        art.matches('#').count(),
        3,
        "two cells for the bar, one for the upright"
    );
    let svg = draw::svg_fix(&eq, zero, &Style::default());
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"stick moved\"").count(), 2);
    // 18 sticks before and after.
    assert_eq!(svg.matches("<line").count(), 36);
}

#[test]
fn marking_an_empty_slot_draws_it() {
    use kongming_sevenseg::{Segments, Stick};
    let eq: Equation = "1=1".parse().unwrap();
    let ghost = Stick {
        position: 0,
        segment: Segments::TOP,
    };
    let art = draw::ascii_marked(&eq, &Style::default(), &[ghost]);
    assert!(art.lines().next().unwrap().starts_with(" ##"));
    let svg = draw::svg(&eq, &Style::default(), &[ghost]);
    assert_eq!(svg.matches("stick gone").count(), 1);
}

/// The sticks of each glyph of an SVG drawing, read from its geometry:
/// each `g` of class `glyph` in order, its lines in its own coordinates
/// named by the oracle's stick letters (a–g for digits, h–l for
/// operators), and the index of the group of class `hinted`.
fn svg_glyphs(svg: &str, text: &str) -> (Vec<String>, Vec<usize>) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let groups: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("g"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "glyph"))
        })
        .collect();
    let mut hinted = Vec::new();
    let mut glyphs = Vec::new();
    for (i, (g, c)) in groups.iter().zip(text.chars()).enumerate() {
        if g.attribute("class")
            .unwrap()
            .split(' ')
            .any(|w| w == "hinted")
        {
            hinted.push(i);
            assert!(
                g.children()
                    .any(|n| n.has_tag_name("rect") && n.attribute("class") == Some("hint")),
                "the hinted glyph has its highlight"
            );
        }
        let mut letters: Vec<char> = g
            .children()
            .filter(|n| n.has_tag_name("line"))
            .map(|line| {
                let at = |a: &str| line.attribute(a).unwrap().parse::<f64>().unwrap();
                let (x1, y1, x2, y2) = (at("x1"), at("y1"), at("x2"), at("y2"));
                let horizontal = y1 == y2;
                let vertical = x1 == x2;
                if c.is_ascii_digit() {
                    match (horizontal, vertical) {
                        (true, _) if y1 < 20.0 => 'a',
                        (true, _) if y1 < 60.0 => 'g',
                        (true, _) => 'd',
                        (_, true) => {
                            let upper = y1.max(y2) <= 45.0;
                            match (x1 < 20.0, upper) {
                                (true, true) => 'f',
                                (true, false) => 'e',
                                (false, true) => 'b',
                                (false, false) => 'c',
                            }
                        }
                        _ => panic!("a slanted stick in a digit"),
                    }
                } else {
                    match (horizontal, vertical) {
                        (true, _) if y1 > 45.0 => 'j',
                        (true, _) => 'h',
                        (_, true) => 'i',
                        // Rising: y falls as x grows.
                        _ if (x2 - x1) * (y2 - y1) < 0.0 => 'k',
                        _ => 'l',
                    }
                }
            })
            .collect();
        letters.sort_unstable();
        glyphs.push(letters.into_iter().collect());
    }
    assert_eq!(groups.len(), text.chars().count(), "one group per glyph");
    (glyphs, hinted)
}

/// The sticks of each glyph of ASCII art (five rows, digits four columns
/// wide, operators three, a blank column between), and the glyph under
/// a sixth row of `^` if there is one.
fn ascii_glyphs(art: &str, text: &str) -> (Vec<String>, Option<usize>) {
    let rows: Vec<Vec<char>> = art.lines().map(|l| l.chars().collect()).collect();
    let cell = |r: usize, c: usize| {
        rows.get(r)
            .and_then(|row| row.get(c))
            .copied()
            .unwrap_or(' ')
    };
    let mut glyphs = Vec::new();
    let mut hinted = None;
    let mut x = 0;
    for (i, c) in text.chars().enumerate() {
        let mut letters = Vec::new();
        let width = if c.is_ascii_digit() {
            for (letter, r, col) in [
                ('a', 0, 1),
                ('b', 1, 3),
                ('c', 3, 3),
                ('d', 4, 1),
                ('e', 3, 0),
                ('f', 1, 0),
                ('g', 2, 1),
            ] {
                if cell(r, x + col) != ' ' {
                    letters.push(letter);
                }
            }
            4
        } else {
            let dash = |r: usize| cell(r, x) == '-';
            if dash(2) || (dash(1) && dash(3)) {
                letters.push('h');
            }
            if dash(1) && dash(3) {
                letters.push('j');
            }
            if matches!(cell(1, x + 1), '|' | '+') && matches!(cell(3, x + 1), '|' | '+') {
                letters.push('i');
            }
            if cell(3, x) == '/' {
                letters.push('k');
            }
            if cell(1, x) == '\\' {
                letters.push('l');
            }
            3
        };
        if rows.len() > 5 && (x..x + width).all(|col| cell(5, col) == '^') {
            assert!(hinted.is_none(), "one glyph is hinted");
            hinted = Some(i);
        }
        letters.sort_unstable();
        glyphs.push(letters.into_iter().collect());
        x += width + 1;
    }
    (glyphs, hinted)
}

/// A hint's SVG parses, shows the sticks the ASCII shows (and the oracle's
/// stick table gives), and highlights the glyph the ASCII marks.
#[test]
fn svg_of_a_hint_shows_the_ascii_glyphs() {
    use common::{OracleStyle, ascii};
    use kongming_sevenseg::Generator;
    let style = Style::default();
    let oracle = OracleStyle::default();
    let mut hints = Vec::new();
    for text in [
        "6+4=4",
        "5+7=2",
        "6-2=7",
        "9+5=9",
        "8+3-4=0",
        "12*3=36/1",
        "3+3=5",
    ] {
        let eq: Equation = text.parse().unwrap();
        if let Some(hint) = Solver::new(Change::Move(1)).solve(&eq).unwrap().clue() {
            hints.push(hint);
        }
    }
    // Products written with ×, and spaced.
    let times = Generator::new(Change::Move(1))
        .unwrap()
        .operators(&[kongming_sevenseg::Op::Times]);
    for p in times.generate_batch(2, 6).puzzles() {
        let eq: Equation = p.to_string().replace('*', " × ").parse().unwrap();
        hints.push(
            Solver::new(Change::Move(1))
                .solve(&eq)
                .unwrap()
                .clue()
                .unwrap(),
        );
    }
    for change in [
        Change::Move(1),
        Change::Move(2),
        Change::Remove(1),
        Change::Add(1),
    ] {
        let puzzles = Generator::new(change)
            .unwrap()
            .generate_batch(4, 10)
            .into_puzzles();
        hints.extend(puzzles.iter().map(|p| p.clue()));
    }
    assert!(hints.len() > 40);
    for hint in &hints {
        let text = ascii(&hint.equation().to_string());
        let svg = draw::svg_clue(hint, &style);
        let (drawn, hinted) = svg_glyphs(&svg, &text);
        let (art, marked) = ascii_glyphs(&draw::ascii_clue(hint, &style), &text);
        let table: Vec<String> = text
            .chars()
            .map(|c| {
                let mut s: Vec<char> = oracle.sticks(c).chars().collect();
                s.sort_unstable();
                s.into_iter().collect()
            })
            .collect();
        assert_eq!(drawn, art, "{text}: SVG and ASCII");
        assert_eq!(art, table, "{text}: ASCII and the stick table");
        assert_eq!(hinted, [hint.position()], "{text}: {hint}");
        assert_eq!(marked, Some(hint.position()), "{text}: {hint}");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some(hint.to_string().as_str()));
    }
    // The plain drawings parse too, and show no highlight.
    let eq: Equation = "6+4=4".parse().unwrap();
    let fix = &Solver::new(Change::Move(1))
        .solve(&eq)
        .unwrap()
        .into_fixes()[0];
    for svg in [draw::svg(&eq, &style, &[]), draw::svg_fix(&eq, fix, &style)] {
        roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert!(!svg.contains("hinted"));
    }
    let (drawn, hinted) = svg_glyphs(&draw::svg(&eq, &style, &[]), "6+4=4");
    let (art, marked) = ascii_glyphs(&draw::ascii(&eq, &style), "6+4=4");
    assert_eq!((drawn, hinted), (art, Vec::new()));
    assert_eq!(marked, None);
}
