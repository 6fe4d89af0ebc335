//! Learns the evaluation's point values from games (see `tengen::tune`).
//!
//! ```text
//! cargo run --release -p tengen-tune --bin eval_tune -- extract --rule renju --out renju.pos DIR...
//! cargo run --release -p tengen-tune --bin eval_tune -- label --nodes 20000 renju.pos renju-scored.pos
//! cargo run --release -p tengen-tune --bin eval_tune -- label --nodes 20000 --engine /path/to/pbrain-other \
//!     renju.pos renju-scored.pos
//! cargo run --release -p tengen-tune --bin eval_tune -- fit --rule renju --out data/eval/renju.txt renju.pos...
//! cargo run --release -p tengen-tune --bin eval_tune -- perturb --plies 1 --seed 1 renju.pos renju-off.pos
//! cargo run --release -p tengen-tune --bin eval_tune -- hand-set --rule renju --out renju-hand.txt
//! cargo run --release -p tengen-tune --bin eval_tune -- order --rule freestyle DIR...
//! ```
//!
//! `extract` reads every `.psq` record below the folders (as `tengen-arena
//! --out` writes them) and writes the quiet positions of the games played
//! under the rule, one a line. `label` adds a search's score to each
//! position: this engine's, or another Gomocup engine's (`--engine`).
//! `perturb` writes positions a few random moves off the games' path, as
//! the search's leaves meet them, to be labelled like the others.
//! `fit` fits the values to those positions and writes the table;
//! `hand-set` writes the hand-set table the engine started from. `order`
//! fits the move order to the moves played (see `tengen_tune::order`).

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tengen::eval::ORDER;
use tengen::pattern::ValueTable;
use tengen::search::MATE_BOUND;
use tengen::Rule;
use tengen_arena::records::find_psq;
use tengen_tune::data::{
    extract_keeping, label, label_from, label_scaled, perturb, Keep, Sample, VCF_WIN_SCORE,
};
use tengen_tune::fit::{fit, split, Dataset, Settings};
use tengen_tune::judge::{Player, Verdict};
use tengen_tune::net::{train_net, NetData, NetSettings};
use tengen_tune::order::{best_temperature, fit_order, OrderData, OrderModel, OrderSettings};

