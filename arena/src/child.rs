//! The one way every tool runs a child program (a player, a bot): at arm's
//! length, and never outliving the tool.
//!
//! - The child runs in a process group of its own, with a parent-death
//!   signal (SIGKILL when the thread that started it ends, so even a
//!   SIGKILL of the tool ends it).
//! - The tool is a child subreaper: whatever the child starts and leaves
//!   behind (a `setsid` daemon holding its output open) is reparented to
//!   the tool, and ended when the child is ([`Child`]'s drop and
//!   [`Child::end`] kill the group, then every orphan).
//! - The first child installs a handler for SIGTERM, SIGINT, SIGHUP and
//!   SIGQUIT: the tool then ends every child's group and every orphan
//!   before it exits (128 + the signal).
//! - Input, output and the child's exit are watched with `poll(2)` on the
//!   caller's thread: no thread a child, no descriptor left once it is
//!   dropped, no zombie (every child and orphan is reaped), and the bytes
//!   read before a deadline are kept.

use std::ffi::OsStr;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use rustix::event::{poll, PollFd, PollFlags, Timespec};
use rustix::process::{Pid, Signal};

/// The end of a child's standard error kept for messages, in bytes.
const STDERR_TAIL: usize = 1024;

/// The longest wait of one poll when the child's exit cannot be watched
/// through a pidfd (kernels before 5.3): its exit is then seen this late.
const TICK: Duration = Duration::from_millis(5);

/// The process groups of the children alive now, for the signal handler
/// and for telling orphans from children.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Set (under [`LIVE`]'s lock) once the tool is ending: no child starts
/// after that.
static ENDING: AtomicBool = AtomicBool::new(false);

/// What the child's standard input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Empty (`/dev/null`).
    Null,
    /// A pipe: [`Child::send`] writes to it.
    Piped,
}

/// A running child program: its standard output is kept (up to a cap),
/// of its standard error only the end (for messages).
pub struct Child {
    child: std::process::Child,
    group: Pid,
    pidfd: Option<OwnedFd>,
    stdin: Option<ChildStdin>,
    /// Bytes sent and not yet written to the child's input.
    pending: Vec<u8>,
    stdout: Option<ChildStdout>,
    /// Output read and not yet taken.
    output: Vec<u8>,
    stderr: Option<ChildStderr>,
    /// The last [`STDERR_TAIL`] bytes of the standard error.
    stderr_tail: Vec<u8>,
    /// The most output held: more and reading stops (a flood).
    cap: usize,
    /// Why the output ended (its end, or a read error), once it has.
    ended: Option<Option<String>>,
    /// The exit status and when it was seen.
    exit: Option<(ExitStatus, Instant)>,
    killed: bool,
}

impl Child {
    /// Starts `program` with `args` (no shell). `cap` bounds the output
    /// held at a time.
    pub fn spawn<S: AsRef<OsStr>>(
        program: &str,
        args: &[S],
        input: Input,
        cap: usize,
    ) -> io::Result<Child> {
        set_up_once();
        let parent = rustix::process::getpid();
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(match input {
                Input::Null => Stdio::null(),
                Input::Piped => Stdio::piped(),
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        // SAFETY: between fork and exec only async-signal-safe system calls
        // (prctl, getppid, kill) run, and nothing is allocated.
        unsafe {
            command.pre_exec(move || {
                rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
                // The tool died before the line above: end now.
                if rustix::process::getppid() != Some(parent) {
                    let _ = rustix::process::kill_process(rustix::process::getpid(), Signal::KILL);
                }
                Ok(())
            });
        }
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        if ENDING.load(Ordering::SeqCst) {
            return Err(io::Error::other("the program is ending"));
        }
        let mut child = command.spawn()?;
        let group = Pid::from_child(&child);
        live.push(group.as_raw_nonzero().get());
        drop(live);
        let pidfd = rustix::process::pidfd_open(group, rustix::process::PidfdFlags::empty()).ok();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        for fd in [
            stdin.as_ref().map(|s| s.as_fd()),
            stdout.as_ref().map(|s| s.as_fd()),
            stderr.as_ref().map(|s| s.as_fd()),
        ]
        .into_iter()
        .flatten()
        {
            rustix::io::ioctl_fionbio(fd, true)?;
        }
        Ok(Child {
            child,
            group,
            pidfd,
            stdin,
            pending: Vec::new(),
            stdout,
            output: Vec::new(),
            stderr,
            stderr_tail: Vec::new(),
            cap,
            ended: None,
            exit: None,
            killed: false,
        })
    }

    /// Queues `bytes` for the child's input (written as it reads).
    pub fn send(&mut self, bytes: &[u8]) {
        if self.stdin.is_some() {
            self.pending.extend_from_slice(bytes);
            self.write_pending();
        }
    }

    /// Closes the child's input once what was sent is written (at once
    /// if it cannot be: the child does not read).
    pub fn close_input(&mut self) {
        if self.pending.is_empty() {
            self.stdin = None;
        } else {
            self.write_pending();
            self.pending.clear();
            self.stdin = None;
        }
    }

    /// The output read and not yet taken.
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    /// Takes the first `n` bytes of the output.
    pub fn take_output(&mut self, n: usize) -> Vec<u8> {
        let rest = self.output.split_off(n.min(self.output.len()));
        std::mem::replace(&mut self.output, rest)
    }

    /// The end of what the child wrote to its standard error, as text.
    pub fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr_tail)
            .trim()
            .to_string()
    }

