//! `goti --help` as a map: the commands under headings by what a person is
//! doing, each with its one line; and each command's `--help` ending with
//! examples. Both are made from clap's own definitions, so the man page,
//! the completions and the help cannot drift apart.

use clap::Command;

/// The headings of `goti --help` and the commands under each.
pub(super) const GROUPS: &[(&str, &[&str])] = &[
    (
        "Writing and running scenarios",
        &[
            "run",
            "check",
            "list",
            "explain",
            "render",
            "perft",
            "fmt",
            "watch",
            "accept",
            "snapshots",
        ],
    ),
    (
        "When the rules change",
        &["diff", "trace", "mutate", "balance", "lint", "fuzz"],
    ),
    ("In CI", &["coverage", "merge"]),
    ("In the editor", &["lsp", "grammar"]),
    ("The project", &["init", "rules", "completions", "man"]),
];

/// Examples for each command's `--help` (each is parsed by a test).
pub(super) const EXAMPLES: &[(&str, &[&str])] = &[
    (
        "run",
        &[
            "goti run",
            "goti run scenarios/royal --tag capture",
            "goti run --format junit -o results.xml",
        ],
    ),
    ("check", &["goti check scenarios/royal/capture.goti"]),
    (
        "list",
        &["goti list --tag capture", "goti list --format json"],
    ),
    (
        "explain",
        &[
            "goti explain scenarios/royal/capture.goti --name merge",
            "goti explain scenarios/royal/capture.goti:12 --format html -o capture.html",
        ],
    ),
    (
        "render",
        &["goti render scenarios/royal/capture.goti:12 -o board.svg"],
    ),
    (
        "perft",
        &["goti perft scenarios/royal/perft.goti --name Journey --depth 3 --divide"],
    ),
    ("fmt", &["goti fmt --check scenarios"]),
    ("watch", &["goti watch scenarios/royal --tag capture"]),
    ("accept", &["goti accept"]),
    ("snapshots", &["goti snapshots --prune --dry-run"]),
    (
        "diff",
        &[
            "goti diff --base main",
            "goti diff --set journey.capture_value=30 --format markdown",
        ],
    ),
    ("trace", &["goti trace -o base.trace"]),
    (
        "mutate",
        &[
            "goti mutate --min-score 100",
            "goti mutate --only journey. --tag capture",
        ],
    ),
    (
        "balance",
        &[
            "goti balance --set journey.capture_value=30 --games 2000",
            "goti balance --game maedn --players 2",
        ],
    ),
    (
        "lint",
        &[
            "goti lint",
            "goti lint --game royal --set exits.start=0 --players 2",
        ],
    ),
    (
        "fuzz",
        &[
            "goti fuzz --games 10000",
            "goti fuzz --game portal --players 3 -o failures",
        ],
    ),
    ("coverage", &["goti coverage --verbose"]),
    (
        "merge",
        &["goti merge shard1.json shard2.json --format text"],
    ),
    ("lsp", &["goti lsp"]),
    (
        "grammar",
        &[
            "goti grammar textmate > goti.tmLanguage.json",
            "goti grammar vim > goti.vim",
        ],
    ),
    ("init", &["goti init my-game --game portal"]),
    (
        "rules",
        &[
            "goti rules --game portal",
            "goti rules --game royal --dump > royal.yaml",
        ],
    ),
    ("completions", &["goti completions bash > goti.bash"]),
    ("man", &["goti man > goti.1"]),
];

/// The command line with the map and the examples.
pub(super) fn with_map(cmd: Command) -> Command {
    let mut map = String::new();
    let width = 12;
    for (heading, names) in GROUPS {
        map.push_str(&format!("{heading}:\n"));
        for name in *names {
            let about = cmd
                .find_subcommand(name)
                .and_then(|s| s.get_about())
                .map(|a| a.to_string())
                .unwrap_or_default();
            map.push_str(&format!("  {name:<width$}{about}\n"));
        }
        map.push('\n');
    }
    let template = format!(
        "{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{map}Options:\n{{options}}{{after-help}}"
    );
    let mut cmd = cmd.help_template(template).after_help(
        "Each command's --help says more, with examples. Engine development (speed benches, the OpenSpiel oracle, generator comparisons, text fuzzing, builds of another revision) is in goti's repository: cargo xtask --help.",
    );
    for (name, examples) in EXAMPLES {
        let text = format!(
            "Examples:\n{}",
            examples
                .iter()
                .map(|e| format!("  {e}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        cmd = cmd.mut_subcommand(*name, |s| s.after_help(text));
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn names() -> Vec<String> {
        super::super::args::Cli::command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect()
    }

    #[test]
    fn every_command_is_under_one_heading_and_has_an_example() {
        let names = names();
        for name in &names {
            let under: Vec<&str> = GROUPS
                .iter()
                .filter(|(_, n)| n.contains(&name.as_str()))
                .map(|(h, _)| *h)
                .collect();
            assert_eq!(under.len(), 1, "{name} is under {under:?}");
            assert!(
                EXAMPLES.iter().any(|(n, e)| n == name && !e.is_empty()),
                "{name} has no example"
            );
        }
        for (_, group) in GROUPS {
            for n in *group {
                assert!(names.iter().any(|x| x == n), "no command {n}");
            }
        }
    }

    #[test]
    fn every_example_parses() {
        for (name, examples) in EXAMPLES {
            for e in *examples {
                let words: Vec<&str> = e
                    .split(" > ")
                    .next()
                    .unwrap_or(e)
                    .split_whitespace()
                    .collect();
                assert_eq!(words.get(1), Some(name), "{e}");
                let cmd = with_map(super::super::args::Cli::command());
                if let Err(err) = cmd.try_get_matches_from(&words) {
                    panic!("{e}: {err}");
                }
            }
        }
    }
}
