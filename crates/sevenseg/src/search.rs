//! The fix search: the alternatives table of each glyph and the
//! depth-first [`Problem`] whose solutions are the fixes.

use kongming_search::dfs::Problem;

use crate::change::{Change, MAX_STICKS};
use crate::equation::{Equation, MAX_GLYPHS, Rules};
use crate::exact::all_sides_equal;
use crate::fix::Fix;
use crate::glyph::{Glyph, Op, Segments};
use crate::residue::{DIVIDE, END, EQUALS, MINUS, PLUS, Read, Residue, TIMES};
use crate::stick::{GlyphChange, Stick};

/// One alternative for a glyph: the new glyph and the sticks it costs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice {
    glyph: Glyph,
    removed: Segments,
    added: Segments,
    taken: u8,
    put: u8,
    /// Sticks taken up minus sticks put down, per orientation.
    delta: [i8; 4],
    /// The change in the number of `=`.
    equals: i8,
    /// For a digit: the new digit minus the old, modulo 2^64.
    digit_delta: u64,
}

/// For each glyph, its alternatives within the change's stick budget.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// Every alternative of every glyph.
    flat: Vec<Choice>,
    /// Indices into `flat`: for glyph code g and sticks left (t, a), the
    /// alternatives of g taking up at most t and putting down at most a are
    /// `fit[ranges[(g * t_stride + t) * a_stride + a]]`.
    fit: Vec<u16>,
    /// Start, split and end in `fit`: before the split the alternatives
    /// that leave sticks owed, after it those that use exactly t and a.
    ranges: Vec<(u32, u32, u32)>,
    /// For glyph code g: bit `t * a_stride + a` set when g has an
    /// alternative within (t, a).
    nonempty: Vec<u64>,
    t_stride: usize,
    a_stride: usize,
    max_taken: Vec<u8>,
    max_put: Vec<u8>,
}

impl Table {
    pub(crate) fn new(rules: Rules, change: Change) -> Table {
        // A change of more than MAX_STICKS is refused when solving; the
        // table stays small (and `nonempty` fits in 64 bits) whatever it is.
        let (take_budget, put_budget) = change.taken_and_put();
        let (take_budget, put_budget) = (take_budget.min(MAX_STICKS), put_budget.min(MAX_STICKS));
        let style = rules.style;
        let all: Vec<Glyph> = Glyph::DIGITS.iter().chain(&Glyph::OPS).copied().collect();
        let is_equals = |g: Glyph| i8::from(g.as_op() == Some(Op::Equals));
        let mut rows = Vec::with_capacity(all.len());
        for &g in &all {
            let here = style.segments(g);
            let pool: &[Glyph] = if g.is_digit() {
                &Glyph::DIGITS
            } else {
                &Glyph::OPS
            };
            let row: Vec<Choice> =
                pool.iter()
                    .filter(|&&alt| alt != g)
                    .filter_map(|&alt| {
                        let there = style.segments(alt);
                        let removed = here - there;
                        let added = there - here;
                        let taken = removed.bits().count_ones() as u8;
                        let put = added.bits().count_ones() as u8;
                        let (r, a) = (removed.by_orientation(), added.by_orientation());
                        let delta = std::array::from_fn(|o| r[o] as i8 - a[o] as i8);
                        let digit_delta = match (alt.as_digit(), g.as_digit()) {
                            (Some(new), Some(old)) => u64::from(new).wrapping_sub(u64::from(old)),
                            _ => 0,
                        };
                        (usize::from(taken) <= take_budget && usize::from(put) <= put_budget)
                            .then_some(Choice {
                                glyph: alt,
                                removed,
                                added,
                                taken,
                                put,
                                delta,
                                equals: is_equals(alt) - is_equals(g),
                                digit_delta,
                            })
                    })
                    .collect();
            // Sorted by (taken, put): in each list below, the alternatives
            // using exactly the sticks left come last.
            let mut row = row;
            row.sort_by_key(|c| (c.taken, c.put));
            rows.push(row);
        }
        let max_taken = rows
            .iter()
            .map(|r| r.iter().map(|c| c.taken).max().unwrap_or(0))
            .collect();
        let max_put = rows
            .iter()
            .map(|r| r.iter().map(|c| c.put).max().unwrap_or(0))
            .collect();
        let (t_stride, a_stride) = (take_budget + 1, put_budget + 1);
        let mut flat = Vec::new();
        let mut fit = Vec::new();
        let mut ranges = Vec::with_capacity(rows.len() * t_stride * a_stride);
        let mut nonempty = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut bits = 0u64;
            let start = flat.len();
            flat.extend_from_slice(row);
            for t in 0..t_stride {
                for a in 0..a_stride {
                    let from = fit.len() as u32;
                    fit.extend((start..flat.len()).filter_map(|i| {
                        (usize::from(flat[i].taken) <= t && usize::from(flat[i].put) <= a)
                            .then_some(i as u16)
                    }));
                    let exact = (start..flat.len())
                        .filter(|&i| {
                            usize::from(flat[i].taken) == t && usize::from(flat[i].put) == a
                        })
                        .count() as u32;
                    let to = fit.len() as u32;
                    ranges.push((from, to - exact, to));
                    if to > from {
                        bits |= 1 << (t * a_stride + a);
                    }
                }
            }
            nonempty.push(bits);
        }
        Table {
            flat,
            fit,
            ranges,
            nonempty,
            t_stride,
            a_stride,
            max_taken,
            max_put,
        }
    }

    /// The alternatives of glyph `code` within `take_left` and
    /// `put_left`: those that leave sticks owed, then those that use
    /// exactly that many.
    fn fits(&self, code: usize, take_left: usize, put_left: usize) -> (&[u16], &[u16]) {
        let (from, split, to) =
            self.ranges[(code * self.t_stride + take_left) * self.a_stride + put_left];
        (
            &self.fit[from as usize..split as usize],
            &self.fit[split as usize..to as usize],
        )
    }
}

