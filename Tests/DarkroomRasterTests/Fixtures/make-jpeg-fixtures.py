#!/usr/bin/env python3
"""Writes the JPEG decoding fixtures in jpeg/, using only the standard library.

Every image is made of flat 8x8 blocks whose values are a formula of the block's
coordinates, written with a quantization table of ones and no chroma subsampling:
each block is its DC coefficient alone, which the accurate integer IDCT turns back
into exactly the value written. JPEGCodecTests recomputes the same formulas, so a
decoded pixel is checked against the formula, never against a decoder's output.
The hostile files are damaged copies of the good ones.

Run from this folder: python3 make-jpeg-fixtures.py
"""
import struct

BW, BH = 3, 2  # blocks across and down: 24x16 pixels
W, H = BW * 8, BH * 8


def grey(bx, by):
    return (bx * 70 + by * 90 + 10) % 256


def rgb(bx, by):
    return ((bx * 100 + 20) % 256, (by * 120 + 40) % 256, ((bx + by) * 50 + 60) % 256)


def cmyk(bx, by):
    """Stored (Adobe, inverted) ink values."""
    return ((bx * 60 + 100) % 256, (by * 80 + 50) % 256, 200, (bx * 30 + by * 40 + 150) % 256)


def ycc(bx, by):
    return (128 + bx * 20, 100 + by * 40, 160 - bx * 10)


def segment(marker, body):
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


class Bits:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, value, length):
        for i in range(length - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)  # byte stuffing
                self.acc, self.n = 0, 0

    def flush(self):
        if self.n:
            self.put((1 << (8 - self.n)) - 1, 8 - self.n)  # pad with ones
        return bytes(self.out)


# The DC luminance table of the standard's Annex K: (bit lengths, symbols).
DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_SYMBOLS = list(range(12))
# An AC table with the symbols these images need: end of block, and end-of-band runs.
AC_COUNTS = [0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
AC_SYMBOLS = [0x00, 0x10, 0x20, 0x30, 0x40]


def codes(counts, symbols):
    table, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(counts[length - 1]):
            table[symbols[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return table


DC = codes(DC_COUNTS, DC_SYMBOLS)
AC = codes(AC_COUNTS, AC_SYMBOLS)


def magnitude(v):
    """JPEG's (category, extra bits) of a difference."""
    if v == 0:
        return 0, 0
    size = abs(v).bit_length()
    return size, v if v > 0 else v + (1 << size) - 1


def put_dc(bits, diff):
    size, extra = magnitude(diff)
    code, length = DC[size]
    bits.put(code, length)
    if size:
        bits.put(extra, size)


def put_eobrun(bits, run):
    k = run.bit_length() - 1
    code, length = AC[k << 4]
    bits.put(code, length)
    if k:
        bits.put(run - (1 << k), k)


def jpeg(values, components, progressive=False, adobe=None):
    """values(bx, by) -> one sample per component, 0-255."""
    out = bytearray(b"\xff\xd8")
    if adobe is not None:
        out += segment(0xEE, b"Adobe" + struct.pack(">HHHB", 100, 0, 0, adobe))
    out += segment(0xDB, bytes([0]) + bytes([1] * 64))  # table 0: all ones
    ids = [1, 2, 3, 4][:components]
    sof = struct.pack(">BHHB", 8, H, W, components) + b"".join(bytes([i, 0x11, 0]) for i in ids)
    out += segment(0xC2 if progressive else 0xC0, sof)
    out += segment(0xC4, bytes([0x00]) + bytes(DC_COUNTS) + bytes(DC_SYMBOLS))
    out += segment(0xC4, bytes([0x10]) + bytes(AC_COUNTS) + bytes(AC_SYMBOLS))
    blocks = [(bx, by) for by in range(BH) for bx in range(BW)]

    def dc_scan(with_ac):
        sos = bytes([components]) + b"".join(bytes([i, 0x00]) for i in ids) + (
            bytes([0, 63, 0]) if with_ac else bytes([0, 0, 0]))
        bits, prev = Bits(), [0] * components
        for bx, by in blocks:
            sample = values(bx, by)
            for c in range(components):
                dc = (sample[c] - 128) * 8  # level shift, then the DCT's scale for a flat block
                put_dc(bits, dc - prev[c])
                prev[c] = dc
                if with_ac:
                    code, length = AC[0x00]
                    bits.put(code, length)
        return segment(0xDA, sos) + bits.flush()

    if not progressive:
        out += dc_scan(True)
    else:
        out += dc_scan(False)
        for i in ids:  # one scan per component: every AC coefficient is zero
            bits = Bits()
            put_eobrun(bits, len(blocks))
            out += segment(0xDA, bytes([1, i, 0x00, 1, 63, 0])) + bits.flush()
    out += b"\xff\xd9"
    return bytes(out)


def write(name, data):
    with open("jpeg/" + name, "wb") as f:
        f.write(data)


g = jpeg(lambda x, y: [grey(x, y)], 1)
write("grey.jpg", g)
write("rgb.jpg", jpeg(lambda x, y: list(rgb(x, y)), 3, adobe=0))
write("rgb-progressive.jpg", jpeg(lambda x, y: list(rgb(x, y)), 3, progressive=True, adobe=0))
write("ycc.jpg", jpeg(lambda x, y: list(ycc(x, y)), 3))
write("cmyk-adobe.jpg", jpeg(lambda x, y: list(cmyk(x, y)), 4, adobe=0))
# Hostile: cut in the middle of the coded data; a header declaring 60000x60000
# pixels; a header alone; random-looking bytes after the start marker.
write("truncated.jpg", g[: len(g) - 12])
sof = g.index(b"\xff\xc0")
huge = bytearray(g)
huge[sof + 5:sof + 9] = struct.pack(">HH", 60000, 60000)
write("huge-dimensions.jpg", bytes(huge))
write("header-only.jpg", g[:sof])
write("garbage.jpg", b"\xff\xd8\xff" + bytes((i * 37 + 11) % 256 for i in range(200)))
