//! What the sharded commands share: the shard a run is (`--shard`, else
//! Bazel's variables), this build's identity, and the header of a shard's
//! JSON result that `goti merge` checks.

/// `--shard`, else the shard Bazel's variables name (said in a note).
pub fn shard_of(
    arg: Option<crate::runner::shard::Shard>,
) -> Result<Option<crate::runner::shard::Shard>, String> {
    if arg.is_some() {
        return Ok(arg);
    }
    Ok(crate::runner::shard::Shard::from_env()
        .map_err(|e| e.to_string())?
        .map(|(s, note)| {
            errln!("{note}");
            s
        }))
}

/// This build of goti: its version and a hash of its source (build.rs).
/// A shard's header carries it; `goti merge` merges one build's shards only.
pub const BUILD: &str = env!("GOTI_BUILD");

/// The command line as goti read it: old spellings rewritten to the new
/// (`cli::spelling`), so shards started with either spelling are one run.
static READ_AS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

/// Keeps the command line as read (once, before the command runs).
pub(super) fn read_as(args: &[std::ffi::OsString]) {
    let _ = READ_AS.set(
        args.iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
    );
}

/// The command line as goti read it (the process's own where none was kept).
pub(super) fn command_line() -> Vec<String> {
    READ_AS
        .get()
        .cloned()
        .unwrap_or_else(|| std::env::args().collect())
}

/// The first line of a shard's JSON result: what `goti merge` checks.
pub fn shard_header(command: &str, shard: crate::runner::shard::Shard, rules: &str) -> String {
    let args = command_line();
    crate::shown::json(&serde_json::json!({"goti_shard": {
        "command": command,
        "build": BUILD,
        "shard": shard,
        "args": crate::runner::shard::args_fingerprint(&args),
        "rules": rules,
    }}))
}

/// The rules' fingerprint: each game's project rules, hashed.
pub fn fingerprint(layers: &crate::runner::play::ruleset::RuleLayers) -> String {
    let root = super::context::root(super::context::project().ok().flatten().as_ref());
    crate::engine::GameKind::ALL
        .iter()
        .map(|g| {
            let tree = crate::runner::play::ruleset::project_tree(*g, layers, &root)
                .map(|(t, _)| serde_json::to_string(&t).unwrap_or_default())
                .unwrap_or_else(String::from);
            format!("{g}:{:016x}", crate::runner::play::text_hash(&tree))
        })
        .collect::<Vec<_>>()
        .join(" ")
}
