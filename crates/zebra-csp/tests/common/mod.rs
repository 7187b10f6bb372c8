//! An independent reading of puzzles for the tests: it parses the text that
//! `Puzzle`'s `Display` writes and re-implements every clue's meaning, with
//! brute-force counting and brute-force propagation.

#![allow(dead_code)]

use std::collections::HashMap;

/// A term: a value (category, value) or a 0-based house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Item(usize, usize),
    House(usize),
}

/// A clue as the oracle reads it.
#[derive(Clone, Debug)]
pub struct OClue {
    pub keyword: String,
    pub ops: Vec<Op>,
    pub k: usize,
}

impl OClue {
    /// The clue's meaning, from the crate docs' table.
    pub fn holds(&self, p: &[usize]) -> bool {
        let d = |i: usize, j: usize| p[i].abs_diff(p[j]);
        match self.keyword.as_str() {
            "=" | "at" => p[0] == p[1],
            "!=" | "not-at" => p[0] != p[1],
            "left-of" => p[0] + 1 == p[1],
            "right-of" => p[0] == p[1] + 1,
            "somewhere-left-of" => p[0] < p[1],
            "somewhere-right-of" => p[0] > p[1],
            "next-to" => d(0, 1) == 1,
            "not-next-to" => d(0, 1) != 1,
            "distance" => d(0, 1) == self.k,
            "between" => p[1].min(p[2]) < p[0] && p[0] < p[1].max(p[2]),
            "with" => p[0] == p[1] || p[0] == p[2],
            other => panic!("unknown keyword {other}"),
        }
    }

    /// Whether positions `p` of the terms put no two values of one category
    /// in the same house.
    pub fn keeps_categories_apart(&self, p: &[usize]) -> bool {
        self.ops.iter().enumerate().all(|(i, a)| {
            self.ops[..i].iter().enumerate().all(|(j, b)| match (a, b) {
                (Op::Item(ca, _), Op::Item(cb, _)) if ca == cb => p[i] != p[j],
                _ => true,
            })
        })
    }
}

pub struct Oracle {
    pub n: usize,
    pub cats: usize,
    pub names: HashMap<String, (usize, usize)>,
    pub clues: Vec<OClue>,
}

/// Domains: `doms[category][value]` is a bitmask of houses.
pub type Doms = Vec<Vec<u32>>;

