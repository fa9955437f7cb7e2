//! `goti balance`: what a rule change does to play. Both rulesets play the
//! same seeds (common random numbers) on every core; `crate::balance`
//! measures and compares.

use super::args::{BalanceCli, BalanceFormat};
use super::error::CliError;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;
use serde_yaml::Value;

use super::context;
use crate::engine::Player;
use crate::runner::base;
use crate::runner::games::Played;
use crate::runner::play::ruleset;
use crate::runner::position::{PairVisitor, Rules};
use crate::selfplay::balance::{compare, play, GameStats};
use crate::selfplay::stats::Verdict;
use crate::selfplay::{Driver, Policy};

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
            "{} (rules data only: both sides play this build's engine; for an engine change use goti diff --base-trace)",
            base.shown_for(&base_rules)
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

/// Which seeds each side plays, in blocks: a fixed run is one block of
/// `--games`; `--until-decided` plays blocks until its test decides.
struct Plan {
    first: u64,
    head_first: u64,
    block: u64,
    max: u64,
    shard: Option<crate::runner::shard::Shard>,
}

/// The games a side plays per block under `--until-decided` (the test
/// looks after each block; looking less often only lowers its errors).
const BLOCK: u64 = 200;

/// Both sides' games, and what the visitor learnt of the game: its
/// ruleset keys that act only on points, and whether it scores points.
type Played2 = (
    Vec<GameStats>,
    Vec<GameStats>,
    &'static [&'static str],
    bool,
);

/// Plays both sides block by block until `stop` says so or the plan ends.
fn play_both(
    args: &BalanceCli,
    players: usize,
    (base, head): (&Rules, &Rules),
    plan: &Plan,
    stop: &dyn Fn(&[GameStats], &[GameStats]) -> bool,
) -> Result<Played2, String> {
    struct Both<'a> {
        args: &'a BalanceCli,
        players: &'a [Player],
        plan: &'a Plan,
        stop: &'a dyn Fn(&[GameStats], &[GameStats]) -> bool,
    }
    impl PairVisitor for Both<'_> {
        type Out = Result<Played2, String>;
        fn visit<G: Played>(self, base: &Arc<G::Rules>, head: &Arc<G::Rules>) -> Self::Out {
            use crate::engine::params::Params;
            let mode =
                super::args::mode_in(self.args.game, self.args.mode.as_deref()).map_err(|e| e.0)?;
            let policy = self.args.policy;
            let pos = G::driver(base.clone(), mode, policy)
                .new_game(self.players)
                .map_err(|e| e.message)?;
            let scores = pos.points(self.players[0]).is_some();
            // A points policy in a game that scores none would choose by nothing.
            if policy == Policy::Points && !scores {
                return Err(format!(
                    "{} scores no points: --policy points plays a game that does (royal); use random or greedy",
                    G::KIND.name()
                ));
            }
            let fresh = |rules: &Arc<G::Rules>| {
                let params = G::params(rules).clone();
                move || G::driver(G::new_rules(params.clone()), mode, policy)
            };
            let (fresh_base, fresh_head) = (fresh(base), fresh(head));
            let (players, max_turns, plan) = (self.players, self.args.max_turns, self.plan);
            let counted = crate::selfplay::decisions::DECISION_GAMES;
            let (mut b, mut h) = (Vec::new(), Vec::new());
            let mut at = 0;
            while at < plan.max {
                let n = plan.block.min(plan.max - at);
                // --shard K/N: this shard's seeds (the same games as one machine plays).
                let offsets: Vec<u64> = (at..at + n)
                    .filter(|i| {
                        plan.shard
                            .is_none_or(|k| k.takes(&(plan.first + i).to_string()))
                    })
                    .collect();
                let seeds = |first: u64| offsets.iter().map(|i| first + i).collect::<Vec<_>>();
                let base_seeds = (&seeds(plan.first)[..], plan.first.saturating_add(counted));
                b.extend(side(&fresh_base, players, base_seeds, max_turns)?);
                let head_seeds = (
                    &seeds(plan.head_first)[..],
                    plan.head_first.saturating_add(counted),
                );
                h.extend(side(&fresh_head, players, head_seeds, max_turns)?);
                at += n;
                if (self.stop)(&b, &h) {
                    break;
                }
            }
            Ok((b, h, <G::Params as Params>::POINTS_ONLY, scores))
        }
    }
    let players = &Player::ALL[..players.clamp(2, 4)];
    let both = Both {
        args,
        players,
        plan,
        stop,
    };
    base.visit_pair(head, both)
        .map_err(String::from)
        .and_then(|played| played)
}

