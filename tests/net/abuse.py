#!/usr/bin/env python3
"""Clients that misbehave, against a running `atom4 serve`: 1,000
connections at once and more than the server takes, clients that never
read, 10 MB lines, NULs, random bytes, a byte a second, half a handshake.
The server must survive each, keep its memory bounded and keep serving.

Usage: abuse.py PORT SERVER_PID MAX_CLIENTS
Prints one line a check and "abuse: N checks passed" at the end; exits 1 at
the first failure.
"""

import os
import random
import selectors
import socket
import sys
import threading
import time

PORT = int(sys.argv[1])
PID = int(sys.argv[2])
MAX_CLIENTS = int(sys.argv[3])
passed = 0


def ok(what):
    global passed
    passed += 1
    print(f"ok: {what}", flush=True)


def fail(what):
    print(f"FAILED: {what}", flush=True)
    sys.exit(1)


def rss_kib():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    fail("the server is gone")


def alive():
    try:
        os.kill(PID, 0)
        return True
    except OSError:
        return False


def connect(timeout=10.0):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    return s


class Lines:
    """Lines of a socket, with a deadline for each."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""

    def line(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except (socket.timeout, ConnectionError):
                return None
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def until(self, prefix, timeout=10.0):
        while True:
            line = self.line(timeout)
            if line is None or line.startswith(prefix):
                return line


def join():
    s = connect()
    lines = Lines(s)
    if lines.line() != "ATOM4 SERV 4.1 2.0":
        fail("no greeting")
    s.sendall(b"ATOM4 CLNT 4.1 2.0\n")
    if not (lines.line() or "").startswith("ATOM4 CONN"):
        fail("no welcome")
    return s, lines


def still_serving(what):
    s, lines = join()
    s.sendall(b"WHO?\n")
    if lines.until("NAME ") is None:
        fail(f"after {what}: WHO? unanswered")
    s.close()
    if not alive():
        fail(f"after {what}: the server died")


# --- slow clients run in the background meanwhile (they take 10 s)
slow_results = {}


def byte_a_second():
    s = connect(timeout=30)
    lines = Lines(s)
    lines.line()
    for b in b"ATOM4 CLNT 4.1 2.0\n":
        try:
            s.sendall(bytes([b]))
        except OSError:
            break
        line = lines.line(timeout=1.0)
        if line is not None:
            slow_results["byte"] = line
            return
    slow_results["byte"] = lines.line(timeout=5.0)


def half_handshake():
    s = connect(timeout=30)
    lines = Lines(s)
    lines.line()
    s.sendall(b"ATOM4 CL")
    slow_results["half"] = lines.line(timeout=15.0)
    slow_results["half_end"] = lines.line(timeout=5.0)


slow = [threading.Thread(target=byte_a_second), threading.Thread(target=half_handshake)]
for t in slow:
    t.start()

# --- 1,000 connections at once, and more than the server takes
base = rss_kib()
extra = 50
socks = []
for _ in range(MAX_CLIENTS - 10 + extra):
    s = socket.socket()
    s.setblocking(False)
    s.connect_ex(("127.0.0.1", PORT))
    socks.append(s)
greeted = refused = 0
pending = {s: b"" for s in socks}
poller = selectors.DefaultSelector()
for s in socks:
    poller.register(s, selectors.EVENT_READ)
deadline = time.monotonic() + 30
while pending and time.monotonic() < deadline:
    for key, _ in poller.select(timeout=1.0):
        s = key.fileobj
        try:
            chunk = s.recv(4096)
        except OSError:
            chunk = b""
        data = pending[s] + chunk
        if b"\n" in data or not chunk:
            first = data.split(b"\n", 1)[0]
            if first == b"ATOM4 SERV 4.1 2.0":
                greeted += 1
            elif first == b"ERR 903 server is full":
                refused += 1
            del pending[s]
            poller.unregister(s)
        else:
            pending[s] = data
# The slow clients hold two places; a few more may still be closing.
if greeted + refused != len(socks) or greeted > MAX_CLIENTS or refused < extra - 10:
    fail(f"{len(socks)} at once: {greeted} greeted, {refused} refused, {len(pending)} silent")
ok(f"{len(socks)} connections at once: {greeted} greeted, {refused} refused with ERR 903")
for s in socks:
    s.close()
time.sleep(1.0)
still_serving("a thousand connections")
ok("the server serves again once they are gone")

# --- clients that never read: each asks for the board over and over
hogs = []
for _ in range(20):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", PORT))
    s.sendall(b"ATOM4 CLNT 4.1 2.0\n")
    s.setblocking(False)
    hogs.append(s)
spam = b"REQU\n" * 20000  # 100 KB asking for 4 MB of board rows
base = rss_kib()
peak = base
dropped = set()
deadline = time.monotonic() + 30
# They keep asking until the server drops each of them (a send fails).
while len(dropped) < len(hogs) and time.monotonic() < deadline:
    for i, s in enumerate(hogs):
        if i in dropped:
            continue
        try:
            s.send(spam)
        except BlockingIOError:
            pass
        except OSError:
            dropped.add(i)
    peak = max(peak, rss_kib())
    time.sleep(0.05)
for s in hogs:
    s.close()
growth = peak - base
if len(dropped) < len(hogs):
    fail(f"clients that never read: {len(dropped)} of {len(hogs)} dropped in 30 s")
ok(f"{len(hogs)} clients that never read are dropped")
# Unbounded queues would hold megabytes a client; bounded ones 256 KiB
# (and the chunk being written).
if growth > 40 * 1024:
    fail(f"{len(hogs)} clients that never read: the server grew by {growth} KiB")
ok(f"meanwhile the server grew by {growth} KiB at most")
still_serving("clients that never read")
ok("the others are still served")

# --- a 10 MB line, NULs, random bytes
s, lines = join()
before = rss_kib()
lines.until("POW?")
s.sendall(b"CHAT " + b"z" * (10 << 20) + b"\nWHO?\n")
line = lines.line(timeout=20)
if not (line or "").startswith("NAME "):
    fail(f"after a 10 MB line: {line!r}")
if rss_kib() - before > 4 * 1024:
    fail("a 10 MB line made the server grow")
ok("a 10 MB line is cut and the client goes on")
s.sendall(b"\x00\x00WHO?\x00\x00\x00")
if not (lines.line() or "").startswith("NAME "):
    fail("NULs do not end lines")
ok("NULs end lines")
s.close()

s = connect()
lines = Lines(s)
lines.line()
rng = random.Random(4704)
s.sendall(bytes(rng.randrange(256) for _ in range(1 << 20)))
reply = lines.line() or ""
if not reply.startswith("ERR 902"):
    fail(f"random bytes: {reply!r}")
ok("random bytes during the handshake get ERR 902")
s.close()

# --- the slow ones
for t in slow:
    t.join(timeout=40)
if slow_results.get("byte") != "ERR 902 no handshake in 10 s":
    fail(f"a byte a second: {slow_results.get('byte')!r}")
ok("a byte a second: closed with ERR 902 after 10 s")
if slow_results.get("half") != "ERR 902 no handshake in 10 s" or slow_results.get("half_end") is not None:
    fail(f"half a handshake: {slow_results}")
ok("half a handshake: closed with ERR 902 after 10 s")

still_serving("everything")
ok("the server is alive and serving at the end")
print(f"abuse: {passed} checks passed, 0 failed")
