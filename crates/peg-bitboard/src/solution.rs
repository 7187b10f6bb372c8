//! A game: [`Solution`], a start and the jumps played from it.

use std::fmt;

use crate::board::Jump;
use crate::position::Position;

/// A sequence of jumps from a start position.
///
/// Written ([`Display`](fmt::Display)) in jump notation, one move (a chain
/// of jumps by one peg) per word: `d2-d4 f3-d3 c3-e3-e5`; read back with
/// [`Board::parse_jumps`](crate::Board::parse_jumps) and
/// [`Solution::new`], which replays the jumps from the start.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Solver};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let solution = Solver::new(&start).solve()?.solution().cloned().expect("solvable");
/// assert_eq!(solution.jumps().len(), 31);
/// assert_eq!(start.replay(solution.jumps())?, *solution.end());
/// assert!(solution.move_count() <= 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    start: Position,
    jumps: Vec<Jump>,
    end: Position,
}

impl Solution {
    /// The start position.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let verdict = Solver::new(&start).solve()?;
    /// assert_eq!(verdict.solution().unwrap().start(), &start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The jumps, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let verdict = Solver::new(&start).solve()?;
    /// assert_eq!(verdict.solution().unwrap().jumps().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The final position.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let verdict = Solver::new(&start).solve()?;
    /// assert_eq!(verdict.solution().unwrap().end().to_string(), ". . o");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// The number of moves, where consecutive jumps by the same peg (a
    /// chain) count as one move.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solution};
    ///
    /// let start: Position = "o o . o . . o o".parse()?;
    /// let jumps = start.board().parse_jumps("a1-c1-e1 h1-f1 e1-g1")?;
    /// let solution = Solution::new(&start, jumps)?;
    /// assert_eq!(solution.jumps().len(), 4);
    /// assert_eq!(solution.move_count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_count(&self) -> usize {
        chain_count(&self.jumps)
    }

    /// Checks `jumps` from `start` and wraps them as a solution.
    ///
    /// # Errors
    ///
    /// [`ReplayError`](crate::ReplayError) for the first illegal jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Solution};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// assert!(Solution::new(&start, board.parse_jumps("d2-d4")?).is_ok());
    /// assert!(Solution::new(&start, board.parse_jumps("d3-d5")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: &Position, jumps: Vec<Jump>) -> Result<Solution, crate::ReplayError> {
        let end = start.replay(&jumps)?;
        Ok(Solution {
            start: start.clone(),
            jumps,
            end,
        })
    }

    /// The jumps in notation, one move (a chain) per word: `"d2-d4 f3-d3
    /// c3-e3-e5"`; the same as [`Display`](fmt::Display).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solution};
    ///
    /// let start: Position = "o o . o . . o o".parse()?;
    /// let text = "a1-c1-e1 h1-f1 e1-g1";
    /// let solution = Solution::new(&start, start.board().parse_jumps(text)?)?;
    /// assert_eq!(solution.notation(), text);
    /// assert_eq!(solution.to_string(), text);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn notation(&self) -> String {
        self.to_string()
    }

    /// Every position of the game, the start and the end included.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let verdict = Solver::new(&start).solve()?;
    /// let positions = verdict.solution().unwrap().positions();
    /// assert_eq!(positions.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> Vec<Position> {
        let mut positions = vec![self.start.clone()];
        let mut pegs = self.start.pegs();
        for jump in &self.jumps {
            pegs ^= jump.mask();
            positions.push(
                self.start
                    .board()
                    .position(pegs)
                    .expect("jumps stay on the board"),
            );
        }
        positions
    }

    /// The game as a sequence of boards, each headed by the jump that led
    /// to it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let verdict = Solver::new(&start).solve()?;
    /// assert_eq!(verdict.solution().unwrap().render(), "start\n   a b c\n 1 o o .\n\n1. a1-c1\n   a b c\n 1 . . o");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render(&self) -> String {
        let board = self.start.board();
        let mut out = format!("start\n{}", self.start.render());
        for (i, (jump, position)) in self
            .jumps
            .iter()
            .zip(self.positions().iter().skip(1))
            .enumerate()
        {
            out.push_str(&format!(
                "\n\n{}. {}\n{}",
                i + 1,
                board.jump_name(*jump),
                position.render()
            ));
        }
        out
    }
}

/// The number of chains (consecutive jumps by one peg) in `jumps`.
pub(crate) fn chain_count(jumps: &[Jump]) -> usize {
    jumps
        .iter()
        .enumerate()
        .filter(|&(i, jump)| i == 0 || jumps[i - 1].to() != jump.from())
        .count()
}

impl fmt::Display for Solution {
    /// The jumps in notation, one move (a chain) per word (nothing for a
    /// game of no jumps).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, jump) in self.jumps.iter().enumerate() {
            if i > 0 && self.jumps[i - 1].to() == jump.from() {
                write!(f, "-{}", jump.to().name())?;
            } else {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", jump.name())?;
            }
        }
        Ok(())
    }
}
