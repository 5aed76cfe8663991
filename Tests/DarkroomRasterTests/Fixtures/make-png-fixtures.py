#!/usr/bin/env python3
"""Writes the PNG decoding fixtures in png/, using only the standard library.

Every image is a pattern of its coordinates, written out in a different colour type,
bit depth or interlacing. PNGCodecTests recomputes the same patterns, so a decoded
pixel is checked against the formula, never against a decoder's output.

Run from this folder: python3 make-png-fixtures.py
"""
import struct
import zlib

W, H = 13, 11  # odd sizes exercise partial Adam7 passes and bit packing


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack(samples, depth):
    """Packs one row of samples (ints) at `depth` bits, most significant first."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def filtered(kind, row, above, bpp):
    """One row of 8-bit samples under PNG filter `kind` (0-4), given the row above."""
    out = bytearray()
    for i, v in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = above[i]
        c = above[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((v - predictor) % 256)
    return bytes(out)


def write(name, color_type, depth, pixel, extra=b"", interlace=False, size=(W, H), filters=False, after=b"",
          idat_piece=None):
    """pixel(x, y) returns the list of samples of one pixel. With `filters`, 8-bit rows
    cycle through filters 0-4; `idat_piece` splits the data into IDAT chunks of that
    many bytes; `after` goes between the data and IEND."""
    w, h = size
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, w, dx))
        if not xs:
            continue
        above = None
        for y in range(y0, h, dy):
            row = [s for x in xs for s in pixel(x, y)]
            if filters:
                bpp = len(pixel(0, 0))
                kind = (y // dy) % 5
                raw += bytes([kind]) + filtered(kind, row, above or [0] * len(row), bpp)
                above = row
            else:
                raw += b"\x00" + pack(row, depth)
    ihdr = struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, 1 if interlace else 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
    stream = zlib.compress(bytes(raw), 9)
    piece = idat_piece or len(stream)
    for start in range(0, len(stream), piece):
        data += chunk(b"IDAT", stream[start:start + piece])
    data += after + chunk(b"IEND", b"")
    with open("png/" + name, "wb") as f:
        f.write(data)


def grey(x, y):
    return (x * 16 + y * 7) % 256


write("grey8.png", 0, 8, lambda x, y: [grey(x, y)])
write("grey1.png", 0, 1, lambda x, y: [(x + y) % 2])
write("grey4.png", 0, 4, lambda x, y: [(x + 2 * y) % 16])
write("grey-alpha8.png", 4, 8, lambda x, y: [grey(x, y), (x * 17 + y) % 256])
write("grey8-trns.png", 0, 8, lambda x, y: [grey(x, y)], extra=chunk(b"tRNS", struct.pack(">H", grey(0, 0))))

PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (10, 20, 30)]
ALPHAS = [255, 128, 0]  # the fourth entry has no tRNS value: opaque
plte = chunk(b"PLTE", bytes(c for rgb in PALETTE for c in rgb)) + chunk(b"tRNS", bytes(ALPHAS))
write("palette8-trns.png", 3, 8, lambda x, y: [(x + y) % 4], extra=plte)
write("palette2-trns.png", 3, 2, lambda x, y: [(x + y) % 4], extra=plte)


def wide(x, y, k):
    # 257 * v is exactly v in 8 bits; + 100 is below half a step, so it rounds down.
    v = (x * 20 + y * 3 + k * 50) % 256
    return 257 * v + (100 if (x + y) % 2 and v < 255 else 0)


write("rgb16.png", 2, 16, lambda x, y: [wide(x, y, 0), wide(x, y, 1), wide(x, y, 2)])
write("rgba16.png", 6, 16, lambda x, y: [wide(x, y, 0), wide(x, y, 1), wide(x, y, 2), 257 * ((x * 19) % 256)])
write("rgb8-interlaced.png", 2, 8, lambda x, y: [(x * 20) % 256, (y * 20) % 256, (x * y) % 256], interlace=True)
write("grey1-interlaced.png", 0, 1, lambda x, y: [(x + y) % 2], interlace=True)

# Every filter on every row kind, 8-bit, wide enough for whole vectors and a tail,
# the data split into small IDAT chunks, text after it.
FW, FH = 37, 12


def tone(x, y, k):
    return (x * 29 + y * 13 + k * 71 + (x * y) % 7) % 256


write("rgb8-filters.png", 2, 8, lambda x, y: [tone(x, y, 0), tone(x, y, 1), tone(x, y, 2)], size=(FW, FH),
      filters=True, idat_piece=50, after=chunk(b"tEXt", b"darkroom-digest\x00after the data"))
write("rgba8-filters.png", 6, 8, lambda x, y: [tone(x, y, 0), tone(x, y, 1), tone(x, y, 2), tone(x, y, 3)],
      size=(FW, FH), filters=True, idat_piece=7)
write("grey8-filters.png", 0, 8, lambda x, y: [tone(x, y, 0)], size=(FW, FH), filters=True)
write("grey-alpha8-filters.png", 4, 8, lambda x, y: [tone(x, y, 0), tone(x, y, 3)], size=(FW, FH), filters=True)
write("palette8-filters.png", 3, 8, lambda x, y: [(x + 3 * y) % 4], extra=plte, size=(FW, FH), filters=True)

# Hostile headers: valid chunks and CRCs, sizes no decoder should allocate for.
write("huge-dimensions.png", 0, 8, lambda x, y: [0], size=(1, 1))
with open("png/huge-dimensions.png", "rb") as f:
    data = bytearray(f.read())
ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
data[8:33] = chunk(b"IHDR", ihdr)
with open("png/huge-dimensions.png", "wb") as f:
    f.write(data)
