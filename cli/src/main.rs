//! `atom4`: Atom-4 in the terminal with the flags of atom4 4.1, and a
//! subcommand for each kin game.

use atom4_cli::{app, atom4, atomas, atropos, chain, gamma, net, screens};
use clap::{Parser, Subcommand};

/// Play Atom-4 in the terminal (the original atom4 4.1's text mode, and
/// more), or a kin game with its subcommand.
#[derive(Parser, Debug)]
#[command(
    name = "atom4",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Keys: arrows move, Enter/Space place, u undo (a move pair against the computer), h hint, s save (atom4-save.txt), n next round, q quit.\nEvery game in the terminal: atom4 game GAME (atom4 game --help)."
)]
struct Cli {
    #[command(flatten)]
    atom4: atom4::options::InteractiveArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands: Atom-4's, then one a kin game.
#[derive(Subcommand, Debug)]
enum Command {
    #[command(flatten)]
    Atom4(atom4::Command),
    /// Atropos: the player program, the exact solver, the referee, and the game in the terminal.
    #[command(subcommand)]
    Atropos(atropos::Command),
    /// Gamma, the area-limited game of the IPP course (`atom4 gamma play`).
    #[command(subcommand)]
    Gamma(gamma::Command),
    /// Atomas: the contest's bot and controller, and play by hand.
    #[command(subcommand)]
    Atomas(atomas::Command),
    /// Chain Reaction: the tutorial's console game, play in the terminal, the bot protocol.
    #[command(subcommand)]
    Chain(chain::Command),
    /// Any game of the engine in the terminal, by its name, with its
    /// setup (`atom4 game chain size=6x9 players=4 --computer 2,3`).
    #[command(after_help = app::options::games_help())]
    Game(app::options::GameArgs),
    /// Atom-4 over the network: host a table (protocol 2.0, TCP and WebSocket).
    Serve(net::ServeArgs),
    /// Atom-4 over the network: join a table to play, watch, or let an engine play.
    Connect(net::ConnectArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        None => atom4::interactive(cli.atom4),
        Some(Command::Atom4(command)) => atom4::run(command),
        Some(Command::Atropos(command)) => atropos::run(command),
        Some(Command::Gamma(command)) => gamma::run(command),
        Some(Command::Atomas(command)) => atomas::run(command),
        Some(Command::Chain(command)) => chain::run(command),
        Some(Command::Game(args)) => screens::play_game(args),
        Some(Command::Serve(args)) => net::serve::run(args),
        Some(Command::Connect(args)) => net::connect::run(args),
    };
    if let Err(e) = result {
        atom4_arena::errln!("atom4: {e}");
        std::process::exit(2);
    }
}
