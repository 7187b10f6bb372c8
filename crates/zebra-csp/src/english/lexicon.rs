//! The puzzle's words as the reader looks them up: its values by every
//! form they may be written in (a trie of folded letters, so a value is
//! found as whole words, longest first, however its words are split or
//! joined), and its categories by the words of their nouns.

use rustc_hash::{FxHashMap, FxHashSet};

use super::forms::{forms, national, other_numbers, singular};
use super::header::CategoryLine;
use super::scale::Scale;
use super::words::{Word, fold, keys};
use crate::house::Item;

/// Words that tell nothing of a category: the words around a noun
/// ("type of pet", "a favorite drink") and the commonest verbs.
pub(crate) const LIGHT: &[&str] = &[
    "the",
    "a",
    "an",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "by",
    "with",
    "from",
    "as",
    "and",
    "or",
    "who",
    "whose",
    "that",
    "which",
    "is",
    "are",
    "was",
    "were",
    "be",
    "has",
    "have",
    "had",
    "does",
    "do",
    "did",
    "person",
    "people",
    "one",
    "someone",
    "they",
    "their",
    "them",
    "his",
    "her",
    "its",
    "it",
    "he",
    "she",
    "this",
    "these",
    "those",
    "each",
    "every",
    "everyone",
    "everybody",
    "all",
    "unique",
    "different",
    "distinct",
    "type",
    "types",
    "kind",
    "kinds",
    "sort",
    "sorts",
    "certain",
    "own",
    "'s",
    "what",
    "which",
    "name",
    "named",
    "called",
];

/// Per value, the words beside it in the names of longer values that hold
/// its words in a row (`iced` for `tea`, of `iced tea`), folded.
fn longer_names(categories: &[CategoryLine]) -> FxHashMap<Item, Vec<String>> {
    let names: Vec<(Item, Vec<String>)> = categories
        .iter()
        .enumerate()
        .flat_map(|(c, line)| {
            line.values.iter().enumerate().map(move |(v, value)| {
                let folded: Vec<String> = keys(value).iter().map(|w| fold(w)).collect();
                (Item::at(c, v), folded)
            })
        })
        .collect();
    let mut out: FxHashMap<Item, Vec<String>> = FxHashMap::default();
    for (item, short) in &names {
        for (other, long) in &names {
            if other == item || long.len() <= short.len() || short.is_empty() {
                continue;
            }
            for at in 0..=long.len() - short.len() {
                if long[at..at + short.len()] == short[..] {
                    let around = at
                        .checked_sub(1)
                        .map(|b| &long[b])
                        .into_iter()
                        .chain(long.get(at + short.len()));
                    out.entry(*item).or_default().extend(around.cloned());
                }
            }
        }
    }
    out
}

/// Words for the people of a puzzle, as a category of their names may
/// be introduced ("The guests are called Ann, Bob and Cid").
const PEOPLE_NOUNS: &[&str] = &[
    "people",
    "persons",
    "students",
    "guests",
    "friends",
    "residents",
    "neighbours",
    "neighbors",
    "customers",
    "traders",
    "vendors",
    "workers",
    "players",
    "passengers",
    "members",
    "employees",
    "colleagues",
    "visitors",
    "tenants",
    "travellers",
    "travelers",
    "diners",
    "participants",
    "contestants",
];

/// Things that have names of their own, as a category's lead or noun
/// may say ("Each pet has a unique name", "boat name").
pub(crate) const NAMED_THINGS: &[&str] = &[
    "pet", "animal", "car", "boat", "ship", "horse", "dog", "cat", "vehicle", "bike", "bicycle",
    "plant", "doll", "toy", "robot", "bird", "fish",
];

/// The content words of `text` (not [`LIGHT`]), each in the singular: what
/// tells a category from another. "Name" is light in a clue but not in a
/// category's noun, so `keep_name` keeps it.
pub(crate) fn content(words: &[String], keep_name: bool) -> Vec<String> {
    words
        .iter()
        .filter(|w| {
            (keep_name && matches!(w.as_str(), "name" | "names")) || !LIGHT.contains(&w.as_str())
        })
        .map(|w| singular(&fold(w)))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The values of one name: the items it may be, and whether it is the
/// name as written (a primary form) or another form.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) items: Vec<Item>,
    /// The firmest tier of the forms that name it.
    tier: Tier,
}

