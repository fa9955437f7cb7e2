//! Old spellings of options, still accepted: one word for one idea
//! (`--game`, `--format`, `-o/--output`, `--ruleset`, `--name`), and what
//! an older goti spelled otherwise is rewritten to it before clap reads
//! the arguments, with a one-line notice on standard error naming the new
//! spelling, so CI files written for an older goti keep working. Commands
//! that moved to the developer tool are answered with their new form.

use std::ffi::OsString;

/// How an old spelling is written now.
#[derive(Clone, Copy, Debug)]
pub(super) enum Now {
    /// The same value under another flag: `--rules X` is `--game X`.
    Flag(&'static str),
    /// A flag that became a value: `--json` is `--format json`.
    FlagValue(&'static str, &'static str),
    /// A positional game: `goti rules portal` is `goti rules --game portal`.
    Positional(&'static str),
}

/// Every old spelling: (command, old, now).
pub(super) const OLD: &[(&str, &str, Now)] = &[
    ("fuzz", "--rules", Now::Flag("--game")),
    ("balance", "--rules", Now::Flag("--game")),
    ("fuzz", "--json", Now::FlagValue("--format", "json")),
    ("list", "--json", Now::FlagValue("--format", "json")),
    ("fuzz", "--out", Now::Flag("--output")),
    ("lint", "--out", Now::Flag("--output")),
    ("explain", "--scenario", Now::Flag("--name")),
    ("render", "--scenario", Now::Flag("--name")),
    ("perft", "--scenario", Now::Flag("--name")),
    ("diff", "--head", Now::Flag("--ruleset")),
    ("balance", "--head", Now::Flag("--ruleset")),
    ("rules", "GAME", Now::Positional("--game")),
];

/// The commands only engine developers use, moved to `cargo xtask`:
/// (command, the flag that marks the use, the developer tool's command).
pub(super) const MOVED: &[(&str, Option<&str>, &str)] = &[
    ("bench", None, "bench"),
    ("oracle", None, "oracle"),
    ("fuzz", Some("--text"), "fuzz-text"),
    ("fuzz", Some("--compare-paths"), "compare-paths"),
    ("fuzz", Some("--legal"), "legal"),
    ("diff", Some("--build"), "diff-build"),
];

/// Where a command moved to the developer tool: the message that gives
/// its new form (the old spellings in it rewritten; where the old
/// default mode, Clash, was relied on, `--mode clash` said).
pub(super) fn moved(args: &[OsString]) -> Option<String> {
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let at = command_at(&words)?;
    let cmd = words[at].as_str();
    let rest = &words[at + 1..];
    let &(_, marker, new) = MOVED
        .iter()
        .find(|(c, m, _)| *c == cmd && m.is_none_or(|m| rest.iter().any(|w| w == m)))?;
    let mut kept: Vec<String> = rest
        .iter()
        .filter(|w| Some(w.as_str()) != marker)
        .cloned()
        .collect();
    // The old spellings, as the new tool spells them.
    let mut out = Vec::new();
    let mut i = 0;
    while i < kept.len() {
        let w = std::mem::take(&mut kept[i]);
        match w.as_str() {
            "--rules" => out.push("--game".to_string()),
            "--json" => out.extend(["--format".to_string(), "json".to_string()]),
            "--out" => out.push("--output".to_string()),
            _ if i == 0 && matches!(cmd, "bench" | "oracle") && !w.starts_with('-') => {
                out.extend(["--game".to_string(), w]);
            }
            _ => out.push(w),
        }
        i += 1;
    }
    let clash_default = matches!(new, "bench" | "legal" | "compare-paths");
    if clash_default
        && !out
            .iter()
            .any(|w| w == "--mode" || w.starts_with("--mode="))
    {
        out.extend(["--mode".to_string(), "clash".to_string()]);
    }
    let shown = std::iter::once(format!("cargo xtask {new}"))
        .chain(out)
        .collect::<Vec<_>>()
        .join(" ");
    let was = match marker {
        Some(m) => format!("goti {cmd} {m}"),
        None => format!("goti {cmd}"),
    };
    Some(format!(
        "error: `{was}` is an engine developer's command and moved out of goti into goti's developer tool; in goti's repository run:\n  {shown}"
    ))
}

/// Where the command is among the arguments (after global `-j N`).
fn command_at(words: &[String]) -> Option<usize> {
    let mut skip = false;
    for (i, w) in words.iter().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        if w == "-j" || w == "--jobs" {
            skip = true;
            continue;
        }
        if !w.starts_with('-') {
            return Some(i);
        }
    }
    None
}

/// The arguments with every old spelling rewritten, and the notices to
/// print (one per old spelling used).
pub(super) fn rewrite(args: Vec<OsString>) -> (Vec<OsString>, Vec<String>) {
    let (args, mut notices) = one_command(args);
    let mut out = Vec::with_capacity(args.len() + 2);
    let mut iter = args.into_iter();
    out.extend(iter.next());
    let mut command: Option<String> = None;
    let mut after_dashes = false;
    let mut previous_takes_value = false;
    for arg in iter {
        let Some(text) = arg.to_str().map(str::to_string) else {
            out.push(arg);
            continue;
        };
        if after_dashes {
            out.push(arg);
            continue;
        }
        if text == "--" {
            after_dashes = true;
            out.push(arg);
            continue;
        }
        let Some(cmd) = command.clone() else {
            // Global options before the command: `-j N`.
            if !text.starts_with('-') && !previous_takes_value {
                command = Some(text.clone());
            }
            previous_takes_value = text == "-j" || text == "--jobs";
            out.push(arg);
            continue;
        };
        let (flag, value) = match text.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (text.clone(), None),
        };
        let old = OLD.iter().find(|(c, o, now)| {
            *c == cmd && (*o == flag || positional(now, o, &text, previous_takes_value))
        });
        previous_takes_value = text.starts_with("--") && value.is_none() && takes_value(&text);
        let Some(&(_, old_word, now)) = old else {
            out.push(arg);
            continue;
        };
        match now {
            Now::Flag(new) => {
                out.push(match &value {
                    Some(v) => OsString::from(format!("{new}={v}")),
                    None => OsString::from(new),
                });
                previous_takes_value = value.is_none();
                notices.push(notice(&cmd, old_word, new));
            }
            Now::FlagValue(new, v) => {
                out.push(OsString::from(new));
                out.push(OsString::from(v));
                notices.push(notice(&cmd, old_word, &format!("{new} {v}")));
            }
            Now::Positional(new) => {
                out.push(OsString::from(new));
                out.push(arg);
                notices.push(format!(
                    "note: `goti {cmd} {text}` is now spelled `goti {cmd} {new} {text}` (the old spelling still works)"
                ));
            }
        }
    }
    notices.dedup();
    (out, notices)
}

