//! Every Countdown game at once: the values each selection of six tiles
//! can make, and how many targets each makes exactly.

use std::ops::RangeInclusive;

use super::game::{CountdownError, MAX_COUNTDOWN_NUMBERS};

/// The large tiles, one of each.
const LARGE: [u64; 4] = [25, 50, 75, 100];

/// Every distinct selection of six Countdown tiles (two each of 1–10, one
/// each of 25, 50, 75, 100), each sorted from small to large, in a fixed
/// order: 13,243 of them.
///
/// ```
/// let all = kongming_game24::tile_selections();
/// assert_eq!(all.len(), 13_243);
/// assert!(all.contains(&[1, 1, 2, 2, 3, 3]));
/// assert!(all.contains(&[9, 10, 25, 50, 75, 100]));
/// ```
pub fn tile_selections() -> Vec<[u64; 6]> {
    // How many of each small tile (0, 1 or 2), then which large ones.
    let mut out = Vec::new();
    let mut counts = [0u8; 10];
    loop {
        let small: usize = counts.iter().map(|&c| usize::from(c)).sum();
        if small <= 6 {
            for large in 0u8..16 {
                if small + large.count_ones() as usize != 6 {
                    continue;
                }
                let mut tiles = [0u64; 6];
                let mut k = 0;
                for (value, &c) in (1u64..).zip(&counts) {
                    for _ in 0..c {
                        tiles[k] = value;
                        k += 1;
                    }
                }
                for (bit, &value) in LARGE.iter().enumerate() {
                    if large & (1 << bit) != 0 {
                        tiles[k] = value;
                        k += 1;
                    }
                }
                out.push(tiles);
            }
        }
        // The next choice of small counts, as a base-3 counter.
        let mut place = 0;
        loop {
            if place == counts.len() {
                return out;
            }
            if counts[place] < 2 {
                counts[place] += 1;
                break;
            }
            counts[place] = 0;
            place += 1;
        }
    }
}

/// Every value some of `tiles` make under Countdown's rules (each tile at
/// most once, `+ - * /`, a positive integer at every step), sorted, the
/// tiles themselves included.
///
/// The values are built bottom-up: for each subset of the tiles, the
/// values made with exactly that subset, from the values of its two parts
/// for every way of splitting it.
///
/// ```
/// let made = kongming_game24::reachable(&[2, 3])?;
/// assert_eq!(made, vec![1, 2, 3, 5, 6]);
/// # Ok::<(), kongming_game24::CountdownError>(())
/// ```
///
/// # Errors
///
/// [`CountdownError::NoNumbers`], [`CountdownError::TooManyNumbers`],
/// [`CountdownError::NotPositiveInteger`] for a zero tile, and
/// [`CountdownError::Overflow`] if a value passes `u64`.
pub fn reachable(tiles: &[u64]) -> Result<Vec<u64>, CountdownError> {
    let n = tiles.len();
    if n == 0 {
        return Err(CountdownError::NoNumbers);
    }
    if n > MAX_COUNTDOWN_NUMBERS {
        return Err(CountdownError::TooManyNumbers(n));
    }
    if let Some(place) = tiles.iter().position(|&t| t == 0) {
        return Err(CountdownError::NotPositiveInteger { place: place + 1 });
    }
    let full = (1usize << n) - 1;
    let mut sets: Vec<Vec<u64>> = vec![Vec::new(); full + 1];
    for (i, &t) in tiles.iter().enumerate() {
        sets[1 << i] = vec![t];
    }
    for mask in 1..=full {
        if mask.count_ones() < 2 {
            continue;
        }
        // Each split once: the part holding the lowest tile comes first.
        let low = mask & mask.wrapping_neg();
        let mut made = Vec::new();
        let mut part = (mask - 1) & mask;
        while part > 0 {
            if part & low != 0 {
                combine(&sets[part], &sets[mask ^ part], &mut made)?;
            }
            part = (part - 1) & mask;
        }
        made.sort_unstable();
        made.dedup();
        sets[mask] = made;
    }
    let mut all: Vec<u64> = sets.into_iter().flatten().collect();
    all.sort_unstable();
    all.dedup();
    Ok(all)
}

/// Every value one step makes from a value of `xs` and one of `ys`,
/// pushed onto `out`. A step giving back one of its operands is left out:
/// that value is already made by a smaller subset.
fn combine(xs: &[u64], ys: &[u64], out: &mut Vec<u64>) -> Result<(), CountdownError> {
    for &x in xs {
        for &y in ys {
            let (big, small) = if x >= y { (x, y) } else { (y, x) };
            out.push(big.checked_add(small).ok_or(CountdownError::Overflow)?);
            if small > 1 {
                out.push(big.checked_mul(small).ok_or(CountdownError::Overflow)?);
                if big % small == 0 && big / small != small {
                    out.push(big / small);
                }
            }
            if big > small && big - small != small {
                out.push(big - small);
            }
        }
    }
    Ok(())
}

/// The tally of the selections with one number of large tiles.
///
/// ```
/// use kongming_game24::TileSurvey;
/// let survey = TileSurvey::of(&[[25, 50, 75, 100, 3, 6], [1, 2, 25, 50, 75, 100]], 101..=105)?;
/// let four = survey.by_large()[4];
/// assert_eq!(four.selections, 2);
/// assert_eq!(four.games, 2 * 5);
/// # Ok::<(), kongming_game24::CountdownError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LargeTally {
    /// Selections with this many large tiles.
    pub selections: u64,
    /// Games: selections times targets.
    pub games: u64,
    /// Games whose target can be made exactly.
    pub made: u64,
    /// Games by the distance from the target to the closest value made:
    /// `distances[d]` for `d` from 0 to 10, `distances[11]` for 11 or more.
    pub distances: [u64; 12],
}