/// Whether a glyph code is `+` or `-`.
fn is_plus_or_minus(code: usize) -> bool {
    code == PLUS || code == MINUS
}

/// Room for the numbers of the longest equation (numbers and operators
/// alternate).
const MAX_NUMBERS: usize = MAX_GLYPHS / 2 + 1;

/// The search state: glyphs as they stand, the changes made so far, and
/// the value (modulo 2^64) of each number, kept up to date as glyphs change
/// so that a candidate equation is tested number by number, not glyph by
/// glyph; for an input with one `=` and no division, also L − R modulo
/// 2^64, so that changing a digit is tested by one multiplication.
pub(crate) struct FixSearch<'e> {
    original: &'e Equation,
    rules: Rules,
    change: Change,
    only_true: bool,
    table: &'e Table,
    /// Bit p: the digit at p starts a number of several digits (no 0 there).
    leading: u64,
    /// For each position p: the most sticks positions `p..` can take up / put down.
    take_capacity: [u16; MAX_GLYPHS + 1],
    put_capacity: [u16; MAX_GLYPHS + 1],
    take_budget: usize,
    put_budget: usize,
    /// The glyphs as they stand (the first `len`).
    glyphs: [Glyph; MAX_GLYPHS],
    len: usize,
    /// Changed positions with the choice index, in increasing position
    /// order (the first `depth`). Each change takes up or puts down at
    /// least one stick, so there are at most `2 * MAX_STICKS`.
    changed: [(u8, u16); 2 * MAX_STICKS],
    depth: usize,
    taken: usize,
    put: usize,
    by_orientation: [i32; 4],
    /// The leading positions where the input itself has a 0.
    leading_zero_in_input: u64,
    /// Whether moved sticks must balance per orientation.
    track_orientation: bool,
    equals: i32,
    /// For each position: the index of its number (a digit) or of the
    /// number before it (an operator). Glyphs never change kind, so the
    /// numbers keep their places.
    token: [u8; MAX_GLYPHS],
    /// For each digit: its place value in its number, modulo 2^64.
    place: [u64; MAX_GLYPHS],
    /// Each number's value modulo 2^64, as the glyphs stand.
    numbers: [u64; MAX_NUMBERS],
    /// The operator code after each number, [`END`] after the last.
    ops: [u8; MAX_NUMBERS],
    /// How many numbers.
    count: usize,
    /// Whether the operators as they stand have exactly one `=` and no
    /// division; `difference` is then L − R modulo 2^64.
    linear: bool,
    difference: u64,
    /// For each number: the first and last number of its term (numbers
    /// joined by `*`) and the term's sign in L − R, as the operators stand
    /// (read again when an operator changes).
    term: [(u8, u8); MAX_NUMBERS],
    sign: [u64; MAX_NUMBERS],
}

