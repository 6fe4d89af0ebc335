//! Memory sizing: how large a transposition table the manager's
//! `max_memory` and `hash_size` allow.

/// Bytes of the process that are not the transposition table (code, pattern
/// tables, boards, stacks, allocator slack), kept out of `max_memory`.
///
/// Generous: the process without its table peaks at about 10 MB. Under
/// `max_memory` 64 MB it leaves the table 8 MB; 16 MB instead (a 36 MB
/// table) measured even against Rapfi classic at 0.5 s (lab S-118).
pub const RESERVED_BYTES: u64 = 48 << 20;

/// Share of what is left of `max_memory` after [`RESERVED_BYTES`] given to
/// the transposition table, in quarters (3/4): the rest is headroom.
pub const HASH_SHARE_QUARTERS: u64 = 3;

/// The transposition table never grows beyond this, whatever is asked.
pub const MAX_HASH_BYTES: u64 = 16 << 30;

/// The transposition table's size for `max_memory` (0: none given) and
/// `hash_size` (in KB, if given), with `default` bytes when neither says;
/// and a warning for the manager when `max_memory` leaves no room for a
/// table at all.
#[must_use]
pub fn hash_bytes(max_memory: u64, hash_kb: Option<u64>, default: u64) -> (u64, Option<String>) {
    let wanted = hash_kb.map(|kb| kb.saturating_mul(1024));
    let mut warning = None;
    let bytes = if max_memory == 0 {
        wanted.unwrap_or(default)
    } else {
        let room = max_memory.saturating_sub(RESERVED_BYTES) / 4 * HASH_SHARE_QUARTERS;
        if room == 0 {
            warning = Some(format!(
                "max_memory {max_memory} is below the {} MB the engine needs besides its hash; playing with no hash",
                RESERVED_BYTES >> 20
            ));
        }
        wanted.map_or(room, |w| w.min(room))
    };
    (
        bytes.min(MAX_HASH_BYTES).min(physical_memory() / 2),
        warning,
    )
}

/// Installed memory in bytes (Linux), or a large figure when unknown.
fn physical_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(u64::MAX, |kb| kb.saturating_mul(1024))
}
