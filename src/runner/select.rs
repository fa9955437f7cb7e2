//! Which scenarios a run plays: by tag (any of them, or all with
//! `all_tags`; case-insensitive like every word), not by `skip_tags`, by
//! name (a case-insensitive substring, or `/REGEX/`), and by `FILE:LINE`
//! (the scenario around that line). Decided from the parsed file, before
//! anything is played or written.

use crate::error::{Error, ErrorKind};
use std::path::{Path, PathBuf};

use crate::dsl::ast::{ScenarioFile, Stmt, StmtKind};

/// A name filter.
#[derive(Clone, Debug)]
pub enum NameFilter {
    /// Lower-case text the name must contain.
    Contains(String),
    Regex(regex::Regex),
}

impl NameFilter {
    /// `/REGEX/` is a regular expression; anything else a substring.
    pub fn parse(text: &str) -> Result<NameFilter, Error> {
        Error::of(ErrorKind::Input, || {
            match text
                .strip_prefix('/')
                .and_then(|t| t.strip_suffix('/'))
                .filter(|t| !t.is_empty())
            {
                Some(re) => regex::RegexBuilder::new(re)
                    .case_insensitive(true)
                    .size_limit(1 << 20)
                    .build()
                    .map(NameFilter::Regex)
                    .map_err(|e| format!("--name {text}: {e}")),
                None => Ok(NameFilter::Contains(text.to_lowercase())),
            }
        })
    }

    fn matches(&self, name: &str) -> bool {
        match self {
            NameFilter::Contains(t) => name.to_lowercase().contains(t.as_str()),
            NameFilter::Regex(r) => r.is_match(name),
        }
    }
}

/// What to play; the default plays everything.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Lower-case tags: a scenario with any of them (all, with `all_tags`).
    pub tags: Vec<String>,
    pub all_tags: bool,
    /// Lower-case tags that leave a scenario out.
    pub skip_tags: Vec<String>,
    pub name: Option<NameFilter>,
    /// `FILE:LINE`: the scenario around each line of a file.
    pub lines: Vec<(PathBuf, usize)>,
    /// `--shard K/N`: only this shard's scenarios (by file and name).
    pub shard: Option<crate::runner::shard::Shard>,
}

impl Selection {
    pub fn is_everything(&self) -> bool {
        self.tags.is_empty()
            && self.skip_tags.is_empty()
            && self.name.is_none()
            && self.lines.is_empty()
    }

    /// Whether the `i`th scenario of `file` (at `path`) is selected;
    /// `line_of` turns a byte offset into a line.
    pub fn selects(
        &self,
        path: &Path,
        file: &ScenarioFile,
        i: usize,
        line_of: impl Fn(usize) -> usize,
    ) -> bool {
        let sc = &file.scenarios[i];
        if let Some(shard) = &self.shard {
            if !shard.takes(&format!("{}\u{0}{}", path.display(), sc.name.value)) {
                return false;
            }
        }
        if self.is_everything() {
            return true;
        }
        let tags = tags_of(&file.header, &sc.statements);
        let has = |t: &String| tags.iter().any(|x| x == t);
        if !self.tags.is_empty() {
            let ok = if self.all_tags {
                self.tags.iter().all(has)
            } else {
                self.tags.iter().any(has)
            };
            if !ok {
                return false;
            }
        }
        if self.skip_tags.iter().any(has) {
            return false;
        }
        if self
            .name
            .as_ref()
            .is_some_and(|n| !n.matches(&sc.name.value))
        {
            return false;
        }
        let mine: Vec<usize> = self
            .lines
            .iter()
            .filter(|(p, _)| same_file(p, path))
            .map(|(_, l)| *l)
            .collect();
        if !self.lines.is_empty() {
            let first = line_of(sc.span.start);
            let next = file.scenarios.get(i + 1).map(|n| line_of(n.span.start));
            let around = |l: &usize| *l >= first && next.is_none_or(|n| *l < n);
            // A file named with a line selects only the scenarios around its lines.
            if mine.is_empty() || !mine.iter().any(around) {
                return false;
            }
        }
        true
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
}

/// A scenario's tags, its file header's included, in lower case.
pub fn tags_of(header: &[Stmt], statements: &[Stmt]) -> Vec<String> {
    header
        .iter()
        .chain(statements)
        .filter_map(|st| match &st.kind {
            StmtKind::Tags(t) => Some(t.iter().map(|x| x.to_lowercase())),
            _ => None,
        })
        .flatten()
        .collect()
}

/// `file.goti:10` as a file and a line, when the path itself is not a file.
pub fn file_and_line(arg: &Path) -> Option<(PathBuf, usize)> {
    if arg.exists() {
        return None;
    }
    let text = arg.to_str()?;
    let (file, line) = text.rsplit_once(':')?;
    let line: usize = line.parse().ok().filter(|&l| l > 0)?;
    let file = PathBuf::from(file);
    file.is_file().then_some((file, line))
}
