//! The stop signal shared by the reader thread and the session.
//!
//! Commands are numbered in the order they are read. `STOP`/`YXSTOP` stops
//! the search of any command read before it, whether that search is running
//! or still queued, and never one read after it: an idle `YXSTOP` (one that
//! arrives just after the move went out) must not cut the next search short.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};

/// Stop and end requests, set by the reader thread as soon as it reads them.
#[derive(Debug, Default)]
pub struct Signal {
    /// What the running search polls.
    flag: AtomicBool,
    /// Sequence number of the latest stop request (0 = none yet).
    stop_seq: AtomicU64,
    /// `END` was read, or the process must exit.
    end: AtomicBool,
}

impl Signal {
    /// A signal with nothing requested.
    #[must_use]
    pub fn new() -> Signal {
        Signal::default()
    }

    /// A stop read as command number `seq`: stops every search of a command
    /// numbered below `seq`.
    pub fn request_stop(&self, seq: u64) {
        self.stop_seq.fetch_max(seq, SeqCst);
        self.flag.store(true, SeqCst);
    }

    /// `END` was read: stop now and exit.
    pub fn request_end(&self) {
        self.end.store(true, SeqCst);
        self.flag.store(true, SeqCst);
    }

    /// Whether `END` was read.
    #[must_use]
    pub fn ended(&self) -> bool {
        self.end.load(SeqCst)
    }

    /// Prepares the flag for the search of command number `seq` and returns
    /// it: set already if a stop read after that command (or an `END`) came
    /// in before the search started.
    pub fn arm(&self, seq: u64) -> &AtomicBool {
        // Clear first, then look: a stop stored after the clear sets the
        // flag again, and one stored before it is seen by the load.
        self.flag.store(false, SeqCst);
        if self.stop_seq.load(SeqCst) > seq || self.ended() {
            self.flag.store(true, SeqCst);
        }
        &self.flag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_stop_does_not_touch_a_later_search() {
        let s = Signal::new();
        s.request_stop(3);
        assert!(
            s.arm(2).load(SeqCst),
            "search of command 2 was asked to stop"
        );
        assert!(!s.arm(4).load(SeqCst), "command 4 came after the stop");
        s.request_stop(5);
        assert!(s.arm(4).load(SeqCst));
        s.request_end();
        assert!(s.arm(9).load(SeqCst));
    }
}
