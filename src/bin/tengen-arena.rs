//! Tournaments between Gomocup engines.
fn main() {}
