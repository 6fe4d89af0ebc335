//! The `pbrain-tengen bench` command: a fixed set of positions searched to
//! a fixed depth on one thread, printing nodes, time, speed and the node
//! signature.

use std::io::{self, Write};

/// Runs the bench and prints its report to `out`.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "bench: the search bench is not written yet")?;
    Ok(())
}
