//! Glyphs (digits and operators) as sets of stick slots, and glyph styles.

use std::fmt;

bitflags::bitflags! {
    /// A set of stick slots in one glyph cell.
    ///
    /// Digit cells use the seven segments `TOP` … `MIDDLE` (a–g of the usual
    /// seven-segment display). Operator cells use `BAR` (the bar of `-`, the
    /// crossbar of `+`, one bar of `=`), `STEM` (the upright of `+`),
    /// `SECOND_BAR` (the other bar of `=`), `RISING` (`/`) and `FALLING`
    /// (`\`, with `RISING` it makes `×`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Segments, Style};
    ///
    /// let one = Style::default().segments(Glyph::digit(1).unwrap());
    /// assert_eq!(one, Segments::UPPER_RIGHT | Segments::LOWER_RIGHT);
    /// assert_eq!(one.bits().count_ones(), 2);
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct Segments: u16 {
        /// Segment a: the top bar of a digit (horizontal).
        const TOP = 1;
        /// Segment b: the upper right upright of a digit (vertical).
        const UPPER_RIGHT = 1 << 1;
        /// Segment c: the lower right upright of a digit (vertical).
        const LOWER_RIGHT = 1 << 2;
        /// Segment d: the bottom bar of a digit (horizontal).
        const BOTTOM = 1 << 3;
        /// Segment e: the lower left upright of a digit (vertical).
        const LOWER_LEFT = 1 << 4;
        /// Segment f: the upper left upright of a digit (vertical).
        const UPPER_LEFT = 1 << 5;
        /// Segment g: the middle bar of a digit (horizontal).
        const MIDDLE = 1 << 6;
        /// The bar of `-`, crossbar of `+` and one bar of `=` (horizontal).
        const BAR = 1 << 7;
        /// The upright of `+` (vertical).
        const STEM = 1 << 8;
        /// The second bar of `=` (horizontal).
        const SECOND_BAR = 1 << 9;
        /// The rising diagonal of `/` and `×`.
        const RISING = 1 << 10;
        /// The falling diagonal of `×`.
        const FALLING = 1 << 11;
    }
}

impl Segments {
    /// The orientation of a single slot (`None` for an empty or multi-slot set).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Orientation, Segments};
    ///
    /// assert_eq!(Segments::MIDDLE.orientation(), Some(Orientation::Horizontal));
    /// assert_eq!(Segments::STEM.orientation(), Some(Orientation::Vertical));
    /// assert_eq!((Segments::TOP | Segments::BOTTOM).orientation(), None);
    /// ```
    pub fn orientation(self) -> Option<Orientation> {
        if self.bits().count_ones() != 1 {
            return None;
        }
        Some(if self.intersects(HORIZONTAL) {
            Orientation::Horizontal
        } else if self.intersects(VERTICAL) {
            Orientation::Vertical
        } else if self == Segments::RISING {
            Orientation::Rising
        } else {
            Orientation::Falling
        })
    }

    /// A short name of a single slot (`"top"`, `"upper-right"`, `"stem"`, …),
    /// or `"?"` for anything else.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Segments;
    ///
    /// assert_eq!(Segments::UPPER_RIGHT.name(), "upper-right");
    /// ```
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 12] = [
            "top",
            "upper-right",
            "lower-right",
            "bottom",
            "lower-left",
            "upper-left",
            "middle",
            "bar",
            "stem",
            "second-bar",
            "rising",
            "falling",
        ];
        if self.bits().count_ones() == 1 {
            NAMES[self.bits().trailing_zeros() as usize]
        } else {
            "?"
        }
    }

    /// The number of sticks in each [`Orientation`], indexed by
    /// [`Orientation::index`].
    pub(crate) fn by_orientation(self) -> [u8; 4] {
        [
            (self & HORIZONTAL).bits().count_ones() as u8,
            (self & VERTICAL).bits().count_ones() as u8,
            (self & Segments::RISING).bits().count_ones() as u8,
            (self & Segments::FALLING).bits().count_ones() as u8,
        ]
    }
}

const HORIZONTAL: Segments = Segments::TOP
    .union(Segments::BOTTOM)
    .union(Segments::MIDDLE)
    .union(Segments::BAR)
    .union(Segments::SECOND_BAR);
const VERTICAL: Segments = Segments::UPPER_RIGHT
    .union(Segments::LOWER_RIGHT)
    .union(Segments::LOWER_LEFT)
    .union(Segments::UPPER_LEFT)
    .union(Segments::STEM);

