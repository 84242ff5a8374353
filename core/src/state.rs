//! The one game interface: what a front end needs to run any game of the
//! engine without knowing which.
//!
//! A [`State`] is a position of one game, made from a [`Setup`] (the
//! game's parameters, checked), and offers: whose turn it is (a player's,
//! chance's, or nobody's once over); the legal moves as small integers
//! (actions) and as the game's own move text, both ways; playing a move
//! (checked: an illegal move is refused with its reason and changes
//! nothing); what each player gets at the end; the position's text
//! notation and checked binary form; a view for drawing it; and the
//! game's strong engine under [`Limits`], in memory the caller provides.
//!
//! Taking a move back is the door's business: every state is [`Clone`],
//! so a door keeps the states it passed (or the start and the actions,
//! replayed: [`Line`] does that in fixed memory).
//!
//! [`crate::registry`] lists the games and makes [`crate::registry::AnyState`],
//! one type for a state of any game, which every door uses.

use core::fmt::{self, Write};

use arrayvec::{ArrayString, ArrayVec};

pub use crate::control::Mapped as Actions;
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
pub use crate::game::{Player, Turn};

/// A move or a chance outcome as a small integer, below the game's
/// [`State::action_count`] (players' moves) or [`State::chance_count`]
/// (chance outcomes).
pub type Action = u32;

/// The longest message an error carries (longer messages are cut; a
/// caller's text is quoted by [`Shown`], at most 24 characters of it).
pub const MESSAGE_CAPACITY: usize = 100;

/// A message in fixed memory (the core has no heap).
pub type Message = ArrayString<MESSAGE_CAPACITY>;

/// `text` as a [`Message`], cut to fit at a character boundary.
pub fn message(args: fmt::Arguments<'_>) -> Message {
    let mut m = Message::new();
    let _ = CutWriter(&mut m).write_fmt(args);
    m
}

/// A caller's text quoted in a message: at most 24 characters, then `...`.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for (i, c) in self.0.chars().enumerate() {
            if i == 24 {
                f.write_str("...")?;
                break;
            }
            for e in c.escape_debug() {
                f.write_char(e)?;
            }
        }
        f.write_char('"')
    }
}

/// Writes into an [`ArrayString`] until it is full, then drops the rest.
struct CutWriter<'a, const N: usize>(&'a mut ArrayString<N>);

impl<const N: usize> Write for CutWriter<'_, N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.0.try_push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// The largest side a [`Setup`] size takes (Gamma's boards are the
/// widest).
pub const MAX_SIDE: u16 = 4096;

/// A game's parameters, each optional (the game's default when absent):
/// what `atom4.load(name, **params)`, the programs' options and the
/// browser's menus all fill in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `size`: `WxH`, or one number `N` (Atropos's side; `N x N` elsewhere).
    pub size: Option<(u16, u16)>,
    /// `players`.
    pub players: Option<u8>,
    /// `rules`: the rule set's name (Chain Reaction: `classic`, `atoms`).
    pub rules: Option<ArrayString<16>>,
    /// `areas` (Gamma).
    pub areas: Option<u32>,
    /// `seed`: where a game or its door draws at random.
    pub seed: Option<u64>,
}

/// The parameter names a [`Setup`] has, in the order doors list them.
pub const PARAM_NAMES: [&str; 5] = ["size", "players", "rules", "areas", "seed"];

/// Why a game cannot be set up so: which parameter, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetupError {
    /// The parameter at fault: one of [`PARAM_NAMES`], or `parameter`
    /// for a name that is none of them.
    pub param: &'static str,
    pub message: Message,
}

