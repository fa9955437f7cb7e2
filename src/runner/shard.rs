//! `--shard K/N`: one machine's part of a run that several share (a CI
//! matrix). What a command iterates — a scenario, a mutant, a game seed, a
//! fuzz input — is in shard K when a stable hash of its name, modulo N, is
//! K - 1: the same on every machine and every run, whatever the order or
//! the number of cores. `goti merge` puts the shards' results together.

use crate::error::{Error, ErrorKind};
use std::fmt;

/// Shard `index` (1-based) of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: usize,
    pub total: usize,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.total)
    }
}

impl std::str::FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard, Error> {
        Error::of(ErrorKind::Input, || {
            let bad = || format!("`{s}`: write K/N with 1 <= K <= N, e.g. 2/3");
            let (k, n) = s.split_once('/').ok_or_else(bad)?;
            let (index, total): (usize, usize) = (
                k.trim().parse().map_err(|_| bad())?,
                n.trim().parse().map_err(|_| bad())?,
            );
            if index == 0 || total == 0 || index > total || total > 10_000 {
                return Err(bad());
            }
            Ok(Shard { index, total })
        })
    }
}

/// FNV-1a: stable across builds and machines.
fn hash(key: &str) -> u64 {
    key.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Shard {
    /// Whether the item named `key` is this shard's.
    pub fn takes(&self, key: &str) -> bool {
        hash(key) % self.total as u64 == (self.index - 1) as u64
    }

    /// The shard Bazel's `TEST_SHARD_INDEX` (0-based) and
    /// `TEST_TOTAL_SHARDS` name, when both are set: with the note to print.
    pub fn from_env() -> Result<Option<(Shard, String)>, Error> {
        Error::of(ErrorKind::Input, Self::from_env_words)
    }

    fn from_env_words() -> Result<Option<(Shard, String)>, String> {
        let (Ok(i), Ok(n)) = (
            std::env::var("TEST_SHARD_INDEX"),
            std::env::var("TEST_TOTAL_SHARDS"),
        ) else {
            return Ok(None);
        };
        let index: usize = i
            .trim()
            .parse()
            .map_err(|_| format!("TEST_SHARD_INDEX={i}: not a number"))?;
        let shard: Shard = format!("{}/{}", index + 1, n.trim())
            .parse()
            .map_err(|e| format!("TEST_SHARD_INDEX={i} TEST_TOTAL_SHARDS={n}: {e}"))?;
        Ok(Some((
            shard,
            format!(
                "note: sharding by TEST_SHARD_INDEX={i} and TEST_TOTAL_SHARDS={n}: shard {shard}"
            ),
        )))
    }
}

/// The same arguments on every shard: a fingerprint of the command line
/// without what differs between shards (`--shard`, `-o`/`--output`, `-j`/
/// `--jobs`), so `goti merge` can refuse shards of different runs.
pub fn args_fingerprint(args: &[String]) -> String {
    let mut kept = Vec::new();
    let mut skip = false;
    for a in args.iter().skip(1) {
        if skip {
            skip = false;
            continue;
        }
        let bare = a.split('=').next().unwrap_or(a);
        if matches!(bare, "--shard" | "-o" | "--output" | "-j" | "--jobs") {
            skip = !a.contains('=');
            continue;
        }
        kept.push(a.as_str());
    }
    format!("{:016x}", hash(&kept.join("\u{0}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_in_exactly_one_shard() {
        for n in 1..=5 {
            for k in 0..200 {
                let key = format!("scenarios/a.goti\u{0}scenario {k}");
                let owners = (1..=n)
                    .filter(|i| {
                        Shard {
                            index: *i,
                            total: n,
                        }
                        .takes(&key)
                    })
                    .count();
                assert_eq!(owners, 1);
            }
        }
        assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, total: 3 }));
        let a: Vec<String> = [
            "goti", "mutate", "--shard", "1/3", "-o", "x", "--format", "json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let b: Vec<String> = [
            "goti",
            "mutate",
            "--shard=2/3",
            "--format",
            "json",
            "-j",
            "2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(args_fingerprint(&a), args_fingerprint(&b));
    }
}
