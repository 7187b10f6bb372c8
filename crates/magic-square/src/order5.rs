//! A specialised counter of the normal magic squares of order 5.
//!
//! Name the cells
//!
//! ```text
//! a0 p  x0 q  b0
//! t  a1 y  b1 u
//! z0 y1 c  y3 z4
//! v  b3 y' a3 w
//! b4 r  x4 s  a4
//! ```
//!
//! The two diagonals (`a0 a1 c a3 a4` and `b0 b1 c b3 b4`) are chosen
//! first. The sixteen other cells then fall apart into two *frames* that
//! share no line:
//!
//! - frame A: rows 0 and 4 and columns 1 and 3, a cycle of four lines
//!   `p x0 q`, `q y3 s`, `s x4 r`, `r y1 p` with corners `p q s r`;
//! - frame B: columns 0 and 4 and rows 1 and 3, the cycle `t z0 v`,
//!   `v y' w`, `w z4 u`, `u y t`.
//!
//! Each line's sum is 65 minus its two diagonal cells, so a frame is fixed
//! by two opposite corners and one number on each of the other two
//! corners (the middles follow). Row 2 and column 2 hold by themselves
//! once every number 1..=25 is used once (the other four rows and columns
//! add up to 260). So the squares with given diagonals are the pairs of
//! an A frame and a B frame whose eight-number sets are complementary in
//! the sixteen numbers left: both frames are listed as sets and joined
//! through a hash table of the smaller list.
//!
//! Symmetry: the eight symmetries of the square and the three row-and-
//! column permutations that commute with `i ↦ 4 − i` generate a group of
//! 32 that acts freely on the diagonal cells (see the crate docs). Only
//! one diagonal pair per orbit is counted: `a0` the least of the eight
//! diagonal numbers off the centre, `b0 < b4` and `a1 < a3`. Every such
//! orbit is four Frénicle forms. And `v ↦ 26 − v` maps the squares with
//! centre `c` to those with centre `26 − c`, so the centres above 13 are
//! counted as their complements.

/// The magic constant of order 5.
const SUM: i32 = 65;
/// The numbers 1..=25 as a set (bit `v` for `v`).
const ALL: u32 = 0x03FF_FFFE;
/// The largest number of frames of one kind: ordered choices of four
/// corners among sixteen numbers.
const MAX_FRAMES: usize = 16 * 15 * 14 * 13;
/// Squares up to symmetry (Frénicle forms) per orbit of the group of 32.
pub(crate) const FORMS_PER_ORBIT: u64 = 4;
/// Squares per orbit of the group of 32.
pub(crate) const SQUARES_PER_ORBIT: u64 = 32;

/// The number `v` (1..=25) as a set.
fn bit(v: i32) -> u32 {
    1 << (v & 31)
}

/// The number `v` as a set, or the empty set when `v` is not a number
/// a set can hold.
fn bit_or_none(v: i32) -> u32 {
    u32::try_from(v)
        .ok()
        .and_then(|v| 1u32.checked_shl(v))
        .unwrap_or(0)
    // Bits above 25 are harmless: they are never in a set of numbers.
}

/// A set kept mirrored: the number `v` at bit `64 − v`, so that "the `x`
/// with `k − x` in the set" is one right shift (see [`minus`]).
fn mirror(set: u32) -> u64 {
    u64::from(set.reverse_bits()) << 33
}

/// The mirror bit of the number `v` (1..=25).
fn mirror_bit(v: i32) -> u64 {
    1 << ((64 - v) & 63)
}

/// The numbers `x` such that `k − x` is in the set whose mirror is `m`.
fn minus(k: i32, m: u64) -> u32 {
    // Bit 64 − w of `m` is the number w; shifting right by 64 − k puts
    // it at k − w. Shifts are clamped (k ≤ 1 leaves nothing useful).
    let shift = (64 - k).clamp(0, 63);
    (m >> shift) as u32
}

/// The number `k / 2` as a set when `k` is even (the `x` with `x = k − x`).
fn half(k: i32) -> u32 {
    if k & 1 == 0 { bit_or_none(k >> 1) } else { 0 }
}

/// One piece of the work: a centre, the corners `a0` and `a4` of the main
/// diagonal, and how many times its count is to be taken (2 for centres
/// whose complement is counted with them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    centre: i32,
    a0: i32,
    a4: i32,
    weight: u64,
}

