//! The lines under `goti balance`'s table: the sequential test's verdict,
//! and what the table cannot see (a points-only change under a policy
//! that ignores points; the same rules on the same seeds).

use super::args::BalanceCli;
use crate::selfplay::sequential::Bound;
use crate::selfplay::stats::{Sprt, SprtState, Verdict};
use crate::selfplay::Policy;
use serde_yaml::Value;
use std::collections::BTreeMap;

/// The sequential test `--alpha` and `--beta` ask for.
pub(super) fn sprt(args: &BalanceCli) -> Result<Sprt, String> {
    for (flag, v) in [("--alpha", args.alpha), ("--beta", args.beta)] {
        if !(v > 0.0 && v < 0.5) {
            return Err(format!(
                "{flag} {v}: an error rate is above 0 and below 0.5 (0.05 is usual)"
            ));
        }
    }
    let delta = args.bound.as_ref().map_or(0.0, |b| b.delta);
    Ok(Sprt {
        delta,
        alpha: args.alpha,
        beta: args.beta,
    })
}

/// A bound or a mean in the measure's unit.
fn amount(bound: &Bound, v: f64) -> String {
    if bound.measure.is_share() {
        format!("{:.2} pp", v * 100.0)
    } else {
        format!("{v:.2}")
    }
}

/// What the sequential test concluded, with the games it used and what a
/// fixed-sample test of the same error rates would have needed.
pub(super) fn verdict_line(t: &Sprt, bound: &Bound, s: &SprtState) -> String {
    let name = bound.measure.name();
    let what = match s.verdict {
        Verdict::Changed(sign) => format!(
            "{name} changed: a shift of {} {} accepted against none",
            amount(bound, bound.delta),
            if sign > 0 { "up" } else { "down" }
        ),
        Verdict::Unchanged => format!(
            "{name} unchanged: no shift accepted against one of {} either way",
            amount(bound, bound.delta)
        ),
        Verdict::Undecided => format!(
            "undecided whether {name} changed by {}: --max-games reached",
            amount(bound, bound.delta)
        ),
    };
    format!(
        "sequential test (Wald's SPRT, two-sided, alpha {}, beta {}): {what} after {} paired games; \
         mean difference {}, sd {}; log-likelihood ratios {:+.2} (up) and {:+.2} (down) against \
         the bounds {:+.2} and {:+.2}; a fixed-sample test of the same error rates would play {:.0} games a side.",
        t.alpha,
        t.beta,
        s.n,
        amount(bound, s.mean),
        amount(bound, s.sd),
        s.llr_up,
        s.llr_down,
        s.lower,
        s.upper,
        t.fixed_sample(s.sd).ceil()
    )
}

/// Every leaf of a ruleset tree by its dotted key (a list is one leaf).
fn leaves(v: &Value, at: String, out: &mut BTreeMap<String, Value>) {
    match v {
        Value::Mapping(m) => {
            for (k, x) in m {
                let key = match k {
                    Value::String(s) => s.clone(),
                    other => serde_yaml::to_string(other)
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                };
                let path = if at.is_empty() {
                    key
                } else {
                    format!("{at}.{key}")
                };
                leaves(x, path, out);
            }
        }
        other => {
            out.insert(at, other.clone());
        }
    }
}

/// The dotted keys whose values differ between two ruleset trees.
pub(super) fn changed_keys(base: &Value, head: &Value) -> Vec<String> {
    let (mut b, mut h) = (BTreeMap::new(), BTreeMap::new());
    leaves(base, String::new(), &mut b);
    leaves(head, String::new(), &mut h);
    let mut keys: Vec<String> = b
        .iter()
        .filter(|(k, v)| h.get(*k) != Some(v))
        .map(|(k, _)| k.clone())
        .collect();
    keys.extend(h.keys().filter(|k| !b.contains_key(*k)).cloned());
    keys.sort();
    keys.dedup();
    keys
}

/// What the table cannot see: the same rules on the same seeds, or a
/// change of points alone under a policy that does not read points.
pub(super) fn blind_spot(
    changed: &[String],
    points_only: &[&str],
    (scores, policy): (bool, Policy),
    other_seeds: bool,
) -> Option<String> {
    if changed.is_empty() {
        return (!other_seeds).then(|| {
            "the head's rules are the base's and both play the same seeds: every difference is 0 by \
             construction (--head-seed S plays the same rules on other games: an A/A check)."
                .to_string()
        });
    }
    let only_points = changed.iter().all(|k| {
        points_only
            .iter()
            .any(|p| k == p || k.starts_with(&format!("{p}.")))
    });
    if !only_points || policy == Policy::Points {
        return None;
    }
    let keys = changed.join(", ");
    Some(if scores {
        format!(
            "every changed key ({keys}) acts only on points, and the {} policy does not read points: \
             every move is the same seed for seed, so only points and what follows from them (who \
             leads, who wins) can move here; --policy points plays by points.",
            policy.name()
        )
    } else {
        format!(
            "every changed key ({keys}) acts only on what is paid once a game is over, which no \
             policy reads and no row here measures: nothing in this table can move."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_keys_name_leaves_and_lists_whole() {
        let b: Value = serde_yaml::from_str("a: {x: 1, y: [1, 2]}\nb: 3").unwrap();
        let h: Value = serde_yaml::from_str("a: {x: 1, y: [1, 3]}\nb: 3\nc: 1").unwrap();
        assert_eq!(changed_keys(&b, &h), vec!["a.y", "c"]);
        assert!(changed_keys(&b, &b).is_empty());
    }

    #[test]
    fn the_blind_spot_is_said_only_where_it_is() {
        let pts = &["journey.capture_value", "tokens"];
        let one = |k: &str| vec![k.to_string()];
        let random = (true, Policy::Random);
        assert!(blind_spot(&one("journey.capture_value"), pts, random, false).is_some());
        assert!(
            blind_spot(&one("tokens.sit"), pts, (false, Policy::Random), false)
                .is_some_and(|l| l.contains("nothing in this table"))
        );
        assert!(blind_spot(
            &one("journey.capture_value"),
            pts,
            (true, Policy::Points),
            false
        )
        .is_none());
        assert!(blind_spot(&one("exits.cap"), pts, random, false).is_none());
        let both = vec!["exits.cap".to_string(), "journey.capture_value".to_string()];
        assert!(blind_spot(&both, pts, random, false).is_none());
        // A key that only begins like a points key is not one.
        assert!(blind_spot(&one("tokensx"), pts, random, false).is_none());
        assert!(blind_spot(&[], pts, random, false).is_some());
        assert!(blind_spot(&[], pts, random, true).is_none());
    }
}
