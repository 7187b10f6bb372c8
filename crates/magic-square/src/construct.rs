//! Direct constructions: one square of any order, in time linear in n².

use std::fmt;

use crate::{MAX_ORDER, Square};

/// Why [`construct`] or [`construct_pandiagonal`] cannot build a square.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{ConstructError, construct, construct_pandiagonal};
///
/// assert_eq!(construct(2).unwrap_err(), ConstructError::NoneExists { order: 2 });
/// assert_eq!(construct_pandiagonal(6).unwrap_err(), ConstructError::NoneExists { order: 6 });
/// assert_eq!(construct(70_000).unwrap_err(), ConstructError::TooLarge { order: 70_000 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConstructError {
    /// No square of this order and kind exists.
    NoneExists {
        /// The order.
        order: usize,
    },
    /// `n²` does not fit in a `u32` (orders above 65,535).
    TooLarge {
        /// The order.
        order: usize,
    },
}

impl fmt::Display for ConstructError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoneExists { order } => {
                write!(f, "no square of order {order} and this kind exists")
            }
            Self::TooLarge { order } => {
                write!(f, "order {order} is too large (n² must fit in u32)")
            }
        }
    }
}

impl std::error::Error for ConstructError {}

fn check_order(order: usize) -> Result<u32, ConstructError> {
    if order > MAX_ORDER {
        return Err(ConstructError::TooLarge { order });
    }
    Ok(order as u32)
}

/// One normal magic square of order `n` (any `n ≥ 1` except 2, for which
/// none exists), built directly in time linear in `n²`:
///
/// - odd `n`: the Siamese method of La Loubère (associative);
/// - `n` divisible by 4: the complement pattern on the diagonals of each
///   4×4 block (associative);
/// - `n = 4m + 2`: Conway's LUX method over the Siamese square of order
///   `2m + 1`.
///
/// # Errors
///
/// [`ConstructError::NoneExists`] for order 2 (and 0),
/// [`ConstructError::TooLarge`] above order 65,535.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Kind, construct};
///
/// let lo_shu = construct(3)?;
/// assert_eq!(lo_shu.to_string(), "8 1 6\n3 5 7\n4 9 2");
/// for n in [4, 6, 10, 17] {
///     assert!(construct(n)?.is(Kind::MAGIC));
/// }
/// # Ok::<(), kongming_magic_square::ConstructError>(())
/// ```
pub fn construct(n: usize) -> Result<Square, ConstructError> {
    let order = check_order(n)?;
    if n == 0 || n == 2 {
        return Err(ConstructError::NoneExists { order: n });
    }
    let cells = if n % 2 == 1 {
        siamese(n, 0)
    } else if n.is_multiple_of(4) {
        doubly_even(n, order)
    } else {
        lux(n)
    };
    Ok(Square::from_cells(n, cells).unwrap_or_else(|| unreachable!("n² cells")))
}

/// The Siamese square of odd order `n` with numbers `base + 1 ..= base + n²`:
/// start in the middle of the top row, go up and right (wrapping), and
/// step down instead after every `n` numbers.
fn siamese(n: usize, base: u32) -> Vec<u32> {
    let mut cells = vec![0; n * n];
    let (mut row, mut col) = (0, n / 2);
    let total = (n * n) as u32;
    for k in 1..=total {
        cells[row * n + col] = base + k;
        if k % n as u32 == 0 {
            row = (row + 1) % n;
        } else {
            row = (row + n - 1) % n;
            col = (col + 1) % n;
        }
    }
    cells
}

/// The doubly even square: count up row by row, and replace the numbers on
/// the diagonals of every 4×4 block by their complements `n² + 1 − k`.
fn doubly_even(n: usize, order: u32) -> Vec<u32> {
    let top = order * order + 1;
    let mut cells = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            let k = (row * n + col) as u32 + 1;
            let (r, c) = (row % 4, col % 4);
            cells.push(if r == c || r + c == 3 { top - k } else { k });
        }
    }
    cells
}

/// Conway's LUX method for `n = 4m + 2`: a Siamese square of order
/// `k = 2m + 1` (numbers 0-based) gives each 2×2 block its range
/// `4x + 1 ..= 4x + 4`; the block's pattern is L (m + 1 rows), then U
/// (one row), then X (m − 1 rows), with the middle U swapped with the L
/// above it.
fn lux(n: usize) -> Vec<u32> {
    let k = n / 2;
    let m = (k - 1) / 2;
    let base = siamese(k, 0);
    let mut cells = vec![0; n * n];
    // Patterns as (top-left, top-right, bottom-left, bottom-right).
    const L: [u32; 4] = [4, 1, 2, 3];
    const U: [u32; 4] = [1, 4, 2, 3];
    const X: [u32; 4] = [1, 4, 3, 2];
    for br in 0..k {
        for bc in 0..k {
            let mut pattern = if br <= m {
                L
            } else if br == m + 1 {
                U
            } else {
                X
            };
            if bc == k / 2 && br == m {
                pattern = U;
            } else if bc == k / 2 && br == m + 1 {
                pattern = L;
            }
            let x = (base[br * k + bc] - 1) * 4;
            let (r, c) = (2 * br, 2 * bc);
            cells[r * n + c] = x + pattern[0];
            cells[r * n + c + 1] = x + pattern[1];
            cells[(r + 1) * n + c] = x + pattern[2];
            cells[(r + 1) * n + c + 1] = x + pattern[3];
        }
    }
    cells
}

