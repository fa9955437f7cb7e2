//! `goti lsp` driven in memory (lsp-server's `Connection::memory`, as
//! rust-analyzer's slow tests do): every request the server answers, with
//! outcomes asserted and the responses kept as snapshots.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

const BRIEF: &str = "scenario \"merge capture on a shared tile\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battle 20\nexpect applied capture.merge\n";

struct Client {
    conn: Connection,
    server: Option<std::thread::JoinHandle<Result<(), String>>>,
    next: i32,
    /// Notifications received while waiting for responses.
    notes: Vec<Notification>,
    dir: tempfile::TempDir,
}

impl Client {
    fn start() -> Client {
        let (server, client) = Connection::memory();
        let handle =
            std::thread::spawn(move || goti::lsp::serve(&server).map_err(|e| e.to_string()));
        let mut c = Client {
            conn: client,
            server: Some(handle),
            next: 0,
            notes: vec![],
            dir: tempfile::tempdir().unwrap(),
        };
        let init = c.request(
            "initialize",
            json!({"capabilities": {}, "processId": null, "rootUri": null}),
        );
        assert!(
            init["capabilities"]["hoverProvider"].as_bool().unwrap(),
            "{init}"
        );
        c.notify("initialized", json!({}));
        c
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        self.conn
            .sender
            .send(Message::Request(Request::new(
                id.clone(),
                method.into(),
                params,
            )))
            .unwrap();
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(20))
                .expect("an answer")
            {
                Message::Response(Response {
                    id: got,
                    result,
                    error,
                }) if got == id => {
                    assert!(error.is_none(), "{method}: {error:?}");
                    return result.unwrap_or(Value::Null);
                }
                Message::Notification(n) => self.notes.push(n),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Message::Notification(Notification::new(
                method.into(),
                params,
            )))
            .unwrap();
    }

    /// The next diagnostics published for `uri` (waiting for them).
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            if let Some(i) = self.notes.iter().position(|n| {
                n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri
            }) {
                let n = self.notes.remove(i);
                return n.params["diagnostics"].as_array().unwrap().clone();
            }
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(20))
                .expect("diagnostics")
            {
                Message::Notification(n) => self.notes.push(n),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    fn file(&self, name: &str, text: &str) -> (PathBuf, String) {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let uri = lsp_types::Url::from_file_path(&path).unwrap().to_string();
        (path, uri)
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "goti", "version": 1, "text": text}}),
        );
    }

    /// Text with this test's folder written as `[dir]`.
    fn redact(&self, v: &Value) -> String {
        let dir = self.dir.path().canonicalize().unwrap();
        let text = serde_json::to_string_pretty(v).unwrap();
        let text = text.replace(&dir.display().to_string(), "[dir]");
        text.replace(&self.dir.path().display().to_string(), "[dir]")
    }

    fn stop(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r, Value::Null);
        self.notify("exit", Value::Null);
        let served = self.server.take().unwrap().join().unwrap();
        assert_eq!(served, Ok(()));
    }
}

fn at(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn doc_at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": at(line, character)})
}

/// The column of `needle` in line `line` of `text`.
fn col(text: &str, line: usize, needle: &str) -> u32 {
    text.lines().nth(line).unwrap().find(needle).unwrap() as u32
}

#[test]
fn hover_on_legal_says_what_the_rules_allow_there() {
    // ROYAL.md §10: next turn, exit G2 (one credit, exit.order), G1 3 either way.
    let text = "scenario \"legal\"\nplayers 2\nP1 G1 on 20, P1 credits 1, P1 store 3\nexpect legal count 4\nmove G1 3\nexpect legal: next turn\n";
    let mut c = Client::start();
    let (_, uri) = c.file("legal.goti", text);
    c.open(&uri, text);
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new());
    let h = c.request("textDocument/hover", doc_at(&uri, 3, col(text, 3, "legal")));
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(said.contains("4 legal actions"), "{h}");
    // After the move only `next turn` (move.choice).
    let h = c.request("textDocument/hover", doc_at(&uri, 5, col(text, 5, "legal")));
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(said.contains("1 legal action"), "{h}");
}

