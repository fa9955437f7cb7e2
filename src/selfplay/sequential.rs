//! `goti balance --until-decided`: which measure a sequential test
//! watches, its bound, and the paired differences it is fed (issue 49).

use super::balance::{measures, GameStats};
use super::stats::{Sprt, SprtState};

/// A measure of one game the sequential test can watch.
#[derive(Clone, Debug, PartialEq)]
pub enum Measure {
    /// Turns, of finished games.
    Length,
    /// 1 for a game cut off at the turn cap.
    Unfinished,
    /// 1 when seat `i` (0 = P1) won.
    Wins(usize),
    /// One of the counted [`measures`].
    Counted(&'static str),
    LeadChanges,
    Decisiveness,
    Drama,
}

impl Measure {
    /// The names `--bound` takes, in the order `goti balance` lists them.
    pub fn names() -> Vec<String> {
        let mut v: Vec<String> = vec!["length".into(), "unfinished".into()];
        v.extend((1..=4).map(|i| format!("P{i}-wins")));
        v.extend(measures().iter().map(|m| m.replace(' ', "-")));
        v.extend(["lead-changes", "decisiveness", "drama"].map(String::from));
        v
    }

    fn parse(s: &str) -> Option<Measure> {
        let s = s.trim().to_ascii_lowercase();
        Some(match s.as_str() {
            "length" => Measure::Length,
            "unfinished" => Measure::Unfinished,
            "lead-changes" => Measure::LeadChanges,
            "decisiveness" => Measure::Decisiveness,
            "drama" => Measure::Drama,
            _ => {
                if let Some(seat) = s.strip_prefix('p').and_then(|r| r.strip_suffix("-wins")) {
                    let i: usize = seat.parse().ok()?;
                    return (1..=4).contains(&i).then_some(Measure::Wins(i - 1));
                }
                let m = measures().iter().find(|m| m.replace(' ', "-") == s)?;
                Measure::Counted(m)
            }
        })
    }

    /// A share (shown in percent, its bound in percentage points).
    pub fn is_share(&self) -> bool {
        matches!(
            self,
            Measure::Unfinished | Measure::Wins(_) | Measure::Decisiveness | Measure::Drama
        )
    }

    /// How the table names it.
    pub fn name(&self) -> String {
        match self {
            Measure::Length => "game length (turns, finished)".into(),
            Measure::Unfinished => "games unfinished (turn cap)".into(),
            Measure::Wins(i) => format!("P{} wins", i + 1),
            Measure::Counted(m) => format!("{m} per game"),
            Measure::LeadChanges => "lead changes per game".into(),
            Measure::Decisiveness => "decisiveness".into(),
            Measure::Drama => "drama".into(),
        }
    }

    /// Its value in game `g` (`None`: not defined there, as length in an
    /// unfinished game or the lead's measures without a winner).
    pub fn value(&self, g: &GameStats) -> Option<f64> {
        let flag = |b: bool| f64::from(u8::from(b));
        Some(match self {
            Measure::Length => {
                if !g.finished {
                    return None;
                }
                f64::from(g.turns)
            }
            Measure::Unfinished => flag(!g.finished),
            Measure::Wins(i) => flag(g.winner == Some(*i)),
            Measure::Counted(m) => g.measures.get(m).copied().unwrap_or(0.0),
            Measure::LeadChanges => f64::from(g.shape?.lead_changes),
            Measure::Decisiveness => g.shape?.decisiveness,
            Measure::Drama => flag(g.shape?.drama),
        })
    }
}

/// `--bound MEASURE:DELTA`: the smallest change that matters.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub measure: Measure,
    /// In the measure's own unit (a share's as a fraction).
    pub delta: f64,
}

impl std::str::FromStr for Bound {
    type Err = String;
    fn from_str(s: &str) -> Result<Bound, String> {
        let (m, d) = s.rsplit_once(':').ok_or_else(|| {
            format!("{s:?}: give MEASURE:DELTA, for example P1-wins:2pp or length:5")
        })?;
        let measure = Measure::parse(m).ok_or_else(|| {
            format!(
                "{m:?} is not a measure balance tests; one of {}",
                Measure::names().join(", ")
            )
        })?;
        let d = d.trim();
        let (number, pp) = match d.strip_suffix("pp") {
            Some(n) => (n.trim(), true),
            None => (d, false),
        };
        let value: f64 = number
            .parse()
            .map_err(|_| format!("{d:?} is not a number (DELTA, for example 2pp or 0.5)"))?;
        if !value.is_finite() || value <= 0.0 {
            return Err(format!("the bound {d:?} must be a number above 0"));
        }
        if pp && !measure.is_share() {
            return Err(format!(
                "{}: pp (percentage points) is for a share; give DELTA in the measure's own unit",
                measure.name()
            ));
        }
        let delta = if pp { value / 100.0 } else { value };
        if measure.is_share() && delta >= 1.0 {
            return Err(format!(
                "{} is a share: a bound of {d} is the whole range; write percentage points, as {value}pp",
                measure.name()
            ));
        }
        Ok(Bound { measure, delta })
    }
}

/// The paired differences (head - base) of `m` over the seeds where both
/// sides define it.
pub fn differences(base: &[GameStats], head: &[GameStats], m: &Measure) -> Vec<f64> {
    base.iter()
        .zip(head)
        .filter_map(|(b, h)| Some(m.value(h)? - m.value(b)?))
        .collect()
}

/// Where the sequential test stands after both sides' games so far.
pub fn state(test: &Sprt, bound: &Bound, base: &[GameStats], head: &[GameStats]) -> SprtState {
    test.state(&differences(base, head, &bound.measure))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_read_their_measure_and_unit() {
        let b: Bound = "P1-wins:2pp".parse().unwrap();
        assert_eq!((b.measure, b.delta), (Measure::Wins(0), 0.02));
        let b: Bound = "length:5".parse().unwrap();
        assert_eq!((b.measure, b.delta), (Measure::Length, 5.0));
        let b: Bound = "blockade-penalties:0.5".parse().unwrap();
        assert_eq!(b.measure, Measure::Counted("blockade penalties"));
        for bad in [
            "P5-wins:2pp",
            "length:5pp",
            "P1-wins:2",
            "captures",
            "length:-1",
            "turns:3",
        ] {
            assert!(bad.parse::<Bound>().is_err(), "{bad}");
        }
        // Every listed name reads back.
        for n in Measure::names() {
            assert!(format!("{n}:0.5").parse::<Bound>().is_ok(), "{n}");
        }
    }
}
