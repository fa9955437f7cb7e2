//! A model of a CI runner's parser of workflow commands (GitHub Actions'
//! `::name ...::` and `##[name`): what `goti fuzz` looks for in every
//! reporter's output, which must hold none but goti's own annotations.

/// The workflow commands a GitHub Actions runner would read in `log`: a
/// line (ended by `\n`, `\r\n` or a lone `\r`) whose first non-blank
/// characters are `::name ...::`, or that holds `##[name` anywhere.
pub fn workflow_commands(log: &str) -> Vec<String> {
    let mut out = Vec::new();
    let name_of = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect()
    };
    for line in log.split('\n').flat_map(|l| l.split('\r')) {
        if let Some(rest) = line.trim_start().strip_prefix("::") {
            let name = name_of(rest);
            if !name.is_empty() && rest[name.len()..].contains("::") {
                out.push(name);
            }
        }
        let mut at = 0;
        while let Some(i) = line[at..].find("##[") {
            let name = name_of(&line[at + i + 3..]);
            if !name.is_empty() {
                out.push(format!("##[{name}"));
            }
            at += i + 3;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_runner_model_reads_both_command_forms_and_a_lone_cr() {
        use super::workflow_commands as wc;
        assert_eq!(wc("  ::error file=x::boom"), ["error"]);
        assert_eq!(wc("text ##[add-mask]FAIL"), ["##[add-mask"]);
        assert_eq!(wc("ok\r::set-output name=x::y"), ["set-output"]);
        assert!(wc("ok   a.goti:1 # #[add-mask] : :x::").is_empty());
    }
}