/// `expect legal:` completes the actions the rules allow at that line, less
/// those already listed, each replacing what was typed of it.
#[test]
fn completion_after_expect_legal_offers_what_the_rules_allow() {
    // ROYAL.md §10 by hand: next turn, exit G2 (one credit, exit.order:
    // the lowest guard in the Yard), G1 3 forward, G1 3 backward.
    let text = "scenario \"legal\"\nplayers 2\nP1 G1 on 20, P1 credits 1, P1 store 3\nexpect legal: next turn | mo\n";
    let mut c = Client::start();
    let (_, uri) = c.file("legal.goti", text);
    c.open(&uri, text);
    c.diagnostics(&uri);
    let line = text.lines().nth(3).unwrap();
    let items = c.request(
        "textDocument/completion",
        doc_at(&uri, 3, line.len() as u32),
    );
    let mut labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    labels.sort();
    assert_eq!(
        labels,
        ["exit G2", "move G1 3 backward", "move G1 3 forward"],
        "{items}"
    );
    let edit = &items[0]["textEdit"];
    assert_eq!(
        edit["range"]["start"]["character"],
        col(text, 3, "mo"),
        "{edit}"
    );
    assert_eq!(
        edit["range"]["end"]["character"],
        line.len() as u32,
        "{edit}"
    );
    c.stop();
}

#[test]
fn brief_line_hints_hovers_and_actions() {
    let mut c = Client::start();
    let (_, uri) = c.file("brief.goti", BRIEF);
    c.open(&uri, BRIEF);
    // Checked at once, then played after the idle: nothing to report.
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new());

    // The inlay hint after `move G2 4 forward`: P2's guard sent to the
    // Yard and the battle points (ROYAL.md capture.merge, capture.points).
    let hints = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {"start": at(0, 0), "end": at(5, 0)}}),
    );
    let hints = hints.as_array().unwrap();
    assert_eq!(hints.len(), 1, "{hints:?}");
    let label = hints[0]["label"].as_str().unwrap();
    assert!(label.contains("P2 G1 in yard"), "{label}");
    assert!(label.contains("P1 battle 20 (+20)"), "{label}");
    assert!(label.contains("P1 G2 on 23"), "{label}");
    assert_eq!(hints[0]["position"]["line"], 1);
    insta::assert_snapshot!("inlay_hints", c.redact(&Value::Array(hints.clone())));

    // Hover on a rule ID: its catalogue text and its clause in ROYAL.md.
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 4, col(BRIEF, 4, "merge")),
    );
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("standing own guards join a moving group"),
        "{text}"
    );
    assert!(text.contains("ROYAL.md:"), "{text}");
    insta::assert_snapshot!("hover_rule", c.redact(&h));

    // Hover on the moving guard: where it stood and where it stands.
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 1, col(BRIEF, 1, "G2 4") + 1),
    );
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("before: on 27"), "{text}");
    assert!(text.contains("after: on 23"), "{text}");

    // Hover on P2's guard in the expectation: where it is now.
    let h = c.request("textDocument/hover", doc_at(&uri, 2, col(BRIEF, 2, "G1")));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("P2 G1"), "{text}");
    assert!(text.contains("in yard"), "{text}");

    // Hover on tile 23: what it is and who stands there after the move.
    let h = c.request("textDocument/hover", doc_at(&uri, 1, col(BRIEF, 1, "23")));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("tile 23"), "{text}");
    assert!(text.contains("P1 G1, P1 G2"), "{text}");
    // Tile 52 is P1's entry (ROYAL.md board.entry), 44 a fort
    // (board.forts: 44, 31, 18, 5), 40 P2's junction (one Backward of its
    // entry 39, board.junction), 41 a plain tile.
    let probe = "scenario \"tiles\"\nP1 G1 on 52, P2 G1 on 44\nexpect P1 G1 on 52\nexpect P2 G1 on 44\nexpect tile 40 empty\nexpect tile 41 empty\n";
    let (_, tiles) = c.file("tiles.goti", probe);
    c.open(&tiles, probe);
    c.diagnostics(&tiles);
    let h = c.request("textDocument/hover", doc_at(&tiles, 2, col(probe, 2, "52")));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("P1's entry"),
        "{h}"
    );
    let h = c.request("textDocument/hover", doc_at(&tiles, 3, col(probe, 3, "44")));
    assert!(
        h["contents"]["value"].as_str().unwrap().contains("fort"),
        "{h}"
    );
    let h = c.request("textDocument/hover", doc_at(&tiles, 4, col(probe, 4, "40")));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("P2's junction"),
        "{h}"
    );
    let h = c.request("textDocument/hover", doc_at(&tiles, 5, col(probe, 5, "41")));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("a plain tile") && text.contains("nobody"),
        "{h}"
    );

    // Go to definition on the rule ID: its line in the rulebook.
    let d = c.request(
        "textDocument/definition",
        doc_at(&uri, 4, col(BRIEF, 4, "capture")),
    );
    let target = d["uri"].as_str().unwrap();
    assert!(target.ends_with("/ROYAL.md"), "{d}");
    let file = lsp_types::Url::parse(target)
        .unwrap()
        .to_file_path()
        .unwrap();
    let line = d["range"]["start"]["line"].as_u64().unwrap() as usize;
    // In a folder of this server's own that no other user can plant a file
    // in first (not a predictable shared one under the temporary folder).
    {
        use std::os::unix::fs::PermissionsExt;
        let folder = file.parent().unwrap();
        let mode = std::fs::metadata(folder).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{}", folder.display());
        let shared = std::env::temp_dir().join(format!("goti-{}-rules", env!("CARGO_PKG_VERSION")));
        assert_ne!(folder, shared.as_path());
    }
    let clause = std::fs::read_to_string(file).unwrap();
    assert!(clause
        .lines()
        .nth(line)
        .unwrap()
        .contains("`capture.merge`"));

    // Expect what happened: the observed outcome, only what holds.
    let a = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": at(1, 0), "end": at(1, 0)}, "context": {"diagnostics": []}}),
    );
    let edit = &a[0]["edit"]["changes"][&uri][0]["newText"];
    let edit = edit.as_str().unwrap();
    // The scenario states these already: not offered again.
    assert!(!edit.contains("expect P2 G1 in yard"), "{edit}");
    assert!(!edit.contains("expect P1 battle 20"), "{edit}");
    assert!(edit.contains("expect P1 G2 on 23"), "{edit}");
    assert!(edit.contains("# observed by goti"), "{edit}");
    insta::assert_snapshot!("code_action", c.redact(&a));

    // Code lenses: run (with its result).
    let lenses = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(lenses[0]["command"]["title"], "▶ run scenario: passed");
    let run = c.request("workspace/executeCommand", lenses[0]["command"].clone());
    assert_eq!(run["ok"], true, "{run}");

    // Document symbols: one per scenario.
    let s = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(s[0]["name"], "merge capture on a shared tile");
    c.stop();
}

