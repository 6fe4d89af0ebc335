//! Threat-space solvers: VCF (victory by continuous fours) and VCT (victory
//! by continuous threats: fours and open threes).
//!
//! Both work on a [`crate::position::Position`], attack with the side to move,
//! and know the rules: under renju black wins only through legal moves, and
//! white wins by forcing black's only block onto a forbidden point.

pub mod problems;
pub mod vcf;
pub mod vct;

pub use vcf::{Vcf, VcfResult};
pub use vct::{Vct, VctResult};
