//! ASCII art and SVG.

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
