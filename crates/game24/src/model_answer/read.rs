//! Finding the answer in a model's text: the part after the last label,
//! LaTeX and Unicode written as plain operators, markdown taken off, each
//! line read as `expression = value`, and a claim that there is no
//! solution told apart from prose.

use crate::Rational;
use crate::countdown::NumberUse;
use crate::expr::Expr;

/// One line of an answer: an expression and the value written after its
/// last `=` (if any).
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub(crate) expr: Expr,
    pub(crate) claim: Option<Rational>,
}

/// What a model's text says.
#[derive(Clone, Debug)]
pub(crate) enum Reading {
    /// One expression, the whole answer.
    Expression(Line),
    /// Steps, each combining numbers left into a new one.
    Steps(Vec<Line>),
    /// A claim that the target cannot be made.
    NoSolution,
    /// Nothing that reads as an answer.
    Nothing,
}

/// How deep `\frac` may nest inside `\frac`: the rewriting recurses, so a
/// text of nested fractions must not run the stack out.
const MAX_FRAC_DEPTH: usize = 16;

/// What a reading needs to know of the game: the hand, and whether a
/// solution may use some of it.
#[derive(Clone, Copy)]
struct Hand<'a> {
    numbers: &'a [Rational],
    number_use: NumberUse,
}

/// Reads a model's text: the part after the last `<answer>` tag, the
/// last `\boxed{…}` or the last "answer" label, or, when that holds no
/// answer, the whole text.
pub(crate) fn read(text: &str, numbers: &[Rational], number_use: NumberUse) -> Reading {
    let hand = Hand {
        numbers,
        number_use,
    };
    let tagged = between_tags(text);
    let text = latex(tagged.unwrap_or(text));
    let boxed = last_boxed(&text);
    let text = boxed.unwrap_or(&text);
    if let Some(rest) = after_label(text) {
        match scan(rest, hand, true) {
            Reading::Nothing => {}
            reading => return reading,
        }
    }
    scan(text, hand, tagged.is_some() || boxed.is_some())
}

/// The contents of the last `<answer>…</answer>`, the tag reasoning
/// benchmarks ask models to answer in.
fn between_tags(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let open = lower.rfind("<answer>")?;
    let start = open + "<answer>".len();
    let end = lower[start..]
        .find("</answer>")
        .map_or(text.len(), |k| start + k);
    Some(&text[start..end])
}

/// The contents of the last `\boxed{…}` (LaTeX already rewritten, so its
/// braces are parentheses: `\boxed(…)`).
fn last_boxed(text: &str) -> Option<&str> {
    let at = text.rfind("\\boxed")?;
    let rest = text[at + "\\boxed".len()..].trim_start();
    let inner = rest.strip_prefix('(')?;
    let mut depth = 1usize;
    for (k, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&inner[..k]);
                }
            }
            _ => {}
        }
    }
    Some(inner)
}

/// The text after the last "answer" (any case), where a label such as
/// `Answer:`, `**Final answer**` or `The answer is` ends.
fn after_label(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let at = lower.rfind("answer")?;
    // ASCII lowering keeps every byte offset.
    let mut rest = &text[at + "answer".len()..];
    rest = rest.strip_prefix(['s', 'S']).unwrap_or(rest);
    Some(rest)
}

/// Reads the lines of `text` from the last: the last line that reads as
/// an expression of an operation or more is the answer (with the lines
/// before it when they are its steps), unless a line after it, or the
/// line itself, says there is no solution. A lone number is an answer
/// for a hand of one, and, when a solution may use some of the hand, for
/// a number of the hand in a `marked` answer (after a label, in a tag or
/// a box): prose elsewhere is full of lone numbers.
fn scan(text: &str, hand: Hand<'_>, marked: bool) -> Reading {
    let segments: Vec<&str> = text.split(['\n', ';', ',']).collect();
    let lone_tiles = marked && hand.number_use == NumberUse::Any;
    for (k, segment) in segments.iter().enumerate().rev() {
        // The words first: "it is impossible to make 24" holds a number.
        if claims_no_solution(segment) {
            return Reading::NoSolution;
        }
        let line = parse_line(segment).filter(|l| match &l.expr {
            Expr::Bin(..) => true,
            Expr::Num(n) => hand.numbers.len() == 1 || (lone_tiles && hand.numbers.contains(n)),
        });
        if let Some(line) = line {
            return answer_from(line, &segments[..k], hand);
        }
    }
    Reading::Nothing
}

