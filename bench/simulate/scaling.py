#!/usr/bin/env python3
"""`simulate --jobs` as a player runs it (issue 21): for each game, the same seeded run on one
thread and on every core, as whole processes; prints games per second of wall time and of CPU
time, the speed-up, and whether the two JSON documents agree (they must: the results do not
depend on the number of threads). Prints figures; it is not a test.

    python3 bench/simulate/scaling.py [build/quartermaster] [--scale X]

--scale multiplies every game count (default 1: each run takes a few seconds on one core of a
release build). On a machine that other work keeps busy the wall-time speed-up is meaningless:
read the CPU figures, and the load average printed with them.
"""
import json
import os
import resource
import subprocess
import sys
import time

args = [a for a in sys.argv[1:] if not a.startswith("--scale")]
BIN = os.path.abspath(args[0] if args else os.path.join("build", "quartermaster"))
SCALE = 1.0
for a in sys.argv[1:]:
    if a.startswith("--scale="):
        SCALE = float(a.split("=", 1)[1])

# 4-player games, each game's default policy, sized for a few seconds on one core.
GAMES = [("piraten", 100000), ("loot", 100000), ("meuterer", 100000), ("corsari", 10000), ("pirates-code", 2000)]
CORES = os.cpu_count() or 1


def run(game, games, jobs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run([BIN, "--json", "simulate", game, "--players", "4", "--games", str(games), "--seed", "1",
                          "--jobs", str(jobs)], capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(out)
    for key in ("elapsed_s", "jobs"):
        doc.pop(key)
    return wall, cpu, doc


def main():
    print("simulate, 4 players, seed 1, %d cores, load average %.1f; whole processes" % (CORES, os.getloadavg()[0]))
    print("%-13s %8s %14s %14s %14s %9s %s" % ("game", "games", "1 thread/s", "CPU/s (1)", "%d threads/s" % CORES,
                                                "speed-up", "same results"))
    for game, games in GAMES:
        games = max(1, int(games * SCALE))
        wall1, cpu1, doc1 = run(game, games, 1)
        wall_n, _, doc_n = run(game, games, CORES)
        print("%-13s %8d %14.0f %14.0f %14.0f %8.2fx %s" % (game, games, games / wall1, games / cpu1, games / wall_n,
                                                             wall1 / wall_n, "yes" if doc1 == doc_n else "NO"))


if __name__ == "__main__":
    main()
