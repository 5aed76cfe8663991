"""Whether Apple's SF Pro tracking table brings Inter's widths to SF Pro's.

Sets the same labels (the showcase's English texts and its string catalog's English
values, 2 to 40 characters) at each point size twice with the darkroom executable:
once in a project that brings SF Pro's files (SF Pro Text below 20 points, SF Pro
Display from 20, each with Apple's tracking, as UIKit sets them) and once in Inter.
For each size it prints the mean width error of Inter against SF Pro, untracked and
with SF Pro's tracking for that size. SF Pro may not be committed: point $SFPRO_DIR at
a folder of Apple's static SF-Pro-Text-*.otf and SF-Pro-Display-*.otf files.

    SFPRO_DIR=~/Fonts/SF-Pro DARKROOM=.build-rel/release/darkroom python3 Benchmarks/inter-tracking.py
"""
import glob, json, os, re, shutil, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DARKROOM = os.path.abspath(os.environ.get("DARKROOM", os.path.join(ROOT, ".build-rel/release/darkroom")))
SFPRO = os.environ.get("SFPRO_DIR") or sys.exit("set SFPRO_DIR to a folder of SF Pro's .otf files")
WORK = "/tmp/inter-tracking"
SIZES = [6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 30, 34, 40, 48]

texts = set()
for path in glob.glob(os.path.join(ROOT, "Layouts/*.yml")):
    for match in re.finditer(r'(?:text|title|subtitle|detail|placeholder): *"([^"{}]+)"', open(path).read()):
        if match.group(1).isascii() and 2 <= len(match.group(1)) <= 40:
            texts.add(match.group(1))
catalog = json.load(open(os.path.join(ROOT, "Layouts/Localizable.xcstrings")))
for key, entry in catalog["strings"].items():
    value = entry.get("localizations", {}).get("en", {}).get("stringUnit", {}).get("value", key)
    if value.isascii() and "%" not in value and "*" not in value and 2 <= len(value) <= 40:
        texts.add(value)
texts = sorted(texts)

# Each label is followed by a mark with no spacing: the mark's x less the label's is
# the label's width. A layout has at most 10,000 nodes, so the sizes are split.
shutil.rmtree(WORK, ignore_errors=True)
for project in ("sfpro", "inter"):
    os.makedirs(f"{WORK}/{project}/Layouts")
    fonts = "fonts:\n  files: [fonts]\n" if project == "sfpro" else ""
    open(f"{WORK}/{project}/Layouts/theme.yml", "w").write('colors:\n  ink: "#000000"\nmodes:\n  light: {}\n' + fonts)
    for part, sizes in (("a", SIZES[:13]), ("b", SIZES[13:])):
        rows = [
            f'      - hstack: {{ spacing: 0, children: [ {{ label: {{ text: {json.dumps(t)}, size: {s} }} }}, '
            f'{{ label: {{ text: "|", size: 10 }} }}, spacer ] }}'
            for s in sizes for t in texts]
        open(f"{WORK}/{project}/Layouts/{part}.yml", "w").write(
            "size: [3000, auto]\nroot:\n  vstack:\n    align: leading\n    children:\n" + "\n".join(rows) + "\n")
shutil.copytree(SFPRO, f"{WORK}/sfpro/Layouts/fonts")


def widths(project):
    dump = subprocess.run([DARKROOM, "render", "--dump", "--only", "a/light,b/light"], cwd=f"{WORK}/{project}",
                          capture_output=True, text=True, check=True).stdout
    lines = [line for line in dump.splitlines() if line.startswith("text ")]
    result = []
    for label, mark in zip(lines[0::2], lines[1::2]):
        a = re.match(r'text "(.*)" ([\d.]+)pt at ([-\d.]+),', label)
        b = re.match(r'text "\|" 10pt at ([-\d.]+),', mark)
        result.append((a.group(1), float(a.group(2)), float(b.group(1)) - float(a.group(3))))
    return result


tracking = {}
doc = open(os.path.join(ROOT, "docs/fidelity.md")).read()
for match in re.finditer(r"(\d+) pt \| ([+−-]?[\d.]+)", doc):
    tracking[int(match.group(1))] = float(match.group(2).replace("−", "-"))
sfpro, inter = widths("sfpro"), widths("inter")
count = len(texts)
print(f"{count} texts; mean |width − SF Pro's width| / SF Pro's width")
print("| size | cut | tracking | Inter untracked | Inter tracked |")
print("| --- | --- | --- | --- | --- |")
for index, size in enumerate(SIZES):
    sf, it = sfpro[index * count:(index + 1) * count], inter[index * count:(index + 1) * count]
    t = tracking[size]
    # Inter as drawn now is tracked below 20 points: its untracked width is recovered.
    drawn = t if size < 20 else 0
    plain = [(text, w - drawn * (len(text) - 1)) for text, _, w in it]
    untracked = statistics.mean(abs(w - s[2]) / s[2] for (_, w), s in zip(plain, sf))
    tracked = statistics.mean(abs(w + t * (len(text) - 1) - s[2]) / s[2] for (text, w), s in zip(plain, sf))
    print(f"| {size} | {'Text' if size < 20 else 'Display'} | {t:+.2f} | {100 * untracked:.2f} % | {100 * tracked:.2f} % |")
