//! Tournament formats: who plays whom, round by round.
//!
//! A **bout** is a meeting of two engines. By default a bout is a number of
//! game pairs, each pair one opening played twice with colours swapped (the
//! engine testers' shape). With a bout length in games (`--bout-games N`)
//! a bout is N single games with colours alternating, ended as soon as one
//! side cannot be caught: one game is a single-game knock-out (单局淘汰),
//! three a best of three (三局两胜).
//!
//! - **Match**: two engines, one bout.
//! - **Gauntlet**: the first engine against each of the others.
//! - **Round robin** (循环赛): every engine against every other.
//! - **Single elimination** (单败淘汰): a bout's loser is out; optionally a
//!   match for third place between the semi-finals' losers.
//! - **Double elimination** (双败淘汰): an engine is out after losing two
//!   bouts. Engines without a lost bout form the winners' bracket, those
//!   with one the losers' bracket; each round pairs both brackets, and the
//!   final pits the winners' bracket champion against the losers' bracket
//!   champion, replayed once if the latter wins it (a bracket reset).
//! - **Groups**: round robins in groups (engines dealt out by seed, snake
//!   order), whose top two go on to a single-elimination knock-out, group
//!   winners against other groups' runners-up.
//! - **King of the hill** (擂台赛): the holder plays black against each
//!   challenger in turn, one game each; a holder's win scores 1, a
//!   challenger's win 1.5 and makes it the holder, a draw ½ each with the
//!   holder staying on.
//!
//! Brackets are seeded in the order the engines are given, or by lot
//! (抽签) with [`Options::lots`], and re-seeded every round: in each
//! bracket the best remaining seed meets the worst. A single-elimination
//! knock-out gives its byes in the first round only, to the best seeds, so
//! that every later round is full and there are two semi-finals (and a
//! third-place match, when asked for) from four entrants on; in double
//! elimination the best seed of an odd bracket has a bye. The first colour
//! of a bout is the better seed's, or drawn by lot (猜先); colours then
//! alternate.
//!
//! **Ties.** By default a tied bout of pairs is replayed with one more pair
//! up to the number of tie-breaks, and then goes to the better seed; tied
//! table places are ranked by wins and seed. With play-offs (加赛) a tied
//! bout, and tied places of a round robin, gauntlet, match or group, are
//! played off one game at a time (every pair of the tied engines once a
//! round), colours alternating, until decided; a tie that outlasts the
//! play-off limit is decided by lot, drawn from [`Options::lot_seed`] (a
//! fresh seed when none is given; [`Schedule::lot_seed`] tells which, and
//! [`Schedule::drawn_by_lot`] what the lot decided).

use std::fmt;
use tengen::board::SplitMix;

/// A tournament format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Head-to-head match of two engines.
    Match,
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
    /// Knock-out: one lost bout eliminates.
    SingleElimination,
    /// Knock-out: two lost bouts eliminate.
    DoubleElimination,
    /// Group round robins, then a knock-out of each group's top two.
    Groups,
    /// King of the hill (擂台赛).
    KingOfTheHill,
}

impl Format {
    /// Parses `match`, `gauntlet`, `round-robin` (`rr`), `single-elimination`
    /// (`se`, `knockout`), `double-elimination` (`de`), `groups` or
    /// `king-of-the-hill` (`koth`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Format> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "match" | "h2h" => Format::Match,
            "gauntlet" => Format::Gauntlet,
            "round-robin" | "roundrobin" | "rr" => Format::RoundRobin,
            "single-elimination" | "single" | "se" | "knockout" => Format::SingleElimination,
            "double-elimination" | "double" | "de" => Format::DoubleElimination,
            "groups" | "group-stage" => Format::Groups,
            "king-of-the-hill" | "koth" => Format::KingOfTheHill,
            _ => return None,
        })
    }

    /// The smallest number of engines the format needs.
    #[must_use]
    pub const fn min_engines(self) -> usize {
        match self {
            Format::Groups => 4,
            _ => 2,
        }
    }

    /// Whether the format decides by eliminating engines.
    #[must_use]
    pub const fn is_elimination(self) -> bool {
        matches!(
            self,
            Format::SingleElimination | Format::DoubleElimination | Format::Groups
        )
    }

    /// Whether every game is known before the first is played (no round
    /// depends on an earlier result).
    #[must_use]
    pub const fn is_fixed(self) -> bool {
        matches!(self, Format::Match | Format::Gauntlet | Format::RoundRobin)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Match => "match",
            Format::Gauntlet => "gauntlet",
            Format::RoundRobin => "round-robin",
            Format::SingleElimination => "single-elimination",
            Format::DoubleElimination => "double-elimination",
            Format::Groups => "groups",
            Format::KingOfTheHill => "king-of-the-hill",
        })
    }
}

/// How a tournament pairs, colours and separates engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Game pairs per bout (when bouts are pairs).
    pub pairs: usize,
    /// Bouts of this many single games, colours alternating, instead of
    /// pairs (elimination and group knock-outs).
    pub bout_games: Option<usize>,
    /// Extra pairs for a tied bout of pairs without play-offs.
    pub tiebreaks: usize,
    /// Play ties off (加赛) instead of tie-break pairs and seeds.
    pub playoffs: bool,
    /// Play-off games (per tied bout, or rounds per tied place) before the
    /// lot decides.
    pub playoff_limit: usize,
    /// Seeding and first colours drawn by lot (抽签, 猜先) from this seed.
    pub lots: Option<u64>,
    /// Seed of the lots that decide ties the play-offs could not; `None`
    /// draws a fresh seed.
    pub lot_seed: Option<u64>,
    /// Single elimination: a match for third place.
    pub third_place: bool,
    /// Groups: how many.
    pub groups: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            pairs: 1,
            bout_games: None,
            tiebreaks: 1,
            playoffs: false,
            playoff_limit: 10,
            lots: None,
            lot_seed: None,
            third_place: false,
            groups: 2,
        }
    }
}

