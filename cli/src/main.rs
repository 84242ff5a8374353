//! `atom4`: Atom-4 in the terminal, against the classic levels of atom4
//! 4.1 or the strong engine; also plays engines against each other.

mod app;
mod batch;
mod options;
mod record;
mod render;
mod tui;
mod worker;

use options::Command;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match options::parse(&args) {
        Ok(Command::Help) => {
            println!("{}", options::USAGE);
            Ok(())
        }
        Ok(Command::Interactive(options)) => tui::run(options),
        Ok(Command::Play(batch)) => batch::play(&batch),
        Ok(Command::Show(show)) => batch::show(&show),
        Err(e) => Err(format!(
            "{e}\n{}",
            options::USAGE
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join("\n")
        )),
    };
    if let Err(e) = result {
        eprintln!("atom4: {e}");
        std::process::exit(2);
    }
}