    /// Whether more output than the cap arrived (reading stopped there).
    pub fn flooded(&self) -> bool {
        self.output.len() > self.cap
    }

    /// Whether the output reached its end; `Some(Some(why))` when reading
    /// failed.
    pub fn output_ended(&self) -> Option<Option<&str>> {
        self.ended.as_ref().map(|e| e.as_deref())
    }

    /// The exit status and when it was seen, once the child has exited.
    pub fn exited(&self) -> Option<(ExitStatus, Instant)> {
        self.exit
    }

    /// Waits for something to happen (output, the input writable, the
    /// exit) until `until`, and takes it in. `false` once `until` has
    /// passed, or when there is nothing left to wait for.
    pub fn step(&mut self, until: Instant) -> bool {
        let now = Instant::now();
        if now >= until {
            return false;
        }
        let reading = self.stdout.is_some() && self.ended.is_none() && !self.flooded();
        let writing = self.stdin.is_some() && !self.pending.is_empty();
        let watching = self.exit.is_none();
        if !reading && !writing && !watching {
            return false;
        }
        let mut wait = until - now;
        if watching && self.pidfd.is_none() {
            wait = wait.min(TICK);
        }
        let mut fds = Vec::with_capacity(4);
        if let Some(err) = &self.stderr {
            fds.push(PollFd::new(err, PollFlags::IN));
        }
        if let (true, Some(out)) = (reading, &self.stdout) {
            fds.push(PollFd::new(out, PollFlags::IN));
        }
        if let (true, Some(inp)) = (writing, &self.stdin) {
            fds.push(PollFd::new(inp, PollFlags::OUT));
        }
        if let (true, Some(pidfd)) = (watching, &self.pidfd) {
            fds.push(PollFd::new(pidfd, PollFlags::IN));
        }
        let timeout = Timespec::try_from(wait).unwrap_or(Timespec {
            tv_sec: 1,
            tv_nsec: 0,
        });
        match poll(&mut fds, Some(&timeout)) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(_) => std::thread::sleep(TICK),
        }
        drop(fds);
        self.drain_stderr();
        if reading {
            self.read_available();
        }
        if writing {
            self.write_pending();
        }
        if watching {
            if let Ok(Some(status)) = self.child.try_wait() {
                self.exit = Some((status, Instant::now()));
            }
        }
        true
    }

    /// Reads what the output holds now, up to the cap (and one byte more).
    fn read_available(&mut self) {
        let Some(out) = self.stdout.as_mut() else {
            return;
        };
        let mut chunk = [0u8; 4096];
        while self.output.len() <= self.cap {
            let room = (self.cap + 1 - self.output.len()).min(chunk.len());
            match out.read(&mut chunk[..room]) {
                Ok(0) => {
                    self.ended = Some(None);
                    self.stdout = None;
                    return;
                }
                Ok(n) => self.output.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.ended = Some(Some(e.to_string()));
                    self.stdout = None;
                    return;
                }
            }
        }
    }

    /// Reads what the standard error holds now, keeping its end.
    fn drain_stderr(&mut self) {
        let Some(err) = self.stderr.as_mut() else {
            return;
        };
        let mut chunk = [0u8; 4096];
        loop {
            match err.read(&mut chunk) {
                Ok(0) => {
                    self.stderr = None;
                    return;
                }
                Ok(n) => {
                    self.stderr_tail.extend_from_slice(&chunk[..n]);
                    let excess = self.stderr_tail.len().saturating_sub(STDERR_TAIL);
                    self.stderr_tail.drain(..excess);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    }

    /// Writes what it can of the pending input; a child that closed its
    /// input gets no more.
    fn write_pending(&mut self) {
        let Some(inp) = self.stdin.as_mut() else {
            return;
        };
        while !self.pending.is_empty() {
            match inp.write(&self.pending) {
                Ok(n) => {
                    self.pending.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.pending.clear();
                    self.stdin = None;
                    return;
                }
            }
        }
    }

    /// Kills the child's process group and every orphan it left, and reaps
    /// the child (its exit is then known). The output already in the pipe
    /// can still be read with [`Child::step`].
    pub fn kill(&mut self) {
        if !self.killed {
            self.killed = true;
            let _ = rustix::process::kill_process_group(self.group, Signal::KILL);
            if self.exit.is_none() {
                let _ = self.child.kill();
                if let Ok(status) = self.child.wait() {
                    self.exit = Some((status, Instant::now()));
                }
            }
            unregister(self.group);
            sweep_orphans();
            // What the child wrote before it ended, for messages.
            self.drain_stderr();
        }
    }

    /// Ends the child: closes its input, gives it `grace` to exit by
    /// itself, then kills what is left (see [`Child::kill`]).
    pub fn end(mut self, grace: Duration) {
        self.close_input();
        let until = Instant::now() + grace;
        while self.exit.is_none() && self.step(until) {
            // Output nobody will read: dropped so that the child never
            // blocks on a full pipe while it winds down.
            self.output.clear();
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.stdin = None;
        self.stdout = None;
        self.stderr = None;
        self.kill();
    }
}

/// The words of `command` when it is a simple command a shell would only
/// split on blanks (no quotes, variables, redirections, globs or
/// operators) and that names a program, not a shell builtin: it is then
/// run without a shell, so that it is the tool's direct child and gets the
/// parent-death signal itself.
pub fn simple_words(command: &str) -> Option<Vec<&str>> {
    const SHELL_WORDS: [&str; 30] = [
        "exit", "exec", "cd", ".", ":", "eval", "set", "unset", "export", "readonly", "return",
        "shift", "trap", "times", "break", "continue", "read", "wait", "ulimit", "umask", "alias",
        "command", "type", "hash", "getopts", "local", "if", "for", "while", "case",
    ];
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c) || c == ' ';
    let words: Vec<&str> = command.split(' ').filter(|w| !w.is_empty()).collect();
    let first = *words.first()?;
    (command.chars().all(plain) && !first.contains('=') && !SHELL_WORDS.contains(&first))
        .then_some(words)
}

/// Starts `command` as a shell would (`sh -c`), without the shell when
/// the command is simple (see [`simple_words`]) and its program is found.
pub fn spawn_command(command: &str, input: Input, cap: usize) -> io::Result<Child> {
    if let Some(words) = simple_words(command) {
        match Child::spawn(words[0], &words[1..], input, cap) {
            // The shell says "not found" in its own words.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            started => return started,
        }
    }
    Child::spawn("sh", &["-c", command], input, cap)
}

fn unregister(group: Pid) {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.retain(|&g| g != group.as_raw_nonzero().get());
}

/// Once a process: becomes a child subreaper and handles the signals that
/// end a tool.
fn set_up_once() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
        let signals = [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGQUIT,
        ];
        if let Ok(mut signals) = signal_hook::iterator::Signals::new(signals) {
            let _ = std::thread::Builder::new()
                .name("child-cleanup".into())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        end_all();
                        let _ = writeln!(
                            io::stderr(),
                            "ended by signal {signal}; every program it started was ended"
                        );
                        std::process::exit(128 + signal);
                    }
                });
        }
    });
}

