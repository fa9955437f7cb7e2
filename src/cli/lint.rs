//! `goti lint`: does a ruleset make a game at all (see `crate::lint`).
//! Each ruleset the project plays (goti.yaml's `rules:`, else each game's
//! built-in one), or the one `--game`, `--ruleset` and `--set` make, is
//! linted at every table; every finding is a diagnostic at the ruleset key
//! or with the scenario that reaches it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::command_args::{LintCli, LintFormat};
use super::context;
use super::error::CliError;
use super::lint_report::{table_words, Linted};
use crate::dsl::ast::Span;
use crate::engine::{GameKind, Mode};
use crate::lint::{self, Finding, TableReport};
use crate::runner::diagnostic::{Diagnostic, Kind, Source};
use crate::runner::games::Played;
use crate::runner::play::ruleset;
use crate::runner::position::{Rules, RulesVisitor};
use crate::runner::snapshot::write_atomic;

/// `goti lint`: exit 0 when every ruleset is clean, 1 on a finding, 2 on
/// a usage error.
pub(super) fn lint(a: &LintCli) -> Result<i32, CliError> {
    super::error::checked_count(a.games, a.seed, "--games", super::error::MAX_BALANCE_GAMES)?;
    if let Some(dir) = &a.output {
        crate::runner::snapshot::check_output_dir(dir).map_err(|e| CliError(format!("-o {e}")))?;
    }
    let project = context::project().map_err(CliError)?;
    let root = context::root(project.as_ref());
    let layers = context::layers(project.as_ref(), &a.rules).map_err(CliError)?;
    let games = games_to_lint(a, project.as_ref(), &layers)?;
    // A --set no linted ruleset has checked nothing: an error.
    for (k, _) in &layers.sets {
        let held = games
            .iter()
            .any(|g| crate::rules::layers::has_field(&Rules::default_tree(*g), k));
        if !held {
            return Err(CliError(format!(
                "--set {k}: no linted ruleset has that key; `goti rules --game GAME --dump` lists the keys"
            )));
        }
    }
    let mut linted = Vec::new();
    for game in games {
        linted.push(lint_game(a, game, &layers, &root)?);
    }
    let findings: usize = linted.iter().map(|l| l.findings.len()).sum();
    if let Some(dir) = &a.output {
        write_scenarios(dir, &linted)?;
    }
    match a.format {
        LintFormat::Text => super::lint_report::print_text(&linted, a),
        LintFormat::Json => super::lint_report::print_json(&linted),
        LintFormat::Github => {
            for l in &linted {
                for (d, _) in &l.findings {
                    annotation!("{}", super::reporters::github(d));
                }
            }
        }
    }
    Ok(if findings == 0 { 0 } else { 1 })
}

/// The games whose rulesets are linted: `--game`, else the game of each
/// `--ruleset`, else those goti.yaml gives a ruleset, else every game.
fn games_to_lint(
    a: &LintCli,
    project: Option<&crate::runner::project::Project>,
    layers: &ruleset::RuleLayers,
) -> Result<Vec<GameKind>, CliError> {
    Ok(super::context::games_of(a.game, project, layers))
}

/// The tables of a game: `--players`, else every size its rules seat (2
/// up to the board's seats); a game with modes (royal's Journey and
/// Clash) in each.
fn tables(a: &LintCli, game: GameKind, rules: &Rules) -> Result<Vec<(u8, Mode)>, CliError> {
    let sizes: Vec<u8> = match a.players {
        Some(n) => vec![n],
        None => (2..=rules.most_players()).collect(),
    };
    let words = game.vocabulary();
    let modes: Vec<Mode> = match &a.mode {
        _ if words.modes.is_empty() => vec![Mode::FIRST],
        Some(name) => vec![super::args::mode_in(game, Some(name))?],
        None => words.all_modes().collect(),
    };
    Ok(modes
        .iter()
        .flat_map(|&m| sizes.iter().map(move |&n| (n, m)))
        .collect())
}