#[test]
fn a_completion_replaces_the_whole_word_dotted_ids_included() {
    let mut c = Client::start();
    // The cursor after `move.e` inside `expect illegal(move.e)`, and inside
    // `capt|ure` of a half-typed keyword.
    let text =
        "scenario \"x\"\nplayers 2\nP1 G1 on 10\nexpect illegal(move.e) move G1 60\nexpect battl\n";
    let (_, uri) = c.file("w.goti", text);
    c.open(&uri, text);
    c.diagnostics(&uri);
    let items = c.request("textDocument/completion", doc_at(&uri, 3, 21));
    let item = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "move.exact-home")
        .cloned()
        .expect("move.exact-home is offered");
    let edit = &item["textEdit"];
    assert_eq!(edit["newText"], "move.exact-home");
    // `move.e` is columns 15-21 of line 3: replaced whole.
    assert_eq!(
        edit["range"]["start"],
        json!({"line": 3, "character": 15}),
        "{item}"
    );
    assert_eq!(
        edit["range"]["end"],
        json!({"line": 3, "character": 21}),
        "{item}"
    );
    let items = c.request("textDocument/completion", doc_at(&uri, 4, 10));
    let item = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "battle")
        .cloned()
        .expect("the keyword battle is offered");
    // `battl` (columns 7-12), the part after the cursor too.
    let edit = &item["textEdit"];
    assert_eq!(
        edit["range"]["start"],
        json!({"line": 4, "character": 7}),
        "{item}"
    );
    assert_eq!(
        edit["range"]["end"],
        json!({"line": 4, "character": 12}),
        "{item}"
    );
    // Every item carries an edit (no client is left to guess the word).
    for i in items.as_array().unwrap() {
        assert!(i["textEdit"].is_object(), "{i}");
    }
    c.stop();
}

