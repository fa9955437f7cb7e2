//! Every file goti reads comes through here: scenario files, ruleset files
//! and snapshots arrive in pull requests and are untrusted. A read is of a
//! regular file only (never a FIFO, device, socket or folder), opened once
//! without blocking, its size checked from metadata and enforced while
//! reading. A path written *inside* a file (a `rules file`) must also stay
//! inside the project, symbolic links resolved.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Scenario files larger than this are refused.
pub const MAX_SCENARIO_BYTES: u64 = crate::dsl::MAX_FILE_BYTES as u64;
/// Ruleset files (and `goti.yaml`) larger than this are refused.
pub const MAX_RULESET_BYTES: u64 = 1024 * 1024;
/// Snapshot files larger than this are refused.
pub const MAX_SNAPSHOT_BYTES: u64 = 1024 * 1024;

/// Why a file was not read. The message never quotes the file's content.
#[derive(Debug)]
pub enum ReadError {
    Missing,
    /// A folder, FIFO, device or socket.
    NotRegular(&'static str),
    TooLarge {
        size: u64,
        limit: u64,
    },
    /// The path leaves the project (through `..`, an absolute path or a link).
    Outside {
        root: PathBuf,
    },
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing => f.write_str("no such file"),
            ReadError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            ReadError::TooLarge { size, limit } => {
                write!(f, "it is {size} bytes; goti reads at most {limit} bytes here")
            }
            ReadError::Outside { root } => write!(
                f,
                "it is outside the project ({}); files named inside scenario and ruleset files must stay inside it",
                root.display()
            ),
            ReadError::Io(e) => write!(f, "{}", io_words(e)),
        }
    }
}

/// An I/O error in words, without the OS's error number.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::NotFound => "no such file".into(),
        _ => e.to_string(),
    }
}

/// What a non-regular file is, in words.
fn kind_of(meta: &std::fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a folder")
    } else if t.is_fifo() {
        Some("a FIFO")
    } else if t.is_socket() {
        Some("a socket")
    } else if t.is_block_device() || t.is_char_device() {
        Some("a device")
    } else {
        Some("not a regular file")
    }
}

/// Reads a regular file of at most `limit` bytes (symbolic links followed:
/// for paths the user typed). Never blocks on a FIFO, never reads past the limit.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e),
    })?;
    if let Some(kind) = kind_of(&meta) {
        return Err(ReadError::NotRegular(kind));
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    let file = open_nonblocking(path).map_err(ReadError::Io)?;
    // The file may have been swapped between the check and the open.
    let meta = file.metadata().map_err(ReadError::Io)?;
    if let Some(kind) = kind_of(&meta) {
        return Err(ReadError::NotRegular(kind));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// Opens for reading without blocking (a FIFO swapped in after the check
/// must not hang goti).
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const O_NONBLOCK: i32 = 0o4000;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const O_NONBLOCK: i32 = 0x0004;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
}

/// `path` with `.` and `..` taken out by their names alone (no link is
/// followed: the path may not exist in the working tree).
pub fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Whether a file name is a near miss of a scenario file's: not `*.goti`,
/// yet ending in `.goti` after case folding, after removing white space
/// and invisible characters (Unicode Zs and Cf), or after mapping
/// look-alike letters to their prototypes (UTS #39 skeletons). Such a file
/// hides a scenario from every command that scans a folder: a rename to
/// `captures.gotі` (Cyrillic і) would otherwise pass for a deletion.
pub fn near_miss_of_scenario_name(name: &std::ffi::OsStr) -> bool {
    const EXT: &str = ".goti";
    let name = name.to_string_lossy();
    if Path::new(&*name).extension().is_some_and(|x| x == "goti") {
        return false;
    }
    let folded: String = name
        .chars()
        .filter(|c| !c.is_whitespace() && !is_space_or_format(*c))
        .collect::<String>()
        .to_lowercase();
    if folded.ends_with(EXT) {
        return true;
    }
    let skeleton = |s: &str| -> String {
        unicode_security::skeleton(s)
            .collect::<String>()
            .to_lowercase()
    };
    skeleton(&folded).ends_with(&skeleton(EXT))
}

/// Unicode's space separators (Zs) and format characters (Cf).
fn is_space_or_format(c: char) -> bool {
    matches!(c as u32,
        0x0020 | 0x00A0 | 0x1680 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000
        | 0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x0890..=0x0891
        | 0x08E2 | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064
        | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD
        | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001
        | 0xE0020..=0xE007F)
}

/// `path` (as written inside a file, relative to `base`) resolved, links
/// included, and checked to lie inside `root`.
pub fn resolve_inside(root: &Path, base: &Path, path: &str) -> Result<PathBuf, ReadError> {
    let outside = || ReadError::Outside { root: root.into() };
    let canonical_root = root.canonicalize().map_err(|_| outside())?;
    let joined = base.join(path);
    // Outside by its name alone: refused before the file system is asked,
    // so whether an outside file exists is never told.
    let named = base
        .canonicalize()
        .map(|b| lexical(&b.join(path)))
        .map_err(|_| outside())?;
    if !named.starts_with(&canonical_root) {
        return Err(outside());
    }
    let full = joined.canonicalize().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e),
    })?;
    if full.starts_with(&canonical_root) {
        Ok(full)
    } else {
        Err(outside())
    }
}