/// Two engines to play some games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bout {
    /// First engine (the better seed).
    pub a: usize,
    /// Second engine.
    pub b: usize,
    /// The games, each as `[black, white]`.
    pub seats: Vec<[usize; 2]>,
    /// Whether the games come in pairs sharing one opening.
    pub paired: bool,
    /// A label for records: the round and bracket.
    pub label: String,
}

impl Bout {
    /// Game pairs, colours swapped within each; the first pair's black is
    /// `a` when `a_first`.
    fn pairs(a: usize, b: usize, pairs: usize, a_first: bool, label: String) -> Bout {
        let pair = if a_first {
            [[a, b], [b, a]]
        } else {
            [[b, a], [a, b]]
        };
        Bout {
            a,
            b,
            seats: (0..pairs).flat_map(|_| pair).collect(),
            paired: true,
            label,
        }
    }

    /// One single game with `black` to move first.
    fn single(a: usize, b: usize, black: usize, label: String) -> Bout {
        let white = if black == a { b } else { a };
        Bout {
            a,
            b,
            seats: vec![[black, white]],
            paired: false,
            label,
        }
    }
}

/// Table points each engine of a bout scored (win 2, draw 1, loss 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoutScore {
    /// Points of [`Bout::a`].
    pub a: u32,
    /// Points of [`Bout::b`].
    pub b: u32,
}

/// Where an open knock-out bout stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Its main games (pairs, or single games one a round).
    Main,
    /// Tie-break pairs, or single games in bouts of single games
    /// (without play-offs).
    TieBreak,
    /// Play-off games (加赛), one a round.
    PlayOff,
}

#[derive(Clone, Debug)]
struct Open {
    a: usize,
    b: usize,
    score: BoutScore,
    /// Single games played so far (for the colour of the next).
    singles: usize,
    a_first: bool,
    phase: Phase,
    extra: usize,
    third_place: bool,
    label: String,
}

/// Tied places of a table being played off.
#[derive(Clone, Debug)]
struct TablePlayoff {
    /// Groups of engines still tied, each in seed order.
    tied: Vec<Vec<usize>>,
    /// Play-off points within each tie, per engine.
    points: Vec<u32>,
    rounds: usize,
    /// Pairs that met in the play-offs: whether `a` had black first, and
    /// how many games they played.
    met: Vec<((usize, usize), bool, usize)>,
}

/// Produces the bouts round by round.
#[derive(Clone, Debug)]
pub struct Schedule {
    format: Format,
    engines: usize,
    options: Options,
    /// Lots for the seeding and first colours, with [`Options::lots`].
    rng: Option<SplitMix>,
    /// Lots for ties that outlast the play-offs.
    lot: SplitMix,
    /// The seed of `lot`.
    lot_seed: u64,
    /// What the lot decided: a label and the engines in the drawn order.
    by_lot: Vec<(String, Vec<usize>)>,
    /// Engines in seeding order.
    order: Vec<usize>,
    /// Each engine's seed rank (0 best).
    rank: Vec<usize>,
    round: usize,
    started: bool,
    losses: Vec<u8>,
    eliminated: Vec<usize>,
    open: Vec<Open>,
    /// The losers of the last knock-out round, for a third-place match.
    last_losers: Vec<usize>,
    third: Option<(usize, usize)>,
    /// Table points from the round robin (or groups) stage.
    table: Vec<u32>,
    /// Bouts of the last table round, to credit their scores.
    table_bouts: Vec<(usize, usize)>,
    playoff: Option<TablePlayoff>,
    /// The final order of a table format decided with play-offs.
    table_order: Option<Vec<usize>>,
    /// Group of each engine (groups format).
    group_of: Vec<usize>,
    /// King of the hill: holder, next challenger, points (in halves).
    hill: Option<(usize, usize)>,
    hill_points: Vec<u32>,
}

impl Schedule {
    /// A schedule for `engines` engines.
    ///
    /// # Errors
    /// Too few engines for the format, a match with more than two, or
    /// options that do not fit it.
    pub fn new(format: Format, engines: usize, options: Options) -> Result<Schedule, String> {
        if engines < format.min_engines() {
            return Err(format!(
                "{format} needs at least {} engines",
                format.min_engines()
            ));
        }
        if format == Format::Match && engines != 2 {
            return Err(format!("a match is between two engines, {engines} given"));
        }
        if options.pairs == 0 {
            return Err("bouts need at least one game pair".into());
        }
        if options.bout_games == Some(0) {
            return Err("a bout needs at least one game".into());
        }
        if options.bout_games.is_some() && !format.is_elimination() {
            return Err(format!(
                "--bout-games shapes knock-out bouts; {format} plays game pairs"
            ));
        }
        if options.third_place && format != Format::SingleElimination {
            return Err("a third-place match belongs to single elimination".into());
        }
        if options.third_place && engines < 4 {
            return Err(format!(
                "--third-place needs at least four engines (two semi-finals whose \
                 losers meet); {engines} given"
            ));
        }
        if format == Format::Groups && (options.groups < 2 || engines < 2 * options.groups) {
            return Err(format!(
                "{} groups need at least two engines each; {engines} given",
                options.groups
            ));
        }
        if options.playoffs && options.playoff_limit == 0 {
            return Err("play-offs need a limit of at least one game".into());
        }
        let mut rng = options
            .lots
            .map(|seed| SplitMix(seed ^ 0x9e37_79b9_7f4a_7c15));
        let mut order: Vec<usize> = (0..engines).collect();
        if let Some(r) = rng.as_mut() {
            for i in (1..engines).rev() {
                order.swap(i, r.below(i + 1));
            }
        }
        let mut rank = vec![0; engines];
        for (i, &e) in order.iter().enumerate() {
            rank[e] = i;
        }
        let lot_seed = options.lot_seed.unwrap_or_else(fresh_seed);
        Ok(Schedule {
            format,
            engines,
            options,
            rng,
            lot: SplitMix(lot_seed ^ 0x2545_f491_4f6c_dd1d),
            lot_seed,
            by_lot: Vec::new(),
            order,
            rank,
            round: 0,
            started: false,
            losses: vec![0; engines],
            eliminated: Vec::new(),
            open: Vec::new(),
            last_losers: Vec::new(),
            third: None,
            table: vec![0; engines],
            table_bouts: Vec::new(),
            playoff: None,
            table_order: None,
            group_of: vec![0; engines],
            hill: None,
            hill_points: vec![0; engines],
        })
    }

