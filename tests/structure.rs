//! The shape the code keeps (issue: a CLI that is only a shell): no file
//! under `src/cli/` over 500 lines, no function over 150 lines, one call
//! that plays files, no import circles between the modules of any crate,
//! no public library function returning a `String` error, and the crates'
//! manifests as ARCHITECTURE.md draws them, and a test build that turns on
//! no feature the build lacks.

use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.expect("src is readable");
        if e.path().extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(e.path()).expect("a source file");
            out.push((e.path().to_path_buf(), text));
        }
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The sources of the tool (`src/`) and of every layer crate (`crates/`).
fn all_sources() -> Vec<(PathBuf, String)> {
    let mut all = sources(&src());
    all.extend(sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("crates"),
    ));
    assert!(
        all.iter()
            .any(|(p, _)| p.ends_with("crates/engine/src/lib.rs")),
        "the engine crate's sources are read too"
    );
    all
}

/// Functions and their length in lines: from a line whose code starts with
/// `fn`/`pub fn`/`pub(..) fn` to the first line after it that is only the
/// closing brace at the same indentation.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let code = l.trim_start();
        let indent = &l[..l.len() - code.len()];
        let rest = code
            .strip_prefix("pub(crate) ")
            .or_else(|| code.strip_prefix("pub(super) "))
            .or_else(|| code.strip_prefix("pub "))
            .unwrap_or(code);
        let rest = rest.strip_prefix("const ").unwrap_or(rest);
        let Some(sig) = rest.strip_prefix("fn ") else {
            continue;
        };
        if l.trim_end().ends_with(';') {
            continue;
        }
        let name: String = sig
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(j) = lines[i + 1..].iter().position(|x| *x == close) {
            out.push((name, i + 1, j + 2));
        }
    }
    out
}

#[test]
fn no_function_is_over_150_lines() {
    let mut long = Vec::new();
    for (path, text) in all_sources() {
        for (name, line, len) in functions(&text) {
            if len > 150 {
                long.push(format!("{}:{line} {name}: {len} lines", path.display()));
            }
        }
    }
    assert!(long.is_empty(), "split these: {long:#?}");
}

#[test]
fn the_function_finder_finds_functions() {
    let text =
        "fn a() {\n    x();\n}\n\nimpl B {\n    pub(crate) fn c(&self) {\n        y();\n    }\n}\n";
    assert_eq!(
        functions(text),
        vec![("a".to_string(), 1, 3), ("c".to_string(), 6, 3)]
    );
    // The finder sees the long functions of the crate it checks.
    let all: usize = all_sources().iter().map(|(_, t)| functions(t).len()).sum();
    assert!(all > 1500, "only {all} functions found in src/ and crates/");
}

#[test]
fn every_file_under_cli_is_at_most_500_lines() {
    let long: Vec<String> = sources(&src().join("cli"))
        .into_iter()
        .filter(|(_, t)| t.lines().count() > 500)
        .map(|(p, t)| format!("{}: {} lines", p.display(), t.lines().count()))
        .collect();
    assert!(long.is_empty(), "{long:#?}");
}

#[test]
fn files_are_played_by_one_call() {
    // runner::play_files (and play_each over it) is the only way in; the
    // runner's own readers are private to it.
    let mut elsewhere = Vec::new();
    for (path, text) in sources(&src()) {
        if path.ends_with("runner/mod.rs") {
            continue;
        }
        for needle in ["run_file(", "run_file_under("] {
            if text.contains(needle) {
                elsewhere.push(format!("{} calls {needle}", path.display()));
            }
        }
    }
    assert!(elsewhere.is_empty(), "{elsewhere:#?}");
    let runner = std::fs::read_to_string(src().join("runner/mod.rs")).expect("runner");
    assert!(runner.contains("pub fn play_files<F>("));
    assert!(
        !runner.contains("pub fn run_file("),
        "run_file stays private"
    );
}

