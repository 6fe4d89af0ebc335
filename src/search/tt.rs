//! The transposition table, shared by every search thread without locks.
//!
//! A bucket is 64 bytes, one cache line, holding four entries of two 64-bit
//! words each: the packed data, and the Zobrist key XOR the data. A reader
//! accepts an entry only when the two words agree with its key, so an entry
//! torn by two threads writing at once reads as a miss, never as wrong data.
//! Every access is a relaxed atomic load or store: no locks. The search
//! asks for a bucket's cache line ([`Table::prefetch`]) before it makes the
//! move whose position the bucket holds, so that the probe after the move
//! finds it loaded: 1.2 times the nodes a second with a 350 MB table
//! (lab S-131).

use super::params::{TT_AGE_WEIGHT, TT_KEEP_DEEPER_BY};
use crate::board::Pos;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;
use zerocopy::FromZeros;

/// Entries per bucket.
const WAYS: usize = 4;

/// Words per bucket: per entry, key XOR data, then data. Eight 64-bit
/// words make one 64-byte cache line.
const WORDS: usize = 2 * WAYS;

const _: () = assert!(WORDS * 8 == 64);

/// Words in one 4 KiB page of memory, the unit the system maps in on a
/// first write.
const PAGE_WORDS: usize = 4096 / 8;

/// Words in one piece of [`Table::fault_in`]'s work: 1 MiB.
const CHUNK_WORDS: usize = 256 * PAGE_WORDS;

/// One cache line of entries.
type Bucket = [AtomicU64; WORDS];

/// What kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a beta cut-off).
    Lower,
    /// At most this score (no move reached alpha).
    Upper,
}

/// A stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub best: Option<Pos>,
    /// The score, mate scores relative to the stored node.
    pub score: i32,
    /// Depth searched.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

const NO_MOVE: u64 = 0xFFFF;

fn pack(e: &Entry, generation: u8) -> u64 {
    let mv = e
        .best
        .map_or(NO_MOVE, |p| (p.x() as u64) | ((p.y() as u64) << 8));
    let score = u64::from(e.score.clamp(-32_000, 32_000) as i16 as u16);
    let depth = u64::from(e.depth.clamp(0, 255) as u8);
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | score << 16 | depth << 32 | bound << 40 | u64::from(generation) << 48
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = data & 0xFFFF;
    Some(Entry {
        best: (mv != NO_MOVE).then(|| Pos::new((mv & 0xFF) as usize, (mv >> 8) as usize)),
        score: i32::from(((data >> 16) & 0xFFFF) as u16 as i16),
        depth: ((data >> 32) & 0xFF) as i32,
        bound,
    })
}

/// The shared transposition table.
pub struct Table {
    /// The words of the buckets, bucket 0 at `start`; empty until the
    /// table takes its memory.
    words: Box<[AtomicU64]>,
    /// Where bucket 0 starts in `words`, so that every bucket lies on one
    /// cache line.
    start: usize,
    /// How many buckets the table has once it takes its memory.
    size: usize,
    generation: AtomicU64,
    /// Chunks of `words` ([`CHUNK_WORDS`]) handed out to
    /// [`Table::fault_in`] so far.
    faulted: AtomicUsize,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} buckets)", self.size)
    }
}

impl Table {
    /// A table of as many buckets as fit in `bytes` bytes (at least one),
    /// allocated now.
    #[must_use]
    pub fn new(bytes: usize) -> Table {
        let mut table = Table::lazy(bytes);
        table.allocate();
        table
    }

    /// A table of as many buckets as fit in `bytes` bytes that takes its
    /// memory only at the first [`Table::new_search`] (or
    /// [`Table::allocate`]), so that an engine holds no table of the default
    /// size before the manager has said how much memory it may use.
    #[must_use]
    pub fn lazy(bytes: usize) -> Table {
        Table {
            words: Box::default(),
            start: 0,
            size: Table::buckets_for(bytes),
            generation: AtomicU64::new(0),
            faulted: AtomicUsize::new(0),
        }
    }

    /// Whether the table has taken its memory.
    #[must_use]
    pub fn is_allocated(&self) -> bool {
        !self.words.is_empty()
    }