    /// The format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// The seed the lots for ties are drawn from: [`Options::lot_seed`], or
    /// the fresh one drawn without it. Giving it back as
    /// [`Options::lot_seed`] draws the same lots.
    #[must_use]
    pub fn lot_seed(&self) -> u64 {
        self.lot_seed
    }

    /// What the lot decided after the play-offs, in order: a label (the
    /// bout, or the table whose places were tied) and the engines in the
    /// order drawn, first ahead.
    #[must_use]
    pub fn drawn_by_lot(&self) -> &[(String, Vec<usize>)] {
        &self.by_lot
    }

    /// The engines in seeding order (drawn by lot with [`Options::lots`]).
    #[must_use]
    pub fn seeding(&self) -> &[usize] {
        &self.order
    }

    /// Whether `a` moves first in a bout against a worse seed: by lot, or
    /// the better seed.
    fn first_colour(&mut self) -> bool {
        self.rng.as_mut().map_or(true, |r| r.below(2) == 0)
    }

    /// A bout of game pairs between `a` and `b`, the first colour by lot
    /// or `a`'s.
    fn bout(&mut self, a: usize, b: usize, label: String) -> Bout {
        let a_first = self.first_colour();
        Bout::pairs(a, b, self.options.pairs, a_first, label)
    }

    /// The bouts of the next round, given the scores of the bouts of the
    /// previous round in the order they were returned. Empty when the
    /// tournament is over.
    pub fn next_round(&mut self, scores: &[BoutScore]) -> Vec<Bout> {
        if !self.started {
            self.started = true;
            return self.first_round();
        }
        match self.format {
            Format::KingOfTheHill => self.hill_round(scores),
            Format::Match | Format::Gauntlet | Format::RoundRobin => self.table_round(scores),
            Format::Groups if self.table_order.is_none() => {
                let next = self.table_round(scores);
                if !next.is_empty() {
                    return next;
                }
                self.start_knockout();
                self.elimination_round()
            }
            _ => self.knockout_round(scores),
        }
    }

    fn first_round(&mut self) -> Vec<Bout> {
        let order = self.order.clone();
        let mut pairs: Vec<(usize, usize, String)> = Vec::new();
        match self.format {
            Format::Match => pairs.push((0, 1, "match".into())),
            Format::Gauntlet => {
                for b in 1..self.engines {
                    pairs.push((0, b, "gauntlet".into()));
                }
            }
            Format::RoundRobin => {
                for a in 0..self.engines {
                    for b in a + 1..self.engines {
                        pairs.push((a, b, "round-robin".into()));
                    }
                }
            }
            Format::Groups => {
                // Snake order: seeds 1..G into groups A..G, then back.
                let g = self.options.groups;
                for (i, &e) in order.iter().enumerate() {
                    let lap = i / g;
                    self.group_of[e] = if lap % 2 == 0 { i % g } else { g - 1 - i % g };
                }
                for (i, &a) in order.iter().enumerate() {
                    for &b in &order[i + 1..] {
                        if self.group_of[a] == self.group_of[b] {
                            let name = char::from(b'A' + (self.group_of[a] % 26) as u8);
                            pairs.push((a, b, format!("group {name}")));
                        }
                    }
                }
            }
            Format::KingOfTheHill => {
                self.hill = Some((order[0], 0));
                return self.hill_round(&[]);
            }
            Format::SingleElimination | Format::DoubleElimination => {
                return self.elimination_round()
            }
        }
        self.table_bouts = pairs.iter().map(|&(a, b, _)| (a, b)).collect();
        pairs
            .into_iter()
            .map(|(a, b, label)| self.bout(a, b, label))
            .collect()
    }