/// Which way a stick lies. With [`Rules::keep_orientation`](crate::Rules::keep_orientation)
/// a moved stick keeps its orientation.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Orientation, Segments};
///
/// assert_eq!(Segments::RISING.orientation(), Some(Orientation::Rising));
/// assert_eq!(Orientation::Rising.index(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Lying flat: `-`.
    Horizontal,
    /// Standing up: `|`.
    Vertical,
    /// Leaning right: `/`.
    Rising,
    /// Leaning left: `\`.
    Falling,
}

impl Orientation {
    /// A dense index `0..4`, in declaration order.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Orientation::Vertical.index(), 1);
    /// ```
    pub fn index(self) -> usize {
        self as usize
    }
}

/// An operator glyph.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Glyph, Op};
///
/// assert_eq!(Glyph::op(Op::Plus).as_op(), Some(Op::Plus));
/// assert_eq!(Op::Times.to_string(), "*");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// `+`: two sticks, [`Segments::BAR`] and [`Segments::STEM`].
    Plus,
    /// `-`: one stick, [`Segments::BAR`].
    Minus,
    /// `×` (typed `x`, `*` or `×`): two crossed sticks.
    Times,
    /// `÷`, drawn as `/` (typed `/` or `÷`): one stick.
    Divide,
    /// `=`: two sticks, [`Segments::BAR`] and [`Segments::SECOND_BAR`].
    Equals,
}

impl Op {
    /// Every operator, in declaration order.
    pub const ALL: [Op; 5] = [Op::Plus, Op::Minus, Op::Times, Op::Divide, Op::Equals];

    /// The sticks of the operator (the same in every [`Style`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Op, Segments};
    ///
    /// assert_eq!(Op::Equals.segments(), Segments::BAR | Segments::SECOND_BAR);
    /// ```
    pub fn segments(self) -> Segments {
        match self {
            Op::Plus => Segments::BAR | Segments::STEM,
            Op::Minus => Segments::BAR,
            Op::Times => Segments::RISING | Segments::FALLING,
            Op::Divide => Segments::RISING,
            Op::Equals => Segments::BAR | Segments::SECOND_BAR,
        }
    }
}

impl fmt::Display for Op {
    /// The ASCII sign: `+ - * / =`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Op::Plus => "+",
            Op::Minus => "-",
            Op::Times => "*",
            Op::Divide => "/",
            Op::Equals => "=",
        })
    }
}

/// One glyph of an equation: a digit `0`–`9` or an [`Op`].
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Glyph, Op};
///
/// let six = Glyph::digit(6).unwrap();
/// assert_eq!(six.as_digit(), Some(6));
/// assert!(Glyph::digit(10).is_none());
/// assert!(Glyph::op(Op::Minus).is_op());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Glyph(u8);

impl Glyph {
    /// The ten digits, `0` to `9`.
    pub const DIGITS: [Glyph; 10] = [
        Glyph(0),
        Glyph(1),
        Glyph(2),
        Glyph(3),
        Glyph(4),
        Glyph(5),
        Glyph(6),
        Glyph(7),
        Glyph(8),
        Glyph(9),
    ];
    /// The five operators, in [`Op::ALL`] order.
    pub const OPS: [Glyph; 5] = [Glyph(10), Glyph(11), Glyph(12), Glyph(13), Glyph(14)];

    /// The digit `d`, or `None` when `d > 9`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Glyph::digit(3).unwrap().to_string(), "3");
    /// ```
    pub fn digit(d: u8) -> Option<Glyph> {
        (d <= 9).then_some(Glyph(d))
    }

    /// The operator `op`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Op};
    /// assert_eq!(Glyph::op(Op::Equals).to_string(), "=");
    /// ```
    pub fn op(op: Op) -> Glyph {
        Glyph(10 + op as u8)
    }

    /// The digit, if this is one.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Glyph::digit(0).unwrap().as_digit(), Some(0));
    /// ```
    pub fn as_digit(self) -> Option<u8> {
        (self.0 <= 9).then_some(self.0)
    }

    /// The operator, if this is one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Op};
    /// assert_eq!(Glyph::op(Op::Divide).as_op(), Some(Op::Divide));
    /// assert_eq!(Glyph::digit(1).unwrap().as_op(), None);
    /// ```
    pub fn as_op(self) -> Option<Op> {
        (self.0 >= 10).then(|| Op::ALL[usize::from(self.0 - 10)])
    }

    /// A dense index `0..15`: digits first, then operators in [`Op::ALL`] order.
    pub(crate) fn code(self) -> usize {
        usize::from(self.0)
    }

    /// Whether this is a digit.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_sevenseg::Glyph::digit(7).unwrap().is_digit());
    /// ```
    pub fn is_digit(self) -> bool {
        self.0 <= 9
    }