pub fn balance(args: &BalanceCli) -> Result<i32, CliError> {
    use crate::selfplay::sequential;
    use crate::selfplay::stats::Sprt;
    let games = if args.until_decided {
        args.max_games
    } else {
        args.games
    };
    let flag = if args.until_decided {
        "--max-games"
    } else {
        "--games"
    };
    let cap = super::error::MAX_BALANCE_GAMES;
    super::error::checked_count(games, args.seed, flag, cap)?;
    let head_first = args.head_seed.unwrap_or(args.seed);
    super::error::checked_count(games, head_first, flag, cap)?;
    let test = match (&args.bound, args.until_decided) {
        (Some(bound), true) => Some((super::balance_notes::sprt(args)?, bound)),
        _ => None,
    };
    let ((base_tree, base_shown), (head_tree, head_shown)) = trees(args)?;
    let changed = super::balance_notes::changed_keys(&base_tree, &head_tree);
    let build = |t: Value, which: &str| {
        Rules::from_tree(args.game, t).map_err(|e| format!("the {which} ruleset: {e}"))
    };
    let (base, head) = (build(base_tree, "base")?, build(head_tree, "head")?);
    // Four players, or as many as both rules seat where they seat fewer.
    let seat = base.most_players().min(head.most_players()).min(4);
    let players = args.players.unwrap_or(seat).clamp(2, 4) as usize;
    let shard = super::sharding::shard_of(args.shard)?;
    let plan = Plan {
        first: args.seed,
        head_first,
        block: if test.is_some() { BLOCK } else { games },
        max: games,
        shard,
    };
    let stop = |b: &[GameStats], h: &[GameStats]| match &test {
        Some((t, bound)) => sequential::state(t, bound, b, h).verdict != Verdict::Undecided,
        None => true,
    };
    let started = std::time::Instant::now();
    let (b, h, points_only, scores) = play_both(args, players, (&base, &head), &plan, &stop)?;
    let secs = started.elapsed().as_secs_f64();
    let report = compare(&b, &h, players);
    let decided =
        test.map(|(t, bound): (Sprt, _)| (t, bound, sequential::state(&t, bound, &b, &h)));
    let mut notes: Vec<String> = decided
        .iter()
        .map(|(t, bound, s)| super::balance_notes::verdict_line(t, bound, s))
        .collect();
    notes.extend(super::balance_notes::blind_spot(
        &changed,
        points_only,
        (scores, args.policy),
        args.head_seed.is_some_and(|s| s != args.seed),
    ));
    let words = args.game.vocabulary();
    let mode = if !words.modes.is_empty() {
        let mode = super::args::mode_in(args.game, args.mode.as_deref())?;
        format!(" {}", words.mode_name(mode))
    } else {
        String::new()
    };
    let policy = args.policy.name();
    // A shard's title names the whole run's seeds, as one machine's would.
    let played = if shard.is_some() {
        games
    } else {
        b.len() as u64
    };
    let seeds_text = match args.head_seed {
        Some(hs) if hs != args.seed => format!(
            "seeds {}-{}, the head's {hs}-{}",
            args.seed,
            args.seed + played.max(1) - 1,
            hs + played.max(1) - 1
        ),
        _ => format!("seeds {}-{}", args.seed, args.seed + played.max(1) - 1),
    };
    let until = if decided.is_some() {
        "until decided: "
    } else {
        ""
    };
    let title = format!(
        "{}{mode}, {players} players, {until}{} games per side ({seeds_text}), {policy} policy",
        args.game, played,
    );
    match args.format {
        BalanceFormat::Json => {
            let mut v = serde_json::json!({"title": title, "base": base_shown, "head": head_shown, "seconds": secs, "report": report, "notes": notes});
            if let Some((_, bound, s)) = &decided {
                v["sequential"] = serde_json::json!({
                    "measure": bound.measure.name(), "delta": bound.delta,
                    "alpha": args.alpha, "beta": args.beta, "state": s,
                });
            }
            if let Some(s) = shard {
                let hdr: serde_json::Value = serde_json::from_str(&super::sharding::shard_header(
                    "balance",
                    s,
                    &format!("{base_shown} | {head_shown}"),
                ))
                .unwrap_or_default();
                v["goti_shard"] = hdr["goti_shard"].clone();
                v["game"] = args.game.name().into();
                v["players"] = players.into();
                let seeds: Vec<u64> = (args.seed..args.seed + games)
                    .filter(|x| s.takes(&x.to_string()))
                    .collect();
                v["seeds"] = serde_json::json!(seeds);
                v["stats"] = serde_json::json!({"base": b, "head": h});
            }
            outln!("{}", crate::shown::json(&v))
        }
        BalanceFormat::Text | BalanceFormat::Markdown => super::balance_table::print_table(
            &report,
            &format!("{title}, {secs:.1} s"),
            &base_shown,
            &head_shown,
            args.format == BalanceFormat::Markdown,
            &notes,
        ),
    }
    Ok(0)
}
