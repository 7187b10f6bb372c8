//! A player's game of a peg puzzle: [`Game`], the puzzle as given and the
//! jumps played; [`Lost`], why a legal jump is wrong.

use std::fmt;
use std::sync::{Arc, OnceLock};

use kongming_search::control::{Budget, StopReason};
use kongming_search::play::Check;

use crate::board::Jump;
use crate::count::CensusError;
use crate::hint::Hint;
use crate::position::{IllegalJump, Position, ReplayError};
use crate::solve::Solver;
use crate::verdict::Verdict;

use super::analysis::Analysis;
use super::error::PlayError;
use super::puzzle::Puzzle;

/// Why a legal jump is wrong: the goal cannot be reached after it.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Check, Game, Goal, Puzzle};
///
/// let board = Board::triangular(5)?;
/// let top = board.cell("c1")?;
/// let mut game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
/// game.play(board.parse_jump("b3-c1")?)?;
/// let Check::Wrong(lost) = game.check(&board.parse_jump("c4-b2")?)? else {
///     panic!("a losing jump")
/// };
/// assert!(lost.was_winnable());
/// assert_eq!(lost.to_string(), "the goal cannot be reached after this jump");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lost {
    was_winnable: bool,
}

impl Lost {
    /// Whether the goal could still be reached before the jump: `true`
    /// when this jump is the one that lost the game, `false` when an
    /// earlier one did.
    ///
    /// # Example
    ///
    /// See [`Lost`].
    ///
    /// ```
    /// use kongming_peg_bitboard::{Check, Game, Goal, Position, Puzzle};
    ///
    /// // Not winnable from the start: no jump is to blame.
    /// let start: Position = "o o . o o".parse()?;
    /// let game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// let Check::Wrong(lost) = game.check(&start.board().parse_jump("a1-c1")?)? else {
    ///     panic!("a losing jump")
    /// };
    /// assert!(!lost.was_winnable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn was_winnable(&self) -> bool {
        self.was_winnable
    }
}

impl fmt::Display for Lost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the goal cannot be reached after this jump")?;
        if !self.was_winnable {
            f.write_str(" (nor could it before it: an earlier jump lost the game)")?;
        }
        Ok(())
    }
}

/// What a game's answers are read from, built on first need: the
/// puzzle's winnable sets, or the solver when the board is too large for
/// a census.
enum Engine {
    Sets(Analysis),
    Solver,
}

/// A player's game: the [`Puzzle`] as given and the jumps played so far,
/// mistakes included. It checks a jump before it is played
/// ([`check`](Game::check): does it keep the game winnable?), records it
/// ([`play`](Game::play)) and gives a [`Hint`] from wherever the player
/// is ([`hint`](Game::hint)).
///
/// # Where the answers come from
///
/// On first need the game builds the puzzle's winnable sets (a census per
/// hole the goal allows, under the game's [`budget`](Game::budget)); then
/// each answer takes microseconds and hints count the solutions left. The
/// sets are a cache, shared by clones of the game and never serialized.
/// When a census fails (the board is too large: past
/// [`DEFAULT_LIMIT`](crate::DEFAULT_LIMIT) positions), the game asks the
/// [`Solver`] instead, under the same budget, and its hints count no
/// solutions. A budget stop is an answer, `Stopped`, and nothing is
/// cached: the next call tries again.
///
/// With the `serde` feature a game is stored as
/// `{"puzzle": {"start": <layout>, "goal": "one peg at d4"}, "jumps": ["d2-d4", …]}`,
/// and loading it replays the jumps (an illegal one is refused).
///
/// Its [`Display`](fmt::Display) is the goal, then the position as it
/// stands drawn with column letters and row numbers (as a
/// [`Puzzle`]'s shows its start):
///
/// ```
/// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
///
/// let start: Position = "o o .".parse()?;
/// let mut game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
/// assert_eq!(game.to_string(), "goal: one peg\n   a b c\n 1 o o .");
/// game.play(start.board().parse_jump("a1-c1")?)?;
/// assert_eq!(game.to_string(), "goal: one peg\n   a b c\n 1 . . o");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Check, Game, Goal, Hint, Puzzle};
///
/// let board = Board::triangular(5)?;
/// let top = board.cell("c1")?;
/// let mut game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
/// assert_eq!(game.play(board.parse_jump("b3-c1")?)?, Check::Right);
/// while let Hint::Next { jump, .. } = game.hint()? {
///     game.play(jump)?;
/// }
/// assert!(game.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Game {
    puzzle: Puzzle,
    jumps: Vec<Jump>,
    position: Position,
    budget: Budget,
    engine: Arc<OnceLock<Engine>>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("puzzle", &self.puzzle)
            .field("jumps", &self.jumps)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Game {
    /// `goal: one peg at d4`, then the position as it stands drawn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.position.board();
        writeln!(f, "goal: {}", board.goal_name(self.puzzle.goal()))?;
        f.write_str(&self.position.render())
    }
}