/// A value found in a sentence: the words `start..end` name `entry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) entry: usize,
}

/// How firmly a form names its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    /// Its name, or another name of it ("British" for `brit`).
    Name,
    /// Its other number ("horses" for `horse`): not where a verb stands.
    Number,
    /// A verb of an activity ("paints" for `painting`): only when a
    /// sentence does not read without it.
    Weak,
}

/// A trie of the bytes of folded forms: each node's children in a short
/// list (forms share few prefixes, so a list is faster than a map); a node
/// may end an entry, of a tier.
#[derive(Clone, Debug)]
struct Trie {
    children: Vec<Vec<(u8, u32)>>,
    /// The root's children by byte (0: none): every word starts there.
    root: Box<[u32; 256]>,
    ends: Vec<Option<End>>,
}

/// What a form names: its entry and tier, and, when the entry is of
/// proper names ("Daisy") that hide another value's other number
/// ("daisy" of `daisies`), that value's entry, for the form written in
/// lower case.
#[derive(Clone, Copy, Debug)]
struct End {
    entry: u32,
    tier: Tier,
    common: Option<u32>,
}

impl Trie {
    fn new() -> Self {
        Trie {
            children: vec![Vec::new()],
            root: Box::new([0; 256]),
            ends: vec![None],
        }
    }

    fn child(&self, node: u32, byte: u8) -> Option<u32> {
        if node == 0 {
            let n = self.root[usize::from(byte)];
            return (n != 0).then_some(n);
        }
        self.children[node as usize]
            .iter()
            .find(|&&(b, _)| b == byte)
            .map(|&(_, n)| n)
    }

    fn insert(&mut self, form: &str, end: End) {
        let mut node = 0u32;
        for byte in form.bytes() {
            node = match self.child(node, byte) {
                Some(n) => n,
                None => {
                    let n = u32::try_from(self.ends.len()).expect("few letters");
                    self.ends.push(None);
                    self.children.push(Vec::new());
                    if node == 0 {
                        self.root[usize::from(byte)] = n;
                    } else {
                        self.children[node as usize].push((byte, n));
                    }
                    n
                }
            };
        }
        self.ends[node as usize] = Some(end);
    }

    /// The entries whose forms are the letters of `words[i..j]`, for each
    /// such `j`: `(j, end)`, shortest first.
    fn matches(&self, words: &[Word<'_>], i: usize, out: &mut Vec<(usize, End)>) {
        out.clear();
        let mut node = 0u32;
        for (j, letters) in words.iter().map(|w| &*w.folded).enumerate().skip(i) {
            if letters.is_empty() && j == i {
                return;
            }
            for byte in letters.bytes() {
                match self.child(node, byte) {
                    Some(n) => node = n,
                    None => return,
                }
            }
            if let Some(end) = self.ends[node as usize] {
                out.push((j + 1, end));
            }
        }
    }
}

/// Words after which a word is a verb, not a noun ("the person who lives",
/// "it keeps"): a value's other number is not read there.
const VERB_AFTER: &[&str] = &[
    "who", "that", "which", "whom", "person", "one", "he", "she", "it", "they", "also", "only",
    "never", "not", "always", "often",
];

/// What the reader knows of one puzzle: its values and its categories'
/// nouns.
#[derive(Clone, Debug)]
pub(crate) struct Lexicon {
    pub(crate) entries: Vec<Entry>,
    /// The values' forms.
    forms: Trie,
    /// Whether some form is weak.
    weak: bool,
    /// Per category: its noun's content words, in the singular.
    pub(crate) nouns: Vec<Vec<String>>,
    /// Per category: its noun's words, folded ("cat food" is `cat`,
    /// `food`): a noun longer than a value it holds is no mention of it.
    noun_words: Vec<Vec<String>>,
    /// The category whose values name the people (its noun is "name", or
    /// "people"), if there is one.
    pub(crate) people: Option<usize>,
    /// How many categories name the people so ("Names: …", "The people
    /// are …"): more than one leaves "the name of …" to no category.
    pub(crate) name_categories: usize,
    /// Every content word of every category's noun, in either number.
    noun_content: FxHashSet<String>,
    /// Per value: the words around it in the names of longer values that
    /// hold it ("iced" for `tea`, of `iced tea`), folded.
    longer: FxHashMap<Item, Vec<String>>,
    /// Per category: the verbs of trade its values are the objects of
    /// ([`trade_verbs`]).
    trades: Vec<&'static [&'static str]>,
    /// The category of evenly spaced amounts that stands for the row, when
    /// the opening names no row ([`Scale`]): its comparisons ("4 years
    /// before", "sometime after") are then read against it.
    pub(crate) scale: Option<Scale>,
}

