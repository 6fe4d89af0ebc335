//! Tengen (天元): a Gomoku and Renju engine speaking the Gomocup protocol.
//!
//! # Layers
//!
//! The modules form one order of layers. Each uses only the layers below
//! it, never one above or beside it, so there is no cycle between modules
//! (`tests/layers.rs` reads this order from the line below and checks every
//! `crate::` path under `src/` against it):
//!
//! `rules` → `pattern` → `board` → `renju` → `position` → `eval`, `threat` → `search` → `opening` → `protocol`, `arena` → `tune` → `web` → `bin`
//!
//! From the bottom:
//!
//! - [`rules`]: the colours, the rules and what wins under each;
//! - [`pattern`]: line pattern tables, built once per rule;
//! - [`board`]: stones, bit lines, Zobrist hash, and each point's patterns
//!   kept up to date move by move;
//! - [`renju`]: black's forbidden points under renju, judged on the board;
//! - [`position`]: the search board, a board with the neighbourhood counts
//!   the move generators read;
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
//!   [`arena`]: tournaments between engines run as child processes,
//!   refereed with the board, the renju judgement and the opening stages,
//!   without the search;
//! - [`tune`]: learning the evaluation's values from games (the arena's
//!   records, labelled by the search);
//! - [`web`]: the browser board (`tengen-board`): a local HTTP server and
//!   its page, to play against engines, analyse, and watch the arena's
//!   tournaments; it drives engines through the arena's engine driver;
//! - `bin/`: thin mains, argument parsing and nothing else.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod arena;
pub mod board;
pub mod eval;
pub mod opening;
pub mod pattern;
pub mod position;
pub mod protocol;
pub mod renju;
pub mod rules;
pub mod search;
pub mod threat;
pub mod tune;
pub mod web;

pub use board::{Board, Dir, Pos};
pub use rules::{Color, Rule};
