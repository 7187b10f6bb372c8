//! Independent checkers, written from the rules rather than from the
//! library: they read the layout text and the jump names only.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A board as text: holes at (line, character column), with pegs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub holes: BTreeMap<(i64, i64), bool>,
    pub triangular: bool,
}

impl Text {
    /// Reads the spaced layout written by the library's `Display`.
    pub fn read(layout: &str) -> Text {
        let mut holes = BTreeMap::new();
        for (line, text) in layout.lines().enumerate() {
            for (column, ch) in text.chars().enumerate() {
                match ch {
                    'o' => holes.insert((line as i64, column as i64), true),
                    '.' => holes.insert((line as i64, column as i64), false),
                    ' ' => None,
                    other => panic!("unexpected {other:?} in a displayed layout"),
                };
            }
        }
        let triangular = holes.keys().any(|&(_, c)| c % 2 == 1);
        Text { holes, triangular }
    }

    pub fn pegs(&self) -> usize {
        self.holes.values().filter(|&&p| p).count()
    }

    pub fn write(&self) -> String {
        let lines = self.holes.keys().map(|k| k.0).max().unwrap_or(0) + 1;
        let mut out = Vec::new();
        for line in 0..lines {
            let mut text = String::new();
            for (&(l, c), &peg) in &self.holes {
                if l == line {
                    while (text.len() as i64) < c {
                        text.push(' ');
                    }
                    text.push(if peg { 'o' } else { '.' });
                }
            }
            out.push(text);
        }
        out.join("\n")
    }

    /// The hole named `name`: column letter k at character 2k or 2k+1.
    pub fn find(&self, name: &str) -> Result<(i64, i64), String> {
        let mut chars = name.chars();
        let letter = chars.next().ok_or("empty name")?;
        let row: i64 = chars
            .as_str()
            .parse()
            .map_err(|_| format!("bad name {name}"))?;
        let k = (letter as i64) - ('a' as i64);
        [2 * k, 2 * k + 1]
            .into_iter()
            .map(|c| (row - 1, c))
            .find(|p| self.holes.contains_key(p))
            .ok_or(format!("no hole {name}"))
    }

    /// Plays one jump `from-to`, checking every rule.
    pub fn play(&mut self, jump: &str) -> Result<(), String> {
        let (a, b) = jump.split_once('-').ok_or(format!("bad jump {jump}"))?;
        let from = self.find(a)?;
        let to = self.find(b)?;
        let step = (to.0 - from.0, to.1 - from.1);
        let allowed: &[(i64, i64)] = if self.triangular {
            &[(0, 4), (0, -4), (2, 2), (2, -2), (-2, 2), (-2, -2)]
        } else {
            &[(0, 4), (0, -4), (2, 0), (-2, 0)]
        };
        if !allowed.contains(&step) {
            return Err(format!("{jump} is not a straight jump"));
        }
        let over = (from.0 + step.0 / 2, from.1 + step.1 / 2);
        match (
            self.holes.get(&from),
            self.holes.get(&over),
            self.holes.get(&to),
        ) {
            (Some(true), Some(true), Some(false)) => {
                self.holes.insert(from, false);
                self.holes.insert(over, false);
                self.holes.insert(to, true);
                Ok(())
            }
            _ => Err(format!("{jump} is illegal here")),
        }
    }

    /// Every legal jump, as (from, over, to) positions.
    pub fn jumps(&self) -> Vec<[(i64, i64); 3]> {
        let steps: &[(i64, i64)] = if self.triangular {
            &[(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        } else {
            &[(0, 2), (0, -2), (1, 0), (-1, 0)]
        };
        let mut out = Vec::new();
        for (&from, &peg) in &self.holes {
            if !peg {
                continue;
            }
            for &(dl, dc) in steps {
                let over = (from.0 + dl, from.1 + dc);
                let to = (from.0 + 2 * dl, from.1 + 2 * dc);
                if self.holes.get(&over) == Some(&true) && self.holes.get(&to) == Some(&false) {
                    out.push([from, over, to]);
                }
            }
        }
        out
    }

    fn apply(&self, jump: [(i64, i64); 3]) -> Text {
        let mut next = self.clone();
        next.holes.insert(jump[0], false);
        next.holes.insert(jump[1], false);
        next.holes.insert(jump[2], true);
        next
    }

    fn key(&self) -> Vec<bool> {
        self.holes.values().copied().collect()
    }

    /// Reachable positions per level, by brute force.
    pub fn reachable_per_level(&self) -> Vec<usize> {
        let mut level: BTreeSet<Vec<bool>> = BTreeSet::from([self.key()]);
        let mut by_key: HashMap<Vec<bool>, Text> = HashMap::from([(self.key(), self.clone())]);
        let mut counts = Vec::new();
        while !level.is_empty() {
            counts.push(level.len());
            let mut next = BTreeSet::new();
            for key in &level {
                let text = by_key[key].clone();
                for jump in text.jumps() {
                    let child = text.apply(jump);
                    next.insert(child.key());
                    by_key.insert(child.key(), child);
                }
            }
            level = next;
        }
        counts
    }

    /// The number of jump sequences from here to `target`, by brute force
    /// (memoised on the exact position).
    pub fn sequences_to(&self, target: &Text, memo: &mut HashMap<Vec<bool>, u128>) -> u128 {
        if self.key() == target.key() {
            return 1;
        }
        if let Some(&n) = memo.get(&self.key()) {
            return n;
        }
        let n = self
            .jumps()
            .into_iter()
            .map(|j| self.apply(j).sequences_to(target, memo))
            .sum();
        memo.insert(self.key(), n);
        n
    }

    /// Positions from which `target` can be reached, among those reachable.
    pub fn winnable_count(&self, target: &Text) -> usize {
        let mut memo = HashMap::new();
        let total = self.sequences_to(target, &mut memo);
        memo.values().filter(|&&n| n > 0).count() + usize::from(total > 0)
    }

    /// The fewest pegs reachable.
    pub fn fewest_pegs(&self) -> usize {
        let mut best = self.pegs();
        let mut seen = BTreeSet::new();
        let mut stack = vec![self.clone()];
        while let Some(t) = stack.pop() {
            if !seen.insert(t.key()) {
                continue;
            }
            best = best.min(t.pegs());
            for j in t.jumps() {
                stack.push(t.apply(j));
            }
        }
        best
    }
}

/// Replays `jumps` (names) from the start layout; returns the final layout.
pub fn replay(start: &str, jumps: &[String]) -> Result<String, String> {
    let mut text = Text::read(start);
    for jump in jumps {
        text.play(jump)?;
    }
    Ok(text.write())
}
