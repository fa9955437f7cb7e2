//! Plays one scenario: ruleset, lowering, setup, then every step in order,
//! checking expectations and snapshots. Returns diagnostics; prints nothing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::dsl::ast::{Scenario, Span};
use crate::dsl::lower::{self, Check, Limits, Plan, Problem, Step};
use crate::engine::{Event, GameKind, PieceId, Place, Player, SetupPart};

use super::diagnostic::{Diagnostic, Kind, Source};
use super::position::{Position, Rules};
use super::render;
use super::snapshot::{self, SnapOutcome};

/// How to run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions {
    /// Write `.snap.new` files for new or changed snapshots (never in CI).
    pub write_snapshots: bool,
    /// Record a transcript of every step (for `goti explain`).
    pub explain: bool,
    /// Compare snapshots at all.
    pub skip_snapshots: bool,
    /// Stop after parsing, lowering and setup validation (`goti check`).
    pub validate_only: bool,
}

/// One step as `goti explain` shows it.
#[derive(Clone, Debug)]
pub struct TranscriptStep {
    pub line: usize,
    pub text: String,
    pub outcome: String,
    pub events: Vec<String>,
    pub picture: String,
}

/// What happened to one snapshot statement.
#[derive(Clone, Debug)]
pub struct SnapshotReport {
    pub path: std::path::PathBuf,
    pub outcome: SnapOutcome,
}

