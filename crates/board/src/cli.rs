//! The `tengen-board` command line.

use super::server::{serve, Options};
use clap::Parser;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use tengen_arena::engine::EngineSpec;

/// A board in the browser: play, analyse and watch tournaments.
#[derive(Parser, Debug)]
#[command(name = "tengen-board", version)]
pub struct Cli {
    /// Another Gomocup engine the page may play or analyse with:
    /// `[NAME=]COMMAND [ARG...]` (one quoted argument; repeat for more).
    /// Only engines named here can ever be started.
    #[arg(short = 'e', long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,

    /// Leave Tengen itself out of the engine list.
    #[arg(long)]
    pub no_tengen: bool,

    /// Search threads for Tengen (default: the machine's cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// A `tengen-arena` output folder to watch (its `games/` and `live/`).
    #[arg(short = 'w', long, value_name = "DIR")]
    pub watch: Option<PathBuf>,

    /// The port; 0 picks a free one.
    #[arg(short = 'p', long, default_value_t = 8015)]
    pub port: u16,

    /// The address to listen on. Anything but a loopback address also
    /// needs `--allow-remote`.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub listen: IpAddr,

    /// Allow `--listen` on an address other machines can reach.
    #[arg(long)]
    pub allow_remote: bool,

    /// Run Tengen's Gomocup engine on stdin/stdout instead of the board
    /// (the board starts itself so for the built-in engine).
    #[arg(long, hide = true)]
    pub gomocup: bool,
}

impl Cli {
    /// The server's options, or why the command line is wrong.
    ///
    /// # Errors
    /// A bad engine specification, a remote address without
    /// `--allow-remote`, or no way to find this executable.
    pub fn to_options(&self) -> Result<Options, String> {
        if !self.listen.is_loopback() && !self.allow_remote {
            return Err(format!(
                "{} can be reached from other machines: add --allow-remote to serve on it",
                self.listen
            ));
        }
        let mut engines = Vec::new();
        if !self.no_tengen {
            let me = std::env::current_exe()
                .map_err(|e| format!("cannot find this executable to run Tengen: {e}"))?;
            let mut args = vec!["--gomocup".to_string()];
            if let Some(n) = self.threads {
                if !(1..=tengen::protocol::MAX_THREADS as usize).contains(&n) {
                    return Err(format!(
                        "--threads takes 1 to {}",
                        tengen::protocol::MAX_THREADS
                    ));
                }
                args.extend(["--threads".to_string(), n.to_string()]);
            }
            engines.push(EngineSpec {
                name: "Tengen".into(),
                command: me,
                args,
                settle: std::time::Duration::ZERO,
            });
        }
        for e in &self.engines {
            engines.push(EngineSpec::parse(e)?);
        }
        for spec in &engines {
            if spec.resolve().is_none() {
                return Err(format!(
                    "engine {}: {} is not an executable file",
                    spec.name,
                    spec.command.display()
                ));
            }
        }
        Ok(Options {
            listen: SocketAddr::new(self.listen, self.port),
            engines,
            watch: self.watch.clone(),
            token: None,
        })
    }
}

/// Runs the command line; the process's exit code.
#[must_use]
pub fn main_with(cli: &Cli) -> i32 {
    if cli.gomocup {
        let mut config = tengen::search::Config::default();
        if let Some(n) = cli.threads {
            config.threads = n;
        }
        let r = tengen::protocol::run_with(std::io::stdin(), std::io::stdout(), config);
        return i32::from(r.is_err_and(|e| e.kind() != std::io::ErrorKind::BrokenPipe));
    }
    let result = cli
        .to_options()
        .and_then(|o| serve(o, &mut std::io::stdout()));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tengen-board: {e}");
            2
        }
    }
}