/// The return type of every `pub fn` (its signature up to the body, over
/// several lines where rustfmt splits it), by file.
fn public_returns(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        let code = l.trim_start();
        if ![
            "pub fn ",
            "pub const fn ",
            "pub async fn ",
            "pub unsafe fn ",
        ]
        .iter()
        .any(|p| code.starts_with(p))
        {
            continue;
        }
        let mut sig = String::new();
        for l in &lines[i..] {
            sig.push_str(l.trim());
            sig.push(' ');
            if l.trim_end().ends_with('{') || l.trim_end().ends_with(';') {
                break;
            }
        }
        // The return type: after the `->` that follows the parameters,
        // whose closing parenthesis is found by counting (a tuple in the
        // return type has parentheses too).
        let Some(open) = sig.find('(') else { continue };
        let mut depth = 0;
        let mut params_end = None;
        for (k, c) in sig[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        params_end = Some(open + k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(params_end) = params_end else {
            continue;
        };
        if let Some(arrow) = sig[params_end..].find("->") {
            out.push((i + 1, sig[params_end + arrow + 2..].trim().to_string()));
        }
    }
    out
}

#[test]
fn no_string_error_leaves_a_layer() {
    let mut found = Vec::new();
    for (path, text) in all_sources() {
        if path.starts_with(src().join("cli")) {
            continue;
        }
        for (line, ret) in public_returns(&text) {
            let ret = ret.trim_end_matches(['{', ';']).trim();
            let ret = ret.split(" where ").next().unwrap_or(ret).trim();
            if string_error(ret) {
                found.push(format!("{}:{line}: {ret}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "public functions outside the CLI returning String errors (use goti::Error, engine::Violation, RulesetError):\n{}",
        found.join("\n")
    );
    let probe = public_returns("pub fn a(\n    x: u8,\n) -> Result<u8, String> {\n");
    assert_eq!(probe, [(1, "Result<u8, String> {".to_string())]);
}

/// Whether a return type is a `Result` whose error is a `String`.
fn string_error(ret: &str) -> bool {
    let ret = ret.trim();
    (ret.starts_with("Result<") || ret.starts_with("std::result::Result<"))
        && (ret.ends_with(", String>") || ret.ends_with(",String>"))
}

/// The finder on planted violations: a tuple in the return type, a
/// `pub const fn`, a signature over several lines.
#[test]
fn the_string_error_finder_finds_planted_violations() {
    for planted in [
        "pub fn decode(bytes: &[u8]) -> Result<(Vec<u8>, u32, u32), String> {\n",
        "pub fn from_env() -> Result<Option<(Shard, String)>, String> {\n",
        "pub const fn c(x: (u8, u8)) -> Result<u8, String> {\n",
        "pub fn f(\n    x: (u8, u8),\n) -> Result<\n    (u8, u8), String> {\n",
    ] {
        let found: Vec<_> = public_returns(planted)
            .into_iter()
            .filter(|(_, r)| string_error(r.trim_end_matches(['{', ';']).trim()))
            .collect();
        assert_eq!(found.len(), 1, "missed: {planted:?}");
    }
    let fine = public_returns("pub fn g(x: (u8, u8)) -> Result<(u8, u8), crate::Error> {\n");
    assert!(!string_error(fine[0].1.trim_end_matches(['{', ';']).trim()));
}

/// The sibling modules named by inline paths (`super::report::shard_of(`)
/// outside `use` statements and comments.
fn inline_super_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        if code.trim_start().starts_with("use ") {
            continue;
        }
        for (i, _) in code.match_indices("super::") {
            // Not `super::super::` (a module above), not part of a longer path.
            if code[..i].ends_with("::") {
                continue;
            }
            let rest = &code[i + "super::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if rest[name.len()..].starts_with("::") && name != "super" {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn the_import_reader_finds_inline_paths() {
    let planted = "fn f() {\n    let h = super::report::shard_header(\"x\");\n    // super::trace::nothing()\n    let a = super::super::x::y;\n}\n";
    assert_eq!(inline_super_paths(planted), ["report"]);
}

#[test]
fn no_two_cli_modules_import_each_other() {
    let cli = src().join("cli");
    let mut uses: Vec<(String, Vec<String>)> = Vec::new();
    for (path, text) in sources(&cli) {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut mine = inline_super_paths(&text);
        // Each `use super::...;` statement whole (a group may span lines).
        let starts = text
            .match_indices("use super::")
            .filter(|(i, _)| text[..*i].ends_with('\n') || *i == 0);
        for (i, _) in starts {
            let statement = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e)];
            let rest = &statement["use super::".len()..];
            match rest.strip_prefix('{') {
                Some(group) => mine.extend(group.split(',').map(|m| {
                    m.trim()
                        .trim_end_matches('}')
                        .split("::")
                        .next()
                        .unwrap_or("")
                        .trim()
                        .to_string()
                })),
                None => mine.push(rest.split("::").next().unwrap_or("").trim().to_string()),
            }
        }
        uses.push((name, mine));
    }
    let imports = |a: &str, b: &str| uses.iter().any(|(n, m)| n == a && m.iter().any(|x| x == b));
    let mut cycles = Vec::new();
    for (a, mine) in &uses {
        for b in mine {
            if a < b && imports(b, a) {
                cycles.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        imports("commands", "balance"),
        "the import reader finds imports"
    );
    assert!(
        cycles.is_empty(),
        "cli modules importing each other: {cycles:?}"
    );
}

/// The names under a manifest's `[dependencies]` table.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut inside = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                out.push(name.trim().to_string());
            }
        }
    }
    out
}

#[test]
fn the_engine_core_depends_on_serde_alone() {
    // No I/O library, no pest, no miette, no serde_yaml: the engine cannot
    // parse or report; and it cannot name a game or the goti crate (Cargo
    // refuses the cycle), so no arrow goes back up.
    assert_eq!(dependencies(&manifest("crates/engine")), ["serde"]);
    let planted = "[package]\nname = \"x\"\n[dependencies]\nserde = \"1\"\n# note\npest = \"2\"\n[dev-dependencies]\nserde_yaml = \"0.9\"\n";
    assert_eq!(dependencies(planted), ["serde", "pest"]);
}

/// Each game is a crate on the core and serde alone: it cannot name
/// another game, the list or the tool. The list depends on the core and
/// on every game's crate, and nothing else.
#[test]
fn each_game_is_a_crate_on_the_core_alone() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/games");
    let mut crates: Vec<String> = std::fs::read_dir(&games)
        .expect("crates/games")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.join("rules/Cargo.toml").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    assert_eq!(crates, ["maedn", "portal", "race", "royal", "toy"]);
    for game in &crates {
        assert_eq!(
            dependencies(&manifest(&format!("crates/games/{game}/rules"))),
            ["goti-engine", "serde"],
            "goti-{game} depends on the engine core and serde alone"
        );
    }
    let mut list = dependencies(&manifest("crates/games/list"));
    list.sort();
    assert_eq!(
        list,
        [
            "goti-engine",
            "goti-maedn",
            "goti-portal",
            "goti-race",
            "goti-royal",
            "goti-toy"
        ]
    );
}

fn manifest(dir: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(dir)
            .join("Cargo.toml"),
    )
    .unwrap_or_else(|e| panic!("{dir}/Cargo.toml: {e}"))
}

