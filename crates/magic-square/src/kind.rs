//! Kinds of magic squares: which lines must add up.

use std::fmt;
use std::str::FromStr;

/// Which lines of a square must reach the magic constant.
///
/// Every kind asks for the rows and the columns. On top of that:
///
/// - [`MAGIC`](Kind::MAGIC): both main diagonals;
/// - [`PANDIAGONAL`](Kind::PANDIAGONAL): every broken diagonal in both
///   directions (the main diagonals included);
/// - [`ASSOCIATIVE`](Kind::ASSOCIATIVE): the main diagonals, and every two
///   cells symmetric through the centre add up to `n² + 1`;
/// - [`ULTRAMAGIC`](Kind::ULTRAMAGIC): pandiagonal and associative.
///
/// [`SEMI_MAGIC`](Kind::SEMI_MAGIC) asks for rows and columns only. Kinds
/// combine with [`Kind::and`]. The text forms are `semi-magic`, `magic`,
/// `pandiagonal`, `associative` and `ultramagic`.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Kind;
///
/// let kind: Kind = "ultramagic".parse()?;
/// assert_eq!(kind, Kind::PANDIAGONAL.and(Kind::ASSOCIATIVE));
/// assert!(kind.is_pandiagonal() && kind.is_associative() && kind.has_diagonals());
/// assert_eq!(Kind::SEMI_MAGIC.to_string(), "semi-magic");
/// # Ok::<(), kongming_magic_square::ParseKindError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Kind {
    diagonals: bool,
    pandiagonal: bool,
    associative: bool,
}

impl Kind {
    /// Rows and columns only.
    pub const SEMI_MAGIC: Self = Self {
        diagonals: false,
        pandiagonal: false,
        associative: false,
    };
    /// Rows, columns and the two main diagonals: a (normal) magic square.
    pub const MAGIC: Self = Self {
        diagonals: true,
        pandiagonal: false,
        associative: false,
    };
    /// Magic, and every broken diagonal in both directions too.
    pub const PANDIAGONAL: Self = Self {
        diagonals: true,
        pandiagonal: true,
        associative: false,
    };
    /// Magic, and cells symmetric through the centre add up to `n² + 1`.
    pub const ASSOCIATIVE: Self = Self {
        diagonals: true,
        pandiagonal: false,
        associative: true,
    };
    /// Pandiagonal and associative.
    pub const ULTRAMAGIC: Self = Self {
        diagonals: true,
        pandiagonal: true,
        associative: true,
    };

    /// Every kind, weakest first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Kind;
    ///
    /// assert_eq!(Kind::ALL.len(), 5);
    /// assert_eq!(Kind::ALL[0], Kind::SEMI_MAGIC);
    /// ```
    pub const ALL: [Self; 5] = [
        Self::SEMI_MAGIC,
        Self::MAGIC,
        Self::PANDIAGONAL,
        Self::ASSOCIATIVE,
        Self::ULTRAMAGIC,
    ];

    /// The kind that asks for everything either kind asks for.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Kind;
    ///
    /// assert_eq!(Kind::SEMI_MAGIC.and(Kind::MAGIC), Kind::MAGIC);
    /// ```
    #[must_use]
    pub const fn and(self, other: Self) -> Self {
        Self {
            diagonals: self.diagonals || other.diagonals,
            pandiagonal: self.pandiagonal || other.pandiagonal,
            associative: self.associative || other.associative,
        }
    }

    /// Whether the two main diagonals must add up.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Kind;
    ///
    /// assert!(Kind::MAGIC.has_diagonals());
    /// assert!(!Kind::SEMI_MAGIC.has_diagonals());
    /// ```
    pub const fn has_diagonals(self) -> bool {
        self.diagonals
    }

    /// Whether every broken diagonal must add up.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Kind;
    ///
    /// assert!(Kind::ULTRAMAGIC.is_pandiagonal());
    /// assert!(!Kind::ASSOCIATIVE.is_pandiagonal());
    /// ```
    pub const fn is_pandiagonal(self) -> bool {
        self.pandiagonal
    }

    /// Whether cells symmetric through the centre must add up to `n² + 1`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Kind;
    ///
    /// assert!(Kind::ASSOCIATIVE.is_associative());
    /// assert!(!Kind::MAGIC.is_associative());
    /// ```
    pub const fn is_associative(self) -> bool {
        self.associative
    }

    /// The name of this kind, as [`FromStr`] reads it.
    fn name(self) -> &'static str {
        match (self.diagonals, self.pandiagonal, self.associative) {
            (false, false, false) => "semi-magic",
            (true, false, false) => "magic",
            (_, true, false) => "pandiagonal",
            (_, false, true) => "associative",
            (_, true, true) => "ultramagic",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Kind`] from an unknown name.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Kind;
///
/// let err = "hexagonal".parse::<Kind>().unwrap_err();
/// assert!(err.to_string().contains("hexagonal"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseKindError {
    name: String,
}

impl fmt::Display for ParseKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown kind of magic square {:?} (expected semi-magic, magic, pandiagonal, associative or ultramagic)",
            self.name
        )
    }
}

impl std::error::Error for ParseKindError {}

impl FromStr for Kind {
    type Err = ParseKindError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|kind| kind.name() == name.replace(['_', ' '], "-"))
            .ok_or_else(|| ParseKindError {
                name: s.chars().take(40).collect(),
            })
    }
}
