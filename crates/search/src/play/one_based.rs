//! serde for a place the code counts from 0 and a player counts from 1
//! (a row, a step, a glyph): stored counting from 1.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// Writes `index + 1` (saturating at `u64::MAX`).
///
/// Used as `#[serde(with = "kongming_search::play::one_based")]` on a
/// `usize` field:
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Undo {
///     #[serde(with = "kongming_search::play::one_based")]
///     index: usize,
/// }
/// let json = serde_json::to_string(&Undo { index: 0 })?;
/// assert_eq!(json, r#"{"index":1}"#);
/// assert_eq!(serde_json::from_str::<Undo>(&json)?, Undo { index: 0 });
/// assert!(serde_json::from_str::<Undo>(r#"{"index":0}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
///
/// Those of the serializer.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` passes a reference
pub fn serialize<S: Serializer>(index: &usize, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64((*index as u64).saturating_add(1))
}

/// Reads a place counted from 1 and gives it counted from 0.
///
/// ```
/// use serde::de::IntoDeserializer;
/// use serde::de::value::{Error, U64Deserializer};
///
/// let place: U64Deserializer<Error> = 3u64.into_deserializer();
/// assert_eq!(kongming_search::play::one_based::deserialize(place), Ok(2));
/// let zero: U64Deserializer<Error> = 0u64.into_deserializer();
/// assert!(kongming_search::play::one_based::deserialize(zero).is_err());
/// ```
///
/// # Errors
///
/// A place of 0 ("places count from 1"), or one past `usize`.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let place = u64::deserialize(deserializer)?;
    let index = place
        .checked_sub(1)
        .ok_or_else(|| D::Error::custom("places count from 1"))?;
    usize::try_from(index).map_err(D::Error::custom)
}
