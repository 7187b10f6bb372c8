//! serde for the values with a text form ([`Square`], [`PartialSquare`],
//! [`Kind`], [`Line`]): each is serialized as its text and read back through its
//! `FromStr`, so a stored value is checked as it is loaded.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{Kind, Line, PartialSquare, Square};

/// Reads a string and parses it as a `T`.
struct TextVisitor<T>(PhantomData<T>);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            std::any::type_name::<T>()
                .rsplit("::")
                .next()
                .unwrap_or("value"),
        )?;
        f.write_str(" in its text form")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! through_text {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )*};
}

through_text!(Square, PartialSquare, Kind, Line);
