//! Memory sizing: how large a transposition table the manager's
//! `max_memory` and `hash_size` allow.

/// Bytes kept out of `max_memory` for all but the table: twice the 16.7 MB
/// the process peaked at without one, all six rules built (lab S-120).
pub const RESERVED_BYTES: u64 = 32 << 20;

/// Eighths of what `max_memory` leaves after [`RESERVED_BYTES`] that the
/// table gets: 276.9 MB of 350 MB, whole-game peak 288.4 MB (lab S-120).
pub const HASH_SHARE_EIGHTHS: u64 = 7;

/// The transposition table never grows beyond this, whatever is asked.
pub const MAX_HASH_BYTES: u64 = 16 << 30;

/// Under `max_memory`, a turn of at least [`TURN_HASH_FROM_MS`] keeps the
/// table to this many bytes a second of `timeout_turn`, what one move's
/// search can fill; a larger table costs a new process its pages' first
/// writes. 64 MB against 264 MB at 1 s a move and 350 MB: +24.4 Elo (lab T-012).
pub const HASH_BYTES_PER_TURN_SECOND: u64 = 64 << 20;

/// The shortest turn that [`HASH_BYTES_PER_TURN_SECOND`] applies to: at
/// 0.5 s a move 64 MB measured no better than 264 MB (lab T-012).
pub const TURN_HASH_FROM_MS: i64 = 1000;

/// The most table that a turn of `turn_ms` can use, by
/// [`HASH_BYTES_PER_TURN_SECOND`]; `None` below [`TURN_HASH_FROM_MS`].
#[must_use]
fn turn_hash_cap(turn_ms: i64) -> Option<u64> {
    let ms = u64::try_from(turn_ms).ok()?;
    (turn_ms >= TURN_HASH_FROM_MS).then(|| HASH_BYTES_PER_TURN_SECOND.saturating_mul(ms) / 1000)
}

/// The transposition table's size for `max_memory` (0: none given),
/// `hash_size` (in KB, if given) and `timeout_turn` (`turn_ms`), with
/// `default` bytes when neither of the first two says; and a warning for
/// the manager when `max_memory` leaves no room for a table at all.
/// From a turn of [`TURN_HASH_FROM_MS`], `max_memory` alone gives no more
/// than [`HASH_BYTES_PER_TURN_SECOND`] a second of it; an explicit
/// `hash_size` is taken as asked, up to what `max_memory` allows.
#[must_use]
pub fn hash_bytes(
    max_memory: u64,
    hash_kb: Option<u64>,
    turn_ms: i64,
    default: u64,
) -> (u64, Option<String>) {
    let wanted = hash_kb.map(|kb| kb.saturating_mul(1024));
    let mut warning = None;
    let bytes = if max_memory == 0 {
        wanted.unwrap_or(default)
    } else {
        let room = max_memory.saturating_sub(RESERVED_BYTES) / 8 * HASH_SHARE_EIGHTHS;
        if room == 0 {
            warning = Some(format!(
                "max_memory {max_memory} is below the {} MB the engine needs besides its hash; playing with no hash",
                RESERVED_BYTES >> 20
            ));
        }
        let turn_room = turn_hash_cap(turn_ms).map_or(room, |cap| cap.min(room));
        wanted.map_or(turn_room, |w| w.min(room))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_takes_most_of_max_memory() {
        // Gomocup's limit at its fast games' 5 s a move: a 276.9 MB table
        // (264 MiB), 73 MB to spare for a process that peaked at 16.7 MB
        // without one (lab S-120).
        let (bytes, warning) = hash_bytes(350_000_000, None, 5000, 1);
        assert_eq!(bytes, 276_889_872);
        assert!(warning.is_none());
        // Piskvork's 64 MB and 80 MB.
        assert_eq!(hash_bytes(64 << 20, None, 1000, 1).0, 28 << 20);
        assert_eq!(hash_bytes(80 << 20, None, 1000, 1).0, 42 << 20);
        // hash_size asks for less; never for more.
        assert_eq!(hash_bytes(350_000_000, Some(1024), 5000, 1).0, 1 << 20);
        assert_eq!(
            hash_bytes(350_000_000, Some(1 << 30), 5000, 1).0,
            276_889_872
        );
        // No max_memory: hash_size, or else the default.
        assert_eq!(hash_bytes(0, Some(2048), 5000, 1).0, 2 << 20);
        assert_eq!(hash_bytes(0, None, 5000, 12345).0, 12345);
    }

    /// 64 MB a second of a turn of 1 s or more: Gomocup's clocks (5, 30
    /// and 300 s a move) get all that 350 MB allows, its fast game scaled
    /// down five times (1 s) 64 MB; shorter turns the whole room.
    #[test]
    fn a_turn_of_a_second_or_more_keeps_the_table_to_what_it_can_fill() {
        let mb = |turn_ms| hash_bytes(350_000_000, None, turn_ms, 1).0 >> 20;
        for turn_ms in [0, 100, 500, 999] {
            assert_eq!(mb(turn_ms), 264, "{turn_ms}");
        }
        assert_eq!(mb(1000), 64);
        assert_eq!(mb(2000), 128);
        assert_eq!(mb(3000), 192);
        for turn_ms in [5000, 30_000, 300_000, i64::MAX] {
            assert_eq!(mb(turn_ms), 264, "{turn_ms}");
        }
        // An explicit hash_size is taken as asked.
        assert_eq!(
            hash_bytes(350_000_000, Some(200 << 10), 100, 1).0,
            200 << 20
        );
    }

    #[test]
    fn below_the_reserve_there_is_no_table_and_a_warning() {
        for max_memory in [1000, 16 << 20, RESERVED_BYTES] {
            let (bytes, warning) = hash_bytes(max_memory, None, 1000, 1);
            assert_eq!(bytes, 0, "{max_memory}");
            assert!(warning.is_some_and(|w| w.starts_with("max_memory")));
        }
    }
}