#[derive(Parser)]
#[command(about = "Learns the evaluation's point values from games")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Writes the quiet positions of the games below the folders.
    Extract {
        /// The rule whose games are taken.
        #[arg(long)]
        rule: String,
        /// The positions file to write.
        #[arg(long)]
        out: PathBuf,
        /// Keep instead the positions where the side to move has a VCF,
        /// labelled as won (`s=` a mate score), to be joined to the
        /// labelled quiet positions of the same folders.
        #[arg(long)]
        vcf_wins: bool,
        /// Folders searched for `.psq` records.
        dirs: Vec<PathBuf>,
    },
    /// Fits the values to positions files and writes the table.
    Fit {
        /// The rule of the table.
        #[arg(long)]
        rule: String,
        /// The table to write.
        #[arg(long)]
        out: PathBuf,
        /// Start from the hand-set values instead of the built-in table.
        #[arg(long)]
        from_hand_set: bool,
        /// Start from this table file instead of the built-in table (another
        /// rule's, say).
        #[arg(long, conflicts_with = "from_hand_set")]
        start: Option<PathBuf>,
        /// Adam steps.
        #[arg(long, default_value_t = Settings::default().steps)]
        steps: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = Settings::default().rate)]
        rate: f64,
        /// Pull towards the starting values.
        #[arg(long, default_value_t = Settings::default().l2)]
        l2: f64,
        /// Weight of the game's result against the search's score.
        #[arg(long, default_value_t = Settings::default().result)]
        result: f64,
        /// One game in this many is held out.
        #[arg(long, default_value_t = 10)]
        holdout: u64,
        /// Fix the scale `K` (evaluation units a step in the log-odds)
        /// instead of finding it for the starting table: the table's own
        /// scale, as its header gives it, keeps the fitted values in the
        /// units the search was set for.
        #[arg(long)]
        scale: Option<f64>,
        /// Keep the starting table's initiative terms and threat-mask
        /// corrections: fit the point values alone.
        #[arg(long)]
        freeze_threats: bool,
        /// Positions files written by `extract`.
        data: Vec<PathBuf>,
    },
    /// Trains the network evaluation (a correction of the tables) on
    /// positions files and writes the net.
    Net {
        /// The rule of the positions taken.
        #[arg(long)]
        rule: String,
        /// The net file to write (`data/net/RULE.bin` is the built-in one).
        #[arg(long)]
        out: PathBuf,
        /// Passes over the training positions.
        #[arg(long, default_value_t = NetSettings::default().epochs)]
        epochs: usize,
        /// Positions per Adam step.
        #[arg(long, default_value_t = NetSettings::default().batch)]
        batch: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = NetSettings::default().rate)]
        rate: f64,
        /// Pull of the perceptron's weights towards zero.
        #[arg(long, default_value_t = NetSettings::default().l2)]
        l2: f64,
        /// Pull of each class's own part of its embedding towards zero.
        #[arg(long, default_value_t = NetSettings::default().residual_l2)]
        residual_l2: f64,
        /// Weight of the game's result against the search's score.
        #[arg(long, default_value_t = NetSettings::default().result)]
        result: f64,
        /// One game in this many is held out.
        #[arg(long, default_value_t = 10)]
        holdout: u64,
        /// The scale `K` (evaluation units a step in the log-odds); by
        /// default the rule's table's own, from its header.
        #[arg(long)]
        scale: Option<f64>,
        /// Seed of the starting weights and the order of the positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep the positions the search scored as a forced win or loss
        /// (left out by default: no static correction can reach them).
        #[arg(long)]
        keep_mates: bool,
        /// Positions files written by `extract` (and `label`).
        data: Vec<PathBuf>,
    },
    /// Adds a search's score to every position of a positions file.
    Label {
        /// Nodes each search may use.
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Score with this Gomocup engine instead (a command line; it must
        /// print `Eval N` in its `MESSAGE` lines and take `INFO max_node`),
        /// its scores put in this engine's units by how well each predicts
        /// the game results.
        #[arg(long)]
        engine: Option<String>,
        /// How many copies of `--engine` run at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// With `--engine`: put its scores in this engine's units with
        /// these two scales (`OWN,OTHER`, as an earlier labelling printed
        /// them) instead of finding them from the game results; for the
        /// positions `perturb` writes, whose results say little.
        #[arg(long, value_parser = parse_scales)]
        scales: Option<(f64, f64)>,
        /// The positions file to read.
        input: PathBuf,
        /// The positions file to write.
        out: PathBuf,
    },
    /// Writes positions off the games' path: each position of the file
    /// with `--plies` random moves near the stones, kept when quiet.
    Perturb {
        /// Random moves added to each position.
        #[arg(long, default_value_t = 1)]
        plies: usize,
        /// Seed of the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The positions file to read.
        input: PathBuf,
        /// The positions file to write (unlabelled).
        out: PathBuf,
    },
    /// Fits the move order (an `OrderTable`, from the engine's) to the
    /// moves played in the rule's games below the folders, and prints the
    /// fitted table.
    Order {
        /// The rule whose games are taken.
        #[arg(long)]
        rule: String,
        /// Adam steps.
        #[arg(long, default_value_t = OrderSettings::default().steps)]
        steps: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = OrderSettings::default().rate)]
        rate: f64,
        /// Pull towards the engine's numbers.
        #[arg(long, default_value_t = OrderSettings::default().l2)]
        l2: f64,
        /// One game in this many is held out.
        #[arg(long, default_value_t = 4)]
        holdout: u64,
        /// Folders searched for `.psq` records.
        dirs: Vec<PathBuf>,
    },
    /// Writes the hand-set table.
    HandSet {
        /// The rule of the table.
        #[arg(long)]
        rule: String,
        /// The table to write.
        #[arg(long)]
        out: PathBuf,
    },
}