/// Kills every live child's group and every orphan, and lets no child
/// start any more (the tool is ending).
pub fn end_all() {
    let groups: Vec<i32> = {
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        ENDING.store(true, Ordering::SeqCst);
        live.drain(..).collect()
    };
    for group in groups.into_iter().filter_map(Pid::from_raw) {
        let _ = rustix::process::kill_process_group(group, Signal::KILL);
    }
    sweep_orphans();
}

/// Kills and reaps the processes reparented to this one (it is a child
/// subreaper) that are not live children: what a child left behind. Each
/// killed orphan's own children come next, so a few rounds.
fn sweep_orphans() {
    for _ in 0..8 {
        // Held throughout, so that a child being started is never taken
        // for an orphan.
        let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        let orphans: Vec<Pid> = children()
            .into_iter()
            .filter(|pid| !live.contains(pid))
            .filter_map(Pid::from_raw)
            .collect();
        if orphans.is_empty() {
            return;
        }
        for pid in orphans {
            // A daemon leads a group of its own: that goes too.
            if rustix::process::getpgid(Some(pid)).ok() == Some(pid) {
                let _ = rustix::process::kill_process_group(pid, Signal::KILL);
            }
            let _ = rustix::process::kill_process(pid, Signal::KILL);
            let _ = rustix::process::waitpid(Some(pid), rustix::process::WaitOptions::empty());
        }
    }
}

