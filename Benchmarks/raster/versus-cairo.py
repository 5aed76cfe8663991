#!/usr/bin/env python3
"""The reference scene's raster time against cairo's, measured in one run.

Draws the scene of shared/bench/peers.py (Benchmarks/orders: 1170 x 2532 px, 97
draw ops) with cairo (pycairo, through peers.py's own drawing code) and times
`darkroom bench --layouts Benchmarks/orders` (its "raster ms" column: a new buffer,
the background, every command), for each binary given, in alternation for a number
of rounds, so load from other work on the machine falls on all of them alike. Prints
each round and the medians, and each binary's median ratio to cairo.

Both sides are timed back to back: peers.py's `median_ms` draws cairo's scene again
and again with nothing in between, and `darkroom bench` times each phase in a loop
of its own. Timed between an encode and two other drawings, as `darkroom bench`
once timed it, the raster starts with part of its 12 MB buffer pushed out of the
caches, which cairo's figure never pays (0.55x cairo where back to back gave 0.48x).

Elapsed time is what a user waits for, but on a machine whose cores other work
shares it swings by 2-3x from one round to the next. `--raster-bench` adds the same
drawing timed in thread CPU time (Benchmarks/raster's `raster-bench --only render`)
against cairo's drawing in this thread's CPU time, which time slices lost to other
processes do not inflate. With `--wall`, that column is elapsed time on both sides
instead.

    swift build -c release --product darkroom
    python3 Benchmarks/raster/versus-cairo.py [--peers ../shared/bench/peers.py] [--rounds 15]
        [--binary .build/release/darkroom ...] [--raster-bench Benchmarks/raster/.build/release/raster-bench ...]
        [--wall]
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_peers(path):
    spec = importlib.util.spec_from_file_location("peers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def darkroom_raster_ms(binary, iterations):
    out = subprocess.run(
        [binary, "bench", "--layouts", os.path.join(ROOT, "Benchmarks", "orders"), "--iterations", str(iterations)],
        capture_output=True, text=True, check=True).stdout
    row = [line for line in out.splitlines() if line.startswith("orders/")][0].split()
    return float(row[2])


def raster_bench_ms(binary, iterations, wall):
    out = subprocess.run([binary, "--layouts", os.path.join(ROOT, "Benchmarks", "orders"), "--only", "render",
                          "--iterations", str(iterations)] + (["--wall"] if wall else []),
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def cpu_median_ms(fn, n):
    fn()
    times = []
    for _ in range(n):
        start = time.thread_time()
        fn()
        times.append((time.thread_time() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peers", default=os.path.join(os.path.dirname(ROOT), "shared", "bench", "peers.py"))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--iterations", type=int, default=15, help="darkroom bench --iterations per round")
    parser.add_argument("--binary", action="append", help="darkroom executables (default: the release build)")
    parser.add_argument("--raster-bench", action="append", default=[], help="raster-bench executables (CPU time, or elapsed with --wall)")
    parser.add_argument("--wall", action="store_true", help="time the raster-bench column in elapsed time, not CPU time")
    options = parser.parse_args()
    binaries = options.binary or ([] if options.raster_bench else [os.path.join(ROOT, ".build", "release", "darkroom")])
    peers = load_peers(options.peers if os.path.exists(options.peers) else "/work/shared/bench/peers.py")
    ops = peers.scene_ops()
    # The raster-bench column: CPU time, or elapsed time back to back with --wall.
    cairo, cairo_cpu = [], []
    darkroom = {b: [] for b in binaries}
    cpu = {b: [] for b in options.raster_bench}
    column = "back to back, elapsed" if options.wall else "CPU"
    for round in range(options.rounds):
        line = f"round {round + 1:2}:"
        if binaries:
            cairo.append(peers.median_ms(lambda: peers.draw_cairo(ops), n=options.iterations))
            line += f" cairo {cairo[-1]:6.2f} ms"
            for b in binaries:
                darkroom[b].append(darkroom_raster_ms(b, options.iterations))
                line += f"   {os.path.basename(b)} {darkroom[b][-1]:6.2f} ms ({darkroom[b][-1] / cairo[-1]:.2f}x)"
        if cpu:
            timed = peers.median_ms if options.wall else cpu_median_ms
            cairo_cpu.append(timed(lambda: peers.draw_cairo(ops), n=options.iterations))
            line += f" | {column}: cairo {cairo_cpu[-1]:6.2f} ms"
            for b in cpu:
                cpu[b].append(raster_bench_ms(b, options.iterations, options.wall))
                line += f"   {b.split('/')[-4] if b.count('/') >= 4 else b} {cpu[b][-1]:6.2f} ms ({cpu[b][-1] / cairo_cpu[-1]:.2f}x)"
        print(line, flush=True)
    for label, reference, measured in (("elapsed", cairo, darkroom), (column, cairo_cpu, cpu)):
        if not measured:
            continue
        c = statistics.median(reference)
        print(f"median ({label}): cairo {c:.2f} ms")
        for b, values in measured.items():
            d = statistics.median(values)
            ratios = statistics.median(x / y for x, y in zip(values, reference))
            print(f"median ({label}): {b} {d:.2f} ms = {d / c:.2f}x cairo (median of per-round ratios {ratios:.2f}x)")


if __name__ == "__main__":
    sys.exit(main())
