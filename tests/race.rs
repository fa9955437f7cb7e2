//! `race` (RACE.md): maedn as data plays exactly as the Rust maedn, and
//! the shipped maedn scenarios pass under it.

use std::path::Path;
use std::process::Command;

use goti::engine::params::RaceParams;
use goti::engine::RaceRules;
use goti::games::race::as_maedn;
use goti::rules::RulesetParams;

/// Seeded games at every table size: the same plies, the same verdict on
/// every action a player could name (the same rule, under its race
/// name), the same positions.
#[test]
fn the_shipped_description_plays_as_the_rust_maedn() {
    for players in 2..=4 {
        let a = as_maedn::compare(players, 300, 11).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.games, 300);
        assert!(a.actions > 50_000 && a.tried > 5 * 50_000, "{a:?}");
    }
}

/// A change planted in a description.
type Plant = fn(&mut RaceParams);

/// The lockstep is not blind: a description that differs from maedn in
/// one choice is caught, at the step it first shows.
#[test]
fn a_description_that_differs_from_maedn_is_caught() {
    let planted: [(&str, Plant); 4] = [
        ("a pass on a 6 passes the turn", |p| {
            p.again.after_pass = false
        }),
        ("a capture throws again", |p| p.again.on_capture = true),
        ("entering is a choice", |p| p.obligations.truncate(1)),
        ("a 5 brings a piece in too", |p| p.enter.values.push(5)),
    ];
    for (what, plant) in planted {
        let mut p = RaceParams::shipped();
        plant(&mut p);
        let e = as_maedn::compare_with(RaceRules::new(p), 2, 300, 11).expect_err(what);
        let e = e.to_string();
        assert!(e.contains("game ") && e.contains("step "), "{what}: {e}");
    }
}

/// Every shipped maedn scenario passes under `rules race` (its default
/// description is maedn's), with maedn's four rule IDs named as race
/// names them and the snapshot lines left out (their bodies name the game).
#[test]
fn the_shipped_maedn_scenarios_pass_under_race() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (mut files, mut scenarios) = (0, 0);
    for entry in std::fs::read_dir(root.join("scenarios/maedn")).expect("scenarios/maedn") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "goti") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a scenario file");
        scenarios += text.lines().filter(|l| l.starts_with("scenario ")).count();
        assert!(text.contains("rules maedn"), "{}", path.display());
        let moved: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("snapshot"))
            .map(|l| {
                let l = if l.trim() == "rules maedn" {
                    "rules race".to_string()
                } else {
                    l.to_string()
                };
                l.replace("dice.one", "dice.throw")
                    .replace("dice.six-again", "throw.again")
                    .replace("enter.six", "enter.value")
                    .replace("board.goal", "board.home")
                    + "\n"
            })
            .collect();
        std::fs::write(dir.path().join(path.file_name().expect("a name")), moved).expect("written");
        files += 1;
    }
    assert!(files >= 10, "{files} maedn files");
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["run", "."])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("goti runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let all = format!("{scenarios} passed, 0 failed");
    assert!(out.contains(&all), "{all}: {out}");
}

/// `goti lint`'s visit of every reachable position of the reduced board
/// finds as many positions for race's default as for maedn: the
/// description keeps no state maedn has not (a count of 6s in a row is
/// kept only where `again.limit` reads it).
#[test]
fn the_reduced_board_has_maedns_positions() {
    let positions = |game: &str| -> String {
        let o = Command::new(env!("CARGO_BIN_EXE_goti"))
            .args(["lint", "--game", game])
            .env("NO_COLOR", "1")
            .env("CI", "true")
            .output()
            .expect("goti runs");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(0), "{game}: {out}");
        let line = out
            .lines()
            .find(|l| l.contains("reduced board"))
            .unwrap_or_else(|| panic!("{game}: {out}"));
        let at = line.find(" positions").expect("a count of positions");
        line[..at].rsplit(' ').next().expect("a number").to_string()
    };
    let maedn = positions("maedn");
    assert!(maedn.parse::<u64>().is_ok_and(|n| n > 1000), "{maedn}");
    assert_eq!(positions("race"), maedn);
}