/// Two commands that did one job, now one: `goti report` is `goti run
/// --format html -o FILE` (default report.html), `goti explain --format svg`
/// is `goti render --all-steps`.
fn one_command(args: Vec<OsString>) -> (Vec<OsString>, Vec<String>) {
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let Some(at) = command_at(&words[1.min(words.len())..]).map(|i| i + 1) else {
        return (args, Vec::new());
    };
    let is = |w: &str, flag: &str, value: &str| w == format!("{flag}={value}");
    let mut out: Vec<OsString> = args[..at].to_vec();
    let rest = &args[at + 1..];
    let rest_words = &words[at + 1..];
    match words[at].as_str() {
        "report" => {
            out.extend(["run", "--format", "html"].map(OsString::from));
            out.extend(rest.iter().cloned());
            let has_output = rest_words.iter().any(|w| {
                w == "-o"
                    || w == "--output"
                    || w.starts_with("--output=")
                    || (w.starts_with("-o") && w.len() > 2)
            });
            if !has_output {
                out.extend(["-o", "report.html"].map(OsString::from));
            }
            let note = "note: `goti report` is now spelled `goti run --format html -o FILE` (the old spelling still works)";
            (out, vec![note.to_string()])
        }
        "explain"
            if rest_words
                .windows(2)
                .any(|w| w[0] == "--format" && w[1] == "svg")
                || rest_words.iter().any(|w| is(w, "--format", "svg")) =>
        {
            out.extend(["render", "--all-steps"].map(OsString::from));
            let mut skip = false;
            for (a, w) in rest.iter().zip(rest_words) {
                if skip {
                    skip = false;
                    continue;
                }
                if w == "--format" {
                    skip = true;
                    continue;
                }
                if !is(w, "--format", "svg") {
                    out.push(a.clone());
                }
            }
            let note = "note: `goti explain --format svg` is now spelled `goti render --all-steps -o DIR` (the old spelling still works)";
            (out, vec![note.to_string()])
        }
        _ => (args, Vec::new()),
    }
}