/// One pandiagonal magic square of order `n` (every broken diagonal adds
/// up too), built directly in time linear in `n²`:
///
/// - `n` prime to 6 (5, 7, 11, 13, …): `n·((i + 2j) mod n) + ((2i + j) mod n) + 1`;
/// - `n` an odd multiple of 3 (9, 15, 21, 27, …):
///   `n·g((2i − j) mod n) + g((2i + j) mod n) + 1`, where `g` is a
///   permutation of `0..n` whose values on each residue class of its
///   argument mod 3 add up to `n(n − 1)/6` (see below);
/// - `n` divisible by 4: `n·q(i, j) + q(j, i) + 1`, where row `i` of `q` is a
///   permutation `s` of `0..n` (`i` even) or its complement (`i` odd), with
///   each pair `x`, `n − 1 − x` on positions of one parity, so both parities
///   add up alike.
///
/// Order 1 is the square `1`.
///
/// # Errors
///
/// [`ConstructError::NoneExists`] for orders 0, 2, 3 and `4m + 2` (no
/// pandiagonal square exists), [`ConstructError::TooLarge`] above 65,535.
///
/// # Why the odd multiples of 3 work
///
/// Write the square as `n·A + B + 1` with `A = g(2i − j)` and
/// `B = g(2i + j)` (indices mod `n`). The map `(i, j) ↦ (2i − j, 2i + j)`
/// has determinant 4, a unit mod odd `n`, so every pair `(A, B)` occurs
/// once and the numbers are `1..=n²`. Along a row, a column, a diagonal
/// `(i + t, j + t)` or an anti-diagonal `(i + t, j − t)`, the argument of
/// `A` moves by −1, 2, 1 or 3 and that of `B` by 1, 2, 3 or 1. A step
/// prime to `n` visits every argument once, so the line holds `0..n` once
/// and adds up to `n(n − 1)/2`. The step 3 (with `3 | n`) visits one
/// residue class mod 3 three times over, which adds up to
/// `3 · n(n − 1)/6` by the choice of `g`. A linear `g` cannot do this, as
/// no `a, b` make `a`, `b`, `a + b` and `a − b` all prime to 3.
///
/// With `n = 3m`, `g(3k + r) = 3k + s_r(k)` for `r` in `0..3`, `k` in
/// `0..m`, where `s_r(k) = (k + r) mod 3` for `k < 3`, and then
/// alternately `r` and `2 − r`. Each `k` gives `{3k, 3k + 1, 3k + 2}`, so
/// `g` is a permutation; each class `r` receives every `k` once and
/// offsets adding up to `3 + (m − 3) = m` (as `m − 3` is even), so every
/// class adds up to `3m(m − 1)/2 + m = n(n − 1)/6`.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Kind, construct_pandiagonal};
///
/// for n in [4, 5, 7, 8, 9, 12, 13, 15] {
///     assert!(construct_pandiagonal(n)?.is(Kind::PANDIAGONAL));
/// }
/// assert_eq!(construct_pandiagonal(9)?.rows().next().unwrap(), [1, 65, 57, 77, 33, 49, 45, 25, 17]);
/// # Ok::<(), kongming_magic_square::ConstructError>(())
/// ```
pub fn construct_pandiagonal(n: usize) -> Result<Square, ConstructError> {
    check_order(n)?;
    if n == 1 {
        return Ok(Square::from_cells(1, vec![1]).unwrap_or_else(|| unreachable!("1 cell")));
    }
    if n == 0 || n == 3 || n % 4 == 2 {
        return Err(ConstructError::NoneExists { order: n });
    }
    let cells = if n.is_multiple_of(4) {
        pandiagonal_doubly_even(n)
    } else if !n.is_multiple_of(3) {
        let mut cells = Vec::with_capacity(n * n);
        for i in 0..n {
            for j in 0..n {
                let a = (i + 2 * j) % n;
                let b = (2 * i + j) % n;
                cells.push((n * a + b) as u32 + 1);
            }
        }
        cells
    } else {
        pandiagonal_odd_multiple_of_3(n)
    };
    Ok(Square::from_cells(n, cells).unwrap_or_else(|| unreachable!("n² cells")))
}

/// The pandiagonal square of order `n = 4k` described at
/// [`construct_pandiagonal`].
fn pandiagonal_doubly_even(n: usize) -> Vec<u32> {
    let k = n / 4;
    let mut s = vec![0; n];
    for t in 0..k {
        s[4 * t] = t;
        s[4 * t + 2] = n - 1 - t;
        s[4 * t + 1] = k + t;
        s[4 * t + 3] = n - 1 - (k + t);
    }
    let q = |i: usize, j: usize| {
        if i.is_multiple_of(2) {
            s[j]
        } else {
            n - 1 - s[j]
        }
    };
    let mut cells = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            cells.push((n * q(i, j) + q(j, i)) as u32 + 1);
        }
    }
    cells
}

/// The pandiagonal square of an odd order `n = 3m ≥ 9` described at
/// [`construct_pandiagonal`].
fn pandiagonal_odd_multiple_of_3(n: usize) -> Vec<u32> {
    // g(3k + r) = 3k + s_r(k).
    let g: Vec<usize> = (0..n)
        .map(|u| {
            let (k, r) = (u / 3, u % 3);
            let offset = if k < 3 {
                (k + r) % 3
            } else if (k - 3) % 2 == 0 {
                r
            } else {
                2 - r
            };
            3 * k + offset
        })
        .collect();
    let mut cells = Vec::with_capacity(n * n);
    for i in 0..n {
        // The arguments 2i − j and 2i + j, stepped down and up along the row.
        let (mut down, mut up) = ((2 * i) % n, (2 * i) % n);
        for _ in 0..n {
            cells.push((n * g[down] + g[up]) as u32 + 1);
            down = if down == 0 { n - 1 } else { down - 1 };
            up = if up + 1 == n { 0 } else { up + 1 };
        }
    }
    cells
}