/// The verbs of selling and of buying a clue may link a person to what
/// they trade with.
pub(crate) const SELL: &[&str] = &["sells", "sell"];
pub(crate) const BUY: &[&str] = &["buys", "buy"];

/// Nouns of what a trader sells ("The goods are …").
const GOODS: &[&str] = &["goods", "good", "product", "produce", "ware", "merchandise"];

/// The verbs of trade whose object is a value of `line` ("the trader who
/// sells cheese"): the one its description is said with ("Each trader
/// sells a different …", "Each customer bought …"), or selling for a
/// category of goods said with no verb of trade. Elsewhere "sells tea"
/// says nothing of who drinks it.
fn trade_verbs(line: &CategoryLine) -> &'static [&'static str] {
    // The verb's last word: "owns" of "who sells at the market owns".
    let verb = keys(&line.verb).pop().unwrap_or_default();
    let said = |forms: &[&str]| forms.contains(&verb.as_str());
    if said(&["sells", "sell", "sold", "selling"]) {
        SELL
    } else if said(&["buys", "buy", "bought", "buying"]) {
        BUY
    } else if keys(&line.noun).iter().any(|w| GOODS.contains(&w.as_str())) {
        SELL
    } else {
        &[]
    }
}

impl Lexicon {
    /// The lexicon of a puzzle with these categories (their values are the
    /// items of category `c`, value `v` in the order given).
    pub(crate) fn new(categories: &[CategoryLine]) -> Self {
        let nouns: Vec<Vec<String>> = categories
            .iter()
            .map(|c| content(&keys(&c.noun), true))
            .collect();
        // Every form, with the items it names per tier: a value's own name
        // wins over another value's other number, and that over a weak
        // form.
        let mut by_form: FxHashMap<String, [Vec<Item>; 4]> = FxHashMap::default();
        // Values written as proper names ("Daisy", "Cats").
        let mut proper: FxHashSet<Item> = FxHashSet::default();
        for (c, line) in categories.iter().enumerate() {
            for (v, value) in line.values.iter().enumerate() {
                let item = Item::at(c, v);
                if value.starts_with(|c: char| c.is_uppercase()) {
                    proper.insert(item);
                }
                let f = forms(value, &nouns[c], national(&nouns[c], &line.lead));
                let tiers = [vec![f.primary], f.variants, f.numbers, f.weak];
                for (t, forms) in tiers.into_iter().enumerate() {
                    for form in forms.into_iter().filter(|f| !f.is_empty()) {
                        by_form.entry(form).or_default()[t].push(item);
                    }
                }
            }
        }
        // Fx hashing has no random seed: the order, and so the entries'
        // numbers, are the same every run.
        let sorted = |mut items: Vec<Item>| {
            items.sort();
            items.dedup();
            items
        };
        // Per form: the items it names, its tier, and the items of another
        // value's other number that proper names hide. A form that is one
        // value's name and another's other name ("Swedish" of a cuisine
        // and of `swede`) may be either: the nouns around it or the clues
        // tell which. A weak form only stands for what no other form
        // names.
        let forms: Vec<(String, Tier, Vec<Item>, Vec<Item>)> = by_form
            .into_iter()
            .map(|(form, [primary, variants, numbers, weak])| {
                let names: Vec<Item> = sorted(primary.into_iter().chain(variants).collect());
                let numbers = sorted(numbers);
                if !names.is_empty() {
                    let hidden = if names.iter().all(|i| proper.contains(i)) {
                        numbers.into_iter().filter(|i| !names.contains(i)).collect()
                    } else {
                        Vec::new()
                    };
                    (form, Tier::Name, names, hidden)
                } else if !numbers.is_empty() {
                    (form, Tier::Number, numbers, Vec::new())
                } else {
                    (form, Tier::Weak, sorted(weak), Vec::new())
                }
            })
            .collect();
        let mut entries: Vec<Entry> = Vec::new();
        let mut entry_of: FxHashMap<Vec<Item>, u32> = FxHashMap::default();
        let mut trie = Trie::new();
        let mut weak = false;
        let mut entry_for = |items: Vec<Item>, tier: Tier| {
            let e = *entry_of.entry(items.clone()).or_insert_with(|| {
                entries.push(Entry { items, tier });
                u32::try_from(entries.len() - 1).expect("few values")
            });
            let entry = &mut entries[e as usize];
            entry.tier = entry.tier.min(tier);
            e
        };
        for (form, tier, items, hidden) in forms {
            let entry = entry_for(items, tier);
            let common = (!hidden.is_empty()).then(|| entry_for(hidden, Tier::Number));
            weak |= tier == Tier::Weak;
            trie.insert(
                &form,
                End {
                    entry,
                    tier,
                    common,
                },
            );
        }
        // "Names: …", "The people are …": the one category so named (two
        // would leave "Who …?" to the choices: "Each pet has a unique
        // name" beside "The people are …").
        // "The students are called …", "The people in the queue are …":
        // a word for people, then at most where they are.
        let named_people = |c: &CategoryLine| {
            let words: Vec<String> = keys(&c.noun)
                .into_iter()
                .filter(|w| !matches!(w.as_str(), "the" | "their" | "a"))
                .collect();
            // Then only where the row is ("in the queue", "in line"): not
            // "The children of the people", "The players on their teams".
            matches!(words.as_slice(), [w, rest @ ..]
            if PEOPLE_NOUNS.contains(&w.as_str())
                && rest.iter().all(|r| matches!(
                    r.as_str(),
                    "in" | "at" | "on" | "queue" | "line" | "row" | "street" | "market"
                )))
        };
        // "Each pet has a unique name" names pets, not people: a lead
        // that says whose names they are.
        let of_people = |c: &CategoryLine| {
            !keys(&c.lead)
                .iter()
                .any(|w| NAMED_THINGS.contains(&singular(w).as_str()))
        };
        let candidates: Vec<usize> = (0..categories.len())
            .filter(|&c| {
                (nouns[c].len() == 1 && nouns[c][0] == "name" && of_people(&categories[c]))
                    || named_people(&categories[c])
            })
            .collect();
        let people = match candidates.as_slice() {
            [c] => Some(*c),
            _ => None,
        };
        let name_categories = candidates.len();
        let noun_words = categories
            .iter()
            .map(|c| {
                keys(&c.noun)
                    .iter()
                    .map(|w| fold(w))
                    .filter(|w| !w.is_empty())
                    .collect()
            })
            .collect();
        // Each noun word in either number, as folded words are written.
        let longer = longer_names(categories);
        let noun_content = nouns
            .iter()
            .flatten()
            .flat_map(|w| std::iter::once(w.clone()).chain(other_numbers(w)))
            .collect();
        let trades = categories.iter().map(trade_verbs).collect();
        Lexicon {
            trades,
            longer,
            noun_content,
            entries,
            forms: trie,
            weak,
            nouns,
            noun_words,
            people,
            name_categories,
            scale: None,
        }
    }

