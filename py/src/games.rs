//! The games of the package, one line each (the list at the bottom): every
//! game gets a record of its play (position and move stack, written once
//! over the core's `State`), a Python class `atom4.<Name>` under
//! `atom4.State`, and a place in `atom4.load`. A game's extras, if any,
//! are methods of its class in `extras/<game>.rs`.

use atom4_core::registry::{AnyState, GameId, GAMMA_WORDS};
use atom4_core::state::{Action, MoveError, State as Rules, Turn};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::state::State;

/// A game in play: the position now, the position the move stack starts
/// from, and each move of the stack with the position before it (so that
/// `pop` restores exactly what was).
#[derive(Clone)]
pub struct Record<S> {
    pub now: S,
    pub root: S,
    pub stack: Vec<(Action, S)>,
}

impl<S: Rules> Record<S> {
    pub fn new(now: S) -> Box<Record<S>> {
        Box::new(Record {
            root: now.clone(),
            now,
            stack: Vec::new(),
        })
    }

    /// Plays `action` (checked by the game); a refused one changes nothing.
    pub fn push(&mut self, action: Action) -> Result<(), MoveError> {
        let before = self.now.clone();
        self.now.play(action)?;
        self.stack.push((action, before));
        Ok(())
    }

    /// Takes the last move back (the position is the one it was played
    /// in again) and gives its action.
    pub fn pop(&mut self) -> Option<Action> {
        let (action, before) = self.stack.pop()?;
        self.now = before;
        Some(action)
    }

    /// The move stack starts again from the position now.
    pub fn restart(&mut self) {
        self.root = self.now.clone();
        self.stack.clear();
    }
}

/// A record of one game, for code that knows which: `record::<S>(state)`.
pub trait Of: Rules {
    fn of(game: &Game) -> Option<&Record<Self>>;
    fn of_mut(game: &mut Game) -> Option<&mut Record<Self>>;
}

/// Builds [`Game`], the `with_record!` dispatch, the Python classes and
/// their constructors from the list of games. `$d` is a `$` for the inner
/// macro.
macro_rules! games {
    ($d:tt $( $(#[$attr:meta])* $variant:ident => $ty:ty ),* $(,)?) => {
        /// A game in play, one variant a game of the list.
        #[derive(Clone)]
        pub enum Game {
            $( $(#[$attr])* $variant(Box<Record<$ty>>), )*
        }

        /// Evaluates `$body` with `$r` bound to the game's [`Record`],
        /// whichever game it is (monomorphised a game).
        macro_rules! with_record {
            ($d game:expr, $d r:ident => $d body:expr) => {
                match $d game {
                    $( $(#[$attr])* $crate::games::Game::$variant($d r) => $d body, )*
                }
            };
        }

        impl Game {
            /// A game from the registry's position, its stack empty.
            pub fn of(state: AnyState) -> Game {
                match state {
                    $( $(#[$attr])* AnyState::$variant(s) => Game::$variant(Record::new(s)), )*
                }
            }

            /// The position now, as the registry's state.
            pub fn now(&self) -> AnyState {
                match self {
                    $( $(#[$attr])* Game::$variant(r) => AnyState::$variant(r.now.clone()), )*
                }
            }

            /// The root position, as a game whose stack is empty.
            pub fn root(&self) -> Game {
                match self {
                    $( $(#[$attr])* Game::$variant(r) => Game::$variant(Record::new(r.root.clone())), )*
                }
            }

            pub fn id(&self) -> GameId {
                match self {
                    $( $(#[$attr])* Game::$variant(_) => GameId::$variant, )*
                }
            }
        }

        $(
            $(#[$attr])*
            impl Of for $ty {
                fn of(game: &Game) -> Option<&Record<$ty>> {
                    match game {
                        Game::$variant(r) => Some(r),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn of_mut(game: &mut Game) -> Option<&mut Record<$ty>> {
                    match game {
                        Game::$variant(r) => Some(r),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }

            $(#[$attr])*
            #[doc = concat!("A position of ", stringify!($variant), " with its move stack (see `atom4.State`).")]
            #[pyclass(extends = State, subclass, module = "atom4")]
            pub struct $variant;

            $(#[$attr])*
            #[pymethods]
            impl $variant {
                /// A new game (the game's defaults for the parameters not
                /// given), or the position `text`.
                #[new]
                #[pyo3(signature = (text = None, **params))]
                fn new(
                    py: Python<'_>,
                    text: Option<&str>,
                    params: Option<&Bound<'_, PyDict>>,
                ) -> PyResult<PyClassInitializer<Self>> {
                    let state = State::create(py, GameId::$variant, text, params)?;
                    Ok(PyClassInitializer::from(state).add_subclass($variant))
                }

                // A bot loop's calls again, on the game's own class: Python
                // finds them first, and checks the exact class only.

                /// The legal moves as actions (see `State.legal_actions`).
                fn legal_actions(slf: PyRef<'_, Self>) -> Vec<Action> {
                    slf.as_super().legal()
                }

                /// Plays `move` (see `State.push`).
                fn push(mut slf: PyRefMut<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                    let py = slf.py();
                    slf.as_super().push_value(py, r#move)
                }

                /// Whether the game is over.
                fn is_game_over(slf: PyRef<'_, Self>) -> bool {
                    slf.as_super().turn_now() == Turn::Over
                }
            }
        )*

        /// The Python object of `state`: an instance of its game's class.
        pub fn object(py: Python<'_>, state: State) -> PyResult<Py<PyAny>> {
            match state.game.id() {
                $( $(#[$attr])* GameId::$variant => {
                    Ok(Py::new(py, PyClassInitializer::from(state).add_subclass($variant))?.into_any())
                } )*
            }
        }

        /// Adds every game's class to `m`.
        pub fn add_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( $(#[$attr])* m.add_class::<$variant>()?; )*
            Ok(())
        }
    };
}

// The games: one line each, the registry's name of the game and its type.
games! { $
    Atom4 => atom4_core::atom4::Atom4,
    Atropos => atom4_core::atropos::Atropos,
    Chain => atom4_core::chain::Position,
    Gamma => atom4_core::gamma::Position<GAMMA_WORDS>,
    Atomas => atom4_core::atomas::Atomas,
    #[cfg(feature = "toy")]
    TicTacToe => atom4_core::toy::TicTacToe,
}