fn parse_scales(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}`: expected OWN,OTHER"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
            .ok_or_else(|| format!("`{t}` is not a positive number"))
    };
    Ok((num(a)?, num(b)?))
}

/// The scale in the header of `rule`'s built-in table (`Scale K;`), or
/// 500 when it gives none.
fn table_scale(rule: Rule) -> f64 {
    ValueTable::learned_text(rule)
        .lines()
        .find_map(|l| {
            l.strip_prefix("# Scale ")?
                .split([';', ' '])
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or(500.0)
}

/// The samples of `rule` in the positions files `data` that `keep`
/// accepts. Game numbers restart in every file: they are kept apart.
fn read_rule_samples(data: &[PathBuf], rule: Rule, keep: impl Fn(&Sample) -> bool) -> Vec<Sample> {
    let mut samples = Vec::new();
    for (n, f) in data.iter().enumerate() {
        for mut s in read_samples(f)
            .into_iter()
            .filter(|s| s.rule == rule && keep(s))
        {
            s.game += (n as u64) << 40;
            samples.push(s);
        }
    }
    samples
}

fn read_samples(path: &Path) -> Vec<Sample> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Sample::parse(l).unwrap_or_else(|e| fail(&e)))
        .collect()
}

fn rule(name: &str) -> Rule {
    Rule::parse(name).unwrap_or_else(|| fail(&format!("unknown rule `{name}`")))
}

fn fail(msg: &str) -> ! {
    eprintln!("eval_tune: {msg}");
    std::process::exit(2)
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

fn write_samples(path: &Path, samples: &[Sample]) {
    let text: String = samples.iter().map(|s| s.to_line() + "\n").collect();
    write(path, &text);
}

/// The texts of every `.psq` record below the folders.
fn read_records(dirs: &[PathBuf]) -> Vec<String> {
    let mut files = Vec::new();
    for d in dirs {
        files.extend(
            find_psq(d).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", d.display()))),
        );
    }
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap_or_default())
        .collect()
}

/// Each sample's score for the side to move by a Gomocup engine (`command`),
/// `nodes` nodes a position, `jobs` copies of it at a time; its forced wins
/// and losses as `±VCF_WIN_SCORE`.
fn engine_scores(samples: &[Sample], command: &str, nodes: u64, jobs: usize) -> Vec<Option<i32>> {
    let mut out = vec![None; samples.len()];
    let chunk = samples.len().div_ceil(jobs.max(1)).max(1);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for (part, dst) in samples.chunks(chunk).zip(out.chunks_mut(chunk)) {
            let done = &done;
            scope.spawn(move || {
                let mut judge = Player::spawn_nodes(command, nodes);
                for (s, d) in part.iter().zip(dst) {
                    let Ok(board) = s.board() else { continue };
                    *d = judge.think(&board).1.map(|v| match v {
                        Verdict::Wins(_) => VCF_WIN_SCORE,
                        Verdict::Loses(_) => -VCF_WIN_SCORE,
                        Verdict::Score(v) => v,
                    });
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n % 1000 == 0 {
                        eprintln!("{n} of {} positions scored", samples.len());
                    }
                }
                judge.engine.quit(Duration::from_secs(2));
            });
        }
    });
    out
}

fn order(rule: Rule, settings: OrderSettings, holdout: u64, dirs: &[PathBuf]) {
    let mut data = OrderData::default();
    for (game, text) in read_records(dirs).iter().enumerate() {
        data.add_game(text, rule, game as u64);
    }
    let (valid, train) = data.split(holdout);
    println!(
        "{} training and {} held-out positions ({} candidates)",
        train.len(),
        valid.len(),
        data.rows.len()
    );
    let engine = ORDER;
    let t = best_temperature(&train, &engine);
    let start = OrderModel::from_engine(&engine, t);
    let before = (train.loss(&start), valid.loss(&start));
    let model = fit_order(&start, &train, &valid, settings, |step, t, v| {
        println!("step {step}: training {t:.5}, held out {v:.5}");
    });
    let fitted = model
        .to_engine(&engine)
        .unwrap_or_else(|| fail("the fitted value weights are not positive"));
    // The integers as the engine would use them, at their best temperature.
    let t2 = best_temperature(&train, &fitted);
    let rounded = OrderModel::from_engine(&fitted, t2);
    let after = (train.loss(&rounded), valid.loss(&rounded));
    println!("temperature {t:.6} before, {t2:.6} after");
    println!(
        "training loss {:.5} -> {:.5}, first-move share {:.4} -> {:.4}",
        before.0 .0, after.0 .0, before.0 .1, after.0 .1
    );
    println!(
        "held-out loss {:.5} -> {:.5}, first-move share {:.4} -> {:.4}",
        before.1 .0, after.1 .0, before.1 .1, after.1 .1
    );
    println!("{fitted:#?}");
}

fn main() {
    match Cli::parse().cmd {
        Cmd::Extract {
            rule: r,
            out,
            vcf_wins,
            dirs,
        } => {
            let rule = rule(&r);
            let texts = read_records(&dirs);
            let t0 = Instant::now();
            let keep = if vcf_wins { Keep::VcfWins } else { Keep::Quiet };
            let (samples, tally) = extract_keeping(&texts, rule, 0, keep);
            write_samples(&out, &samples);
            println!(
                "{} games read, {} skipped; {} of {} positions kept ({:.1} s)",
                tally.games,
                tally.skipped_games,
                tally.kept,
                tally.positions,
                t0.elapsed().as_secs_f64()
            );
        }
        Cmd::Fit {
            rule: r,
            out,
            from_hand_set,
            start,
            steps,
            rate,
            l2,
            result,
            holdout,
            scale,
            freeze_threats,
            data,
        } => {
            let rule = rule(&r);
            let samples = read_rule_samples(&data, rule, |_| true);
            let (train, valid) = split(&samples, holdout);
            let train = Dataset::new(&train).unwrap_or_else(|e| fail(&e));
            let valid = Dataset::new(&valid).unwrap_or_else(|e| fail(&e));
            println!(
                "{} training and {} held-out positions",
                train.len(),
                valid.len()
            );
            let start = if let Some(file) = start {
                let text = std::fs::read_to_string(&file)
                    .unwrap_or_else(|e| fail(&format!("{}: {e}", file.display())));
                ValueTable::parse(&text)
                    .unwrap_or_else(|e| fail(&format!("{}: {e}", file.display())))
            } else if from_hand_set {
                ValueTable::hand_set(rule)
            } else {
                ValueTable::learned(rule)
            };
            let settings = Settings {
                steps,
                rate,
                l2,
                result,
                scale,
                freeze_threats,
            };
            let (table, report) = fit(rule, &start, &train, &valid, settings, |step, t, v| {
                if step % 25 == 0 {
                    println!("step {step}: training {t:.6}, held out {v:.6}");
                }
            });
            println!(
                "scale {:.1}; training loss {:.6} -> {:.6}; held-out loss {:.6} -> {:.6} (step {})",
                report.scale,
                report.train_before,
                report.train_after,
                report.valid_before,
                report.valid_after,
                report.best_step
            );
            let header = format!(
                "Point values for {}, learned from {} positions ({} held out) by `eval_tune fit`.\n\
                 Scale {:.1}; held-out loss {:.6} before, {:.6} after.",
                rule.name(),
                train.len(),
                valid.len(),
                report.scale,
                report.valid_before,
                report.valid_after
            );
            write(&out, &table.to_text(&header));
        }
        Cmd::Net {
            rule: r,
            out,
            epochs,
            batch,
            rate,
            l2,
            residual_l2,
            result,
            holdout,
            scale,
            seed,
            keep_mates,
            data,
        } => {
            let rule = rule(&r);
            let forced = |s: &Sample| s.search.is_some_and(|v| v.abs() >= MATE_BOUND);
            let samples = read_rule_samples(&data, rule, |s| keep_mates || !forced(s));
            let (train, valid) = split(&samples, holdout);
            let train = NetData::new(&train).unwrap_or_else(|e| fail(&e));
            let valid = NetData::new(&valid).unwrap_or_else(|e| fail(&e));
            let scale = scale.unwrap_or_else(|| table_scale(rule));
            println!(
                "{} training and {} held-out positions; scale {scale:.1}",
                train.len(),
                valid.len()
            );
            let settings = NetSettings {
                epochs,
                batch,
                rate,
                l2,
                residual_l2,
                result,
                scale,
                seed,
            };
            let (net, report) = train_net(&train, &valid, settings, |epoch, t, v| {
                println!("epoch {epoch}: training {t:.6}, held out {v:.6}");
            });
            println!(
                "training loss {:.6} -> {:.6}; held-out loss {:.6} -> {:.6} (epoch {})",
                report.train_before,
                report.train_after,
                report.valid_before,
                report.valid_after,
                report.best_epoch
            );
            if let Err(e) = std::fs::write(&out, net.to_bytes()) {
                fail(&format!("cannot write {}: {e}", out.display()));
            }
        }
        Cmd::Label {
            nodes,
            engine,
            jobs,
            scales,
            input,
            out,
        } => {
            if scales.is_some() && engine.is_none() {
                fail("--scales goes with --engine");
            }
            let mut samples = read_samples(&input);
            let t0 = Instant::now();
            if let Some(command) = engine {
                let scores = engine_scores(&samples, &command, nodes, jobs);
                let (own, other) = match scales {
                    Some((own, other)) => {
                        label_scaled(&mut samples, &scores, own, other);
                        (own, other)
                    }
                    None => label_from(&mut samples, &scores),
                };
                println!(
                    "scales: {own:.1} for this engine's evaluation, {other:.1} for `{command}`'s \
                     ({} positions without a score)",
                    scores.iter().filter(|s| s.is_none()).count()
                );
            } else {
                label(&mut samples, nodes);
            }
            write_samples(&out, &samples);
            println!(
                "{} positions searched ({} nodes each at most, {:.1} s)",
                samples.len(),
                nodes,
                t0.elapsed().as_secs_f64()
            );
        }
        Cmd::Perturb {
            plies,
            seed,
            input,
            out,
        } => {
            let samples = read_samples(&input);
            let t0 = Instant::now();
            let moved = perturb(&samples, plies, seed);
            write_samples(&out, &moved);
            println!(
                "{} of {} positions kept with {plies} random moves ({:.1} s)",
                moved.len(),
                samples.len(),
                t0.elapsed().as_secs_f64()
            );
        }
        Cmd::Order {
            rule: r,
            steps,
            rate,
            l2,
            holdout,
            dirs,
        } => order(rule(&r), OrderSettings { steps, rate, l2 }, holdout, &dirs),
        Cmd::HandSet { rule: r, out } => {
            let rule = rule(&r);
            let header = format!("Hand-set point values for {}.", rule.name());
            write(&out, &ValueTable::hand_set(rule).to_text(&header));
        }
    }
}
