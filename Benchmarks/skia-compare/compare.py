#!/usr/bin/env python3
"""Side by side with Skia: the same shapes drawn by Darkroom (through a layout and
`darkroom render`) and by Skia (skia-python, anti-aliased CPU raster), black on white,
compared pixel by pixel.

Shapes: circles of many diameters at fractional positions, rounded rectangles of many
radii (and one with a radius per corner), borders (strokes inside a rounded rectangle)
of many widths, and the stroke icons (chevrons, checkmark, plus, xmark) at several
sizes, with round caps and joins.

Usage:  python3 Benchmarks/skia-compare/compare.py [--darkroom PATH] [--scale S] [--out DIR]
Needs:  pip install skia-python numpy
Prints: mean and maximum per-pixel difference (of 255), over all pixels and over
edge pixels, the number above 16/255, and where those are (which shape); writes
darkroom.png, skia.png and diff.png (differences ×8) to --out.
"""
import argparse, os, subprocess, sys, tempfile

import numpy as np
import skia

CELL = 60
# With --quarter, vertical offsets are whole quarter pixels (Skia's sub-scanline step).
QUARTER = 0
COLUMNS = 10

# Each shape: (kind, parameters). Sizes in points.
SHAPES = []
for d in [3, 4.5, 7.5, 10, 13.3, 20, 27.7, 36, 45, 52.5]:
    SHAPES.append(("circle", d))
for r in [0, 0.5, 1, 2.5, 4, 6, 9, 12, 17, [0, 8, 16, 4]]:
    SHAPES.append(("rrect", r))
for w in [0.5, 1, 1.5, 2, 3, 4.5, 6, 8, 12, 1]:
    SHAPES.append(("border", w))
for name in ["chevron.right", "chevron.down", "checkmark", "plus", "xmark"]:
    for size in [17, 30]:
        SHAPES.append(("icon", (name, size)))

ICON_LINES = {
    "chevron.right": [[(9, 5), (16, 12), (9, 19)]],
    "chevron.down": [[(5, 9), (12, 16), (19, 9)]],
    "checkmark": [[(4.5, 12.5), (9.5, 17.5), (19.5, 6.5)]],
    "plus": [[(12, 4.5), (12, 19.5)], [(4.5, 12), (19.5, 12)]],
    "xmark": [[(6, 6), (18, 18)], [(18, 6), (6, 18)]],
}


def geometry(index, shape):
    """The shape's rectangle (x, y, w, h) in points; cells are CELL apart, and shapes
    sit at a fractional offset inside them so edges fall between pixels."""
    kind, p = shape
    cx, cy = (index % COLUMNS) * CELL, (index // COLUMNS) * CELL
    if kind == "circle":
        w = h = p
    elif kind == "rrect":
        w, h = 48, 34
    elif kind == "border":
        w = h = 46
    else:
        w = h = p[1]
    ox = (CELL - w) / 2 + 0.3 * (index % 3) / 3
    oy = (CELL - h) / 2 + (QUARTER * (index % 4) if QUARTER else 0.25 * (index % 4) / 4)
    return cx + ox, cy + oy, w, h


def layout_yaml(scale):
    rows = (len(SHAPES) + COLUMNS - 1) // COLUMNS
    lines = [f"size: [{CELL * COLUMNS}, {CELL * rows}]", f"scale: {scale}", "background: paper", "root:", "  vstack:",
             "    align: leading", "    children:"]
    for row in range(rows):
        lines.append("      - hstack:")
        lines.append(f"          height: {CELL}")
        lines.append("          align: leading")
        lines.append("          children:")
        for column in range(COLUMNS):
            index = row * COLUMNS + column
            if index >= len(SHAPES):
                break
            kind, p = SHAPES[index]
            x, y, w, h = geometry(index, SHAPES[index])
            left, top = x - column * CELL, y - row * CELL
            if kind == "circle":
                node = f"box: {{ width: {w}, height: {h}, fill: ink, corner: {w / 2} }}"
            elif kind == "rrect":
                corner = f"[{', '.join(str(v) for v in p)}]" if isinstance(p, list) else p
                node = f"box: {{ width: {w}, height: {h}, fill: ink, corner: {corner} }}"
            elif kind == "border":
                radius = 0 if index == 29 else 10
                node = f"box: {{ width: {w}, height: {h}, border: ink, borderWidth: {p}, corner: {radius} }}"
            else:
                node = f"icon: {{ name: {p[0]}, size: {p[1]}, color: ink, weight: 2 }}"
            # A cell: padding puts the shape at its fractional offset.
            lines.append(f"            - vstack: {{ width: {CELL}, height: {CELL}, align: leading, padding: [{top}, 0, 0, {left}],")
            lines.append(f"                         children: [ {{ {node} }} ] }}")
    return "\n".join(lines) + "\n", rows


def skia_render(scale, rows):
    width, height = int(CELL * COLUMNS * scale), int(CELL * rows * scale)
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    canvas.scale(scale, scale)
    fill = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)
    for index, shape in enumerate(SHAPES):
        kind, p = shape
        x, y, w, h = geometry(index, shape)
        rect = skia.Rect.MakeXYWH(x, y, w, h)
        if kind == "circle":
            canvas.drawOval(rect, fill)
        elif kind == "rrect":
            rr = skia.RRect()
            if isinstance(p, list):
                rr.setRectRadii(rect, [skia.Point(v, v) for v in p])
            else:
                rr.setRectXY(rect, p, p)
            canvas.drawRRect(rr, fill)
        elif kind == "border":
            radius = 0 if index == 29 else 10
            stroke = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK, Style=skia.Paint.kStroke_Style, StrokeWidth=p)
            inset = rect.makeInset(p / 2, p / 2)
            canvas.drawRRect(skia.RRect.MakeRectXY(inset, max(0, radius - p / 2), max(0, radius - p / 2)), stroke)
        else:
            name, size = p
            factor = size / 24
            stroke = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK, Style=skia.Paint.kStroke_Style,
                                StrokeWidth=2 * factor, StrokeCap=skia.Paint.kRound_Cap,
                                StrokeJoin=skia.Paint.kRound_Join)
            path = skia.Path()
            for line in ICON_LINES[name]:
                path.moveTo(x + line[0][0] * factor, y + line[0][1] * factor)
                for px, py in line[1:]:
                    path.lineTo(x + px * factor, y + py * factor)
            canvas.drawPath(path, stroke)
    image = surface.makeImageSnapshot()
    return np.array(image.toarray(colorType=skia.kRGBA_8888_ColorType))[:, :, 0].astype(np.int32)


