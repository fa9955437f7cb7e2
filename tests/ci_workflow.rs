//! The workflows `goti init` writes, run step by step here (issue 51): a
//! new project, its copy of goti's action, the scenarios job and the
//! comment job of a pull request from a fork, against a fake `gh` (a
//! GitHub of one pull request and its comments, answering `gh api` through
//! the real `jq`) and a fake event. Each `run:` script is the one in the
//! written YAML, with its `env:` evaluated from the fake event.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod support;
use support::git;

/// A workflow or action file as YAML.
fn yaml(path: &Path) -> serde_yaml::Value {
    serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The step named `name` (or whose `uses` is `name`) of `steps`.
fn step<'a>(steps: &'a serde_yaml::Value, name: &str) -> &'a serde_yaml::Value {
    steps
        .as_sequence()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name || s["uses"] == name)
        .unwrap_or_else(|| panic!("no step {name}"))
}

/// The fake runner: a project, a runner's files, the `gh` on the PATH.
struct Runner {
    project: PathBuf,
    temp: PathBuf,
    bin: PathBuf,
    home: PathBuf,
    /// The `${{ ... }}` expressions the steps may use, with their values.
    context: BTreeMap<&'static str, String>,
}

impl Runner {
    /// Runs one step's `run:` script in `dir` as the runner would: bash
    /// with `-e`, the workflow's and the step's `env:`, the runner's files.
    /// Returns the exit code and what it printed.
    fn run(
        &self,
        step: &serde_yaml::Value,
        env: &[&serde_yaml::Value],
        dir: &Path,
    ) -> (i32, String) {
        let script = step["run"].as_str().expect("a run step");
        let mut cmd = Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
            .current_dir(dir)
            .env("PATH", self.path())
            .env("HOME", &self.home)
            .env("CI", "true")
            .env("NO_COLOR", "1")
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", &self.temp)
            .env("GITHUB_OUTPUT", self.temp.join("output"))
            .env("GITHUB_PATH", self.temp.join("path"))
            .env("GITHUB_STEP_SUMMARY", self.temp.join("summary.md"))
            .env("GH_STATE", self.temp.join("github"));
        for block in env.iter().copied().chain([&step["env"]]) {
            for (k, v) in block.as_mapping().into_iter().flatten() {
                cmd.env(k.as_str().unwrap(), self.eval(v.as_str().unwrap()));
            }
        }
        let out = cmd.output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code().unwrap_or(-1), text)
    }

    /// A value with its `${{ expr }}` parts replaced from the context; an
    /// expression the test does not know fails it.
    fn eval(&self, value: &str) -> String {
        let mut out = String::new();
        let mut rest = value;
        while let Some(at) = rest.find("${{") {
            out.push_str(&rest[..at]);
            let end = rest[at..].find("}}").unwrap() + at;
            let expr = rest[at + 3..end].trim();
            out.push_str(
                self.context
                    .get(expr)
                    .unwrap_or_else(|| panic!("the test knows no value of `{expr}`")),
            );
            rest = &rest[end + 2..];
        }
        out.push_str(rest);
        out
    }

    /// The PATH: the fake `gh`, what earlier steps added, then the system's.
    fn path(&self) -> String {
        let added = std::fs::read_to_string(self.temp.join("path")).unwrap_or_default();
        let mut parts: Vec<String> = added.lines().rev().map(str::to_string).collect();
        parts.insert(0, self.bin.display().to_string());
        parts.push(std::env::var("PATH").unwrap());
        parts.join(":")
    }

    fn gh_log(&self) -> String {
        std::fs::read_to_string(self.temp.join("github/log")).unwrap_or_default()
    }

    fn comments(&self) -> serde_json::Value {
        serde_json::from_str(
            &std::fs::read_to_string(self.temp.join("github/comments.json")).unwrap(),
        )
        .unwrap()
    }
}

/// A fake `gh api` over one repository's pull request: `pulls/N` (its
/// head commit), `issues/N/comments` (list, `--paginate --jq`), POST a
/// comment and PATCH one, each `-F body=@FILE`; every call logged. State
/// in `$GH_STATE`: `head-sha`, `comments.json`, `log`.
const FAKE_GH: &str = r#"#!/usr/bin/env bash
set -euo pipefail
echo "gh $*" >> "$GH_STATE/log"
[ "$1" = api ] || { echo "fake gh: only gh api" >&2; exit 9; }
shift
method=GET; jq_expr=.; body=""; path=""
while [ $# -gt 0 ]; do
  case "$1" in
    --method) method=$2; shift 2 ;;
    --jq) jq_expr=$2; shift 2 ;;
    --paginate) shift ;;
    -F) body=$(cat "${2#body=@}"); shift 2 ;;
    *) path=$1; shift ;;
  esac
