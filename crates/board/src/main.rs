//! The browser board: `tengen-board --help`.
use clap::Parser;
use tengen_board::cli::{main_with, Cli};

fn main() {
    std::process::exit(main_with(&Cli::parse()));
}