/// The answer whose last line is `last`: steps when the lines just
/// before it are steps too (`expression = value`) and it does not stand
/// on its own, otherwise `last` alone. When every number must be used, a
/// line stands on its own when it uses every number of the hand; when
/// some may be, when it takes its numbers from the hand and uses no value
/// the lines before it make.
fn answer_from(last: Line, before: &[&str], hand: Hand<'_>) -> Reading {
    let all = hand.number_use == NumberUse::All;
    if last.claim.is_none() || (all && uses_exactly(&last.expr, hand.numbers)) {
        return Reading::Expression(last);
    }
    let mut steps = vec![last];
    for segment in before.iter().rev() {
        if clean(segment).is_empty() {
            continue;
        }
        match parse_line(segment) {
            Some(line) if line.claim.is_some() => steps.push(line),
            _ => break,
        }
    }
    let alone = steps.len() == 1
        || (!all && fits(&steps[0].expr, hand.numbers) && !builds_on(&steps[0].expr, &steps[1..]));
    if alone {
        return Reading::Expression(steps.swap_remove(0));
    }
    steps.reverse();
    Reading::Steps(steps)
}

/// Whether `expr` uses every number of the hand once and nothing else.
fn uses_exactly(expr: &Expr, hand: &[Rational]) -> bool {
    let mut used = expr.numbers();
    let mut want = hand.to_vec();
    used.sort_unstable();
    want.sort_unstable();
    used == want
}

/// Whether `expr` uses numbers of the hand only, each at most as often
/// as the hand holds it.
fn fits(expr: &Expr, hand: &[Rational]) -> bool {
    let mut left = hand.to_vec();
    expr.numbers()
        .iter()
        .all(|n| match left.iter().position(|h| h == n) {
            Some(k) => {
                left.swap_remove(k);
                true
            }
            None => false,
        })
}

/// Whether `expr` uses a value that one of `steps` says it makes.
fn builds_on(expr: &Expr, steps: &[Line]) -> bool {
    expr.numbers()
        .iter()
        .any(|n| steps.iter().any(|s| s.claim == Some(*n)))
}

/// Whether a line says the target cannot be made.
fn claims_no_solution(segment: &str) -> bool {
    const PHRASES: [&str; 16] = [
        "no solution",
        "impossible",
        "not possible",
        "cannot be made",
        "can't be made",
        "cannot be reached",
        "can't be reached",
        "cannot be obtained",
        "cannot make",
        "can't make",
        "cannot reach",
        "can't reach",
        "cannot get",
        "can't get",
        "unsolvable",
        "not solvable",
    ];
    let lower = segment
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'");
    PHRASES.iter().any(|p| lower.contains(p))
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word == "none")
}

/// LaTeX written as plain text: `\times`, `\cdot`, `\ast` as `*`, `\div`
/// as `/`, `\frac{a}{b}` as `((a)/(b))`, `\left(`/`\right)` as
/// parentheses, math delimiters (`$`, `\[ \]`, `\( \)`) and spacing
/// taken out, `\\` and `&` of aligned lines as line breaks and nothing,
/// other braces as parentheses. An unknown command stays as written.
fn latex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    latex_into(text, &mut out, 0);
    out
}

fn latex_into(text: &str, out: &mut String, depth: usize) {
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            '\\' => {
                let name_len = rest
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                if name_len == 0 {
                    let Some(next) = rest.chars().next() else {
                        break;
                    };
                    rest = &rest[next.len_utf8()..];
                    match next {
                        '\\' => out.push('\n'),
                        '{' => out.push('('),
                        '}' => out.push(')'),
                        _ => out.push(' '),
                    }
                    continue;
                }
                let name = &rest[..name_len];
                rest = &rest[name_len..];
                match name {
                    "times" | "cdot" | "ast" => out.push('*'),
                    "div" => out.push('/'),
                    "left" | "right" | "big" | "Big" | "bigl" | "bigr" | "Bigl" | "Bigr"
                    | "quad" | "qquad" | "displaystyle" | "text" | "textbf" | "mathrm"
                    | "mathbf" | "boldsymbol" => out.push(' '),
                    "frac" | "dfrac" | "tfrac" if depth < MAX_FRAC_DEPTH => {
                        match two_groups(rest) {
                            Some((a, b, after)) => {
                                out.push_str("((");
                                latex_into(a, out, depth + 1);
                                out.push_str(")/(");
                                latex_into(b, out, depth + 1);
                                out.push_str("))");
                                rest = after;
                            }
                            None => {
                                out.push('\\');
                                out.push_str(name);
                            }
                        }
                    }
                    _ => {
                        out.push('\\');
                        out.push_str(name);
                    }
                }
            }
            '$' | '&' => out.push(' '),
            '{' => out.push('('),
            '}' => out.push(')'),
            c => out.push(c),
        }
    }
}

