//! Scales: a category whose values are evenly spaced amounts ("vintages:
//! 1984, 1988, 1992, 1996", "prices: $25, $30, $35", "months: January,
//! February, March", "placements: first, second, third", "times: 9:00am,
//! 9:30am, 10:00am"), as puzzles without a row of houses have (Puzzle
//! Baron's grids). Its values stand in order in the places of the row, one
//! step apart, so that "4 years before" is one place to the left and
//! "sometime after" anywhere to the right.
//!
//! A clue's amount ("4 years", "$5", "an hour", "2 places") is read only in
//! the scale's unit: a unit of measure the scale is not written in ("3
//! days" of a scale of months, "2 feet" of one of inches) is no amount of
//! it, and the clue is an error.

use super::header::CategoryLine;
mod amounts;

use super::words::{Word, keys};
use amounts::{
    Kind, MEASURES, NOT_UNITS, SIZES, TIMES, WEEKDAYS, YEAR_NOUNS, amount, hundredths, unit,
};

/// A category of evenly spaced amounts, in the order of the places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scale {
    /// The category.
    pub(crate) category: usize,
    /// The category's values from the smallest amount up: the value in
    /// place `i + 1` is `order[i]`.
    pub(crate) order: Vec<usize>,
    /// The amount between neighbouring places, in hundredths of the
    /// scale's base unit.
    step: u64,
    /// What its amounts are.
    kind: Kind,
    /// The unit words the values are written with ("minutes", "million"),
    /// each as [`unit`] reads it.
    suffix: Vec<String>,
    /// Whether a bare number of years is an amount of the scale (its
    /// values are years, or ages).
    years: bool,
    /// Whether its values are ages: then "older" is a larger one.
    ages: bool,
    /// Whether its values are places in a contest (its noun says so:
    /// "placements", "rankings", "finishes"): then "ahead" is a better one,
    /// a smaller number. Of grades or levels, "a grade ahead" is a larger
    /// one, so "ahead" and "behind" compare no other ordinals.
    contest: bool,
    /// Whether its values are depths: "higher" and "lower" then say where,
    /// the other way round, and are no comparison of them.
    depths: bool,
    /// The words of the category's noun, as [`unit`] reads them ("days"
    /// of durations in days).
    noun: Vec<String>,
    /// What the other categories of amounts (or days of the week) compare
    /// by: a comparison one of them takes too says which it compares only
    /// with an amount of the scale's unit.
    rivals: Vec<Rival>,
}

/// Another category of amounts, or of days of the week, beside a scale: the
/// comparisons its own values take ("more people", "earlier in the
/// week").
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rival {
    /// Days of the week.
    weekdays: bool,
    /// What its amounts are (numbers, for days of the week and sizes).
    kind: Kind,
    /// Whether its amounts are years (its noun says so, or its numbers
    /// all lie from 1000 to 2100: a rival is read the cautious way).
    years: bool,
    /// Whether its amounts are ages.
    ages: bool,
}

impl Rival {
    /// `line` as a rival of a scale, if its values are amounts (evenly
    /// spaced or not) or days of the week.
    fn of(line: &CategoryLine) -> Option<Rival> {
        let weekdays = line
            .values
            .iter()
            .all(|v| keys(v).iter().any(|k| WEEKDAYS.contains(&k.as_str())));
        let sized = line
            .values
            .iter()
            .all(|v| keys(v).iter().any(|k| SIZES.contains(&k.as_str())));
        if sized {
            // Sizes compare as amounts do ("a bigger shirt than").
            return Some(Rival {
                weekdays: false,
                kind: Kind::Number,
                years: false,
                ages: false,
            });
        }
        if weekdays {
            return Some(Rival {
                weekdays,
                kind: Kind::Number,
                years: false,
                ages: false,
            });
        }
        let Some(amounts) = line
            .values
            .iter()
            .map(|v| amount(v))
            .collect::<Option<Vec<(Kind, u64, Vec<String>)>>>()
        else {
            // Numbers the scale cannot read ("50°F", "€5") compare as
            // amounts all the same.
            let numbers = line
                .values
                .iter()
                .all(|v| v.bytes().any(|b| b.is_ascii_digit()));
            return numbers.then_some(Rival {
                weekdays: false,
                kind: Kind::Number,
                years: false,
                ages: false,
            });
        };
        let kind = amounts[0].0;
        let noun = keys(&line.noun);
        Some(Rival {
            weekdays: false,
            kind,
            years: noun.iter().any(|w| YEAR_NOUNS.contains(&w.as_str()))
                || amounts.iter().all(|a| (100_000..=210_000).contains(&a.1)),
            ages: noun.iter().any(|w| matches!(w.as_str(), "age" | "ages")),
        })
    }