    /// Whether this is an operator.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Op};
    /// assert!(Glyph::op(Op::Times).is_op());
    /// ```
    pub fn is_op(self) -> bool {
        self.0 >= 10
    }
}

impl fmt::Display for Glyph {
    /// The digit, or the operator's ASCII sign.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_op() {
            Some(op) => op.fmt(f),
            None => write!(f, "{}", self.0),
        }
    }
}

/// How digits are drawn where people disagree.
///
/// The default: `6` with its top stick (6 sticks), `7` without the upper-left
/// stick (3 sticks), `9` with its bottom stick (6 sticks). `1` always uses
/// the two right-hand segments.
///
/// | digit | sticks (default) |
/// |---|---|
/// | 0 | 6 |
/// | 1 | 2 |
/// | 2, 3, 5 | 5 |
/// | 4 | 4 |
/// | 6, 9 | 6 (5 in the other style) |
/// | 7 | 3 (4 in the other style) |
/// | 8 | 7 |
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Glyph, Style};
///
/// let nine = Glyph::digit(9).unwrap();
/// assert_eq!(Style::default().sticks(nine), 6);
/// assert_eq!(Style::default().nine_with_bottom(false).sticks(nine), 5);
/// ```
///
/// With the `serde` feature it is stored as a record of its three choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Style {
    six_top: bool,
    seven_upper_left: bool,
    nine_bottom: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            six_top: true,
            seven_upper_left: false,
            nine_bottom: true,
        }
    }
}

impl Style {
    /// Whether `6` has its top stick (default `true`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Style};
    /// assert_eq!(Style::default().six_with_top(false).sticks(Glyph::digit(6).unwrap()), 5);
    /// ```
    #[must_use]
    pub fn six_with_top(mut self, yes: bool) -> Self {
        self.six_top = yes;
        self
    }

    /// Whether `7` has the upper-left stick (default `false`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Style};
    /// let seven = Glyph::digit(7).unwrap();
    /// assert_eq!(Style::default().seven_with_upper_left(true).sticks(seven), 4);
    /// ```
    #[must_use]
    pub fn seven_with_upper_left(mut self, yes: bool) -> Self {
        self.seven_upper_left = yes;
        self
    }

    /// Whether `9` has its bottom stick (default `true`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Style};
    /// assert_eq!(Style::default().nine_with_bottom(false).sticks(Glyph::digit(9).unwrap()), 5);
    /// ```
    #[must_use]
    pub fn nine_with_bottom(mut self, yes: bool) -> Self {
        self.nine_bottom = yes;
        self
    }

    /// The sticks of `glyph` in this style.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Segments, Style};
    /// let seven = Style::default().segments(Glyph::digit(7).unwrap());
    /// assert_eq!(seven, Segments::TOP | Segments::UPPER_RIGHT | Segments::LOWER_RIGHT);
    /// ```
    pub fn segments(&self, glyph: Glyph) -> Segments {
        use Segments as S;
        let Some(d) = glyph.as_digit() else {
            return glyph.as_op().map_or(S::empty(), Op::segments);
        };
        let right = S::UPPER_RIGHT | S::LOWER_RIGHT;
        match d {
            0 => S::TOP | right | S::BOTTOM | S::LOWER_LEFT | S::UPPER_LEFT,
            1 => right,
            2 => S::TOP | S::UPPER_RIGHT | S::MIDDLE | S::LOWER_LEFT | S::BOTTOM,
            3 => S::TOP | right | S::MIDDLE | S::BOTTOM,
            4 => S::UPPER_LEFT | S::MIDDLE | right,
            5 => S::TOP | S::UPPER_LEFT | S::MIDDLE | S::LOWER_RIGHT | S::BOTTOM,
            6 => {
                let six = S::UPPER_LEFT | S::MIDDLE | S::LOWER_LEFT | S::LOWER_RIGHT | S::BOTTOM;
                if self.six_top { six | S::TOP } else { six }
            }
            7 => {
                let seven = S::TOP | right;
                if self.seven_upper_left {
                    seven | S::UPPER_LEFT
                } else {
                    seven
                }
            }
            8 => S::from_bits_truncate(0x7f),
            _ => {
                let nine = S::TOP | S::UPPER_LEFT | S::MIDDLE | right;
                if self.nine_bottom {
                    nine | S::BOTTOM
                } else {
                    nine
                }
            }
        }
    }

    /// The number of sticks of `glyph` in this style.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Style};
    /// assert_eq!(Style::default().sticks(Glyph::digit(8).unwrap()), 7);
    /// ```
    pub fn sticks(&self, glyph: Glyph) -> usize {
        self.segments(glyph).bits().count_ones() as usize
    }
}