/// The process ids of this process's children (of all its threads).
fn children() -> Vec<i32> {
    let mut pids = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return pids;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            pids.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
    pids.sort_unstable();
    pids.dedup();
    pids
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, input: Input) -> Child {
        Child::spawn("sh", &["-c", script], input, 1 << 16).unwrap()
    }

    /// Whether a process whose command line holds `words` runs.
    pub(crate) fn running(words: &str) -> bool {
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|c| c.windows(words.len()).any(|w| w == words.as_bytes()))
        })
    }

    fn open_descriptors() -> usize {
        std::fs::read_dir("/proc/self/fd").unwrap().count()
    }

    fn threads() -> usize {
        std::fs::read_dir("/proc/self/task").unwrap().count()
    }

    #[test]
    fn output_read_before_a_deadline_is_kept_and_nothing_leaks() {
        // Warm up (the signal thread starts with the first child).
        drop(sh("true", Input::Null));
        let (fds, tasks) = (open_descriptors(), threads());
        for _ in 0..20 {
            // A daemon of its own session keeps the output open.
            let mut child = sh("setsid sleep 1017 & echo '(1,1,1,3)'", Input::Null);
            let until = Instant::now() + Duration::from_secs(5);
            while child.exited().is_none() && child.step(until) {}
            child.kill();
            let until = Instant::now() + Duration::from_secs(2);
            while child.output_ended().is_none() && child.step(until) {}
            assert_eq!(child.output(), b"(1,1,1,3)\n");
            assert_eq!(child.output_ended(), Some(None), "the daemon was ended");
        }
        assert!(!running("sleep\x001017"), "the daemons were ended");
        assert!(open_descriptors() <= fds, "{} > {fds}", open_descriptors());
        assert!(threads() <= tasks);
    }

    #[test]
    fn simple_commands_run_without_a_shell() {
        assert_eq!(
            simple_words("atom4 atomas bot --depth 1"),
            Some(vec!["atom4", "atomas", "bot", "--depth", "1"])
        );
        assert_eq!(simple_words("./bot.sh  x=1"), Some(vec!["./bot.sh", "x=1"]));
        for shell in [
            "a && b", "a | b", "X=1 bot", "bot $X", "bot 'x'", "bot *", "", "a\tb", "cd ~",
        ] {
            assert_eq!(simple_words(shell), None, "{shell:?}");
        }
        let mut child = spawn_command("sh -c 'echo oops >&2; exit 3'", Input::Null, 10).unwrap();
        let until = Instant::now() + Duration::from_secs(5);
        while child.exited().is_none() && child.step(until) {}
        child.kill();
        assert_eq!(child.stderr_tail(), "oops");
    }

    #[test]
    fn lines_go_in_and_out() {
        let mut child = sh("while read x; do echo \"got $x\"; done", Input::Piped);
        child.send(b"one\ntwo\n");
        let until = Instant::now() + Duration::from_secs(5);
        while child.output().len() < 14 && child.step(until) {}
        assert_eq!(child.take_output(8), b"got one\n");
        assert_eq!(child.output(), b"got two\n");
        child.end(Duration::from_secs(1));
    }
}
