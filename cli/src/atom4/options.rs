//! The command line: the original's flags, ours, and the subcommands.

use std::time::Duration;

use atom4_arena::atom4_engines::StrongLimit;
use atom4_arena::EngineSpec;
use atom4_core::atom4::{classic, Player};

pub const USAGE: &str = "\
usage: atom4 [-a 1|2] [-d LEVEL] [-mt] [--engine classic|strong] [--time MS]
             [--size WxH] [--seed N] [--load FILE]
       atom4 play [--engine SPEC] [--engine SPEC] [--rounds N] [--size WxH] [--seed N]
       atom4 show [POSITION TEXT | --load FILE]
       atom4 -h

Play Atom-4 in the terminal (the original atom4 4.1's text mode, and more).
  -a 1|2          the computer plays that player (default: two humans)
  -d LEVEL        the classic level, 0..8 (default 2)
  -mt             text mode (the only mode here)
  --engine E      the computer's engine: classic (the original's levels, -d)
                  or strong (--time per move)
  --time MS       the strong engine's time per move (default 1000)
  --size WxH      board size, 2..16 each way (default 16x16)
  --seed N        seeds the engines' random choices (default: from the clock)
  --load FILE     resume a game saved with `s`
Keys: arrows move, Enter/Space place, u undo (a move pair against the
computer), h hint, s save (atom4-save.txt), n next round, q quit.

play: engines play each other and the game is printed. SPEC is random,
  classic:LEVEL, strong:MSms, strong:dDEPTH or strong:nNODES (default
  strong:200ms against classic:2).
show: prints a position (position text, or the end of a saved game).";

/// A parsed command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    Interactive(Interactive),
    Play(Batch),
    Show(Show),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Interactive {
    pub computer: Option<Player>,
    pub engine: EngineSpec,
    pub hint_engine: EngineSpec,
    pub size: (u8, u8),
    pub seed: Option<u64>,
    pub load: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    pub engines: [EngineSpec; 2],
    pub rounds: u32,
    pub size: (u8, u8),
    pub seed: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Show {
    Text(String),
    Load(String),
}

fn value<'a>(args: &mut impl Iterator<Item = &'a str>, flag: &str) -> Result<&'a str, String> {
    args.next().ok_or(format!("{flag} needs a value"))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: {text:?} is not a number"))
}

fn size(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("--size: {text:?} is not WxH with 2..16 each way");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u8, u8) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(2..=16).contains(&w) || !(2..=16).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut args = args.iter().map(String::as_str).peekable();
    match args.peek() {
        Some(&"play") => {
            args.next();
            return parse_play(args);
        }
        Some(&"show") => {
            args.next();
            let rest: Vec<&str> = args.collect();
            return match rest.as_slice() {
                ["--load", file] => Ok(Command::Show(Show::Load(file.to_string()))),
                [] => Err("show needs position text or --load FILE".into()),
                text => Ok(Command::Show(Show::Text(text.join(" ")))),
            };
        }
        _ => {}
    }
    let mut computer = None;
    let mut level = 2u8;
    let mut strong = false;
    let mut time = 1000u64;
    let mut interactive = Interactive {
        computer: None,
        engine: EngineSpec::Random,
        hint_engine: EngineSpec::Random,
        size: (16, 16),
        seed: None,
        load: None,
    };
    while let Some(arg) = args.next() {
        match arg {
            "-h" | "--help" => return Ok(Command::Help),
            "-a" => {
                let n: u8 = number(value(&mut args, arg)?, arg)?;
                computer = Some(Player::from_number(n).ok_or("-a: the player is 1 or 2")?);
            }
            "-d" => {
                level = number(value(&mut args, arg)?, arg)?;
                if level > classic::MAX_LEVEL {
                    return Err(format!("-d: levels go from 0 to {}", classic::MAX_LEVEL));
                }
            }
            "-mt" => {}
            "-m" if args.peek() == Some(&"t") => {
                args.next();
            }
            "-mx" | "-m" => return Err("only the text mode (-mt) is available here".into()),
            "--engine" => match value(&mut args, arg)? {
                "classic" => strong = false,
                "strong" => strong = true,
                other => return Err(format!("--engine: {other:?} is not classic or strong")),
            },
            "--time" => time = number(value(&mut args, arg)?, arg)?,
            "--size" => interactive.size = size(value(&mut args, arg)?)?,
            "--seed" => interactive.seed = Some(number(value(&mut args, arg)?, arg)?),
            "--load" => interactive.load = Some(value(&mut args, arg)?.to_string()),
            other => return Err(format!("unknown option {other:?} (atom4 -h lists them)")),
        }
    }
    let strong_spec = EngineSpec::Strong {
        limit: StrongLimit::Time(Duration::from_millis(time.max(1))),
        threads: 1,
    };
    interactive.computer = computer;
    interactive.engine = if strong {
        strong_spec
    } else {
        EngineSpec::Classic { level }
    };
    interactive.hint_engine = strong_spec;
    Ok(Command::Interactive(interactive))
}

