#!/usr/bin/env python3
"""The verify benchmark: a suite of N phone screens, verified cold and warm.

Builds a project of copies of the showcase's iPhone screens (dashboard, markets,
feed, cells: 390x844 pt at 3x, about 3 Mpx each) in the showcase's five modes, with
their goldens copied from Golden/ (the same layout gives the same pixels), then runs
the release `darkroom verify`:

  cold   --no-cache: every snapshot laid out, drawn, digested and compared;
  warm   after one run has filled .darkroom/cache: nothing changed, nothing drawn.

It prints wall time per snapshot, peak memory (the child's own, from wait4) and the
report's size. Speed is measured here, never asserted in a test.

    swift build -c release --product darkroom
    python3 Benchmarks/suite.py [--snapshots 1000] [--runs 3] [--jobs N] [--keep DIR]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ["dashboard", "markets", "feed", "cells"]
MODES = 5


def build(folder, snapshots):
    """The project: `snapshots` / 5 screens (round-robin copies) plus the palette."""
    layouts = os.path.join(folder, "Layouts")
    golden = os.path.join(folder, "Golden")
    os.makedirs(layouts)
    shutil.copy(os.path.join(ROOT, "Layouts", "theme.yml"), layouts)
    shutil.copy(os.path.join(ROOT, "Layouts", "Localizable.xcstrings"), layouts)  # the theme's strings
    shutil.copytree(os.path.join(ROOT, "Layouts", "images"), os.path.join(layouts, "images"))
    shutil.copytree(os.path.join(ROOT, "Golden", "palette"), os.path.join(golden, "palette"))
    for n in range(snapshots // MODES):
        screen = SCREENS[n % len(SCREENS)]
        name = f"{screen}-{n:04d}"
        shutil.copy(os.path.join(ROOT, "Layouts", f"{screen}.yml"), os.path.join(layouts, f"{name}.yml"))
        shutil.copytree(os.path.join(ROOT, "Golden", screen), os.path.join(golden, name))


def run(binary, args, cwd):
    """Wall seconds, peak resident megabytes and output of one run."""
    start = time.monotonic()
    process = subprocess.Popen([binary] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=dict(os.environ, CI="1"))
    out, err = process.communicate()
    seconds = time.monotonic() - start
    # communicate() reaped it; the children's rusage holds the largest child peak so far.
    return seconds, out.decode(), err.decode()


def peak_megabytes(binary, args, cwd):
    """One more run, measured alone with wait4 for its own peak memory."""
    process = subprocess.Popen([binary] + args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=dict(os.environ, CI="1"))
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024


def folder_megabytes(path):
    total = 0
    for parent, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(parent, f)) for f in files)
    return total / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--snapshots", type=int, default=1000, help="screens × modes (default 1000; the palette adds 5)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each kind; the median is printed")
    parser.add_argument("--jobs", type=int, help="threads (default: every core)")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "darkroom"))
    parser.add_argument("--keep", help="build the project here and keep it")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"suite: no executable at {binary}; build it: swift build -c release --product darkroom")

    folder = options.keep or tempfile.mkdtemp(prefix="darkroom-suite-")
    if options.keep and os.path.exists(folder):
        shutil.rmtree(folder)
    try:
        build(folder, options.snapshots)
        jobs = ["--jobs", str(options.jobs)] if options.jobs else []
        count = options.snapshots // MODES * MODES + MODES
        print(f"suite: {count} snapshots ({options.snapshots // MODES} screens and the palette, {MODES} modes), "
              f"{os.cpu_count()} cores{', ' + str(options.jobs) + ' jobs' if options.jobs else ''}")

        results = {}
        for kind, args in (("cold", ["verify", "--no-cache"] + jobs), ("warm", ["verify"] + jobs)):
            if kind == "warm":
                run(binary, ["verify"] + jobs, folder)  # fills the cache
            times = []
            for _ in range(options.runs):
                seconds, out, err = run(binary, args, folder)
                if "all snapshots match" not in open(os.path.join(folder, ".darkroom", "report", "summary.md")).read():
                    sys.exit(f"suite: {kind} verify did not pass:\n{out}{err}")
                times.append(seconds)
            wall = statistics.median(times)
            peak = peak_megabytes(binary, args, folder)
            report = folder_megabytes(os.path.join(folder, ".darkroom", "report"))
            results[kind] = (wall, peak, report)
            last = out.strip().splitlines()[-1] if out.strip() else ""
            print(f"{kind:5} {wall:7.2f} s  {wall / count * 1000:6.2f} ms/snapshot  peak {peak:6.0f} MB  "
                  f"report {report:6.2f} MB   ({last})")
        return 0
    finally:
        if not options.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