/// The parts of the count with centre `centre` (1..=25), or of all
/// order-5 squares with `None`.
pub(crate) fn parts(centre: Option<u32>) -> Vec<Part> {
    let centres: Vec<(i32, u64)> = match centre {
        Some(c) => {
            let c = i32::try_from(c).unwrap_or(0);
            if !(1..=25).contains(&c) {
                return Vec::new();
            }
            vec![(c.min(26 - c), 1)]
        }
        None => (1..=13).map(|c| (c, if c < 13 { 2 } else { 1 })).collect(),
    };
    let mut parts = Vec::new();
    for (centre, weight) in centres {
        for a0 in 1..=25 {
            for a4 in a0 + 1..=25 {
                if a0 == centre || a4 == centre {
                    continue;
                }
                // a1 < a3, both above a0: a1 + a3 ≥ 2·a0 + 3.
                let inner = SUM - centre - a0 - a4;
                if inner < 2 * a0 + 3 || inner > 49 {
                    continue;
                }
                parts.push(Part {
                    centre,
                    a0,
                    a4,
                    weight,
                });
            }
        }
    }
    parts
}

/// What a part (or a run of parts) found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Orbits of the group of 32, times the parts' weights.
    pub(crate) orbits: u64,
    /// Diagonal pairs examined (one per orbit of diagonals).
    pub(crate) diagonals: u64,
}

/// Scratch space for counting parts: two frame lists and a hash table.
pub(crate) struct Counter {
    first: Vec<u32>,
    second: Vec<u32>,
    keys: Vec<u32>,
    counts: Vec<u32>,
    used: Vec<usize>,
}

impl Counter {
    pub(crate) fn new() -> Self {
        let slots = (2 * MAX_FRAMES).next_power_of_two();
        Self {
            first: vec![0; MAX_FRAMES],
            second: vec![0; MAX_FRAMES],
            keys: vec![0; slots],
            counts: vec![0; slots],
            used: Vec::with_capacity(slots),
        }
    }

    /// Counts one part. `go_on` hears the tally of the part so far after
    /// each choice of the other two corners, and stops the count by
    /// returning `false`; the tally is then partial.
    pub(crate) fn count(&mut self, part: &Part, mut go_on: impl FnMut(&Tally) -> bool) -> Tally {
        let Part {
            centre: c,
            a0,
            a4,
            weight,
        } = *part;
        let a_inner_sum = SUM - c - a0 - a4;
        let mut tally = Tally::default();
        for b0 in a0 + 1..=25 {
            if b0 == c || b0 == a4 {
                continue;
            }
            for b4 in b0 + 1..=25 {
                if b4 == c || b4 == a4 {
                    continue;
                }
                let b_inner_sum = SUM - c - b0 - b4;
                if b_inner_sum < 2 * a0 + 3 || b_inner_sum > 49 {
                    continue;
                }
                let corners = ALL & !(bit(c) | bit(a0) | bit(a4) | bit(b0) | bit(b4));
                for a1 in a0 + 1..=25 {
                    let a3 = a_inner_sum - a1;
                    if a3 <= a1 || a3 > 25 || corners & bit(a1) == 0 || corners & bit(a3) == 0 {
                        continue;
                    }
                    for b1 in a0 + 1..=25 {
                        let b3 = b_inner_sum - b1;
                        if b3 <= a0 || b3 > 25 || b3 == b1 {
                            continue;
                        }
                        let inner = bit(a1) | bit(a3) | bit(b1) | bit(b3);
                        if corners & inner != inner || inner.count_ones() != 4 {
                            continue;
                        }
                        tally.diagonals += 1;
                        let free = corners & !inner;
                        let found = self.join(
                            free,
                            [SUM - a0 - b0, SUM - b1 - a3, SUM - a1 - b3, SUM - b4 - a4],
                            [SUM - a0 - b4, SUM - b3 - a3, SUM - a1 - b1, SUM - b0 - a4],
                        );
                        tally.orbits = tally.orbits.saturating_add(found.saturating_mul(weight));
                    }
                }
                if !go_on(&tally) {
                    return tally;
                }
            }
        }
        tally
    }

