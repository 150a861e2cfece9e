#!/usr/bin/env python3
"""Start-up of quartermaster as whole processes (issue 21): the median wall time of commands that
read no photo, and of the REPL until its first prompt at a pseudo-terminal. Prints figures; it is
not a test (a loaded machine makes any time limit flaky).

    python3 bench/startup/startup.py [build/quartermaster] [--runs N]
"""
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time

args = [a for a in sys.argv[1:] if not a.startswith("--runs")]
BIN = os.path.abspath(args[0] if args else os.path.join("build", "quartermaster"))
RUNS = 21
for a in sys.argv[1:]:
    if a.startswith("--runs="):
        RUNS = int(a.split("=", 1)[1])

# Commands that read no photo (target 30 ms each). `simulate` is left out on purpose: its policies
# build their tables first (Piraten's greedy one ~0.1 s), which the throughput benches measure.
COMMANDS = [
    ("score piraten", ["score", "piraten", "--card", "diamond", "--dice", "3coin 5monkey"], 30),
    ("score corsari", ["score", "corsari", "--tavern", "lightblue", "--hand",
                       "lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"], 30),
    ("--help", ["--help"], 30),
    ("session list", ["session", "list"], 30),
]


def whole_process(words, env):
    start = time.perf_counter()
    subprocess.run([BIN] + words, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start


def first_prompt(env):
    """Seconds from exec to the REPL's prompt on a pseudo-terminal."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(BIN, [BIN, "repl"], env)
    seen = b""
    try:
        while b">" not in seen:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                raise RuntimeError("no prompt within 5 s: " + seen.decode(errors="replace"))
            seen += os.read(fd, 4096)
        return time.perf_counter() - start
    finally:
        # Hang up, as closing the terminal window does: a key typed this early could be lost in
        # the terminal's switch to raw mode, and the REPL must leave on a hangup anyway.
        os.close(fd)
        os.waitpid(pid, 0)


def libraries():
    out = subprocess.run(["ldd", BIN], capture_output=True, text=True, check=False).stdout
    return len([line for line in out.splitlines() if "=>" in line or "ld-linux" in line])


def report(name, samples, target_ms):
    median = statistics.median(samples) * 1000
    verdict = "within" if median <= target_ms else "OVER"
    print(f"{name:28} median {median:6.1f} ms  (min {min(samples) * 1000:5.1f}, max {max(samples) * 1000:6.1f}; "
          f"target {target_ms} ms: {verdict})")


def main():
    if not os.access(BIN, os.X_OK):
        sys.exit(f"startup: no {BIN} (build first)")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), TERM="xterm")
        print(f"{BIN}: {libraries()} shared libraries; median of {RUNS} runs each, wall clock")
        for name, words, target in COMMANDS:
            # The first run warms the page cache and proves the command works (a failing one is fast).
            if subprocess.run([BIN] + words, capture_output=True, env=env, check=False).returncode != 0:
                sys.exit(f"startup: `quartermaster {' '.join(words)}` failed")
            report(name, [whole_process(words, env) for _ in range(RUNS)], target)
        first_prompt(env)
        report("REPL to its first prompt", [first_prompt(env) for _ in range(RUNS)], 50)


if __name__ == "__main__":
    main()