def reference(scale, rows, n=16):
    """The exact-area answer, approximated by n×n point samples a pixel: which
    points of each pixel each shape contains (inside tests straight from the
    geometry: distance to a centre, to a corner's centre, to a line segment)."""
    width, height = int(CELL * COLUMNS * scale), int(CELL * rows * scale)
    coverage = np.zeros((height, width))
    offsets = (np.arange(n) + 0.5) / n
    for index, shape in enumerate(SHAPES):
        kind, p = shape
        x, y, w, h = geometry(index, shape)
        x0, y0 = max(0, int(x * scale) - 2), max(0, int(y * scale) - 2)
        x1, y1 = min(width, int((x + w) * scale) + 3), min(height, int((y + h) * scale) + 3)
        rows_, cols_ = np.mgrid[y0:y1, x0:x1]
        hits = np.zeros(rows_.shape)
        for sy in offsets:
            for sx in offsets:
                px, py = (cols_ + sx) / scale, (rows_ + sy) / scale
                hits += inside(kind, p, index, x, y, w, h, px, py)
        coverage[y0:y1, x0:x1] = np.maximum(coverage[y0:y1, x0:x1], hits / (n * n))
    return 255 * (1 - coverage)


def rounded(px, py, x, y, w, h, radii):
    """Inside a rectangle whose corners (tl, tr, br, bl) are circular arcs."""
    tl, tr, br, bl = radii
    result = (px >= x) & (px < x + w) & (py >= y) & (py < y + h)
    for r, cx, cy, sx, sy in [(tl, x + tl, y + tl, -1, -1), (tr, x + w - tr, y + tr, 1, -1),
                              (br, x + w - br, y + h - br, 1, 1), (bl, x + bl, y + h - bl, -1, 1)]:
        if r <= 0:
            continue
        corner = ((px - cx) * sx > 0) & ((py - cy) * sy > 0)
        result &= ~corner | ((px - cx) ** 2 + (py - cy) ** 2 < r * r)
    return result


