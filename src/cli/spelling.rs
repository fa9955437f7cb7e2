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
    let mut out = Vec::with_capacity(args.len() + 2);
    let mut notices = Vec::new();
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

/// The committed table of every command-and-flag pair and the idea it
/// carries (docs/COMMAND-LINE.md), walked against clap's definitions.
#[cfg(test)]
mod table {
    use clap::CommandFactory;

    const TABLE: &str = include_str!("../../docs/COMMAND-LINE.md");

    /// The ideas with one spelling: the idea and its long flag.
    const ONE_SPELLING: &[(&str, &str)] = &[
        ("game", "--game"),
        ("ruleset", "--ruleset"),
        ("set", "--set"),
        ("mode", "--mode"),
        ("players", "--players"),
        ("format", "--format"),
        ("output", "--output"),
        ("jobs", "--jobs"),
        ("shard", "--shard"),
        ("games", "--games"),
        ("seed", "--seed"),
        ("max-turns", "--max-turns"),
        ("base", "--base"),
        ("verbose", "--verbose"),
        ("select.tag", "--tag"),
        ("select.skip-tag", "--skip-tag"),
        ("select.all-tags", "--all-tags"),
        ("select.name", "--name"),
        ("select.allow-empty", "--allow-empty"),
    ];

    /// The selection flags every command that picks scenarios takes.
    const SELECTION: [&str; 5] = [
        "select.tag",
        "select.skip-tag",
        "select.all-tags",
        "select.name",
        "select.allow-empty",
    ];

    /// The ideas that say a command picks scenarios.
    const PICKS: [&str; 2] = ["scenarios", "scenario-file"];

    /// (command, argument, idea) rows of the table's last section.
    fn rows() -> Vec<(String, String, String)> {
        let every = TABLE
            .split("## Every command and flag")
            .nth(1)
            .expect("docs/COMMAND-LINE.md has its section `## Every command and flag`");
        every
            .lines()
            .filter_map(|l| {
                let cells: Vec<&str> = l.trim().strip_prefix('|')?.split('|').collect();
                let cell = |i: usize| cells.get(i).map(|c| c.trim().trim_matches('`').to_string());
                let (c, a, i) = (cell(0)?, cell(1)?, cell(2)?);
                (!c.is_empty() && c != "command" && !c.starts_with("---")).then_some((c, a, i))
            })
            .collect()
    }

    /// Every (command, argument key, short, hidden) clap defines: `--long`,
    /// or `<id>` for a positional; the top level's own as command `goti`.
    fn defined() -> Vec<(String, String, Option<char>)> {
        let mut cli = super::super::args::Cli::command();
        cli.build();
        let mut out = Vec::new();
        let key = |a: &clap::Arg| match a.get_long() {
            Some(l) => format!("--{l}"),
            None => format!("<{}>", a.get_id()),
        };
        for a in cli.get_arguments() {
            if !matches!(a.get_id().as_str(), "help" | "version") {
                out.push(("goti".to_string(), key(a), a.get_short()));
            }
        }
        for sub in cli.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            for a in sub.get_arguments() {
                if a.get_id() == "help" || a.is_global_set() {
                    continue;
                }
                out.push((sub.get_name().to_string(), key(a), a.get_short()));
            }
        }
        out
    }

    type Rows = [(String, String, String)];
    type Defined = [(String, String, Option<char>)];

    /// What the table and clap's definitions disagree on.
    fn problems(rows: &Rows, defined: &Defined) -> Vec<String> {
        let mut problems = Vec::new();
        let idea_of = |c: &str, a: &str| {
            rows.iter()
                .find(|(rc, ra, _)| rc == c && ra == a)
                .map(|(_, _, i)| i.clone())
        };
        for (c, a, short) in defined {
            let Some(idea) = idea_of(c, a) else {
                problems.push(format!("unclassified: | {c} | `{a}` | IDEA |"));
                continue;
            };
            if let Some((_, want)) = ONE_SPELLING.iter().find(|(i, _)| *i == idea) {
                if a != want {
                    problems.push(format!("{c} {a}: the idea {idea} is spelled {want}"));
                }
            }
            if idea == "output" && *short != Some('o') {
                problems.push(format!("{c} {a}: an output is also -o"));
            }
            if idea == "jobs" && *short != Some('j') {
                problems.push(format!("{c} {a}: a job count is also -j"));
            }
        }
        for (c, a, _) in rows {
            if !defined.iter().any(|(dc, da, _)| dc == c && da == a) {
                problems.push(format!(
                    "the table names {c} {a}, which clap does not define"
                ));
            }
        }
        let commands: std::collections::BTreeSet<&String> =
            defined.iter().map(|(c, _, _)| c).collect();
        for c in commands {
            let ideas: Vec<String> = defined
                .iter()
                .filter(|(dc, _, _)| dc == c)
                .filter_map(|(_, a, _)| idea_of(c, a))
                .collect();
            for (i, idea) in ideas.iter().enumerate() {
                if !idea.starts_with("own:") && ideas[..i].contains(idea) {
                    problems.push(format!("{c}: two spellings of the idea {idea}"));
                }
            }
            if ideas.iter().any(|i| PICKS.contains(&i.as_str())) {
                for s in SELECTION {
                    if !ideas.iter().any(|i| i == s) {
                        problems.push(format!("{c} picks scenarios but lacks {s}"));
                    }
                }
            }
        }
        problems
    }

    #[test]
    fn every_flag_is_classified_and_every_idea_spelled_one_way() {
        let problems = problems(&rows(), &defined());
        assert!(
            problems.is_empty(),
            "docs/COMMAND-LINE.md against clap:\n{}",
            problems.join("\n")
        );
    }

    #[test]
    fn the_walk_finds_what_it_guards() {
        let row = |c: &str, a: &str, i: &str| (c.to_string(), a.to_string(), i.to_string());
        let def = |c: &str, a: &str| (c.to_string(), a.to_string(), None);
        // An unclassified flag, a second spelling of the game, a game
        // spelled otherwise, a command that picks scenarios unselected.
        let rows = vec![
            row("x", "--rules", "game"),
            row("x", "--game", "game"),
            row("y", "<paths>", "scenarios"),
        ];
        let defined = vec![
            def("x", "--rules"),
            def("x", "--game"),
            def("x", "--new"),
            def("y", "<paths>"),
        ];
        let found = problems(&rows, &defined).join("\n");
        for want in [
            "unclassified: | x | `--new`",
            "x --rules: the idea game is spelled --game",
            "x: two spellings of the idea game",
            "y picks scenarios but lacks select.tag",
        ] {
            assert!(found.contains(want), "{want}: {found}");
        }
    }
}
