//! Gamma in the app skeleton (`atom4 game gamma`): the generic screen
//! with Gamma's own key, `g`, the golden move on the cursor's cell. The
//! course's interactive mode (the `gamma` program, `atom4 gamma play`)
//! keeps its own screen and keys, as the course fixes them.

use crate::app::generic::{ExtraKey, GenericScreen};

/// The golden move's key.
pub const KEYS: [ExtraKey; 1] = [ExtraKey {
    key: 'g',
    prefix: "g ",
    help: "g golden move (another's cell)",
}];

/// Gamma's screen.
pub fn new() -> GenericScreen {
    GenericScreen::new(&KEYS)
}