impl PartialEq for Game {
    /// Games are equal when their puzzles and their jumps are.
    fn eq(&self, other: &Game) -> bool {
        self.puzzle == other.puzzle && self.jumps == other.jumps
    }
}

impl Eq for Game {}

impl Game {
    /// A new game of `puzzle`, no jump played, with no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// assert_eq!(game.position(), &start);
    /// assert!(game.jumps().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: Puzzle) -> Game {
        let position = puzzle.start().clone();
        Game {
            puzzle,
            jumps: Vec::new(),
            position,
            budget: Budget::unlimited(),
            engine: Arc::new(OnceLock::new()),
        }
    }

    /// A game of `puzzle` with `jumps` played (wrong ones too), as a
    /// saved game is loaded.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first jump that cannot be played.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let puzzle = Puzzle::new(start.clone(), Goal::OnePeg)?;
    /// let jumps = start.board().parse_jumps("a1-c1 d1-b1")?;
    /// assert!(Game::replayed(puzzle.clone(), &jumps)?.is_solved());
    /// assert!(Game::replayed(puzzle, &jumps[1..]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replayed(puzzle: Puzzle, jumps: &[Jump]) -> Result<Game, ReplayError> {
        let position = puzzle.start().replay(jumps)?;
        let mut game = Game::new(puzzle);
        game.position = position;
        game.jumps = jumps.to_vec();
        Ok(game)
    }

    /// Sets the budget of every answer: building the winnable sets (a
    /// node is a position a census expands) or, on a board too large for
    /// them, each solver call (a node is a position searched). Not
    /// serialized.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Game, Goal, Hint, Puzzle};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let game = Game::new(Puzzle::new(board.start(centre)?, Goal::OnePegAt(centre))?)
    ///     .budget(Budget::unlimited().with_node_limit(100));
    /// assert!(matches!(game.hint()?, Hint::Stopped(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Game {
        self.budget = budget;
        self
    }

    /// Answers by the [`Solver`] alone, building no winnable set: for a
    /// board whose census takes too long (the European board's games, or
    /// larger boards), at the cost of a search per answer and hints that
    /// count no solutions. Not serialized.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Game, Goal, Hint, Puzzle};
    ///
    /// let board = Board::european();
    /// let start = board.start(board.cell("c1")?)?;
    /// let game = Game::new(Puzzle::new(start, Goal::OnePegAt(board.cell("e4")?))?).by_solver();
    /// let Hint::Next { jump, solutions } = game.hint()? else { panic!("a jump") };
    /// assert!(game.position().legal_jumps().contains(&jump));
    /// assert_eq!(solutions, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn by_solver(mut self) -> Game {
        let engine = OnceLock::new();
        // A fresh cell holds nothing yet: the set cannot fail.
        let _ = engine.set(Engine::Solver);
        self.engine = Arc::new(engine);
        self
    }

    /// The puzzle as given.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let puzzle = Puzzle::new("o o .".parse::<Position>()?, Goal::OnePeg)?;
    /// assert_eq!(Game::new(puzzle.clone()).puzzle(), &puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The jumps played, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let mut game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// let jump = start.board().parse_jump("a1-c1")?;
    /// game.play(jump)?;
    /// assert_eq!(game.jumps(), &[jump]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The position now, after the jumps played.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let mut game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// game.play(start.board().parse_jump("a1-c1")?)?;
    /// assert_eq!(game.position().pegs(), 0b100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the position now is the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let mut game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// assert!(!game.is_solved());
    /// game.play(start.board().parse_jump("a1-c1")?)?;
    /// assert!(game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solved(&self) -> bool {
        self.puzzle.is_goal(&self.position)
    }

    /// The engine, built on first need; `Ok(None)` when the build stops.
    fn engine(&self) -> Result<Result<&Engine, StopReason>, PlayError> {
        if let Some(engine) = self.engine.get() {
            return Ok(Ok(engine));
        }
        let built = match self.puzzle.analysis(&self.budget) {
            Ok(Ok(analysis)) => Engine::Sets(analysis),
            Ok(Err(reason)) => return Ok(Err(reason)),
            Err(PlayError::Census(CensusError::TooManyPositions { .. })) => Engine::Solver,
            Err(error) => return Err(error),
        };
        // Another clone may have built it meanwhile: either is right.
        let _ = self.engine.set(built);
        Ok(Ok(self.engine.get().expect("just set")))
    }

    /// Whether the goal can be reached from `position`, a position of
    /// the game.
    fn winnable(
        &self,
        engine: &Engine,
        position: &Position,
    ) -> Result<Result<bool, StopReason>, PlayError> {
        match engine {
            Engine::Sets(analysis) => Ok(Ok(analysis.is_winnable(position))),
            Engine::Solver => {
                let verdict = Solver::new(position)
                    .goal(self.puzzle.goal())
                    .budget(self.budget.clone())
                    .solve()?;
                Ok(match verdict {
                    Verdict::Solved(_) => Ok(true),
                    Verdict::Impossible(_) => Ok(false),
                    Verdict::Stopped(reason) => Err(reason),
                })
            }
        }
    }

    /// Judges `jump` from the position now, without playing it:
    /// [`Check::Illegal`] with why it cannot be played,
    /// [`Check::Solved`] when it reaches the goal, [`Check::Right`] when
    /// the goal can still be reached after it, [`Check::Wrong`] when it
    /// cannot ([`Lost`] says whether the game was still winnable before),
    /// [`Check::Stopped`] when the budget runs out first.
    ///
    /// # Errors
    ///
    /// [`PlayError`] when the census or the solver fails.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Check, Game, Goal, IllegalJump, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
    /// assert_eq!(game.check(&board.parse_jump("b3-c1")?)?, Check::Right);
    /// assert_eq!(game.check(&board.parse_jump("c1-b3")?)?, Check::Illegal(IllegalJump::NoPeg));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, jump: &Jump) -> Result<Check<Lost, IllegalJump>, PlayError> {
        let next = match self.position.play(*jump) {
            Ok(next) => next,
            Err(illegal) => return Ok(Check::Illegal(illegal)),
        };
        if self.puzzle.is_goal(&next) {
            return Ok(Check::Solved);
        }
        let engine = match self.engine()? {
            Ok(engine) => engine,
            Err(reason) => return Ok(Check::Stopped(reason)),
        };
        match self.winnable(engine, &next)? {
            Ok(true) => return Ok(Check::Right),
            Ok(false) => {}
            Err(reason) => return Ok(Check::Stopped(reason)),
        }
        Ok(match self.winnable(engine, &self.position)? {
            Ok(was_winnable) => Check::Wrong(Lost { was_winnable }),
            Err(reason) => Check::Stopped(reason),
        })
    }

    /// Checks `jump` as [`check`](Game::check) does, and plays it if it
    /// is legal (a wrong jump too: players make mistakes, and
    /// [`hint`](Game::hint) then says which jump to take back).
    ///
    /// # Errors
    ///
    /// As [`check`](Game::check).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Check, Game, Goal, Hint, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let mut game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
    /// assert_eq!(game.play(board.parse_jump("b3-c1")?)?, Check::Right);
    /// assert!(matches!(game.play(board.parse_jump("c4-b2")?)?, Check::Wrong(_)));
    /// assert_eq!(game.jumps().len(), 2);
    /// assert!(matches!(game.hint()?, Hint::Undo { index: 1, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, jump: Jump) -> Result<Check<Lost, IllegalJump>, PlayError> {
        let check = self.check(&jump)?;
        if !matches!(check, Check::Illegal(_)) {
            self.position = self.position.play(jump).expect("a legal jump");
            self.jumps.push(jump);
        }
        Ok(check)
    }

    /// Takes back the last jump played, if any, and returns it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Game, Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let mut game = Game::new(Puzzle::new(start.clone(), Goal::OnePeg)?);
    /// let jump = start.board().parse_jump("a1-c1")?;
    /// game.play(jump)?;
    /// assert_eq!(game.undo(), Some(jump));
    /// assert_eq!(game.position(), &start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Jump> {
        let jump = self.jumps.pop()?;
        self.position = self
            .puzzle
            .start()
            .replay(&self.jumps)
            .expect("the jumps played are legal");
        Some(jump)
    }

    /// Does what `hint` says: plays a [`Hint::Next`]'s jump, or for a
    /// [`Hint::Undo`] takes back the jumps from the last down to the one
    /// it names. Returns whether the game changed: `false` for
    /// [`Hint::Solved`], [`Hint::DeadEnd`] and [`Hint::Stopped`], and for
    /// a hint from another state, whose jump cannot be played now or
    /// whose `Undo` names a jump the game does not have at that index;
    /// then nothing changes. The jump is not judged (no census, no
    /// search): [`check`](Game::check) does that.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Game, Goal, Hint, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let mut game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
    /// game.play(board.parse_jump("b3-c1")?)?;
    /// game.play(board.parse_jump("c4-b2")?)?; // loses
    /// let undo = game.hint()?;
    /// assert!(matches!(undo, Hint::Undo { index: 1, .. }));
    /// assert!(game.follow(&undo));
    /// assert_eq!(game.jumps().len(), 1);
    /// assert!(!game.follow(&undo)); // that jump is gone already
    /// let next = game.hint()?;
    /// assert!(game.follow(&next));
    /// assert!(!game.follow(&next)); // its peg has moved
    /// while game.follow(&game.hint()?) {}
    /// assert!(game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn follow(&mut self, hint: &Hint) -> bool {
        match *hint {
            Hint::Next { jump, .. } => match self.position.play(jump) {
                Ok(next) => {
                    self.position = next;
                    self.jumps.push(jump);
                    true
                }
                Err(_) => false,
            },
            // Only the jump the hint names, where it names it: a stale
            // hint must not take back jumps played since.
            Hint::Undo { jump, index } if self.jumps.get(index) == Some(&jump) => {
                match self.puzzle.start().replay(&self.jumps[..index]) {
                    Ok(position) => {
                        self.position = position;
                        self.jumps.truncate(index);
                        true
                    }
                    Err(_) => false,
                }
            }
            _ => false,
        }
    }

    /// What to do next, from wherever the player is: [`Hint::Solved`] at
    /// the goal; [`Hint::Next`] with a jump that keeps the game winnable
    /// (the one leaving the most solutions, counted when the winnable
    /// sets are built); [`Hint::Undo`] naming the jump after which the
    /// goal could no longer be reached (take it back, and those after
    /// it); [`Hint::DeadEnd`] when the puzzle cannot be won from its
    /// start; [`Hint::Stopped`] when the budget runs out first.
    ///
    /// # Errors
    ///
    /// [`PlayError`] when the census or the solver fails.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Game, Goal, Hint, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let game = Game::new(Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?);
    /// let Hint::Next { jump, solutions } = game.hint()? else { panic!("a jump") };
    /// assert!(game.position().legal_jumps().contains(&jump));
    /// assert_eq!(solutions, Some(3_408));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Result<Hint, PlayError> {
        if self.is_solved() {
            return Ok(Hint::Solved);
        }
        let engine = match self.engine()? {
            Ok(engine) => engine,
            Err(reason) => return Ok(Hint::Stopped(reason)),
        };
        match engine {
            Engine::Sets(analysis) => {
                if let Some((jump, left)) = analysis.best_jump(&self.position) {
                    return Ok(Hint::Next {
                        jump,
                        solutions: Some(left),
                    });
                }
            }
            Engine::Solver => {
                let hint = Solver::new(&self.position)
                    .goal(self.puzzle.goal())
                    .budget(self.budget.clone())
                    .hint()?;
                if hint != Hint::DeadEnd {
                    return Ok(hint);
                }
            }
        }
        self.blame(engine)
    }

    /// The hint of a lost position: the first jump after which the game
    /// was lost, found by halving (a lost game stays lost), or a dead end
    /// when the start is lost.
    fn blame(&self, engine: &Engine) -> Result<Hint, PlayError> {
        let start = self.puzzle.start();
        match self.winnable(engine, start)? {
            Ok(true) => {}
            Ok(false) => return Ok(Hint::DeadEnd),
            Err(reason) => return Ok(Hint::Stopped(reason)),
        }
        if self.jumps.is_empty() {
            // Winnable by one call and not by the next: only a solver
            // stopped differently could say so; nothing to take back.
            return Ok(Hint::DeadEnd);
        }
        // Winnable after `won` jumps, lost after `lost`.
        let (mut won, mut lost) = (0, self.jumps.len());
        while lost - won > 1 {
            let middle = won + (lost - won) / 2;
            let position = start
                .replay(&self.jumps[..middle])
                .expect("the jumps played are legal");
            match self.winnable(engine, &position)? {
                Ok(true) => won = middle,
                Ok(false) => lost = middle,
                Err(reason) => return Ok(Hint::Stopped(reason)),
            }
        }
        Ok(Hint::Undo {
            jump: self.jumps[lost - 1],
            index: lost - 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::solve::Goal;

    /// A game of the 15-hole triangle from its top, answered by the
    /// solver as on a board too large for a census.
    fn by_solver() -> (Board, Game) {
        let board = Board::triangular(5).unwrap();
        let top = board.cell("c1").unwrap();
        let puzzle = Puzzle::new(board.start(top).unwrap(), Goal::OnePegAt(top)).unwrap();
        (board, Game::new(puzzle).by_solver())
    }

    #[test]
    fn the_solver_stands_in_for_the_sets() {
        let (board, mut game) = by_solver();
        assert_eq!(
            game.play(board.parse_jump("b3-c1").unwrap()).unwrap(),
            Check::Right
        );
        let wrong = board.parse_jump("c4-b2").unwrap();
        assert_eq!(
            game.play(wrong).unwrap(),
            Check::Wrong(Lost { was_winnable: true })
        );
        assert_eq!(
            game.hint().unwrap(),
            Hint::Undo {
                jump: wrong,
                index: 1
            }
        );
        game.undo();
        for _ in 0..20 {
            match game.hint().unwrap() {
                Hint::Next { jump, solutions } => {
                    assert_eq!(solutions, None);
                    assert_ne!(
                        game.play(jump).unwrap(),
                        Check::Wrong(Lost { was_winnable: true })
                    );
                }
                Hint::Solved => break,
                other => panic!("{other:?}"),
            }
        }
        assert!(game.is_solved());
    }

    #[test]
    fn the_solver_stops_with_the_budget() {
        let (board, game) = by_solver();
        let game = game.budget(Budget::unlimited().with_node_limit(1));
        let jump = board.parse_jump("b3-c1").unwrap();
        assert!(matches!(game.check(&jump).unwrap(), Check::Stopped(_)));
        assert!(matches!(game.hint().unwrap(), Hint::Stopped(_)));
    }
}
