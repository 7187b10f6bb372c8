//! The classic puzzles, built in.

use crate::puzzle::Puzzle;

/// Einstein's puzzle in the text format: 15 clues ("left of" meaning
/// immediately left). The German owns the fish.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{EINSTEIN, Puzzle};
/// let puzzle: Puzzle = EINSTEIN.parse()?;
/// assert_eq!(puzzle, kongming_zebra_csp::einstein());
/// # Ok::<(), kongming_zebra_csp::ParseError>(())
/// ```
pub const EINSTEIN: &str = "\
# Einstein's puzzle: who owns the fish?
nationality: Brit Swede Dane German Norwegian
colour: red green white yellow blue
drink: tea coffee milk beer water
smoke: PallMall Dunhill Blend BlueMaster Prince
pet: birds cats dogs horses fish

Brit = red                # 1. The Brit lives in the red house.
Swede = dogs              # 2. The Swede keeps dogs.
Dane = tea                # 3. The Dane drinks tea.
green left-of white       # 4. The green house is just left of the white one.
green = coffee            # 5. The owner of the green house drinks coffee.
PallMall = birds          # 6. The Pall Mall smoker rears birds.
yellow = Dunhill          # 7. The owner of the yellow house smokes Dunhill.
milk at 3                 # 8. The man in the centre house drinks milk.
Norwegian at 1            # 9. The Norwegian lives in the first house.
Blend next-to cats        # 10. The Blend smoker lives next to the cat owner.
horses next-to Dunhill    # 11. The horse owner lives next to the Dunhill smoker.
BlueMaster = beer         # 12. The BlueMaster smoker drinks beer.
German = Prince           # 13. The German smokes Prince.
Norwegian next-to blue    # 14. The Norwegian lives next to the blue house.
Blend next-to water       # 15. The Blend smoker has a neighbour who drinks water.
";

/// The zebra puzzle of Life International (17 December 1962) in the text
/// format: five houses and 14 clues. The Norwegian drinks water; the
/// Japanese owns the zebra.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{LIFE, Puzzle};
/// let puzzle: Puzzle = LIFE.parse()?;
/// assert_eq!(puzzle.clues().len(), 14);
/// # Ok::<(), kongming_zebra_csp::ParseError>(())
/// ```
pub const LIFE: &str = "\
# The 1962 Life puzzle: who drinks water? Who owns the zebra?
nationality: Englishman Spaniard Ukrainian Norwegian Japanese
colour: red green ivory yellow blue
drink: coffee tea milk OrangeJuice water
smoke: OldGold Kools Chesterfields LuckyStrike Parliaments
pet: dog snails fox horse zebra

Englishman = red              # 2. The Englishman lives in the red house.
Spaniard = dog                # 3. The Spaniard owns the dog.
coffee = green                # 4. Coffee is drunk in the green house.
Ukrainian = tea               # 5. The Ukrainian drinks tea.
green right-of ivory          # 6. The green house is just right of the ivory one.
OldGold = snails              # 7. The Old Gold smoker owns snails.
Kools = yellow                # 8. Kools are smoked in the yellow house.
milk at 3                     # 9. Milk is drunk in the middle house.
Norwegian at 1                # 10. The Norwegian lives in the first house.
Chesterfields next-to fox     # 11. Chesterfields next to the fox.
Kools next-to horse           # 12. Kools next to the horse.
LuckyStrike = OrangeJuice     # 13. The Lucky Strike smoker drinks orange juice.
Japanese = Parliaments        # 14. The Japanese smokes Parliaments.
Norwegian next-to blue        # 15. The Norwegian lives next to the blue house.
";

/// Einstein's puzzle ([`EINSTEIN`]) as a [`Puzzle`].
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let solution = puzzle.solve().unwrap();
/// let fish = solution.house_of(puzzle.item("fish").unwrap());
/// assert_eq!(solution.house_of(puzzle.item("German").unwrap()), fish);
/// ```
pub fn einstein() -> Puzzle {
    EINSTEIN
        .parse()
        .expect("the built-in Einstein puzzle parses")
}

/// The 1962 Life puzzle ([`LIFE`]) as a [`Puzzle`].
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::life();
/// let solution = puzzle.solve().unwrap();
/// let zebra = solution.house_of(puzzle.item("zebra").unwrap());
/// assert_eq!(solution.house_of(puzzle.item("Japanese").unwrap()), zebra);
/// ```
pub fn life() -> Puzzle {
    LIFE.parse().expect("the built-in Life puzzle parses")
}
