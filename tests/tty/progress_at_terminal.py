#!/usr/bin/env python3
"""The progress line of a long `simulate`, at a real (pseudo-)terminal and through a pipe.

    progress_at_terminal.py --binary PATH

At a pty (stdout and stderr both the terminal): a run of several seconds shows "N of M games,
R/s" on stderr, rewritten in place, and the report then starts on a clean line; with --json
the terminal gets exactly one JSON document and no progress; a run under a second shows none.
Through a pipe, stderr stays empty. Fails (exit 1) with the screen's text. Python 3 standard
library only.
"""
import argparse
import json
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time

TIMEOUT = 120.0  # seconds: a sanitized build on a busy machine is slow, but never this slow
LONG_RUN_SECONDS = 3.0  # the line shows after 1 s and is redrawn every 0.25 s: a few updates


def simulate_corsari(games):
    return ["simulate", "corsari", "--players", "4", "--games", str(games), "--seed", "3", "--jobs", "1"]


def timed_run(binary, env, games):
    """Seconds a piped run of `games` games takes."""
    started = time.monotonic()
    subprocess.run([binary, "--json"] + simulate_corsari(games), env=env, capture_output=True, timeout=TIMEOUT, check=True)
    return time.monotonic() - started


def run_at_terminal(binary, args, env):
    """Runs binary with args on a pty; returns (exit status, everything written to the pty)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary] + args, env)
    chunks = []
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    else:
        os.kill(pid, 9)
        fail("no exit within %d s" % TIMEOUT, b"".join(chunks))
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), b"".join(chunks).decode("utf-8", "replace")


def fail(message, screen):
    if isinstance(screen, bytes):
        screen = screen.decode("utf-8", "replace")
    print("FAIL: %s\n--- terminal ---\n%s" % (message, screen.replace("\r", "\\r").replace("\033", "\\e")))
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    binary = parser.parse_args().binary
    home = tempfile.mkdtemp()
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_STATE_HOME=home + "/state",
               TERM="xterm-256color", NO_COLOR="1")
    # The long run is sized to this build: a sanitized build plays a game some twenty times
    # slower than an optimised one, and a fixed count long enough for the one takes minutes in
    # the other. Two piped runs (no progress there) give the time a game takes, start-up left out.
    per_game = (timed_run(binary, env, 400) - timed_run(binary, env, 100)) / 300
    games = max(200, min(100000, int(LONG_RUN_SECONDS / max(per_game, 1e-6))))
    for _ in range(4):
        long_run = simulate_corsari(games)
        started = time.monotonic()
        status, screen = run_at_terminal(binary, long_run, env)
        took = time.monotonic() - started
        if status != 0:
            fail("exit %d" % status, screen)
        if took >= 2.0:
            break
        games *= 3  # the machine sped up since the measure: a run must outlast the line's first second
    else:
        fail("%d games still ran under 2 s" % games, screen)
    shown = "{:,}".format(games)
    progress = re.findall(r"simulate corsari: ([\d,]+) of %s games, ([\d,.]+)/s" % shown, screen)
    if not progress:
        fail("no progress line in a %.1f s run of %s games" % (took, shown), screen)
    done = [int(n.replace(",", "")) for n, _ in progress]
    if done != sorted(done) or not 0 < done[0] < games:
        fail("the games done do not grow: %s" % done, screen)
    if "\r\033[KCorsari: %d games" % games not in screen:
        fail("the report does not start on a cleared line", screen)

    status, screen = run_at_terminal(binary, ["--json"] + long_run, env)
    if status != 0:
        fail("--json: exit %d" % status, screen)
    try:
        doc = json.loads(screen)
    except ValueError:
        fail("--json at a terminal is not one JSON document", screen)
    if doc["games"] != games:
        fail("--json: wrong document", screen)

    status, screen = run_at_terminal(binary, ["simulate", "corsari", "--players", "4", "--games", "3", "--seed", "3"], env)
    if status != 0 or "games/s" in screen or "\033[K" in screen:
        fail("a short run showed progress (exit %d)" % status, screen)

    piped = subprocess.run([binary] + long_run, env=env, capture_output=True, timeout=TIMEOUT)
    if piped.returncode != 0 or piped.stderr:
        fail("piped: exit %d, stderr %r" % (piped.returncode, piped.stderr[:300]), piped.stdout)
    print("progress line: %d updates at a terminal, none with --json, a short run or a pipe" % len(progress))


if __name__ == "__main__":
    main()