#[test]
fn inlay_hints_stay_for_the_lines_before_a_broken_one() {
    let mut c = Client::start();
    // The brief's scenario, then one being typed: its last line is broken.
    let text = format!(
        "{BRIEF}\nscenario \"typing\"\nplayers 2\nP1 G1 on 40; move G1 3 forward\nexpect P1 G1 o\n"
    );
    let (_, uri) = c.file("typing.goti", &text);
    c.open(&uri, &text);
    c.diagnostics(&uri);
    let hints = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {"start": at(0, 0), "end": at(10, 0)}}),
    );
    let hints = hints.as_array().unwrap();
    let lines: Vec<u64> = hints
        .iter()
        .map(|h| h["position"]["line"].as_u64().unwrap())
        .collect();
    // The brief's move (line 1) and the new scenario's move (line 8).
    assert_eq!(lines, vec![1, 8], "{hints:?}");
    assert!(
        hints[1]["label"].as_str().unwrap().contains("P1 G1 on 37"),
        "{hints:?}"
    );
    c.stop();
}

#[test]
fn completion_formatting_and_changes() {
    let mut c = Client::start();
    let text = "scenario \"x\"\nP1 G1 on 10\nexpect illegal(\nset \n";
    let (_, uri) = c.file("c.goti", text);
    c.open(&uri, text);
    c.diagnostics(&uri);
    let items = c.request("textDocument/completion", doc_at(&uri, 2, 15));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"capture.merge"), "{labels:?}");
    assert!(labels.contains(&"move.exact-home"), "{labels:?}");
    let items = c.request("textDocument/completion", doc_at(&uri, 3, 4));
    let keys: Vec<(&str, &str)> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["label"].as_str().unwrap(), i["detail"].as_str().unwrap()))
        .collect();
    assert!(
        keys.contains(&("journey.capture_value", "now 20")),
        "{keys:?}"
    );
    // Keywords are the scenario's game's own: royal has no `toilet`.
    let items = c.request("textDocument/completion", doc_at(&uri, 1, 0));
    let words: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        words.contains(&"king") && words.contains(&"midpoint"),
        "{words:?}"
    );
    assert!(
        !words.contains(&"toilet") && !words.contains(&"goal"),
        "{words:?}"
    );

    // Formatting is `goti fmt`'s layout.
    let messy = "SCENARIO \"x\"\nP1 G1 ON 10 ;  MOVE G1 3\n";
    let (_, m) = c.file("m.goti", messy);
    c.open(&m, messy);
    c.diagnostics(&m);
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": m}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits[0]["newText"], goti::dsl::format::format(messy));
    insta::assert_snapshot!("formatting", c.redact(&edits));

    // An incremental change that makes a typo: the diagnostic `goti check`
    // gives for the same text, at the same place.
    let (path, b) = c.file("typo.goti", BRIEF);
    c.open(&b, BRIEF);
    assert_eq!(c.diagnostics(&b), Vec::<Value>::new());
    let typo_col = col(BRIEF, 3, "battle");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": b, "version": 2}, "contentChanges": [
            {"range": {"start": at(3, typo_col), "end": at(3, typo_col + 6)}, "text": "battel"}
        ]}),
    );
    let got = c.diagnostics(&b);
    assert_eq!(got.len(), 1, "{got:?}");
    let typo = BRIEF.replace("P1 battle", "P1 battel");
    std::fs::write(&path, &typo).unwrap();
    let check = cli_problem(&path, "check");
    assert_eq!(
        got[0]["range"]["start"]["line"],
        check["line"].as_u64().unwrap() - 1
    );
    assert_eq!(
        got[0]["range"]["start"]["character"],
        check["column"].as_u64().unwrap() - 1
    );
    assert_eq!(
        got[0]["code"],
        check["rule"]
            .as_str()
            .unwrap_or_else(|| check["code"].as_str().unwrap())
    );
    assert!(
        got[0]["message"].as_str().unwrap().contains("battle"),
        "{got:?}"
    );
    insta::assert_snapshot!("typo_diagnostic", c.redact(&Value::Array(got)));
    c.stop();
}

/// A played problem (a failed expectation) shows at its span after the idle.
#[test]
fn played_problems_show_where_run_reports_them() {
    let mut c = Client::start();
    let wrong = BRIEF.replace("P1 battle 20", "P1 battle 30");
    let (path, uri) = c.file("wrong.goti", &wrong);
    c.open(&uri, &wrong);
    assert_eq!(
        c.diagnostics(&uri),
        Vec::<Value>::new(),
        "checking finds nothing"
    );
    let played = c.diagnostics(&uri);
    assert_eq!(played.len(), 1, "{played:?}");
    let p = &cli_problem(&path, "run");
    assert_eq!(
        played[0]["range"]["start"]["line"],
        p["line"].as_u64().unwrap() - 1
    );
    assert_eq!(
        played[0]["range"]["start"]["character"],
        p["column"].as_u64().unwrap() - 1
    );
    assert!(
        played[0]["message"]
            .as_str()
            .unwrap()
            .contains("found P1 battle 20"),
        "{played:?}"
    );
    c.stop();
}

