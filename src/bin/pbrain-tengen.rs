//! The engine: `pbrain-tengen` speaks the Gomocup protocol on stdin/stdout;
//! `pbrain-tengen bench` runs the search bench and exits (`bench --no-net`:
//! with the evaluation tables alone).
//!
//! Options (before the protocol starts): `--threads N` sets the search
//! threads (the manager's `INFO thread_num` still overrides it), `--nodes N`
//! a node limit for every move (the manager's `INFO max_node` overrides it;
//! for self-play that does not depend on the machine's load), and
//! `--no-vct` switches the root VCT solver off, `--no-local-fours` the
//! fours quiescence at the leaves (and the razoring into it), and
//! `--quiescence`, `--local-fours` and `--threat-extension` switch on the
//! leaf stages (see `search::params`), for self-play matches that measure
//! what each is worth (`docs/lab/search.md`: lab S-006, S-010, S-077).
//! `--no-net` plays with the evaluation tables alone, without the rule's
//! built-in network (`tengen::net`).

use std::io::{self, Write};
use std::process::ExitCode;
use tengen::search::Config;

const USAGE: &str = "usage: pbrain-tengen [bench [--no-net]] | pbrain-tengen --help | pbrain-tengen [--threads N] [--nodes N] [--no-vct] [--quiescence] [--local-fours | --no-local-fours] [--threat-extension] [--no-net]";

/// The configuration the command line asks for, or why it is wrong.
fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                config.threads = n
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=tengen::protocol::MAX_THREADS as usize).contains(n))
                    .ok_or_else(|| {
                        format!(
                            "--threads takes 1 to {}, not '{n}'",
                            tengen::protocol::MAX_THREADS
                        )
                    })?;
            }
            "--nodes" => {
                let n = it.next().ok_or("--nodes needs a number")?;
                config.node_limit = n
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--nodes takes a positive number, not '{n}'"))?;
            }
            "--no-vct" => config.features.vct = false,
            "--quiescence" => config.features.quiescence = true,
            "--local-fours" => config.features.local_fours = true,
            "--no-local-fours" => config.features.local_fours = false,
            "--threat-extension" => config.features.threat_extension = true,
            "--no-net" => config.features.net = false,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.as_slice(), [a] if a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let bench = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["bench"] => Some(true),
        ["bench", "--no-net"] => Some(false),
        _ => None,
    };
    let result = if let Some(net) = bench {
        let mut out = io::stdout().lock();
        tengen::search::bench::run_with(&mut out, net).and_then(|()| out.flush())
    } else {
        match parse(&args) {
            Ok(config) => tengen::protocol::run_with(io::stdin(), io::stdout(), config),
            Err(e) => {
                eprintln!("pbrain-tengen: {e}\n{USAGE}");
                return ExitCode::from(2);
            }
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
