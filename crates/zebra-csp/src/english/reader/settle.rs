//! Settling what the words leave open: a value of two categories that
//! its phrase does not tell apart is settled by the clues, when reading it
//! either way leaves one grid; a phrase learned from a clue is kept as its
//! category's pattern only if it reads back; a multiple-choice question's
//! choices say its category when its words do not.

use kongming_search::control::Budget;

use super::{Read, Slot, helper_chain};
use crate::clue::{Clue, Term};
use crate::english::TermForm;
use crate::english::asking::{Asked, Chosen, read_choice};
use crate::english::error::ReadErrorKind;
use crate::english::header::identifier;
use crate::english::lexicon::Lexicon;
use crate::english::meaning::{Named, Row, scan};
use crate::english::vocabulary::Relation;
use crate::english::words::words;
use crate::house::{Category, Item};
use crate::network;
use crate::puzzle::Puzzle;
use crate::solve::Solver;

/// The case splits each search of the settling may take: a puzzle whose
/// readings take more is left unsettled (refused, or read either way).
const SPLITS: u64 = 20_000;

/// The candidates of the `open` mentions, settled by the clues of `read`
/// on the categories of `base`: with each open mention read as either of
/// its candidates, the clues' solutions must all be one grid; each
/// mention is then the candidate in its house in that grid. `None` when
/// the clues leave several grids, none, or take too long to tell.
pub(super) fn by_clues(base: &Puzzle, read: &Read, open: &[usize]) -> Option<Vec<Item>> {
    let n = read.row.positions;
    let real = base.num_categories();
    let mut puzzle = base.clone();
    let mut taken = std::collections::HashSet::new();
    for c in 0..real {
        let category = Category::at(c);
        taken.insert(puzzle.category_name(category).to_lowercase());
        for v in puzzle.values(category) {
            taken.insert(v.to_lowercase());
        }
    }
    // One helper per phrase of an open value and link: a puzzle names a
    // value with one phrase the same way each time ("the cat lover" is
    // always the animal, "the person who has a cat" always the pet), so
    // the mentions of one phrase share a reading. Its first value is with
    // one of the candidates.
    let mut helper_of: Vec<Option<Item>> = vec![None; read.mentions.len()];
    let mut by_phrase: std::collections::HashMap<(Vec<Item>, String, String), Item> =
        std::collections::HashMap::new();
    for &m in open {
        let mention = &read.mentions[m];
        let items = &mention.candidates;
        let key = (
            items.clone(),
            mention.form.before.to_lowercase(),
            mention.form.after.to_lowercase(),
        );
        if let Some(&helper) = by_phrase.get(&key) {
            helper_of[m] = Some(helper);
            continue;
        }
        let mut helpers = Vec::new();
        for link in 0..items.len() - 1 {
            let name = identifier(&format!("settle {m} {link}"), &mut taken);
            let values: Vec<String> = (1..=n)
                .map(|v| identifier(&format!("{name} {v}"), &mut taken))
                .collect();
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            puzzle.add_category(&name, &values).ok()?;
            helpers.push(Item::at(puzzle.num_categories() - 1, 0));
        }
        for clue in helper_chain(&helpers, items) {
            puzzle.add_clue(clue).ok()?;
        }
        helper_of[m] = Some(helpers[0]);
        by_phrase.insert(key, helpers[0]);
    }
    for clue in &read.clues {
        let mut terms = Vec::with_capacity(clue.slots.len());
        for &slot in &clue.slots {
            terms.push(match slot {
                Slot::Place(h) => Term::House(puzzle.house(h)?),
                Slot::Mention(m) => match helper_of[m] {
                    Some(helper) => Term::Value(helper),
                    None if read.mentions[m].candidates.len() == 1 => {
                        Term::Value(read.mentions[m].candidates[0])
                    }
                    // The question's subject: no clue holds it.
                    None => return None,
                },
            });
        }
        for c in clue.relation.clues(&terms, n) {
            puzzle.add_clue(c).ok()?;
        }
    }
    let budget = || Budget::unlimited().with_node_limit(SPLITS);
    let mut solver = Solver::new(&puzzle).budget(budget());
    let solution = solver.next_solution()?;
    // Every other grid differs in some value of the real categories: one
    // search per value (the last of a category follows from the others).
    for c in 0..real {
        for v in 0..n - 1 {
            let item = Item::at(c, v);
            let here = Clue::Same(Term::Value(item), Term::House(solution.house_of(item)));
            let network = network::build_from(&puzzle, puzzle.clues(), Some(&here));
            let mut other = Solver::for_network(&puzzle, network).budget(budget());
            if other.next_solution().is_some() || other.outcome().is_some_and(|o| !o.is_complete())
            {
                return None;
            }
        }
    }
    open.iter()
        .map(|&m| {
            let helper = helper_of[m]?;
            let house = solution.house_of(helper);
            read.mentions[m]
                .candidates
                .iter()
                .copied()
                .find(|&item| solution.house_of(item) == house)
        })
        .collect()
}

