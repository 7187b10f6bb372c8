//! The built-in boards: the English, European, diamond and Wiegleb
//! boards as layouts, triangles of 1 to 10 rows, and the board of a name.

use super::{Board, LayoutError};

const ENGLISH: &str = "  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo";
const EUROPEAN: &str = "  ooo\n ooooo\nooooooo\nooooooo\nooooooo\n ooooo\n  ooo";
const DIAMOND: &str =
    "    o\n   ooo\n  ooooo\n ooooooo\nooooooooo\n ooooooo\n  ooooo\n   ooo\n    o";
const WIEGLEB: &str =
    "   ooo\n   ooo\n   ooo\nooooooooo\nooooooooo\nooooooooo\n   ooo\n   ooo\n   ooo";

impl Board {
    /// The English (British) board: 33 holes in a cross.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().len(), 33);
    /// ```
    pub fn english() -> Board {
        ENGLISH.parse().expect("the English layout is valid")
    }

    /// The European (French) board: 37 holes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::european().len(), 37);
    /// ```
    pub fn european() -> Board {
        EUROPEAN.parse().expect("the European layout is valid")
    }

    /// The diamond board: 41 holes, `|row - 5| + |column - e| <= 4`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::diamond().len(), 41);
    /// ```
    pub fn diamond() -> Board {
        DIAMOND.parse().expect("the diamond layout is valid")
    }

    /// Wiegleb's board: 45 holes, a cross with arms three wide and three
    /// long.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::wiegleb().len(), 45);
    /// ```
    pub fn wiegleb() -> Board {
        WIEGLEB.parse().expect("Wiegleb's layout is valid")
    }

    /// The triangular board with `rows` rows (15 holes for 5 rows).
    ///
    /// # Errors
    ///
    /// [`LayoutError::TriangleRows`] unless `1 <= rows <= 10` (10 rows make
    /// 55 holes, 11 would make 66).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, LayoutError};
    ///
    /// assert_eq!(Board::triangular(5)?.len(), 15);
    /// assert_eq!(Board::triangular(11), Err(LayoutError::TriangleRows { rows: 11 }));
    /// # Ok::<(), LayoutError>(())
    /// ```
    pub fn triangular(rows: usize) -> Result<Board, LayoutError> {
        if !(1..=10).contains(&rows) {
            return Err(LayoutError::TriangleRows { rows });
        }
        let text: Vec<String> = (0..rows)
            .map(|row| {
                let mut line = " ".repeat(rows - 1 - row);
                line.push_str(&vec!["o"; row + 1].join(" "));
                line
            })
            .collect();
        text.join("\n").parse()
    }

    /// A built-in board by name: `english`, `european` (or `french`),
    /// `triangular` (or `triangle`, 5 rows), `diamond`, `wiegleb`; case is
    /// ignored.
    ///
    /// # Errors
    ///
    /// [`LayoutError::UnknownBoard`] for any other name.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::named("French")?, Board::european());
    /// assert!(Board::named("hexagonal").is_err());
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn named(name: &str) -> Result<Board, LayoutError> {
        match name.to_ascii_lowercase().as_str() {
            "english" | "british" => Ok(Board::english()),
            "european" | "french" => Ok(Board::european()),
            "triangular" | "triangle" => Board::triangular(5),
            "diamond" => Ok(Board::diamond()),
            "wiegleb" => Ok(Board::wiegleb()),
            _ => Err(LayoutError::UnknownBoard {
                name: name.to_owned(),
            }),
        }
    }
}
