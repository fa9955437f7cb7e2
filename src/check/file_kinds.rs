//! The fuzzer's inputs served as every kind of file a pull request can
//! bring: a regular file, a link, a FIFO, an oversized file, a folder linked
//! outside the project. Nothing may panic or hang; what must be refused is.

use crate::error::{Error, ErrorKind};

use crate::runner::{self, RunOptions};

/// What kind of file an input is served as.
#[derive(Clone, Copy, Debug)]
pub enum FileKind {
    Regular,
    /// A symbolic link to a regular file, found by a folder walk.
    Link,
    /// A FIFO with no writer: reading it would hang.
    Fifo,
    /// The input padded past the scenario file limit.
    Oversized,
    /// The scenario folder is a link to a folder outside the project.
    LinkedFolder,
}

impl FileKind {
    pub const ALL: [FileKind; 5] = [
        FileKind::Regular,
        FileKind::Link,
        FileKind::Fifo,
        FileKind::Oversized,
        FileKind::LinkedFolder,
    ];
}

/// Serves `input` as a file of `kind` in a fresh folder and runs the
/// folder: nothing may panic or hang, a link or FIFO is skipped, an
/// oversized file is refused. `Err` says what went wrong.
pub fn check_file_kind(input: &[u8], kind: FileKind) -> Result<(), Error> {
    Error::of(ErrorKind::Check, || {
        let dir = tempfile::tempdir().map_err(|e| format!("no temporary folder: {e}"))?;
        // A project folder (a repository's top) beside an outside folder.
        let project = dir.path().join("project");
        std::fs::create_dir_all(project.join(".git")).map_err(|e| e.to_string())?;
        let folder = project.join("scenarios");
        if let FileKind::LinkedFolder = kind {
            let outside = dir.path().join("outside");
            std::fs::create_dir(&outside).map_err(|e| e.to_string())?;
            std::fs::write(outside.join("fuzz.goti"), input).map_err(|e| e.to_string())?;
            std::os::unix::fs::symlink(&outside, &folder).map_err(|e| e.to_string())?;
            return match runner::discover_files(std::slice::from_ref(&folder), Some(&project)) {
                Err(e) if e.message.contains("outside the project") => Ok(()),
                Err(e) => Err(format!(
                    "a linked folder was refused for another reason: {e}"
                )),
                Ok(_) => Err("a folder linked outside the project was scanned".into()),
            };
        }
        std::fs::create_dir(&folder).map_err(|e| e.to_string())?;
        let file = folder.join("fuzz.goti");
        let aside = dir.path().join("aside.goti");
        let made = match kind {
            FileKind::Regular => std::fs::write(&file, input),
            FileKind::Link => std::fs::write(&aside, input)
                .and_then(|()| std::os::unix::fs::symlink(&aside, &file)),
            FileKind::Fifo => std::process::Command::new("mkfifo")
                .arg(&file)
                .status()
                .and_then(|s| {
                    s.success()
                        .then_some(())
                        .ok_or_else(|| std::io::Error::other("mkfifo failed"))
                }),
            FileKind::Oversized => {
                let mut big = input.to_vec();
                big.resize(runner::files::MAX_SCENARIO_BYTES as usize + 1, b'\n');
                std::fs::write(&file, big)
            }
            FileKind::LinkedFolder => unreachable!("a linked folder was served above"),
        };
        made.map_err(|e| format!("cannot make a {kind:?} file: {e}"))?;
        let result = std::panic::catch_unwind(|| {
            let found = runner::discover_files(std::slice::from_ref(&folder), Some(&project))?;
            let opts = RunOptions {
                skip_snapshots: true,
                ..RunOptions::default()
            };
            let reports = runner::play_each(&found.files, Some(1), None, &opts);
            Ok::<_, String>((found, reports))
        });
        let (found, reports) = result
            .map_err(|_| format!("panic on a {kind:?} file"))?
            .map_err(|e| format!("{kind:?}: {e}"))?;
        match kind {
            FileKind::Link | FileKind::Fifo if !found.files.is_empty() => {
                Err(format!("a {kind:?} was read in a folder walk"))
            }
            FileKind::Oversized
                if !reports.iter().any(|r| {
                    r.file_problems
                        .iter()
                        .any(|d| d.message.contains("at most"))
                }) =>
            {
                Err("an oversized file was not refused".into())
            }
            _ if reports
                .iter()
                .flat_map(|r| &r.file_problems)
                .any(|d| d.kind == runner::Kind::Internal) =>
            {
                Err(format!(
                    "goti failed on a {kind:?} file (an internal error)"
                ))
            }
            _ => Ok(()),
        }
    })
}
