//! The engine: `pbrain-tengen` speaks the Gomocup protocol on stdin/stdout;
//! `pbrain-tengen bench` runs the search bench and exits.

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => tengen::protocol::run(io::stdin(), io::stdout()),
        Some("bench") => {
            let mut out = io::stdout().lock();
            tengen::search::bench::run(&mut out).and_then(|()| out.flush())
        }
        Some(other) => {
            eprintln!("usage: pbrain-tengen [bench]  (unknown argument '{other}')");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-tengen: {e}");
            ExitCode::FAILURE
        }
    }
}
