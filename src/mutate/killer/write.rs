//! The killing scenario written: its header, its set-up or replay, its
//! expectations in the language's words, and the smaller numbers tried.

use super::*;

/// The scenario text of a parting, headed by what it kills: from the
/// set-up of the position before the parting turn (`tail`) or replaying
/// the whole game from a new one.
pub fn scenario_text(game: &str, mutant: &str, set: &str, p: &Parting, tail: bool) -> String {
    let mut out = String::new();
    let turns = p.record.turns.len();
    let setup = p.tail.as_deref().filter(|_| tail);
    kill_header(&mut out, game, mutant, set);
    let shrunk = if setup.is_some() {
        format!("set up at its turn {turns}, the turn where the rules part")
    } else {
        format!("shrunk from {} to {turns} turns", p.turns_before)
    };
    match (&p.from, setup) {
        (Some((name, _)), None) if turns == 0 => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write`: the suite's scenario {name}, with what its end says under the real rules."
            );
        }
        (Some((name, _)), None) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write`: the suite's scenario {name}, played on by self-play (game seed {}), {shrunk}.",
                p.record.seed
            );
        }
        (Some((name, _)), Some(_)) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write` from self-play (game seed {}) on from the end of the suite's scenario {name}, {shrunk}.",
                p.record.seed
            );
        }
        (None, _) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write` from self-play (game seed {}, {} players), {shrunk}.",
                p.record.seed,
                p.record.players.len(),
            );
        }
    }
    let _ = writeln!(
        out,
        "# The expectations are what this build's engine gives under the real rules:"
    );
    let _ = writeln!(
        out,
        "# check each against the rulebook before moving the file into the scenarios."
    );
    let _ = writeln!(out, "scenario \"kills {mutant}\"");
    let skip = match setup {
        Some(lines) => {
            // The header's rules and players lines, then the position.
            for line in p.header.lines().take_while(|l| !l.contains(',')).take(2) {
                let _ = writeln!(out, "{line}");
            }
            out.push_str(lines);
            turns.saturating_sub(1)
        }
        None => match &p.from {
            Some((_, text)) => {
                out.push_str(&scenario_body(text));
                0
            }
            None => {
                out.push_str(&p.header);
                0
            }
        },
    };
    for (i, turn) in p.record.turns.iter().enumerate().skip(skip) {
        if turn.is_empty() {
            continue;
        }
        let _ = writeln!(out, "# turn {}", i + 1);
        for a in turn {
            let _ = writeln!(out, "{}", action_text(a));
        }
    }
    if p.refused {
        let _ = writeln!(out, "# (the mutant refuses the action above)");
    }
    let at_end = p.from.is_some() && turns == 0;
    for e in &p.expectations {
        let why = match e.rule {
            _ if at_end => {
                "what the scenario's end gives under the real rules (none of its expectations says it)"
                    .into()
            }
            Some(r) if e.line.starts_with("applied ") => {
                format!("{r} applies here under the real rules, not under the mutant")
            }
            Some(r) => match e.instead {
                Some(m) if m != r => format!(
                    "decided by {r} under the real rules; under the mutant, {m} decides instead"
                ),
                _ => format!("decided by {r} (the last event of the action above to name it)"),
            },
            None => "no event of the action above names it: the state before it".into(),
        };
        let _ = writeln!(out, "# {why}");
        let _ = writeln!(out, "expect {}", e.line);
    }
    out
}

/// Every set-up one step simpler than `tail` (the lines `setup_lines`
/// writes): a piece's `steps N` or midpoint side left for the set-up to
/// derive, one roll fewer in a store, a number (credits, battle, tokens)
/// halved towards 0. The `turn` line is kept.
pub fn simpler(tail: &str) -> Vec<String> {
    let lines: Vec<Vec<String>> = tail
        .lines()
        .map(|l| l.split(", ").map(str::to_string).collect())
        .collect();
    let mut out = Vec::new();
    for (li, parts) in lines.iter().enumerate() {
        if parts.len() == 1 && parts[0].starts_with("turn ") {
            continue;
        }
        for (pi, part) in parts.iter().enumerate() {
            for variant in simpler_part(part) {
                let mut next = lines.clone();
                next[li][pi] = variant;
                let text: String = next.iter().map(|l| l.join(", ") + "\n").collect();
                out.push(text);
            }
        }
    }
    out
}

