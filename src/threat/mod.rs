//! Threat-space solvers: VCF (victory by continuous fours) and VCT (victory
//! by continuous threats).