    /// Takes the table's memory, empty, unless it has it already. The
    /// memory comes zeroed from the system, so its pages are touched only
    /// as the search writes to them: taking even a large table is quick,
    /// and the resident size grows with use.
    ///
    /// # Panics
    /// When the system has not that much memory to give.
    pub fn allocate(&mut self) {
        if self.is_allocated() {
            return;
        }
        // One bucket more than asked, to start on a cache line.
        let words = <[AtomicU64]>::new_box_zeroed_with_elems((self.size + 1) * WORDS)
            .expect("memory for the transposition table");
        let misalignment = words.as_ptr() as usize % 64;
        self.start = (64 - misalignment) % 64 / 8;
        self.words = words;
        self.faulted.store(0, Ordering::Relaxed);
    }

    /// Writes to every page of the table that no call has written to yet,
    /// a megabyte at a time, until all are done or `until` has passed.
    /// Any number of threads may share the work. A page of a new table
    /// is mapped in at its first write; the search's writes land all
    /// over the table, and two threads taking those faults at random
    /// searched a fifth of the nodes of their first move (lab S-135).
    /// Values are left as they are, so that a search may use the table
    /// meanwhile.
    pub fn fault_in(&self, until: Option<Instant>) {
        while !self.faulted_in() && until.map_or(true, |t| Instant::now() < t) {
            let from = self.faulted.fetch_add(1, Ordering::Relaxed) * CHUNK_WORDS;
            let to = (from + CHUNK_WORDS).min(self.words.len());
            for w in self
                .words
                .get(from..to)
                .unwrap_or_default()
                .iter()
                .step_by(PAGE_WORDS)
            {
                // A write (a read would map the shared zero page), of
                // the value the word holds when it is 0, else none.
                let _ = w.compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
    }

    /// Whether [`Table::fault_in`] has been over every page.
    #[must_use]
    pub fn faulted_in(&self) -> bool {
        self.faulted.load(Ordering::Relaxed) >= self.chunks()
    }

    /// Pieces of [`Table::fault_in`]'s work in the table, the last one
    /// perhaps short.
    fn chunks(&self) -> usize {
        self.words.len().div_ceil(CHUNK_WORDS)
    }

    /// Buckets in a table of `bytes` bytes: every whole bucket that fits,
    /// at least one. The multiply-shift index needs no power of two, so the
    /// table takes all the memory it is given (lab S-118, S-120).
    fn buckets_for(bytes: usize) -> usize {
        (bytes / 64).max(1)
    }

    /// Size in bytes of a table made for `bytes` bytes.
    #[must_use]
    pub fn size_for(bytes: usize) -> usize {
        Table::buckets_for(bytes) * 64
    }

    /// Size in bytes (once allocated).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.size * 64
    }

    /// Empties the table.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
        self.faulted.fetch_max(self.chunks(), Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims. A lazy
    /// table takes its memory here, at the first search.
    pub fn new_search(&mut self) {
        self.allocate();
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn gen(&self) -> u8 {
        (self.generation.load(Ordering::Relaxed) & 0xFF) as u8
    }

    /// Where the bucket of `key` starts in `words`.
    #[inline]
    fn bucket_start(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the bucket count.
        let i = ((u128::from(key) * self.size as u128) >> 64) as usize;
        self.start + i * WORDS
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let at = self.bucket_start(key);
        self.words[at..at + WORDS]
            .try_into()
            .expect("a bucket is WORDS words")
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe
    /// of it a little later does not wait on memory. Does nothing until the
    /// table has its memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        // A bucket is one cache line, so its first word names the line; a
        // table without its memory has no words.
        if let Some(word) = self.words.get(self.bucket_start(key)) {
            super::prefetch::cache_line(word.as_ptr().cast());
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for i in 0..WAYS {
            let check = b[2 * i].load(Ordering::Relaxed);
            let data = b[2 * i + 1].load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    /// Stores `entry` for `key`, replacing the same key, or else the
    /// shallowest and oldest entry of its bucket.
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let b = self.bucket(key);
        let gen = self.gen();
        let mut victim = 0;
        let mut worst = i32::MAX;
        for i in 0..WAYS {
            let check = b[2 * i].load(Ordering::Relaxed);
            let data = b[2 * i + 1].load(Ordering::Relaxed);
            if check ^ data == key {
                if let Some(old) = unpack(data) {
                    // Keep a known move, and a deeper exact result.
                    if entry.best.is_none() {
                        entry.best = old.best;
                    }
                    if old.depth > entry.depth + TT_KEEP_DEEPER_BY && entry.bound != Bound::Exact {
                        return;
                    }
                }
                victim = i;
                break;
            }
            let age = i32::from(gen.wrapping_sub(((data >> 48) & 0xFF) as u8));
            let worth = if data == 0 {
                -1000
            } else {
                ((data >> 32) & 0xFF) as i32 - TT_AGE_WEIGHT * age
            };
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let data = pack(&entry, gen);
        b[2 * victim].store(key ^ data, Ordering::Relaxed);
        b[2 * victim + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let t = Table::new(1 << 16);
        let e = Entry {
            best: Some(Pos::new(7, 9)),
            score: -29_950,
            depth: 12,
            bound: Bound::Lower,
        };
        t.store(0xDEAD_BEEF_1234_5678, e);
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5678), Some(e));
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5679), None);
        t.clear();
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5678), None);
    }

    #[test]
    fn a_prefetch_changes_nothing_stored() {
        // Before the table has its memory a prefetch is a no-op, not a
        // panic; after, every key's bucket is in bounds, the last one's
        // too, and what was stored reads back the same.
        let lazy = Table::lazy(1 << 16);
        lazy.prefetch(u64::MAX);
        assert!(!lazy.is_allocated());
        let t = Table::new(1000 * 64);
        let e = Entry {
            best: Some(Pos::new(3, 4)),
            score: 17,
            depth: 5,
            bound: Bound::Upper,
        };
        for key in [0, 1, 0x1234_5678_9ABC_DEF0, u64::MAX] {
            t.store(key, e);
            t.prefetch(key);
            t.prefetch(!key);
            assert_eq!(t.probe(key), Some(e));
        }
    }

    #[test]
    fn a_lazy_table_takes_its_memory_at_the_first_search() {
        let mut t = Table::lazy(1 << 20);
        assert!(!t.is_allocated());
        assert_eq!(t.bytes(), 1 << 20);
        t.clear();
        assert!(!t.is_allocated());
        t.new_search();
        assert!(t.is_allocated());
        assert_eq!(t.bytes(), 1 << 20);
    }

    #[test]
    fn a_table_takes_every_bucket_that_fits() {
        // 1 000 buckets and a part of one: not a power of two.
        let t = Table::new(1000 * 64 + 63);
        assert_eq!(t.bytes(), 1000 * 64);
        assert_eq!(Table::size_for(350_000_000), 350_000_000 / 64 * 64);
        assert_eq!(Table::size_for(0), 64);
        // Keys all over the range, the last bucket's included, land in the
        // table and read back.
        for i in 0..4000u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let e = Entry {
                best: None,
                score: i as i32,
                depth: 1,
                bound: Bound::Exact,
            };
            for key in [key, u64::MAX - i] {
                t.store(key, e);
                assert_eq!(t.probe(key), Some(e));
            }
        }
    }

    /// Mapping the pages in keeps what the table holds, does nothing once
    /// its time is up, and is done when the threads sharing it have been
    /// over every megabyte, the last part one too.
    #[test]
    fn faulting_the_pages_in_keeps_the_entries() {
        let t = Table::new((5 << 20) + 3 * 64);
        let e = Entry {
            best: Some(Pos::new(1, 2)),
            score: -5,
            depth: 9,
            bound: Bound::Exact,
        };
        let keys: Vec<u64> = (1..3000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            t.store(k, e);
        }
        assert!(!t.faulted_in());
        t.fault_in(Some(Instant::now()));
        assert!(!t.faulted_in(), "the time was up");
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| t.fault_in(None));
            }
        });
        assert!(t.faulted_in());
        assert!(keys.iter().all(|&k| t.probe(k) == Some(e)));
        // A new table starts over; a cleared one has been written all over.
        let mut lazy = Table::lazy(3 << 20);
        lazy.new_search();
        assert!(!lazy.faulted_in());
        lazy.clear();
        assert!(lazy.faulted_in());
    }
}