/// One set-up part made simpler, every way (see [`simpler`]).
pub(super) fn simpler_part(part: &str) -> Vec<String> {
    let words: Vec<&str> = part.split(' ').collect();
    let mut out = Vec::new();
    let joined = |w: &[&str]| w.join(" ");
    // `steps N` (and the midpoint side) left out: the set-up derives them.
    if let Some(i) = words.iter().position(|w| *w == "steps") {
        if i + 1 < words.len() {
            let mut w = words.clone();
            w.drain(i..i + 2);
            out.push(joined(&w));
        }
    }
    if let Some(i) = words.iter().position(|w| *w == "midpoint") {
        if i > 0 && matches!(words[i - 1], "past" | "before") {
            let mut w = words.clone();
            w.drain(i - 1..=i);
            out.push(joined(&w));
        }
    }
    if let Some(i) = words.iter().position(|w| *w == "store") {
        let rolls = &words[i + 1..];
        if rolls.len() > 1 {
            let mut seen = BTreeSet::new();
            for (j, roll) in rolls.iter().enumerate() {
                if seen.insert(*roll) {
                    let mut w = words.clone();
                    w.remove(i + 1 + j);
                    out.push(joined(&w));
                }
            }
        }
    }
    if let [.., key, n] = words[..] {
        if matches!(key, "credits" | "battle" | "tokens") {
            if let Ok(v) = n.parse::<i64>() {
                let mut values = vec![0, v / 2];
                values.retain(|&x| x != v);
                values.dedup();
                for x in values {
                    let mut w = words.clone();
                    let last = w.len() - 1;
                    let x = x.to_string();
                    w[last] = &x;
                    out.push(joined(&w));
                }
            }
        }
    }
    out
}

/// A proposal's first lines: the mutant it kills and the `--set` that fails on it.
pub(super) fn kill_header(out: &mut String, game: &str, mutant: &str, set: &str) {
    let _ = writeln!(out, "# Kills the {game} mutant `{mutant}`:");
    let _ = writeln!(
        out,
        "# `goti run --set {set}` fails on this file; `goti run` passes."
    );
}

/// A suite scenario that passes under the real rules but for its snapshots
/// and fails under the mutant, as a scenario of its own without them: it
/// kills once its snapshots no longer stand in the way.
pub fn unsnapshotted_text(mutant: &str, set: &str, game: &str, name: &str, text: &str) -> String {
    let mut out = String::new();
    kill_header(&mut out, game, mutant, set);
    let _ = writeln!(
        out,
        "# Written by `goti mutate --write`: the suite's scenario {name}, without its snapshots,"
    );
    let _ = writeln!(
        out,
        "# which fail under the real rules (review them with `goti accept`): its expectations kill the mutant."
    );
    let _ = writeln!(out, "scenario \"kills {mutant}\"");
    out.push_str(&scenario_body(text));
    out
}

/// A suite scenario's text without its `scenario` line and its `snapshot`
/// statements (the written file is a new scenario, with no snapshot).
pub(super) fn scenario_body(text: &str) -> String {
    let mut out = String::new();
    let mut named = false;
    for line in text.lines() {
        if !named && line.trim_start().starts_with("scenario ") {
            named = true;
            continue;
        }
        let kept: Vec<&str> = line
            .split(';')
            .filter(|part| part.trim() != "snapshot" && !part.trim().starts_with("snapshot "))
            .collect();
        if kept.iter().any(|k| !k.trim().is_empty()) || line.trim().is_empty() {
            out.push_str(kept.join(";").trim_end());
            out.push('\n');
        }
    }
    out
}
