//! The text of engine specs, `kind[:arg]` (`strong:30ms:t2`, `greedy`), as
//! the games' own parsers read it, and of tuning overrides
//! (`name=value,...`).

use std::fmt::Display;

use crate::generic::Limit;

/// A spec's text: its kind (before the first `:`), its argument (after
/// it), and the specs its parser knows, for errors.
#[derive(Clone, Copy, Debug)]
pub struct SpecText<'a> {
    pub kind: &'a str,
    pub arg: &'a str,
    text: &'a str,
    usage: &'a str,
}

impl<'a> SpecText<'a> {
    /// `text` for a parser of the specs `usage` lists.
    pub fn new(text: &'a str, usage: &'a str) -> SpecText<'a> {
        let (kind, arg) = text.split_once(':').unwrap_or((text, ""));
        SpecText {
            kind,
            arg,
            text,
            usage,
        }
    }

    /// The error of a spec the parser does not know.
    pub fn bad(&self) -> String {
        format!("bad engine {:?}: use {}", self.text, self.usage)
    }

    /// The error of a spec of a known kind, and why.
    pub fn bad_because(&self, why: impl Display) -> String {
        format!("{}: {why}", self.bad())
    }

    /// `spec`, for a kind that takes no argument.
    pub fn plain<T>(&self, spec: T) -> Result<T, String> {
        if self.arg.is_empty() {
            Ok(spec)
        } else {
            Err(self.bad_because(format!("{} takes no argument", self.kind)))
        }
    }

    /// The argument as a limit.
    pub fn limit(&self) -> Result<Limit, String> {
        self.arg.parse().map_err(|e| self.bad_because(e))
    }

    /// The argument as a tree search's limit, a time or iterations (`None`
    /// for no argument gives `default`, if any).
    pub fn tree_limit(&self, default: Option<Limit>) -> Result<Limit, String> {
        match (self.arg, default) {
            ("", Some(limit)) => Ok(limit),
            ("", None) => Err(self.bad_because("give a time or iterations")),
            _ => match self.limit()? {
                Limit::Depth(_) => Err(self.bad_because("MCTS has no depth")),
                limit => Ok(limit),
            },
        }
    }
}

/// Reads `name=value,...` overrides (the tuning aids behind
/// `ATOM4_WEIGHTS`, `CHAIN_WEIGHTS`, `ATOMAS_WEIGHTS`): `set(name, value)`
/// for each, whose error stops the reading.
pub fn each_override(
    text: &str,
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), String> {
    for item in text.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or(format!("{item:?} is not name=value"))?;
        set(name, value).map_err(|e| format!("{item:?}: {e}"))?;
    }
    Ok(())
}

/// What is wrong with a spec type (`S`), for its tests: each spec of
/// `good` that does not read, or does not write back the same, and each
/// spec of `bad` that reads, or the empty spec (specs separated by
/// spaces).
pub fn spec_mistakes<S>(good: &str, bad: &str) -> Vec<String>
where
    S: std::str::FromStr + Display,
{
    let mut mistakes = Vec::new();
    for text in good.split_whitespace() {
        match text.parse::<S>() {
            Ok(spec) if spec.to_string() == text => {}
            Ok(spec) => mistakes.push(format!("{text:?} writes back as {spec}")),
            Err(_) => mistakes.push(format!("{text:?} does not read")),
        }
    }
    for text in bad.split_whitespace().chain([""]) {
        if let Ok(spec) = text.parse::<S>() {
            mistakes.push(format!("{text:?} reads as {spec}"));
        }
    }
    mistakes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_texts_split_and_say_what_is_known() {
        let spec = SpecText::new("mcts:n500:x", "greedy, mcts:<limit>");
        assert_eq!((spec.kind, spec.arg), ("mcts", "n500:x"));
        assert!(spec.bad().contains("\"mcts:n500:x\"") && spec.bad().contains("greedy"));
        let plain = SpecText::new("greedy:3", "greedy");
        assert!(plain.plain(()).unwrap_err().contains("takes no argument"));
        assert_eq!(SpecText::new("greedy", "").plain(7), Ok(7));
        let tree = |text| SpecText::new(text, "mcts").tree_limit(None);
        assert_eq!(tree("mcts:n5"), Ok(Limit::Nodes(5)));
        assert!(tree("mcts:d3").unwrap_err().contains("no depth"));
        assert!(tree("mcts").is_err());
        let default = SpecText::new("mcts", "mcts").tree_limit(Some(Limit::Nodes(9)));
        assert_eq!(default, Ok(Limit::Nodes(9)));
    }

    #[test]
    fn overrides_read_name_value_pairs() {
        let mut seen = Vec::new();
        each_override("a=1,,b=2", |n, v| {
            seen.push((n.to_string(), v.to_string()));
            Ok(())
        })
        .unwrap();
        assert_eq!(seen.len(), 2);
        assert!(each_override("a", |_, _| Ok(())).is_err());
        let refused = each_override("a=x", |_, _| Err("not a number".into()));
        assert_eq!(refused, Err("\"a=x\": not a number".to_string()));
    }
}