/// The first problem `goti COMMAND --format json` reports for a file.
fn cli_problem(path: &Path, command: &str) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_goti"));
    cmd.args([command, "--format", "json"]);
    if command == "run" {
        cmd.arg("--no-write");
    }
    let out = cmd
        .arg(path)
        .env_remove("CI")
        .current_dir(path.parent().unwrap())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find_map(|v| v["problems"].as_array().and_then(|p| p.first()).cloned())
        .unwrap_or_else(|| panic!("no problem in {text}"))
}

/// A file too large for goti gets the CLI's refusal as its diagnostic, not
/// a hang or a crash; a `rules file` with a bad value shows on the
/// statement that names it, pointing into the ruleset file.
#[test]
fn bounds_and_rules_file_problems() {
    let mut c = Client::start();
    let huge = format!(
        "scenario \"big\"\n{}",
        "# padding\n".repeat(goti::dsl::MAX_FILE_BYTES / 10 + 10)
    );
    let (_, uri) = c.file("huge.goti", "");
    c.open(&uri, &huge);
    let d = c.diagnostics(&uri);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0]["message"].as_str().unwrap().contains("bytes"), "{d:?}");

    std::fs::write(
        c.dir.path().join("bad.yaml"),
        "extends: royal\njourney:\n  capture_value: twenty\n",
    )
    .unwrap();
    let text = "scenario \"x\"\nrules file \"bad.yaml\"\nP1 G1 on 10\n";
    let (_, uri) = c.file("r.goti", text);
    c.open(&uri, text);
    let d = c.diagnostics(&uri);
    // The file's problem, and (as `goti check` says) which scenario it
    // stops: both on the `rules file` line.
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(d[0]["range"]["start"]["line"], 1, "{d:?}");
    assert_eq!(d[1]["range"]["start"]["line"], 1, "{d:?}");
    let message = d[0]["message"].as_str().unwrap();
    assert!(message.contains("bad.yaml:3:"), "{message}");
    assert!(message.contains("capture_value"), "{message}");
    let related = d[0]["relatedInformation"][0]["location"]["uri"]
        .as_str()
        .unwrap();
    assert!(related.ends_with("/bad.yaml"), "{d:?}");
    c.stop();
}