def inside(kind, p, index, x, y, w, h, px, py):
    if kind == "circle":
        return (px - (x + w / 2)) ** 2 + (py - (y + h / 2)) ** 2 < (w / 2) ** 2
    if kind == "rrect":
        radii = p if isinstance(p, list) else [p] * 4
        return rounded(px, py, x, y, w, h, radii)
    if kind == "border":
        r = 0 if index == 29 else 10
        inner = max(0, r - p)
        return rounded(px, py, x, y, w, h, [r] * 4) & ~rounded(px, py, x + p, y + p, w - 2 * p, h - 2 * p, [inner] * 4)
    name, size = p
    factor = size / 24
    half = factor  # lines 2 grid units wide
    result = np.zeros(px.shape, dtype=bool)
    for line in ICON_LINES[name]:
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            ax, ay, bx, by = x + ax * factor, y + ay * factor, x + bx * factor, y + by * factor
            dx, dy = bx - ax, by - ay
            t = np.clip(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy), 0, 1)
            result |= (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 < half * half
    return result


def darkroom_render(darkroom, scale, work):
    layouts = os.path.join(work, "Layouts")
    os.makedirs(layouts, exist_ok=True)
    yaml, rows = layout_yaml(scale)
    with open(os.path.join(layouts, "shapes.yml"), "w") as f:
        f.write(yaml)
    with open(os.path.join(layouts, "theme.yml"), "w") as f:
        f.write('colors:\n  paper: "#ffffff"\n  ink: "#000000"\n  primaryText: ink\nmodes:\n  light: {}\n')
    out = os.path.join(work, "out")
    subprocess.run([darkroom, "render", "--layouts", layouts, "--out", out], check=True, stdout=subprocess.DEVNULL)
    image = skia.Image.open(os.path.join(out, "shapes", "light.png"))
    return np.array(image.toarray(colorType=skia.kRGBA_8888_ColorType))[:, :, 0].astype(np.int32), rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--darkroom", default=".build/release/darkroom")
    parser.add_argument("--scale", type=float, default=2)
    parser.add_argument("--out", default=".darkroom/skia-compare")
    parser.add_argument("--quarter", action="store_true",
                        help="put vertical edges on quarter pixels, where Skia's supersampling is exact")
    args = parser.parse_args()
    global QUARTER
    if args.quarter:
        QUARTER = 0.25 / args.scale
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        ours, rows = darkroom_render(args.darkroom, args.scale, work)
    theirs = skia_render(args.scale, rows)
    assert ours.shape == theirs.shape, (ours.shape, theirs.shape)
    diff = np.abs(ours - theirs)
    edge = ((ours != 0) & (ours != 255)) | ((theirs != 0) & (theirs != 255))
    print(f"scale {args.scale:g}: {ours.shape[1]}x{ours.shape[0]} pixels, {int(edge.sum())} edge pixels")
    print(f"all pixels:  mean {diff.mean():.3f}/255, max {diff.max()}/255")
    print(f"edge pixels: mean {diff[edge].mean():.3f}/255")
    over = diff > 16
    print(f"pixels differing by more than 16/255: {int(over.sum())}")
    cell = CELL * args.scale
    by_shape = {}
    for y, x in zip(*np.nonzero(over)):
        index = int(y // cell) * COLUMNS + int(x // cell)
        key = f"{index:2d} {SHAPES[index][0]} {SHAPES[index][1]}"
        worst = by_shape.get(key, (0, 0))
        by_shape[key] = (worst[0] + 1, max(worst[1], int(diff[y, x])))
    exact = reference(args.scale, rows)
    ours_error, theirs_error = np.abs(ours - exact), np.abs(theirs - exact)
    print(f"against the exact area ({int(edge.sum())} edge pixels): Darkroom mean {ours_error[edge].mean():.2f}, "
          f"max {ours_error.max():.1f}; Skia mean {theirs_error[edge].mean():.2f}, max {theirs_error.max():.1f} (of 255)")
    closer = int((ours_error[over] <= theirs_error[over]).sum())
    print(f"of the {int(over.sum())} pixels more than 16/255 apart, Darkroom is nearer the exact area at {closer}")
    for key in sorted(by_shape):
        count, worst = by_shape[key]
        print(f"  shape {key}: {count} pixels, worst {worst}/255")
    print("where Darkroom is off the exact area by more than 16/255 and Skia is nearer:")
    worse = over & (ours_error > theirs_error) & (ours_error > 16)
    counts = {}
    for y, x in zip(*np.nonzero(worse)):
        index = int(y // cell) * COLUMNS + int(x // cell)
        key = f"{index:2d} {SHAPES[index][0]} {SHAPES[index][1]}"
        counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts):
        print(f"  shape {key}: {counts[key]} pixels")
    skia.Image.fromarray(np.dstack([ours] * 3 + [np.full_like(ours, 255)]).astype(np.uint8)).save(os.path.join(args.out, "darkroom.png"))
    skia.Image.fromarray(np.dstack([theirs] * 3 + [np.full_like(theirs, 255)]).astype(np.uint8)).save(os.path.join(args.out, "skia.png"))
    amplified = np.clip(255 - diff * 8, 0, 255)
    skia.Image.fromarray(np.dstack([np.full_like(amplified, 255), amplified, amplified, np.full_like(amplified, 255)]).astype(np.uint8)).save(os.path.join(args.out, "diff.png"))
    print(f"images: {args.out}/darkroom.png, skia.png, diff.png")


if __name__ == "__main__":
    main()