/// Reads a file named inside another file: inside `root`, regular, limited.
pub fn read_inside(
    root: &Path,
    base: &Path,
    path: &str,
    limit: u64,
) -> Result<(PathBuf, Vec<u8>), ReadError> {
    let full = resolve_inside(root, base, path)?;
    let bytes = read_limited(&full, limit)?;
    Ok((full, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_of_the_scenario_extension() {
        for miss in [
            "captures.got\u{456}",
            "captures.goti\u{200b}",
            "captures.goti ",
            "captures.GOTI",
            "captures.Goti",
            "captures.g\u{43e}ti",
            "captures.\u{200d}goti\u{feff}",
            "captures. goti",
        ] {
            assert!(
                near_miss_of_scenario_name(std::ffi::OsStr::new(miss)),
                "{miss:?}"
            );
        }
        for fine in [
            "captures.goti",
            "notes.md",
            "captures.gotl",
            "goti.yaml",
            "x.goti.bak",
        ] {
            assert!(
                !near_miss_of_scenario_name(std::ffi::OsStr::new(fine)),
                "{fine:?}"
            );
        }
    }

    #[test]
    fn limits_kinds_and_containment() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.yaml"), b"name: royal\n").unwrap();
        std::fs::create_dir(root.join("sub")).unwrap();
        assert_eq!(
            read_limited(&root.join("a.yaml"), 100).unwrap(),
            b"name: royal\n"
        );
        assert!(matches!(
            read_limited(&root.join("a.yaml"), 4),
            Err(ReadError::TooLarge { size: 12, limit: 4 })
        ));
        assert!(matches!(
            read_limited(&root.join("sub"), 100),
            Err(ReadError::NotRegular("a folder"))
        ));
        assert!(matches!(
            read_limited(&root.join("none"), 100),
            Err(ReadError::Missing)
        ));
        assert!(matches!(
            read_limited(Path::new("/dev/zero"), 100),
            Err(ReadError::NotRegular("a device"))
        ));
        // Inside: fine; `..` out of the root, or an absolute path: refused.
        let sub = root.join("sub");
        assert!(read_inside(root, &sub, "../a.yaml", 100).is_ok());
        assert!(matches!(
            read_inside(&sub, &sub, "../a.yaml", 100),
            Err(ReadError::Outside { .. })
        ));
        assert!(matches!(
            read_inside(root, root, "/etc/passwd", 100),
            Err(ReadError::Outside { .. })
        ));
        // A link inside the tree pointing out of it is refused.
        std::os::unix::fs::symlink("/etc/passwd", root.join("sub/link.yaml")).unwrap();
        assert!(matches!(
            read_inside(root, &sub, "link.yaml", 100),
            Err(ReadError::Outside { .. })
        ));
    }
}
