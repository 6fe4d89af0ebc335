//! The evaluation's learning pipeline on a small fixture.
//!
//! The fixture, `tests/data/tune/*.psq`, is 24 self-play games of this
//! engine, recorded by `tengen-arena` (freestyle, 15×15, 100 ms a move,
//! random three- to five-stone openings).

use tengen::eval::static_eval;
use tengen::pattern::ValueTable;
use tengen::position::{Position, NEAR_RADIUS};
use tengen::{Board, Color, Rule};
use tengen_tune::data::{
    extract, extract_keeping, is_quiet, label_from, label_scaled, perturb, result_scale, Keep,
    Sample, VCF_WIN_SCORE,
};
use tengen_tune::evaluate;
use tengen_tune::fit::{fit, split, Dataset, Settings};

fn fixture() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "psq"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect()
}

#[test]
fn extraction_keeps_the_quiet_positions_of_finished_games() {
    let games = fixture();
    assert_eq!(games.len(), 24);
    let (samples, tally) = extract(&games, Rule::Freestyle, 0);
    assert_eq!(tally.games, 24);
    assert!(tally.kept > 200, "{tally:?}");
    assert!(tally.kept < tally.positions, "{tally:?}");
    assert_eq!(tally.kept, samples.len());
    for s in &samples {
        let b = s.board().unwrap();
        // Nobody has a five to make or to block.
        assert_eq!(b.five_count(Color::Black), 0, "{}", s.to_line());
        assert_eq!(b.five_count(Color::White), 0, "{}", s.to_line());
        assert_eq!(Sample::parse(&s.to_line()).unwrap(), *s);
    }

    // Games of another rule are not taken.
    let (none, tally) = extract(&games, Rule::Renju, 0);
    assert!(none.is_empty());
    assert_eq!(tally.skipped_games, 24);

    // A result the board does not show (the loser named the winner) skips
    // the game.
    let flipped: Vec<String> = games
        .iter()
        .map(|g| {
            g.replace("\n1,freestyle", "\nX,freestyle")
                .replace("\n2,freestyle", "\n1,freestyle")
                .replace("\nX,freestyle", "\n2,freestyle")
        })
        .collect();
    let decisive = games
        .iter()
        .filter(|g| !g.contains("\n0,freestyle"))
        .count();
    let (_, tally) = extract(&flipped, Rule::Freestyle, 0);
    assert_eq!(tally.skipped_games, decisive);
}

#[test]
fn the_vcf_wins_are_the_other_positions_labelled_as_won() {
    let games = fixture();
    let (quiet, q) = extract(&games, Rule::Freestyle, 0);
    let (wins, w) = extract_keeping(&games, Rule::Freestyle, 0, Keep::VcfWins);
    assert!(!wins.is_empty(), "{w:?}");
    assert_eq!(w.positions, q.positions);
    let mut vcf = tengen::threat::Vcf::new(1 << 16);
    for s in &wins {
        assert_eq!(s.search, Some(VCF_WIN_SCORE), "{}", s.to_line());
        assert!(!quiet.iter().any(|t| t.moves == s.moves), "{}", s.to_line());
        // A VCF for the side to move, with no five on the board to make
        // or to block.
        let b = s.board().unwrap();
        assert_eq!(b.five_count(Color::Black) + b.five_count(Color::White), 0);
        assert!(
            !tengen_tune::data::is_quiet(&b, &mut vcf),
            "{}",
            s.to_line()
        );
        assert_eq!(Sample::parse(&s.to_line()).unwrap(), *s);
    }
    // The positions left out by both have a five to make or to block.
    let both = q.kept + w.kept;
    assert!(both < q.positions, "{q:?} {w:?}");
}

/// The fixture's freestyle positions as fit data, one game in four held out.
fn fit_sets() -> (Dataset, Dataset) {
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let (train, valid) = split(&samples, 4);
    (Dataset::new(&train).unwrap(), Dataset::new(&valid).unwrap())
}