/// A module's path inside its crate from its file's path under the crate's
/// `src/` (`cli/balance.rs` is `cli::balance`, `cli/mod.rs` is `cli`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The module paths a file's code names (`crate::`, `super::`, `self::`,
/// groups `{a, b::c}` opened), each resolved to the longest module of
/// `modules` it starts with. Comments and the `#[cfg(test)]` part are
/// left out: a test may use anything.
fn module_uses(me: &[String], text: &str, modules: &[Vec<String>]) -> Vec<Vec<String>> {
    let code: String = text
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut paths: Vec<String> = Vec::new();
    for head in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(head) {
            if code[..i]
                .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':' || c == '$')
            {
                continue;
            }
            expand(&code[i..], &mut paths);
        }
    }
    let mut out = Vec::new();
    for p in paths {
        let mut segs = p.split("::").map(str::trim).filter(|s| !s.is_empty());
        let mut base: Vec<String> = match segs.next() {
            Some("crate") => Vec::new(),
            Some("self") => me.to_vec(),
            // `super` of a file `a/b.rs` (or `a/b/mod.rs`) is `a`.
            Some("super") => me[..me.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        let mut rest: Vec<&str> = segs.collect();
        while rest.first() == Some(&"super") {
            base.pop();
            rest.remove(0);
        }
        for s in rest {
            let mut next = base.clone();
            next.push(s.to_string());
            if modules.contains(&next) {
                base = next;
            } else {
                break;
            }
        }
        // Uses of the module itself or of a module above it are not
        // arrows between siblings.
        if base.len() <= me.len() && me[..base.len()] == base[..] {
            continue;
        }
        out.push(base);
    }
    out
}

/// `crate::a::{b, c::d}` and the like as whole paths (`crate::a::b`,
/// `crate::a::c::d`); `text` starts at the path.
fn expand(text: &str, out: &mut Vec<String>) {
    let path: String = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let rest = &text[path.len()..];
    match (path.ends_with("::"), rest.strip_prefix('{')) {
        (true, Some(group)) => {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&format!("{path}{}", item.trim()), out);
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            if !item.trim().is_empty() {
                expand(&format!("{path}{}", item.trim()), out);
            }
        }
        _ => out.push(path),
    }
}

