//! One document as goti sees it: checked (what `goti check` reports) on
//! every change, played (what `goti run` reports, and the position after
//! every step) after a short idle or on save. Both through the runner's own
//! calls, so the editor and the command line never disagree.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::vocabulary::PhraseAt;
use crate::engine::GameKind;
use crate::runner::play::ruleset;
use crate::runner::render::keyed;
use crate::runner::{self, project, Diagnostic, FileReport, RunOptions, ScenarioReport};

/// The steps of a document whose positions are kept for hovers and hints
/// (later steps are played and checked, not kept).
pub const MAX_KEPT_STEPS: usize = 50_000;

/// The project context of a document: its `goti.yaml` (found upward) and
/// the ruleset layers it gives.
#[derive(Clone, Debug)]
pub struct Context {
    pub root: Option<PathBuf>,
    pub layers: Arc<ruleset::RuleLayers>,
    /// Why the project could not be read (shown on the first line).
    pub problem: Option<String>,
}

impl Context {
    /// The context of a scenario file at `path`.
    pub fn of(path: &Path) -> Context {
        let dir = path.parent().unwrap_or(Path::new("."));
        match project::find(dir) {
            None => Context {
                root: None,
                layers: Arc::default(),
                problem: None,
            },
            Some(root) => match project::load(&root) {
                Ok(p) => Context {
                    root: Some(p.root.clone()),
                    layers: Arc::new(ruleset::project_layers(Some(&p))),
                    problem: None,
                },
                Err(e) => Context {
                    root: Some(root),
                    layers: Arc::default(),
                    problem: Some(format!("goti.yaml: {e}")),
                },
            },
        }
    }

    fn options(&self, validate_only: bool) -> RunOptions {
        RunOptions {
            root: self.root.as_deref().map(Arc::from),
            layers: self.layers.clone(),
            write_snapshots: false,
            explain: !validate_only,
            skip_snapshots: validate_only,
            validate_only,
            limits: runner::play::TranscriptLimits {
                // States are kept, pictures never drawn.
                budget: Some(Arc::new(std::sync::atomic::AtomicUsize::new(0))),
                // A bounded transcript: an 8 MiB document stays under 256 MB.
                kept_steps: Some(Arc::new(std::sync::atomic::AtomicUsize::new(
                    MAX_KEPT_STEPS,
                ))),
                ..Default::default()
            },
            ..RunOptions::default()
        }
    }
}

/// What goti found in one version of a document.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub report: FileReport,
    /// Whether the scenarios were played (else only checked).
    pub played: bool,
}

/// Checks (`played == false`) or plays a document's text. A failure of
/// goti's own becomes the file's internal error, as in the CLI.
pub fn analyse(path: &Path, text: &str, context: &Context, play: bool) -> Analysis {
    // Ruleset files may have changed since the last analysis: the options
    // made here bring new rules caches.
    let opts = context.options(!play);
    let name = path.display().to_string();
    let report = runner::guarded(path, 1, || {
        vec![runner::run_bytes(&name, text.as_bytes(), path, &opts, None)]
    })
    .pop()
    .unwrap_or_else(|| unreachable!("one run gives one report"));
    Analysis {
        report,
        played: play,
    }
}