/// The built binary: `goti lsp` over standard input and output, exit 0
/// after shutdown and exit, 2 when the editor goes away mid-way.
#[test]
fn goti_lsp_over_stdio_exit_codes() {
    use std::io::Write;
    let frame = |v: Value| {
        let body = v.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let run = |input: String| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_goti"))
            .arg("lsp")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let init = frame(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    let initialized = frame(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let shutdown = frame(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    let exit = frame(json!({"jsonrpc": "2.0", "method": "exit"}));
    let o = run(format!("{init}{initialized}{shutdown}{exit}"));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("\"serverInfo\":{\"name\":\"goti\""), "{out}");
    // Only protocol on standard output: every frame has its header.
    assert!(out.starts_with("Content-Length: "), "{out}");
    let o = run(init.to_string());
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("goti lsp"));
}

/// Go to definition on `rules file "..."` opens that file; a scenario
/// whose snapshot `goti run` left pending gets an accept lens, which keeps
/// it (refused, keeping nothing, when the CI variable is set, as `goti
/// accept` is).
#[test]
fn rules_file_definition_and_accept_lens() {
    let mut c = Client::start();
    std::fs::create_dir_all(c.dir.path().join("scenarios")).unwrap();
    std::fs::write(c.dir.path().join("scenarios/mine.yaml"), "extends: royal\n").unwrap();
    let text = "scenario \"kept\"\nrules file \"mine.yaml\"\nplayers 2\nP1 G1 on 40; move G1 3 forward\nsnapshot\n";
    let (path, uri) = c.file("scenarios/kept.goti", text);
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .arg("run")
        .arg(&path)
        .current_dir(c.dir.path())
        .env_remove("CI")
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "a new snapshot: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    let pending = c.dir.path().join("snapshots/kept__kept.snap.new");
    assert!(pending.is_file(), "{}", String::from_utf8_lossy(&o.stdout));
    c.open(&uri, text);
    c.diagnostics(&uri);
    let d = c.request(
        "textDocument/definition",
        doc_at(&uri, 1, col(text, 1, "mine") + 1),
    );
    assert!(
        d["uri"].as_str().unwrap().ends_with("/scenarios/mine.yaml"),
        "{d}"
    );
    let lenses = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    let accept = lenses
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["command"]["title"] == "accept 1 pending snapshot(s)")
        .unwrap_or_else(|| panic!("{lenses}"))
        .clone();
    let r = c.request("workspace/executeCommand", accept["command"].clone());
    let kept = c.dir.path().join("snapshots/kept__kept.snap");
    if goti::runner::in_ci() {
        assert_eq!(r["ok"], false, "{r}");
        assert!(r["message"].as_str().unwrap().contains("CI"), "{r}");
        assert!(pending.is_file() && !kept.exists());
    } else {
        assert_eq!(r["ok"], true, "{r}");
        assert!(kept.is_file() && !pending.exists());
    }
    c.stop();
}

/// An editor that asks for hovers and hints on every keystroke does not
/// make the server replay the document on every keystroke: a request that
/// needs the played document waits until it has stood [`IDLE`] unedited.
#[test]
fn a_document_is_replayed_only_after_an_idle_pause() {
    let mut c = Client::start();
    let (_, uri) = c.file("idle.goti", BRIEF);
    c.open(&uri, BRIEF);
    for version in 2..5 {
        let sent = std::time::Instant::now();
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": BRIEF}]}),
        );
        let hover = c.request("textDocument/hover", doc_at(&uri, 1, 3));
        let waited = sent.elapsed();
        assert!(
            waited >= goti::lsp::IDLE,
            "answered {waited:?} after an edit: the document was replayed before {:?} without one",
            goti::lsp::IDLE
        );
        assert!(!hover.is_null(), "the hover of the played document");
    }
    c.stop();
}

/// A race game's description is checked where the scenario names it (the
/// key at fault, in the description), its scenarios' failures show where
/// `goti run` reports them, and a hover on one of RACE.md's rule IDs
/// gives the rule.
#[test]
fn a_race_description_is_checked_and_its_rules_hovered() {
    let mut c = Client::start();
    std::fs::write(
        c.dir.path().join("bad.yaml"),
        "extends: race\nenter:\n  values: [7]\n",
    )
    .unwrap();
    let text = "scenario \"x\"\nrules race\nrules file \"bad.yaml\"\nplayers 2\n";
    let (_, uri) = c.file("bad.goti", text);
    c.open(&uri, text);
    let d = c.diagnostics(&uri);
    assert!(!d.is_empty(), "{d:?}");
    assert_eq!(d[0]["range"]["start"]["line"], 2, "{d:?}");
    let message = d[0]["message"].as_str().unwrap();
    assert!(message.contains("bad.yaml:3:"), "{message}");
    assert!(message.contains("enter.values.0"), "{message}");
    assert!(message.contains("a die shows 1-6, not 7"), "{message}");

    std::fs::write(
        c.dir.path().join("ludo.yaml"),
        "extends: race\nobligations: []\nagain:\n  limit: 2\n",
    )
    .unwrap();
    // throw.limit: the second 6 in a row is forfeit; a wrong expectation
    // (G1 moved) fails where `goti run` says.
    let text = "scenario \"forfeit\"\nrules race\nrules file \"ludo.yaml\"\nplayers 2\nP1 G1 on 1, P1 G2 in goal 1, P1 G3 in goal 2, P1 G4 in goal 3\nroll 6\nmove G1\nroll 6\nexpect illegal(throw.limit) move G1\npass\nexpect P1 G1 on 13\n";
    let (path, uri) = c.file("forfeit.goti", text);
    c.open(&uri, text);
    assert_eq!(
        c.diagnostics(&uri),
        Vec::<Value>::new(),
        "checking finds nothing"
    );
    let played = c.diagnostics(&uri);
    assert_eq!(played.len(), 1, "{played:?}");
    let p = cli_problem(&path, "run");
    assert_eq!(
        played[0]["range"]["start"]["line"],
        p["line"].as_u64().unwrap() - 1
    );
    let said = played[0]["message"].as_str().unwrap();
    assert!(said.contains("found P1 G1 on 7"), "{said}");
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 8, col(text, 8, "throw.limit") + 2),
    );
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        said.contains("throw.limit") && said.contains("forfeit"),
        "{h}"
    );
    c.stop();
}

