//! `goti balance`: what a rule change does to play. Both rulesets play the
//! same seeds (common random numbers) on every core; `crate::balance`
//! measures and compares.

use super::args::BalanceCli;
use super::error::CliError;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;
use serde_yaml::Value;

use super::context;
use crate::engine::{Player, Word};
use crate::runner::base;
use crate::runner::games::Played;
use crate::runner::play::ruleset;
use crate::runner::position::{PairVisitor, Rules};
use crate::selfplay::balance::{compare, play, GameStats, Paired, Report};
use crate::selfplay::{Driver, Policy};

/// Output formats of `goti balance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BalanceFormat {
    Text,
    Json,
    Markdown,
}

/// A ruleset tree and how it was made (shown in the report).
type Shown = (Value, String);

/// The base and head rulesets as trees, built as the scenarios' rules are
/// (defaults, the project's file with its whole `extends:` chain), and how
/// each was made. The base is read as `goti diff` reads it.
fn trees(args: &BalanceCli) -> Result<(Shown, Shown), String> {
    let project = context::project()?;
    let game = args.game;
    let root = context::root(project.as_ref());
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let base = base::read(project.as_ref(), args.base.as_deref(), &here)?;
    let (base_tree, base_rules) =
        ruleset::project_tree(game, &base.layers, &root).map_err(|e| format!("the base: {e}"))?;
    // balance compares rules *data*: both sides play this build's engine.
    let base_shown = match &args.base {
        Some(_) => format!(
            "{}: {base_rules} (rules data only: both sides play this build's engine; for an engine change use goti diff --base-trace)",
            base.shown
        ),
        None => base_rules,
    };
    let head_args = context::RulesArgs {
        rulesets: args.head.iter().cloned().collect(),
        sets: args.sets.clone(),
    };
    let head_layers = context::layers(project.as_ref(), &head_args)?;
    if let Some((_, file)) = head_layers.command_line.iter().find(|(g, _)| *g != game) {
        return Err(format!(
            "--ruleset {file:?} is a ruleset file of another game; balance plays {game}"
        ));
    }
    let defaults = Rules::default_tree(game);
    if let Some((k, _)) = head_layers
        .sets
        .iter()
        .find(|(k, _)| !crate::rules::layers::has_field(&defaults, k))
    {
        return Err(format!(
            "--set {k}: {game}'s ruleset has no such field; `goti rules --game {game} --dump` lists them"
        ));
    }
    let head =
        ruleset::project_tree(game, &head_layers, &root).map_err(|e| format!("the head: {e}"))?;
    Ok(((base_tree, base_shown), head))
}

/// One side's games on every core. Each thread plays with its own driver
/// and copy of the rules (`fresh`): positions share their rules by
/// reference count, and one count updated by both threads on every copy of
/// a position (greedy copies eight a turn) would serialise them.
/// The seeds below `counted_until` also have their decisions counted
/// (the same game replayed with each decision's legal actions counted).
fn side<D: Driver>(
    fresh: &(dyn Fn() -> D + Sync),
    players: &[Player],
    (seeds, counted_until): (&[u64], u64),
    max_turns: u32,
) -> Result<Vec<GameStats>, String> {
    use crate::selfplay::decisions::decisions_of;
    let cfg = crate::selfplay::Config {
        players: players.len() as u8,
        max_turns,
    };
    seeds
        .par_iter()
        .map_init(fresh, |driver, &s| {
            let mut stats = play(driver, players, s, max_turns).map_err(String::from)?;
            if s < counted_until {
                let record = crate::selfplay::record_game(driver, s, &cfg)
                    .ok_or_else(|| format!("seed {s}: the game could not be recorded"))?;
                let (d, _) = decisions_of(driver, &record).ok_or_else(|| {
                    format!("seed {s}: the recorded game does not replay through its legal actions")
                })?;
                stats.decisions = Some((d.forced_share(), d.mean()));
            }
            Ok(stats)
        })
        .collect()
}

