#!/usr/bin/env python3
"""The PNG encoder settings, measured: libdeflate at several levels and filters
(as Darkroom writes), libpng with zlib (as it did) (encode.c), Pillow's default,
and Darkroom's own encoder, on the same decoded snapshots in one run. Prints median
milliseconds of CPU time (which time slices lost to other work on a shared machine
do not inflate) and mean kilobytes per image.

    swift build -c release --product darkroom
    swift build -c release --package-path Benchmarks/raster     # for --raster-bench
    python3 Benchmarks/encode/encode.py [--runs 5] [--raster-bench PATH] [PNG or folder ...]

With no files: the reference scene (Benchmarks/orders, rendered) and the
showcase's goldens. Needs a C compiler, libpng-dev, libdeflate-dev and Pillow.
"""

import argparse
import glob
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DARKROOM = os.path.join(ROOT, ".build", "release", "darkroom")


def pillow(files, runs):
    from PIL import Image
    images = [Image.open(f).convert("RGBA") for f in files]
    images = [i.convert("RGB") if i.getextrema()[3] == (255, 255) else i for i in images]
    times, size = [], 0
    for _ in range(runs):
        start = time.process_time()
        size = 0
        for image in images:
            out = io.BytesIO()
            image.save(out, format="PNG")
            size += out.tell()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000 / len(files), size / 1024 / len(files)


def darkroom(layouts, runs):
    """Darkroom's own encode time, from `darkroom bench` (median per snapshot)."""
    out = subprocess.run([DARKROOM, "bench", "--layouts", layouts, "--iterations", str(runs), "--jobs", "1"],
                         capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()]
    return statistics.median(float(row[3]) for row in rows)


def raster_bench(binary, layouts, runs):
    """Darkroom's encode in CPU time, from raster-bench (median per snapshot)."""
    out = subprocess.run([binary, "--layouts", layouts, "--iterations", str(runs), "--only", "encode"],
                         capture_output=True, text=True, check=True).stdout
    return statistics.median(float(line.split()[-1]) for line in out.splitlines() if line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--raster-bench", help="Benchmarks/raster's raster-bench, for Darkroom's encode in CPU time")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        tool = os.path.join(scratch, "encode")
        subprocess.run(["cc", "-O2", "-o", tool, os.path.join(os.path.dirname(__file__), "encode.c"), "-lpng", "-ldeflate", "-lz"],
                       check=True)
        sets = []
        if args.files:
            files = []
            for f in args.files:
                files += sorted(glob.glob(os.path.join(f, "**", "*.png"), recursive=True)) if os.path.isdir(f) else [f]
            sets.append(("the given files", files, None))
        else:
            rendered = os.path.join(scratch, "orders")
            subprocess.run([DARKROOM, "render", "--layouts", os.path.join(ROOT, "Benchmarks", "orders"),
                            "--out", rendered], check=True, capture_output=True)
            sets.append(("reference scene (Benchmarks/orders)", sorted(glob.glob(f"{rendered}/orders/*.png")),
                         os.path.join(ROOT, "Benchmarks", "orders")))
            sets.append(("showcase goldens", sorted(glob.glob(os.path.join(ROOT, "Golden", "*", "*.png"))),
                         os.path.join(ROOT, "Layouts")))
        for title, files, layouts in sets:
            print(f"{title}: {len(files)} images, median ms and mean KB per image")
            sys.stdout.flush()
            subprocess.run([tool, str(args.runs)] + files, check=True)
            ms, kb = pillow(files, args.runs)
            print(f"{'Pillow default (Image.save, PNG)':<44} {ms:9.1f} ms {kb:10.1f} KB")
            if layouts and args.raster_bench:
                ms = raster_bench(args.raster_bench, layouts, args.runs)
                print(f"{'Darkroom pngData (raster-bench, CPU)':<44} {ms:9.1f} ms")
            if layouts and os.path.exists(DARKROOM):
                print(f"{'darkroom bench encode column (elapsed)':<44} {darkroom(layouts, args.runs):9.1f} ms")
            print()


if __name__ == "__main__":
    main()