done
comments="$GH_STATE/comments.json"
[ -f "$comments" ] || echo '[]' > "$comments"
case "$method $path" in
  "GET repos/owner/game/pulls/7")
    jq -n --arg sha "$(cat "$GH_STATE/head-sha")" '{head: {sha: $sha}}' | jq -r "$jq_expr" ;;
  "GET repos/owner/game/issues/7/comments")
    jq -r "$jq_expr" "$comments" ;;
  "POST repos/owner/game/issues/7/comments")
    id=$(( $(jq length "$comments") + 100 ))
    jq --argjson id "$id" --arg body "$body" \
      '. + [{id: $id, user: {login: "github-actions[bot]"}, body: $body}]' "$comments" > "$comments.new"
    mv "$comments.new" "$comments"; echo "{\"id\": $id}" ;;
  PATCH\ repos/owner/game/issues/comments/*)
    id=${path##*/}
    jq -e --argjson id "$id" 'any(.[]; .id == $id)' "$comments" > /dev/null || { echo "no comment $id" >&2; exit 1; }
    jq --argjson id "$id" --arg body "$body" 'map(if .id == $id then .body = $body else . end)' "$comments" > "$comments.new"
    mv "$comments.new" "$comments"; echo "{\"id\": $id}" ;;
  *) echo "fake gh: no $method $path" >&2; exit 9 ;;
esac
"#;

/// A new royal project from `goti init`, committed, with `origin/main` at
/// that commit (the pull request's base), and the fake runner around it.
fn new_project(tmp: &Path) -> Runner {
    let project = tmp.join("game");
    let out = support::goti(tmp, &["init", "game", "--game", "royal"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    git(&project, &["add", "-A"]);
    git(&project, &["commit", "-qm", "goti project"]);
    git(&project, &["branch", "-M", "main"]);
    git(
        &project,
        &["update-ref", "refs/remotes/origin/main", "HEAD"],
    );
    let (temp, bin, home) = (tmp.join("runner"), tmp.join("bin"), tmp.join("home"));
    for d in [&temp, &bin, &home, &temp.join("github")] {
        std::fs::create_dir_all(d).unwrap();
    }
    let gh = bin.join("gh");
    std::fs::write(&gh, FAKE_GH).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).unwrap();
    // The action's cache of a source build, as a second run finds it: this
    // build's goti (building goti from source here would take minutes).
    std::fs::create_dir_all(home.join(".cargo-goti/bin")).unwrap();
    std::fs::copy(
        env!("CARGO_BIN_EXE_goti"),
        home.join(".cargo-goti/bin/goti"),
    )
    .unwrap();
    // A pull request from a fork: its head is another repository's branch.
    let event = serde_json::json!({
        "pull_request": {
            "number": 7,
            "head": {"repo": {"full_name": "outsider/game", "fork": true}, "ref": "patch-1"},
            "base": {"repo": {"full_name": "owner/game"}, "ref": "main"}
        }
    });
    std::fs::write(temp.join("event.json"), event.to_string()).unwrap();
    let mut context = BTreeMap::new();
    context.insert("github.base_ref", "main".to_string());
    context.insert("github.event.pull_request.number", "7".to_string());
    context.insert("github.token", "read-only-token".to_string());
    context.insert("github.repository", "owner/game".to_string());
    context.insert("github.action_repository", String::new());
    Runner {
        project,
        temp,
        bin,
        home,
        context,
    }
}

/// The scenarios job of `goti.yml` on the pull request: the action's
/// steps (install, then `goti run --format github`), the job summary, the
/// HTML report and the verdict. Returns the run's exit code and output.
fn scenarios_job(r: &mut Runner) -> (i32, String) {
    let wf = yaml(&r.project.join(".github/workflows/goti.yml"));
    let job = &wf["jobs"]["scenarios"];
    let steps = &job["steps"];
    let workflow_env = &wf["env"];
    // The action, with the inputs the workflow gives it.
    let uses = step(steps, "./.github/actions/goti");
    let action_dir = r.project.join(".github/actions/goti");
    let action = yaml(&action_dir.join("action.yml"));
    for (k, v) in action["inputs"].as_mapping().unwrap() {
        let given = uses["with"].get(k.as_str().unwrap());
        let value = given.unwrap_or(&v["default"]);
        let key: &'static str =
            Box::leak(format!("inputs.{}", k.as_str().unwrap()).into_boxed_str());
        r.context.insert(key, value.as_str().unwrap().to_string());
    }
    r.context.insert(
        "inputs.release-repository || github.action_repository",
        String::new(),
    );
    let asteps = &action["runs"]["steps"];
    // This job's calls of GitHub, from here on: there must be none.
    let _ = std::fs::remove_file(r.temp.join("github/log"));
    std::fs::write(r.temp.join("output"), "").unwrap();
    std::fs::write(r.temp.join("path"), "").unwrap();
    let install = step(asteps, "prebuilt goti");
    let mut install = install.clone();
    // `$GITHUB_ACTION_PATH` is the action's folder.
    install["run"] = serde_yaml::Value::String(
        install["run"]
            .as_str()
            .unwrap()
            .replace("$GITHUB_ACTION_PATH", &action_dir.display().to_string()),
    );
    let (code, out) = r.run(&install, &[], &r.project);
    assert_eq!(code, 0, "{out}");
    let output = std::fs::read_to_string(r.temp.join("output")).unwrap();
    assert_eq!(output, "installed=false\n", "no release repository: {out}");
    assert!(out.contains("building goti 0.1.0 from source"), "{out}");
    assert!(
        r.gh_log().is_empty(),
        "the install asked GitHub: {}",
        r.gh_log()
    );
    let build = step(asteps, "build goti from source");
    let (code, out) = r.run(build, &[], &r.project);
    assert_eq!(code, 0, "{out}");
    let goti = step(asteps, "goti ${{ inputs.command }}");
    let (run_code, run_out) = r.run(goti, &[], &r.project);
    assert!(
        std::fs::read_to_string(r.temp.join("output"))
            .unwrap()
            .contains(&format!("exit-code={run_code}")),
        "the action gives goti's exit code"
    );
    for name in ["Job summary", "HTML report", "The pull request's verdict"] {
        let s = step(steps, name);
        let (code, out) = r.run(s, &[workflow_env], &r.project);
        assert_eq!(code, 0, "{name}: {out}");
    }
    (run_code, run_out)
}

/// The comment job of `goti-comment.yml`, with the artifact downloaded
/// into its folder, for a run that checked `head_sha`. Returns its exit
/// code and output.
fn comment_job(r: &mut Runner, head_sha: &str) -> (i32, String) {
    comment_job_at(r, head_sha, head_sha)
}

/// [`comment_job`] where the pull request's head is now `pr_sha`.
fn comment_job_at(r: &mut Runner, head_sha: &str, pr_sha: &str) -> (i32, String) {
    let wf = yaml(&r.project.join(".github/workflows/goti-comment.yml"));
    let steps = &wf["jobs"]["comment"]["steps"];
    // actions/download-artifact: the artifact, alone, in an empty folder.
    let work = r.temp.join("comment-job");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("goti-verdict")).unwrap();
    for f in ["pr-number", "comment.md"] {
        std::fs::copy(
            r.project.join("goti-verdict").join(f),
            work.join("goti-verdict").join(f),
        )
        .unwrap();
    }
    r.context
        .insert("github.event.workflow_run.head_sha", head_sha.to_string());
    std::fs::write(r.temp.join("github/head-sha"), pr_sha).unwrap();
    let post = step(steps, "Post or update the goti comment");
    r.run(post, &[&wf["env"]], &work)
}

