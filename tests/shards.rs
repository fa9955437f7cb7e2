//! `--shard K/N` and `goti merge`: for run, trace, mutate, balance and fuzz
//! the shards of N = 1, 2 and 3 merged give what one machine gives (timing
//! aside); Bazel's variables shard too, with a note; a missing, doubled or
//! mismatched shard is refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .env_remove("TEST_SHARD_INDEX")
        .env_remove("TEST_TOTAL_SHARDS")
        .output()
        .expect("goti runs")
}

/// The output without its timing fields (`seconds`), as JSON values.
fn untimed(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| {
            let mut v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            if let Some(o) = v.as_object_mut() {
                o.remove("seconds");
            }
            v
        })
        .collect()
}

/// Runs `args` as N shards (each to a file), merges them, and compares
/// with the same command as shard 1/1.
fn merged_equals_one(dir: &Path, args: &[&str], to_file: Option<&str>) {
    let run = |extra: &[String]| -> String {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(extra.iter().cloned());
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = goti(&refs);
        assert!(
            o.status.code().is_some_and(|c| c <= 1),
            "{args:?} {extra:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let one = |name: &str, shard: &str| -> PathBuf {
        let path = dir.join(name);
        match to_file {
            Some(flag) => {
                run(&[
                    "--shard".into(),
                    shard.into(),
                    flag.into(),
                    path.to_str().unwrap().into(),
                ]);
            }
            None => std::fs::write(&path, run(&["--shard".into(), shard.into()])).unwrap(),
        }
        path
    };
    let whole = std::fs::read_to_string(one(&format!("{}-1of1", args[0]), "1/1")).unwrap();
    for n in 1..=3 {
        let files: Vec<PathBuf> = (1..=n)
            .map(|k| one(&format!("{}-{k}of{n}", args[0]), &format!("{k}/{n}")))
            .collect();
        let mut merge = vec!["merge".to_string()];
        merge.extend(files.iter().map(|f| f.display().to_string()));
        let refs: Vec<&str> = merge.iter().map(String::as_str).collect();
        let o = goti(&refs);
        assert!(
            o.status.code().is_some_and(|c| c <= 1),
            "merge of {n}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let merged = String::from_utf8(o.stdout).unwrap();
        assert_eq!(
            untimed(&merged),
            untimed(&whole),
            "{args:?}: {n} shards merged"
        );
    }
}

#[test]
fn run_and_trace_shards_merge_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    merged_equals_one(dir.path(), &["run", "--format", "json"], None);
    merged_equals_one(dir.path(), &["trace"], Some("-o"));
}

#[test]
fn mutate_balance_and_fuzz_shards_merge_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    merged_equals_one(dir.path(), &["mutate", "--format", "json"], None);
    merged_equals_one(
        dir.path(),
        &[
            "balance",
            "--games",
            "90",
            "--set",
            "journey.capture_value=30",
            "--format",
            "json",
        ],
        None,
    );
}

#[test]
fn a_missing_doubled_or_mismatched_shard_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, args: &[&str]| {
        let o = goti(args);
        let p = dir.path().join(name);
        std::fs::write(&p, o.stdout).unwrap();
        p.display().to_string()
    };
    let a = write("a", &["mutate", "--format", "json", "--shard", "1/2"]);
    let b = write("b", &["mutate", "--format", "json", "--shard", "2/2"]);
    let other = write(
        "c",
        &[
            "mutate", "--only", "board", "--format", "json", "--shard", "2/2",
        ],
    );
    let run = write("d", &["run", "--format", "json", "--shard", "2/2"]);
    for (files, words) in [
        (vec![a.clone()], "shard 2/2 is missing"),
        (vec![a.clone(), a.clone()], "given twice"),
        (vec![a.clone(), other], "other arguments"),
        (vec![a.clone(), run], "another command"),
    ] {
        let mut args = vec!["merge"];
        args.extend(files.iter().map(String::as_str));
        let o = goti(&args);
        assert_eq!(o.status.code(), Some(2), "{files:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(words), "{words}: {err}");
    }
    merges(&[&a, &b]);
}

#[test]
fn bazel_variables_shard_with_a_note() {
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["run", "--format", "json"])
        .current_dir(root())
        .env("CI", "true")
        .env("TEST_SHARD_INDEX", "1")
        .env("TEST_TOTAL_SHARDS", "3")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("note: sharding by TEST_SHARD_INDEX=1 and TEST_TOTAL_SHARDS=3: shard 2/3"),
        "{err}"
    );
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["goti_shard"]["shard"]["index"], 2);
}

/// Shards started with an old spelling and with the new one are one run:
/// the fingerprint is of the command line as goti read it.
#[test]
fn old_and_new_spellings_shard_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, args: &[&str]| {
        let o = goti(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let p = dir.path().join(name);
        std::fs::write(&p, o.stdout).unwrap();
        p.display().to_string()
    };
    let a = write(
        "a",
        &[
            "fuzz", "--games", "20", "--format", "json", "--shard", "1/2",
        ],
    );
    let b = write("b", &["fuzz", "--games", "20", "--json", "--shard", "2/2"]);
    merges(&[&a, &b]);
}

/// `goti merge` of these shard files exits 0.
fn merges(files: &[&str]) {
    let mut args = vec!["merge"];
    args.extend_from_slice(files);
    let o = goti(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