impl SetupError {
    pub fn new(param: &'static str, args: fmt::Arguments<'_>) -> SetupError {
        SetupError {
            param,
            message: message(args),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.param, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetupError {}

impl Setup {
    /// Sets parameter `name` from its text (`size=6x9`, `players=4`, ...).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SetupError> {
        let param = PARAM_NAMES
            .into_iter()
            .find(|&p| p == name)
            .ok_or_else(|| {
                SetupError::new(
                    "parameter",
                    format_args!(
                        "no parameter {} (they are: size, players, rules, areas, seed)",
                        Shown(name)
                    ),
                )
            })?;
        let number = |max: u64| {
            crate::text::decimal(value)
                .filter(|&n| n <= max)
                .ok_or_else(|| {
                    SetupError::new(
                        param,
                        format_args!("{} is not a whole number from 0 to {max}", Shown(value)),
                    )
                })
        };
        match param {
            "size" => {
                let side = |t: &str| {
                    crate::text::decimal(t)
                        .filter(|&n| n <= u64::from(MAX_SIDE))
                        .map(|n| n as u16)
                };
                let size = match value.split_once(['x', 'X']) {
                    Some((w, h)) => side(w).zip(side(h)),
                    None => side(value).map(|n| (n, n)),
                };
                self.size = Some(size.ok_or_else(|| {
                    SetupError::new(
                        param,
                        format_args!(
                            "{} is not a size: WxH (6x9) or one number, each at most {MAX_SIDE}",
                            Shown(value)
                        ),
                    )
                })?);
            }
            "players" => self.players = Some(number(u64::from(u8::MAX))? as u8),
            "rules" => {
                let mut rules = ArrayString::new();
                rules.try_push_str(value).map_err(|_| {
                    SetupError::new(param, format_args!("no rule set has so long a name"))
                })?;
                self.rules = Some(rules);
            }
            "areas" => self.areas = Some(number(u64::from(u32::MAX))? as u32),
            _ => self.seed = Some(number(u64::MAX)?),
        }
        Ok(())
    }

    /// Reads `name=value` pairs separated by spaces or commas.
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let mut setup = Setup::default();
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                SetupError::new(
                    "parameter",
                    format_args!("{} is not name=value", Shown(pair)),
                )
            })?;
            setup.set(name, value)?;
        }
        Ok(setup)
    }

    /// Refuses the parameters a game does not take: `takes` lists the
    /// names it does.
    pub fn only(&self, game: &str, takes: &[&'static str]) -> Result<(), SetupError> {
        let given = [
            ("size", self.size.is_some()),
            ("players", self.players.is_some()),
            ("rules", self.rules.is_some()),
            ("areas", self.areas.is_some()),
            ("seed", self.seed.is_some()),
        ];
        match given
            .into_iter()
            .find(|&(name, set)| set && !takes.contains(&name))
        {
            Some((name, _)) => Err(SetupError::new(
                name,
                format_args!("{game} does not take this parameter"),
            )),
            None => Ok(()),
        }
    }
}

/// Writes the parameters that are set, as [`Setup::parse`] reads them.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        let mut next = |f: &mut fmt::Formatter<'_>| {
            let s = sep;
            sep = " ";
            f.write_str(s)
        };
        if let Some((w, h)) = self.size {
            next(f)?;
            write!(f, "size={w}x{h}")?;
        }
        if let Some(p) = self.players {
            next(f)?;
            write!(f, "players={p}")?;
        }
        if let Some(r) = &self.rules {
            next(f)?;
            write!(f, "rules={r}")?;
        }
        if let Some(a) = self.areas {
            next(f)?;
            write!(f, "areas={a}")?;
        }
        if let Some(s) = self.seed {
            next(f)?;
            write!(f, "seed={s}")?;
        }
        Ok(())
    }
}

/// One parameter a game takes: its name (one of [`PARAM_NAMES`]), its
/// default as text, and what it means, for help texts and menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub default: &'static str,
    pub help: &'static str,
}

/// What kind of mistake a refused move is, for programs; the message says
/// it for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// The game is over.
    Over,
    /// A player's move at chance's turn, or a chance outcome at a player's.
    WrongTurn,
    /// An action outside the game's actions.
    OutOfRange,
    /// Text that is not a move in the game's notation.
    BadText,
    /// A move of the right form that the rules forbid here.
    Illegal,
}

/// A refused move: what kind of mistake, and why in the game's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveError {
    pub kind: MoveErrorKind,
    pub message: Message,
}

impl MoveError {
    pub fn new(kind: MoveErrorKind, args: fmt::Arguments<'_>) -> MoveError {
        MoveError {
            kind,
            message: message(args),
        }
    }

    /// An [`MoveErrorKind::Illegal`] move, in the words of `why`.
    pub fn illegal(why: impl fmt::Display) -> MoveError {
        MoveError::new(MoveErrorKind::Illegal, format_args!("{why}"))
    }

    /// The error of a move made once the game is over.
    pub fn over() -> MoveError {
        MoveError::new(MoveErrorKind::Over, format_args!("the game is over"))
    }