/// The result of one scenario.
#[derive(Clone, Debug)]
pub struct ScenarioReport {
    pub name: String,
    /// The ruleset it played (coverage counts rule IDs per ruleset).
    pub game: GameKind,
    pub line: usize,
    pub tags: Vec<String>,
    pub problems: Vec<Diagnostic>,
    /// Rule IDs the engine applied (events, rejections) or that an
    /// `expect illegal(RULE)` named.
    pub rules_applied: BTreeSet<String>,
    pub snapshots: Vec<SnapshotReport>,
    pub transcript: Vec<TranscriptStep>,
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Plays `sc` from `source` (the file at `path`).
pub fn play(sc: &Scenario, source: &Source, path: &Path, opts: &RunOptions) -> ScenarioReport {
    let mut report = ScenarioReport {
        name: sc.name.value.clone(),
        game: GameKind::Royal,
        line: source.line_col(sc.span.start).0,
        tags: Vec::new(),
        problems: Vec::new(),
        rules_applied: BTreeSet::new(),
        snapshots: Vec::new(),
        transcript: Vec::new(),
    };
    let mut problems: Vec<Problem> = Vec::new();
    let header = lower::header(sc, &mut problems);
    report.tags = header.tags.clone();
    report.game = header.kind;
    let Some(rules) = load_rules(&header, source, path, &mut report.problems) else {
        report.problems.extend(
            problems
                .iter()
                .map(|p| Diagnostic::from_problem(Kind::Setup, source, p)),
        );
        return report;
    };
    let limits = Limits {
        game: header.kind,
        ring: rules.ring(),
        home_path: rules.home_path(),
    };
    let plan = lower::lower(sc, &limits, &header, &mut problems);
    report.problems.extend(
        problems
            .iter()
            .map(|p| Diagnostic::from_problem(Kind::Setup, source, p)),
    );
    let lowering_failed = !report.problems.is_empty();
    let mut events: Vec<Event> = Vec::new();
    // The engine validates the setup even when lowering failed, so every problem shows at once.
    let setup_result = rules.set_up(&plan.setup, &mut events);
    let mut pos = match setup_result {
        Ok(p) if !lowering_failed => p,
        Ok(_) => return report,
        Err(errors) => {
            for e in errors {
                let span = setup_span(&plan, e.part, sc.span);
                report.problems.push(
                    Diagnostic::new(Kind::Setup, source, span, e.message, "impossible setup")
                        .rule(e.rule)
                        .opt_help(e.help),
                );
            }
            report.problems.sort_by_key(|d| d.span.start);
            return report;
        }
    };
    for e in &events {
        report.rules_applied.insert(e.rule.0.to_string());
    }
    if opts.validate_only {
        return report;
    }
    if opts.explain {
        report.transcript.push(TranscriptStep {
            line: report.line,
            text: format!("scenario \"{}\" (setup)", sc.name.value),
            outcome: "set up".into(),
            events: events.iter().map(|e| e.to_string()).collect(),
            picture: pos.picture(),
        });
    }
    // Reachability invariants hold unless the setup set progress counts by hand.
    let reachable = plan.setup.placements.iter().all(|p| p.steps.is_none());
    let mut last_action = 0..events.len();
    let mut snap_count = 0;
    for step in &plan.steps {
        match step {
            Step::Act {
                action,
                player,
                span,
            } => {
                let mark = events.len();
                let by = player.as_ref().map(|p| p.value);
                let (applied, broken) = pos.apply_checked(by, action, &mut events, reachable);
                if let Some(b) = broken {
                    report.problems.push(
                        Diagnostic::new(
                            Kind::Invariant,
                            source,
                            *span,
                            format!("engine invariant broken by this action: {b}"),
                            "invariant broken",
                        )
                        .help("this is a bug in goti's engine; please report this scenario"),
                    );
                    break;
                }
                match applied {
                    Ok(next) => {
                        pos = next;
                        last_action = mark..events.len();
                        for e in &events[mark..] {
                            report.rules_applied.insert(e.rule.0.to_string());
                        }
                        if opts.explain {
                            report.transcript.push(transcript(
                                source,
                                *span,
                                "applied",
                                &events[mark..],
                                &pos,
                            ));
                        }
                    }
                    Err(rej) => {
                        report.rules_applied.insert(rej.rule.0.to_string());
                        let help = rej.help.clone().unwrap_or_else(|| {
                            format!(
                                "if the rules should refuse it, write `expect illegal({}) ...`",
                                rej.rule
                            )
                        });
                        report.problems.push(
                            Diagnostic::new(
                                Kind::Illegal,
                                source,
                                *span,
                                format!("illegal action: {}", rej.reason),
                                format!("refused by {}", rej.rule),
                            )
                            .rule(rej.rule)
                            .help(help),
                        );
                        if opts.explain {
                            report.transcript.push(transcript(
                                source,
                                *span,
                                &format!("REFUSED by {}: {}", rej.rule, rej.reason),
                                &[],
                                &pos,
                            ));
                        }
                        break;
                    }
                }
            }
            Step::ExpectIllegal {
                rule,
                action,
                player,
                span,
            } => {
                if let Some(r) = rule {
                    report.rules_applied.insert(r.value.clone());
                }
                let mut scratch = Vec::new();
                match pos
                    .apply_checked(
                        player.as_ref().map(|p| p.value),
                        action,
                        &mut scratch,
                        reachable,
                    )
                    .0
                {
                    Ok(_) => {
                        let applied: Vec<&str> = scratch
                            .iter()
                            .map(|e| e.rule.0)
                            .collect::<BTreeSet<_>>()
                            .into_iter()
                            .collect();
                        report.problems.push(
                            Diagnostic::new(
                                Kind::Expectation,
                                source,
                                *span,
                                "expected this action to be illegal, but the rules allow it",
                                "was allowed",
                            )
                            .help(format!("it applied: {}", applied.join(", "))),
                        );
                    }
                    Err(rej) => {
                        report.rules_applied.insert(rej.rule.0.to_string());
                        if let Some(r) = rule {
                            if r.value != rej.rule.0 {
                                report.problems.push(
                                    Diagnostic::new(
                                        Kind::Expectation,
                                        source,
                                        r.span,
                                        format!("expected {} to refuse this action, found {} refused it: {}", r.value, rej.rule, rej.reason),
                                        format!("refused by {} instead", rej.rule),
                                    )
                                    .rule(rej.rule)
                                    .help(format!("write `expect illegal({})` if that is the rule you mean", rej.rule)),
                                );
                            }
                        }
                        if opts.explain {
                            report.transcript.push(transcript(
                                source,
                                *span,
                                &format!("refused as expected by {}: {}", rej.rule, rej.reason),
                                &[],
                                &pos,
                            ));
                        }
                    }
                }
            }
            Step::Expect { check, span } => {
                if let Err(found) = evaluate(check, &pos, &events[last_action.clone()]) {
                    report.problems.push(Diagnostic::new(
                        Kind::Expectation,
                        source,
                        *span,
                        found,
                        "expectation failed",
                    ));
                }
            }
            Step::Snapshot { label, span } => {
                snap_count += 1;
                if opts.skip_snapshots {
                    continue;
                }
                let snap_path =
                    snapshot::snapshot_path(path, &sc.name.value, label.as_deref(), snap_count);
                let body = format!("{}events:\n{}", pos.render_state(), render::events(&events));
                let expression = match label {
                    Some(l) => format!("{} / {l}", sc.name.value),
                    None => sc.name.value.clone(),
                };
                let outcome = snapshot::check(
                    &snap_path,
                    &source.name,
                    &expression,
                    &body,
                    opts.write_snapshots,
                );
                let shown = snap_path.display().to_string();
                match &outcome {
                    SnapOutcome::Matches => {}
                    SnapOutcome::New { pending } => report.problems.push(
                        Diagnostic::new(Kind::Snapshot, source, *span, format!("new snapshot {shown} has not been reviewed"), "no accepted snapshot").help(match pending {
                            Some(p) => format!("review {} and run `goti accept` to keep it", p.display()),
                            None => "run `goti run` outside CI to write it, review it, then `goti accept`".into(),
                        }),
                    ),
                    SnapOutcome::Changed { diff, pending } => {
                        let mut d = Diagnostic::new(Kind::Snapshot, source, *span, format!("snapshot {shown} changed"), "differs from the accepted snapshot").help(match pending {
                            Some(p) => format!("if the change is right, `goti accept` promotes {}", p.display()),
                            None => "run outside CI to write the new snapshot for review".into(),
                        });
                        d.diff = Some(diff.clone());
                        report.problems.push(d);
                    }
                    SnapOutcome::Damaged { reason } => report.problems.push(
                        Diagnostic::new(Kind::Snapshot, source, *span, format!("snapshot file {shown} is damaged: {reason}"), "cannot compare")
                            .help("restore it from version control, or delete it and accept a new one"),
                    ),
                }
                report.snapshots.push(SnapshotReport {
                    path: snap_path,
                    outcome,
                });
            }
        }
    }
    report
}

fn transcript(
    source: &Source,
    span: Span,
    outcome: &str,
    events: &[Event],
    pos: &Position,
) -> TranscriptStep {
    let text = source
        .text
        .get(span.start..span.end)
        .unwrap_or("")
        .to_string();
    TranscriptStep {
        line: source.line_col(span.start).0,
        text,
        outcome: outcome.to_string(),
        events: events.iter().map(|e| e.to_string()).collect(),
        picture: pos.picture(),
    }
}

fn setup_span(plan: &Plan, part: SetupPart, fallback: Span) -> Span {
    match part {
        SetupPart::Players => plan.spans.players,
        SetupPart::Placement(i) => plan.spans.placements.get(i).copied().unwrap_or(fallback),
        SetupPart::Store(p) => plan.spans.store[p.index()].unwrap_or(fallback),
        SetupPart::Credits(p) => plan.spans.credits[p.index()].unwrap_or(fallback),
        SetupPart::Turn => plan.spans.turn.unwrap_or(fallback),
        SetupPart::Doubles(p) => plan.spans.doubles[p.index()].unwrap_or(fallback),
        SetupPart::Falls(i) => plan.spans.falls.get(i).copied().unwrap_or(fallback),
    }
}

/// The ruleset a scenario plays: default, a `rules file`, and `set` overrides.
fn load_rules(
    header: &lower::Header,
    source: &Source,
    path: &Path,
    out: &mut Vec<Diagnostic>,
) -> Option<Rules> {
    let mut file_text: Option<(String, String)> = None;
    if let Some(file) = &header.rules_file {
        let full = path.parent().unwrap_or(Path::new(".")).join(&file.value);
        match std::fs::read_to_string(&full).map(|t| (full, t)) {
            Err(e) => {
                out.push(
                    Diagnostic::new(
                        Kind::Ruleset,
                        source,
                        file.span,
                        format!("cannot read ruleset file {}: {e}", file.value),
                        "file not read",
                    )
                    .help("the path is relative to the scenario file"),
                );
                return None;
            }
            Ok((full, text)) => {
                // Check the file alone first, so its errors point into the file.
                if let Err(e) = Rules::load(header.kind, Some(&text), &[]) {
                    let yaml = Source::new(full.display().to_string(), text.clone());
                    let at = e
                        .offset
                        .unwrap_or_else(|| field_offset(&text, &e.field))
                        .min(text.len());
                    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
                    out.push(
                        Diagnostic::new(
                            Kind::Ruleset,
                            &yaml,
                            Span::new(at, end),
                            format!("bad ruleset file: {e}"),
                            "here",
                        )
                        .help(format!(
                            "`goti rules {} --dump` prints a valid ruleset to start from",
                            header.kind.name()
                        )),
                    );
                    out.push(Diagnostic::new(
                        Kind::Ruleset,
                        source,
                        file.span,
                        "this scenario loads that ruleset file",
                        "loaded here",
                    ));
                    return None;
                }
                file_text = Some((full.display().to_string(), text));
            }
        }
    }
    let list: Vec<(&str, &str)> = header
        .overrides
        .iter()
        .map(|(k, v)| (k.value.as_str(), v.value.as_str()))
        .collect();
    match Rules::load(
        header.kind,
        file_text.as_ref().map(|(_, t)| t.as_str()),
        &list,
    ) {
        Ok(r) => Some(r),
        Err(e) => {
            // Point at the override whose key leads to the faulty field, else the last.
            let Some((k, v)) = header
                .overrides
                .iter()
                .rev()
                .find(|(k, _)| e.field.starts_with(&k.value) || k.value.starts_with(&e.field))
                .or(header.overrides.last())
            else {
                out.push(Diagnostic::new(
                    Kind::Ruleset,
                    source,
                    Span::default(),
                    format!("bad ruleset: {e}"),
                    "here",
                ));
                return None;
            };
            let span = if e.message.contains("no such field") {
                k.span
            } else {
                v.span
            };
            out.push(
                Diagnostic::new(
                    Kind::Ruleset,
                    source,
                    span,
                    format!("bad ruleset override: {e}"),
                    "this override",
                )
                .help(format!(
                    "`goti rules {} --dump` shows every field and its value",
                    header.kind.name()
                )),
            );
            None
        }
    }
}

/// Best-effort offset of a dotted field in YAML text (its last key).
fn field_offset(text: &str, field: &str) -> usize {
    let key = field
        .rsplit('.')
        .find(|k| k.parse::<usize>().is_err())
        .unwrap_or(field);
    if key.is_empty() {
        return 0;
    }
    text.find(&format!("{key}:")).unwrap_or(0)
}

fn place_words(p: Player, id: PieceId, place: Place) -> String {
    format!("{p} {id} {place}")
}

fn tile_words(pos: &Position, t: u8) -> String {
    let here = render::piece_list(&pos.pieces_at(Place::Ring(t)));
    if here.is_empty() {
        format!("tile {t} empty")
    } else {
        format!("tile {t}: {here}")
    }
}

fn store_words(p: Player, rolls: &[i64]) -> String {
    if rolls.is_empty() {
        format!("{p} store empty")
    } else {
        format!(
            "{p} store {}",
            rolls
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    }
}

/// `expected P1 battle 20, found P1 battle 0`.
fn number(p: Player, what: &str, want: i64, now: i64) -> Result<(), String> {
    if want == now {
        Ok(())
    } else {
        Err(format!(
            "expected {p} {what} {want}, found {p} {what} {now}"
        ))
    }
}

fn players_words(list: &[Player]) -> String {
    list.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks one expectation; on failure says what was expected and found.
fn evaluate(check: &Check, pos: &Position, last: &[Event]) -> Result<(), String> {
    let fail = |want: String, found: String| Err(format!("expected {want}, found {found}"));
    // Expectations of one game only (lowering keeps them to their game).
    let royal = || match pos {
        Position::Royal(r) => Ok(r),
        Position::Portal(_) => {
            Err("this expectation is royal's; the scenario plays portal".to_string())
        }
    };
    let portal = || match pos {
        Position::Portal(g) => Ok(g),
        Position::Royal(_) => {
            Err("this expectation is portal's; the scenario plays royal".to_string())
        }
    };
    match check {
        Check::Place(p, id, place) => {
            let now = pos.piece(*p, *id).place;
            if now == *place {
                Ok(())
            } else {
                fail(place_words(*p, *id, *place), place_words(*p, *id, now))
            }
        }
        Check::Midpoint(p, id, want) => {
            let now = pos.piece(*p, *id).midpoint;
            let w = |b: bool| format!("{p} {id} {} midpoint", if b { "past" } else { "before" });
            if now == *want {
                Ok(())
            } else {
                fail(w(*want), w(now))
            }
        }
        Check::Steps(p, id, n) => number(
            *p,
            &format!("{id} steps"),
            *n,
            pos.piece(*p, *id).steps as i64,
        ),
        Check::Battle(p, n) => number(*p, "battle", *n, royal()?.seat(*p).battle),
        Check::Progress(p, n) => number(*p, "progress", *n, royal()?.progress_points(*p)),
        Check::Score(p, n) => number(*p, "score", *n, royal()?.score(*p)),
        Check::Credits(p, n) => number(*p, "credits", *n, royal()?.seat(*p).credits as i64),
        Check::Tokens(p, n) => number(*p, "tokens", *n, portal()?.tokens(*p)),
        Check::Store(p, rolls) => {
            let mut want = rolls.clone();
            want.sort_unstable();
            let now: Vec<i64> = royal()?
                .seat(*p)
                .store
                .rolls()
                .into_iter()
                .map(i64::from)
                .collect();
            if now == want {
                Ok(())
            } else {
                fail(store_words(*p, &want), store_words(*p, &now))
            }
        }
        Check::TileEmpty(t) => {
            if pos.pieces_at(Place::Ring(*t)).is_empty() {
                Ok(())
            } else {
                fail(format!("tile {t} empty"), tile_words(pos, *t))
            }
        }
        Check::TileExact(t, list) => {
            if pos.pieces_at(Place::Ring(*t)) == *list {
                Ok(())
            } else {
                fail(
                    format!("tile {t}: {}", render::piece_list(list)),
                    tile_words(pos, *t),
                )
            }
        }
        Check::Applied(id) => {
            if last.iter().any(|e| e.rule.0 == id) {
                Ok(())
            } else {
                let applied: Vec<&str> = last
                    .iter()
                    .map(|e| e.rule.0)
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                Err(format!(
                    "expected the last action to apply {id}; it applied {}",
                    if applied.is_empty() {
                        "nothing".to_string()
                    } else {
                        applied.join(", ")
                    }
                ))
            }
        }
        Check::Turn(p) => {
            let now = pos.turn();
            if now == *p {
                Ok(())
            } else {
                fail(format!("turn {p}"), format!("turn {now}"))
            }
        }
        Check::Winner(p) => match pos.final_standings() {
            Some(st) if st.first() == Some(p) => Ok(()),
            Some(st) => fail(format!("winner {p}"), format!("winner {}", st[0])),
            None => fail(
                format!("winner {p}"),
                format!("the game still running, {} to move", pos.turn()),
            ),
        },
        Check::GameOver => {
            if pos.final_standings().is_some() {
                Ok(())
            } else {
                fail(
                    "game over".into(),
                    format!("the game still running, {} to move", pos.turn()),
                )
            }
        }
        Check::Standings(list) => match pos.final_standings() {
            Some(st) if st == list.as_slice() => Ok(()),
            Some(st) => fail(
                format!("standings {}", players_words(list)),
                format!("standings {}", players_words(st)),
            ),
            None => fail(
                format!("standings {}", players_words(list)),
                format!("the game still running, {} to move", pos.turn()),
            ),
        },
        Check::Burned(v) => {
            let g = portal()?;
            if g.roll().burned().contains(v) {
                Ok(())
            } else {
                let b = g
                    .roll()
                    .burned()
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                fail(
                    format!("burned {v}"),
                    if b.is_empty() {
                        "nothing burned".into()
                    } else {
                        format!("burned {b}")
                    },
                )
            }
        }
        Check::RollAgain => {
            let g = portal()?;
            if g.must_roll_again() {
                Ok(())
            } else if g.roll().due().is_some() {
                fail(
                    "roll again".into(),
                    format!("values still to play, {} to move", g.turn()),
                )
            } else {
                fail("roll again".into(), format!("turn {}", g.turn()))
            }
        }
    }
}
