//! Evaluation: scores from the board's pattern state.
//!
//! [`combo_value`] is the interim move-ordering score used by the one-ply
//! policy in [`crate::search`].

use crate::pattern::Combo;

/// A rough value of making `combo` on a point, for move ordering.
#[must_use]
pub const fn combo_value(combo: Combo) -> i32 {
    match combo {
        Combo::None => 0,
        Combo::Forbidden => -1,
        Combo::OpenTwo => 20,
        Combo::BlockedThree => 15,
        Combo::DoubleTwo => 60,
        Combo::BlockedThreePlus => 70,
        Combo::Three => 120,
        Combo::ThreePlus => 200,
        Combo::DoubleThree => 800,
        Combo::Four => 100,
        Combo::FourPlus => 250,
        Combo::FourThree => 5_000,
        Combo::OpenFour => 20_000,
        Combo::Five => 1_000_000,
    }
}
