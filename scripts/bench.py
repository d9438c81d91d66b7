#!/usr/bin/env python3
"""Benchmark flowctl on programs from ../shared/bench/genflow.py.

    scripts/bench.py                      # validate at 200, 2000 and 20000 flows
    scripts/bench.py --flows 2000 --runs 5
    scripts/bench.py --command graph      # any flowctl command that takes FILE

Builds flowctl in release mode, generates the inputs once into bench-data/
(ignored by git), runs the whole process several times per size and prints
the best wall time and the peak resident memory of each size, plus the
time per route, so that linear growth is visible at a glance.
"""
import argparse
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENFLOW = os.path.join(ROOT, "..", "shared", "bench", "genflow.py")


def generate(flows, routes):
    os.makedirs(os.path.join(ROOT, "bench-data"), exist_ok=True)
    path = os.path.join(ROOT, "bench-data", f"genflow-{flows}x{routes}.flow")
    if not os.path.exists(path):
        with open(path, "w") as out:
            subprocess.run([sys.executable, GENFLOW, "--flows", str(flows), "--routes", str(routes)],
                           stdout=out, check=True)
    return path


def measure(argv):
    """Wall seconds and peak RSS (MiB) of one child process."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 1024 / 1024
    return wall, peak, code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flows", type=int, nargs="*", default=[200, 2000, 20000])
    ap.add_argument("--routes", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--command", default="validate")
    ap.add_argument("--extra", nargs=argparse.REMAINDER, default=[], help="more flowctl arguments")
    a = ap.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "flowctl"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "flowctl")
    print(f"{'flows':>7} {'routes':>9} {'MB':>7} {'best s':>8} {'peak MiB':>9} {'µs/route':>9}  exit")
    for flows in a.flows:
        path = generate(flows, a.routes)
        routes = flows * (a.routes + 2)
        runs = [measure([binary, a.command, path] + a.extra) for _ in range(a.runs)]
        wall = min(r[0] for r in runs)
        peak = max(r[1] for r in runs)
        size = os.path.getsize(path) / 1e6
        print(f"{flows:>7} {routes:>9} {size:>7.1f} {wall:>8.3f} {peak:>9.0f} {wall / routes * 1e6:>9.2f}  {runs[0][2]}")


if __name__ == "__main__":
    main()
