//! Peg solitaire on bitboards (work in progress).
