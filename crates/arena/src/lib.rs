//! Engine-vs-engine tournaments: engine processes, referee, clocks,
//! schedules, statistics and game records.
//!
//! The arena runs any engines that speak the Gomocup protocol as child
//! processes. To referee it uses [`tengen::rules`], [`tengen::board`] and
//! [`tengen::renju`], and [`tengen::opening`] for the opening stages; it
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
//!   the plan they share;
//! - [`merge`]: the merge of the slices' outputs into one run;
//! - [`tournament`]: configuration checks, parallel games, progress, summary;
//! - [`cli`]: the `tengen-arena` command line.
//! - [`test_engine`]: the engine loop of the test engines in `examples/`.
//!
//! The modules form one order of layers, each using only those below it
//! (`tests/layers.rs` at the workspace's root checks it, and that the arena
//! uses neither the engine's search nor its evaluation):
//!
//! `clock`, `referee`, `schedule`, `stats`, `test_engine` → `engine`, `records`, `openings` → `game` → `renju_opening`, `swap2`, `shard` → `tournament` → `merge` → `cli` → `bin`

pub mod cli;
pub mod clock;
pub mod engine;
pub mod game;
pub mod merge;
pub mod openings;
pub mod records;
pub mod referee;
pub mod renju_opening;
pub mod schedule;
pub mod shard;
pub mod stats;
pub mod swap2;
pub mod test_engine;
pub mod tournament;

pub use tournament::{run, Summary, TournamentConfig};
