//! The build's identity for shard headers (`goti merge` refuses shards of
//! different builds): the package version and a hash of the source that
//! makes the binary (src/, the layer crates in crates/, grammar/, Cargo.toml, Cargo.lock). Stable for one
//! source however often it is built; different for any change to it.

use std::hash::Hasher;
use std::path::Path;

/// FNV-1a over bytes (std's hashers are not stable across releases).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => walk(&p, out),
            Ok(t) if t.is_file() => out.push(p),
            _ => {}
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["src", "crates", "grammar"] {
        walk(&root.join(d), &mut files);
        println!("cargo:rerun-if-changed={d}");
    }
    for f in ["Cargo.toml", "Cargo.lock", "build.rs"] {
        files.push(root.join(f));
        println!("cargo:rerun-if-changed={f}");
    }
    files.sort();
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for f in &files {
        let rel = f.strip_prefix(root).unwrap_or(f);
        h.write(rel.to_string_lossy().as_bytes());
        h.write(&[0]);
        h.write(&std::fs::read(f).unwrap_or_default());
        h.write(&[0]);
    }
    println!(
        "cargo:rustc-env=GOTI_BUILD={}+src.{:016x}",
        env!("CARGO_PKG_VERSION"),
        h.finish()
    );
}
