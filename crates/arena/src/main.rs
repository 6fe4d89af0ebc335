//! Tournaments between Gomocup engines: `tengen-arena --help`, and
//! `tengen-arena merge --help` for combining sharded runs.
use tengen_arena::cli::main_from;

fn main() {
    std::process::exit(main_from(std::env::args_os().collect()));
}
