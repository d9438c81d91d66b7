#!/usr/bin/env python3
"""The speed gate: instructions of fixed flowctl runs against a committed baseline.

    scripts/perf_gate.py                  # measure; exit 1 if a run is more than 5% above its baseline
    scripts/perf_gate.py --update         # measure and write perf/baseline.txt (a deliberate change: commit it)
    scripts/perf_gate.py --compare FILE   # compare counts already measured (what the gate's test does)

Instructions, not seconds: valgrind's callgrind counts the instructions a
run executes, the same on a loaded machine as on an idle one. The runs
are a release `flowctl` (built by `swift build -c release
--static-swift-stdlib --product flowctl` first, as the README installs it)
on inputs that live in this repository: validate on wayfarer (the
state exploration), on a 100-route program with 8 guards and on a
20,000-route one (the front end and the graph checks; too large to
explore), graph on the latter, and a random walk of 200,000 steps on
wayfarer. The baseline holds one line a run: `name instructions`. A
count that changes with the toolchain or the machine is a new baseline:
run with --update on purpose and commit it with the change that explains it.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "perf", "baseline.txt")
TOLERANCE_PERCENT = 5


def inputs():
    """Writes the generated inputs into .build/perf; returns their paths by name."""
    out = os.path.join(ROOT, ".build", "perf")
    os.makedirs(out, exist_ok=True)
    paths = {}
    for name, routes in (("guarded-100", 100), ("guarded-20000", 20000)):
        path = os.path.join(out, name + ".flow")
        text = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "guardflow.py"), "--routes", str(routes)],
                              check=True, capture_output=True, text=True).stdout
        with open(path, "w") as f:
            f.write(text)
        paths[name] = path
    return paths


def runs(binary):
    """The runs the gate measures: name and flowctl arguments."""
    files = inputs()
    wayfarer = os.path.join(ROOT, "flows", "wayfarer.flow")
    return [
        ("validate-wayfarer", [binary, "validate", wayfarer]),
        ("validate-guarded-100", [binary, "validate", files["guarded-100"]]),
        ("validate-guarded-20000", [binary, "validate", files["guarded-20000"]]),
        ("graph-guarded-20000", [binary, "graph", files["guarded-20000"]]),
        ("walk-wayfarer", [binary, "simulate", wayfarer, "--random", "200000", "--seed", "1"]),
    ]


def instructions(argv):
    """The instructions one run executes, counted by callgrind."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    # validate exits 1 for a program with errors; anything else is a failed run, never a fast one.
    if result.returncode not in (0, 1):
        sys.exit(f"perf_gate: {' '.join(argv)} exited with status {result.returncode}:\n{result.stderr[-2000:]}")
    if not found:
        sys.exit(f"perf_gate: callgrind printed no count for {' '.join(argv)}:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def read(path):
    counts = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2 or not parts[1].isdigit():
                sys.exit(f"perf_gate: {path}:{number}: expected 'name instructions', got '{line}'")
            counts[parts[0]] = int(parts[1])
    return counts


def write(path, counts):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("# Instructions of each run of scripts/perf_gate.py (callgrind, release build).\n")
        f.write("# Update on purpose: scripts/perf_gate.py --update, committed with the change.\n")
        for name, count in counts.items():
            f.write(f"{name} {count}\n")


def compare(measured, baseline):
    """Prints each run against its baseline; returns the names more than TOLERANCE_PERCENT above it."""
    slower = []
    for name, count in measured.items():
        if name not in baseline:
            print(f"{name}: {count:,} instructions (no baseline)")
            continue
        change = count / baseline[name] - 1
        # In integers: a count exactly 5% above its baseline passes.
        over = count * 100 > baseline[name] * (100 + TOLERANCE_PERCENT)
        print(f"{name}: {count:,} instructions, {change:+.1%} against {baseline[name]:,}  {'SLOWER' if over else 'ok'}")
        if over:
            slower.append(name)
    return slower


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="write the baseline from this measurement")
    ap.add_argument("--compare", metavar="FILE", help="counts to compare instead of measuring")
    ap.add_argument("--baseline", default=BASELINE, help="the baseline file (default perf/baseline.txt)")
    a = ap.parse_args()
    if a.compare:
        measured = read(a.compare)
    else:
        binary = os.path.join(ROOT, ".build", "release", "flowctl")
        if not os.path.exists(binary):
            sys.exit("perf_gate: no release flowctl: run `swift build -c release --static-swift-stdlib --product flowctl` first")
        measured = {name: instructions(argv) for name, argv in runs(binary)}
    if a.update:
        write(a.baseline, measured)
        print(f"perf_gate: wrote {os.path.relpath(a.baseline, ROOT)}")
        return
    if not os.path.exists(a.baseline):
        sys.exit(f"perf_gate: no baseline at {a.baseline}: run scripts/perf_gate.py --update and commit it")
    baseline = read(a.baseline)
    missing = [name for name in baseline if name not in measured]
    if missing and not a.compare:
        sys.exit(f"perf_gate: the baseline has runs this script no longer measures ({', '.join(missing)}): run --update")
    slower = compare(measured, baseline)
    if slower:
        print(f"perf_gate: {', '.join(slower)} more than {TOLERANCE_PERCENT}% slower than the baseline. If that is on purpose, "
              "run scripts/perf_gate.py --update and commit perf/baseline.txt with the change that explains it.")
        sys.exit(1)
    print("perf_gate: every run within 5% of its baseline")


if __name__ == "__main__":
    main()