    /// The error of an action at or beyond `count`.
    pub fn out_of_range(action: Action, count: u32) -> MoveError {
        MoveError::new(
            MoveErrorKind::OutOfRange,
            format_args!(
                "action {action} is out of range (this game's actions go from 0 to {})",
                count.saturating_sub(1)
            ),
        )
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

/// Position text that does not parse: where (a byte offset) and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextError {
    pub offset: usize,
    pub message: Message,
}

impl TextError {
    pub fn new(offset: usize, args: fmt::Arguments<'_>) -> TextError {
        TextError {
            offset,
            message: message(args),
        }
    }
}

/// Every game's typed parse error becomes a [`TextError`] with its words.
impl<K: fmt::Display> From<crate::text::ParseError<K>> for TextError {
    fn from(e: crate::text::ParseError<K>) -> TextError {
        TextError::new(e.offset, format_args!("{}", e.kind))
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TextError {}

/// How a game's board is laid out, for drawing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rows of cells from the top, `width` a row; with `shifted` the odd
    /// rows sit half a cell to the right (Atom-4's triangular lattice).
    /// Spot `y * width + x` is cell `(x, y)`.
    Grid {
        width: u16,
        height: u16,
        shifted: bool,
    },
    /// Atropos's triangle of side `side`: spots in the notation's order,
    /// its coloured border included: rows from the top of 2, 3, ...,
    /// `side + 2` circles, then the bottom row's `side + 1`.
    Triangle { side: u16 },
    /// Atomas's ring of `entries` entries, in order.
    Ring { entries: u16 },
}

impl Layout {
    /// How many spots it has.
    pub fn spots(&self) -> usize {
        match *self {
            Layout::Grid { width, height, .. } => usize::from(width) * usize::from(height),
            Layout::Triangle { side } => {
                let s = usize::from(side);
                (s + 2) * (s + 3) / 2 - 1 + (s + 1)
            }
            Layout::Ring { entries } => usize::from(entries),
        }
    }
}

/// What one spot of the board holds, for drawing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spot {
    /// The notation's character for it (`.` for an empty spot).
    pub symbol: char,
    /// The player it belongs to (1..=players), 0 for nobody.
    pub owner: u8,
    /// A number it carries: orbs (Chain Reaction), an atom's value
    /// (Atomas), 0 otherwise.
    pub count: u32,
    /// A colour index within the game's palette (Atom-4's colour bits,
    /// Atropos's colour digit), 0 for none.
    pub colour: u8,
}

/// Where an engine stops and how it chooses: every door's limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// About this many nodes (alpha-beta nodes, tree-search iterations,
    /// or the game's unit of work; see each game's page).
    pub nodes: Option<u64>,
    /// Iterative deepening to this depth, for searches that deepen.
    pub depth: Option<u8>,
    /// Wall-clock milliseconds. The core keeps no clock: the door's
    /// [`Control`] stops the search at this deadline; engines that plan
    /// their time read it.
    pub time_ms: Option<u64>,
    /// Seeds the engine's random choices; the same seed, limits and memory
    /// give the same choice.
    pub seed: u64,
    /// A weaker player the game offers (Atom-4: the original's classic
    /// levels; Atropos: the tree search without the exact solver, for
    /// microcontrollers), instead of its strong engine.
    pub level: Option<u8>,
}

/// One limit as the programs spell it: `30ms`, `2s`, `n50000`, `d6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    Time { ms: u64 },
    Nodes(u64),
    Depth(u8),
}

/// Why a limit does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LimitError;

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a limit is <ms>ms, <s>s, n<nodes> or d<depth> (1 to 64), each above 0")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LimitError {}

impl core::str::FromStr for Limit {
    type Err = LimitError;

    fn from_str(s: &str) -> Result<Limit, LimitError> {
        let positive = |t: &str| crate::text::decimal(t).filter(|&n| n > 0).ok_or(LimitError);
        if let Some(ms) = s.strip_suffix("ms") {
            Ok(Limit::Time { ms: positive(ms)? })
        } else if let Some(secs) = s.strip_suffix('s') {
            Ok(Limit::Time {
                ms: positive(secs)?.checked_mul(1000).ok_or(LimitError)?,
            })
        } else if let Some(n) = s.strip_prefix('n') {
            Ok(Limit::Nodes(positive(n)?))
        } else if let Some(d) = s.strip_prefix('d') {
            match positive(d)? {
                d @ 1..=64 => Ok(Limit::Depth(d as u8)),
                _ => Err(LimitError),
            }
        } else {
            Err(LimitError)
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Time { ms } => write!(f, "{ms}ms"),
            Limit::Nodes(n) => write!(f, "n{n}"),
            Limit::Depth(d) => write!(f, "d{d}"),
        }
    }
}

