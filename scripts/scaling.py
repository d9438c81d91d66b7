#!/usr/bin/env python3
"""Time flowctl on the shapes of input that make naive code super-linear.

    scripts/scaling.py                    # every shape at 1,000, 10,000 and 100,000
    scripts/scaling.py --sizes 1000 10000 --shapes links chain

Each shape is a program (and, for the simulate shapes, a script or a URL)
generated at each size into bench-data/scaling/ (ignored by git). The table
gives the best wall time of three runs, the peak memory and the output's
size; the last column is the time ratio to the previous size, so a linear
row reads about 10 between sizes ten times apart. Builds flowctl in release
mode first. A run over 120 s or 4 GiB is stopped and reported as such.
"""
import argparse
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "bench-data", "scaling")


def write(name, text):
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, name)
    with open(path, "w") as out:
        out.write(text)
    return path


def links(n):
    """N links of one shape: every pair overlaps (F304 once per link, not per pair)."""
    body = "flow App [entry] {\n  start home\n  route home { on go -> push item(id: 1) }\n  route item(id: Int) [final]\n}\n"
    body += "".join(f'link "app://x/:a{i}" -> App/item(id: a{i})\n' for i in range(n))
    return ["validate", write(f"links-{n}.flow", body)]


def chain(n):
    """N flows, each starting the next when the user taps: simulate all the way down."""
    body = "flow F0 [entry] { start r  route r { on go -> start F1 } }\n"
    body += "".join(f"flow F{i} {{ start r  route r {{ on go -> start F{i + 1} }} }}\n" for i in range(1, n))
    body += f"flow F{n} {{ start r  route r [final] }}\n"
    script = write(f"chain-{n}.script", "go\n" * n)
    return ["simulate", write(f"chain-{n}.flow", body), "--script", script]


def inplace(n):
    """N flows, each starting the next in its place: the entry's start is N flows deep."""
    body = "flow F0 [entry] { start F1 }\n" + "".join(f"flow F{i} {{ start F{i + 1} }}\n" for i in range(1, n))
    body += f"flow F{n} {{ start r  route r [final] }}\n"
    return ["simulate", write(f"inplace-{n}.flow", body), "-e", "back", "-e", "expect error"]


def guards(n):
    """One event with N guarded handlers, then its fallback, sent once."""
    handlers = "".join(f"    on go when g{i} -> push r\n" for i in range(n))
    body = f"flow App [entry] {{\n  start home\n  route home {{\n{handlers}    on go -> push r\n  }}\n  route r [final]\n}}\n"
    return ["simulate", write(f"guards-{n}.flow", body), "-e", "go"]


def parameters(n):
    """A route with N parameters, pushed with N arguments."""
    params = ", ".join(f"p{i}: Int" for i in range(n))
    args = ", ".join(f"p{i}: {i}" for i in range(n))
    body = f"flow App [entry] {{\n  start home\n  route home {{ on go -> push r({args}) }}\n  route r({params}) [final]\n}}\n"
    return ["simulate", write(f"parameters-{n}.flow", body), "-e", "go"]


def tabs(n):
    """A tab container of N tabs, the last one tapped."""
    body = "flow App [entry] { tabs " + ", ".join(f"T{i}" for i in range(n)) + " }\n"
    body += "".join(f"flow T{i} {{ start r  route r {{ on go -> push r }} }}\n" for i in range(n))
    return ["simulate", write(f"tabs-{n}.flow", body), "-e", f"tab T{n - 1}"]


def url(n):
    """A URL of N segments opened against a link of N captures."""
    body = "flow App [entry] {\n  start home\n  route home [final]\n}\n"
    body += 'link "app://x/' + "/".join(f":c{i}" for i in range(n)) + '" -> App/home\n'
    target = "app://x/" + "/".join(str(i) for i in range(n))
    script = write(f"url-{n}.script", f'open "{target}"\n')
    return ["simulate", write(f"url-{n}.flow", body), "--script", script]


