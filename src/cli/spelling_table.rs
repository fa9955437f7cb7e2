//! The committed table of every command-and-flag pair and the idea it
//! carries (docs/src/command-line.md), walked against clap's definitions.

use clap::CommandFactory;

const TABLE: &str = include_str!("../../docs/src/command-line.md");

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
        .expect("docs/src/command-line.md has its section `## Every command and flag`");
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
    let mut cli = super::args::Cli::command();
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
    let commands: std::collections::BTreeSet<&String> = defined.iter().map(|(c, _, _)| c).collect();
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
        "docs/src/command-line.md against clap:\n{}",
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
