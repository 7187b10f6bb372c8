//! serde for the values with a text form: stored as their text, read back
//! through [`FromStr`], so a stored value is checked as it is loaded.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use num_integer::Integer;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use num_bigint::BigInt;

use crate::expr::parse_rational;
use crate::step::Number;
use crate::{Expr, Game, MAX_EXPR_NUMBERS, MAX_NUMBERS, Op, Ops, Rational, Step};

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
    /// `{"game": "3 3 8 8 = 24", "steps": ["8/3"]}`: the game as given,
    /// in its text form (which holds the operations and the equivalence),
    /// and the steps played, each in its text form.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = serializer.serialize_struct("Game", 2)?;
        record.serialize_field("game", &self.start().to_string())?;
        record.serialize_field("steps", self.steps())?;
        record.end()
    }
}

impl<'de> Deserialize<'de> for Game {
    /// The record [`Serialize`] writes (the steps replayed, so an
    /// illegal one is refused), or the text form alone: a game with no
    /// step played.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        deserializer.deserialize_any(SavedGame)
    }
}

/// Reads a saved game: a record of the game as given and its steps, or
/// the game's text alone.
struct SavedGame;

impl<'de> Visitor<'de> for SavedGame {
    type Value = Game;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game: its text, or {\"game\": its text, \"steps\": [steps]}")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Game, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Game, A::Error> {
        let mut game: Option<String> = None;
        let mut steps: Option<Vec<Step>> = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "game" if game.is_none() => game = Some(map.next_value()?),
                "steps" if steps.is_none() => steps = Some(map.next_value()?),
                "game" | "steps" => {
                    return Err(de::Error::custom(format!("the field {key} twice")));
                }
                other => return Err(de::Error::unknown_field(other, &["game", "steps"])),
            }
        }
        let game = game.ok_or_else(|| de::Error::missing_field("game"))?;
        let given: Game = game.parse().map_err(de::Error::custom)?;
        given
            .after(&steps.unwrap_or_default())
            .map_err(de::Error::custom)
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

impl Serialize for Step {
    /// The ASCII text, `8/3` or `3-[8/3]`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Step, D::Error> {
        read(deserializer, "a step")
    }
}

/// A number written as a hand writes it (`8`, `-2`, `8/3`).
struct RationalText;

impl Visitor<'_> for RationalText {
    type Value = Rational;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number such as 8 or 8/3")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Rational, E> {
        parse_rational(text, 0).map_err(E::custom)
    }
}

/// serde for a [`Rational`] field, as its text (`8/3`).
pub(crate) mod rational {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(v: &Rational, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Number(v))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Rational, D::Error> {
        deserializer.deserialize_str(RationalText)
    }
}

/// serde for a list of [`Rational`]s, as a list of their texts.
pub(crate) mod rationals {
    use super::*;
    use serde::ser::SerializeSeq;

    /// One number in the list.
    struct Item(Rational);

    impl<'de> Deserialize<'de> for Item {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Item, D::Error> {
            rational::deserialize(deserializer).map(Item)
        }
    }

    pub(crate) fn serialize<S: Serializer>(
        v: &[Rational],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(v.len()))?;
        for n in v {
            seq.serialize_element(&Number(n).to_string())?;
        }
        seq.end()
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Rational>, D::Error> {
        let items = Vec::<Item>::deserialize(deserializer)?;
        if items.len() > MAX_NUMBERS {
            return Err(de::Error::custom(format!(
                "{} numbers is more than the {MAX_NUMBERS} a hand holds",
                items.len()
            )));
        }
        Ok(items.into_iter().map(|Item(n)| n).collect())
    }
}

/// serde for an optional [`BigInt`], as its decimal text (or none).
pub(crate) mod big_int_option {
    use super::*;

    struct Decimal;

    impl Visitor<'_> for Decimal {
        type Value = BigInt;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an integer in decimal")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<BigInt, E> {
            text.parse().map_err(E::custom)
        }
    }

    /// One integer, read from its text.
    struct Item(BigInt);

    impl<'de> Deserialize<'de> for Item {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Item, D::Error> {
            deserializer.deserialize_str(Decimal).map(Item)
        }
    }

    pub(crate) fn serialize<S: Serializer>(
        v: &Option<BigInt>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(n) => serializer.serialize_some(&n.to_string()),
            None => serializer.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<BigInt>, D::Error> {
        Ok(Option::<Item>::deserialize(deserializer)?.map(|Item(n)| n))
    }
}

/// serde for a [`BigRational`] field, as the text its `Display` writes
/// (`22`, `-7/3`): read back only in that form (lowest terms, a positive
/// denominator, none when it is 1), so each value has one spelling.
pub(crate) mod big_rational {
    use super::*;
    use num_rational::BigRational;

    pub(crate) fn serialize<S: Serializer>(
        v: &BigRational,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(v)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<BigRational, D::Error> {
        let text = String::deserialize(deserializer)?;
        let (numer, denom) = text.split_once('/').unwrap_or((&text, "1"));
        let numer: BigInt = numer.parse().map_err(de::Error::custom)?;
        let denom: BigInt = denom.parse().map_err(de::Error::custom)?;
        if denom == BigInt::from(0) {
            return Err(de::Error::custom("a number with denominator zero"));
        }
        let value = BigRational::new(numer, denom);
        if value.to_string() != text {
            return Err(de::Error::custom(format!(
                "the number {text} is written {value}"
            )));
        }
        Ok(value)
    }
}