/// The residue test's state before one number as the glyphs stand, moved
/// right as move generation goes right.
struct Sweep {
    state: Residue,
    /// The number the state stands before.
    token: usize,
    /// Whether the numbers before `token` already show two sides differ.
    differs: bool,
}

impl<'e> FixSearch<'e> {
    /// The search for the fixes of `original` (every equation the change
    /// makes when `only_true` is `false`) with the alternatives of `table`,
    /// built for `rules` and `change`.
    pub(crate) fn new(
        original: &'e Equation,
        table: &'e Table,
        rules: Rules,
        change: Change,
        only_true: bool,
    ) -> Self {
        let (take_budget, put_budget) = change.taken_and_put();
        let source = &original.glyphs;
        let n = source.len().min(MAX_GLYPHS);
        // Built in place: the arrays are filled below.
        let mut s = FixSearch {
            original,
            rules,
            change,
            only_true,
            table,
            leading: 0,
            take_capacity: [0; MAX_GLYPHS + 1],
            put_capacity: [0; MAX_GLYPHS + 1],
            take_budget,
            put_budget,
            glyphs: [Glyph::DIGITS[0]; MAX_GLYPHS],
            len: n,
            changed: [(0, 0); 2 * MAX_STICKS],
            depth: 0,
            taken: 0,
            put: 0,
            by_orientation: [0; 4],
            leading_zero_in_input: 0,
            track_orientation: rules.keep_orientation && matches!(change, Change::Move(_)),
            equals: 0,
            token: [0; MAX_GLYPHS],
            place: [0; MAX_GLYPHS],
            numbers: [0; MAX_NUMBERS],
            ops: [END as u8; MAX_NUMBERS],
            count: 1,
            linear: false,
            difference: 0,
            term: [(0, 0); MAX_NUMBERS],
            sign: [1; MAX_NUMBERS],
        };
        let mut value = 1u64;
        for p in (0..n).rev() {
            let code = source[p].code();
            s.take_capacity[p] = s.take_capacity[p + 1] + u16::from(table.max_taken[code]);
            s.put_capacity[p] = s.put_capacity[p + 1] + u16::from(table.max_put[code]);
            if code < 10 {
                s.place[p] = value;
                value = value.wrapping_mul(10);
            } else {
                value = 1;
            }
        }
        let mut j = 0;
        let mut previous_is_op = true;
        for (p, g) in source[..n].iter().enumerate() {
            s.glyphs[p] = *g;
            s.token[p] = j as u8;
            let code = g.code();
            if code < 10 {
                s.numbers[j] = s.numbers[j].wrapping_mul(10).wrapping_add(code as u64);
                // A digit starting a number of several digits.
                if previous_is_op && source.get(p + 1).is_some_and(|n| n.is_digit()) {
                    if !rules.leading_zeros {
                        s.leading |= 1 << p;
                    }
                    if code == 0 {
                        s.leading_zero_in_input |= 1 << p;
                    }
                }
                previous_is_op = false;
            } else {
                s.equals += i32::from(g.as_op() == Some(Op::Equals));
                previous_is_op = true;
                // (Numbers and operators alternate in an equation, so there
                // is always room.)
                if j + 1 < MAX_NUMBERS {
                    s.ops[j] = code as u8;
                    j += 1;
                }
            }
        }
        s.leading_zero_in_input &= s.leading;
        s.count = j + 1;
        s.read_terms();
        s
    }

