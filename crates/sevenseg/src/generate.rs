//! Puzzles with exactly one fix.

use std::collections::BTreeSet;
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::equation::{Equation, Rules};
use crate::glyph::{Glyph, Op};
use crate::solve::{Change, Fix, Hint, SolveError, Solver};

/// A puzzle: a false equation whose only fix under the generator's rules
/// and change is [`fix`](Puzzle::fix).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator};
/// let puzzles = Generator::new(Change::Move(1)).generate(7, 3)?;
/// for puzzle in &puzzles {
///     assert!(!puzzle.equation().is_true());
///     assert!(puzzle.fix().equation().is_true());
/// }
/// # Ok::<(), kongming_sevenseg::SolveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    equation: Equation,
    fix: Fix,
}

impl Puzzle {
    /// The equation to fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?[0];
    /// assert!(!p.equation().is_true());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn equation(&self) -> &Equation {
        &self.equation
    }

    /// Its only fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?[0];
    /// assert!(p.fix().equation().is_true());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn fix(&self) -> &Fix {
        &self.fix
    }

    /// The difficulty hint: what kind of stick moves the fix needs.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?[0];
    /// assert_ne!(p.hint().to_string(), "nothing moves");
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn hint(&self) -> Hint {
        self.fix.hint()
    }
}

impl fmt::Display for Puzzle {
    /// The equation to fix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.equation.fmt(f)
    }
}

/// Makes puzzles `a op b = c` with exactly one fix.
///
/// Each puzzle comes from a true equation `a op b = c` (operands
/// `0..=max_operand`, result an integer in `0..=max_result`, operators
/// `+` and `-` by default) by the inverse change; it is kept when it is
/// false and its only fix is that true equation.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator, Solver};
///
/// let generator = Generator::new(Change::Move(1));
/// let puzzles = generator.generate(42, 5)?;
/// assert_eq!(puzzles, generator.generate(42, 5)?); // same seed, same puzzles
/// for p in &puzzles {
///     let fixes = Solver::new(Change::Move(1)).solve(p.equation())?.into_fixes();
///     assert_eq!(fixes.len(), 1);
/// }
/// # Ok::<(), kongming_sevenseg::SolveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    change: Change,
    rules: Rules,
    max_operand: u32,
    max_result: u32,
    ops: Vec<Op>,
}