    /// Credits table points and, with play-offs, plays off tied places.
    fn table_round(&mut self, scores: &[BoutScore]) -> Vec<Bout> {
        let credited: Vec<(usize, usize)> = std::mem::take(&mut self.table_bouts);
        match self.playoff.as_mut() {
            None => {
                for (&(a, b), s) in credited.iter().zip(scores) {
                    self.table[a] += s.a;
                    self.table[b] += s.b;
                }
            }
            Some(p) => {
                for (&(a, b), s) in credited.iter().zip(scores) {
                    p.points[a] += s.a;
                    p.points[b] += s.b;
                }
            }
        }
        if !self.options.playoffs {
            return Vec::new();
        }
        let groups = self.tied_groups();
        if groups.is_empty() {
            self.table_order = Some(self.table_ranking());
            return Vec::new();
        }
        let p = self.playoff.get_or_insert(TablePlayoff {
            tied: Vec::new(),
            points: vec![0; self.engines],
            rounds: 0,
            met: Vec::new(),
        });
        p.tied.clone_from(&groups);
        if p.rounds >= self.options.playoff_limit {
            // The lot decides what the play-offs could not.
            let order = self.table_ranking();
            for group in &groups {
                let drawn: Vec<usize> = order
                    .iter()
                    .copied()
                    .filter(|e| group.contains(e))
                    .collect();
                let label = if self.format == Format::Groups {
                    let name = char::from(b'A' + (self.group_of[group[0]] % 26) as u8);
                    format!("group {name}")
                } else {
                    self.format.to_string()
                };
                self.by_lot.push((label, drawn));
            }
            self.table_order = Some(order);
            return Vec::new();
        }
        p.rounds += 1;
        let round = p.rounds;
        let tied = p.tied.clone();
        let mut bouts = Vec::new();
        for group in tied {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    // Colours alternate over a pair's play-off games, the
                    // first by lot or to the better seed.
                    let black = self.playoff_black(a, b);
                    self.table_bouts.push((a, b));
                    bouts.push(Bout::single(a, b, black, format!("play-off {round}")));
                }
            }
        }
        bouts
    }

    /// Black in the next play-off game of `a` and `b`.
    fn playoff_black(&mut self, a: usize, b: usize) -> usize {
        let known = self
            .playoff
            .as_ref()
            .and_then(|p| p.met.iter().position(|m| m.0 == (a, b)));
        let index = match known {
            Some(i) => i,
            None => {
                let a_first = self.first_colour();
                let Some(p) = self.playoff.as_mut() else {
                    return a;
                };
                p.met.push(((a, b), a_first, 0));
                p.met.len() - 1
            }
        };
        let Some(p) = self.playoff.as_mut() else {
            return a;
        };
        let (_, a_first, played) = &mut p.met[index];
        let black = if (*played % 2 == 0) == *a_first { a } else { b };
        *played += 1;
        black
    }

    /// The engines ordered by table points, then play-off points, then
    /// seed (or lot once play-offs are spent).
    fn table_ranking(&mut self) -> Vec<usize> {
        let po = self.playoff.as_ref().map(|p| p.points.clone());
        let lot: Vec<u64> = (0..self.engines)
            .map(|_| if po.is_some() { self.lot.next_u64() } else { 0 })
            .collect();
        let mut order = self.order.clone();
        order.sort_by(|&x, &y| {
            let pts = |e: usize| po.as_ref().map_or(0, |p| p[e]);
            self.table[y]
                .cmp(&self.table[x])
                .then(pts(y).cmp(&pts(x)))
                .then(lot[x].cmp(&lot[y]))
                .then(self.rank[x].cmp(&self.rank[y]))
        });
        order
    }

    /// Sets of two or more engines level on table points and play-off
    /// points, within a group in the groups format.
    fn tied_groups(&self) -> Vec<Vec<usize>> {
        let po = self.playoff.as_ref().map(|p| p.points.clone());
        let key = |e: usize| {
            (
                self.group_of[e],
                self.table[e],
                po.as_ref().map_or(0, |p| p[e]),
            )
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &e in &self.order {
            match groups.iter_mut().find(|g| key(g[0]) == key(e)) {
                Some(g) => g.push(e),
                None => groups.push(vec![e]),
            }
        }
        groups.retain(|g| g.len() > 1);
        if self.format == Format::Groups {
            // Only ties that decide who goes through matter.
            groups.retain(|g| {
                let ahead = (0..self.engines)
                    .filter(|&o| self.group_of[o] == self.group_of[g[0]] && key(o) > key(g[0]))
                    .count();
                ahead < 2 && ahead + g.len() > 2
            });
        }
        groups
    }

    /// The groups' top two go on; the others are out, worst first.
    fn start_knockout(&mut self) {
        // The order the group stage ended with (a lot drawn there stands).
        let ranking = match self.table_order.clone() {
            Some(order) => order,
            None => self.table_ranking(),
        };
        let mut place_in_group = vec![0; self.engines];
        let mut seen = vec![0; self.options.groups];
        for &e in &ranking {
            place_in_group[e] = seen[self.group_of[e]];
            seen[self.group_of[e]] += 1;
        }
        self.table_order = Some(ranking.clone());
        for &e in ranking.iter().rev() {
            if place_in_group[e] >= 2 {
                self.losses[e] = 1;
                self.eliminated.push(e);
            }
        }
        // Group winners by group, then runners-up in the same group order:
        // pairing best against worst sets A1-B2 and B1-A2.
        let mut seeds: Vec<usize> = Vec::new();
        for place in 0..2 {
            for g in 0..self.options.groups {
                if let Some(&e) = ranking
                    .iter()
                    .find(|&&e| self.group_of[e] == g && place_in_group[e] == place)
                {
                    seeds.push(e);
                }
            }
        }
        for (i, &e) in seeds.iter().enumerate() {
            self.rank[e] = i;
        }
        self.order = seeds;
    }

    /// King of the hill: credits the last game (holder `a`, challenger
    /// `b`) and calls the next challenger.
    fn hill_round(&mut self, scores: &[BoutScore]) -> Vec<Bout> {
        let Some((mut holder, mut index)) = self.hill else {
            return Vec::new();
        };
        if let Some(s) = scores.first() {
            let challenger = self.order[index];
            // Points in halves: a holder's win 2, a challenger's win 3.
            match s.a.cmp(&s.b) {
                std::cmp::Ordering::Greater => self.hill_points[holder] += 2,
                std::cmp::Ordering::Less => {
                    self.hill_points[challenger] += 3;
                    holder = challenger;
                }
                std::cmp::Ordering::Equal => {
                    self.hill_points[holder] += 1;
                    self.hill_points[challenger] += 1;
                }
            }
        }
        index += 1;
        self.hill = Some((holder, index));
        let Some(&challenger) = self.order.get(index) else {
            return Vec::new();
        };
        vec![Bout::single(
            holder,
            challenger,
            holder,
            format!("hill {index}"),
        )]
    }

    /// King of the hill: each engine's points (a holder's win 1, a
    /// challenger's 1.5, a draw 0.5), in engine order.
    #[must_use]
    pub fn hill_points(&self) -> Option<Vec<f64>> {
        (self.format == Format::KingOfTheHill).then(|| {
            self.hill_points
                .iter()
                .map(|&h| f64::from(h) / 2.0)
                .collect()
        })
    }

    fn knockout_round(&mut self, scores: &[BoutScore]) -> Vec<Bout> {
        for (o, s) in self.open.iter_mut().zip(scores) {
            o.score.a += s.a;
            o.score.b += s.b;
        }
        let mut next = Vec::new();
        let mut still_open = Vec::new();
        let mut settled = Vec::new();
        for mut o in std::mem::take(&mut self.open) {
            match self.continue_bout(&mut o) {
                Some(bout) => {
                    next.push(bout);
                    still_open.push(o);
                }
                None => settled.push(o),
            }
        }
        for o in &settled {
            self.settle(o);
        }
        if !next.is_empty() {
            self.open = still_open;
            return next;
        }
        self.elimination_round()
    }

    /// The next games of an open bout, or `None` once it is decided.
    fn continue_bout(&mut self, o: &mut Open) -> Option<Bout> {
        let limit = self.options.bout_games;
        if o.phase == Phase::Main {
            if let Some(n) = limit {
                let left = n.saturating_sub(o.singles);
                let lead = o.score.a.abs_diff(o.score.b) as usize;
                if left > 0 && lead <= 2 * left {
                    return Some(self.single_of(o, o.label.clone()));
                }
            }
        }
        if o.score.a != o.score.b {
            return None;
        }
        if self.options.playoffs {
            if o.extra >= self.options.playoff_limit {
                return None;
            }
            o.phase = Phase::PlayOff;
            o.extra += 1;
            let label = format!("{} play-off {}", o.label, o.extra);
            return Some(self.single_of(o, label));
        }
        if limit.is_some() {
            // Bouts of single games break a tie with single games, up to
            // the tie-breaks; then the better seed goes through.
            if o.extra >= self.options.tiebreaks {
                return None;
            }
            o.phase = Phase::TieBreak;
            o.extra += 1;
            let label = format!("{} tie-break {}", o.label, o.extra);
            return Some(self.single_of(o, label));
        }
        if o.extra >= self.options.tiebreaks {
            return None;
        }
        o.phase = Phase::TieBreak;
        o.extra += 1;
        let a_first = self.first_colour();
        let label = format!("{} tie-break {}", o.label, o.extra);
        Some(Bout::pairs(o.a, o.b, 1, a_first, label))
    }

    /// The next single game of a bout, colours alternating.
    fn single_of(&mut self, o: &mut Open, label: String) -> Bout {
        let black = if (o.singles % 2 == 0) == o.a_first {
            o.a
        } else {
            o.b
        };
        o.singles += 1;
        Bout::single(o.a, o.b, black, label)
    }

    fn settle(&mut self, o: &Open) {
        let a_wins = match o.score.a.cmp(&o.score.b) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            // Spent play-offs go to the lot, spent tie-breaks to the seed.
            std::cmp::Ordering::Equal if self.options.playoffs => self.lot.below(2) == 0,
            std::cmp::Ordering::Equal => self.rank[o.a] < self.rank[o.b],
        };
        let (winner, loser) = if a_wins { (o.a, o.b) } else { (o.b, o.a) };
        if o.score.a == o.score.b && self.options.playoffs {
            self.by_lot.push((o.label.clone(), vec![winner, loser]));
        }
        if o.third_place {
            self.third = Some((winner, loser));
            return;
        }
        self.last_losers.push(loser);
        self.losses[loser] += 1;
        if usize::from(self.losses[loser]) >= self.max_losses() {
            self.eliminated.push(loser);
        }
    }

    fn max_losses(&self) -> usize {
        if self.format == Format::DoubleElimination {
            2
        } else {
            1
        }
    }

    /// The first round of a single-elimination knock-out: the best seeds
    /// have byes, as many as bring the field down to a power of two, and
    /// the others play best against worst.
    fn pair_first(bracket: &[usize]) -> Vec<(usize, usize)> {
        let byes = bracket.len().next_power_of_two() - bracket.len();
        Self::pair(&bracket[byes..])
    }

    /// Pairs a bracket best against worst; the best seed of an odd count
    /// has a bye.
    fn pair(bracket: &[usize]) -> Vec<(usize, usize)> {
        let mut v = bracket.to_vec();
        if v.len() % 2 == 1 {
            v.remove(0);
        }
        let half = v.len() / 2;
        (0..half).map(|i| (v[i], v[v.len() - 1 - i])).collect()
    }

    fn elimination_round(&mut self) -> Vec<Bout> {
        let losers_before = std::mem::take(&mut self.last_losers);
        let alive: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&e| usize::from(self.losses[e]) < self.max_losses())
            .collect();
        if alive.len() < 2 {
            return Vec::new();
        }
        self.round += 1;
        let winners: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&e| self.losses[e] == 0)
            .collect();
        let losers: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&e| self.losses[e] == 1)
            .collect();
        let mut pairs: Vec<(usize, usize, String, bool)> = Vec::new();
        if self.format == Format::DoubleElimination {
            if winners.len() == 1 && losers.len() == 1 {
                pairs.push((winners[0], losers[0], "grand final".into(), false));
            } else if winners.is_empty() && losers.len() == 2 {
                pairs.push((losers[0], losers[1], "grand final reset".into(), false));
            } else {
                for (a, b) in Self::pair(&winners) {
                    pairs.push((a, b, format!("round {} winners", self.round), false));
                }
                for (a, b) in Self::pair(&losers) {
                    pairs.push((a, b, format!("round {} losers", self.round), false));
                }
            }
        } else {
            let round = if self.round == 1 {
                Self::pair_first(&winners)
            } else {
                Self::pair(&winners)
            };
            let is_final = round.len() == 1 && winners.len() == 2;
            for (a, b) in round {
                let label = if is_final {
                    "final".to_string()
                } else {
                    format!("round {}", self.round)
                };
                pairs.push((a, b, label, false));
            }
            // The semi-finals' two losers meet for third place.
            if is_final && self.options.third_place && losers_before.len() == 2 {
                let mut l = losers_before;
                l.sort_by_key(|&e| self.rank[e]);
                pairs.push((l[0], l[1], "third place".into(), true));
            }
        }
        let mut bouts = Vec::new();
        for (a, b, label, third_place) in pairs {
            let a_first = self.first_colour();
            let mut open = Open {
                a,
                b,
                score: BoutScore::default(),
                singles: 0,
                a_first,
                phase: Phase::Main,
                extra: 0,
                third_place,
                label: label.clone(),
            };
            let bout = match self.options.bout_games {
                Some(_) => self.single_of(&mut open, label),
                None => Bout::pairs(a, b, self.options.pairs, a_first, label),
            };
            self.open.push(open);
            bouts.push(bout);
        }
        bouts
    }

    /// The final order, champion first, once the tournament is over: for
    /// elimination formats, and for the others when ties were played off
    /// or the format ranks by its own points (king of the hill).
    #[must_use]
    pub fn placement(&self) -> Option<Vec<usize>> {
        if !self.started || !self.open.is_empty() {
            return None;
        }
        if self.format == Format::KingOfTheHill {
            let mut order = self.order.clone();
            order.sort_by(|&x, &y| {
                self.hill_points[y]
                    .cmp(&self.hill_points[x])
                    .then(self.rank[x].cmp(&self.rank[y]))
            });
            return Some(order);
        }
        if !self.format.is_elimination() {
            return self.table_order.clone();
        }
        let alive: Vec<usize> = (0..self.engines)
            .filter(|&e| usize::from(self.losses[e]) < self.max_losses())
            .collect();
        if alive.len() != 1 {
            return None;
        }
        let mut order = alive;
        let mut out: Vec<usize> = self.eliminated.iter().rev().copied().collect();
        if let Some((third, fourth)) = self.third {
            out.retain(|&e| e != third && e != fourth);
            let at = 1.min(out.len());
            out.insert(at, fourth);
            out.insert(at, third);
        }
        order.extend(out);
        Some(order)
    }
}

