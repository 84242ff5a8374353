//! Gamma's batch-mode test triples: `NAME.in` fed on standard input, the
//! exact `NAME.out` and `NAME.err` expected, read from folders or tarballs
//! (`tests/data/gamma/`, plus files named in `ATOM4_EXTRA_VECTORS`
//! whose folder is named `gamma`), and run through the core's batch
//! session.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use atom4_core::gamma::{Fed, GameMemory, Session};

/// Game memory from the heap, for sessions in tests.
#[derive(Debug, Default)]
pub struct VecMemory(pub Vec<u32>);

impl GameMemory for VecMemory {
    fn allocate_zeroed(&mut self, words: usize) -> bool {
        let mut memory = Vec::new();
        if memory.try_reserve_exact(words).is_err() {
            return false;
        }
        memory.resize(words, 0);
        self.0 = memory;
        true
    }

    fn words(&mut self) -> &mut [u32] {
        &mut self.0
    }
}

/// One triple.
#[derive(Debug, Clone)]
pub struct Triple {
    /// Where it came from: the tarball or folder, and its name there.
    pub name: String,
    pub input: Vec<u8>,
    pub out: Vec<u8>,
    pub err: Vec<u8>,
}

/// A set of triples, and the names of any that lack a part.
#[derive(Debug, Default)]
pub struct Triples {
    pub triples: Vec<Triple>,
    pub incomplete: Vec<String>,
}

/// The parts of a triple found so far, by name.
#[derive(Default)]
struct Parts {
    input: Option<Vec<u8>>,
    out: Option<Vec<u8>>,
    err: Option<Vec<u8>>,
}

fn collect(origin: &str, parts: BTreeMap<String, Parts>) -> Triples {
    let mut set = Triples::default();
    for (name, p) in parts {
        let name = if origin.is_empty() {
            name
        } else {
            format!("{origin}:{name}")
        };
        match (p.input, p.out, p.err) {
            (Some(input), Some(out), Some(err)) => set.triples.push(Triple {
                name,
                input,
                out,
                err,
            }),
            _ => set.incomplete.push(name),
        }
    }
    set
}

fn part<'a>(parts: &'a mut BTreeMap<String, Parts>, path: &str) -> Option<&'a mut Option<Vec<u8>>> {
    let (stem, ext) = path.rsplit_once('.')?;
    let p = parts.entry(stem.to_string()).or_default();
    match ext {
        "in" => Some(&mut p.input),
        "out" => Some(&mut p.out),
        "err" => Some(&mut p.err),
        _ => None,
    }
}

/// The triples of a tarball (gzipped or not). Panics (test support) on an
/// unreadable file.
pub fn read_tarball(path: &Path) -> Triples {
    let file =
        std::fs::File::open(path).unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "tar") {
        Box::new(file)
    } else {
        Box::new(flate2::read::GzDecoder::new(file))
    };
    let mut archive = tar::Archive::new(reader);
    let mut parts = BTreeMap::new();
    for entry in archive
        .entries()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    {
        let mut entry = entry.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry
            .path()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .to_string_lossy()
            .into_owned();
        if let Some(slot) = part(&mut parts, &name) {
            let mut bytes = Vec::new();
            entry
                .read_to_end(&mut bytes)
                .unwrap_or_else(|e| panic!("{}: {name}: {e}", path.display()));
            *slot = Some(bytes);
        }
    }
    collect(&path.display().to_string(), parts)
}

fn read(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}

/// The triples named by `.in` files: each `.in` with its `.out` and `.err`.
pub fn read_inputs(inputs: &[PathBuf]) -> Triples {
    let mut parts = BTreeMap::new();
    for input in inputs {
        let stem = input.with_extension("");
        let p: &mut Parts = parts.entry(stem.display().to_string()).or_default();
        p.input = read(input);
        p.out = read(&stem.with_extension("out"));
        p.err = read(&stem.with_extension("err"));
    }
    collect("", parts)
}

/// The triples of a folder's `.in` files.
pub fn read_folder(dir: &Path) -> Triples {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    read_inputs(&inputs)
}

/// The files of `ATOM4_EXTRA_VECTORS` that are Gamma's: in a folder named
/// `gamma`, either `.in` files or tarballs.
pub fn extra_files() -> Vec<PathBuf> {
    crate::extra_files("gamma")
}

fn is_tarball(path: &Path) -> bool {
    let name = path.to_string_lossy();
    [".tar.gz", ".tgz", ".tar"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// The extra triples: tarballs read whole, `.in` files with their parts.
pub fn read_extra(files: &[PathBuf]) -> Triples {
    let mut set = Triples::default();
    let inputs: Vec<PathBuf> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .cloned()
        .collect();
    for tarball in files.iter().filter(|p| is_tarball(p)) {
        let more = read_tarball(tarball);
        set.triples.extend(more.triples);
        set.incomplete.extend(more.incomplete);
    }
    let more = read_inputs(&inputs);
    set.triples.extend(more.triples);
    set.incomplete.extend(more.incomplete);
    set
}

/// Standard output and standard error of the batch session on `input`,
/// fed in pieces of `piece` bytes; an error names what went wrong.
pub fn run_batch(input: &[u8], piece: usize) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut session = Session::new(VecMemory::default());
    let (mut out, mut err) = (String::new(), String::new());
    for chunk in input.chunks(piece.max(1)) {
        match session.feed(chunk, &mut out, &mut err) {
            Ok(Fed::Batch) => {}
            Ok(Fed::Interactive { .. }) => return Err("started the interactive mode".into()),
            Err(e) => return Err(e.to_string()),
        }
    }
    session.finish(&mut err).map_err(|e| e.to_string())?;
    Ok((out.into_bytes(), err.into_bytes()))
}

/// Runs one triple: `Ok` when both streams match byte for byte, else what
/// differs first.
pub fn check(triple: &Triple, piece: usize) -> Result<(), String> {
    let (out, err) = run_batch(&triple.input, piece)?;
    for (stream, got, want) in [("stdout", &out, &triple.out), ("stderr", &err, &triple.err)] {
        if got != want {
            let at = got
                .iter()
                .zip(want.iter())
                .take_while(|(a, b)| a == b)
                .count();
            let line = want[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            return Err(format!(
                "{stream} differs at byte {at} (line {line} of the expected {stream}): got {:?}, expected {:?}",
                String::from_utf8_lossy(&got[at..got.len().min(at + 40)]),
                String::from_utf8_lossy(&want[at..want.len().min(at + 40)]),
            ));
        }
    }
    Ok(())
}