    /// Whether an amount in `unit` may be one of the rival's ("3 days" of
    /// days of the week).
    fn takes_unit(&self, unit: &str) -> bool {
        match unit {
            "day" | "week" => self.weekdays || self.kind == Kind::Date,
            "month" => self.kind == Kind::Month,
            "year" => self.years || self.ages,
            "minute" | "hour" => self.kind == Kind::Clock,
            _ => false,
        }
    }

    /// Whether the rival's values take `key` as a comparison of their
    /// own, or an amount without a unit (`None`).
    fn takes(&self, key: Option<&str>) -> bool {
        let temporal = self.weekdays
            || matches!(self.kind, Kind::Month | Kind::Date | Kind::Clock)
            || (self.kind == Kind::Number && self.years && !self.ages);
        let Some(key) = key else {
            return !temporal && !self.weekdays && self.kind != Kind::Ordinal;
        };
        match key {
            "after" | "later" | "before" | "earlier" => temporal || self.kind == Kind::Ordinal,
            "older" | "younger" => self.ages,
            "ahead" | "behind" => self.kind == Kind::Ordinal,
            // Durations from dates and years compare by any word of
            // amount too ("a member less long than", "longer").
            _ => !self.ages && self.kind != Kind::Ordinal,
        }
    }
}

/// Words of size, whether each is towards larger amounts, and the nouns
/// and units of the scales it compares ("taller" of heights in feet, not
/// of weights).
const SIZE_WORDS: &[(&str, bool, &[&str])] = &[
    ("taller", true, HEIGHTS),
    ("shorter", false, LENGTHS),
    ("longer", true, LENGTHS),
    ("heavier", true, WEIGHTS),
    ("lighter", false, WEIGHTS),
    ("bigger", true, SIZES_MEASURED),
    ("larger", true, SIZES_MEASURED),
    ("smaller", false, SIZES_MEASURED),
    ("deeper", true, &["depth", "depths", "foot", "meter"]),
    ("wider", true, &["width", "widths", "wide"]),
    ("louder", true, &["decibel", "decibels", "loudness"]),
    ("quieter", false, &["decibel", "decibels", "loudness"]),
];

/// What "taller" compares.
const HEIGHTS: &[&str] = &[
    "height",
    "heights",
    "tall",
    "foot",
    "inch",
    "meter",
    "centimeter",
];

/// What "longer" and "shorter" compare: lengths, and durations.
const LENGTHS: &[&str] = &[
    "height",
    "heights",
    "length",
    "lengths",
    "duration",
    "durations",
    "time",
    "times",
    "minute",
    "hour",
    "day",
    "second",
    "week",
    "foot",
    "inch",
    "meter",
    "centimeter",
    "mile",
    "yard",
    "kilometer",
    "distance",
    "distances",
];

/// What "heavier" and "lighter" compare.
const WEIGHTS: &[&str] = &[
    "weight", "weights", "pound", "ounce", "gram", "kilogram", "ton",
];

/// What "bigger", "larger" and "smaller" compare.
const SIZES_MEASURED: &[&str] = &[
    "size",
    "sizes",
    "capacity",
    "capacities",
    "area",
    "areas",
    "population",
    "populations",
    "volume",
    "volumes",
    "foot",
    "meter",
];