pub fn balance(args: &BalanceCli) -> Result<i32, CliError> {
    super::error::checked_count(
        args.games,
        args.seed,
        "--games",
        super::error::MAX_BALANCE_GAMES,
    )?;
    let ((base_tree, base_shown), (head_tree, head_shown)) = match trees(args) {
        Ok(t) => t,
        Err(e) => {
            return Err(e.into());
        }
    };
    let build = |t: Value, which: &str| {
        Rules::from_tree(args.game, t).map_err(|e| format!("the {which} ruleset: {e}"))
    };
    let (base, head) = match (build(base_tree, "base"), build(head_tree, "head")) {
        (Ok(b), Ok(h)) => (b, h),
        (Err(e), _) | (_, Err(e)) => {
            return Err(e.into());
        }
    };
    let players = &Player::ALL[..args.players.clamp(2, 4) as usize];
    let shard = match super::sharding::shard_of(args.shard) {
        Ok(s) => s,
        Err(e) => {
            return Err(e.into());
        }
    };
    // --shard K/N: this shard's seeds (the same games as one machine plays).
    let seeds: Vec<u64> = (args.seed..args.seed + args.games)
        .filter(|s| shard.is_none_or(|k| k.takes(&s.to_string())))
        .collect();
    let started = std::time::Instant::now();
    struct Both<'a> {
        args: &'a BalanceCli,
        players: &'a [Player],
        seeds: &'a [u64],
    }
    impl PairVisitor for Both<'_> {
        type Out = Result<(Vec<GameStats>, Vec<GameStats>), String>;
        fn visit<G: Played>(self, base: &Arc<G::Rules>, head: &Arc<G::Rules>) -> Self::Out {
            let (mode, policy) = (self.args.mode.mode(), self.args.policy);
            // A points policy in a game that scores none would choose by nothing.
            if policy == Policy::Points {
                let pos = G::driver(base.clone(), mode, policy).new_game(self.players)?;
                if pos.points(self.players[0]).is_none() {
                    return Err(format!(
                        "{} scores no points: --policy points plays a game that does (royal); use random or greedy",
                        G::KIND.name()
                    ));
                }
            }
            let fresh = |rules: &Arc<G::Rules>| {
                let params = G::params(rules).clone();
                move || G::driver(G::new_rules(params.clone()), mode, policy)
            };
            let (players, max_turns) = (self.players, self.args.max_turns);
            let counted = (
                self.seeds,
                self.args
                    .seed
                    .saturating_add(crate::selfplay::decisions::DECISION_GAMES),
            );
            Ok((
                side(&fresh(base), players, counted, max_turns)?,
                side(&fresh(head), players, counted, max_turns)?,
            ))
        }
    }
    let both = Both {
        args,
        players,
        seeds: &seeds,
    };
    let (b, h) = match base
        .visit_pair(&head, both)
        .map_err(String::from)
        .and_then(|played| played)
    {
        Ok(stats) => stats,
        Err(e) => {
            return Err(e.into());
        }
    };
    let secs = started.elapsed().as_secs_f64();
    let report = compare(&b, &h, players.len());
    let mode = if args.game.vocabulary().allows(Word::Mode) {
        format!(" {}", args.mode.mode().name())
    } else {
        String::new()
    };
    let policy = args.policy.name();
    let title = format!(
        "{}{mode}, {} players, {} games per side (seeds {}-{}), {policy} policy",
        args.game,
        players.len(),
        args.games,
        args.seed,
        args.seed + args.games - 1
    );
    match args.format {
        BalanceFormat::Json => {
            let mut v = serde_json::json!({"title": title, "base": base_shown, "head": head_shown, "seconds": secs, "report": report});
            if let Some(s) = shard {
                let hdr: serde_json::Value = serde_json::from_str(&super::sharding::shard_header(
                    "balance",
                    s,
                    &format!("{base_shown} | {head_shown}"),
                ))
                .unwrap_or_default();
                v["goti_shard"] = hdr["goti_shard"].clone();
                v["game"] = args.game.name().into();
                v["players"] = players.len().into();
                v["seeds"] = serde_json::json!(seeds);
                v["stats"] = serde_json::json!({"base": b, "head": h});
            }
            outln!("{}", crate::shown::json(&v))
        }
        BalanceFormat::Text | BalanceFormat::Markdown => print_table(
            &report,
            &format!("{title}, {secs:.1} s"),
            &base_shown,
            &head_shown,
            args.format == BalanceFormat::Markdown,
        ),
    }
    Ok(0)
}

