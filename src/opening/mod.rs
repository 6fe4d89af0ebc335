//! Opening rules: the 26 canonical renju openings, swap after move 3,
//! fifth-move offers, swap2, and opening files.