impl Limits {
    /// Only `limit`.
    pub fn of(limit: Limit) -> Limits {
        let mut limits = Limits::default();
        limits.add(limit);
        limits
    }

    /// Adds `limit` (the first limit reached stops the engine).
    pub fn add(&mut self, limit: Limit) {
        match limit {
            Limit::Time { ms } => self.time_ms = Some(ms),
            Limit::Nodes(n) => self.nodes = Some(n),
            Limit::Depth(d) => self.depth = Some(d),
        }
    }

    /// Whether something bounds the engine by itself (else only the
    /// door's control stops it).
    pub fn is_bounded(&self) -> bool {
        self.nodes.is_some() || self.depth.is_some() || self.time_ms.is_some()
    }
}

/// The engine's answer: [`Report`] over actions.
pub type Choice = Report<Action>;

/// A transposition table's words for `limits`, for an engine that visits
/// about `nodes_per_ms` nodes a millisecond: a slot for each node it may
/// visit, a power of two from 2^12 to 2^20 (a table that stays in the
/// processor's cache searches faster than a big one); 2^16 unbounded.
pub fn table_words(limits: &Limits, nodes_per_ms: u64) -> usize {
    let nodes = match (limits.nodes, limits.time_ms) {
        (Some(n), _) => n,
        (None, Some(ms)) => ms.saturating_mul(nodes_per_ms),
        (None, None) => 1 << 16,
    };
    let nodes = nodes.clamp(1 << 12, 1 << 20) as usize;
    crate::search::usable_slots(nodes)
}

/// A position of one game, as every door sees it (see the module).
pub trait State: Clone + PartialEq + fmt::Debug + Sized {
    /// The game's name, as every door spells it: `atom4`, `chain`, ...
    const NAME: &'static str;
    /// The game's name for people: `Atom-4`, `Chain Reaction`, ...
    const TITLE: &'static str;
    /// The parameters it takes, with their defaults.
    const PARAMS: &'static [Param];
    /// The length of [`State::encode`]'s bytes.
    const ENCODED_LEN: usize;
    /// The most players a game of it has.
    const MAX_PLAYERS: usize;

    /// A new game set up so; a parameter it does not take, or a value out
    /// of its range, is refused.
    fn new(setup: &Setup) -> Result<Self, SetupError>;

    /// The parameters of this game (what [`State::new`] takes to start
    /// another like it).
    fn setup(&self) -> Setup;

    /// How many players it has.
    fn players(&self) -> usize;

    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// How many actions a player's move may be: every move is an action
    /// below it (fixed for the game's setup).
    fn action_count(&self) -> u32;

    /// How many chance outcomes there may be (0 for games without chance).
    fn chance_count(&self) -> u32 {
        0
    }

    /// Calls `f` with each legal action of the player to move, in the
    /// game's order (nothing at a chance turn or once over).
    fn legal_actions(&self, f: &mut dyn FnMut(Action));

    /// At a chance turn, calls `f` with each outcome and its weight (its
    /// probability is its weight over the sum of the weights).
    fn chance_outcomes(&self, _f: &mut dyn FnMut(Action, u32)) {}

    /// Whether `action` may be played now (a move at a player's turn, an
    /// outcome at chance's), or why not.
    fn check(&self, action: Action) -> Result<(), MoveError>;

    /// Plays `action`; a refused one changes nothing.
    fn play(&mut self, action: Action) -> Result<(), MoveError>;

    /// Writes `action` in the game's move notation (as it reads now: some
    /// games' moves depend on the position, such as Atomas's atom in hand).
    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result;

    /// Reads a move (or chance outcome) in the game's move notation.
    fn parse_move(&self, text: &str) -> Result<Action, MoveError>;

    /// What `player` gets, once the game is over, in the game's units: +1 a
    /// win, -1 a loss, 0 a draw for games that are won; Atomas's score.
    fn returns(&self, player: Player) -> f64;

    /// Writes the position in the game's text notation (one line).
    fn write_text(&self, w: &mut dyn Write) -> fmt::Result;

    /// Reads a position in the game's text notation.
    fn from_text(text: &str) -> Result<Self, TextError>;

    /// Writes the checked binary form into `out`, which must hold
    /// [`State::ENCODED_LEN`] bytes; returns the length written.
    fn encode(&self, out: &mut [u8]) -> usize;