impl Generator {
    /// Puzzles for `change`, default rules, single digits, `+` and `-`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// assert!(!Generator::new(Change::Move(1)).all()?.is_empty());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn new(change: Change) -> Generator {
        Generator {
            change,
            rules: Rules::default(),
            max_operand: 9,
            max_result: 9,
            ops: vec![Op::Plus, Op::Minus],
        }
    }

    /// Sets the rules.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Rules};
    /// let g = Generator::new(Change::Move(1)).rules(Rules::default().keep_orientation(true));
    /// assert!(!g.all()?.is_empty());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The largest operand (default 9). Capped at 99, so that the true
    /// equations stay at most 40 000.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let g = Generator::new(Change::Move(1)).max_operand(3).max_result(3);
    /// assert!(g.all()?.iter().all(|p| p.fix().equation().len() == 5));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn max_operand(mut self, n: u32) -> Self {
        self.max_operand = n.min(99);
        self
    }

    /// The largest result (default 9). Capped at 9 999.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let g = Generator::new(Change::Move(1)).max_result(18);
    /// assert!(g.true_equations().iter().any(|e| e.to_string() == "9+9=18"));
    /// ```
    #[must_use]
    pub fn max_result(mut self, n: u32) -> Self {
        self.max_result = n.min(9_999);
        self
    }

    /// The operators of the true equations (default `+` and `-`; `=` is
    /// ignored).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Op};
    /// let g = Generator::new(Change::Move(1)).operators(&[Op::Times]);
    /// assert!(g.true_equations().iter().all(|e| e.to_string().contains('*')));
    /// ```
    #[must_use]
    pub fn operators(mut self, ops: &[Op]) -> Self {
        self.ops = ops.iter().copied().filter(|&o| o != Op::Equals).collect();
        self
    }

    /// Every true equation `a op b = c` the puzzles start from, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// // 55 sums and 55 differences of single digits.
    /// assert_eq!(Generator::new(Change::Move(1)).true_equations().len(), 110);
    /// ```
    pub fn true_equations(&self) -> Vec<Equation> {
        let mut out = Vec::new();
        for &op in &self.ops {
            for a in 0..=self.max_operand {
                for b in 0..=self.max_operand {
                    let c = match op {
                        Op::Plus => Some(a + b),
                        Op::Minus => a.checked_sub(b),
                        Op::Times => Some(a * b),
                        Op::Divide => (b != 0 && a % b == 0).then(|| a / b),
                        Op::Equals => None,
                    };
                    let Some(c) = c.filter(|&c| c <= self.max_result) else {
                        continue;
                    };
                    let mut glyphs = digits(a);
                    glyphs.push(Glyph::op(op));
                    glyphs.extend(digits(b));
                    glyphs.push(Glyph::op(Op::Equals));
                    glyphs.extend(digits(c));
                    if let Ok(eq) = self.rules.equation(glyphs) {
                        out.push(eq);
                    }
                }
            }
        }
        out
    }

    /// Every puzzle whose only fix is `truth` (which should be true).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the change asks for no sticks or too many.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let puzzles = Generator::new(Change::Move(1)).puzzles_for(&"9-7=2".parse()?)?;
    /// assert!(puzzles.iter().any(|p| p.to_string() == "5+7=2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzles_for(&self, truth: &Equation) -> Result<Vec<Puzzle>, SolveError> {
        let (back, forth) = self.solvers()?;
        Self::puzzles_with(&back, &forth, truth)
    }

    /// The solvers for the inverse change (from a true equation to the
    /// puzzles) and for the change (back to the fixes), built once per run.
    /// The change is checked first, so that an error names it rather than
    /// its inverse.
    fn solvers(&self) -> Result<(Solver, Solver), SolveError> {
        self.change.check()?;
        Ok((
            Solver::new(self.change.inverse()).rules(self.rules),
            Solver::new(self.change).rules(self.rules),
        ))
    }

    /// [`puzzles_for`](Generator::puzzles_for) with the solvers given.
    fn puzzles_with(
        back: &Solver,
        forth: &Solver,
        truth: &Equation,
    ) -> Result<Vec<Puzzle>, SolveError> {
        let mut out = Vec::new();
        for candidate in back.neighbours(truth)? {
            let equation = candidate.equation();
            if equation.is_true() {
                continue;
            }
            let solutions = forth.solve(equation)?;
            if let [fix] = solutions.fixes()
                && fix.equation() == truth
            {
                out.push(Puzzle {
                    equation: equation.clone(),
                    fix: fix.clone(),
                });
            }
        }
        Ok(out)
    }

    /// Every puzzle from every true equation, sorted by equation. Calls
    /// `progress(done, total)` after each true equation.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the change asks for no sticks or too many.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let mut last = (0, 0);
    /// let all = Generator::new(Change::Move(1)).all_with_progress(|done, total| last = (done, total))?;
    /// assert_eq!(last, (110, 110));
    /// assert!(all.iter().all(|p| p.fix().equation().is_true()));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn all_with_progress(
        &self,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Vec<Puzzle>, SolveError> {
        let truths = self.true_equations();
        let (back, forth) = self.solvers()?;
        let mut all = BTreeSet::new();
        for (i, t) in truths.iter().enumerate() {
            for p in Self::puzzles_with(&back, &forth, t)? {
                all.insert(Ordered(p));
            }
            progress(i + 1, truths.len());
        }
        Ok(all.into_iter().map(|o| o.0).collect())
    }

    /// Every puzzle from every true equation, sorted by equation.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the change asks for no sticks or too many.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let all = Generator::new(Change::Move(1)).all()?;
    /// assert!(all.iter().any(|p| p.to_string() == "5+7=2"));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn all(&self) -> Result<Vec<Puzzle>, SolveError> {
        self.all_with_progress(|_, _| {})
    }

    /// Up to `count` distinct puzzles drawn at random (ChaCha8 seeded with
    /// `seed`: the same seed gives the same puzzles). Fewer when the true
    /// equations do not give that many: it gives up after `50 × count`
    /// fruitless draws, or once every true equation drawn has had all its
    /// puzzles drawn and every true equation has been drawn, so any
    /// `count` (even `usize::MAX`) ends, with at most every puzzle there
    /// is.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the change asks for no sticks or too many.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let puzzles = Generator::new(Change::Move(2)).generate(3, 4)?;
    /// assert_eq!(puzzles.len(), 4);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn generate(&self, seed: u64, count: usize) -> Result<Vec<Puzzle>, SolveError> {
        let truths = self.true_equations();
        let (back, forth) = self.solvers()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        let mut misses = 0usize;
        let most_misses = count.max(1).saturating_mul(50);
        // The true equations whose puzzles have all been drawn (each puzzle
        // has one fix, so it comes from one true equation only).
        let mut exhausted = vec![false; truths.len()];
        let mut left = truths.len();
        while out.len() < count && misses < most_misses && left > 0 {
            let drawn = rng.random_range(0..truths.len());
            let puzzles = Self::puzzles_with(&back, &forth, &truths[drawn])?;
            let fresh: Vec<&Puzzle> = puzzles
                .iter()
                .filter(|p| !seen.contains(&p.equation))
                .collect();
            if fresh.is_empty() {
                misses += 1;
                if !exhausted[drawn] {
                    exhausted[drawn] = true;
                    left -= 1;
                }
                continue;
            }
            let pick = fresh[rng.random_range(0..fresh.len())].clone();
            seen.insert(pick.equation.clone());
            out.push(pick);
        }
        Ok(out)
    }
}

/// Orders puzzles by their equation.
struct Ordered(Puzzle);
impl PartialEq for Ordered {
    fn eq(&self, other: &Self) -> bool {
        self.0.equation == other.0.equation
    }
}
impl Eq for Ordered {}
impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.equation.cmp(&other.0.equation)
    }
}

fn digits(n: u32) -> Vec<Glyph> {
    n.to_string()
        .bytes()
        .filter_map(|b| Glyph::digit(b - b'0'))
        .collect()
}
