#!/usr/bin/env python3
"""`darkroom diff --out` against ImageMagick's `compare`, on the pair of files
shared/bench/peers.py diffs, in one run.

Writes the peers' pair (the reference scene drawn by Skia, and again with one button
moved 3 points, saved by Pillow as RGBA PNGs with its adaptive filters, as peers.py
does), then runs, in alternation for a number of rounds, `darkroom diff A B --out D`
for each binary given and `compare -metric AE -fuzz 10% A B D`, timing each process
from start to exit. Prints the medians and each binary's ratio to ImageMagick.

    swift build -c release --product darkroom
    python3 Benchmarks/diff/versus-imagemagick.py [--rounds 9] [--binary .build/release/darkroom ...]
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_peers(path):
    spec = importlib.util.spec_from_file_location("peers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def elapsed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peers", default=os.path.join(os.path.dirname(ROOT), "shared", "bench", "peers.py"))
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--binary", action="append", help="darkroom executables (default: the release build)")
    options = parser.parse_args()
    binaries = options.binary or [os.path.join(ROOT, ".build", "release", "darkroom")]
    peers = load_peers(options.peers if os.path.exists(options.peers) else "/work/shared/bench/peers.py")
    import skia
    from PIL import Image
    with tempfile.TemporaryDirectory() as folder:
        a, b = os.path.join(folder, "a.png"), os.path.join(folder, "b.png")
        for ops, path in ((peers.scene_ops(), a), (peers.scene_ops(shift=3), b)):
            pixels = peers.draw_skia(ops).toarray(colorType=skia.kRGBA_8888_ColorType)
            Image.fromarray(pixels, "RGBA").save(path)
        out = os.path.join(folder, "diff.png")
        magick, darkroom = [], {binary: [] for binary in binaries}
        for round in range(options.rounds):
            magick.append(elapsed(["compare", "-metric", "AE", "-fuzz", "10%", a, b, out]))
            line = f"round {round + 1:2}: imagemagick {magick[-1]:7.1f} ms"
            for binary in binaries:
                darkroom[binary].append(elapsed([binary, "diff", a, b, "--out", out]))
                line += f"   {binary} {darkroom[binary][-1]:7.1f} ms"
            print(line, flush=True)
        m = statistics.median(magick)
        print(f"median: imagemagick compare {m:.1f} ms")
        for binary, times in darkroom.items():
            d = statistics.median(times)
            ratio = statistics.median(y / x for x, y in zip(times, magick))
            print(f"median: {binary} diff --out {d:.1f} ms: ImageMagick takes {m / d:.1f}x as long "
                  f"(median of per-round ratios {ratio:.1f}x)")


if __name__ == "__main__":
    sys.exit(main())
