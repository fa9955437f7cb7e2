//! A real editor as goti lsp's client: Neovim from Debian's packages,
//! headless, on a scenario with a typo. Its diagnostics (line, column,
//! code) must be those `goti check` prints, with the client set up by the
//! guide's snippet (docs/src/editors.md), and a hover on `capture.merge`
//! must show the rule's text. Feature `goti-stages/editor-test`: its own step of
//! `.ci/run`, which installs Neovim when missing.

use std::path::Path;
use std::process::Command;

const GOTI: &str = env!("CARGO_BIN_EXE_goti");

const TYPO: &str = "scenario \"merge capture on a shared tile\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battel 20\nexpect applied capture.merge\nexpect illegal() move G1 60\n";

#[test]
fn neovim_shows_check_diagnostics_and_rule_hovers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("typo.goti");
    std::fs::write(&file, TYPO).unwrap();
    let out = dir.path().join("out.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim/check.lua");
    let hover_col = TYPO.lines().nth(4).unwrap().find("capture").unwrap();
    // The guide's one line, with this checkout's plugin and this build's goti.
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/editors.md"))
            .unwrap();
    let snippet = guide
        .split("```lua\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("docs/src/editors.md has a lua block");
    assert_eq!(
        snippet.trim(),
        r#"vim.opt.runtimepath:append("/path/to/goti/editors/nvim")"#,
        "the guide's set-up is one line"
    );
    let init = dir.path().join("init.lua");
    std::fs::write(
        &init,
        format!(
            "vim.g.goti_cmd = {{ {GOTI:?}, \"lsp\" }}\n{}",
            snippet.replace("/path/to/goti", env!("CARGO_MANIFEST_DIR"))
        ),
    )
    .unwrap();
    let status = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg("-c")
        .arg(format!("luafile {}", script.display()))
        .arg(&file)
        .current_dir(dir.path())
        .env("GOTI_OUT", &out)
        .env("GOTI_HOVER_LINE", "4")
        .env("GOTI_HOVER_COL", hover_col.to_string())
        .env("GOTI_COMPLETE_LINE", "5")
        .env_remove("CI")
        .status()
        .expect("nvim (install Debian's neovim package)");
    assert!(status.success(), "nvim: {status}");
    let got: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(got["waited"], true, "no diagnostics arrived: {got}");

    // What `goti check` prints for the same file.
    let check = Command::new(GOTI)
        .args(["check", "--format", "json"])
        .arg(&file)
        .env_remove("CI")
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&check.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    let check: serde_json::Value = serde_json::from_str(&line).unwrap();
    let problem = &check["problems"][0];
    let diags = got["diagnostics"].as_array().unwrap();
    assert_eq!(
        diags.len(),
        check["problems"].as_array().unwrap().len(),
        "{got}"
    );
    assert_eq!(
        diags[0]["lnum"],
        problem["line"].as_u64().unwrap() - 1,
        "{got}"
    );
    assert_eq!(
        diags[0]["col"],
        problem["column"].as_u64().unwrap() - 1,
        "{got}"
    );
    assert_eq!(diags[0]["code"], problem["code"], "{got}");
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .contains("did you mean `battle`?"),
        "{got}"
    );

    let hover = got["hover"]
        .as_str()
        .unwrap_or_else(|| panic!("no hover: {got}"));
    assert!(
        hover.contains("standing own guards join a moving group for the capture check"),
        "{hover}"
    );
    // The plugin as it opens: file type, syntax, completion through the
    // server, the keys.
    assert_eq!(got["filetype"], "goti", "{got}");
    assert_eq!(got["syntax"], "goti", "{got}");
    assert_eq!(got["omnifunc"], "v:lua.vim.lsp.omnifunc", "{got}");
    assert_eq!(got["keys"]["K"], true, "{got}");
    assert_eq!(got["keys"]["gd"], true, "{got}");
    let completions: Vec<&str> = got["completions"]
        .as_array()
        .unwrap_or_else(|| panic!("{got}"))
        .iter()
        .filter_map(|c| c.as_str())
        .collect();
    assert!(completions.contains(&"move.exact-home"), "{got}");
}
