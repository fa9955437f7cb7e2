//! "Did you mean": the one way goti finds the word a user meant, for
//! keywords and rule IDs alike (optimal string alignment distance, so a swap
//! of two neighbours is one edit).

/// The candidate closest to `word` (case-insensitive), when it is close
/// enough to be what was meant: no suggestion for a word of one or two
/// letters, one edit for three or four, two for longer; never the word itself.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    if word.is_empty() || word.len() > 64 {
        return None;
    }
    let limit = match word.chars().count() {
        0..=2 => return None,
        3..=4 => 1,
        _ => 2,
    };
    candidates
        .into_iter()
        .filter(|c| !c.eq_ignore_ascii_case(&word))
        .map(|c| (strsim::osa_distance(&word, &c.to_ascii_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn close_words_only() {
        let words = ["move", "roll", "to", "capture.merge", "capture.sizes"];
        assert_eq!(closest("mvoe", words), Some("move"));
        assert_eq!(
            closest("ROLL", words),
            None,
            "the word itself is no suggestion"
        );
        assert_eq!(closest("no", words), None);
        assert_eq!(closest("capture.mrege", words), Some("capture.merge"));
        assert_eq!(closest("capture", words), None);
        assert_eq!(closest("", words), None);
    }
}