    /// Sets `term`, `sign`, `linear` and `difference` from the operators
    /// and numbers as they stand.
    fn read_terms(&mut self) {
        let (mut side, mut term_sign) = (1u64, 1u64);
        let (mut equals, mut divides) = (0, false);
        let mut difference = 0u64;
        let mut start = 0;
        while start < self.count {
            let mut end = start;
            while usize::from(self.ops[end]) == TIMES {
                end += 1;
            }
            let s = side.wrapping_mul(term_sign);
            let mut product = s;
            for t in start..=end {
                self.term[t] = (start as u8, end as u8);
                self.sign[t] = s;
                product = product.wrapping_mul(self.numbers[t]);
            }
            difference = difference.wrapping_add(product);
            term_sign = 1;
            match usize::from(self.ops[end]) {
                DIVIDE => divides = true,
                MINUS => term_sign = u64::MAX,
                EQUALS => {
                    equals += 1;
                    side = u64::MAX;
                }
                _ => {}
            }
            start = end + 1;
        }
        self.linear = equals == 1 && !divides;
        self.difference = difference;
    }

    fn next_position(&self) -> usize {
        match self.depth {
            0 => 0,
            d => usize::from(self.changed[d - 1].0) + 1,
        }
    }

    /// Whether the `=` count is allowed.
    fn equals_allowed(&self, equals: i32) -> bool {
        equals == 1 || (equals > 1 && self.rules.multiple_equals)
    }

    /// Whether a 0 the input had at the start of a number is still there
    /// (an input parsed under other rules may have one; moves never put one
    /// there), with `extra` (a position and its new glyph) applied.
    fn keeps_input_leading_zero(&self, extra: Option<(usize, Glyph)>) -> bool {
        let mut leading = self.leading_zero_in_input;
        while leading != 0 {
            let p = leading.trailing_zeros() as usize;
            let glyph = match extra {
                Some((q, g)) if q == p => g,
                _ => self.glyphs[p],
            };
            if glyph == Glyph::DIGITS[0] {
                return true;
            }
            leading &= leading - 1;
        }
        false
    }

    /// Exact truth of the glyphs with `extra` applied.
    fn exactly_true(&self, extra: Option<(usize, Glyph)>) -> bool {
        let mut glyphs = self.glyphs;
        if let Some((p, g)) = extra {
            glyphs[p] = g;
        }
        all_sides_equal(&glyphs[..self.len])
    }

    /// Whether the state is a fix: its stick counts balance. (The root,
    /// with nothing changed, never does, since a change has at least one
    /// stick; and [`moves`](Problem::moves) hands out a change that
    /// completes the counts only when it makes a fix.)
    fn is_fix(&self) -> bool {
        self.taken == self.take_budget && self.put == self.put_budget
    }

    /// Sets the operator after number `t` to `code`, keeping the terms up
    /// to date: between `+` and `-` only the next term's sign flips.
    fn change_op(&mut self, t: usize, code: usize) {
        let old = usize::from(self.ops[t]);
        self.ops[t] = code as u8;
        if self.linear && is_plus_or_minus(old) && is_plus_or_minus(code) {
            let next = t + 1;
            let (start, end) = self.term[next];
            let change = self.sign[next].wrapping_mul(self.term_value(next));
            self.difference = self.difference.wrapping_sub(change.wrapping_mul(2));
            let flipped = self.sign[next].wrapping_neg();
            self.sign[usize::from(start)..=usize::from(end)].fill(flipped);
        } else {
            self.read_terms();
        }
    }

    /// How much one unit of number `t` adds to L − R (when `linear`): the
    /// term's sign times its other numbers.
    fn coefficient(&self, t: usize) -> u64 {
        let (start, end) = self.term[t];
        if start == end {
            return self.sign[t];
        }
        (usize::from(start)..=usize::from(end))
            .filter(|&j| j != t)
            .fold(self.sign[t], |acc, j| acc.wrapping_mul(self.numbers[j]))
    }

    /// The value of number `t`'s term (when `linear`), modulo 2^64.
    fn term_value(&self, t: usize) -> u64 {
        let (start, end) = self.term[t];
        self.numbers[usize::from(start)..=usize::from(end)]
            .iter()
            .fold(1u64, |acc, &n| acc.wrapping_mul(n))
    }

    /// Whether changing position `p` to `c`, which completes the stick
    /// counts, keeps an allowed `=` count and passed the residue test (when
    /// only true equations are asked for), makes a fix.
    fn completes(&self, p: usize, c: &Choice) -> bool {
        if (self.track_orientation
            && (0..4).any(|o| self.by_orientation[o] + i32::from(c.delta[o]) != 0))
            || (self.leading_zero_in_input != 0
                && self.keeps_input_leading_zero(Some((p, c.glyph))))
        {
            return false;
        }
        !self.only_true || self.exactly_true(Some((p, c.glyph)))
    }