fn lint_game(
    a: &LintCli,
    game: GameKind,
    layers: &ruleset::RuleLayers,
    root: &Path,
) -> Result<Linted, CliError> {
    let started = std::time::Instant::now();
    let (tree, shown) =
        ruleset::project_tree(game, layers, root).map_err(|e| CliError(e.to_string()))?;
    let rules = Rules::from_tree(game, tree.clone()).map_err(|e| CliError(e.to_string()))?;
    let mut findings = Vec::new();
    for u in Rules::unplayable(game, tree.clone()) {
        let (source, span) = key_source(game, layers, root, &u.field);
        let d = Diagnostic::new(
            Kind::Lint,
            &source,
            span,
            format!("{}: {}", u.field, u.message),
            match u.flaw {
                crate::engine::params::Flaw::NoGame => "no game with this",
                crate::engine::params::Flaw::NeverUsed => "never used",
            },
        )
        .help(format!(
            "`goti rules --game {game} --dump` shows every key; {}'s rule {} says what it does",
            game.rulebook().0,
            u.rule
        ));
        findings.push((with_rule(d, game, u.rule), None));
    }
    let sets = changed_keys(game, &tree);
    let mut reports = Vec::new();
    for (players, mode) in tables(a, game, &rules)? {
        let cfg = lint::Config {
            players,
            mode,
            games: a.games,
            walks: a.walks,
            seed: a.seed,
            max_turns: a.max_turns,
        };
        let report = rules.visit(Table { cfg });
        for f in &report.findings {
            let name = scenario_name(game, &report, f);
            findings.push(finding_diagnostic(
                game,
                (&table_words(game, &report), name),
                f,
                &sets,
            ));
        }
        reports.push(report);
    }
    // The small board in the first mode linted (Journey unless `--mode`).
    let mode = tables(a, game, &rules)?
        .first()
        .map_or(Mode::default(), |t| t.1);
    let reduced = reduced_variant((game, mode), &tree, &mut findings)?;
    Ok(Linted {
        game,
        shown,
        tables: reports,
        findings,
        reduced,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The exhaustive check of the game's reduced variant of this ruleset:
/// the overrides it took and what it found (its findings added), or why
/// the game has none.
fn reduced_variant(
    (game, mode): (GameKind, Mode),
    tree: &serde_yaml::Value,
    findings: &mut Vec<(Diagnostic, Option<String>)>,
) -> Result<Result<(String, crate::lint::exhaustive::Explored), String>, CliError> {
    let linted = Rules::from_tree(game, tree.clone())
        .map_err(|e| CliError(format!("the {game} reduced variant: {e}")))?;
    let reduction = match linted.reduced(mode) {
        Ok(reduction) => reduction,
        Err(why) => return Ok(Err(why.to_string())),
    };
    let sets: Vec<(&str, &str)> = reduction
        .sets
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let mut small = tree.clone();
    crate::rules::layers::set_all(&mut small, &sets)
        .map_err(|e| CliError(format!("the {game} reduced variant: {e}")))?;
    let rules = Rules::from_tree(game, small.clone())
        .map_err(|e| CliError(format!("the {game} reduced variant: {e}")))?;
    let found = rules
        .visit(Small { mode })
        .map_err(|e| CliError(format!("the {game} reduced variant: {e}")))?;
    let variant = reduction.words();
    let lines = changed_keys(game, &small);
    for f in &found.findings {
        let table = format!("{game}'s reduced variant ({variant}) with 2 players");
        let name = format!(
            "lint-{game}-reduced-{}.goti",
            f.check.trim_start_matches("lint.")
        );
        findings.push(finding_diagnostic(game, (&table, name), f, &lines));
    }
    Ok(Ok((variant, found.explored)))
}

struct Small {
    mode: Mode,
}

impl RulesVisitor for Small {
    type Out = Result<lint::Reduced, crate::error::Error>;
    fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out {
        lint::lint_reduced::<G>(rules, self.mode)
    }
}

struct Table {
    cfg: lint::Config,
}

impl RulesVisitor for Table {
    type Out = TableReport;
    fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> TableReport {
        lint::lint_table::<G>(rules, &self.cfg)
    }
}

/// Where a ruleset key is set: the last file layer of the game that sets
/// it, else the built-in ruleset; the key's line underlined.
fn key_source(
    game: GameKind,
    layers: &ruleset::RuleLayers,
    root: &Path,
    field: &str,
) -> (Source, Span) {
    let files = layers
        .project
        .iter()
        .chain(layers.command_line.iter())
        .filter(|(g, _)| *g == game)
        .filter_map(|(_, src)| match src {
            ruleset::LayerSource::File(p) => Some(p.clone()),
            _ => None,
        })
        .rev();
    for path in files {
        let full = if path.is_absolute() {
            path.clone()
        } else {
            root.join(&path)
        };
        let Ok(bytes) =
            crate::runner::files::read_limited(&full, crate::runner::files::MAX_RULESET_BYTES)
        else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        if let Some((s, e)) = crate::rules::yaml::locate(&text, field) {
            // Named from the working folder (as annotations need), else as given.
            let cwd = std::env::current_dir().and_then(|d| d.canonicalize()).ok();
            let name = cwd
                .and_then(|c| {
                    full.canonicalize()
                        .ok()?
                        .strip_prefix(c)
                        .ok()
                        .map(Path::to_path_buf)
                })
                .unwrap_or(path);
            return (
                Source::new(crate::shown::path(&name).to_string(), text),
                Span::new(s, e),
            );
        }
    }
    if let Some((k, v)) = layers.sets.iter().rev().find(|(k, _)| k == field) {
        let text = format!("--set {k}={v}");
        return (
            Source::new("the command line", text.clone()),
            Span::new(6, text.len()),
        );
    }
    let text = Rules::default_yaml(game).to_string();
    let span = crate::rules::yaml::locate(&text, field).unwrap_or((0, 0));
    (
        Source::new(format!("built-in {game}.yaml"), text),
        Span::new(span.0, span.1),
    )
}

/// The leaves of a ruleset tree that differ from the built-in one, as
/// `set` lines for a finding's scenario.
fn changed_keys(game: GameKind, tree: &serde_yaml::Value) -> Vec<String> {
    let mut now = Vec::new();
    let mut was = Vec::new();
    crate::rules::leaves(tree, String::new(), &mut now);
    crate::rules::leaves(&Rules::default_tree(game), String::new(), &mut was);
    now.into_iter()
        .filter(|leaf| !was.contains(leaf) && leaf.0 != "name")
        .map(|(k, _)| {
            // A list (a deal table) in flow style, which a `set` line reads.
            let v = crate::rules::layers::field(tree, &k)
                .and_then(|v| serde_json::to_string(v).ok())
                .unwrap_or_default();
            format!("set {k} = {v}")
        })
        .collect()
}

/// A finding of play as a diagnostic over the scenario that reaches it
/// (its last line underlined), or over the table's line when there is none.
fn finding_diagnostic(
    game: GameKind,
    (table, name): (&str, String),
    f: &Finding,
    sets: &[String],
) -> (Diagnostic, Option<String>) {
    let scenario = f.scenario.as_ref().map(|s| with_sets(s, sets));
    let (source, span) = match &scenario {
        Some(text) => {
            let end = text.trim_end().len();
            let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
            (Source::new(name, text.clone()), Span::new(start, end))
        }
        None => {
            let text = format!("{table}\n");
            (
                Source::new("goti lint", text.clone()),
                Span::new(0, table.len()),
            )
        }
    };
    let mut d = Diagnostic::new(
        Kind::Lint,
        &source,
        span,
        format!("[{}] {table}: {}", f.check, f.message),
        "here",
    );
    if let Some(rule) = f.rule {
        d = with_rule(d, game, rule);
    }
    if scenario.is_some() {
        d = d.help(format!(
            "`goti lint -o DIR` writes this scenario as DIR/{}; `goti run` it to see the position",
            source.name
        ));
    }
    (d, scenario)
}

/// The diagnostic citing `rule` (which must be the game's: loud if not).
fn with_rule(mut d: Diagnostic, game: GameKind, rule: &str) -> Diagnostic {
    d.rule = Some(
        game.rule(rule)
            .unwrap_or_else(|| panic!("lint cites {rule}, which {game} has no rule of")),
    );
    d
}

/// The file a finding's scenario is written to (`-o DIR`) and named by:
/// `lint-royal-journey-2p-dead-end.goti`.
fn scenario_name(game: GameKind, r: &TableReport, f: &Finding) -> String {
    let mode = r.mode.map_or(String::new(), |m| format!("-{m}"));
    format!(
        "lint-{game}{mode}-{}p-{}.goti",
        r.players,
        f.check.trim_start_matches("lint.")
    )
}

/// `set` lines after the scenario's `rules` line (a variant's scenario
/// plays the variant wherever it is run).
fn with_sets(scenario: &str, sets: &[String]) -> String {
    if sets.is_empty() {
        return scenario.to_string();
    }
    let mut out = String::new();
    for line in scenario.lines() {
        out.push_str(line);
        out.push('\n');
        if line.starts_with("rules ") {
            for s in sets {
                out.push_str(s);
                out.push('\n');
            }
        }
    }
    out
}

fn write_scenarios(dir: &Path, linted: &[Linted]) -> Result<(), CliError> {
    crate::runner::snapshot::check_output_dir(dir).map_err(|e| CliError(format!("-o {e}")))?;
    for l in linted {
        for (d, scenario) in &l.findings {
            let Some(text) = scenario else { continue };
            let path: PathBuf = dir.join(&d.source.name);
            write_atomic(&path, text.as_bytes()).map_err(|e| {
                CliError(format!("cannot write {}: {e}", crate::shown::path(&path)))
            })?;
            errln!("written: {}", crate::shown::path(&path));
        }
    }
    Ok(())
}