fn head(project: &Path) -> String {
    let out = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(project)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// `goti init`, then a pull request from a fork that changes a rule: the
/// scenarios job annotates and summarises, keeps the report and the
/// verdict (without a token that may write, and without calling GitHub);
/// the comment job posts one comment; a second push updates it.
#[test]
fn a_forks_pull_request_gets_one_comment_updated_on_each_push() {
    let tmp = tempfile::tempdir().unwrap();
    let mut r = new_project(tmp.path());
    // The pull request: capture pays 30 instead of 20.
    let rules = r.project.join("rules/royal.yaml");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, format!("{text}\njourney:\n  capture_value: 30\n")).unwrap();
    git(&r.project, &["commit", "-qam", "capture pays 30"]);

    let (code, out) = scenarios_job(&mut r);
    // The change fails the example scenario that expects 20: annotated.
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("::error file=scenarios/royal.goti"), "{out}");
    let summary = std::fs::read_to_string(r.temp.join("summary.md")).unwrap();
    assert!(summary.contains("### goti: FAILED"), "{summary}");
    assert!(
        summary.contains("| where | scenario | first problem |"),
        "{summary}"
    );
    assert!(summary.contains("### goti coverage: gaps"), "{summary}");
    assert!(summary.contains("| royal | `"), "{summary}");
    let report = std::fs::read_to_string(r.project.join("goti-report.html")).unwrap();
    assert!(
        report.starts_with("<!DOCTYPE html>"),
        "the HTML report artifact"
    );
    let verdict = std::fs::read_to_string(r.project.join("goti-verdict/comment.md")).unwrap();
    assert!(
        verdict.starts_with("<!-- goti-verdict -->\n### goti diff"),
        "{verdict}"
    );
    assert!(verdict.contains("`capture.points`"), "{verdict}");
    assert!(
        !verdict.contains("portal"),
        "a royal project's verdict: {verdict}"
    );
    assert!(verdict.contains("<summary>goti lint: "), "{verdict}");
    assert_eq!(
        std::fs::read_to_string(r.project.join("goti-verdict/pr-number")).unwrap(),
        "7\n"
    );
    // A fork's pull request takes the artifact path: the scenarios job
    // never called GitHub, and its workflow may not write.
    assert!(r.gh_log().is_empty(), "{}", r.gh_log());
    let text = std::fs::read_to_string(r.project.join(".github/workflows/goti.yml")).unwrap();
    assert!(!text.contains("pull_request_target"), "{text}");
    let wf = yaml(&r.project.join(".github/workflows/goti.yml"));
    assert_eq!(
        serde_yaml::to_string(&wf["permissions"]).unwrap(),
        "contents: read\n"
    );
    for (name, job) in wf["jobs"].as_mapping().unwrap() {
        assert!(job.get("permissions").is_none(), "{name:?} asks for more");
    }

    let sha = head(&r.project);
    let (code, out) = comment_job(&mut r, &sha);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("posted the goti comment on #7"), "{out}");
    let comments = r.comments();
    assert_eq!(comments.as_array().unwrap().len(), 1);
    let first = comments[0]["body"].as_str().unwrap().to_string();
    assert!(
        first.starts_with("<!-- goti-verdict -->\n### goti diff"),
        "{first}"
    );
    assert_eq!(first.matches("<!-- goti-verdict -->").count(), 1);

    // A second push: capture pays 40. The same comment, updated. The
    // project has turned lint off meanwhile, as the guide says to, at the
    // top of its workflow: the verdict has no lint part.
    let workflow = r.project.join(".github/workflows/goti.yml");
    let text = std::fs::read_to_string(&workflow).unwrap();
    assert!(text.contains("GOTI_LINT: \"true\""), "{text}");
    std::fs::write(
        &workflow,
        text.replace("GOTI_LINT: \"true\"", "GOTI_LINT: \"false\""),
    )
    .unwrap();
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(
        &rules,
        text.replace("capture_value: 30", "capture_value: 40"),
    )
    .unwrap();
    git(&r.project, &["commit", "-qam", "capture pays 40"]);
    scenarios_job(&mut r);
    let sha2 = head(&r.project);
    assert!(r.gh_log().is_empty(), "{}", r.gh_log());
    let (code, out) = comment_job(&mut r, &sha2);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("updated the goti comment 100 on #7"), "{out}");
    let comments = r.comments();
    assert_eq!(
        comments.as_array().unwrap().len(),
        1,
        "updated, not duplicated"
    );
    let second = comments[0]["body"].as_str().unwrap();
    assert_ne!(second, first);
    assert!(second.contains("40"), "{second}");
    assert!(!second.contains("goti lint"), "lint turned off: {second}");
    let log = r.gh_log();
    assert_eq!(log.matches("--method POST").count(), 0, "{log}");
    assert_eq!(log.matches("--method PATCH").count(), 1, "{log}");
}