    /// The values named in `words`, left to right, each the longest that
    /// starts where it does (whole words only): a value's other number
    /// not where a verb stands, its weak forms only when `weak`.
    pub(crate) fn values_with(&self, words: &[Word<'_>], weak: bool) -> Vec<Found> {
        let mut found: Vec<Found> = Vec::new();
        let mut matches = Vec::new();
        let mut i = 0;
        while i < words.len() {
            self.forms.matches(words, i, &mut matches);
            if matches.is_empty() {
                i += 1;
                continue;
            }
            let verb_place = i > 0
                && (VERB_AFTER.contains(&&*words[i - 1].key)
                    || found.last().is_some_and(|f| f.end == i));
            let best = matches
                .iter()
                .rev()
                .find(|&&(end, form)| match form.tier {
                    Tier::Name => true,
                    // Not "Cid" and "'s" taken for "Cids".
                    Tier::Number => !verb_place && words[end - 1].key != "'s",
                    Tier::Weak => weak,
                })
                .map(|&(end, form)| {
                    // "a daisy": the flowers' "daisies", not the name Daisy.
                    let lower = words[i].text.starts_with(|c: char| c.is_lowercase());
                    let entry = match form.common {
                        Some(common) if lower && !verb_place => common,
                        _ => form.entry,
                    };
                    (end, entry as usize)
                });
            // A category's noun that holds a value ("the person whose cat
            // food is tuna") names the category.
            let noun = if best.is_some() {
                self.noun_words
                    .iter()
                    .filter(|n| {
                        n.len() > 1
                            && i + n.len() <= words.len()
                            && n.iter().zip(&words[i..]).all(|(a, b)| *a == *b.folded)
                    })
                    .map(Vec::len)
                    .max()
                    .unwrap_or(0)
            } else {
                0
            };
            if best.is_some_and(|(end, _)| noun > end - i) {
                i += noun;
                continue;
            }
            match best {
                Some((end, entry)) => {
                    found.push(Found {
                        start: i,
                        end,
                        entry,
                    });
                    i = end;
                }
                None => i += 1,
            }
        }
        found
    }

    /// The values named in `words` by their strong forms (see
    /// [`values_with`](Lexicon::values_with)).
    pub(crate) fn values(&self, words: &[Word<'_>]) -> Vec<Found> {
        self.values_with(words, false)
    }

    /// Whether `word` is a content word of a category's noun ("colour" of
    /// "favourite colour", "number" of "lucky number").
    pub(crate) fn is_noun_word(&self, word: &Word<'_>) -> bool {
        !self.noun_content.is_empty() && self.noun_content.contains(&*word.folded)
    }

    /// Whether `word`, beside a mention of `entry`, looks like a word of a
    /// longer value that holds it ("ice" beside `tea` when `iced tea` is a
    /// value): the mention may be of either, misspelt.
    pub(crate) fn near_longer(&self, entry: usize, word: &Word<'_>) -> bool {
        let w = &*word.folded;
        w.len() >= 3
            && self.entries[entry].items.iter().any(|item| {
                self.longer.get(item).is_some_and(|extras| {
                    extras.iter().any(|x| {
                        x == w || w.bytes().zip(x.bytes()).take_while(|(a, b)| a == b).count() >= 3
                    })
                })
            })
    }

    /// Whether `entry` names a value of the people's names ("Ann").
    pub(crate) fn is_name(&self, entry: usize) -> bool {
        self.people.is_some_and(|c| {
            self.entries
                .get(entry)
                .is_some_and(|e| e.items.iter().any(|i| i.category().index() == c))
        })
    }

    /// Whether any value has a weak form.
    pub(crate) fn has_weak(&self) -> bool {
        self.weak
    }

    /// The candidates of `entry` that the words around it (`around`, the
    /// rest of its phrase) name: the items of the categories whose nouns
    /// have the most of those words, when one category has most; all of
    /// them otherwise.
    pub(crate) fn resolve(&self, entry: usize, around: &[String]) -> Vec<Item> {
        let items = &self.entries[entry].items;
        if items.len() < 2 {
            return items.clone();
        }
        let telling = content(around, true);
        // Per item: how many of its noun's words are said, then how few
        // are left unsaid ("whose name is" names "name" over "pet name").
        let scores: Vec<(usize, std::cmp::Reverse<usize>)> = items
            .iter()
            .map(|item| {
                let noun = &self.nouns[item.category().index()];
                let hits = telling.iter().filter(|w| noun.contains(w)).count();
                (hits, std::cmp::Reverse(noun.len().saturating_sub(hits)))
            })
            .collect();
        let best = scores.iter().copied().max().unwrap_or_default();
        if best.0 == 0 {
            return items.clone();
        }
        let chosen: Vec<Item> = items
            .iter()
            .zip(&scores)
            .filter(|&(_, &s)| s == best)
            .map(|(item, _)| *item)
            .collect();
        // Two values of one category are never told apart by a noun.
        let first = chosen[0].category();
        if chosen.iter().all(|i| i.category() == first) && chosen.len() > 1 {
            return items.clone();
        }
        chosen
    }

    /// `verb` ("paint") as the activity's verb the lexicon knows
    /// ("paints", a weak form of `painting`), if it is one: the bare verb
    /// after "does not".
    pub(crate) fn verb_of_activity(&self, verb: &str) -> Option<String> {
        [format!("{verb}s"), format!("{verb}es")]
            .into_iter()
            .find(|form| {
                let w = super::words::words(form);
                self.values_with(&w, false).is_empty()
                    && matches!(
                        self.values_with(&w, true).as_slice(),
                        [f] if f.start == 0 && f.end == w.len()
                    )
            })
    }

    /// Whether `verb` ("sells") has every value `entry` names as its
    /// object by the categories' descriptions.
    pub(crate) fn trades_in(&self, entry: usize, verb: &str) -> bool {
        self.entries[entry]
            .items
            .iter()
            .all(|item| self.trades[item.category().index()].contains(&verb))
    }

    /// `shared[category][value]`: whether a value's name (or its other
    /// number) is another value's too (for `categories` categories of
    /// `positions` values); the weak forms, tried last, do not count.
    pub(crate) fn shared(&self, categories: usize, positions: usize) -> Vec<Vec<bool>> {
        let mut shared = vec![vec![false; positions]; categories];
        for entry in &self.entries {
            if entry.items.len() > 1 && entry.tier != Tier::Weak {
                for item in &entry.items {
                    if let Some(row) = shared.get_mut(item.category().index())
                        && let Some(cell) = row.get_mut(item.index())
                    {
                        *cell = true;
                    }
                }
            }
        }
        shared
    }
}

#[cfg(test)]
mod tests {
    use super::Lexicon;
    use crate::english::header::read_category;
    use crate::english::words::words;
    use crate::house::Item;

    fn lexicon(lines: &[&str]) -> Lexicon {
        let categories: Vec<_> = lines
            .iter()
            .map(|l| read_category(l, None).unwrap().unwrap())
            .collect();
        Lexicon::new(&categories)
    }

    fn found(lex: &Lexicon, text: &str) -> Vec<(String, Vec<Item>)> {
        let w = words(text);
        lex.values(&w)
            .into_iter()
            .map(|f| {
                let text: Vec<&str> = w[f.start..f.end].iter().map(|w| w.text).collect();
                (text.join(" "), lex.entries[f.entry].items.clone())
            })
            .collect()
    }

    #[test]
    fn values_are_found_longest_first_in_any_form() {
        let lex = lexicon(&[
            "Each person has a unique name: `Eric`, `Michael`",
            "Everyone owns a different handbag: Michael Kors, Tumi.",
            "Everyone drinks a different drink: tea, iced tea.",
            "People own unique car models: `ford f150`, `honda civic`",
            "The people keep unique animals: `horse`, `cat`",
        ]);
        assert_eq!(
            found(&lex, "The person who owns a Michael Kors is Michael."),
            [
                ("Michael Kors".to_string(), vec![Item::at(1, 0)]),
                ("Michael".to_string(), vec![Item::at(0, 1)])
            ]
        );
        assert_eq!(
            found(
                &lex,
                "the iced tea drinker drives a Ford F-150 and keeps horses"
            ),
            [
                ("iced tea".to_string(), vec![Item::at(2, 1)]),
                ("Ford F 150".to_string(), vec![Item::at(3, 0)]),
                ("horses".to_string(), vec![Item::at(4, 0)]),
            ]
        );
        assert!(found(&lex, "Ericsson and the teapot").is_empty());
    }

    #[test]
    fn a_shared_value_is_told_apart_by_the_nouns_around_it() {
        let lex = lexicon(&[
            "Each person has a favorite color: `red`, `blue`",
            "People have unique hair colors: `red`, `black`",
        ]);
        let red = found(&lex, "red")[0].clone().1;
        assert_eq!(red, [Item::at(0, 0), Item::at(1, 0)]);
        let w = |t: &str| t.split(' ').map(String::from).collect::<Vec<_>>();
        let e = lex.values(&words("red"))[0].entry;
        assert_eq!(
            lex.resolve(e, &w("the person who has hair")),
            [Item::at(1, 0)]
        );
        assert_eq!(
            lex.resolve(e, &w("the person whose favorite color is")),
            [Item::at(0, 0)]
        );
        assert_eq!(lex.resolve(e, &w("the person who loves")).len(), 2);
    }
}