/// Every Countdown game with targets from a range: for each selection of
/// [`tile_selections`], how many targets it makes exactly, and the totals
/// by number of large tiles.
///
/// With the `parallel` feature the selections are shared out between the
/// cores (rayon). [`TileSurvey::of`] surveys chosen selections only.
///
/// ```
/// use kongming_game24::TileSurvey;
/// let survey = TileSurvey::of(&[[1, 1, 2, 2, 3, 3], [25, 50, 75, 100, 3, 6]], 101..=999)?;
/// assert_eq!(survey.made().len(), 2);
/// assert_eq!(survey.by_large()[0].games, 899);
/// # Ok::<(), kongming_game24::CountdownError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileSurvey {
    made: Vec<u32>,
    by_large: [LargeTally; 5],
}

/// What one selection contributes: its large-tile count, targets made,
/// and its games by distance.
type SelectionTally = (usize, u32, [u64; 12]);

fn tally(
    tiles: &[u64; 6],
    targets: &RangeInclusive<u64>,
) -> Result<SelectionTally, CountdownError> {
    let values = reachable(tiles)?;
    let large = tiles.iter().filter(|t| **t > 10).count();
    let mut made = 0u32;
    let mut distances = [0u64; 12];
    for target in targets.clone() {
        // The closest value is one of the two around the target's place.
        let at = values.partition_point(|&v| v < target);
        let above = values.get(at).map(|&v| v - target);
        let below = at.checked_sub(1).map(|i| target - values[i]);
        let distance = match (above, below) {
            (Some(a), Some(b)) => a.min(b),
            (Some(d), None) | (None, Some(d)) => d,
            (None, None) => u64::MAX,
        };
        made += u32::from(distance == 0);
        let slot = usize::try_from(distance.min(11)).unwrap_or(11);
        distances[slot] += 1;
    }
    Ok((large, made, distances))
}

impl TileSurvey {
    /// Surveys every selection of [`tile_selections`] with every target of
    /// `targets`: seconds in a release build on a few cores, far longer in
    /// a debug build (so the example does not run).
    ///
    /// ```no_run
    /// use kongming_game24::TileSurvey;
    /// let survey = TileSurvey::run(101..=999)?;
    /// let made: u64 = survey.by_large().iter().map(|t| t.made).sum();
    /// assert_eq!(made, 10_858_746);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None for the Countdown tiles; the signature keeps
    /// [`reachable`]'s errors.
    pub fn run(targets: RangeInclusive<u64>) -> Result<TileSurvey, CountdownError> {
        TileSurvey::of(&tile_selections(), targets)
    }

    /// Surveys the selections given (of six tiles each, any positive
    /// numbers) with every target of `targets`; a tile over 10 counts as
    /// large.
    ///
    /// ```
    /// use kongming_game24::TileSurvey;
    /// let survey = TileSurvey::of(&[[1, 1, 2, 2, 3, 3]], 101..=110)?;
    /// assert!(survey.by_large()[0].made <= survey.by_large()[0].games);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`reachable`]'s errors: a zero tile, or a value past `u64`.
    pub fn of(
        selections: &[[u64; 6]],
        targets: RangeInclusive<u64>,
    ) -> Result<TileSurvey, CountdownError> {
        #[cfg(feature = "parallel")]
        let tallies: Result<Vec<SelectionTally>, CountdownError> = {
            use rayon::prelude::*;
            selections.par_iter().map(|s| tally(s, &targets)).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let tallies: Result<Vec<SelectionTally>, CountdownError> =
            selections.iter().map(|s| tally(s, &targets)).collect();
        let mut made = Vec::with_capacity(selections.len());
        let mut by_large = [LargeTally::default(); 5];
        for (large, count, distances) in tallies? {
            made.push(count);
            let t = &mut by_large[large.min(4)];
            t.selections += 1;
            t.games += distances.iter().sum::<u64>();
            t.made += u64::from(count);
            for (sum, d) in t.distances.iter_mut().zip(distances) {
                *sum += d;
            }
        }
        Ok(TileSurvey { made, by_large })
    }

    /// How many targets each selection makes exactly, in the order given
    /// (of [`tile_selections`] for [`TileSurvey::run`]).
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules, TileSurvey};
    ///
    /// let survey = TileSurvey::of(&[[1, 1, 2, 2, 3, 3]], 101..=101)?;
    /// let made = Countdown::new(&[1, 1, 2, 2, 3, 3], 101, Rules::countdown())?.solve()?.known();
    /// assert_eq!(survey.made(), &[u32::from(made == Some(true))]);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    pub fn made(&self) -> &[u32] {
        &self.made
    }

    /// The totals for 0, 1, 2, 3 and 4 large tiles (a selection of more
    /// than four large tiles counts as four).
    ///
    /// ```
    /// use kongming_game24::TileSurvey;
    /// let survey = TileSurvey::of(&[[1, 1, 2, 2, 3, 3], [1, 1, 2, 2, 3, 25]], 101..=101)?;
    /// assert_eq!(survey.by_large()[0].selections, 1);
    /// assert_eq!(survey.by_large()[1].selections, 1);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    pub fn by_large(&self) -> &[LargeTally; 5] {
        &self.by_large
    }
}