/// A description that names its own rule IDs (`names`): the scenario's
/// `expect illegal(...)` under that name is checked clean and played
/// clean, and hovering it shows the rule it names in RACE.md.
#[test]
fn a_description_s_own_rule_names_are_checked_and_hovered() {
    let mut c = Client::start();
    std::fs::write(
        c.dir.path().join("named.yaml"),
        "extends: race\nobligations: []\nagain:\n  limit: 2\nnames:\n  throw.limit: throw.forfeit\n",
    )
    .unwrap();
    let text = "scenario \"forfeit\"\nrules race\nrules file \"named.yaml\"\nplayers 2\nP1 G1 on 1, P1 G2 in goal 1, P1 G3 in goal 2, P1 G4 in goal 3\nroll 6\nmove G1\nroll 6\nexpect illegal(throw.forfeit) move G1\n";
    let (_, uri) = c.file("named.goti", text);
    c.open(&uri, text);
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new(), "checked");
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new(), "played");
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 8, col(text, 8, "throw.forfeit") + 2),
    );
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        said.contains("throw.forfeit") && said.contains("name for `throw.limit`"),
        "{h}"
    );
    assert!(said.contains("RACE.md:"), "{h}");
    // Completing a rule ID offers the description's names, not the ones
    // they replace.
    let items = c.request(
        "textDocument/completion",
        doc_at(&uri, 8, "expect illegal(throw.".len() as u32),
    );
    let labels: Vec<&str> = items
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert!(labels.contains(&"throw.forfeit"), "{items}");
    assert!(!labels.contains(&"throw.limit"), "{items}");
    c.stop();
}

/// A description's own place words (`words`): a scenario in them is
/// checked and played clean, a hover on a piece says where it stands in
/// them, and a place in maedn's words is a diagnostic naming the
/// description's places.
#[test]
fn a_description_s_own_place_words_are_checked_and_hovered() {
    let mut c = Client::start();
    std::fs::write(
        c.dir.path().join("own.yaml"),
        "extends: race\nwords:\n  base: nest\n  home: den\n",
    )
    .unwrap();
    // board.home: P1 G1 on 37 with a 4 reaches route 41, home field 2.
    let text = "scenario \"own words\"\nrules race\nrules file \"own.yaml\"\nplayers 2\nP1 G1 on 37\nroll 4\nmove G1\nexpect P1 G1 in den 2\nexpect P2 G1 in nest\n";
    let (_, uri) = c.file("own.goti", text);
    c.open(&uri, text);
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new(), "checked");
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new(), "played");
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 6, col(text, 6, "G1") + 1),
    );
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(said.contains("before: on 37"), "{h}");
    assert!(said.contains("after: in den 2"), "{h}");
    let h = c.request(
        "textDocument/hover",
        doc_at(&uri, 8, col(text, 8, "G1") + 1),
    );
    let said = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(said.contains("in nest"), "{h}");
    // After `in`, completion offers the description's places.
    let items = c.request(
        "textDocument/completion",
        doc_at(&uri, 8, "expect P2 G1 in ".len() as u32),
    );
    let labels: Vec<&str> = items
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(labels, ["nest", "den"], "{items}");
    // Royal's places after `in`: the yard (its home path is `on home N`).
    let royal = "scenario \"x\"\nP1 G1 on 3, P2 G1 on 5\nexpect P1 G1 in \n";
    let (_, royal_uri) = c.file("royal.goti", royal);
    c.open(&royal_uri, royal);
    let items = c.request(
        "textDocument/completion",
        doc_at(&royal_uri, 2, "expect P1 G1 in ".len() as u32),
    );
    let labels: Vec<&str> = items
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(labels, ["yard"], "{items}");

    let text = text.replace("in den 2", "in goal 2");
    let (_, uri) = c.file("maedn-words.goti", &text);
    c.open(&uri, &text);
    let d = c.diagnostics(&uri);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["range"]["start"]["line"], 7, "{d:?}");
    let message = d[0]["message"].as_str().unwrap();
    assert!(
        message.contains(
            "`goal` is not a place of race: its places are `on N`, `in nest` and `in den N`"
        ),
        "{message}"
    );
    c.stop();
}