/// The circles of a graph of modules (Tarjan's strongly connected
/// components of more than one module).
fn circles(edges: &[(Vec<String>, Vec<Vec<String>>)]) -> Vec<Vec<String>> {
    let n = edges.len();
    let index_of = |m: &Vec<String>| edges.iter().position(|(k, _)| k == m);
    let next: Vec<Vec<usize>> = edges
        .iter()
        .map(|(_, to)| to.iter().filter_map(index_of).collect())
        .collect();
    // Tarjan's walk: (index, low link, on the stack, the stack, the next index).
    type Walk = (Vec<usize>, Vec<usize>, Vec<bool>, Vec<usize>, usize);
    fn visit(v: usize, next: &[Vec<usize>], st: &mut Walk, found: &mut Vec<Vec<usize>>) {
        st.0[v] = st.4;
        st.1[v] = st.4;
        st.4 += 1;
        st.3.push(v);
        st.2[v] = true;
        for &w in &next[v] {
            if st.0[w] == usize::MAX {
                visit(w, next, st, found);
                st.1[v] = st.1[v].min(st.1[w]);
            } else if st.2[w] {
                st.1[v] = st.1[v].min(st.0[w]);
            }
        }
        if st.1[v] == st.0[v] {
            let mut comp = Vec::new();
            while let Some(w) = st.3.pop() {
                st.2[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                found.push(comp);
            }
        }
    }
    let mut st: Walk = (
        vec![usize::MAX; n],
        vec![0; n],
        vec![false; n],
        Vec::new(),
        0,
    );
    let mut found = Vec::new();
    for v in 0..n {
        if st.0[v] == usize::MAX {
            visit(v, &next, &mut st, &mut found);
        }
    }
    let mut out: Vec<Vec<String>> = found
        .into_iter()
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&i| edges[i].0.join("::")).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// The module graph of one crate's sources (`files`: path under `src/`,
/// text).
fn module_graph(files: &[(PathBuf, String)]) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let modules: Vec<Vec<String>> = files.iter().map(|(p, _)| module_of(p)).collect();
    files
        .iter()
        .map(|(p, text)| {
            let me = module_of(p);
            let uses = module_uses(&me, text, &modules);
            (me, uses)
        })
        .collect()
}

