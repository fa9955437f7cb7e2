//! `goti balance`: what a rule change does to play. Both rulesets play the
//! same seeds (common random numbers) on every core; `crate::balance`
//! measures and compares.

use std::path::{Path, PathBuf};
use std::process::Command;

use rayon::prelude::*;
use serde_yaml::Value;

use super::context;
use crate::balance::{compare, play, GameStats, Paired, Report};
use crate::engine::{GameKind, Mode, Player};
use crate::runner::position::Rules;
use crate::selfplay::{Driver, MaednDriver, Policy, PortalDriver, RoyalDriver};

/// Output formats of `goti balance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BalanceFormat {
    Text,
    Json,
    Markdown,
}

/// What to compare and how.
pub struct BalanceArgs {
    pub game: GameKind,
    pub base: Option<String>,
    pub head: Option<PathBuf>,
    pub sets: Vec<String>,
    pub games: u64,
    pub players: u8,
    pub mode: Mode,
    pub policy: Policy,
    pub seed: u64,
    pub max_turns: u32,
    pub format: BalanceFormat,
}

fn layer_of(text: &str, shown: &str) -> Result<Value, String> {
    crate::rules::layers::read_layer(text)
        .map(|l| l.tree)
        .map_err(|e| format!("{shown}: {e}"))
}

fn read(path: &Path) -> Result<String, String> {
    let bytes = crate::runner::files::read_limited(path, crate::runner::files::MAX_RULESET_BYTES)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))
}

/// A ruleset tree and how it was made (shown in the report).
type Shown = (Value, String);

/// The base and head rulesets as trees, and how each was made.
fn trees(args: &BalanceArgs) -> Result<(Shown, Shown), String> {
    let project = context::project()?;
    let game = args.game;
    let project_file = project.as_ref().and_then(|p| {
        p.rules
            .iter()
            .find(|(g, _)| *g == game)
            .map(|(_, f)| (p.root.clone(), f.clone()))
    });
    let (working, working_shown) = context::working_tree(game, project.as_ref())?;
    let base = match args.base.as_deref() {
        None => (working.clone(), working_shown.clone()),
        Some(b) if Path::new(b).is_file() => {
            let mut t = Rules::default_tree(game);
            crate::rules::layers::merge(&mut t, layer_of(&read(Path::new(b))?, b)?);
            (t, b.to_string())
        }
        Some(rev) => {
            let Some((root, f)) = &project_file else {
                return Err(format!(
                    "--base {rev}: not a file, and as a git revision it needs the project's {game} ruleset file (goti.yaml `rules:`)"
                ));
            };
            let rel = f.strip_prefix(root).unwrap_or(f);
            let out = Command::new("git")
                .arg("-C")
                .arg(root)
                .arg("show")
                .arg(format!("{rev}:{}", rel.display()))
                .output()
                .map_err(|e| format!("cannot run git: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "--base {rev}: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let shown = format!("{rev}:{}", rel.display());
            let mut t = Rules::default_tree(game);
            crate::rules::layers::merge(&mut t, layer_of(&text, &shown)?);
            (t, shown)
        }
    };
    let mut head = working;
    let mut head_shown = vec![working_shown];
    if let Some(h) = &args.head {
        crate::rules::layers::merge(&mut head, layer_of(&read(h)?, &h.display().to_string())?);
        head_shown.push(h.display().to_string());
    }
    for s in &args.sets {
        let Some((k, v)) = s.split_once('=') else {
            return Err(format!("--set {s}: write KEY=VALUE"));
        };
        let value: Value = serde_yaml::from_str(v.trim()).map_err(|e| format!("--set {s}: {e}"))?;
        crate::rules::set_path(&mut head, k.trim(), value)
            .map_err(|e| format!("--set {s}: {e}"))?;
        head_shown.push(format!("--set {}", s.trim()));
    }
    Ok((base, (head, head_shown.join(" + "))))
}

fn side<D: Driver>(
    driver: &D,
    players: &[Player],
    seeds: &[u64],
    max_turns: u32,
) -> Vec<GameStats> {
    seeds
        .par_iter()
        .map(|&s| play(driver, players, s, max_turns))
        .collect()
}

fn run_both<D: Driver>(
    base: &D,
    head: &D,
    players: &[Player],
    seeds: &[u64],
    max_turns: u32,
) -> (Vec<GameStats>, Vec<GameStats>) {
    (
        side(base, players, seeds, max_turns),
        side(head, players, seeds, max_turns),
    )
}

pub fn balance(args: &BalanceArgs) -> i32 {
    if args.games == 0 {
        errln!("error: --games 0 compares nothing");
        return 2;
    }
    let ((base_tree, base_shown), (head_tree, head_shown)) = match trees(args) {
        Ok(t) => t,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let build = |t: Value, which: &str| {
        Rules::from_tree(args.game, t).map_err(|e| format!("the {which} ruleset: {e}"))
    };
    let (base, head) = match (build(base_tree, "base"), build(head_tree, "head")) {
        (Ok(b), Ok(h)) => (b, h),
        (Err(e), _) | (_, Err(e)) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let players = &Player::ALL[..args.players.clamp(2, 4) as usize];
    let seeds: Vec<u64> = (args.seed..args.seed + args.games).collect();
    let started = std::time::Instant::now();
    let (b, h) = match (base, head) {
        (Rules::Royal(b), Rules::Royal(h)) => run_both(
            &RoyalDriver::new(b, args.mode).with_policy(args.policy),
            &RoyalDriver::new(h, args.mode).with_policy(args.policy),
            players,
            &seeds,
            args.max_turns,
        ),
        (Rules::Portal(b), Rules::Portal(h)) => run_both(
            &PortalDriver::new(b).with_policy(args.policy),
            &PortalDriver::new(h).with_policy(args.policy),
            players,
            &seeds,
            args.max_turns,
        ),
        (Rules::Maedn(b), Rules::Maedn(h)) => run_both(
            &MaednDriver::new(b).with_policy(args.policy),
            &MaednDriver::new(h).with_policy(args.policy),
            players,
            &seeds,
            args.max_turns,
        ),
        _ => unreachable!("both rulesets were built for {}", args.game),
    };
    let secs = started.elapsed().as_secs_f64();
    let report = compare(&b, &h, players.len());
    let mode = if args.game == GameKind::Royal {
        format!(" {}", args.mode.name())
    } else {
        String::new()
    };
    let policy = match args.policy {
        Policy::Random => "random",
        Policy::Greedy => "greedy",
    };
    let title = format!(
        "{}{mode}, {} players, {} games per side (seeds {}-{}), {policy} policy, {secs:.1} s",
        args.game,
        players.len(),
        args.games,
        args.seed,
        args.seed + args.games - 1
    );
    match args.format {
        BalanceFormat::Json => outln!(
            "{}",
            serde_json::json!({"title": title, "base": base_shown, "head": head_shown, "seconds": secs, "report": report})
        ),
        BalanceFormat::Text | BalanceFormat::Markdown => print_table(
            &report,
            &title,
            &base_shown,
            &head_shown,
            args.format == BalanceFormat::Markdown,
        ),
    }
    0
}

fn print_table(r: &Report, title: &str, base: &str, head: &str, markdown: bool) {
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
        outln!("### goti balance: {title}\n\n- base: {base}\n- head: {head}\n");
        outln!("| measure | base | head | head - base [95% CI] |\n|---|---|---|---|");
        for (name, p, share) in rows.iter().chain(&fired) {
            outln!(
                "| {name} | {} | {} | {} |",
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
        outln!("goti balance: {title}\nbase: {base}\nhead: {head}\n");
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
