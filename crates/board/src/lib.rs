//! The browser board, `tengen-board`: a local HTTP server and one page to
//! play, analyse and watch tournaments in.
//!
//! - [`game`]: the game on the page (rule, seats, undo and redo, the
//!   referee's judgement, renju fouls refused with their reason);
//! - [`engines`]: the engines named on the command line, driven through
//!   the arena's engine driver, one process per seat and one for analysis;
//! - [`record`]: `.psq` and SGF, read strictly and written;
//! - [`watch`]: a `tengen-arena` output folder: games, live games,
//!   standings;
//! - [`opening`]: renju opening stages put into words for a person;
//! - [`notation`]: renju coordinates (`h8`);
//! - [`server`]: the HTTP routes, the token, live updates by server-sent
//!   events;
//! - [`cli`]: the `tengen-board` command line.
//!
//! The page itself (`page/`: HTML, CSS and JavaScript, no build step) is
//! compiled into the binary.
//!
//! The modules form one order of layers, each using only those below it
//! (checked by `tests/layers.rs` at the workspace's root):
//!
//! `notation`, `opening` → `game` → `engines`, `record` → `watch` → `server` → `cli` → `bin`

pub mod cli;
pub mod engines;
pub mod game;
pub mod notation;
pub mod opening;
pub mod record;
pub mod server;
pub mod watch;

pub use server::{serve, Options};