/// No import circles: in every crate of the workspace, no module uses a
/// module that (through others) uses it back. A module may use the
/// modules above it (its `mod.rs` declares it).
#[test]
fn no_module_imports_circle_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let under = |dir: &Path, prefix: &str| -> Vec<(PathBuf, String)> {
        sources(dir)
            .into_iter()
            .map(|(p, t)| {
                (
                    Path::new(prefix).join(p.strip_prefix(dir).expect("under it")),
                    t,
                )
            })
            .collect()
    };
    // The goti crate: src/, and each game's tool part, a module of it
    // (`src/games.rs` declares `games::GAME` at `crates/games/GAME/tool/`).
    let mut goti = under(&root.join("src"), "");
    let mut crates = vec![
        (
            "crates/engine".to_string(),
            under(&root.join("crates/engine/src"), ""),
        ),
        (
            "crates/games/list".to_string(),
            under(&root.join("crates/games/list/src"), ""),
        ),
    ];
    let mut games = 0;
    for game in std::fs::read_dir(root.join("crates/games")).expect("crates/games") {
        let folder = game.expect("an entry").path();
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        if folder.join("rules/src").is_dir() {
            games += 1;
            crates.push((
                format!("crates/games/{name}/rules"),
                under(&folder.join("rules/src"), ""),
            ));
            goti.extend(under(&folder.join("tool"), &format!("games/{name}")));
        }
    }
    assert_eq!(games, 5, "the games' folders are read");
    crates.push(("goti".to_string(), goti));
    let mut found = Vec::new();
    for (name, files) in &crates {
        assert!(!files.is_empty(), "{name}: no sources read");
        for c in circles(&module_graph(files)) {
            found.push(format!("{name}: {}", c.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The circle finder on planted files: a circle of three through a group
/// and an inline `super::` path is found; uses of a module above, of a
/// test module and in comments are not arrows.
#[test]
fn the_circle_finder_finds_planted_circles() {
    let files = |list: &[(&str, &str)]| -> Vec<(PathBuf, String)> {
        list.iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect()
    };
    let planted = files(&[
        ("lib.rs", "mod cli;\nmod runner;\n"),
        ("cli/mod.rs", "mod a;\nmod b;\nmod c;\npub fn x() {}\n"),
        ("cli/a.rs", "use super::{b::B, x};\n"),
        ("cli/b.rs", "fn f() { super::c::g(); }\n"),
        ("cli/c.rs", "use crate::cli::a::A;\n"),
        ("runner/mod.rs", "// use crate::cli::a;\nuse super::cli::x;\n#[cfg(test)]\nmod tests { use crate::cli::b; }\n"),
    ]);
    assert_eq!(
        circles(&module_graph(&planted)),
        [["cli::a", "cli::b", "cli::c"]]
    );
    let clean = files(&[
        ("lib.rs", "mod cli;\n"),
        ("cli/mod.rs", "mod a;\nmod b;\nuse self::a::A;\n"),
        ("cli/a.rs", "use super::b::B;\nuse crate::cli::C;\n"),
        ("cli/b.rs", "// use super::a::A;\n"),
    ]);
    assert_eq!(circles(&module_graph(&clean)), Vec::<Vec<String>>::new());
}

/// The lines of the shared layers' code that name a game (its name as a
/// word, outside comments and test modules), by file: what is left of
/// games named outside their folders and the list. Pinned whole, so a new
/// one fails here and a removed one is struck from the list.
#[test]
fn games_named_outside_their_folders_are_the_known_few() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<(String, usize)> = Vec::new();
    let mut files = sources(&root.join("src"));
    files.extend(sources(&root.join("crates/engine/src")));
    for (path, text) in files {
        if path.ends_with("tests.rs") {
            continue;
        }
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let n = code
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .filter(|l| {
                l.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| {
                        matches!(
                            w,
                            "Royal" | "Portal" | "Maedn" | "royal" | "portal" | "maedn"
                        )
                    })
            })
            .count();
        if n > 0 {
            let rel = path.strip_prefix(root).expect("under the root");
            found.push((rel.to_string_lossy().replace('\\', "/"), n));
        }
    }
    found.sort();
    let known: &[(&str, usize)] = &[
        // A seed scenario of the text fuzzer (`rules portal`).
        ("src/check/fuzz.rs", 1),
        // OpenSpiel judges its maedn, the one game it has: the oracle, its
        // command's `--game` and its report lines.
        ("src/check/oracle.rs", 8),
        // balance's help for --policy points names a game that scores.
        ("src/cli/balance.rs", 1),
        ("src/cli/command_args.rs", 1),
        // `cargo xtask race-as-maedn` (and its --bench): race's default
        // description against the maedn it describes.
        ("src/cli/dev.rs", 4),
        // The commands' examples in `goti --help`.
        ("src/cli/help.rs", 13),
        ("src/cli/merge_play.rs", 1),
        ("src/cli/oracle.rs", 2),
        // Each game's tool part, declared from its folder.
        ("src/games.rs", 6),
    ];
    let known: Vec<(String, usize)> = known.iter().map(|(p, n)| (p.to_string(), *n)).collect();
    assert_eq!(
        found, known,
        "lines naming a game outside the games' folders"
    );
}

/// The members of `pub enum NAME` or `pub struct NAME` in `text`: each
/// variant or field, as written (the name before `(`, `{`, `:` or `,`).
fn members(text: &str, name: &str) -> Vec<String> {
    let start = ["enum", "struct"]
        .iter()
        .find_map(|kind| text.find(&format!("pub {kind} {name} {{")))
        .unwrap_or_else(|| panic!("`{name}` is declared"));
    let body = &text[start..];
    let body = &body[body.find('{').expect("a body") + 1..];
    let body = &body[..body.find("\n}").expect("the body ends at column 0")];
    body.lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(|l| l.trim().trim_start_matches("pub "))
        .filter(|l| !l.starts_with("//") && !l.starts_with("#["))
        .filter_map(|l| {
            let n: String = l
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!n.is_empty()).then_some(n)
        })
        .collect()
}

/// A member's name as a word's: `first_turn` and `FirstTurn` are one.
fn folded(name: &str) -> String {
    name.replace('_', "").to_lowercase()
}

/// The members of the shared unions a scenario's statements become that
/// are named as a word of the language only some games have (`Word`): what
/// is left of games' own words in them (issue 45). `Action`, `Setup`,
/// `SetupPart` and `Check` carry a game's own word as a generic `Own`
/// action, a `SetupFact` or a `Check::Own`; pinned whole, so a game word
/// that comes back as a member of its own fails here.
#[test]
fn the_shared_unions_name_no_games_word_but_the_known_few() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |rel: &str| std::fs::read_to_string(root.join(rel)).expect("a shared source");
    let words: Vec<String> = goti::engine::Word::ALL
        .iter()
        .map(|w| folded(&format!("{w:?}")))
        .collect();
    let unions = [
        ("crates/engine/src/action.rs", "Action"),
        ("crates/engine/src/action.rs", "OwnAction"),
        ("crates/engine/src/setup.rs", "Setup"),
        ("crates/engine/src/setup.rs", "SetupPart"),
        ("crates/engine/src/setup.rs", "SetupFact"),
        ("crates/engine/src/piece.rs", "Place"),
        ("crates/engine/src/event.rs", "What"),
        ("src/dsl/lower/mod.rs", "Check"),
        ("src/dsl/lower/mod.rs", "OwnCheck"),
    ];
    let mut found = Vec::new();
    for (file, name) in unions {
        let all = members(&read(file), name);
        assert!(!all.is_empty(), "{name} has members");
        for m in all {
            if words.contains(&folded(&m)) {
                found.push(format!("{name}::{m}"));
            }
        }
    }
    // `expect standings` and `expect legal: ...` are every game's words
    // (the list of pieces is a game's whose moves go by the die).
    assert_eq!(
        found,
        Vec::<String>::new(),
        "members of the shared unions named as a game's word"
    );
}

