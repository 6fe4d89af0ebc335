//! The engine: speaks the Gomocup protocol on stdin/stdout.
fn main() {}
