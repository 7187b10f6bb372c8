//! serde for the values with a text form: stored as their text, read back
//! through [`FromStr`], so a stored value is checked as it is loaded.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use num_integer::Integer;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Expr, Game, MAX_EXPR_NUMBERS, Op, Ops};

/// Reads a string through `T`'s [`FromStr`].
struct Text<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for Text<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in its text form", self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

fn read<'de, D, T>(deserializer: D, what: &'static str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    deserializer.deserialize_str(Text(PhantomData, what))
}

impl Serialize for Expr {
    /// The ASCII text; an error for an expression the text form does not
    /// read back (more than [`MAX_EXPR_NUMBERS`] numbers, a number not in
    /// lowest terms).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let numbers = self.numbers();
        if numbers.len() > MAX_EXPR_NUMBERS {
            return Err(serde::ser::Error::custom(format!(
                "an expression of {} numbers is past the {MAX_EXPR_NUMBERS} its text form reads",
                numbers.len()
            )));
        }
        if let Some(n) = numbers
            .iter()
            .find(|n| *n.denom() <= 0 || n.numer().gcd(n.denom()) != 1)
        {
            return Err(serde::ser::Error::custom(format!(
                "the number {}/{} is not in lowest terms",
                n.numer(),
                n.denom()
            )));
        }
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Expr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Expr, D::Error> {
        read(deserializer, "an expression")
    }
}

impl Serialize for Game {
    /// The text form, which holds the operations and the equivalence.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        read(deserializer, "a game")
    }
}

impl Serialize for Op {
    /// The ASCII symbol.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Op {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Op, D::Error> {
        read(deserializer, "an operation")
    }
}

impl Serialize for Ops {
    /// The ASCII symbols, or `none`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ops {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ops, D::Error> {
        read(deserializer, "a set of operations")
    }
}