/// The comment job trusts nothing in the artifact: a number that is not
/// one, or one of another pull request's commit, posts nothing.
#[test]
fn the_comment_job_refuses_an_artifact_it_cannot_trust() {
    let tmp = tempfile::tempdir().unwrap();
    let mut r = new_project(tmp.path());
    std::fs::create_dir_all(r.project.join("goti-verdict")).unwrap();
    std::fs::write(r.project.join("goti-verdict/comment.md"), "### goti diff\n").unwrap();
    for (number, sha_of_pr, says) in [
        ("7; touch pwned\n", "abc", "is not a number"),
        ("", "abc", "is not a number"),
        ("7\n", "def", "nothing posted"),
    ] {
        std::fs::write(r.project.join("goti-verdict/pr-number"), number).unwrap();
        // The workflow run checked abc; the pull request is at `sha_of_pr`.
        let (code, out) = comment_job_at(&mut r, "abc", sha_of_pr);
        assert_eq!(code, 1, "{number:?}: {out}");
        assert!(out.contains(says), "{number:?}: {out}");
        assert!(!r.temp.join("comment-job/pwned").exists());
    }
    assert!(!r.gh_log().contains("--method"), "{}", r.gh_log());
    // The comment workflow never checks out or runs the pull request's code.
    let wf = yaml(&r.project.join(".github/workflows/goti-comment.yml"));
    let job = &wf["jobs"]["comment"];
    assert_eq!(
        job["if"],
        "github.event.workflow_run.event == 'pull_request'"
    );
    assert!(wf["on"]["workflow_run"].is_mapping());
    for s in job["steps"].as_sequence().unwrap() {
        assert_ne!(s["uses"], "actions/checkout@v4", "{s:?}");
        let script = s["run"].as_str().unwrap_or("");
        assert!(
            !script.lines().any(|l| l.trim_start().starts_with("goti ")),
            "the comment job runs no goti: {script}"
        );
    }
}