impl Scale {
    /// The one category of `categories` whose values are evenly spaced
    /// amounts of one kind and unit (at least three of them), if exactly
    /// one is.
    pub(crate) fn find(categories: &[CategoryLine]) -> Option<Scale> {
        let mut found = categories
            .iter()
            .enumerate()
            .filter_map(|(c, line)| Scale::of(c, line));
        let scale = found.next()?;
        if found.next().is_some() {
            return None;
        }
        Some(scale)
    }

    /// [`find`](Self::find), with what the other categories compare by:
    /// those whose values are amounts too, or days of the week (see
    /// [`comparison`](Self::comparison)).
    pub(crate) fn find_in(categories: &[CategoryLine]) -> Option<Scale> {
        let mut scale = Scale::find(categories)?;
        scale.rivals = categories
            .iter()
            .enumerate()
            .filter(|&(c, _)| c != scale.category)
            .filter_map(|(_, line)| Rival::of(line))
            .collect();
        Some(scale)
    }

    /// `line` (category `category`) as a scale, if its values are one.
    fn of(category: usize, line: &CategoryLine) -> Option<Scale> {
        if line.values.len() < 3 {
            return None;
        }
        let amounts: Vec<(Kind, u64, Vec<String>)> = line
            .values
            .iter()
            .map(|v| amount(v))
            .collect::<Option<_>>()?;
        let (kind, _, suffix) = amounts[0].clone();
        if amounts.iter().any(|(k, _, s)| *k != kind || *s != suffix) {
            return None;
        }
        let mut order: Vec<usize> = (0..amounts.len()).collect();
        order.sort_by_key(|&v| amounts[v].1);
        let sorted: Vec<u64> = order.iter().map(|&v| amounts[v].1).collect();
        let step = sorted[1] - sorted[0];
        if step == 0 || sorted.windows(2).any(|w| w[1] - w[0] != step) {
            return None;
        }
        let noun = keys(&line.noun);
        let ages =
            kind == Kind::Number && noun.iter().any(|w| matches!(w.as_str(), "age" | "ages"));
        let depths = noun
            .iter()
            .any(|w| matches!(w.as_str(), "depth" | "depths"));
        let contest = noun.iter().any(|w| {
            matches!(
                w.as_str(),
                "placement"
                    | "placements"
                    | "place"
                    | "places"
                    | "placing"
                    | "placings"
                    | "ranking"
                    | "rankings"
                    | "rank"
                    | "ranks"
                    | "finish"
                    | "finishes"
                    | "position"
                    | "positions"
                    | "spot"
                    | "spots"
            )
        });
        // Years by the noun only: numbers from 1000 to 2100 may count
        // people.
        let years = kind == Kind::Number
            && suffix.is_empty()
            && noun.iter().any(|w| YEAR_NOUNS.contains(&w.as_str()));
        Some(Scale {
            category,
            order,
            step,
            kind,
            suffix,
            years,
            ages,
            depths,
            contest,
            noun: noun.iter().map(|w| unit(w)).collect(),
            rivals: Vec::new(),
        })
    }

    /// Whether `key` is a unit of measure the scale is not written in ("2
    /// fewer yards" of a scale of feet).
    pub(crate) fn foreign_unit(&self, key: &str) -> bool {
        let unit = unit(key);
        MEASURES.contains(&unit.as_str()) && self.per_unit(Some(&unit)).is_none()
    }

    /// Whether `key` compares by the scale (towards larger amounts, or
    /// smaller: see [`comparative`](Self::comparative)) when said
    /// without an amount of the scale's unit before it: not when another
    /// category of amounts or days takes it too ("more" of a scale of
    /// years beside populations is the populations'; "earlier" of years
    /// beside days of the week may be either).
    pub(crate) fn comparison(&self, key: &str, counted: bool) -> Option<bool> {
        let up = self.comparative(key)?;
        (counted || !self.rivals.iter().any(|r| r.takes(Some(key)))).then_some(up)
    }

