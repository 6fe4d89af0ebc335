//! Tournaments between Gomocup engines: `tengen-arena --help`.
use clap::Parser;
use tengen::arena::cli::{main_with, Cli};

fn main() {
    std::process::exit(main_with(&Cli::parse()));
}