impl Analysis {
    /// Every diagnostic of the file, in order.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.report
            .file_problems
            .iter()
            .chain(self.report.scenarios.iter().flat_map(|s| s.problems.iter()))
    }

    /// The scenario that 1-based `line` belongs to.
    pub fn scenario_at(&self, line: usize) -> Option<&ScenarioReport> {
        self.report
            .scenarios
            .iter()
            .take_while(|s| s.line <= line)
            .last()
            .or_else(|| self.report.scenarios.first())
    }

    /// The game of the scenario at `line` (royal when there is none).
    pub fn game_at(&self, line: usize) -> GameKind {
        self.scenario_at(line)
            .map_or(GameKind::default(), |s| s.game)
    }

    /// The catalogue of the scenario at `line` under its rules' own names,
    /// where they rename any (a `race` description's `names`).
    pub fn catalogue_at(&self, line: usize) -> Option<&[crate::engine::RuleInfo]> {
        self.scenario_at(line)?.catalogue.as_deref()
    }

    /// The words a place of the scenario at `line` is written in after
    /// `in`: its rules' own (a `race` description's `words`), or its
    /// game's places written with `in` (`yard`, not royal's `on home`).
    pub fn place_words_at(&self, line: usize) -> Vec<String> {
        match self.scenario_at(line).and_then(|s| s.place_names.clone()) {
            Some((base, home)) => vec![base, home],
            None => self
                .game_at(line)
                .vocabulary()
                .place_phrases()
                .iter()
                .filter_map(|p| p.strip_prefix("in "))
                .map(str::to_string)
                .collect(),
        }
    }

    /// The rule the scenario at `line` cites as `id` under its rules' own
    /// names (a `race` description's `names`), with RACE.md's ID for it.
    pub fn named_rule_at(
        &self,
        line: usize,
        id: &str,
    ) -> Option<(crate::engine::RuleInfo, &'static str)> {
        let sc = self.scenario_at(line)?;
        let own = sc.catalogue.as_ref()?;
        let i = own.iter().position(|r| r.id.0 == id)?;
        let family = sc.game.catalogue().get(i)?;
        Some((own[i], family.id.0))
    }

    /// The states before and after the steps of 1-based `line`: `None`
    /// before when the line sets up the game; `None` altogether when no
    /// step of a played scenario stands on the line.
    pub fn states_at(&self, line: usize) -> Option<StepStates<'_>> {
        let sc = self.scenario_at(line)?;
        let t = &sc.transcript;
        let first = t.iter().position(|s| s.line == line)?;
        let last = t.iter().rposition(|s| s.line == line)?;
        Some(StepStates {
            before: first.checked_sub(1).map(|i| &*t[i].state),
            after: &t[last].state,
            outcome: t[last].outcome.as_str(),
            events: t[first..=last]
                .iter()
                .flat_map(|s| s.events.iter().map(String::as_str))
                .collect(),
        })
    }

    /// What the rules allow by `line` (the last step at or before it).
    pub fn legal_by(&self, line: usize) -> Option<&str> {
        let sc = self.scenario_at(line)?;
        sc.transcript
            .iter()
            .take_while(|s| s.line <= line)
            .last()
            .map(|s| s.legal.as_str())
            .filter(|l| !l.is_empty())
    }

    /// The legal actions by `line` in scenario syntax (empty when there
    /// are too many to offer or the scenario was not played).
    pub fn actions_by(&self, line: usize) -> &[String] {
        self.scenario_at(line)
            .and_then(|sc| sc.transcript.iter().take_while(|s| s.line <= line).last())
            .map_or(&[], |s| s.legal_actions.as_slice())
    }

    /// The state after the last step at or before 1-based `line`.
    pub fn state_by(&self, line: usize) -> Option<&str> {
        let sc = self.scenario_at(line)?;
        sc.transcript
            .iter()
            .take_while(|s| s.line <= line)
            .last()
            .map(|s| &*s.state)
    }
}

/// A line's steps: the state before, after, and what the rules applied.
#[derive(Clone, Debug)]
pub struct StepStates<'a> {
    pub before: Option<&'a str>,
    pub after: &'a str,
    pub outcome: &'a str,
    pub events: Vec<&'a str>,
}

/// The player to move in a state (`turn: P1; ...`).
pub fn turn_of(state: &str) -> Option<String> {
    keyed(state)
        .into_iter()
        .find(|(k, _)| k == "turn")
        .and_then(|(_, v)| {
            v.split([';', ' '])
                .find(|w| w.starts_with('P') && w[1..].chars().all(|c| c.is_ascii_digit()))
                .map(str::to_string)
        })
}

/// Where piece `piece` (`G2`, `king`) of `player` stands in a state, in the
/// state's words (`on 23 (steps 29)`, `in yard`).
pub fn place_of(state: &str, player: &str, piece: &str) -> Option<String> {
    let entries = keyed(state);
    let key = format!("{player} {piece}");
    if let Some((_, v)) = entries.iter().find(|(k, _)| *k == key) {
        return Some(v.clone());
    }
    let group = format!("{player} in ");
    entries
        .iter()
        .find(|(k, v)| k.starts_with(&group) && v.split(' ').any(|w| w == piece))
        .map(|(k, _)| k[player.len() + 1..].to_string())
}

/// Every piece on ring tile `tile` in a state: `P1 G2`.
pub fn pieces_on(state: &str, tile: u8) -> Vec<String> {
    let on = format!("on {tile}");
    keyed(state)
        .into_iter()
        .filter(|(k, v)| {
            k.contains(' ') && !k.contains(" in ") && (v == &on || v.starts_with(&format!("{on} ")))
        })
        .map(|(k, _)| k)
        .collect()
}

