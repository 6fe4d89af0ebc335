//! Tengen (天元): a Gomoku and Renju engine speaking the Gomocup protocol.
//!
//! Data flows one way, from the top of this list to the bottom:
//!
//! - [`protocol`]: Gomocup and Yixin Board commands, parsed into typed
//!   commands, and the session that owns the game state;
//! - [`opening`]: the renju opening rules (26 canonical openings, swap after
//!   move 3, fifth-move offers) and swap2;
//! - [`search`]: alpha-beta search, transposition table, time management;
//! - [`threat`]: VCF and VCT solvers;
//! - [`eval`]: evaluation from the pattern state;
//! - [`board`]: stones, bit lines, Zobrist hash, incremental patterns;
//! - [`pattern`]: line pattern tables, built once per rule;
//! - [`rules`]: the rules, win semantics and renju forbidden points.
//!
//! [`arena`] sits beside the engine: it runs engines as child processes and
//! uses only [`board`] and [`rules`] to referee.
#![warn(missing_docs)]

pub mod arena;
pub mod board;
pub mod eval;
pub mod opening;
pub mod pattern;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod threat;
pub mod tune;

pub use board::{Board, Dir, Pos};
pub use rules::{Color, Rule};