/// `{a}{b}` at the start of `text` (spaces allowed before each group):
/// the two groups' contents and what follows.
fn two_groups(text: &str) -> Option<(&str, &str, &str)> {
    let (a, rest) = group(text)?;
    let (b, rest) = group(rest)?;
    Some((a, b, rest))
}

fn group(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    let inner = text.strip_prefix('{')?;
    let mut depth = 1usize;
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&inner[..k], &inner[k + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// A segment with markdown and prose taken off its ends: emphasis and
/// code marks, a heading or quote mark, a list bullet or number, a label
/// up to the last `:`, leading words ("So", "The answer is"), trailing
/// words and a closing full stop.
fn clean(segment: &str) -> String {
    let mut s: String = segment
        .replace("**", " ")
        .replace("__", " ")
        .chars()
        .filter(|&c| c != '`')
        .collect();
    if let Some(k) = s.rfind(':') {
        s.drain(..=k);
    }
    let mut t = s.trim();
    loop {
        let before = t;
        t = t.trim_start_matches(['#', '>', '*', '_', '•']).trim_start();
        // A bullet is a mark and a space; `-5` is a number.
        if let Some(rest) = t.strip_prefix("- ").or_else(|| t.strip_prefix("+ ")) {
            t = rest.trim_start();
        }
        // A numbered list: `1. ` or `1) `.
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let after = &t[digits..];
            if let Some(rest) = after
                .strip_prefix(". ")
                .or_else(|| after.strip_prefix(") "))
            {
                t = rest.trim_start();
            }
        }
        // Leading words; `x` alone is a times sign, not a word.
        let word = t
            .find(|c: char| !(c.is_alphabetic() || c == '\''))
            .unwrap_or(t.len());
        if word > 0 && !(word == 1 && t.starts_with(['x', 'X'])) {
            t = t[word..].trim_start();
        }
        if t == before {
            break;
        }
    }
    // Trailing words and closing marks: `= 24. Yes!`, `= 24 is the answer`.
    let t = t.trim_end_matches(|c: char| {
        c.is_alphabetic()
            || c.is_whitespace()
            || matches!(c, '\'' | '.' | '!' | '?' | '*' | '_' | '…')
    });
    t.to_string()
}

/// A segment read as `expression (= expression)*`: the first part is the
/// expression, the value of the last is the claim.
fn parse_line(segment: &str) -> Option<Line> {
    let cleaned = clean(segment);
    if cleaned.is_empty() {
        return None;
    }
    let parts = plain_parts(&cleaned)?;
    let expr: Expr = parts.first()?.parse().ok()?;
    let claim = match parts.len() {
        1 => None,
        _ => Some(parts.last()?.parse::<Expr>().ok()?.eval().ok()?),
    };
    Some(Line { expr, claim })
}

/// The parts of a line between `=` signs, each written the way [`Expr`]
/// reads it: operators in ASCII, every bracket a parenthesis, a times
/// sign where a parenthesis follows a number or another parenthesis
/// (`2(3+4)`, `(1+2)(3+4)`), decimals and negative numbers in brackets as
/// exact fractions (`0.2` is `[1/5]`, `-3` is `[-3]`). `None` when some
/// character belongs to no expression.
fn plain_parts(text: &str) -> Option<Vec<String>> {
    let mut parts = Vec::new();
    let mut out = String::new();
    // Whether the last token ends an operand (a number or `)`).
    let mut operand = false;
    let mut negative = false;
    let mut chars = text.char_indices().peekable();
    while let Some((k, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '0'..='9' | '.' => {
                let len = text[k..]
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(text.len() - k);
                let number = decimal(&text[k..k + len], negative)?;
                negative = false;
                for _ in 1..text[k..k + len].chars().count() {
                    chars.next();
                }
                if operand {
                    return None;
                }
                write_number(&mut out, number);
                operand = true;
            }
            '-' | '−' | '–' | '—' | '‐' => {
                if operand {
                    out.push('-');
                    operand = false;
                } else if negative {
                    return None;
                } else {
                    negative = true;
                }
            }
            '+' | '*' | '×' | '·' | '∗' | '⋅' | 'x' | 'X' | '/' | '÷' | '∕' => {
                if !operand || negative {
                    return None;
                }
                out.push(match c {
                    '+' => '+',
                    '/' | '÷' | '∕' => '/',
                    _ => '*',
                });
                operand = false;
            }
            '(' | '[' => {
                if negative {
                    return None;
                }
                if operand {
                    out.push('*');
                }
                out.push('(');
                operand = false;
            }
            ')' | ']' => {
                if negative {
                    return None;
                }
                out.push(')');
                operand = true;
            }
            '=' => {
                if negative {
                    return None;
                }
                parts.push(std::mem::take(&mut out));
                operand = false;
            }
            _ => return None,
        }
    }
    if negative {
        return None;
    }
    parts.push(out);
    if parts.iter().any(String::is_empty) {
        return None;
    }
    Some(parts)
}

/// A run of digits with at most one `.`, exactly: `0.2` is 1/5, `4.0` is
/// 4. `None` past `i64` or for a lone `.`.
fn decimal(text: &str, negative: bool) -> Option<Rational> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.contains('.') || (whole.is_empty() && fraction.is_empty()) {
        return None;
    }
    let mut numer: i64 = 0;
    let mut denom: i64 = 1;
    for b in whole.bytes() {
        numer = numer.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    for b in fraction.bytes() {
        numer = numer.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
        denom = denom.checked_mul(10)?;
    }
    let value = Rational::new(numer, denom);
    Some(if negative { -value } else { value })
}

/// `n` as [`Expr`] reads it: a non-negative integer as itself, anything
/// else in brackets.
fn write_number(out: &mut String, n: Rational) {
    use std::fmt::Write;
    let _ = if n.is_integer() && *n.numer() >= 0 {
        write!(out, "{}", n.numer())
    } else if n.is_integer() {
        write!(out, "[{}]", n.numer())
    } else {
        write!(out, "[{}/{}]", n.numer(), n.denom())
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> Option<String> {
        match read(text, &[], NumberUse::All) {
            Reading::Expression(line) => Some(line.expr.to_string()),
            _ => None,
        }
    }

    #[test]
    fn finds_the_expression() {
        assert_eq!(
            expr("Answer: 4 * (6 - 4 + 8)").as_deref(),
            Some("4*(6-4+8)")
        );
        assert_eq!(expr("8/(3-8/3) = 24.").as_deref(), Some("8/(3-8/3)"));
        assert_eq!(expr("**8 ÷ (3 − 8 ÷ 3)**").as_deref(), Some("8/(3-8/3)"));
        assert_eq!(
            expr("$\\frac{8}{3 - \\frac{8}{3}}$").as_deref(),
            Some("8/(3-8/3)")
        );
        assert_eq!(expr("5 * (5 - 0.2)").as_deref(), Some("5*(5-[1/5])"));
        assert_eq!(expr("(10-4)(13-9)").as_deref(), Some("(10-4)*(13-9)"));
        assert_eq!(expr("```\n3 x 8\n```").as_deref(), Some("3*8"));
        assert_eq!(expr("no digits here"), None);
    }

    #[test]
    fn decimals_are_exact() {
        assert_eq!(decimal("0.2", false), Some(Rational::new(1, 5)));
        assert_eq!(decimal("4.0", true), Some(Rational::from_integer(-4)));
        assert_eq!(decimal(".", false), None);
        assert_eq!(decimal("1.2.3", false), None);
        assert_eq!(decimal("99999999999999999999", false), None);
    }

    #[test]
    fn nested_fractions_stop_at_a_depth() {
        let deep = "\\frac{1}{".repeat(100) + &"}".repeat(100);
        let _ = latex(&deep);
    }
}
