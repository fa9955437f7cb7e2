//! The toy race as the runner plays, pictures and drives it: its rules are
//! its own crate's (`../rules/`, built with goti's `toy` feature); this file
//! is its tool part, compiled into the goti crate (`src/games.rs`).

use std::fmt::Write;
use std::sync::Arc;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::dsl::lower::Check;
use crate::engine::toy::{Toy, ToyRules, BOOST};
use crate::engine::{Action, Direction, Game, Mode, MoveClause, MoveOrder, PieceId, Place, Player};
use crate::runner::games::Played;
use crate::runner::render::{piece_list, svg, Render};
use crate::selfplay::{Driver, Policy, Record, Turn, Violation};

impl Render for Toy {
    fn state(&self) -> String {
        let mut out = String::from("rules: toy\n");
        match self.final_standings() {
            Some(st) => writeln!(out, "game over: winner {}", st[0]).ok(),
            None => writeln!(out, "turn: {}", self.turn()).ok(),
        };
        out.push_str("board:\n");
        for t in 1..=self.rules().ring() {
            let here = self.pieces_at(Place::Ring(t));
            if !here.is_empty() {
                writeln!(out, "  tile {t}: {}", piece_list(&here)).ok();
            }
        }
        out.push_str("players:\n");
        for p in Game::players(self) {
            writeln!(
                out,
                "  {p}:\n    G1 {}",
                self.piece(p, PieceId::Numbered(1)).place
            )
            .ok();
        }
        out
    }

    fn picture(&self) -> String {
        let cell = |t: u8| {
            let here = self.pieces_at(Place::Ring(t));
            match here.first() {
                Some((p, _)) => format!("{}", p.number()),
                None => ".".into(),
            }
        };
        (1..=self.rules().ring())
            .map(cell)
            .collect::<Vec<_>>()
            .join(" ")
            + "\n"
    }

    fn svg(&self, _marks: &svg::Marks) -> String {
        let ring = self.rules().ring();
        let mut out = String::from(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-110 -110 220 220\">",
        );
        for t in 1..=ring {
            let (x, y) = svg::on_ring(f64::from(t - 1) / f64::from(ring), 90.0);
            write!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"9\" fill=\"none\" stroke=\"#999\"/>"
            )
            .ok();
            for (p, _) in self.pieces_at(Place::Ring(t)) {
                write!(
                    out,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{}\"/>",
                    svg::colour(p)
                )
                .ok();
            }
        }
        out + "</svg>"
    }
}

/// Plays the toy: every turn a die and `move G1 N`.
pub struct ToyDriver(Arc<ToyRules>);

impl Driver for ToyDriver {
    type Game = Toy;

    fn new_game(&self, players: &[Player]) -> Result<Toy, crate::engine::SetupError> {
        let setup = crate::engine::Setup {
            players: players.to_vec(),
            ..Default::default()
        };
        Toy::from_setup(self.0.clone(), &setup, &mut Vec::new()).map_err(|errors| {
            errors
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("the toy refused a set-up of {players:?} with no error"))
        })
    }

    fn play_turn(&self, turn: &mut Turn<'_, Toy>, rng: &mut ChaCha8Rng) -> Result<(), Violation> {
        if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
            turn.probe(bad)?;
        }
        // toy.boost: now and then a boost, while the player holds one.
        let pos = turn.pos();
        if pos.boosts(pos.turn()) > 0 && rng.gen_range(0..4) == 0 {
            let boost = Action::own(BOOST, vec![PieceId::Numbered(1)]);
            return turn.must_play(boost, "boost");
        }
        let v = rng.gen_range(1..=6);
        turn.must_play(step(v), "move")
    }

    fn illegal_probe(&self, _pos: &Toy, _rng: &mut ChaCha8Rng) -> Option<Action> {
        Some(step(7))
    }

    fn replay_header(&self, record: &Record) -> String {
        format!("rules toy\nplayers {}\n", record.players.len())
    }
}

fn step(v: u8) -> Action {
    Action::Move(MoveOrder {
        clauses: vec![MoveClause {
            piece: PieceId::Numbered(1),
            rolls: vec![v],
            direction: Direction::Forward,
        }],
    })
}

impl Played for Toy {
    type Driver = ToyDriver;
    const EXAMPLES: &'static str = "rules toy\n\nscenario \"from the yard onto tile 3\"\n\
         # toy.move: from the yard a move of 3 lands on tile 3.\n\
         players 2\nmove G1 3\nexpect P1 G1 on 3\nexpect turn P2\n";

    fn driver(rules: Arc<ToyRules>, _mode: Mode, _policy: Policy) -> ToyDriver {
        ToyDriver(rules)
    }

