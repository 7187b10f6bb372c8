//! Ways a model writes an answer, shared by the tests of
//! `Game::check_model_answer` and `Countdown::check_model_answer`: an
//! expression in each supported dress, as steps, and with a number
//! changed.

use kongming_game24::{Expr, Op, Rational};

/// An expression as LaTeX: `\frac` for divisions, `\times`, and
/// `\left( \right)` where the grouping needs them.
fn latex(e: &Expr) -> String {
    match e {
        Expr::Num(n) => n.to_string(),
        Expr::Bin(Op::Div, l, r) => format!("\\frac{{{}}}{{{}}}", latex(l), latex(r)),
        Expr::Bin(op, l, r) => {
            let wrap = |child: &Expr, right: bool| {
                let needs = match child.op() {
                    Some(Op::Div) | None => false,
                    Some(c) if right => c.precedence() <= op.precedence(),
                    Some(c) => c.precedence() < op.precedence(),
                };
                if needs {
                    format!("\\left({}\\right)", latex(child))
                } else {
                    latex(child)
                }
            };
            let sym = match op {
                Op::Add => "+",
                Op::Sub => "-",
                _ => "\\times",
            };
            format!("{} {sym} {}", wrap(l, false), wrap(r, true))
        }
    }
}

/// A value as a model writes it in a step: `6`, `(-6)`, `(8/3)`.
fn written(v: Rational) -> String {
    if v.is_integer() && *v.numer() >= 0 {
        v.numer().to_string()
    } else if v.is_integer() {
        format!("({})", v.numer())
    } else {
        format!("({}/{})", v.numer(), v.denom())
    }
}

/// The expression's steps, innermost first: `a op b = v` each, and the
/// value of the whole (None when a step divides by zero).
pub fn steps(e: &Expr, lines: &mut Vec<String>) -> Option<Rational> {
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Bin(op, l, r) => {
            let a = steps(l, lines)?;
            let b = steps(r, lines)?;
            let v = op.apply(&a, &b).ok()?;
            lines.push(format!(
                "{} {op} {} = {}",
                written(a),
                written(b),
                written(v)
            ));
            Some(v)
        }
    }
}

/// Every supported way to write `e` as a whole expression.
pub fn dresses(e: &Expr, target: impl std::fmt::Display) -> Vec<String> {
    vec![
        e.to_string(),
        format!("Answer: {e}"),
        format!("**Final answer:** {e:#}"),
        format!("**{e:#}**"),
        format!("```\n{e}\n```"),
        format!("${}$", latex(e)),
        format!("\\[ {} = {target} \\]", latex(e)),
        format!("The answer is $\\boxed{{{}}}$.", latex(e)),
        format!("{e} = {target}."),
        format!("{:#} = {target}", e).replace('-', "−"),
    ]
}

/// `e` with its `k`-th number (left to right) replaced by `n`.
pub fn replace_number(e: &Expr, k: &mut usize, n: Rational) -> Expr {
    match e {
        Expr::Num(v) => {
            let out = if *k == 0 { Expr::Num(n) } else { Expr::Num(*v) };
            *k = k.wrapping_sub(1);
            out
        }
        Expr::Bin(op, l, r) => {
            let l = replace_number(l, k, n);
            let r = replace_number(r, k, n);
            Expr::bin(*op, l, r)
        }
    }
}

/// Every value the steps of `e` make.
pub fn steps_values(e: &Expr, out: &mut Vec<Rational>) -> Option<Rational> {
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Bin(op, l, r) => {
            let a = steps_values(l, out)?;
            let b = steps_values(r, out)?;
            let v = op.apply(&a, &b).ok()?;
            out.push(v);
            Some(v)
        }
    }
}