def results(n):
    """N flows in a chain, the entry handling the result of every one of them (F110 asks N times)."""
    handlers = "".join(f"  on F{i}.done -> stay\n" for i in range(1, n + 1))
    body = f"flow F0 [entry] {{\n  start r\n  route r {{ on go -> start F1 }}\n{handlers}}}\n"
    body += "".join(f"flow F{i} {{ start r  route r {{ on go -> start F{i + 1}  on end -> finish done }} }}\n" for i in range(1, n))
    body += f"flow F{n} {{ start r  route r {{ on end -> finish done }} }}\n"
    return ["validate", write(f"results-{n}.flow", body)]


def selects(n):
    """A chain of N flows under a tab, each selecting the other tab (F111 asks N times)."""
    body = "flow App [entry] { tabs T0, T1 }\n"
    body += "flow T0 { start r  route r { on go -> start F1 } }\nflow T1 { start r  route r [final] }\n"
    body += "".join(f"flow F{i} {{ start r  route r {{ on go -> start F{i + 1}  on other -> select T1 }} }}\n" for i in range(1, n))
    body += f"flow F{n} {{ start r  route r {{ on other -> select T1 }} }}\n"
    return ["validate", write(f"selects-{n}.flow", body)]


def tabchain(n):
    """N tabs, each starting in its place the same chain of N flows (F114 follows it once, not N times)."""
    body = "flow App [entry] { tabs " + ", ".join(f"T{i}" for i in range(n)) + " }\n"
    body += "".join(f"flow T{i} {{ start C1 }}\n" for i in range(n))
    body += "".join(f"flow C{i} {{ start C{i + 1} }}\n" for i in range(1, n))
    body += f"flow C{n} {{ start r  route r {{ on go -> push r }} }}\n"
    return ["validate", write(f"tabchain-{n}.flow", body)]


def deadend(n):
    """N flows in a chain, a dead end at the bottom: its path is N steps long, found by a bounded search."""
    body = "flow F0 [entry] { start r  route r { on go -> start F1 } }\n"
    body += "".join(f"flow F{i} {{ start r  route r {{ on go -> start F{i + 1} }} }}\n" for i in range(1, n))
    body += f"flow F{n} {{ start r  route r {{ on go -> cover end }}  route end }}\n"
    return ["validate", write(f"deadend-{n}.flow", body)]


SHAPES = {"links": links, "chain": chain, "inplace": inplace, "guards": guards,
          "parameters": parameters, "tabs": tabs, "url": url,
          "results": results, "selects": selects, "tabchain": tabchain, "deadend": deadend}


def measure(argv):
    """Best-effort wall seconds, peak RSS (MiB), output bytes and exit code of one run."""
    start = time.perf_counter()
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    with open(os.devnull, "w") as sink:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=sink, preexec_fn=limit)
        size = 0
        try:
            while True:
                chunk = proc.stdout.read(1 << 16)
                if not chunk:
                    break
                size += len(chunk)
                if time.perf_counter() - start > 120:
                    proc.kill()
                    return None
        finally:
            proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024, size, os.waitstatus_to_exitcode(status)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000, 100000])
    ap.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "flowctl"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "flowctl")
    print(f"{'shape':<11} {'size':>7} {'command':<9} {'best s':>8} {'peak MiB':>9} {'output':>10} {'exit':>4} {'×prev':>6}")
    for shape in a.shapes:
        previous = None
        for n in a.sizes:
            arguments = SHAPES[shape](n)
            results = [measure([binary] + arguments) for _ in range(a.runs)]
            if any(r is None for r in results):
                print(f"{shape:<11} {n:>7} {arguments[0]:<9} {'> 120 s':>8}")
                break
            best = min(results)
            ratio = f"{best[0] / previous:6.1f}" if previous else ""
            print(f"{shape:<11} {n:>7} {arguments[0]:<9} {best[0]:8.3f} {best[1]:9.0f} {best[2]:10d} {best[3]:>4} {ratio}")
            previous = max(best[0], 0.001)


if __name__ == "__main__":
    main()
