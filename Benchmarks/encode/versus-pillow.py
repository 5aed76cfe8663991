#!/usr/bin/env python3
"""Darkroom's PNG encoding of a 3 Mpx screen against Pillow's, in one run.

Renders the reference scene (Benchmarks/orders: 1170 x 2532 px) with the first
binary given, then, in alternating rounds, times each binary's `darkroom bench`
"encode ms" column (median of its iterations, one thread: the golden's encoding, text
chunks and all) and Pillow's default `Image.save(format="PNG")` of the same pixels
(median of as many saves), so load from other work falls on all of them alike.
Prints every round, the medians, each binary's ratio to Pillow, and the file sizes.

Unlike encode.py, which times the compressors on decoded files in CPU time, this
times the whole encoding a user waits for, as `darkroom bench` reports it.

    swift build -c release --product darkroom
    python3 Benchmarks/encode/versus-pillow.py [--rounds 5] [--iterations 9] [--binary PATH ...]
"""

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENE = os.path.join(ROOT, "Benchmarks", "orders")


def encode_ms(binary, iterations):
    """The "encode ms" column of `darkroom bench` for the scene's one snapshot."""
    out = subprocess.run([binary, "bench", "--layouts", SCENE, "--iterations", str(iterations), "--jobs", "1"],
                         capture_output=True, text=True, check=True).stdout
    header, row = out.splitlines()[0].split(), out.splitlines()[1].split()
    # The row is the snapshot's name, then one number a column of the header's.
    columns = [word for word in header if word != "ms"]
    return float(row[columns.index("encode")])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=9)
    parser.add_argument("--binary", action="append", help="a darkroom executable (repeatable)")
    options = parser.parse_args()
    binaries = [os.path.abspath(b) for b in (options.binary or [os.path.join(ROOT, ".build", "release", "darkroom")])]
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="darkroom-encode-") as folder:
        subprocess.run([binaries[0], "render", "--layouts", SCENE, "--out", folder, "--force"],
                       capture_output=True, check=True)
        rendered = os.path.join(folder, "orders", "dark.png")
        darkroom_bytes = os.path.getsize(rendered)
        image = Image.open(rendered).convert("RGBA")
        if image.getextrema()[3] == (255, 255):
            image = image.convert("RGB")
        times = {b: [] for b in binaries}
        pillow = []
        for round in range(options.rounds):
            for binary in binaries:
                times[binary].append(encode_ms(binary, options.iterations))
            saves = []
            for _ in range(options.iterations):
                start = time.perf_counter()
                out = io.BytesIO()
                image.save(out, format="PNG")
                saves.append((time.perf_counter() - start) * 1000)
            pillow.append(statistics.median(saves))
            pillow_bytes = out.tell()
            print(f"round {round + 1}: " + "  ".join(f"{times[b][-1]:.1f}" for b in binaries) + f"  Pillow {pillow[-1]:.1f} ms")
        reference = statistics.median(pillow)
        print(f"Pillow   {reference:7.1f} ms  {pillow_bytes / 1000:7.1f} KB")
        for binary in binaries:
            median = statistics.median(times[binary])
            print(f"{binary}: {median:7.1f} ms, {median / reference:.3f}x Pillow's time")
        print(f"Darkroom's file {darkroom_bytes / 1000:.1f} KB, {darkroom_bytes / pillow_bytes:.3f}x Pillow's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
