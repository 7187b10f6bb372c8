//! `Square::check` against naive line sums, on squares that are magic,
//! nearly magic or not at all.
//!
//! The input starts from a real square (one `construct` or
//! `construct_pandiagonal` builds, turned by a symmetry, complemented,
//! its rows and columns permuted) or a shuffle of `1..=n²`, then may
//! spoil it (two cells swapped, a value changed, possibly to 0 or a huge
//! number). For every kind, `check` and `is` must agree with the naive
//! verdict, the eight symmetries must keep it, and the Frénicle standard
//! form must be one of them.
#![no_main]

#[path = "../common/magic_oracle.rs"]
mod magic_oracle;

use arbitrary::{Result, Unstructured};
use kongming_magic_square::{Kind, Square, construct, construct_pandiagonal};
use libfuzzer_sys::fuzz_target;
use magic_oracle::{naive_is, symmetries};

fn grid(u: &mut Unstructured<'_>) -> Result<(usize, Vec<u32>)> {
    let n = if u.ratio(1, 32)? {
        u.int_in_range(8..=16)?
    } else {
        u.int_in_range(1..=7)?
    };
    let base = match u.int_in_range(0..=3)? {
        0 => construct(n).ok(),
        1 => construct_pandiagonal(n).ok(),
        _ => None,
    };
    let mut cells: Vec<u32> = match base {
        Some(ref square) => square.cells().to_vec(),
        None => (1..=(n * n) as u32).collect(),
    };
    if base.is_none() {
        for i in (1..cells.len()).rev() {
            cells.swap(i, u.int_in_range(0..=i)?);
        }
    }
    let turned = symmetries(n, &cells);
    cells = turned[u.choose_index(8)?].clone();
    if u.ratio(1, 4)? {
        let top = (n * n) as u32 + 1;
        cells.iter_mut().for_each(|v| *v = top - *v);
    }
    if u.ratio(1, 4)? {
        // Swapping two rows and two columns keeps rows and columns.
        let (a, b) = (u.choose_index(n)?, u.choose_index(n)?);
        for c in 0..n {
            cells.swap(a * n + c, b * n + c);
        }
        let (a, b) = (u.choose_index(n)?, u.choose_index(n)?);
        for r in 0..n {
            cells.swap(r * n + a, r * n + b);
        }
    }
    match u.int_in_range(0..=7)? {
        0 => {
            let (a, b) = (u.choose_index(n * n)?, u.choose_index(n * n)?);
            cells.swap(a, b);
        }
        1 => {
            let at = u.choose_index(n * n)?;
            cells[at] = *u.choose(&[0, 1, (n * n) as u32, (n * n + 1) as u32, u32::MAX])?;
        }
        _ => {}
    }
    Ok((n, cells))
}

fuzz_target!(|data: &[u8]| {
    let Ok((n, cells)) = grid(&mut Unstructured::new(data)) else {
        return;
    };
    let square = Square::from_cells(n, cells.clone()).expect("n² cells");
    assert!(Square::from_cells(n + 1, cells.clone()).is_none());
    let turned = symmetries(n, &cells);
    for kind in Kind::ALL {
        let expected = naive_is(n, &cells, kind);
        assert_eq!(
            square.check(kind).is_ok(),
            expected,
            "{kind}:\n{square}\n{:?}",
            square.check(kind)
        );
        assert_eq!(square.is(kind), expected);
        for t in &turned {
            assert_eq!(naive_is(n, t, kind), expected, "the model's symmetry");
        }
        for s in square.symmetries() {
            assert!(turned.contains(&s.cells().to_vec()));
            assert_eq!(s.is(kind), expected);
        }
    }
    let standard = square.frenicle();
    assert!(standard.is_frenicle());
    assert!(turned.contains(&standard.cells().to_vec()));
    assert_eq!(standard.frenicle(), standard);
    // The text form round-trips.
    assert_eq!(square.to_string().parse::<Square>(), Ok(square));
});