    /// `expect P1 boost N` (`toy.boost`): the boosts P1 still holds.
    fn expect_own(&self, check: &Check) -> Option<Result<(), String>> {
        let Check::Own(own) = check else {
            return None;
        };
        Some(
            match (own.word, own.player, own.piece, own.numbers.as_slice()) {
                (BOOST, Some(p), None, &[n]) => {
                    crate::runner::games::number(p, "boost", n, i64::from(self.boosts(p)))
                }
                _ => Err(format!(
                    "the toy race checks `P1 {} N`, the boosts a player holds",
                    own.word.text()
                )),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    //! The seam's proof: a fourth game that is only its folder and its line
    //! in the list (`crates/games/list/`) parses, plays, checks, pictures and self-plays
    //! through the same runner as the shipped games.
    use std::path::Path;

    use crate::engine::GameKind;
    use crate::runner::{self, RunOptions};

    fn play(text: &str) -> runner::FileReport {
        let opts = RunOptions {
            skip_snapshots: true,
            ..RunOptions::default()
        };
        runner::run_text("toy.goti", text, Path::new("toy.goti"), &opts, None)
    }

    fn problems(report: &runner::FileReport) -> Vec<String> {
        report
            .file_problems
            .iter()
            .chain(report.scenarios.iter().flat_map(|s| &s.problems))
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn the_toy_race_plays_through_the_runner() {
        // toy.move: from the yard a 5 lands on tile 5; then 4 from tile 5 is
        // tile 9, past the 8 tiles: toy.home, and toy.end makes P1 the winner.
        let report = play(
            "rules toy\n\
             scenario \"P1 races home\"\n\
             players 2\n\
             P1 G1 on 5, P2 G1 on 2\n\
             move G1 4\n\
             expect P1 G1 home\n\
             expect winner P1\n\
             expect applied toy.home\n\
             scenario \"from the yard\"\n\
             players 3\n\
             move G1 3\n\
             expect P1 G1 on 3\n\
             expect turn P2\n\
             expect tile 3: P1 G1\n",
        );
        assert_eq!(problems(&report), Vec::<String>::new());
        assert!(report.passed());
        assert_eq!(report.scenarios.len(), 2);
        assert!(report.scenarios.iter().all(|s| s.game == GameKind::Toy));
    }

    /// The toy's own word, which neither the grammar nor any shared type
    /// names: a set-up fact, an action, an expectation and an event, all
    /// from its vocabulary and its folder (TOY.md `toy.boost`).
    #[test]
    fn the_toy_race_has_a_word_of_its_own() {
        // toy.boost: P1 holds 1 (the ruleset's number); `boost G1` from
        // tile 3 takes G1 two tiles forward, to 5, and spends it; the turn
        // passes (toy.turn). P2 was set up with none: a boost is refused.
        let report = play(
            "rules toy\n\
             scenario \"a boost\"\n\
             players 2\n\
             P1 G1 on 3, P2 G1 on 1\n\
             P2 boost 0\n\
             expect P1 boost 1\n\
             boost G1\n\
             expect P1 G1 on 5\n\
             expect P1 boost 0\n\
             expect applied toy.boost\n\
             expect turn P2\n\
             expect illegal(toy.boost) boost G1\n\
             expect P2 boost 0\n\
             scenario \"a boost home\"\n\
             players 2\n\
             P1 G1 on 7\n\
             P1 boost 2\n\
             boost G1\n\
             expect P1 G1 home, winner P1, P1 boost 1\n",
        );
        assert_eq!(problems(&report), Vec::<String>::new());
        assert!(report.passed());
        // A wrong count fails with the word's own message.
        let report = play("rules toy\nscenario \"x\"\nplayers 2\nboost G1\nexpect P1 boost 1\n");
        let all = problems(&report);
        assert!(
            all.iter()
                .any(|m| m.contains("expected P1 boost 1, found P1 boost 0")),
            "{all:?}"
        );
        // The toy's word in another game is named as the toy's; a word no
        // game has is the syntax error it always was.
        let report = play("rules royal\nscenario \"x\"\nP1 boost 1\nboost G1\n");
        let all = problems(&report);
        assert!(
            all.iter()
                .any(|m| m
                    .contains("`boost` is a toy word; this scenario plays royal (used 2 times)")),
            "{all:?}"
        );
        let report = play("rules toy\nscenario \"x\"\nplayers 2\nbost G1\n");
        let all = problems(&report);
        // The "did you mean" draws on the toy's own words too.
        let helps: Vec<Option<String>> = report
            .scenarios
            .iter()
            .flat_map(|s| &s.problems)
            .chain(&report.file_problems)
            .map(|d| d.help.clone())
            .collect();
        assert_eq!(helps, [Some("did you mean `boost`?".to_string())]);
        assert!(
            all.iter()
                .any(|m| m.contains("`bost` does not start any statement goti knows")),
            "{all:?}"
        );
    }

    #[test]
    fn the_toy_race_is_loud_where_the_rules_say_no() {
        let report = play(
            "rules toy\n\
             scenario \"wrong expectation\"\n\
             players 2\n\
             move G1 2\n\
             expect P1 G1 on 3\n\
             scenario \"seven is no die\"\n\
             players 2\n\
             move G1 7\n\
             scenario \"a word of another game\"\n\
             players 2\n\
             expect P1 battle 0\n",
        );
        assert!(!report.passed());
        let all = problems(&report);
        assert!(
            all.iter()
                .any(|m| m.contains("expected P1 G1 on 3, found P1 G1 on 2")),
            "{all:?}"
        );
        assert!(
            all.iter()
                .any(|m| m.contains("a move is one value 1-6, forward")),
            "{all:?}"
        );
        assert!(all.iter().any(|m| m.contains("battle")), "{all:?}");
        let rules: Vec<Option<String>> = report
            .scenarios
            .iter()
            .map(|s| {
                s.problems
                    .first()
                    .and_then(|d| d.rule.map(|r| r.0.to_string()))
            })
            .collect();
        assert_eq!(rules[1].as_deref(), Some("toy.move"), "{rules:?}");
    }

    #[test]
    fn the_toy_race_self_plays_and_pictures() {
        use crate::engine::Player;
        use crate::runner::games::Played;
        use crate::runner::render::Render;
        use crate::selfplay::{self, Config, Policy};

        let rules = super::ToyRules::new(
            <crate::engine::toy::ToyParams as crate::rules::RulesetParams>::shipped(),
        );
        let driver = super::Toy::driver(rules, crate::engine::Mode::FIRST, Policy::Random);
        let cfg = Config {
            players: 2,
            max_turns: 200,
        };
        let check = selfplay::standard_check::<super::Toy>;
        for seed in 0..20 {
            let summary = selfplay::play_game(&driver, seed, &cfg, &check)
                .unwrap_or_else(|v| panic!("seed {seed}: {}", v.message));
            assert!(summary.finished, "seed {seed}: a race of 8 tiles ends");
        }
        let pos = selfplay::Driver::new_game(&driver, &Player::ALL[..2]).expect("a table of two");
        assert!(pos.state().contains("turn: P1"), "{}", pos.state());
        assert!(pos.svg(&Default::default()).starts_with("<svg"));
    }

    #[test]
    fn balance_refuses_a_game_that_cannot_be_set_up() {
        // A failed set-up is the command's error, never an empty game.
        use crate::engine::{Mode, Player};
        use crate::rules::RulesetParams;
        use crate::runner::games::Played;
        use crate::selfplay::Policy;
        let rules = super::ToyRules::new(crate::engine::toy::ToyParams::shipped());
        let driver = super::Toy::driver(rules, Mode::FIRST, Policy::Random);
        let err = crate::selfplay::balance::play(&driver, &Player::ALL[..1], 0, 50).unwrap_err();
        assert!(
            err.message.contains("cannot set up a game of 1 players"),
            "{err}"
        );
        let two =
            crate::selfplay::balance::play(&driver, &Player::ALL[..2], 0, 200).expect("two race");
        assert!(two.finished && two.turns > 0, "{two:?}");
    }

    /// What adding a game took, measured on the toy: everything it is
    /// lies in its folder (`crates/games/toy/`: its rules crate and its
    /// tool part), and outside it the only lines that name it, in Rust or
    /// in a manifest, are its line in the list and its crate's re-export
    /// there, its dependency line, its workspace member, and the one module
    /// declaration of its tool part. The toy's `cfg(feature)` lines and
    /// feature definitions are left out: they exist because the toy is
    /// built only for tests, which a game users play is not. Comments and
    /// test code are left out too.
    #[test]
    fn the_toy_race_is_one_line_in_the_list() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut outside: Vec<String> = Vec::new();
        let mut files = walk(&root.join("src"));
        files.extend(walk(&root.join("crates")));
        files.push(("Cargo.toml".into(), read(&root.join("Cargo.toml"))));
        for (path, text) in &files {
            if path.starts_with("crates/games/toy/") {
                continue;
            }
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for line in code.lines().map(str::trim) {
                let names_toy = line
                    .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '-')
                    .any(|w| w.eq_ignore_ascii_case("toy") || w == "goti-toy" || w == "goti_toy");
                let only_for_tests =
                    line.contains("feature = \"toy\"") || line.starts_with("toy = [");
                if names_toy
                    && !only_for_tests
                    && !line.starts_with("//")
                    && !line.starts_with('#') | line.starts_with("#[path")
                {
                    outside.push(format!("{path}: {line}"));
                }
            }
        }
        assert_eq!(
            outside,
            [
                "src/games.rs: #[path = \"../crates/games/toy/tool/mod.rs\"]",
                "src/games.rs: pub mod toy;",
                "crates/games/list/Cargo.toml: goti-toy = { version = \"0.1.0\", path = \"../toy/rules\", optional = true }",
                "crates/games/list/src/lib.rs: pub use goti_toy as toy;",
                "crates/games/list/src/lib.rs: Toy => $crate::toy::Toy,",
                "Cargo.toml: \"crates/games/toy/rules\",",
            ],
            "outside its folder the toy is its list line and re-export, its dependency, \
             its workspace member and its tool part's module line"
        );
    }

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The Rust sources and manifests under `dir`, by path from the root.
    fn walk(dir: &Path) -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = Vec::new();
        for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let e = e.expect("src is readable");
            let name = e.file_name().to_string_lossy();
            if name.ends_with(".rs") || name == "Cargo.toml" {
                let rel = e.path().strip_prefix(root).expect("under the crate");
                out.push((rel.to_string_lossy().replace('\\', "/"), read(e.path())));
            }
        }
        out
    }
}