fn parse_play<'a>(mut args: impl Iterator<Item = &'a str>) -> Result<Command, String> {
    let mut engines = Vec::new();
    let mut batch = Batch {
        engines: [EngineSpec::Random; 2],
        rounds: 1,
        size: (16, 16),
        seed: None,
    };
    while let Some(arg) = args.next() {
        match arg {
            "--engine" => engines.push(value(&mut args, arg)?.parse::<EngineSpec>()?),
            "--rounds" => batch.rounds = number(value(&mut args, arg)?, arg)?,
            "--size" => batch.size = size(value(&mut args, arg)?)?,
            "--seed" => batch.seed = Some(number(value(&mut args, arg)?, arg)?),
            other => return Err(format!("play: unknown option {other:?}")),
        }
    }
    let default = ["strong:200ms", "classic:2"].map(|s| s.parse::<EngineSpec>());
    batch.engines = match engines.as_slice() {
        [] => [default[0].clone()?, default[1].clone()?],
        [a] => [*a, default[1].clone()?],
        [a, b] => [*a, *b],
        _ => return Err("play: at most two --engine options".into()),
    };
    Ok(Command::Play(batch))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_original_flags() {
        let Ok(Command::Interactive(i)) = parse(&args("-a 2 -d 3 -mt")) else {
            panic!()
        };
        assert_eq!(i.computer, Some(Player::Two));
        assert_eq!(i.engine, EngineSpec::Classic { level: 3 });
        assert_eq!(parse(&args("-h")), Ok(Command::Help));
        let Ok(Command::Interactive(i)) = parse(&args("")) else {
            panic!()
        };
        assert_eq!(
            (i.computer, i.engine),
            (None, EngineSpec::Classic { level: 2 })
        );
    }

    #[test]
    fn our_flags() {
        let Ok(Command::Interactive(i)) = parse(&args(
            "-a 1 --engine strong --time 250 --size 8x6 --seed 9 --load f",
        )) else {
            panic!()
        };
        assert_eq!(i.engine, "strong:250ms".parse().unwrap());
        assert_eq!(
            (i.size, i.seed, i.load.as_deref()),
            ((8, 6), Some(9), Some("f"))
        );
    }

    #[test]
    fn mistakes_are_explained() {
        for (line, want) in [
            ("-a 3", "-a: the player is 1 or 2"),
            ("-d 9", "-d: levels go from 0 to 8"),
            ("-d", "-d needs a value"),
            (
                "--size 20x3",
                "--size: \"20x3\" is not WxH with 2..16 each way",
            ),
            ("-mx", "only the text mode (-mt) is available here"),
            (
                "--engine fast",
                "--engine: \"fast\" is not classic or strong",
            ),
            ("-z", "unknown option \"-z\" (atom4 -h lists them)"),
        ] {
            assert_eq!(parse(&args(line)), Err(want.to_string()), "{line}");
        }
    }

    #[test]
    fn subcommands() {
        let Ok(Command::Play(b)) =
            parse(&args("play --engine random --engine strong:d2 --rounds 3"))
        else {
            panic!()
        };
        assert_eq!(
            b.engines,
            ["random".parse().unwrap(), "strong:d2".parse().unwrap()]
        );
        assert_eq!(b.rounds, 3);
        assert_eq!(
            parse(&args("show ....../..gp../....../...... r 1 0-0 *")),
            Ok(Command::Show(Show::Text(
                "....../..gp../....../...... r 1 0-0 *".into()
            )))
        );
    }
}
