//! serde through the text forms: a value with a text form is stored as its
//! text and read back through its parser, so a stored value is checked as
//! it is loaded.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserializer, Serializer};

/// Writes `value` as its `Display` text.
pub(crate) fn serialize<S: Serializer>(
    value: &impl fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a string and turns it into a value with `parse`; a parse error
/// becomes the deserializer's error, with its message.
pub(crate) fn deserialize<'de, D, T, E>(
    deserializer: D,
    expecting: &'static str,
    parse: fn(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    E: fmt::Display,
{
    deserializer.deserialize_str(FromText {
        expecting,
        parse,
        value: PhantomData,
    })
}

/// The visitor of [`deserialize`].
struct FromText<T, E> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, E>,
    value: PhantomData<T>,
}

impl<T, E: fmt::Display> Visitor<'_> for FromText<T, E> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Er: de::Error>(self, text: &str) -> Result<T, Er> {
        (self.parse)(text).map_err(Er::custom)
    }
}

/// Implements `Serialize` (the `Display` text) and `Deserialize` (through
/// `FromStr`) for a type with a text form.
macro_rules! serde_as_text {
    ($ty:ty, $expecting:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                crate::text::serialize(self, serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                crate::text::deserialize(deserializer, $expecting, str::parse::<$ty>)
            }
        }
    };
}

pub(crate) use serde_as_text;
