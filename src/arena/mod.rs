//! Engine-vs-engine tournaments: engine processes, referee, clocks,
//! schedules, statistics and game records.
//!
//! The arena runs any engines that speak the Gomocup protocol as child
//! processes. To referee it uses [`crate::rules`], [`crate::board`] and
//! [`crate::renju`], and [`crate::opening`] for the opening stages; it
//! does not depend on the engine's evaluation or search.
//!
//! - [`engine`]: a child process with a reader thread, so no answer is
//!   waited for past its deadline;
//! - [`clock`]: time controls (per turn, whole game, Fischer increment,
//!   byo-yomi) and the `INFO` values sent to engines;
//! - [`referee`]: judges every answer under the rule in force;
//! - [`game`]: drives one game, with a hook for opening stages;
//! - [`swap2`]: the swap2 opening stage (`SWAP2BOARD`);
//! - [`openings`]: opening files, order and symmetries;
//! - [`schedule`]: match, gauntlet, round robin, single and double
//!   elimination, groups, king of the hill; bout shapes, play-offs, lots;
//! - [`stats`]: Elo with error bars, LOS, SPRT;
//! - [`records`]: `.psq`, SGF, PGN for BayesElo, CSV;
//! - [`shard`]: one slice of a schedule per process (`--shard K/N`), and
//!   the merge of the slices' outputs;
//! - [`tournament`]: configuration checks, parallel games, progress, summary;
//! - [`cli`]: the `tengen-arena` command line.

pub mod cli;
pub mod clock;
pub mod engine;
pub mod game;
pub mod openings;
pub mod records;
pub mod referee;
pub mod renju_opening;
pub mod schedule;
pub mod shard;
pub mod stats;
pub mod swap2;
pub mod tournament;

pub use tournament::{run, Config, Summary};
