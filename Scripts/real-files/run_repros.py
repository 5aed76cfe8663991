#!/usr/bin/env python3
"""Runs every reproducer in repro/ (see make_repros.py) with a Darkroom binary:
`render --dump`, and prints, per reproducer, the exit status, the error line or the
colours and texts drawn, beside what the platform shows.

usage: run_repros.py DARKROOM_BINARY [--repro DIR] [--md FILE]   (DIR: make_repros.py's, default
.build/real-files/repro)"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = sys.argv[sys.argv.index("--repro") + 1] if "--repro" in sys.argv else os.path.join(
    os.path.dirname(os.path.dirname(HERE)), ".build", "real-files", "repro")


def main():
    binary = os.path.abspath(sys.argv[1])
    md = sys.argv[sys.argv.index("--md") + 1] if "--md" in sys.argv else None
    manifest = json.load(open(os.path.join(ROOT, "manifest.json")))
    rows = []
    for r in manifest:
        proj = os.path.join(ROOT, r["name"])
        p = subprocess.run([binary, "render", "--dump", "--layouts", "Layouts", "--no-cache"], cwd=proj,
                           capture_output=True, text=True, env=dict(os.environ, CI="1"))
        if p.returncode != 0:
            shown = "exit %d: %s" % (p.returncode, p.stderr.strip().splitlines()[0] if p.stderr.strip() else "")
        else:
            out = []
            snap = None
            for line in p.stdout.splitlines():
                if line.startswith("# ") and ": warning:" not in line:
                    snap = line[2:]
                    continue
                if snap and snap.startswith("r/"):
                    m = re.match(r'\s*text "(.*)" [\d.]+pt', line)
                    if m:
                        out.append("%s: %r" % (snap, m.group(1)))
                    m = re.match(r"\s*fill \S+ 10×1 corner \S+ (#[0-9a-f]+)", line)
                    if m:
                        out.append("%s: %s" % (snap, m.group(1)))
            shown = "exit 0: " + "; ".join(out)
        rows.append((r, shown))
        print("== %s\n   %s\n   darkroom: %s\n   platform: %s" % (r["name"], r["title"], shown, r["platform"]))
    if md:
        with open(md, "w") as f:
            f.write("| reproducer | what Darkroom does (%s) | what the platform shows |\n| --- | --- | --- |\n" %
                    os.path.basename(binary))
            for r, shown in rows:
                f.write("| `%s` | %s | %s |\n" % (r["name"], shown.replace("|", "\\|"), r["platform"].replace("|", "\\|")))


if __name__ == "__main__":
    main()
