//! The amounts a scale's values and clues are written in: numbers with
//! thousands' commas and decimals, sums of money, percentages, months and
//! dates, times of day, places in a contest, and the words of their units.

use crate::english::words::{cardinal, ordinal, words};

/// What a scale's amounts are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Numbers, with or without a unit ("1984", "5 minutes", "3 ft").
    Number,
    /// Sums of money ("$25", "$1.50", "$2 million").
    Money,
    /// Percentages ("55%").
    Percent,
    /// Months of the year ("January").
    Month,
    /// Days of the year ("October 5", "August 9th"), in days.
    Date,
    /// Times of day ("9:30am", "noon"), in minutes.
    Clock,
    /// Places in a contest ("first", "2nd"): "ahead of" is a smaller one.
    Ordinal,
}

pub(super) const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The days of the week, which a category may be ordered by.
pub(super) const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Words of sizes, which a category may be ordered by ("small", "XL").
pub(super) const SIZES: &[&str] = &[
    "small", "medium", "large", "xs", "s", "m", "l", "xl", "xxl", "xxxl", "petite", "tiny", "huge",
    "mini", "jumbo", "regular", "grande", "venti", "tall", "short",
];

/// Days in each month (no leap day).
pub(super) const DAYS_IN: [u64; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// Days before each month (in a year of 365 days).
pub(super) const DAYS_BEFORE: [u64; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/// The month a key names (1 to 12): its name, or its first three letters
/// ("sept" too).
pub(super) fn month(key: &str) -> Option<u64> {
    let key = key.trim_end_matches('.');
    MONTHS
        .iter()
        .position(|m| *m == key || (key.len() >= 3 && m.starts_with(key) && key.len() <= 4))
        .map(|m| m as u64 + 1)
}

/// Units of measure: an amount in one of them is an amount of a scale only
/// when the scale is written in it.
pub(super) const MEASURES: &[&str] = &[
    "second",
    "minute",
    "hour",
    "day",
    "week",
    "month",
    "year",
    "decade",
    "century",
    "inch",
    "foot",
    "yard",
    "mile",
    "meter",
    "centimeter",
    "millimeter",
    "kilometer",
    "pound",
    "ounce",
    "gram",
    "kilogram",
    "ton",
    "liter",
    "gallon",
    "dollar",
    "cent",
    "euro",
    "percent",
];

/// Words after a number that are no unit of it ("8 is older", "5 and").
pub(super) const NOT_UNITS: &[&str] = &[
    "is", "was", "are", "were", "has", "had", "have", "and", "or", "but", "who", "which", "that",
    "than", "the", "a", "an", "of", "to", "in", "on", "at", "for", "by", "with", "from", "as",
    "not", "be", "been", "will", "did", "does", "do",
];

/// Units of time: an amount in one is of a scale of numbers without a
/// unit only when its noun says the unit ("days") or its values are years.
pub(super) const TIMES: &[&str] = &[
    "second", "minute", "hour", "day", "week", "month", "year", "decade", "century",
];

/// A unit word as compared: singular, abbreviations spelt out ("feet" and
/// "ft" are `foot`, "mins" is `minute`, "%" is `percent`).
pub(super) fn unit(key: &str) -> String {
    let key = key.trim_end_matches('.');
    let spelt = match key {
        "feet" | "ft" => "foot",
        "inches" | "in" => "inch",
        "lb" | "lbs" => "pound",
        "oz" => "ounce",
        "min" | "mins" => "minute",
        "hr" | "hrs" => "hour",
        "sec" | "secs" => "second",
        "yr" | "yrs" => "year",
        "m" | "metre" | "metres" | "meters" => "meter",
        "cm" => "centimeter",
        "mm" => "millimeter",
        "km" => "kilometer",
        "kg" => "kilogram",
        "g" => "gram",
        "l" | "litre" | "litres" | "liters" => "liter",
        "%" | "pct" => "percent",
        "centuries" => "century",
        other => other,
    };
    if spelt.len() > 3 && spelt.ends_with('s') && !spelt.ends_with("ss") {
        spelt[..spelt.len() - 1].to_string()
    } else {
        spelt.to_string()
    }
}

/// A number in hundredths: digits with thousands' commas and at most two
/// decimals ("1,250", "3.5"), or a number word.
pub(super) fn hundredths(key: &str) -> Option<u64> {
    if let Some(n) = cardinal(key) {
        return (n as u64).checked_mul(100);
    }
    let (whole, fraction) = key.split_once('.').unwrap_or((key, ""));
    if whole.is_empty()
        || fraction.len() > 2
        || !fraction.bytes().all(|b| b.is_ascii_digit())
        || whole.starts_with(',')
        || whole.ends_with(',')
        || !whole.bytes().all(|b| b.is_ascii_digit() || b == b',')
    {
        return None;
    }
    let digits: String = whole.chars().filter(|c| c.is_ascii_digit()).collect();
    if digits.len() > 12 {
        return None;
    }
    let whole: u64 = digits.parse().ok()?;
    let fraction: u64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// A time of day in minutes ("9:30am", "10am", "9:30 pm", "noon"), and the
/// words it takes.
pub(super) fn clock(keys: &[String]) -> Option<(u64, usize)> {
    let first = keys.first()?.as_str();
    if first == "noon" {
        return Some((12 * 60, 1));
    }
    if first == "midnight" {
        return Some((0, 1));
    }
    let (time, mut half, mut len) = match first.strip_suffix("am").or(first.strip_suffix("pm")) {
        Some(time) => (time, Some(first.ends_with("pm")), 1),
        None => (first, None, 1),
    };
    if half.is_none() {
        match keys
            .get(1)
            .map(|k| k.trim_end_matches('.').replace('.', ""))
        {
            Some(k) if k == "am" || k == "pm" => {
                half = Some(k == "pm");
                len = 2;
            }
            Some(k) if k == "noon" && time == "12" => return Some((12 * 60, 2)),
            _ => {}
        }
    }
    // "3:00" without "am" or "pm" may be either: no time of day.
    half?;
    let (hours, minutes) = match time.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h.parse::<u64>().ok()?, m.parse::<u64>().ok()?),
        None => (time.parse::<u64>().ok()?, 0),
        _ => return None,
    };
    if minutes >= 60 || hours > 24 || (half.is_some() && !(1..=12).contains(&hours)) {
        return None;
    }
    let hours = match half {
        Some(pm) => hours % 12 + if pm { 12 } else { 0 },
        None => hours,
    };
    Some((hours * 60 + minutes, len))
}

/// A value of a scale: its kind, amount (in hundredths of the kind's base
/// unit) and unit words.
pub(super) fn amount(value: &str) -> Option<(Kind, u64, Vec<String>)> {
    // "8,500" is the words "8" and "500", the second glued to the first.
    let mut keys: Vec<String> = Vec::new();
    for word in words(value) {
        match keys.last_mut() {
            Some(last)
                if word.glued
                    && word.key.len() == 3
                    && word.key.bytes().all(|b| b.is_ascii_digit())
                    && last.bytes().last().is_some_and(|b| b.is_ascii_digit()) =>
            {
                last.push(',');
                last.push_str(&word.key);
            }
            _ => keys.push(word.key.into_owned()),
        }
    }
    let first = keys.first()?.as_str();
    if let Some(m) = month(first) {
        return match keys.len() {
            1 => Some((Kind::Month, m * 100, Vec::new())),
            2 => {
                let day = keys[1].as_str();
                let day = cardinal(day).or_else(|| ordinal(day))? as u64;
                // No leap day: a year with one counts the days after it
                // otherwise.
                (1..=DAYS_IN[m as usize - 1]).contains(&day).then(|| {
                    (
                        Kind::Date,
                        (DAYS_BEFORE[m as usize - 1] + day) * 100,
                        Vec::new(),
                    )
                })
            }
            _ => None,
        };
    }
    if let Some((minutes, len)) = clock(&keys) {
        return (len == keys.len()).then_some((Kind::Clock, minutes * 100, Vec::new()));
    }
    if keys.len() == 1
        && let Some(n) = ordinal(first)
    {
        return Some((Kind::Ordinal, n as u64 * 100, Vec::new()));
    }
    let (kind, number) = if let Some(number) = first.strip_prefix('$') {
        (Kind::Money, number)
    } else if let Some(number) = first.strip_suffix('%') {
        (Kind::Percent, number)
    } else {
        (Kind::Number, first)
    };
    let amount = hundredths(number)?;
    let suffix: Vec<String> = keys[1..].iter().map(|k| unit(k)).collect();
    // "2,000 B.C.E.": counted the other way.
    if suffix
        .iter()
        .any(|s| matches!(s.as_str(), "bc" | "bce" | "b" | "c" | "e"))
    {
        return None;
    }
    match (kind, suffix.as_slice()) {
        (Kind::Number, [p]) if p == "percent" => Some((Kind::Percent, amount, Vec::new())),
        (Kind::Percent, [_, ..]) => None,
        _ => Some((kind, amount, suffix)),
    }
}

/// Words of a category's noun that say its numbers are years ("years",
/// "vintages", "ages").
pub(super) const YEAR_NOUNS: &[&str] = &["year", "years", "vintage", "vintages", "age", "ages"];
