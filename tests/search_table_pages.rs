//! The transposition table's pages are in memory once the search's
//! threads have mapped them in ([`Table::fault_in`]): the resident size
//! grows by the table's size. A compiler that turned the write into a
//! read would leave the system's shared zero page under every page, and
//! this test would fail. Linux only (it reads `/proc/self/status`); alone
//! in its file, so that no other test's memory moves the figure.

use tengen::search::tt::Table;

#[cfg(target_os = "linux")]
fn resident_bytes() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("status");
    let kib: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in kB");
    kib * 1024
}

#[cfg(target_os = "linux")]
#[test]
fn faulting_in_makes_the_table_resident() {
    const BYTES: usize = 64 << 20;
    let t = Table::new(BYTES);
    let before = resident_bytes();
    t.fault_in(None);
    let grown = resident_bytes().saturating_sub(before);
    assert!(
        grown > BYTES * 9 / 10,
        "resident size grew by {grown} bytes, the table has {BYTES}"
    );
}
