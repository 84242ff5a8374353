//! `gamma`: the course's program. Batch mode (`B width height players
//! areas`, then `m g b f q p` commands, results on standard output, `ERROR
//! n` on standard error) or interactive mode (`I ...`: the board in the
//! terminal, keys from standard input); see the README.

fn main() {
    std::process::exit(atom4_cli::gamma::program());
}