/// A seed nobody chose: the process's random hash keys, the time and the
/// process id.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a schedule where the lower index always wins every game,
    /// except the first meeting of each pair listed in `upsets` (won by the
    /// higher index).
    fn play(s: &mut Schedule, upsets: &[(usize, usize)]) -> Vec<Vec<Bout>> {
        let mut upsets = upsets.to_vec();
        let mut rounds = Vec::new();
        let mut scores = Vec::new();
        loop {
            let bouts = s.next_round(&scores);
            if bouts.is_empty() {
                break;
            }
            scores = bouts
                .iter()
                .map(|b| {
                    let key = (b.a.min(b.b), b.a.max(b.b));
                    let upset = upsets.contains(&key);
                    upsets.retain(|&u| u != key);
                    let a_wins = (b.a < b.b) != upset;
                    let n = 2 * b.seats.len() as u32;
                    if a_wins {
                        BoutScore { a: n, b: 0 }
                    } else {
                        BoutScore { a: 0, b: n }
                    }
                })
                .collect();
            rounds.push(bouts);
            assert!(rounds.len() < 50, "schedule does not end");
        }
        rounds
    }

    fn run(format: Format, n: usize, upsets: &[(usize, usize)]) -> (Vec<Vec<Bout>>, Vec<usize>) {
        let options = Options {
            pairs: 1,
            tiebreaks: 1,
            ..Options::default()
        };
        let mut s = Schedule::new(format, n, options).unwrap();
        let rounds = play(&mut s, upsets);
        (rounds, s.placement().unwrap_or_default())
    }

    #[test]
    fn round_robin_and_gauntlet_pair_everyone_once() {
        let (r, _) = run(Format::RoundRobin, 5, &[]);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].len(), 10);
        let (g, _) = run(Format::Gauntlet, 4, &[]);
        assert_eq!(
            g[0].iter().map(|b| (b.a, b.b)).collect::<Vec<_>>(),
            [(0, 1), (0, 2), (0, 3)]
        );
        assert!(g[0].iter().all(|b| b.seats == [[b.a, b.b], [b.b, b.a]]));
        assert!(Schedule::new(Format::Match, 3, Options::default()).is_err());
    }

    #[test]
    fn single_elimination_with_byes() {
        let (r, place) = run(Format::SingleElimination, 5, &[]);
        // 5 engines: seeds 1-3 have byes and seeds 4 and 5 play, then two
        // semi-finals and the final.
        assert_eq!(r.iter().map(Vec::len).collect::<Vec<_>>(), [1, 2, 1]);
        assert_eq!((r[0][0].a, r[0][0].b), (3, 4));
        let (r, _) = run(Format::SingleElimination, 6, &[]);
        assert_eq!(r.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1]);
        assert_eq!(place[0], 0);
        assert_eq!(place.len(), 5);
        let (_, place) = run(Format::SingleElimination, 4, &[(0, 3)]);
        assert_eq!(place[0], 1, "seed 4 beat seed 1, seed 2 wins the final");
    }

    #[test]
    fn double_elimination_needs_two_losses() {
        // Seed 1 loses once early and must come back through the losers'
        // bracket to win the grand final twice.
        let (r, place) = run(Format::DoubleElimination, 4, &[(0, 3)]);
        let labels: Vec<String> = r.iter().flatten().map(|b| b.label.clone()).collect();
        assert!(labels.iter().any(|l| l == "grand final"), "{labels:?}");
        assert!(
            labels.iter().any(|l| l == "grand final reset"),
            "{labels:?}"
        );
        assert_eq!(place[0], 0);
        assert_eq!(place.len(), 4);
        // Nobody plays after two losses: count losses per engine.
        let (r, place) = run(Format::DoubleElimination, 6, &[]);
        assert_eq!(place[0], 0);
        let mut lost = [0; 6];
        for bout in r.iter().flatten() {
            assert!(lost[bout.a] < 2 && lost[bout.b] < 2);
            lost[bout.a.max(bout.b)] += 1;
        }
        assert_eq!(lost.iter().filter(|&&l| l == 2).count(), 5);
    }

    #[test]
    fn ties_are_replayed_then_go_to_the_better_seed() {
        let options = Options {
            pairs: 1,
            tiebreaks: 2,
            ..Options::default()
        };
        let mut s = Schedule::new(Format::SingleElimination, 2, options).unwrap();
        let first = s.next_round(&[]);
        assert_eq!(first.len(), 1);
        let tb1 = s.next_round(&[BoutScore { a: 2, b: 2 }]);
        assert_eq!(tb1.len(), 1);
        assert!(tb1[0].label.contains("tie-break 1"));
        let tb2 = s.next_round(&[BoutScore { a: 1, b: 1 }]);
        assert!(tb2[0].label.contains("tie-break 2"));
        assert!(s.next_round(&[BoutScore { a: 2, b: 2 }]).is_empty());
        assert_eq!(s.placement(), Some(vec![0, 1]));
        // A tie-break won by the lower seed decides for it.
        let mut s = Schedule::new(Format::SingleElimination, 2, options).unwrap();
        s.next_round(&[]);
        s.next_round(&[BoutScore { a: 2, b: 2 }]);
        assert!(s.next_round(&[BoutScore { a: 0, b: 4 }]).is_empty());
        assert_eq!(s.placement(), Some(vec![1, 0]));
    }

    const WIN: BoutScore = BoutScore { a: 2, b: 0 };
    const LOSS: BoutScore = BoutScore { a: 0, b: 2 };
    const DRAW: BoutScore = BoutScore { a: 1, b: 1 };

    #[test]
    fn best_of_three_stops_once_decided_and_alternates_colours() {
        let options = Options {
            bout_games: Some(3),
            ..Options::default()
        };
        // 2-0: the third game is not played.
        let mut s = Schedule::new(Format::SingleElimination, 2, options).unwrap();
        let g1 = s.next_round(&[]);
        assert_eq!(g1[0].seats, [[0, 1]], "the better seed has black first");
        let g2 = s.next_round(&[WIN]);
        assert_eq!(g2[0].seats, [[1, 0]], "colours alternate");
        assert!(s.next_round(&[WIN]).is_empty());
        assert_eq!(s.placement(), Some(vec![0, 1]));
        // 1-1: the third game decides.
        let mut s = Schedule::new(Format::SingleElimination, 2, options).unwrap();
        s.next_round(&[]);
        s.next_round(&[WIN]);
        let g3 = s.next_round(&[LOSS]);
        assert_eq!(g3[0].seats, [[0, 1]]);
        assert!(s.next_round(&[LOSS]).is_empty());
        assert_eq!(s.placement(), Some(vec![1, 0]));
        // A single-game knock-out is one game a bout.
        let single = Options {
            bout_games: Some(1),
            ..Options::default()
        };
        let (r, _) = {
            let mut s = Schedule::new(Format::SingleElimination, 4, single).unwrap();
            let r = play(&mut s, &[]);
            (r, s.placement())
        };
        assert!(r.iter().flatten().all(|b| b.seats.len() == 1));
        assert_eq!(r.iter().map(Vec::len).collect::<Vec<_>>(), [2, 1]);
    }

    #[test]
    fn play_offs_go_on_until_a_game_is_won() {
        let options = Options {
            bout_games: Some(1),
            playoffs: true,
            ..Options::default()
        };
        let mut s = Schedule::new(Format::SingleElimination, 2, options).unwrap();
        s.next_round(&[]);
        let p1 = s.next_round(&[DRAW]);
        assert_eq!(p1[0].label, "final play-off 1");
        assert_eq!(p1[0].seats, [[1, 0]]);
        let p2 = s.next_round(&[DRAW]);
        assert_eq!(p2[0].seats, [[0, 1]]);
        assert!(s.next_round(&[LOSS]).is_empty());
        assert_eq!(s.placement(), Some(vec![1, 0]));
        // Drawn play-offs up to the limit: the lot decides, the same way
        // for the same seed.
        let limited = Options {
            playoff_limit: 3,
            lot_seed: Some(5),
            ..options
        };
        let decide = || {
            let mut s = Schedule::new(Format::SingleElimination, 2, limited).unwrap();
            let mut n = s.next_round(&[]).len();
            loop {
                let next = s.next_round(&[DRAW]);
                if next.is_empty() {
                    break;
                }
                n += next.len();
            }
            assert_eq!(s.lot_seed(), 5);
            (n, s.placement().unwrap(), s.drawn_by_lot().to_vec())
        };
        let (games, place, by_lot) = decide();
        assert_eq!(games, 4, "one game and three play-offs");
        assert_eq!(decide().1, place);
        assert_eq!(by_lot, [("final".to_string(), place)], "the lot is noted");
    }

    #[test]
    fn tied_round_robin_places_are_played_off() {
        let options = Options {
            playoffs: true,
            ..Options::default()
        };
        let mut s = Schedule::new(Format::RoundRobin, 3, options).unwrap();
        let first = s.next_round(&[]);
        // A cycle: 0 beats 1, 1 beats 2, 2 beats 0 (each pair 4-0).
        let cycle: Vec<BoutScore> = first
            .iter()
            .map(|b| match (b.a, b.b) {
                (0, 1) | (1, 2) => BoutScore { a: 4, b: 0 },
                _ => BoutScore { a: 0, b: 4 },
            })
            .collect();
        let po = s.next_round(&cycle);
        assert_eq!(po.len(), 3, "every pair of the three tied engines once");
        assert!(po
            .iter()
            .all(|b| b.label == "play-off 1" && b.seats.len() == 1));
        // Engine 2 wins both play-off games; 0 and 1 draw and play again.
        let second: Vec<BoutScore> = po
            .iter()
            .map(|b| match (b.a, b.b) {
                (0, 1) => DRAW,
                (_, 2) => LOSS,
                _ => WIN,
            })
            .collect();
        let po2 = s.next_round(&second);
        assert_eq!(po2.len(), 1);
        assert_eq!((po2[0].a, po2[0].b), (0, 1));
        assert_ne!(po2[0].seats, po[0].seats, "colours alternate");
        assert!(s.next_round(&[LOSS]).is_empty());
        assert_eq!(s.placement(), Some(vec![2, 1, 0]));
        // Without play-offs nothing more is played.
        let mut s = Schedule::new(Format::RoundRobin, 3, Options::default()).unwrap();
        s.next_round(&[]);
        assert!(s.next_round(&cycle).is_empty());
        assert_eq!(s.placement(), None);
    }

    #[test]
    fn lots_draw_the_seeding_and_first_colours_reproducibly() {
        let lots = |seed| Options {
            lots: Some(seed),
            ..Options::default()
        };
        let seedings: Vec<Vec<usize>> = (0..20)
            .map(|seed| {
                Schedule::new(Format::SingleElimination, 6, lots(seed))
                    .unwrap()
                    .seeding()
                    .to_vec()
            })
            .collect();
        assert!(seedings.iter().any(|s| s != &[0, 1, 2, 3, 4, 5]));
        for s in &seedings {
            let mut sorted = s.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5]);
        }
        let again = Schedule::new(Format::SingleElimination, 6, lots(7)).unwrap();
        assert_eq!(again.seeding(), seedings[7]);
        // The first colour of round-robin pairs is drawn too.
        let mut s = Schedule::new(Format::RoundRobin, 6, lots(3)).unwrap();
        let bouts = s.next_round(&[]);
        let a_first = bouts.iter().filter(|b| b.seats[0][0] == b.a).count();
        assert!(a_first > 0 && a_first < bouts.len(), "{a_first}");
        assert!(bouts
            .iter()
            .all(|b| b.seats[1] == [b.seats[0][1], b.seats[0][0]]));
    }

    #[test]
    fn third_place_is_played_by_the_semi_final_losers() {
        let options = Options {
            third_place: true,
            ..Options::default()
        };
        let mut s = Schedule::new(Format::SingleElimination, 4, options).unwrap();
        let rounds = play(&mut s, &[(2, 3)]);
        let last: Vec<(usize, usize, String)> = rounds[1]
            .iter()
            .map(|b| (b.a, b.b, b.label.clone()))
            .collect();
        assert_eq!(
            last,
            [
                (0, 1, "final".to_string()),
                (2, 3, "third place".to_string())
            ]
        );
        // 3 beat 2 in the third-place match.
        assert_eq!(s.placement(), Some(vec![0, 1, 3, 2]));
        assert!(Schedule::new(Format::RoundRobin, 4, options).is_err());
    }

    #[test]
    fn groups_send_their_top_two_to_a_knock_out() {
        let options = Options {
            groups: 2,
            ..Options::default()
        };
        let mut s = Schedule::new(Format::Groups, 8, options).unwrap();
        let rounds = play(&mut s, &[]);
        // Snake seeding: A = 0 3 4 7, B = 1 2 5 6; six bouts a group.
        assert_eq!(rounds[0].len(), 12);
        assert!(rounds[0].iter().all(|b| b.label.starts_with("group")));
        let a: Vec<(usize, usize)> = rounds[0]
            .iter()
            .filter(|b| b.label == "group A")
            .map(|b| (b.a, b.b))
            .collect();
        assert_eq!(a, [(0, 3), (0, 4), (0, 7), (3, 4), (3, 7), (4, 7)]);
        // A1 = 0 meets B2 = 2, B1 = 1 meets A2 = 3.
        let semis: Vec<(usize, usize)> = rounds[1].iter().map(|b| (b.a, b.b)).collect();
        assert_eq!(semis, [(0, 2), (1, 3)]);
        assert_eq!(rounds.len(), 3);
        let place = s.placement().unwrap();
        assert_eq!(place[..2], [0, 1]);
        assert_eq!(place.len(), 8);
        assert!(Schedule::new(
            Format::Groups,
            5,
            Options {
                groups: 3,
                ..options
            }
        )
        .is_err());
    }

    #[test]
    fn king_of_the_hill_holder_plays_black_and_challengers_score_more() {
        let mut s = Schedule::new(Format::KingOfTheHill, 4, Options::default()).unwrap();
        let r1 = s.next_round(&[]);
        assert_eq!(r1[0].seats, [[0, 1]]);
        // The holder 0 wins, then loses to 2, who then draws with 3.
        let r2 = s.next_round(&[WIN]);
        assert_eq!(r2[0].seats, [[0, 2]]);
        let r3 = s.next_round(&[LOSS]);
        assert_eq!(r3[0].seats, [[2, 3]], "the new holder plays black");
        assert!(s.next_round(&[DRAW]).is_empty());
        assert_eq!(s.hill_points(), Some(vec![1.0, 0.0, 2.0, 0.5]));
        assert_eq!(s.placement(), Some(vec![2, 0, 3, 1]));
    }
}
