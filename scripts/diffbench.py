#!/usr/bin/env python3
"""Time `flowctl diff` of two releases of a 1,000-route app (issue 18: at most 1 s).

    scripts/diffbench.py                  # 1000 routes, 5 runs
    scripts/diffbench.py --routes 2000 --runs 3

Builds flowctl in release mode, writes the old release with guardflow.py
(an app-shaped program with guards, tabs, feature flows and gated links)
into bench-data/ (ignored by git) and a new one edited as a release would
be: a route renamed in every section (its references and links with it),
a link's pattern changed, a screen added. Prints the best and the worst
wall time of the whole process and exits 1 when the best is over the limit.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", type=int, default=1000, help="routes of the generated app")
    ap.add_argument("--runs", type=int, default=5, help="runs of flowctl diff")
    ap.add_argument("--limit", type=float, default=1.0, help="seconds the best run may take")
    a = ap.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "flowctl"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "flowctl")
    data = os.path.join(ROOT, "bench-data")
    os.makedirs(data, exist_ok=True)
    old = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "guardflow.py"), "--routes", str(a.routes)],
                         check=True, capture_output=True, text=True).stdout
    new = re.sub(r"\br5\b", "r5x", old)
    new = new.replace('link "app://tab0/r2"', 'link "app://tab0/screen2"', 1)
    new = new.replace("flow Tab0 {\n", "flow Tab0 {\n  route whatsNew [final]\n  on showWhatsNew -> sheet whatsNew\n", 1)
    paths = []
    for name, text in (("old", old), ("new", new)):
        path = os.path.join(data, f"release-{name}-{a.routes}.flow")
        with open(path, "w") as out:
            out.write(text)
        paths.append(path)
    times = []
    for _ in range(a.runs):
        start = time.perf_counter()
        run = subprocess.run([binary, "diff", *paths], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if run.returncode not in (0, 1):
            sys.exit(f"flowctl diff failed ({run.returncode}): {run.stderr}")
    summary = run.stdout.strip().splitlines()[-1]
    print(f"diff of two {a.routes}-route releases: best {min(times):.3f} s, worst {max(times):.3f} s ({summary})")
    sys.exit(0 if min(times) <= a.limit else 1)


if __name__ == "__main__":
    main()