/// Whether `form` names each of `values` (of category `category`) alone:
/// the phrase it makes reads as one term, that value, and says nothing
/// else (so the writer may phrase the category so); a value another
/// category shares is written otherwise and not checked.
pub(super) fn form_reads(
    lexicon: &Lexicon,
    row: Row,
    form: &TermForm,
    values: &[String],
    category: usize,
    shared: &[Vec<bool>],
) -> bool {
    // A term's phrase opens with a determiner or a person ("the cat
    // lover", "whoever owns"), or is the value alone.
    let opens = words(&form.before).first().map(|w| w.key.to_string());
    if !matches!(
        opens.as_deref(),
        None | Some("the" | "a" | "an" | "whoever" | "someone" | "somebody")
    ) {
        return false;
    }
    // Two values in one clue, as the writer puts them: the form must end
    // where the clue's own words begin ("the seerson has a unique name
    // Eric is not …" does not).
    let own: Vec<usize> = (0..values.len())
        .filter(|&v| !shared[category][v])
        .collect();
    if let [a, b, ..] = own[..] {
        let clue = format!(
            "{} is not {}.",
            form.with(&values[a]),
            form.with(&values[b])
        );
        let w = words(&clue);
        let read = scan(lexicon, &w, row).and_then(|skeleton| {
            let meaning = skeleton.meaning(&w, row)?;
            let item = |t: usize| match meaning.terms[t].named {
                Named::Value(e) => lexicon.entries[e].items.clone(),
                Named::Place(_) => Vec::new(),
            };
            Ok(match meaning.said.as_slice() {
                [(Relation::NotSame, order)] if order.len() == 2 => {
                    item(order[0]) == [Item::at(category, a)]
                        && item(order[1]) == [Item::at(category, b)]
                }
                _ => false,
            })
        });
        if read != Ok(true) {
            return false;
        }
    }
    // Values of two categories are written by their noun ("the person
    // whose child is Alice"), not in the form.
    values.iter().enumerate().all(|(v, value)| {
        if shared[category][v] {
            return true;
        }
        let phrase = form.with(value);
        let w = words(&phrase);
        let Ok(skeleton) = scan(lexicon, &w, row) else {
            return false;
        };
        let [term] = skeleton.terms.as_slice() else {
            return false;
        };
        skeleton.syms.len() == 1
            && skeleton.unsupported.is_empty()
            && match term.named {
                Named::Value(e) => lexicon.entries[e].items == [Item::at(category, v)],
                Named::Place(_) => false,
            }
    })
}

/// What a question asks, its choices considered: `None` for the
/// position, else the category. A question whose words do not say which
/// category takes the one every choice is a value of; choices must be
/// values of the category asked (or positions).
///
/// # Errors
///
/// [`ReadErrorKind::BadChoice`] for a choice that is not; a question
/// whose words and choices do not say the category is
/// [`ReadErrorKind::UnknownCategory`].
pub(crate) fn question_category(
    lexicon: &Lexicon,
    asked: Asked,
    head: &str,
    choices: &[String],
    positions: usize,
) -> Result<Option<usize>, ReadErrorKind> {
    let bad = |choice: &String| ReadErrorKind::BadChoice {
        choice: choice.clone(),
    };
    match asked {
        Asked::Position => {
            for choice in choices {
                match read_choice(lexicon, choice) {
                    Some(Chosen::Position(n)) if (1..=positions).contains(&n) => {}
                    _ => return Err(bad(choice)),
                }
            }
            Ok(None)
        }
        Asked::Value(c) => {
            for choice in choices {
                match read_choice(lexicon, choice) {
                    Some(Chosen::Value(e))
                        if lexicon.entries[e]
                            .items
                            .iter()
                            .any(|i| i.category().index() == c) => {}
                    _ => return Err(bad(choice)),
                }
            }
            Ok(Some(c))
        }
        Asked::Unsaid if choices.is_empty() => Err(ReadErrorKind::UnknownCategory {
            words: head.to_string(),
        }),
        Asked::Unsaid => {
            let mut common: Option<Vec<usize>> = None;
            for choice in choices {
                let Some(Chosen::Value(e)) = read_choice(lexicon, choice) else {
                    return Err(bad(choice));
                };
                let cats: Vec<usize> = lexicon.entries[e]
                    .items
                    .iter()
                    .map(|i| i.category().index())
                    .collect();
                common = Some(match common {
                    None => cats,
                    Some(c) => c.into_iter().filter(|x| cats.contains(x)).collect(),
                });
            }
            match common.as_deref() {
                Some([one]) => Ok(Some(*one)),
                _ => Err(ReadErrorKind::UnknownCategory {
                    words: choices.join(", "),
                }),
            }
        }
    }
}
