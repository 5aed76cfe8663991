#!/usr/bin/env python3
"""Attacks the release `darkroom` with hostile and damaged input.

Two parts, each case in a fresh temporary project:

  reproducers  hostile inputs by class, one module each in cases/ (nesting and
               size, aliases, goldens, arguments, reports, interruptions,
               concurrency, memory, JPEGs), each with the exit status it must give;
  mutations    seeded random damage to the showcase, a JPEG and the fixture's colour
               sources (cases/mutations.py).

The rules every run is judged by are in harness.py.

    python3 Scripts/fuzz [--cases N] [--seed S] [--binary PATH] [--only NAME] [--keep DIR]

Exit status 0 when every case holds, 1 otherwise (each failure is printed with the
folder it was kept in). Build first: swift build -c release --product darkroom.
"""

import argparse
import os
import re
import sys
import time

from cases import reproducers
from cases.mutations import mutation_case
from harness import ROOT, SECONDS, SHOWCASE, Case, execute
from projects import showcase_project


def baseline_seconds(binary):
    """How long the heaviest undamaged mutation project takes here, for the time
    bound of runs that render (bad input must still fail within SECONDS)."""
    slowest = 0.0
    for layout in sorted(n[:-4] for n in os.listdir(SHOWCASE) if n.endswith(".yml") and n not in ("theme.yml", "screenshots.yml")):
        case = Case("baseline", ["verify", "--full"], [0], seconds=1e9, setup=showcase_project([layout]))
        result, problems = execute(binary, case, None)
        if problems:
            sys.exit(f"fuzz: the undamaged {layout} project does not verify: {problems}")
        slowest = max(slowest, result.seconds)
    return slowest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=200, help="random mutation cases (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations (default 1)")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "darkroom"))
    parser.add_argument("--only", help="run only the cases whose name contains this")
    parser.add_argument("--keep", default=os.path.join(ROOT, ".build", "fuzz-failures"),
                        help="where failing cases' projects are kept (default .build/fuzz-failures)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"fuzz: no executable at {binary}; build it: swift build -c release --product darkroom")

    failures = 0
    statuses = {}
    errors = {}
    started = time.monotonic()
    cases = [c for c in reproducers() if not options.only or options.only in c.name]
    print(f"fuzz: {len(cases)} reproducers", flush=True)
    for case in cases:
        result, problems = execute(binary, case, options.keep)
        status = "FAIL" if problems else "ok"
        print(f"{status:4} {case.name}: exit {result.status}, {result.seconds:.2f} s, {result.megabytes:.0f} MB", flush=True)
        for problem in problems:
            print(f"     {problem}", flush=True)
        failures += bool(problems)

    if options.cases and not options.only:
        bound = SECONDS + 2 * baseline_seconds(binary)
        print(f"fuzz: {options.cases} mutations, seed {options.seed}; time bound {SECONDS:.0f} s plus twice the slowest "
              f"undamaged run = {bound:.1f} s", flush=True)
        slowest = (0.0, "")
        heaviest = (0.0, "")
        for index in range(options.cases):
            case = mutation_case(index, options.seed)
            case.seconds = bound
            result, problems = execute(binary, case, options.keep)
            statuses[result.status] = statuses.get(result.status, 0) + 1
            if result.status == 2:
                line = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
                kind = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", line.split("error: ", 1)[-1])[:70]
                errors[kind] = errors.get(kind, 0) + 1
            slowest = max(slowest, (result.seconds, case.name))
            heaviest = max(heaviest, (result.megabytes, case.name))
            if problems:
                failures += 1
                print(f"FAIL {case.name} [{'; '.join(case.damages)}] {' '.join(case.args)}", flush=True)
                for problem in problems:
                    print(f"     {problem}", flush=True)
            elif (index + 1) % 50 == 0:
                print(f"fuzz: {index + 1}/{options.cases} mutations", flush=True)
        print(f"fuzz: exits {dict(sorted(statuses.items()))}; slowest {slowest[0]:.2f} s ({slowest[1]}); "
              f"most memory {heaviest[0]:.0f} MB ({heaviest[1]})")
        print("fuzz: the most common errors:")
        for kind, count in sorted(errors.items(), key=lambda item: -item[1])[:12]:
            print(f"  {count:4}  {kind}")
    print(f"fuzz: {failures} failing cases, in {time.monotonic() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