    /// The number of ways to split `free` (sixteen numbers) into an A
    /// frame with line sums `a` and a B frame with line sums `b`.
    fn join(&mut self, free: u32, a: [i32; 4], b: [i32; 4]) -> u64 {
        let mirrored = mirror(free);
        let first_count = frames(free, mirrored, a, &mut self.first);
        if first_count == 0 {
            return 0;
        }
        let second_count = frames(free, mirrored, b, &mut self.second);
        if second_count == 0 {
            return 0;
        }
        let (small, large) = if first_count <= second_count {
            (&self.first[..first_count], &self.second[..second_count])
        } else {
            (&self.second[..second_count], &self.first[..first_count])
        };
        let slots = (2 * small.len()).next_power_of_two().max(64);
        let mask = slots - 1;
        let (keys, counts) = (&mut self.keys[..slots], &mut self.counts[..slots]);
        for &set in small {
            let key = free ^ set;
            let mut i = slot(key, mask);
            loop {
                if keys[i] == key {
                    counts[i] += 1;
                    break;
                }
                if keys[i] == 0 {
                    keys[i] = key;
                    counts[i] = 1;
                    self.used.push(i);
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        let mut total = 0u64;
        for &key in large {
            let mut i = slot(key, mask);
            loop {
                let k = keys[i];
                if k == key {
                    total += u64::from(counts[i]);
                    break;
                }
                if k == 0 {
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        for &i in &self.used {
            keys[i] = 0;
        }
        self.used.clear();
        total
    }
}

/// The slot of a set in a table of `mask + 1` slots (a power of two).
fn slot(key: u32, mask: usize) -> usize {
    ((u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize) & mask
}

/// Lists the frames on the numbers `free` (sixteen of them) as sets into
/// `out`, and returns how many.
///
/// A frame is a cycle of four lines with corners `p q s r`: `p x q` with
/// sum `k[0]`, `q y s` with `k[1]`, `p y' r` with `k[2]` and `r x' s`
/// with `k[3]`, eight different numbers. For each pair of opposite
/// corners `p`, `s`, the candidates for `q` and for `r` are each one AND
/// of precomputed sets.
fn frames(free: u32, mirror_free: u64, k: [i32; 4], out: &mut [u32]) -> usize {
    let [kt, kq, kp, kr] = k;
    // pq[v]: the q with kt − v − q free and distinct from v and q; the
    // relation is symmetric, so it also lists the p for a given q. Alike
    // qs (sum kq), pr (kp) and rs (kr).
    let mut pq = [0u32; 32];
    let mut qs = [0u32; 32];
    let mut pr = [0u32; 32];
    let mut rs = [0u32; 32];
    let mut left = free;
    while left != 0 {
        let v = left.trailing_zeros() as i32;
        left &= left - 1;
        let f = free & !bit(v);
        let m = mirror_free & !mirror_bit(v);
        let i = (v & 31) as usize;
        pq[i] = f & minus(kt - v, m) & !half(kt - v);
        qs[i] = f & minus(kq - v, m) & !half(kq - v);
        pr[i] = f & minus(kp - v, m) & !half(kp - v);
        rs[i] = f & minus(kr - v, m) & !half(kr - v);
    }
    let mut n = 0;
    let mut rights = [0u32; 32];
    let mut p_choices = free;
    while p_choices != 0 {
        let p = p_choices.trailing_zeros() as i32;
        p_choices &= p_choices - 1;
        let (q_of_p, r_of_p) = (pq[(p & 31) as usize], pr[(p & 31) as usize]);
        if q_of_p == 0 || r_of_p == 0 {
            continue;
        }
        // The s that pair with some q of p and with some r of p.
        let mut s_by_q = 0;
        let mut bits = q_of_p;
        while bits != 0 {
            s_by_q |= qs[(bits.trailing_zeros() & 31) as usize];
            bits &= bits - 1;
        }
        let mut s_by_r = 0;
        let mut bits = r_of_p;
        while bits != 0 {
            s_by_r |= rs[(bits.trailing_zeros() & 31) as usize];
            bits &= bits - 1;
        }
        let (ktp, kpp) = (kt - p, kp - p);
        let mut s_choices = s_by_q & s_by_r & !bit(p);
        while s_choices != 0 {
            let s = s_choices.trailing_zeros() as i32;
            s_choices &= s_choices - 1;
            let (kqs, krs) = (kq - s, kr - s);
            // Equal sums would make the two middles equal.
            if ktp == kqs || kpp == krs {
                continue;
            }
            let i = (s & 31) as usize;
            let q_set = q_of_p & qs[i] & !(bit(s) | bit_or_none(ktp - s) | bit_or_none(kqs - p));
            let r_set = r_of_p & rs[i] & !(bit(s) | bit_or_none(kpp - s) | bit_or_none(krs - p));
            if q_set == 0 || r_set == 0 {
                continue;
            }
            let mut right_count = 0;
            let mut bits = r_set;
            while bits != 0 {
                let r = bits.trailing_zeros() as i32;
                bits &= bits - 1;
                if let Some(slot) = rights.get_mut(right_count) {
                    *slot = bit(r) | bit(kpp - r) | bit(krs - r);
                    right_count += 1;
                }
            }
            let corners = bit(p) | bit(s);
            let mut bits = q_set;
            while bits != 0 {
                let q = bits.trailing_zeros() as i32;
                bits &= bits - 1;
                let with_q = bit(q) | bit(ktp - q) | bit(kqs - q);
                for &with_r in &rights[..right_count] {
                    if with_q & with_r == 0
                        && let Some(slot) = out.get_mut(n)
                    {
                        *slot = corners | with_q | with_r;
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        let set = bit(3) | bit(10) | bit(25);
        let m = mirror(set);
        // x with 13 − x in {3, 10, 25}: 10 and 3.
        assert_eq!(minus(13, m) & ALL, bit(3) | bit(10));
        // x with 28 − x in the set: 25 and 18 and 3.
        assert_eq!(minus(28, m) & ALL, bit(3) | bit(18) | bit(25));
        assert_eq!(minus(-5, m) & ALL, 0);
        assert_eq!(half(20), bit(10));
        assert_eq!(half(21), 0);
        assert_eq!(half(-4), 0);
        assert_eq!(bit_or_none(-1), 0);
        assert_eq!(mirror_bit(25), 1 << 39);
    }

    /// The squares with the diagonals `main` (top left to bottom right)
    /// and `anti` (top right to bottom left, sharing the centre), by the
    /// frame join.
    fn join_count(main: [i32; 5], anti: [i32; 5]) -> u64 {
        let [a0, a1, c, a3, a4] = main;
        let [b0, b1, c2, b3, b4] = anti;
        assert_eq!(c, c2);
        let used = [a0, a1, c, a3, a4, b0, b1, b3, b4]
            .iter()
            .fold(0, |set, &v| set | bit(v));
        Counter::new().join(
            ALL & !used,
            [SUM - a0 - b0, SUM - b1 - a3, SUM - a1 - b3, SUM - b4 - a4],
            [SUM - a0 - b4, SUM - b3 - a3, SUM - a1 - b1, SUM - b0 - a4],
        )
    }

    /// The same by the general search: the completions of the grid with
    /// both diagonals given.
    fn search_count(main: [i32; 5], anti: [i32; 5]) -> u64 {
        let mut cells = vec![None; 25];
        for i in 0..5 {
            cells[i * 5 + i] = u32::try_from(main[i]).ok();
            cells[i * 5 + 4 - i] = u32::try_from(anti[i]).ok();
        }
        let partial = crate::PartialSquare::from_cells(5, cells).unwrap();
        crate::Enumeration::completing(&partial, crate::Kind::MAGIC)
            .unwrap()
            .count()
            .exact()
            .expect("an unlimited count is complete")
    }

    #[test]
    fn join_agrees_with_the_general_search() {
        // Diagonal pairs drawn from the canonical ones of a few parts
        // (centres 1, 7, 13 and 20), every one with completions counted
        // both ways.
        let mut checked = 0;
        let mut squares = 0;
        for centre in [1u32, 7, 13, 20] {
            let c = i32::try_from(centre.min(26 - centre)).unwrap();
            for part in parts(Some(centre)).iter().step_by(61).take(4) {
                assert_eq!(part.centre, c);
                let (a0, a4) = (part.a0, part.a4);
                let a_inner_sum = SUM - c - a0 - a4;
                let mut seen = 0;
                'b: for b0 in a0 + 1..=25 {
                    for b4 in b0 + 1..=25 {
                        let b_inner_sum = SUM - c - b0 - b4;
                        for a1 in a0 + 1..=25 {
                            for b1 in a0 + 1..=25 {
                                let (a3, b3) = (a_inner_sum - a1, b_inner_sum - b1);
                                let values = [c, a0, a4, b0, b4, a1, a3, b1, b3];
                                let set = values.iter().fold(0u32, |s, &v| s | bit_or_none(v));
                                if a3 <= a1 || b3 <= a0 || set & ALL != set || set.count_ones() != 9
                                {
                                    continue;
                                }
                                let main = [a0, a1, c, a3, a4];
                                let anti = [b0, b1, c, b3, b4];
                                let fast = join_count(main, anti);
                                assert_eq!(fast, search_count(main, anti), "{main:?} {anti:?}");
                                checked += 1;
                                squares += fast;
                                seen += 1;
                                if seen == 4 {
                                    break 'b;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked >= 40, "{checked}");
        assert!(squares > 0);
    }

    #[test]
    fn parts_cover_centres() {
        assert!(parts(Some(0)).is_empty());
        assert!(parts(Some(26)).is_empty());
        assert_eq!(parts(Some(1)), parts(Some(25)));
        let all = parts(None);
        assert!(all.iter().all(|p| (1..=13).contains(&p.centre)));
    }
}