pub(super) fn print_table(r: &Report, title: &str, base: &str, head: &str, markdown: bool) {
    let mut rows: Vec<(String, &Paired, bool)> = vec![
        ("game length (turns, mean)".into(), &r.length, false),
        ("games finished".into(), &r.finished, true),
    ];
    for (i, w) in r.wins.iter().enumerate() {
        rows.push((format!("P{} wins", i + 1), w, true));
    }
    for (m, p) in &r.measures {
        if p.base != 0.0 || p.head != 0.0 {
            rows.push((format!("{m} per game"), p, false));
        }
    }
    if let Some(d) = &r.decisions {
        let n = d.games;
        rows.push((
            format!("forced decisions (first {n} games)"),
            &d.forced,
            true,
        ));
        rows.push((format!("branching (first {n} games)"), &d.branching, false));
    }
    let fired: Vec<(String, &Paired, bool)> = r
        .rules
        .iter()
        .filter(|(_, p)| p.marked)
        .map(|(id, p)| (format!("`{id}` fires per game"), p, false))
        .collect();
    let num = |v: f64, share: bool| {
        if share {
            format!("{:.1}%", v * 100.0)
        } else {
            format!("{v:.2}")
        }
    };
    let diff = |p: &Paired, share: bool| {
        let k = if share { 100.0 } else { 1.0 };
        let unit = if share { " pp" } else { "" };
        format!(
            "{:+.2}{unit} [{:+.2}, {:+.2}]{}",
            p.diff * k,
            p.low * k,
            p.high * k,
            if p.marked { " *" } else { "" }
        )
    };
    if markdown {
        // Paths from goti.yaml and the command line come from a pull
        // request: escaped, never raw HTML or a new block in the comment.
        let (title, base, head) = (
            crate::shown::markdown(title),
            crate::shown::markdown(base),
            crate::shown::markdown(head),
        );
        outln!("### goti balance: {title}\n\n- base: {base}\n- head: {head}\n");
        outln!("| measure | base | head | head - base [95% CI] |\n|---|---|---|---|");
        for (name, p, share) in rows.iter().chain(&fired) {
            outln!(
                "| {} | {} | {} | {} |",
                crate::shown::markdown_cell(name),
                num(p.base, *share),
                num(p.head, *share),
                diff(p, *share)
            );
        }
        outln!(
            "| game length median / p95 | {} / {} | {} / {} | |",
            r.length_median.0,
            r.length_p95.0,
            r.length_median.1,
            r.length_p95.1
        );
        outln!("\n`*`: the 95% interval of the paired difference excludes 0 (same seeds on both sides).");
    } else {
        outln!(
            "goti balance: {}\nbase: {}\nhead: {}\n",
            crate::shown::line(title),
            crate::shown::line(base),
            crate::shown::line(head)
        );
        outln!(
            "{:<34} {:>10} {:>10}   head - base [95% CI]",
            "measure",
            "base",
            "head"
        );
        for (name, p, share) in rows.iter().chain(&fired) {
            outln!(
                "{name:<34} {:>10} {:>10}   {}",
                num(p.base, *share),
                num(p.head, *share),
                diff(p, *share)
            );
        }
        outln!(
            "{:<34} {:>10} {:>10}",
            "game length median / p95",
            format!("{} / {}", r.length_median.0, r.length_p95.0),
            format!("{} / {}", r.length_median.1, r.length_p95.1)
        );
        outln!(
            "\n*: the 95% interval of the paired difference excludes 0 (same seeds on both sides)."
        );
        let quiet = r.rules.iter().filter(|(_, p)| !p.marked).count();
        outln!("{quiet} other rule IDs fire as often under both (--format json lists every rule).");
    }
}