impl Oracle {
    pub fn new(text: &str) -> Oracle {
        let mut names = HashMap::new();
        let mut cats = 0;
        let mut n = 0;
        let mut clue_lines = Vec::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap().trim();
            if line.is_empty() {
                continue;
            }
            if let Some((_, values)) = line.split_once(':') {
                let values: Vec<&str> = values.split_whitespace().collect();
                n = values.len();
                for (v, name) in values.iter().enumerate() {
                    names.insert(name.to_string(), (cats, v));
                }
                cats += 1;
            } else {
                clue_lines.push(line.to_string());
            }
        }
        let op = |t: &str| match names.get(t) {
            Some(&(c, v)) => Op::Item(c, v),
            None => Op::House(t.parse::<usize>().expect("a house number") - 1),
        };
        let clues = clue_lines
            .iter()
            .map(|line| {
                let t: Vec<&str> = line.split_whitespace().collect();
                match t.as_slice() {
                    [a, "distance", k, "from", b] => OClue {
                        keyword: "distance".into(),
                        ops: vec![op(a), op(b)],
                        k: k.parse().unwrap(),
                    },
                    [a, kw, b, _, c] => OClue {
                        keyword: kw.to_string(),
                        ops: vec![op(a), op(b), op(c)],
                        k: 0,
                    },
                    [a, kw, b] => OClue {
                        keyword: kw.to_string(),
                        ops: vec![op(a), op(b)],
                        k: 0,
                    },
                    _ => panic!("bad clue line {line}"),
                }
            })
            .collect();
        Oracle {
            n,
            cats,
            names,
            clues,
        }
    }

    pub fn house(&self, houses: &[Vec<usize>], op: Op) -> usize {
        match op {
            Op::Item(c, v) => houses[c][v],
            Op::House(h) => h,
        }
    }

    /// Whether a full assignment is a permutation per category and satisfies
    /// every clue.
    pub fn holds(&self, houses: &[Vec<usize>]) -> bool {
        houses.len() == self.cats
            && houses.iter().all(|row| {
                let mut sorted = row.clone();
                sorted.sort_unstable();
                sorted == (0..self.n).collect::<Vec<_>>()
            })
            && self.clues.iter().all(|c| {
                let p: Vec<usize> = c.ops.iter().map(|&o| self.house(houses, o)).collect();
                c.holds(&p)
            })
    }

    /// Counts solutions by trying every permutation of every category (up
    /// to `limit`).
    pub fn count_brute(&self, limit: u64) -> u64 {
        let perms = permutations(self.n);
        let mut idx = vec![0usize; self.cats];
        let mut count = 0;
        loop {
            let houses: Vec<Vec<usize>> = idx.iter().map(|&i| perms[i].clone()).collect();
            if self.holds(&houses) {
                count += 1;
                if count >= limit {
                    return count;
                }
            }
            let mut k = self.cats;
            loop {
                if k == 0 {
                    return count;
                }
                k -= 1;
                idx[k] += 1;
                if idx[k] < perms.len() {
                    break;
                }
                idx[k] = 0;
            }
        }
    }

    pub fn full(&self) -> Doms {
        vec![vec![(1u32 << self.n) - 1; self.n]; self.cats]
    }

    fn dom(&self, doms: &Doms, op: Op) -> u32 {
        match op {
            Op::Item(c, v) => doms[c][v],
            Op::House(h) => 1 << h,
        }
    }

    /// The values of each term of clue `i` that appear in a satisfying tuple
    /// of `doms` (brute-force generalised arc consistency). A tuple that
    /// puts two values of one category in the same house is no solution
    /// (the crate docs' rule), so it supports nothing.
    pub fn clue_support(&self, i: usize, doms: &Doms) -> Vec<u32> {
        let clue = &self.clues[i];
        let lists: Vec<Vec<usize>> = clue.ops.iter().map(|&o| bits(self.dom(doms, o))).collect();
        let mut support = vec![0u32; lists.len()];
        let mut tuple = vec![0usize; lists.len()];
        fn rec(
            k: usize,
            lists: &[Vec<usize>],
            tuple: &mut Vec<usize>,
            clue: &OClue,
            support: &mut [u32],
        ) {
            if k == lists.len() {
                if clue.holds(tuple) && clue.keeps_categories_apart(tuple) {
                    for (s, &h) in support.iter_mut().zip(tuple.iter()) {
                        *s |= 1 << h;
                    }
                }
                return;
            }
            for &h in &lists[k] {
                tuple[k] = h;
                rec(k + 1, lists, tuple, clue, support);
            }
        }
        rec(0, &lists, &mut tuple, clue, &mut support);
        support
    }

    /// The houses of each value of category `c` that appear in some
    /// permutation allowed by `doms`.
    pub fn category_support(&self, c: usize, doms: &Doms) -> Vec<u32> {
        let mut support = vec![0u32; self.n];
        for perm in permutations(self.n) {
            if perm
                .iter()
                .enumerate()
                .all(|(v, &h)| doms[c][v] >> h & 1 == 1)
            {
                for (v, &h) in perm.iter().enumerate() {
                    support[v] |= 1 << h;
                }
            }
        }
        support
    }

    /// Brute-force propagation of every constraint to a fixpoint; `false`
    /// when a domain empties.
    pub fn propagate(&self, doms: &mut Doms) -> bool {
        loop {
            let mut changed = false;
            for c in 0..self.cats {
                let s = self.category_support(c, doms);
                for v in 0..self.n {
                    let new = doms[c][v] & s[v];
                    if new != doms[c][v] {
                        doms[c][v] = new;
                        changed = true;
                    }
                    if new == 0 {
                        return false;
                    }
                }
            }
            for i in 0..self.clues.len() {
                let s = self.clue_support(i, doms);
                for (k, &op) in self.clues[i].ops.iter().enumerate() {
                    match op {
                        Op::Item(c, v) => {
                            let new = doms[c][v] & s[k];
                            if new != doms[c][v] {
                                doms[c][v] = new;
                                changed = true;
                            }
                            if new == 0 {
                                return false;
                            }
                        }
                        Op::House(_) => {
                            if s[k] == 0 {
                                return false;
                            }
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

pub fn bits(mask: u32) -> Vec<usize> {
    (0..32).filter(|h| mask >> h & 1 == 1).collect()
}

pub fn mask(houses: &[usize]) -> u32 {
    houses.iter().fold(0, |m, &h| m | 1 << h)
}

pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}