    /// Whether `key` compares by the scale: towards larger amounts, or
    /// smaller. Each kind of scale takes its own words: of time "after",
    /// "later", "before", "earlier"; of a contest those and "behind",
    /// "ahead"; of ages "older", "younger" (an older vintage is an earlier
    /// year); of money and percentages "more", "less", "higher", "lower"
    /// (and "cheaper"); of other numbers those and the words of size
    /// ("longer", "taller", "heavier", …). A word of another kind ("taller"
    /// of years) compares something else, and is no comparison here.
    pub(crate) fn comparative(&self, key: &str) -> Option<bool> {
        let temporal = self.temporal();
        let amounts = self.of_amounts();
        match key {
            "after" | "later" if temporal || self.kind == Kind::Ordinal => Some(true),
            "before" | "earlier" if temporal || self.kind == Kind::Ordinal => Some(false),
            "older" if self.ages => Some(true),
            "younger" if self.ages => Some(false),
            "behind" if self.kind == Kind::Ordinal && self.contest => Some(true),
            "ahead" if self.kind == Kind::Ordinal && self.contest => Some(false),
            "higher" | "lower" if self.depths => None,
            "more" | "higher" | "greater" if amounts => Some(true),
            "less" | "fewer" | "lower" if amounts => Some(false),
            "pricier" if self.kind == Kind::Money => Some(true),
            "cheaper" if self.kind == Kind::Money => Some(false),
            _ if amounts && self.kind == Kind::Number => SIZE_WORDS
                .iter()
                .find(|(word, _, _)| *word == key)
                .filter(|(_, _, measured)| {
                    self.noun
                        .iter()
                        .chain(&self.suffix)
                        .any(|w| measured.contains(&w.as_str()))
                })
                .map(|&(_, up, _)| up),
            _ => None,
        }
    }

    /// Whether the scale's amounts are times: dates, months, times of day,
    /// years.
    fn temporal(&self) -> bool {
        matches!(self.kind, Kind::Month | Kind::Date | Kind::Clock)
            || (self.kind == Kind::Number && self.years && !self.ages)
    }

    /// Whether the scale's amounts are quantities (money, percentages,
    /// numbers), not times, ages or places in a contest.
    pub(crate) fn of_amounts(&self) -> bool {
        matches!(self.kind, Kind::Money | Kind::Percent | Kind::Number)
            && !self.temporal()
            && !self.ages
    }

    /// Whether `key`, between a comparison and "than", names what the
    /// scale counts ("more votes than", "more expensive than"): its noun,
    /// its unit.
    pub(crate) fn names_amount(&self, key: &str) -> bool {
        let unit = unit(key);
        self.noun.iter().chain(&self.suffix).any(|w| *w == unit)
            || (self.kind == Kind::Money
                && (matches!(key, "expensive" | "costly" | "pricey") || unit == "dollar"))
            || (self.kind == Kind::Percent && matches!(unit.as_str(), "percent" | "point"))
    }

    /// The hundredths of the base unit one of `unit` makes, if an amount
    /// in it is an amount of this scale (`None` for no unit: a bare
    /// number).
    fn per_unit(&self, unit: Option<&str>) -> Option<u64> {
        if let Some(unit) = unit
            && self.rivals.iter().any(|r| r.takes_unit(unit))
        {
            return None;
        }
        let Some(unit) = unit else {
            // A bare number: of a scale of plain numbers or of money, unless
            // another category's amounts may be meant.
            return (matches!(self.kind, Kind::Number | Kind::Money | Kind::Percent)
                && !self.rivals.iter().any(|r| r.takes(None)))
            .then_some(100);
        };
        match self.kind {
            Kind::Month => (unit == "month").then_some(100),
            Kind::Date => match unit {
                "day" => Some(100),
                "week" => Some(700),
                _ => None,
            },
            Kind::Clock => match unit {
                "minute" => Some(100),
                "hour" => Some(6000),
                _ => None,
            },
            Kind::Ordinal => matches!(unit, "place" | "spot" | "position").then_some(100),
            // "$2 million": an amount says "million" too.
            Kind::Money => match self.suffix.first() {
                Some(written) => (written == unit).then_some(100),
                None => (unit == "dollar").then_some(100),
            },
            Kind::Percent => matches!(unit, "percent" | "point" | "percentage").then_some(100),
            Kind::Number => {
                let accepted = if let Some(written) = self.suffix.first() {
                    written == unit
                } else if TIMES.contains(&unit) {
                    // "2 months after" is no amount of a scale of years.
                    (self.years && unit == "year") || self.noun.iter().any(|w| w == unit)
                } else if self.noun.iter().any(|w| w == unit) {
                    true
                } else {
                    // The unit of numbers written without one ("260 feet
                    // shorter"), or what they count ("4 votes more"):
                    // unless another category's amounts may be meant.
                    !self.rivals.iter().any(|r| r.takes(None))
                };
                accepted.then_some(100)
            }
        }
    }