/// Whether `text` is the positional an old spelling `GAME` stood for: a
/// bare word that is no flag's value.
fn positional(now: &Now, old: &str, text: &str, previous_takes_value: bool) -> bool {
    matches!(now, Now::Positional(_))
        && old == "GAME"
        && !text.starts_with('-')
        && !previous_takes_value
}

/// Whether a long flag written alone takes the next argument as its value
/// (those of the commands that have old positional spellings).
fn takes_value(flag: &str) -> bool {
    matches!(flag, "--game" | "--ruleset" | "--set")
}

fn notice(cmd: &str, old: &str, new: &str) -> String {
    format!("note: `goti {cmd} {old}` is now spelled `{new}` (the old spelling still works)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(args: &[&str]) -> (Vec<String>, Vec<String>) {
        let (out, notices) = rewrite(args.iter().map(OsString::from).collect());
        (
            out.into_iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            notices,
        )
    }

    #[test]
    fn old_spellings_become_new_ones_with_a_notice() {
        let (out, notes) = words(&["goti", "fuzz", "--rules", "portal", "--json"]);
        assert_eq!(
            out,
            ["goti", "fuzz", "--game", "portal", "--format", "json"]
        );
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].contains("`goti fuzz --rules` is now spelled `--game`"));
        let (out, notes) = words(&["goti", "report", "scenarios"]);
        assert_eq!(
            out,
            [
                "goti",
                "run",
                "--format",
                "html",
                "scenarios",
                "-o",
                "report.html"
            ]
        );
        assert!(notes[0].contains("goti run --format html"), "{notes:?}");
        let (out, _) = words(&["goti", "report", "-o", "x.html"]);
        assert_eq!(out, ["goti", "run", "--format", "html", "-o", "x.html"]);
        let (out, notes) = words(&["goti", "explain", "a.goti", "--format", "svg", "-o", "d"]);
        assert_eq!(out, ["goti", "render", "--all-steps", "a.goti", "-o", "d"]);
        assert!(notes[0].contains("goti render --all-steps"), "{notes:?}");
        let (out, _) = words(&["goti", "-j", "2", "fuzz", "--out=x"]);
        assert_eq!(out, ["goti", "-j", "2", "fuzz", "--output=x"]);
        let (out, notes) = words(&["goti", "rules", "portal", "--dump"]);
        assert_eq!(out, ["goti", "rules", "--game", "portal", "--dump"]);
        assert!(notes[0].contains("goti rules --game portal"), "{notes:?}");
    }

    #[test]
    fn moved_commands_are_answered_with_their_new_form() {
        let moved = |args: &[&str]| moved(&args.iter().map(OsString::from).collect::<Vec<_>>());
        let m = moved(&["goti", "bench", "maedn", "--games", "20", "--json"]).unwrap();
        assert!(
            m.ends_with("cargo xtask bench --game maedn --games 20 --format json --mode clash"),
            "{m}"
        );
        let m = moved(&[
            "goti", "-j", "2", "fuzz", "--legal", "--rules", "portal", "--mode", "journey",
        ])
        .unwrap();
        assert!(m.contains("`goti fuzz --legal`"), "{m}");
        assert!(
            m.ends_with("cargo xtask legal --game portal --mode journey"),
            "{m}"
        );
        let m = moved(&["goti", "diff", "--base", "HEAD", "--build"]).unwrap();
        assert!(m.ends_with("cargo xtask diff-build --base HEAD"), "{m}");
        assert!(moved(&["goti", "fuzz", "--games", "3"]).is_none());
        assert!(moved(&["goti", "diff", "--base", "HEAD"]).is_none());
    }

    #[test]
    fn new_spellings_and_other_commands_are_left_alone() {
        for args in [
            &["goti", "rules", "--game", "portal"][..],
            &["goti", "run", "--json"],
            &["goti", "run", "--", "--rules"],
            &["goti", "list", "--format", "json"],
        ] {
            let (out, notes) = words(args);
            assert_eq!(out, args, "{args:?}");
            assert!(notes.is_empty(), "{args:?}: {notes:?}");
        }
    }
}
