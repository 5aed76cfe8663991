#!/usr/bin/env python3
"""Text side by side with another engine: the same lines set by Darkroom (through a
layout and `darkroom render`) and by HarfBuzz + Skia (uharfbuzz shapes, skia-python
draws the glyphs unhinted, anti-aliased, at subpixel positions), black on white, in
the same fonts, at the same baselines (read from `darkroom render --dump`).

Lines: Inter in several weights and sizes (kerning, punctuation, figures), Arabic and
Hebrew in DejaVu Sans (right to left), and Japanese in Noto Sans CJK. Each label names
its font through the theme's `fonts:`, so both engines use one face per line.

Usage:  python3 Benchmarks/skia-compare/text.py [--darkroom PATH] [--scale S] [--out DIR]
Needs:  pip install skia-python uharfbuzz numpy pillow
Prints: per line, the mean and maximum per-pixel difference (of 255), the share of
pixels more than 16/255 apart, and how far apart the two lines' ink is horizontally;
writes darkroom.png, skia.png, diff.png (differences ×4) and side-by-side.png
(Darkroom above, Skia below, line by line) to --out.
"""
import argparse, os, re, subprocess, sys, tempfile

import numpy as np
import skia
import uharfbuzz as hb
from PIL import Image

INTER = "/usr/share/fonts/opentype/inter/"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

# (font family, file, size, text, right to left)
LINES = [
    ("regular", INTER + "Inter-Regular.otf", 17, "AV Wa To Ty — kerning, office → shaping", False),
    ("regular", INTER + "Inter-Regular.otf", 13, "Darkroom develops themed snapshots: 1,234.56 (€ 7/8)", False),
    ("semibold", INTER + "Inter-SemiBold.otf", 17, "Headline: Track your order #4821", False),
    ("bold", INTER + "Inter-Bold.otf", 34, "Typography", False),
    ("light", INTER + "Inter-Light.otf", 22, "Thin strokes at 22 points", False),
    ("regular", INTER + "Inter-Regular.otf", 11, "Caption 2 at eleven points, 0123456789", False),
    ("arabic", DEJAVU, 20, "مرحبا بالعالم — أهلاً وسهلاً", True),
    ("arabic", DEJAVU, 17, "שלום עולם", True),
    ("cjk", CJK, 17, "東京の天気は晴れです", False),
]


def write_project(folder):
    fonts = {}
    for family, path, _, _, _ in LINES:
        fonts[family] = path
    theme = ["colors:", '  background: "#ffffff"', '  primaryText: "#000000"', "modes:", "  light: {}", "fonts:"]
    for family, path in fonts.items():
        theme.append("  %s: { regular: %s }" % (family, path))
    with open(os.path.join(folder, "theme.yml"), "w") as f:
        f.write("\n".join(theme) + "\n")
    layout = ["size: [520, auto]", "scale: %s" % ARGS.scale, "root:", "  vstack:", "    padding: 12", "    spacing: 14",
              "    children:"]
    for family, _, size, text, rtl in LINES:
        layout.append('      - label: { text: "%s", size: %s, font: %s, align: leading }' % (text, size, family))
    with open(os.path.join(folder, "text.yml"), "w") as f:
        f.write("\n".join(layout) + "\n")


def darkroom(folder, out):
    subprocess.run([ARGS.darkroom, "render", "--layouts", folder, "--out", out], check=True, stdout=subprocess.DEVNULL)
    dump = subprocess.run([ARGS.darkroom, "render", "--layouts", folder, "--dump"], check=True, capture_output=True,
                          text=True).stdout
    origins = []
    for line in dump.splitlines():
        m = re.match(r'text "(.*)" ([\d.]+)pt at ([-\d.]+),([-\d.]+) ', line)
        if m:
            origins.append((m.group(1), float(m.group(3)), float(m.group(4))))
    return np.asarray(Image.open(os.path.join(out, "text", "light.png")).convert("L"), dtype=np.int32), origins


def skia_lines(width, height, origins):
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)
    s = ARGS.scale
    for (family, path, size, text, rtl), (shown, ox, oy) in zip(LINES, origins):
        assert shown == text, (shown, text)
        blob = hb.Blob.from_file_path(path)
        face = hb.Face(blob)
        font = hb.Font(face)
        font.scale = (face.upem, face.upem)
        buf = hb.Buffer()
        buf.add_str(text)
        buf.direction = "rtl" if rtl else "ltr"
        buf.guess_segment_properties()
        hb.shape(font, buf)
        sk = skia.Font(skia.Typeface.MakeFromFile(path), size * s)
        sk.setHinting(skia.FontHinting.kNone)
        sk.setSubpixel(True)
        sk.setEdging(skia.Font.Edging.kAntiAlias)
        sk.setLinearMetrics(True)
        factor = size * s / face.upem
        x = ox * s
        glyphs, positions = [], []
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            glyphs.append(info.codepoint)
            positions.append(skia.Point(x + pos.x_offset * factor, oy * s - pos.y_offset * factor))
            x += pos.x_advance * factor
        builder = skia.TextBlobBuilder()
        builder.allocRunPos(sk, glyphs, positions)
        canvas.drawTextBlob(builder.make(), 0, 0, paint)
    image = surface.makeImageSnapshot().toarray()
    return np.asarray(Image.fromarray(image[:, :, :3][:, :, ::-1]).convert("L"), dtype=np.int32)


def main():
    folder = tempfile.mkdtemp(prefix="darkroom-text-")
    write_project(folder)
    ours, origins = darkroom(folder, os.path.join(folder, "out"))
    theirs = skia_lines(ours.shape[1], ours.shape[0], origins)
    diff = np.abs(ours - theirs)
    os.makedirs(ARGS.out, exist_ok=True)
    Image.fromarray(ours.astype(np.uint8)).save(os.path.join(ARGS.out, "darkroom.png"))
    Image.fromarray(theirs.astype(np.uint8)).save(os.path.join(ARGS.out, "skia.png"))
    Image.fromarray(np.clip(255 - diff * 4, 0, 255).astype(np.uint8)).save(os.path.join(ARGS.out, "diff.png"))
    s = ARGS.scale
    rows = []
    print("%-44s %8s %6s %8s %9s" % ("line", "mean/255", "max", ">16/255", "ink Δx px"))
    for (family, path, size, text, rtl), (_, ox, oy) in zip(LINES, origins):
        top, bottom = int((oy - size * 1.05) * s), int((oy + size * 0.35) * s)
        a, b = ours[top:bottom], theirs[top:bottom]
        d = np.abs(a - b)
        ink = lambda img: np.nonzero((255 - img).sum(axis=0) > 255)[0]
        ia, ib = ink(a), ink(b)
        dx = "%d/%d" % (ia[0] - ib[0], ia[-1] - ib[-1]) if len(ia) and len(ib) else "-"
        print("%-44s %8.2f %6d %7.2f%% %9s" % (text[:44], d.mean(), d.max(), 100 * (d > 16).mean(), dx))
        rows.append(np.vstack([a, np.full((4, a.shape[1]), 200), b, np.full((12, a.shape[1]), 255)]))
    Image.fromarray(np.vstack(rows).astype(np.uint8)).save(os.path.join(ARGS.out, "side-by-side.png"))
    print("all: mean %.3f/255, max %d, %.3f%% of pixels more than 16/255 apart" % (diff.mean(), diff.max(), 100 * (diff > 16).mean()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--darkroom", default=".build/release/darkroom")
    parser.add_argument("--scale", type=float, default=2)
    parser.add_argument("--out", default=".darkroom/skia-text")
    ARGS = parser.parse_args()
    sys.exit(main())
