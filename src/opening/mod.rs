//! Opening rules: the 26 canonical renju openings, swap after move 3,
//! fifth-move offers, Soosõrv-N, Taraguchi-N, swap1 and swap2, and the
//! `OPENINGBOARD` protocol extension that carries them.
//!
//! - [`symmetry`]: the eight symmetries of the board, the subgroup keeping a
//!   position, canonical forms;
//! - [`canonical`]: the 26 openings (from `openings/renju-canonical.txt`)
//!   and recognising them;
//! - [`area`]: where a stage's stones may go;
//! - [`offers`]: validating fifth-move offers (五手N打);
//! - [`rule`]: each opening rule as a table of stages;
//! - [`decide`]: the engine's choices, by evaluation;
//! - [`driver`]: the manager's side of a whole opening, whom to ask what;
//! - [`stage`]: requests and answers, their text form, and [`reply`] and
//!   [`swap2_reply`], the calls the protocol layer makes; they answer with a
//!   typed [`Reply`], which the protocol writes out.

pub mod area;
pub mod canonical;
pub mod decide;
pub mod driver;
mod error;
pub mod offers;
pub mod rule;
pub mod stage;
pub mod symmetry;

pub use area::Area;
pub use canonical::{find, identify, identify_board, openings, Kind, Opening};
pub use decide::{Evaluator, FnEval, StaticEval};
pub use driver::{Outcome, Player, StageDriver};
pub use error::OpeningError;
pub use offers::{symmetric_pairs, validate_offers};
pub use rule::{Answer, OpeningRule, StageRow, MAX_OFFERS};
pub use stage::{
    answer, reply, respond, swap2_reply, swap2board, Next, Reply, Request, Stage, COMMAND,
};
pub use symmetry::{canonical_form, stabiliser, Symmetry};