#[test]
fn the_member_reader_finds_planted_game_words() {
    let planted = "pub enum Action {\n    /// Guards leave.\n    Exit(Vec<PieceId>),\n    #[default]\n    NextTurn,\n    Own(OwnAction),\n}\n\npub struct Setup {\n    pub mode: Mode,\n    pub first_turn: bool,\n}\n";
    assert_eq!(members(planted, "Action"), ["Exit", "NextTurn", "Own"]);
    assert_eq!(members(planted, "Setup"), ["mode", "first_turn"]);
    assert_eq!(folded("first_turn"), folded("FirstTurn"));
}

/// Each package's feature lines (`name version features`) that `cargo
/// tree` shows for the default members along `edges`.
fn feature_lines(edges: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "--locked", "--offline", "-e", edges])
        .args(["--prefix", "none", "-f", "{p} {f}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_end_matches(" (*)").to_string())
        .filter(|l| !l.is_empty())
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

/// The packages of `lines` whose features differ between the two, each
/// with its two feature lists (`build` first).
fn feature_differences(build: &[String], test: &[String]) -> Vec<String> {
    let package = |l: &str| l.split(' ').take(2).collect::<Vec<_>>().join(" ");
    test.iter()
        .filter(|t| !build.contains(t))
        .filter(|t| build.iter().any(|b| package(b) == package(t)))
        .map(|t| {
            let was: Vec<&String> = build.iter().filter(|b| package(b) == package(t)).collect();
            format!("{t}  (cargo build: {was:?})")
        })
        .collect()
}

/// ARCHITECTURE.md's invariant: `cargo test` builds the goti `cargo build`
/// builds. No dev-dependency turns on a feature of a crate the build uses
/// (else every `cargo test` after a build compiles goti, and every crate
/// that changed under it, a second time).
#[test]
fn the_test_build_turns_on_no_feature_the_build_lacks() {
    let build = feature_lines("normal,build");
    let test = feature_lines("normal,build,dev");
    assert!(
        build.iter().any(|l| l.starts_with("clap ")) && test.len() > build.len(),
        "cargo tree shows the build's crates and the tests' beside them"
    );
    let differ = feature_differences(&build, &test);
    assert!(
        differ.is_empty(),
        "dev-dependencies turn on features the build lacks:\n{}",
        differ.join("\n")
    );
}

/// The finder on a planted difference: a dev-dependency's `glob` on a crate
/// the build has, and a crate only the tests use (no difference).
#[test]
fn the_feature_finder_finds_a_planted_difference() {
    let build = vec![
        "insta v1.0.0 colors".to_string(),
        "serde v1.0.0 std".to_string(),
    ];
    let test = vec![
        "insta v1.0.0 colors,glob".to_string(),
        "libtest-mimic v0.7.3 ".to_string(),
        "serde v1.0.0 std".to_string(),
    ];
    let differ = feature_differences(&build, &test);
    assert_eq!(differ.len(), 1, "{differ:?}");
    assert!(
        differ[0].starts_with("insta v1.0.0 colors,glob"),
        "{differ:?}"
    );
}
