//! An independent model of magic squares for the magic-square targets:
//! the line sums written out naively, the eight symmetries of the square,
//! and every square of order 1 to 3 by brute force over permutations.

#![allow(dead_code)]

use std::sync::OnceLock;

use kongming_magic_square::Kind;

/// Whether `cells` (row by row, order `n`) hold `1..=n²` once each and
/// every line `kind` asks for adds up to `n(n² + 1)/2`, with cells
/// symmetric through the centre adding up to `n² + 1` when associative.
pub fn naive_is(n: usize, cells: &[u32], kind: Kind) -> bool {
    assert_eq!(cells.len(), n * n);
    let mut sorted: Vec<u64> = cells.iter().map(|&v| u64::from(v)).collect();
    sorted.sort_unstable();
    if sorted.iter().enumerate().any(|(i, &v)| v != i as u64 + 1) {
        return false;
    }
    let n64 = n as u64;
    let magic = n64 * (n64 * n64 + 1) / 2;
    let at = |r: usize, c: usize| u64::from(cells[r * n + c]);
    let rows = (0..n).all(|r| (0..n).map(|c| at(r, c)).sum::<u64>() == magic);
    let columns = (0..n).all(|c| (0..n).map(|r| at(r, c)).sum::<u64>() == magic);
    let diagonals = (0..n).map(|i| at(i, i)).sum::<u64>() == magic
        && (0..n).map(|i| at(i, n - 1 - i)).sum::<u64>() == magic;
    let broken = (0..n).all(|k| {
        (0..n).map(|i| at(i, (i + k) % n)).sum::<u64>() == magic
            && (0..n).map(|i| at(i, (k + n * n - i) % n)).sum::<u64>() == magic
    });
    let pairs =
        (0..n).all(|r| (0..n).all(|c| at(r, c) + at(n - 1 - r, n - 1 - c) == n64 * n64 + 1));
    let wants_diagonals = kind.has_diagonals() || kind.is_pandiagonal() || kind.is_associative();
    rows && columns
        && (!wants_diagonals || diagonals)
        && (!kind.is_pandiagonal() || broken)
        && (!kind.is_associative() || pairs)
}

/// Where a map of the square of side `n` sends the cell `(row, column)`.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The eight symmetries of the square applied to `cells`.
pub fn symmetries(n: usize, cells: &[u32]) -> Vec<Vec<u32>> {
    let maps: [CellMap; 8] = [
        |r, c, _| (r, c),
        |r, c, n| (c, n - 1 - r),
        |r, c, n| (n - 1 - r, n - 1 - c),
        |r, c, n| (n - 1 - c, r),
        |r, c, n| (r, n - 1 - c),
        |r, c, n| (n - 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n - 1 - c, n - 1 - r),
    ];
    maps.iter()
        .map(|m| {
            let mut out = vec![0; n * n];
            for r in 0..n {
                for c in 0..n {
                    let (r2, c2) = m(r, c, n);
                    out[r2 * n + c2] = cells[r * n + c];
                }
            }
            out
        })
        .collect()
}

/// Every semi-magic square of order `n` (1 to 3), by brute force over the
/// permutations of `1..=n²`.
pub fn small_squares(n: usize) -> &'static [Vec<u32>] {
    static TABLES: OnceLock<[Vec<Vec<u32>>; 4]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut tables: [Vec<Vec<u32>>; 4] = Default::default();
        for (order, table) in tables.iter_mut().enumerate().skip(1) {
            let mut cells: Vec<u32> = (1..=(order * order) as u32).collect();
            permute(&mut cells, 0, &mut |p| {
                if naive_is(order, p, Kind::SEMI_MAGIC) {
                    table.push(p.to_vec());
                }
            });
        }
        tables
    });
    &tables[n]
}

fn permute(cells: &mut Vec<u32>, at: usize, visit: &mut impl FnMut(&[u32])) {
    if at == cells.len() {
        visit(cells);
        return;
    }
    for i in at..cells.len() {
        cells.swap(at, i);
        permute(cells, at + 1, visit);
        cells.swap(at, i);
    }
}
