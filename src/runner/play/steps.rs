//! One method per kind of step: an action, an expected refusal, an
//! expectation, a snapshot.

use std::collections::BTreeSet;

use super::{expect::evaluate, Flow, Play, SnapshotReport};
use crate::dsl::ast::{Span, Spanned};
use crate::dsl::lower::Check;
use crate::engine::{Action, Player};
use crate::runner::diagnostic::{Diagnostic, Kind};
use crate::runner::render;
use crate::runner::snapshot::{self, SnapOutcome};

impl Play<'_> {
    /// An action the rules must allow.
    pub(super) fn act(&mut self, action: &Action, by: Option<Player>, span: Span) -> Flow {
        let mark = self.events.len();
        let (applied, broken) =
            self.pos
                .apply_checked(by, action, &mut self.events, self.reachable);
        if let Some(b) = broken {
            self.report.problems.push(
                Diagnostic::new(
                    Kind::Invariant,
                    self.source,
                    span,
                    format!("engine invariant broken by this action: {b}"),
                    "invariant broken",
                )
                .help("this is a bug in goti's engine; please report this scenario"),
            );
            return Flow::Stop;
        }
        match applied {
            Ok(next) => {
                self.pos = next;
                self.last_action = mark..self.events.len();
                let applied = &self.events[mark..];
                self.report
                    .rules_applied
                    .extend(applied.iter().map(|e| e.rule));
                if self.opts.explain {
                    self.transcript(span, "applied", mark..self.events.len());
                }
                if self.opts.record {
                    let applied = &self.events[mark..];
                    self.report.steps.push(super::StepRecord {
                        line: self.source.line_of(span.start),
                        text: self
                            .source
                            .text
                            .get(span.start..span.end)
                            .unwrap_or("")
                            .to_string(),
                        state: self.pos.render_state(),
                        events: super::StepEvents::Played(applied.to_vec(), self.pos.game()),
                        standings: super::standings_words(&self.pos),
                    });
                }
                Flow::Go
            }
            Err(rej) => {
                self.report.rules_applied.insert(rej.rule);
                self.report
                    .problems
                    .push(Diagnostic::from_rejection(self.source, span, &rej));
                if self.opts.explain {
                    let outcome = format!("REFUSED by {}: {}", rej.rule, rej.reason);
                    self.transcript(span, &outcome, 0..0);
                }
                Flow::Stop
            }
        }
    }

    /// `expect illegal[(RULE)] ACTION`: the rules must refuse it (by RULE),
    /// leaving the position as it was.
    pub(super) fn expect_illegal(
        &mut self,
        rule: Option<&Spanned<String>>,
        action: &Action,
        by: Option<Player>,
        span: Span,
    ) -> Flow {
        let game = self.report.game;
        if let Some(id) = rule.and_then(|r| game.rule(&r.value)) {
            self.report.rules_applied.insert(id);
        }
        let mut scratch = Vec::new();
        match self
            .pos
            .apply_checked(by, action, &mut scratch, self.reachable)
            .0
        {
            Ok(_) => {
                let applied: BTreeSet<&str> = scratch.iter().map(|e| e.rule.0).collect();
                let applied: Vec<&str> = applied.into_iter().collect();
                if self.opts.explain {
                    self.transcript(span, "ALLOWED", 0..0);
                    self.checked(
                        span,
                        Some(format!(
                            "expected illegal, but the rules allow it (it applied: {})",
                            applied.join(", ")
                        )),
                    );
                }
                self.report.problems.push(
                    Diagnostic::new(
                        Kind::Expectation,
                        self.source,
                        span,
                        "expected this action to be illegal, but the rules allow it",
                        "was allowed",
                    )
                    .help(format!("it applied: {}", applied.join(", "))),
                );
            }
            Err(rej) => {
                self.report.rules_applied.insert(rej.rule);
                let wrong = rule.filter(|r| !r.value.eq_ignore_ascii_case(rej.rule.0));
                if self.opts.explain {
                    let outcome = match wrong {
                        None => format!("refused as expected by {}: {}", rej.rule, rej.reason),
                        Some(_) => format!("refused by {}: {}", rej.rule, rej.reason),
                    };
                    self.transcript(span, &outcome, 0..0);
                    let failure = wrong.map(|r| format!("expected {} to refuse it", r.value));
                    self.checked(span, failure);
                }
                if let Some(r) = wrong {
                    self.report.problems.push(
                        Diagnostic::new(
                            Kind::Expectation,
                            self.source,
                            r.span,
                            format!(
                                "expected {} to refuse this action, found {} refused it: {}",
                                r.value, rej.rule, rej.reason
                            ),
                            format!("refused by {} instead", rej.rule),
                        )
                        .rule(rej.rule)
                        .help(format!(
                            "write `expect illegal({})` if that is the rule you mean",
                            rej.rule
                        )),
                    );
                }
            }
        }
        Flow::Go
    }

    /// `expect ...`: checked against the position now.
    pub(super) fn expect(&mut self, check: &Check, span: Span) -> Flow {
        let last = &self.events[self.last_action.clone()];
        let result = evaluate(check, &self.pos, last, &mut self.perft);
        if let Err(found) = &result {
            self.report.problems.push(Diagnostic::new(
                Kind::Expectation,
                self.source,
                span,
                found.clone(),
                "expectation failed",
            ));
        }
        self.checked(span, result.err());
        Flow::Go
    }

    /// `snapshot ["LABEL"]`: compared with the accepted snapshot.
    pub(super) fn snapshot(&mut self, label: Option<&str>, span: Span) -> Flow {
        self.snapshots += 1;
        if self.opts.skip_snapshots {
            return Flow::Go;
        }
        let name = &self.sc.name.value;
        let snap_path = snapshot::snapshot_path(self.path, name, label, self.snapshots);
        let body = format!(
            "{}events:\n{}",
            self.pos.render_state(),
            render::events(&self.events, self.pos.game().vocabulary())
        );
        let expression = match label {
            Some(l) => format!("{name} / {l}"),
            None => name.clone(),
        };
        let outcome = snapshot::check(
            &snap_path,
            &self.source.name,
            &expression,
            &body,
            self.opts.write_snapshots,
        );
        let shown = snap_path.display().to_string();
        let source = self.source;
        let problem = match &outcome {
            SnapOutcome::Matches => None,
            SnapOutcome::New { pending } => Some(
                Diagnostic::new(
                    Kind::Snapshot,
                    source,
                    span,
                    format!("new snapshot {shown} has not been reviewed"),
                    "no accepted snapshot",
                )
                .help(match pending {
                    Some(p) => format!(
                        "review {} and run `goti accept {}` to keep it",
                        p.display(),
                        p.display()
                    ),
                    None => "run `goti run` outside CI to write it, review it, then `goti accept`"
                        .into(),
                }),
            ),
            SnapOutcome::Changed { diff, pending } => {
                let mut d = Diagnostic::new(
                    Kind::Snapshot,
                    source,
                    span,
                    format!("snapshot {shown} changed"),
                    "differs from the accepted snapshot",
                )
                .help(match pending {
                    Some(p) => format!(
                        "if the change is right, `goti accept {}` promotes it",
                        p.display()
                    ),
                    None => "run outside CI to write the new snapshot for review".into(),
                });
                d.diff = Some(diff.clone());
                Some(d)
            }
            SnapOutcome::Damaged { reason } => Some(
                Diagnostic::new(
                    Kind::Snapshot,
                    source,
                    span,
                    format!("snapshot file {shown} is damaged: {reason}"),
                    "cannot compare",
                )
                .help("restore it from version control, or delete it and accept a new one"),
            ),
        };
        self.checked(span, problem.as_ref().map(|d| d.message.clone()));
        self.report.problems.extend(problem);
        self.report.snapshots.push(SnapshotReport {
            span,
            path: snap_path,
            outcome,
        });
        Flow::Go
    }
}