    /// Reads the checked binary form.
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError>;

    /// How the board is laid out.
    fn layout(&self) -> Layout;

    /// What spot `index` (below [`Layout::spots`]) holds.
    fn spot(&self, index: usize) -> Spot;

    /// Writes the board as lines of text, with the notation's letters.
    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result;

    /// The memory (in 64-bit words) the engine uses well under `limits`;
    /// it takes any amount, searching slower with less.
    fn engine_words(&self, limits: &Limits) -> usize;

    /// The engine's choice for the player to move within `limits` and
    /// `control`, in the caller's `memory` (overwritten). `best` is `None`
    /// only when it is not a player's turn.
    fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice;

    /// Starts the next round, for games played in rounds (Atom-4) once one
    /// is over; `false` (nothing changed) otherwise.
    fn next_round(&mut self) -> bool {
        false
    }
}

/// The shape of a door's game loop: plays `action` after checking it,
/// writing the move's text first (for games whose move text depends on
/// the position before the move).
pub fn move_text<S: State>(state: &S, action: Action) -> ArrayString<64> {
    let mut text = ArrayString::new();
    let _ = state.write_move(action, &mut CutWriter(&mut text));
    text
}

/// The legal actions of `state`, in fixed memory of `N` (the rest are
/// dropped: size `N` to the game's most moves).
pub fn legal_actions<S: State, const N: usize>(state: &S) -> ArrayVec<Action, N> {
    let mut list = ArrayVec::new();
    state.legal_actions(&mut |a| {
        let _ = list.try_push(a);
    });
    list
}

/// Chance's pick at a chance turn, drawn by weight with `rng`; `None` at
/// other turns.
pub fn draw_chance<S: State>(state: &S, rng: &mut crate::Rng) -> Option<Action> {
    draw_from(|f| state.chance_outcomes(f), rng)
}

/// An outcome drawn by weight from those `outcomes` lists (each with its
/// weight; it is called twice).
pub fn draw_from(
    outcomes: impl Fn(&mut dyn FnMut(Action, u32)),
    rng: &mut crate::Rng,
) -> Option<Action> {
    let mut total = 0u64;
    outcomes(&mut |_, w| total += u64::from(w));
    let mut pick = rng.below_u64(total)?;
    let mut chosen = None;
    outcomes(&mut |a, w| {
        if chosen.is_none() {
            if pick < u64::from(w) {
                chosen = Some(a);
            } else {
                pick -= u64::from(w);
            }
        }
    });
    chosen
}

/// What a [`Line`] needs of a position: a copy, and a checked move. Every
/// [`State`] has it, and [`crate::registry::AnyState`].
pub trait Plays: Clone {
    fn play_action(&mut self, action: Action) -> Result<(), MoveError>;
}

impl<S: State> Plays for S {
    fn play_action(&mut self, action: Action) -> Result<(), MoveError> {
        self.play(action)
    }
}

/// A game from its start, with its moves: take back by replaying, in
/// fixed memory (`N` actions), for doors without a heap.
#[derive(Clone, Debug)]
pub struct Line<S, const N: usize> {
    start: S,
    now: S,
    actions: ArrayVec<Action, N>,
}

/// Why a [`Line`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The move itself.
    Move(MoveError),
    /// The line holds `N` moves already.
    Full,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Move(e) => e.fmt(f),
            LineError::Full => f.write_str("no room for more moves in this game's record"),
        }
    }
}

impl<S: Plays, const N: usize> Line<S, N> {
    pub fn new(start: S) -> Self {
        Line {
            now: start.clone(),
            start,
            actions: ArrayVec::new(),
        }
    }

    /// The position now.
    pub fn state(&self) -> &S {
        &self.now
    }

    /// The start.
    pub fn start(&self) -> &S {
        &self.start
    }

    /// The moves from the start.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Plays `action` (checked); nothing changes when it is refused.
    pub fn push(&mut self, action: Action) -> Result<(), LineError> {
        if self.actions.is_full() {
            return Err(LineError::Full);
        }
        self.now.play_action(action).map_err(LineError::Move)?;
        self.actions.push(action);
        Ok(())
    }

    /// Takes the last move back (replaying the others from the start).
    pub fn pop(&mut self) -> Option<Action> {
        let last = self.actions.pop()?;
        let mut now = self.start.clone();
        for &a in &self.actions {
            // Every action was played once from the same start.
            let _ = now.play_action(a);
        }
        self.now = now;
        Some(last)
    }
}
