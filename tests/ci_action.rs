//! goti in a game project's CI (issue 51): the action's install step
//! against a fake `gh` (a release's archive, checked by its SHA-256, put on
//! the PATH; no release: the source build is asked for), the action's
//! shape, and the release workflow's build being the one `.ci/run` makes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the action's install script as the runner would, with `gh` from
/// `bin` first on the PATH, its outputs to `temp`'s `output` and `path`.
fn run_install(bin: &Path, temp: &Path) -> std::process::ExitStatus {
    Command::new("bash")
        .arg(root().join("install-goti.sh"))
        .env(
            "PATH",
            format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
        )
        .env("RUNNER_OS", "Linux")
        .env("RUNNER_ARCH", "X64")
        .env("RUNNER_TEMP", temp)
        .env("GOTI_VERSION", "0.1.0")
        .env("ACTION_REPO", "owner/goti")
        .env("GITHUB_OUTPUT", temp.join("output"))
        .env("GITHUB_PATH", temp.join("path"))
        .status()
        .unwrap()
}

/// [`run_install`], which must succeed; its GITHUB_OUTPUT and GITHUB_PATH.
fn install(bin: &Path, temp: &Path) -> (String, String) {
    let (out, path) = (temp.join("output"), temp.join("path"));
    std::fs::write(&out, "").unwrap();
    std::fs::write(&path, "").unwrap();
    assert!(run_install(bin, temp).success());
    (
        std::fs::read_to_string(out).unwrap(),
        std::fs::read_to_string(path).unwrap(),
    )
}

fn fake_gh(bin: &Path, body: &str) {
    std::fs::create_dir_all(bin).unwrap();
    let gh = bin.join("gh");
    std::fs::write(&gh, format!("#!/usr/bin/env bash\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn the_action_installs_a_release_binary_checked_by_its_checksum() {
    let tmp = tempfile::tempdir().unwrap();
    // A release archive as the release workflow makes it.
    let assets = tmp.path().join("assets");
    let name = "goti-v0.1.0-x86_64-unknown-linux-gnu";
    std::fs::create_dir_all(assets.join(name)).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_goti"), assets.join(name).join("goti")).unwrap();
    let sh = |cmd: &str| {
        assert!(
            Command::new("bash")
                .args(["-c", cmd])
                .current_dir(&assets)
                .status()
                .unwrap()
                .success(),
            "{cmd}"
        )
    };
    sh(&format!(
        "tar czf {name}.tar.gz {name} && sha256sum {name}.tar.gz > {name}.tar.gz.sha256"
    ));
    // `gh release download TAG --repo R --pattern P --dir D`: copies the assets.
    let bin = tmp.path().join("bin");
    fake_gh(
        &bin,
        &format!(
            "[ \"$1 $2 $3\" = 'release download v0.1.0' ] || exit 9\n\
             while [ $# -gt 0 ]; do [ \"$1\" = --dir ] && dir=$2; shift; done\n\
             cp {0}/*.tar.gz {0}/*.sha256 \"$dir\"/",
            assets.display()
        ),
    );
    let temp = tmp.path().join("runner");
    std::fs::create_dir_all(&temp).unwrap();
    let (out, path) = install(&bin, &temp);
    assert_eq!(out, "installed=true\n");
    let on_path = PathBuf::from(path.trim());
    let o = Command::new(on_path.join("goti"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("0.1.0"),
        "{o:?}"
    );

    // A damaged archive fails its checksum: the step fails, nothing installed.
    sh(&format!("echo x >> {name}.tar.gz"));
    let temp = tmp.path().join("runner2");
    std::fs::create_dir_all(&temp).unwrap();
    let status = run_install(&bin, &temp);
    assert!(!status.success(), "a checksum mismatch fails the step");
}

#[test]
fn without_a_release_the_action_asks_for_the_source_build() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = tmp.path().join("bin");
    fake_gh(&bin, "echo 'release not found' >&2; exit 1");
    let (out, path) = install(&bin, tmp.path());
    assert_eq!(out, "installed=false\n");
    assert_eq!(path, "");
}

#[test]
fn the_action_and_the_release_workflow_say_what_they_do() {
    let action: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(root().join("action.yml")).unwrap()).unwrap();
    assert_eq!(action["runs"]["using"], "composite");
    assert_eq!(
        action["inputs"]["version"]["default"],
        env!("CARGO_PKG_VERSION")
    );
    for input in ["version", "command", "args", "working-directory"] {
        assert!(
            action["inputs"][input]["description"].is_string(),
            "{input}"
        );
    }
    // A composite step that runs a script names its shell.
    for step in action["runs"]["steps"].as_sequence().unwrap() {
        if step.get("run").is_some() {
            assert_eq!(step["shell"], "bash", "{step:?}");
        }
    }
    // The release builds the binary .ci/run builds, and packages it.
    let release = std::fs::read_to_string(root().join(".github/workflows/release.yml")).unwrap();
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(ci.contains("cargo build --release --locked\n"));
    assert!(release.contains("run: cargo build --release --locked --target ${{ matrix.target }}"));
    assert!(release.contains("bin=\"target/${TARGET}/release/goti\""));
    for target in [
        "x86_64-unknown-linux-gnu",
        "aarch64-apple-darwin",
        "x86_64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(release.contains(&format!("target: {target}")), "{target}");
        // The action's installer knows each target the release makes.
        let script = std::fs::read_to_string(root().join("install-goti.sh")).unwrap();
        assert!(script.contains(&format!("target={target}")), "{target}");
    }
}

/// cargo-binstall's metadata names the archives the release workflow makes
/// and the action installs: for every target, `pkg-url`'s file and
/// `bin-dir` expanded as binstall expands them.
#[test]
fn binstall_metadata_names_the_release_archives() {
    // The manifest as cargo reads it (no TOML parser among the dependencies).
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let goti = all["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "goti")
        .unwrap();
    let meta = &goti["metadata"]["binstall"];
    let release = std::fs::read_to_string(root().join(".github/workflows/release.yml")).unwrap();
    assert!(release.contains("name=\"goti-${GITHUB_REF_NAME}-${TARGET}\""));
    for (target, ext, exe) in [
        ("x86_64-unknown-linux-gnu", "tar.gz", ""),
        ("aarch64-apple-darwin", "tar.gz", ""),
        ("x86_64-apple-darwin", "tar.gz", ""),
        ("x86_64-pc-windows-msvc", "zip", ".exe"),
    ] {
        assert!(
            release.contains(&format!("target: {target}, archive: {ext}")),
            "{target}"
        );
        let over = meta.get("overrides").and_then(|o| o.get(target));
        let pick = |key: &str| {
            over.and_then(|o| o.get(key))
                .unwrap_or(&meta[key])
                .as_str()
                .unwrap()
                .to_string()
        };
        let expand = |s: &str| {
            s.replace("{ repo }", "https://github.com/o/goti")
                .replace("{ version }", "0.1.0")
                .replace("{ target }", target)
                .replace("{ bin }", "goti")
                .replace("{ binary-ext }", exe)
        };
        let url = expand(&pick("pkg-url"));
        let name = format!("goti-v0.1.0-{target}");
        assert_eq!(
            url,
            format!("https://github.com/o/goti/releases/download/v0.1.0/{name}.{ext}")
        );
        assert_eq!(expand(&pick("bin-dir")), format!("{name}/goti{exe}"));
        assert_eq!(pick("pkg-fmt"), if ext == "zip" { "zip" } else { "tgz" });
    }
}
