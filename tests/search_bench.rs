//! The bench signature: the node count of `bench` (fixed positions, fixed
//! depth, one thread) is deterministic, so it changes exactly when the
//! search does. A deliberate search change updates the number here, in the
//! same commit; any other change to it is a bug.

/// The node count `bench` must print.
const SIGNATURE: u64 = 108_449;

#[test]
fn bench_signature_is_unchanged() {
    let mut out = Vec::new();
    tengen::search::bench::run(&mut out).expect("bench output");
    let text = String::from_utf8(out).expect("utf-8");
    let signature: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("signature "))
        .expect("a signature line")
        .trim()
        .parse()
        .expect("a number");
    let total: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("total nodes "))
        .expect("a total line")
        .trim()
        .parse()
        .expect("a number");
    assert_eq!(signature, total);
    assert_eq!(
        signature, SIGNATURE,
        "the search changed; bench says:\n{text}"
    );
}
