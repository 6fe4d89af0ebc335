//! Answer lines: one line of plain ASCII each, flushed at once.

use std::io::{self, Write};

/// Writes whole lines and flushes each one.
pub(super) struct Out<'a> {
    pub(super) w: &'a mut dyn Write,
}

impl Out<'_> {
    /// Writes one line. DEBUG lines carry no comma: GomocupJudge reads every
    /// line that does not start with MESSAGE as a possible `x,y` move.
    pub(super) fn line(&mut self, text: &str) -> io::Result<()> {
        // A reply is one line of plain ASCII: an echoed piece of bad input
        // must not smuggle a line break or a control character into it.
        let clean: String = text
            .chars()
            .map(|c| match c {
                '\n' | '\r' | '\t' => ' ',
                c if c.is_ascii() && !c.is_ascii_control() => c,
                _ => '?',
            })
            .collect();
        self.w.write_all(clean.as_bytes())?;
        self.w.write_all(b"\n")?;
        self.w.flush()
    }

    pub(super) fn error(&mut self, reason: &str) -> io::Result<()> {
        self.line(&format!("ERROR {reason}"))
    }
}