#[test]
fn the_fit_lowers_the_loss_and_its_table_round_trips() {
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let (train, valid) = split(&samples, 4);
    assert!(!train.is_empty() && !valid.is_empty());
    assert!(train.iter().all(|t| valid.iter().all(|v| v.game != t.game)));
    let train = Dataset::new(&train).unwrap();
    let valid = Dataset::new(&valid).unwrap();
    let settings = Settings {
        steps: 60,
        rate: 2.0,
        l2: 0.0,
        result: 1.0,
        scale: None,
        freeze_threats: false,
    };
    let start = ValueTable::hand_set(Rule::Freestyle);
    let mut steps = 0;
    let (table, report) = fit(
        Rule::Freestyle,
        &start,
        &train,
        &valid,
        settings,
        |_, _, _| steps += 1,
    );
    assert_eq!(steps, 60);
    assert!(report.scale > 10.0 && report.scale < 10_000.0, "{report:?}");
    assert!(
        report.train_after < report.train_before,
        "training loss {} -> {}",
        report.train_before,
        report.train_after
    );
    assert_ne!(table, start);
    let text = table.to_text("fixture fit");
    assert_eq!(ValueTable::parse(&text).unwrap(), table);
}

#[test]
fn a_fit_with_frozen_threats_moves_the_point_values_alone() {
    let (train, valid) = fit_sets();
    let s = Settings {
        steps: 30,
        l2: 0.0,
        result: 1.0,
        freeze_threats: true,
        ..Settings::default()
    };
    let start = ValueTable::hand_set(Rule::Freestyle);
    let (table, report) = fit(Rule::Freestyle, &start, &train, &valid, s, |_, _, _| {});
    assert!(report.train_after < report.train_before, "{report:?}");
    assert_ne!(table, start);
    for mover in [Color::Black, Color::White] {
        assert_eq!(table.initiative(mover), start.initiative(mover));
        for mask in 0..tengen::pattern::values::THREAT_MASKS {
            let mask = mask as tengen::pattern::values::ThreatMask;
            assert_eq!(
                table.threat_value(mover, mask),
                start.threat_value(mover, mask)
            );
        }
    }
}

#[test]
fn a_fixed_scale_is_the_one_the_fit_uses() {
    let (train, valid) = fit_sets();
    let start = ValueTable::hand_set(Rule::Freestyle);
    let settings = |scale| Settings {
        steps: 30,
        rate: 2.0,
        l2: 0.0,
        result: 1.0,
        scale,
        freeze_threats: false,
    };
    let (_, free) = fit(
        Rule::Freestyle,
        &start,
        &train,
        &valid,
        settings(None),
        |_, _, _| {},
    );
    // Twice the scale the starting table fits best: its loss there is
    // higher, and the fit still lowers it.
    let k = 2.0 * free.scale;
    let (_, fixed) = fit(
        Rule::Freestyle,
        &start,
        &train,
        &valid,
        settings(Some(k)),
        |_, _, _| {},
    );
    assert_eq!(fixed.scale, k);
    assert!(fixed.train_before > free.train_before, "{free:?} {fixed:?}");
    assert!(fixed.train_after < fixed.train_before, "{fixed:?}");
}

#[test]
fn the_result_scale_is_the_one_the_results_follow() {
    // Game scores that follow σ(v / 300) exactly.
    let points: Vec<(f64, f64)> = (-200..=200)
        .map(|i| {
            let v = f64::from(i) * 10.0;
            (v, 1.0 / (1.0 + (-v / 300.0).exp()))
        })
        .collect();
    let k = result_scale(&points);
    assert!((k - 300.0).abs() < 1.0, "{k}");
}

