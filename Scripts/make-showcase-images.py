#!/usr/bin/env python3
"""Draws the showcase's image assets (Layouts/images/*.png) with the standard
library only, so they can be re-made anywhere and differ from nothing but this file.

Each image is drawn at 1x, 2x and 3x from the same vector description, 4×4
supersampled, and written as 8-bit RGBA PNG.
"""
import math, os, struct, sys, zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Layouts", "images")


def png(path, width, height, pixels):
    rows = b"".join(b"\x00" + bytes(pixels[y * width * 4:(y + 1) * width * 4]) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def render(width_pt, height_pt, scale, shade):
    """shade(x, y) in points -> (r, g, b, a) floats 0..1, straight alpha."""
    w, h = width_pt * scale, height_pt * scale
    out = []
    n = 4
    for py in range(h):
        for px in range(w):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(n):
                for sx in range(n):
                    x = (px + (sx + 0.5) / n) / scale
                    y = (py + (sy + 0.5) / n) / scale
                    r, g, b, a = shade(x, y)
                    acc[0] += r * a; acc[1] += g * a; acc[2] += b * a; acc[3] += a
            a = acc[3] / (n * n)
            if a > 0:
                rgb = [c / acc[3] for c in acc[:3]]
            else:
                rgb = [0, 0, 0]
            out += [round(c * 255) for c in rgb] + [round(a * 255)]
    return w, h, out


def hexcolor(s, a=1.0):
    return (int(s[1:3], 16) / 255, int(s[3:5], 16) / 255, int(s[5:7], 16) / 255, a)


def mix(c1, c2, t):
    return tuple(a + (b - a) * t for a, b in zip(c1, c2))


def landscape(night):
    """A product photo stand-in: sky, sun or moon, two hills."""
    sky_top, sky_bottom = (hexcolor("#0b1330"), hexcolor("#3c4a8a")) if night else (hexcolor("#7fb2f0"), hexcolor("#e6f0ff"))
    orb = hexcolor("#f2f4ff") if night else hexcolor("#ffd25a")
    far, near = (hexcolor("#26304f"), hexcolor("#161c33")) if night else (hexcolor("#7cc47f"), hexcolor("#3f9a4a"))
    def shade(x, y):
        if y > 62 + 10 * math.sin(x / 18):
            return near
        if y > 50 + 12 * math.sin(x / 25 + 2):
            return far
        if (x - 118) ** 2 + (y - 28) ** 2 < 13 ** 2:
            return orb
        return mix(sky_top, sky_bottom, y / 90)
    return shade


def logo(dark):
    """The store's mark: a rounded square with a bag handle and body."""
    back = hexcolor("#f0f3ff") if dark else hexcolor("#3c64f4")
    mark = hexcolor("#3c64f4") if dark else hexcolor("#ffffff")
    def shade(x, y):
        cx, cy, r = min(max(x, 10), 30), min(max(y, 10), 30), 10
        if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
            return (0, 0, 0, 0)
        body = 12 <= x <= 28 and 17 <= y <= 30
        ring = 3.0 <= math.hypot(x - 20, y - 17) <= 5.2 and y <= 17
        return mark if body or ring else back
    return shade


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (w, h), shade in [
        ("landscape", (160, 90), landscape(False)),
        ("landscape-night", (160, 90), landscape(True)),
        ("logo", (40, 40), logo(False)),
        ("logo-dark", (40, 40), logo(True)),
    ]:
        for scale in (1, 2, 3):
            suffix = "" if scale == 1 else f"@{scale}x"
            pw, ph, pixels = render(w, h, scale, shade)
            png(os.path.join(OUT, f"{name}{suffix}.png"), pw, ph, pixels)
            print(f"{name}{suffix}.png {pw}×{ph}", file=sys.stderr)


if __name__ == "__main__":
    main()