    /// The residue test of the glyphs with `p` changed to `c`, read number
    /// by number: `true` when two sides differ. `sweep` stands before some
    /// number at or left of `p`'s.
    fn residues_differ(&self, p: usize, c: &Choice, sweep: &mut Sweep) -> bool {
        // The numbers before p's are as they stand: bring the sweep there.
        let t = usize::from(self.token[p]);
        while sweep.token < t {
            if !sweep.differs {
                let j = sweep.token;
                sweep.differs =
                    sweep.state.read(self.numbers[j], usize::from(self.ops[j])) == Read::Differs;
            }
            sweep.token += 1;
        }
        if sweep.differs {
            return true;
        }
        let mut state = sweep.state;
        let (number, op) = if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            (self.numbers[t].wrapping_add(d), usize::from(self.ops[t]))
        } else {
            (self.numbers[t], c.glyph.code())
        };
        state.read(number, op) == Read::Differs
            || state.finish(t + 1, &self.ops[..self.count], |j| self.numbers[j]) == Read::Differs
    }
}

impl Problem for FixSearch<'_> {
    /// A position (below [`MAX_GLYPHS`]) and an index into the table.
    type Move = (u8, u16);
    type Solution = Fix;

    /// The changes right of the last one that stay within the stick
    /// budget. A change that leaves sticks owed is handed out when the
    /// positions to its right can still take up and put down that many; a
    /// change that completes the counts only when it makes a fix, so the
    /// candidate equations are tested here, in one sweep, and never become
    /// search nodes.
    fn moves(&self, out: &mut Vec<(u8, u16)>) {
        let take_left = self.take_budget - self.taken;
        let put_left = self.put_budget - self.put;
        if take_left == 0 && put_left == 0 {
            return;
        }
        if self.depth == 0 {
            // Room for the moves of a typical path, in one allocation.
            out.reserve(8 * self.len);
        }
        let table = self.table;
        let linear = self.only_true && self.linear;
        let mut sweep = Sweep {
            state: Residue::default(),
            token: 0,
            differs: false,
        };
        let combo = take_left * table.a_stride + put_left;
        for p in self.next_position()..self.len {
            let code = self.glyphs[p].code();
            if table.nonempty[code] >> combo & 1 == 0 {
                continue;
            }
            let (partial, completing) = table.fits(code, take_left, put_left);
            let no_zero = self.leading >> p & 1 == 1;
            if !partial.is_empty() {
                let take_room = usize::from(self.take_capacity[p + 1]) + self.taken;
                let put_room = usize::from(self.put_capacity[p + 1]) + self.put;
                for &i in partial {
                    let c = &table.flat[usize::from(i)];
                    if take_room + usize::from(c.taken) >= self.take_budget
                        && put_room + usize::from(c.put) >= self.put_budget
                        && !(no_zero && c.glyph == Glyph::DIGITS[0])
                    {
                        out.push((p as u8, i));
                    }
                }
            }
            if completing.is_empty() {
                continue;
            }
            if code < 10 {
                if !self.equals_allowed(self.equals) {
                    continue;
                }
                // With one `=` and no division, a digit's change is tested
                // against L − R directly.
                let unit = if linear {
                    let t = usize::from(self.token[p]);
                    self.coefficient(t).wrapping_mul(self.place[p])
                } else {
                    0
                };
                for &i in completing {
                    let c = &table.flat[usize::from(i)];
                    if no_zero && c.glyph == Glyph::DIGITS[0] {
                        continue;
                    }
                    let refuted = if linear {
                        self.difference
                            .wrapping_add(unit.wrapping_mul(c.digit_delta))
                            != 0
                    } else {
                        self.only_true && self.residues_differ(p, c, &mut sweep)
                    };
                    if !refuted && self.completes(p, c) {
                        out.push((p as u8, i));
                    }
                }
            } else {
                let t = usize::from(self.token[p]);
                let sign_flip = linear && is_plus_or_minus(code);
                for &i in completing {
                    let c = &table.flat[usize::from(i)];
                    if !self.equals_allowed(self.equals + i32::from(c.equals)) {
                        continue;
                    }
                    // Between `+` and `-` only the next term's sign flips.
                    let refuted = if sign_flip && is_plus_or_minus(c.glyph.code()) {
                        let next = t + 1;
                        let change = self.sign[next].wrapping_mul(self.term_value(next));
                        self.difference.wrapping_sub(change.wrapping_mul(2)) != 0
                    } else {
                        self.only_true && self.residues_differ(p, c, &mut sweep)
                    };
                    if !refuted && self.completes(p, c) {
                        out.push((p as u8, i));
                    }
                }
            }
        }
    }

    fn apply(&mut self, &(p, i): &(u8, u16)) {
        let c = &self.table.flat[usize::from(i)];
        let p = usize::from(p);
        let t = usize::from(self.token[p]);
        if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            if self.linear {
                let change = self.coefficient(t).wrapping_mul(d);
                self.difference = self.difference.wrapping_add(change);
            }
            self.numbers[t] = self.numbers[t].wrapping_add(d);
        } else {
            self.change_op(t, c.glyph.code());
        }
        self.glyphs[p] = c.glyph;
        self.taken += usize::from(c.taken);
        self.put += usize::from(c.put);
        if self.track_orientation {
            for (o, d) in self.by_orientation.iter_mut().zip(c.delta) {
                *o += i32::from(d);
            }
        }
        self.equals += i32::from(c.equals);
        self.changed[self.depth] = (p as u8, i);
        self.depth += 1;
    }

    fn undo(&mut self, &(p, i): &(u8, u16)) {
        let c = &self.table.flat[usize::from(i)];
        let p = usize::from(p);
        let t = usize::from(self.token[p]);
        let before = self.original.glyphs[p];
        if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            self.numbers[t] = self.numbers[t].wrapping_sub(d);
            // The term's other numbers are as they were when `c` was
            // applied (changes are undone last first).
            if self.linear {
                let change = self.coefficient(t).wrapping_mul(d);
                self.difference = self.difference.wrapping_sub(change);
            }
        } else {
            self.change_op(t, before.code());
        }
        self.glyphs[p] = before;
        self.taken -= usize::from(c.taken);
        self.put -= usize::from(c.put);
        if self.track_orientation {
            for (o, d) in self.by_orientation.iter_mut().zip(c.delta) {
                *o -= i32::from(d);
            }
        }
        self.equals -= i32::from(c.equals);
        self.depth -= 1;
    }

    fn is_solution(&self) -> bool {
        self.is_fix()
    }

    fn solution(&self) -> Option<Fix> {
        if !self.is_fix() {
            return None;
        }
        let mut changes = Vec::with_capacity(self.depth);
        let mut removed = Vec::with_capacity(self.taken);
        let mut added = Vec::with_capacity(self.put);
        for &(p, i) in &self.changed[..self.depth] {
            let (p, c) = (usize::from(p), self.table.flat[usize::from(i)]);
            changes.push(GlyphChange {
                position: p,
                from: self.original.glyphs[p],
                to: c.glyph,
            });
            removed.extend(c.removed.iter().map(|segment| Stick {
                position: p,
                segment,
            }));
            added.extend(c.added.iter().map(|segment| Stick {
                position: p,
                segment,
            }));
        }
        Some(Fix {
            equation: Equation {
                glyphs: self.glyphs[..self.len].to_vec(),
                notation: self.original.notation,
            },
            change: self.change,
            keep_orientation: self.rules.keep_orientation,
            changes,
            removed,
            added,
        })
    }
}

/// The search state on the heap, for a search that owns it and is moved
/// (the stream of fixes): moving it moves a pointer, not the state's
/// arrays.
impl<'e> Problem for Box<FixSearch<'e>> {
    type Move = (u8, u16);
    type Solution = Fix;

    fn moves(&self, out: &mut Vec<(u8, u16)>) {
        (**self).moves(out);
    }
    fn apply(&mut self, mv: &(u8, u16)) {
        (**self).apply(mv);
    }
    fn undo(&mut self, mv: &(u8, u16)) {
        (**self).undo(mv);
    }
    fn solution(&self) -> Option<Fix> {
        (**self).solution()
    }
    fn is_solution(&self) -> bool {
        (**self).is_solution()
    }
}