    /// The places an amount written at `i` spans ("4 years" of a scale
    /// with a step of 4 years is 1), and the words it takes: a number
    /// (digits, "$5", "7%", a number word, "a"/"an" before a unit) and at
    /// most two words of its unit. `None` when no amount of the scale
    /// starts there, or it is no whole number of steps within the row.
    pub(crate) fn places_at(&self, words: &[Word<'_>], i: usize) -> Option<(usize, usize)> {
        let key = &*words.get(i)?.key;
        let (money, number) = match key.strip_prefix('$') {
            Some(number) => (true, number),
            None => (false, key),
        };
        let (percent, number) = match number.strip_suffix('%') {
            Some(number) => (true, number),
            None => (false, number),
        };
        let mut count = match number {
            "a" | "an" => Some(100),
            _ => hundredths(number),
        }?;
        let mut len = 1;
        // "1,000" written as words "1" and "000".
        while words.get(i + len).is_some_and(|w| {
            w.glued && w.key.len() == 3 && w.key.bytes().all(|b| b.is_ascii_digit())
        }) {
            count = count
                .checked_mul(1000)?
                .checked_add(hundredths(&words[i + len].key)?)?;
            len += 1;
        }
        let i = i + len - 1;
        // "Edith, who is 8, is older": a number said apart is no amount
        // (a "%" it carries is no pause).
        if words[i].pause && !words[i].text.ends_with('%') {
            return None;
        }
        let mut per = None;
        // The unit: one or two words ("years", "sq ft", "percentage
        // points"), or none.
        for take in [2, 1] {
            let Some(unit_words) = words.get(i + 1..i + 1 + take) else {
                continue;
            };
            let units: Vec<String> = unit_words.iter().map(|w| unit(&w.key)).collect();
            let joined = units.join(" ");
            let matched = if take == 2 {
                (self.suffix.len() == 2 && units == self.suffix)
                    || (self.kind == Kind::Percent && joined == "percentage point")
            } else {
                true
            };
            if matched && let Some(p) = self.per_unit(Some(units[take - 1].as_str())) {
                let next = &*words[i + 1].key;
                if take == 1
                    && (self.comparative(next).is_some()
                        || NOT_UNITS.contains(&next)
                        || !next.bytes().all(|b| b.is_ascii_lowercase() || b == b'%'))
                {
                    continue;
                }
                per = Some(p);
                len += take;
                break;
            }
        }
        // A unit of measure the scale is not written in: no amount of it.
        if per.is_none()
            && words
                .get(i + 1)
                .is_some_and(|w| MEASURES.contains(&unit(&w.key).as_str()))
        {
            return None;
        }
        // A scale written with a unit or a multiplier ("$2 million", "5
        // minutes") takes amounts that say it, before the comparison or
        // just after it ("3 fewer miles than").
        if per.is_none() && !self.suffix.is_empty() {
            let after = words.get(i + 2).map(|w| unit(&w.key));
            let said_after = words
                .get(i + 1)
                .is_some_and(|w| self.comparative(&w.key).is_some())
                && self.suffix.len() == 1
                && after.as_deref() == self.suffix.first().map(String::as_str);
            if !said_after {
                return None;
            }
            per = Some(100);
        }
        let per = match per {
            Some(per) => per,
            None if money || percent => 100,
            None if matches!(number, "a" | "an") => return None,
            None => self.per_unit(None)?,
        };
        if (money && self.kind != Kind::Money) || (percent && self.kind != Kind::Percent) {
            return None;
        }
        let total = (count as u128) * (per as u128) / 100;
        let step = u128::from(self.step);
        if total == 0 || !total.is_multiple_of(step) {
            return None;
        }
        let places = usize::try_from(total / step).ok()?;
        (places < self.order.len()).then_some((places, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english::words::words;

    fn line(noun: &str, values: &[&str]) -> CategoryLine {
        CategoryLine {
            lead: String::new(),
            verb: String::new(),
            noun: noun.to_string(),
            values: values.iter().map(|v| v.to_string()).collect(),
            phrased: false,
        }
    }

    fn places(scale: &Scale, text: &str) -> Option<usize> {
        scale.places_at(&words(text), 0).map(|(p, _)| p)
    }

    #[test]
    fn evenly_spaced_amounts_make_a_scale_in_order() {
        let years = line("vintages", &["1992", "1984", "1996", "1988"]);
        let scale = Scale::find(&[line("wines", &["a", "b", "c", "d"]), years]).unwrap();
        assert_eq!((scale.category, scale.order.clone()), (1, vec![1, 3, 0, 2]));
        assert_eq!(places(&scale, "4 years before"), Some(1));
        assert_eq!(places(&scale, "12 years"), Some(3));
        // Not a whole number of steps, past the row, or another unit.
        assert_eq!(places(&scale, "2 years"), None);
        assert_eq!(places(&scale, "16 years"), None);
        assert_eq!(places(&scale, "4 months"), None);
        let months = Scale::find(&[line("months", &["January", "February", "March"])]).unwrap();
        assert_eq!(months.kind, Kind::Month);
        assert_eq!(places(&months, "2 months after"), Some(2));
        assert_eq!(places(&months, "a month"), Some(1));
        assert_eq!(places(&months, "2 days"), None);
        let clock = Scale::find(&[line("times", &["9:00am", "9:30am", "10:00am", "10:30am"])]);
        let clock = clock.unwrap();
        assert_eq!(places(&clock, "1 hour"), Some(2));
        assert_eq!(places(&clock, "30 minutes"), Some(1));
        assert_eq!(places(&clock, "30"), None);
        let prices = Scale::find(&[line("prices", &["$25", "$30", "$35"])]).unwrap();
        assert_eq!(places(&prices, "$10 more"), Some(2));
        assert_eq!(places(&prices, "5 dollars"), Some(1));
        let ranks = Scale::find(&[line("placements", &["first", "second", "third"])]).unwrap();
        assert_eq!(places(&ranks, "2 places"), Some(2));
        let depths = Scale::find(&[line("depths", &["100 ft", "200 ft", "300 ft"])]).unwrap();
        assert_eq!(depths.comparative("deeper"), Some(true));
        assert_eq!(depths.comparative("higher"), None);
        let feet = Scale::find(&[line("heights", &["10 ft", "12 ft", "14 ft"])]).unwrap();
        assert_eq!(places(&feet, "2 feet"), Some(1));
        assert_eq!(places(&feet, "2 inches"), None);
        let days = Scale::find(&[line("dates", &["October 5", "October 6", "October 7"])]);
        assert_eq!(places(&days.unwrap(), "2 days"), Some(2));
    }

    #[test]
    fn uneven_mixed_or_two_scales_make_none() {
        assert!(Scale::find(&[line("years", &["1984", "1988", "1996"])]).is_none());
        assert!(Scale::find(&[line("prices", &["$5", "10", "15"])]).is_none());
        assert!(Scale::find(&[line("eras", &["300 BC", "200 BC", "100 BC"])]).is_none());
        assert!(Scale::find(&[line("names", &["Ann", "Bob", "Cid"])]).is_none());
        let two = [
            line("years", &["2001", "2002", "2003"]),
            line("ages", &["20", "30", "40"]),
        ];
        assert!(Scale::find(&two).is_none());
    }
}
