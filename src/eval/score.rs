//! The scale of scores: centi-stones, with the won position at [`MATE`].

/// Score of a won position, seen from the side to move. The search counts
/// down from it by the plies to the win, and the opening module's
/// evaluators use the same scale.
pub const MATE: i32 = 30_000;
