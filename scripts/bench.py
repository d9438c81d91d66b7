#!/usr/bin/env python3
"""Benchmark flowctl on tree-shaped programs from scripts/treeflow.py.

    scripts/bench.py                      # validate at 200, 2000 and 20000 flows
    scripts/bench.py --flows 2000 --runs 5
    scripts/bench.py --command graph      # any flowctl command that takes FILE
    scripts/bench.py --against v1.2.0     # and the same runs with that commit's build, side by side

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
TREEFLOW = os.path.join(ROOT, "scripts", "treeflow.py")


def generate(flows, routes):
    os.makedirs(os.path.join(ROOT, "bench-data"), exist_ok=True)
    path = os.path.join(ROOT, "bench-data", f"tree-{flows}x{routes}.flow")
    if not os.path.exists(path):
        with open(path, "w") as out:
            subprocess.run([sys.executable, TREEFLOW, "--flows", str(flows), "--routes", str(routes)],
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


def build(root):
    """Builds flowctl in release mode in `root` and returns the binary's path."""
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "flowctl"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(root, ".build", "release", "flowctl")


def checkout(rev):
    """A worktree of `rev` under bench-data/ (made once per commit), for a side-by-side run."""
    commit = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    path = os.path.join(ROOT, "bench-data", "against-" + commit[:12])
    if not os.path.exists(path):
        subprocess.run(["git", "worktree", "add", "--detach", path, commit], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return path, commit[:12]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flows", type=int, nargs="*", default=[200, 2000, 20000])
    ap.add_argument("--routes", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--command", default="validate")
    ap.add_argument("--against", metavar="REV",
                    help="also build REV (a commit, tag or branch) and run it on the same inputs, runs interleaved")
    ap.add_argument("--extra", nargs=argparse.REMAINDER, default=[], help="more flowctl arguments")
    a = ap.parse_args()
    binaries = [("this tree", build(ROOT))]
    if a.against:
        path, commit = checkout(a.against)
        binaries.append((commit, build(path)))
    print(f"{'binary':>12} {'flows':>7} {'routes':>9} {'MB':>7} {'best s':>8} {'peak MiB':>9} {'µs/route':>9}  exit")
    for flows in a.flows:
        path = generate(flows, a.routes)
        routes = flows * (a.routes + 2)
        size = os.path.getsize(path) / 1e6
        # Interleaved, so that a change in the machine's load falls on both alike.
        runs = {name: [] for name, _ in binaries}
        for _ in range(a.runs):
            for name, binary in binaries:
                runs[name].append(measure([binary, a.command, path] + a.extra))
        for name, _ in binaries:
            wall = min(r[0] for r in runs[name])
            peak = max(r[1] for r in runs[name])
            print(f"{name:>12} {flows:>7} {routes:>9} {size:>7.1f} {wall:>8.3f} {peak:>9.0f} "
                  f"{wall / routes * 1e6:>9.2f}  {runs[name][0][2]}")


if __name__ == "__main__":
    main()