#[test]
fn another_engines_scores_come_in_this_engines_units() {
    let (mut samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let evals: Vec<i32> = samples
        .iter()
        .map(|s| static_eval(&s.board().unwrap()))
        .collect();
    // An engine that counts in thirds of this one's units.
    let scores: Vec<Option<i32>> = evals.iter().map(|&e| Some(3 * e)).collect();
    let mut labelled = samples.clone();
    let (own, other) = label_from(&mut labelled, &scores);
    assert!(own > 10.0 && own < 10_000.0, "{own}");
    assert!((other / own - 3.0).abs() < 0.01, "{own} {other}");
    for (s, &e) in labelled.iter().zip(&evals) {
        let v = s.search.unwrap();
        assert!(
            (v - e).abs() <= 1 + e.abs() / 100,
            "{v} for {e}: {}",
            s.to_line()
        );
    }
    // Its forced win stays one, and a position it did not score gets no
    // label.
    let mut scores = scores;
    scores[0] = Some(VCF_WIN_SCORE);
    scores[1] = None;
    label_from(&mut samples, &scores);
    assert_eq!(samples[0].search, Some(VCF_WIN_SCORE));
    assert_eq!(samples[1].search, None);
}

#[test]
fn fixed_scales_convert_without_the_results() {
    let (mut samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let scores: Vec<Option<i32>> = (0..samples.len() as i32)
        .map(|i| match i {
            0 => Some(-VCF_WIN_SCORE),
            1 => None,
            _ => Some(i * 10 - 500),
        })
        .collect();
    label_scaled(&mut samples, &scores, 500.0, 200.0);
    assert_eq!(samples[0].search, Some(-VCF_WIN_SCORE));
    assert_eq!(samples[1].search, None);
    for (i, s) in samples.iter().enumerate().skip(2) {
        // 500 / 200: two and a half of this engine's units for each.
        let raw = f64::from(i as i32 * 10 - 500);
        assert_eq!(s.search, Some((raw * 2.5).round() as i32));
    }
}

/// Checks that `x,y` is a point a random move may take on `before`:
/// empty, legal for the side to move, and near a stone.
fn check_random_move(before: &Board, x: usize, y: usize) {
    let p = before.pos(x as i64, y as i64).unwrap();
    assert!(before.is_empty(p));
    let me = before.side_to_move();
    assert!(Position::new(before).is_legal(p, me), "{x},{y}");
    assert!(
        before
            .points()
            .any(|q| before.stone(q).is_some() && q.distance(p) <= NEAR_RADIUS as usize),
        "{x},{y} is far from every stone"
    );
}

#[test]
fn perturbed_positions_are_quiet_legal_steps_off_the_games() {
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let mut vcf = tengen::threat::Vcf::new(1 << 16);
    for plies in [1, 2] {
        let moved = perturb(&samples, plies, 7);
        assert!(
            moved.len() > samples.len() / 3 && moved.len() <= samples.len(),
            "{} of {}",
            moved.len(),
            samples.len()
        );
        for m in &moved {
            let n = m.moves.len() - plies;
            let base = samples
                .iter()
                .find(|s| s.game == m.game && s.moves[..] == m.moves[..n])
                .unwrap_or_else(|| panic!("no sample under {}", m.to_line()));
            assert_eq!((m.winner, m.search), (base.winner, None));
            let mut b = base.board().unwrap();
            for &(x, y) in &m.moves[n..] {
                check_random_move(&b, x, y);
                b.play(b.pos(x as i64, y as i64).unwrap()).unwrap();
            }
            assert!(
                b.winner().is_none() && is_quiet(&b, &mut vcf),
                "{}",
                m.to_line()
            );
        }
        // Reproducible from the seed; another seed moves elsewhere.
        assert_eq!(perturb(&samples, plies, 7), moved);
        assert_ne!(perturb(&samples, plies, 8), moved);
    }
}

#[test]
fn perturbed_renju_black_never_plays_a_forbidden_point() {
    // Black's double three at 7,7 (7,5 and 7,6 on the column, 5,7 and 6,7
    // on the row; white far enough not to touch them): every empty point
    // within two of the stones but that one is a possible move.
    let sample = Sample::parse("0 renju 15x15 D 7,5 12,12 7,6 12,2 5,7 2,12 6,7 2,2").unwrap();
    let board = sample.board().unwrap();
    let forbidden = board.pos(7, 7).unwrap();
    assert!(!Position::new(&board).is_legal(forbidden, Color::Black));
    let many: Vec<Sample> = (0..200).map(|_| sample.clone()).collect();
    let moved = perturb(&many, 1, 3);
    assert!(moved.len() > 100, "{}", moved.len());
    for m in &moved {
        let (x, y) = m.moves[8];
        assert_ne!((x, y), (7, 7));
        check_random_move(&board, x, y);
    }
}

#[test]
fn the_engine_evaluates_with_the_learned_table() {
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let learned = ValueTable::learned(Rule::Freestyle);
    for s in samples.iter().step_by(7) {
        let b = s.board().unwrap();
        assert_eq!(evaluate(&b, &learned), static_eval(&b), "{}", s.to_line());
    }
}

/// White to move after seven stones of the fixture's first game
/// (`00001_a_vs_b.psq`), which white went on to win. The hand-set values
/// see white behind; the learned ones see white ahead, as the game did.
#[test]
fn the_learned_table_turns_the_verdict_on_a_position() {
    let mut board = Board::from_diagram(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . O . . . .
        . . . . . . . . O . . . . . .
        . . . . . . X X O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    )
    .unwrap();
    board.set_side_to_move(Color::White);
    let hand = evaluate(&board, &ValueTable::hand_set(Rule::Freestyle));
    let learned = evaluate(&board, &ValueTable::learned(Rule::Freestyle));
    assert!(hand < 0, "hand-set {hand}");
    assert!(learned > 0, "learned {learned}");
    assert_eq!(static_eval(&board), learned);
}

/// Black has a point (the fifth point of the third row) that makes two
/// open threes, one along the row and one down its column, a three-plus
/// point; white has no three to make. The threat terms read the side to
/// move: with black to move the table's `own-three-plus` counts, with white
/// to move its `opp-three-plus`, and a threat mask's correction adds to
/// its terms.
#[test]
fn the_threat_terms_follow_the_side_to_move() {
    let mut board = Board::from_diagram(
        Rule::Freestyle,
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . X X . . . . . .
        . . . . . . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . . . . . . .
        . . . . . . . O . .
        . . . . . . . . O .
        . . . . . . . . . .
        ",
    )
    .unwrap();
    assert_eq!(
        board.combo(tengen::Pos::new(4, 2), Color::Black),
        tengen::pattern::Combo::DoubleThree
    );
    assert!(board.three_plus_count(Color::Black) > 0);
    assert_eq!(board.four_count(Color::Black), 0);
    assert_eq!(board.three_plus_count(Color::White), 0);
    let base = ValueTable::hand_set(Rule::Freestyle);
    let names = tengen::pattern::values::INITIATIVE_NAMES;
    let term = |name: &str| names.iter().position(|n| *n == name).unwrap();
    let mut with = base.clone();
    with.set_initiative(Color::Black, term("own-three-plus"), 500);
    with.set_initiative(Color::White, term("opp-three-plus"), -300);
    board.set_side_to_move(Color::Black);
    assert_eq!(evaluate(&board, &with) - evaluate(&board, &base), 500);
    let mask = tengen::eval::threat_mask(&board);
    with.set_threat(Color::Black, mask, 40);
    assert_eq!(evaluate(&board, &with) - evaluate(&board, &base), 540);
    board.set_side_to_move(Color::White);
    assert_eq!(evaluate(&board, &with) - evaluate(&board, &base), -300);
}

#[test]
fn the_move_order_fit_lowers_its_loss_on_held_out_games() {
    use tengen::eval::ORDER;
    use tengen_tune::order::{best_temperature, fit_order, OrderData, OrderModel, OrderSettings};
    let mut data = OrderData::default();
    for (game, text) in fixture().iter().enumerate() {
        data.add_game(text, Rule::Freestyle, game as u64);
    }
    // Games of another rule add nothing.
    assert_eq!(data.clone().add_game(&fixture()[0], Rule::Renju, 99), 0);
    assert!(data.len() > 300, "{}", data.len());
    let (valid, train) = data.split(4);
    assert!(!valid.is_empty() && !train.is_empty());
    assert_eq!(valid.len() + train.len(), data.len());
    let engine = ORDER;
    let t = best_temperature(&train, &engine);
    let start = OrderModel::from_engine(&engine, t);
    // The best temperature beats one twice and half as large.
    let at = |t: f64| train.loss(&OrderModel::from_engine(&engine, t)).0;
    assert!(at(t) < at(2.0 * t) && at(t) < at(t / 2.0));
    let settings = OrderSettings {
        steps: 200,
        rate: 0.05,
        l2: 0.0,
    };
    let model = fit_order(&start, &train, &valid, settings, |_, _, _| {});
    let (before, after) = (valid.loss(&start).0, valid.loss(&model).0);
    assert!(after < before, "held-out loss {before} -> {after}");
    // The engine's integers for the fit keep the values' total weight.
    let fitted = model.to_engine(&engine).unwrap();
    assert_eq!(
        fitted.value_weight[0] + fitted.value_weight[1],
        engine.value_weight[0] + engine.value_weight[1]
    );
}

#[test]
fn the_net_lowers_the_held_out_loss_and_round_trips_through_its_file() {
    use tengen::net::Net;
    use tengen_tune::net::{train_net, NetData, NetSettings};
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let (train, valid) = split(&samples, 4);
    let train = NetData::new(&train).unwrap();
    let valid = NetData::new(&valid).unwrap();
    let settings = NetSettings {
        epochs: 40,
        batch: 64,
        rate: 3e-3,
        l2: 0.0,
        residual_l2: 1e-4,
        result: 1.0,
        scale: 559.3,
        seed: 3,
    };
    let mut epochs = 0;
    let (net, report) = train_net(&train, &valid, settings, |_, _, _| epochs += 1);
    assert_eq!(epochs, 40);
    assert!(report.best_epoch > 0, "{report:?}");
    assert!(
        report.valid_after < report.valid_before,
        "held-out loss {} -> {}",
        report.valid_before,
        report.valid_after
    );
    assert!(report.train_after < report.train_before, "{report:?}");
    // The file gives back the same net, and the net plays what was judged:
    // its held-out loss read back from the file is the one reported.
    let dir = std::env::temp_dir().join(format!("tengen-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fixture.bin");
    std::fs::write(&path, net.to_bytes()).unwrap();
    let back = Net::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(back.weights(), net.weights());
    let mut aimed = valid.clone();
    aimed.aim(559.3, 1.0);
    let reread = aimed.loss(&back.weights(), 559.3);
    assert!(
        (reread - report.valid_after).abs() < 1e-9,
        "{reread} vs {report:?}"
    );
}

/// The trainer computes what the engine plays: on the fixture's
/// positions, the engine's evaluation with a net less its evaluation
/// without one is the net's output as the trainer computes it.
#[test]
fn the_trainer_and_the_engine_agree_on_the_net() {
    use tengen::net::{Net, Weights};
    use tengen_tune::net::NetData;
    let net: &'static Net = Box::leak(Box::new(Net::new(&Weights::random(4, 8.0))));
    let (samples, _) = extract(&fixture(), Rule::Freestyle, 0);
    let data = NetData::new(&samples).unwrap();
    let outputs = data.outputs(&net.weights());
    let mut differ = 0;
    for (s, out) in samples.iter().zip(outputs) {
        let mut b = s.board().unwrap();
        b.set_net(None);
        let tables = static_eval(&b);
        b.set_net(Some(net));
        let with = static_eval(&b);
        assert!(
            (with - tables - (out.round() as i32).clamp(-3000, 3000)).abs() <= 1,
            "{}: engine {} trainer {out}",
            s.to_line(),
            with - tables
        );
        differ += usize::from(with != tables);
    }
    assert!(differ > samples.len() / 2, "{differ} of {}", samples.len());
}
