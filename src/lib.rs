//! Tengen (天元): a Gomoku and Renju engine speaking the Gomocup protocol.
//!
//! # Layers
//!
//! The modules form one order of layers. Each uses only the layers below
//! it, never one above or beside it, so there is no cycle between modules
//! (`tests/layers.rs` reads this order from the line below and checks every
//! `crate::` path under `src/` against it):
//!
//! `rules` → `pattern` → `net` → `board` → `renju` → `position` → `eval`, `threat` → `search` → `opening` → `protocol` → `bin`
//!
//! From the bottom:
//!
//! - [`rules`]: the colours, the rules and what wins under each;
//! - [`pattern`]: line pattern tables, built once per rule;
//! - [`net`]: the network evaluation's weights, its file, and the
//!   perceptron that reads the board's accumulators;
//! - [`board`]: stones, bit lines, Zobrist hash, and each point's patterns
//!   kept up to date move by move;
//! - [`renju`]: black's forbidden points under renju, judged on the board;
//! - [`position`]: the search board, a board with the stone rows the move
//!   generators read;
//! - [`eval`]: the evaluation and move-ordering scores, and the score scale;
//!   [`threat`]: the VCF and VCT solvers;
//! - [`search`]: alpha-beta search, transposition table, threads;
//! - [`opening`]: the renju opening rules (26 canonical openings, swap
//!   after move 3, fifth-move offers) and swap2, deciding through an
//!   [`opening::Evaluator`] that the caller supplies, so that the opening
//!   module does not depend on the search;
//! - [`protocol`]: Gomocup and Yixin Board commands, parsed into typed
//!   commands, and the session that owns the game state; it gives the
//!   opening module the search as its evaluator;
//! - `bin/`: the engine's thin main, argument parsing and nothing else.
//!
//! The tools stand on this library, never the other way round: the
//! workspace's member crates `tengen-arena` (`crates/arena`, tournaments
//! between engines, refereed without the search), `tengen-board`
//! (`crates/board`, the browser board) and `tengen-tune` (`crates/tune`,
//! learning the evaluation from games).
//!
//! The engine has one `unsafe` block: the processor hint that starts
//! loading a transposition-table bucket before the move that leads to it
//! is made (`search::prefetch`, 1.2 times the nodes a second with
//! Gomocup's table; lab S-131). Everything else is safe code.
#![warn(missing_docs)]
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod board;
pub mod eval;
pub mod net;
pub mod opening;
pub mod pattern;
pub mod position;
pub mod protocol;
pub mod renju;
pub mod rules;
pub mod search;
pub mod threat;

pub use board::{Board, Dir, Pos};
pub use rules::{Color, Rule};
