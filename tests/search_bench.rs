//! The bench signatures: the node count of `bench` (fixed positions, fixed
//! depth, one thread) is deterministic, so it changes exactly when the
//! search does. A deliberate search change updates the numbers here, in the
//! same commit; any other change to them is a bug.
//!
//! `bench` plays as the engine does, with the rules' built-in networks
//! (`tengen::net`); `bench --no-net` with the evaluation tables alone.

/// The node count `bench` must print.
const SIGNATURE: u64 = 108_843;
/// The node count `bench --no-net` must print.
const SIGNATURE_TABLES: u64 = 108_843;

fn signature(net: bool) -> (u64, String) {
    let mut out = Vec::new();
    tengen::search::bench::run_with(&mut out, net).expect("bench output");
    let text = String::from_utf8(out).expect("utf-8");
    let field = |name: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .expect("the line")
            .trim()
            .parse()
            .expect("a number")
    };
    let (signature, total) = (field("signature "), field("total nodes "));
    assert_eq!(signature, total);
    (signature, text)
}

#[test]
fn bench_signature_is_unchanged() {
    let (signature, text) = signature(true);
    assert_eq!(
        signature, SIGNATURE,
        "the search changed; bench says:\n{text}"
    );
}

#[test]
fn bench_signature_of_the_tables_alone_is_unchanged() {
    let (signature, text) = signature(false);
    assert!(text.contains("evaluation: tables\n"), "{text}");
    assert_eq!(
        signature, SIGNATURE_TABLES,
        "the search changed; bench --no-net says:\n{text}"
    );
}