/// A piece word as the state writes it: `G2`, `king`.
pub fn piece_word(word: &str) -> Option<String> {
    let w = word.to_ascii_lowercase();
    if w == "k" || w == "king" {
        return Some("king".into());
    }
    let n = w.strip_prefix('g')?;
    (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then(|| format!("G{n}"))
}

/// A player word as the state writes it: `P2`.
pub fn player_word(word: &str) -> Option<String> {
    let n = word.strip_prefix(['p', 'P'])?;
    (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then(|| format!("P{n}"))
}

/// What one line's steps changed, in short: pieces that moved (`P1 G2 on
/// 23`), pieces sent to a group (`P2 G1 in yard`), players' numbers that
/// changed (`P1 battle 20 (+20)`).
pub fn what_happened(before: Option<&str>, after: &str) -> Vec<Change> {
    let old = before.map(keyed).unwrap_or_default();
    let new = keyed(after);
    let mut out = Vec::new();
    let was = |k: &str| {
        old.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    for (key, value) in &new {
        let Some((player, rest)) = key.split_once(' ') else {
            continue;
        };
        if player == "turn" || player_word(player).is_none() {
            continue;
        }
        if let Some(group) = rest.strip_prefix("in ") {
            let before: Vec<&str> = was(key).map_or(vec![], |v| v.split(' ').collect());
            for piece in value.split(' ').filter(|w| !w.is_empty()) {
                if !before.contains(&piece) {
                    out.push(Change::Piece {
                        player: player.to_string(),
                        piece: piece.to_string(),
                        place: format!("in {group}"),
                    });
                }
            }
        } else if was(key) != Some(value.as_str()) {
            let place = value.split(" (").next().unwrap_or(value).to_string();
            out.push(Change::Piece {
                player: player.to_string(),
                piece: rest.to_string(),
                place,
            });
        }
    }
    for (key, value) in &new {
        if player_word(key).as_deref() != Some(key.as_str()) {
            continue;
        }
        let before: Vec<(&str, &str)> = was(key).map_or(vec![], fields);
        for (name, v) in fields(value) {
            let prev = before.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
            if prev != Some(v) {
                let delta = match (prev.and_then(|p| p.parse::<i64>().ok()), v.parse::<i64>()) {
                    (Some(a), Ok(b)) => Some(b - a),
                    _ => None,
                };
                out.push(Change::Number {
                    player: key.clone(),
                    name: name.to_string(),
                    value: v.to_string(),
                    delta,
                });
            }
        }
    }
    out
}

/// `battle 0; credits 3` as (name, value) pairs.
fn fields(line: &str) -> Vec<(&str, &str)> {
    line.split("; ").filter_map(|f| f.split_once(' ')).collect()
}

/// One thing a step changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Piece {
        player: String,
        piece: String,
        place: String,
    },
    Number {
        player: String,
        name: String,
        value: String,
        delta: Option<i64>,
    },
}

impl Change {
    /// As an inlay hint shows it.
    pub fn short(&self) -> String {
        match self {
            Change::Piece {
                player,
                piece,
                place,
            } => format!("{player} {piece} {place}"),
            Change::Number {
                player,
                name,
                value,
                delta,
            } => match delta {
                Some(d) => format!("{player} {name} {value} ({d:+})"),
                None => format!("{player} {name} {value}"),
            },
        }
    }

    /// The expectation that states it, if `game`'s language has one (a
    /// number: an expectation `expect P1 WORD N` in the game's own words).
    pub fn expectation(&self, game: GameKind) -> Option<String> {
        match self {
            Change::Piece {
                player,
                piece,
                place,
            } => Some(format!("expect {player} {piece} {place}")),
            Change::Number {
                player,
                name,
                value,
                ..
            } => {
                let words = game.vocabulary();
                let word = words.named(name)?;
                let number: i64 = value.parse().ok()?;
                words
                    .phrases_of(word, PhraseAt::Check)
                    .any(|p| p.fits(true, 0, &[number]))
                    .then(|| format!("expect {player} {name} {value}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(name: &str, value: &str) -> Change {
        Change::Number {
            player: "P1".into(),
            name: name.into(),
            value: value.into(),
            delta: None,
        }
    }

    /// A changed number is offered as an expectation exactly where the
    /// game's own words check it: royal's battle and credits, portal's
    /// tokens; not another game's word, nor a store (not a number).
    #[test]
    fn a_number_is_expected_in_the_games_own_words() {
        let royal = GameKind::Royal;
        assert_eq!(
            number("battle", "-20").expectation(royal).as_deref(),
            Some("expect P1 battle -20")
        );
        assert_eq!(
            number("credits", "2").expectation(royal).as_deref(),
            Some("expect P1 credits 2")
        );
        assert_eq!(number("store", "3 5").expectation(royal), None);
        assert_eq!(number("tokens", "1").expectation(royal), None);
        assert_eq!(
            number("tokens", "1")
                .expectation(GameKind::Portal)
                .as_deref(),
            Some("expect P1 tokens 1")
        );
        assert_eq!(number("battle", "20").expectation(GameKind::Maedn), None);
    }
}
