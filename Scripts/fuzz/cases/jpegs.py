"""Hostile JPEGs: a theme image cut short, one declaring 65000×65000 pixels, noise
after the start marker, a small progressive file of thousands of scans, and a JPEG
named .png in an asset catalog. `jpeg()` writes the files (flat 8×8 blocks,
baseline or progressive) and the mutations reuse it."""

import struct

from harness import Case
from projects import BLACK, small_project, then, write


def jpeg(blocks_across, blocks_down, value=lambda x, y, c: 128, components=3, scans=None):
    """A JPEG of flat 8x8 blocks (quantization 1, no subsampling), baseline, or
    progressive when `scans` lists its scans after the DC one: (component index,
    first coefficient, last, Ah, Al), each coding every block's coefficients as zero."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body

    class Bits:
        def __init__(self):
            self.out, self.acc, self.n = bytearray(), 0, 0

        def put(self, v, n):
            for i in range(n - 1, -1, -1):
                self.acc = (self.acc << 1) | ((v >> i) & 1)
                self.n += 1
                if self.n == 8:
                    self.out.append(self.acc)
                    if self.acc == 0xFF:
                        self.out.append(0)
                    self.acc, self.n = 0, 0

        def done(self):
            if self.n:
                self.put((1 << (8 - self.n)) - 1, 8 - self.n)
            return bytes(self.out)

    def codes(counts, symbols):
        table, code, k = {}, 0, 0
        for length in range(1, 17):
            for _ in range(counts[length - 1]):
                table[symbols[k]] = (code, length)
                code, k = code + 1, k + 1
            code <<= 1
        return table
    dc_counts, dc_symbols = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], list(range(12))
    ac_counts, ac_symbols = [0] * 16, [0x00] + [k << 4 for k in range(1, 15)]
    ac_counts[3] = len(ac_symbols)  # fifteen 4-bit codes
    dc, ac = codes(dc_counts, dc_symbols), codes(ac_counts, ac_symbols)
    width, height = blocks_across * 8, blocks_down * 8
    ids = list(range(1, components + 1))
    out = bytearray(b"\xff\xd8") + segment(0xEE, b"Adobe" + struct.pack(">HHHB", 100, 0, 0, 0))
    out += segment(0xDB, bytes([0]) + bytes([1] * 64))
    out += segment(0xC2 if scans else 0xC0, struct.pack(">BHHB", 8, height, width, components)
                   + b"".join(bytes([i, 0x11, 0]) for i in ids))
    out += segment(0xC4, bytes([0x00]) + bytes(dc_counts) + bytes(dc_symbols))
    out += segment(0xC4, bytes([0x10]) + bytes(ac_counts) + bytes(ac_symbols))
    bits, previous = Bits(), [0] * components
    for y in range(blocks_down):
        for x in range(blocks_across):
            for c in range(components):
                level = (value(x, y, c) - 128) * 8
                diff, previous[c] = level - previous[c], level
                size = abs(diff).bit_length()
                code, length = dc[size]
                bits.put(code, length)
                if size:
                    bits.put(diff if diff > 0 else diff + (1 << size) - 1, size)
                if not scans:
                    bits.put(*ac[0x00])
    first = bytes([0, 63, 0]) if not scans else bytes([0, 0, 0])
    out += segment(0xDA, bytes([components]) + b"".join(bytes([i, 0x00]) for i in ids) + first) + bits.done()
    for component, start, end, high, low in scans or []:
        bits, left = Bits(), blocks_across * blocks_down
        while left and start > 0:  # end-of-band runs over every block
            run = min(left, 32767)
            k = run.bit_length() - 1
            bits.put(*ac[k << 4])
            if k:
                bits.put(run - (1 << k), k)
            left -= run
        if start == 0:  # a DC refinement: one bit a block
            for _ in range(blocks_across * blocks_down):
                bits.put(0, 1)
        out += segment(0xDA, bytes([1, ids[component], 0x00, start, end, (high << 4) | low])) + bits.done()
    return bytes(out + b"\xff\xd9")


def jpeg_theme(name, data):
    """A setup: a theme whose image `logo` is the JPEG `data`, drawn by a layout."""
    def setup(folder, binary):
        write(folder, "Layouts/images/" + name, data)
        write(folder, "Layouts/theme.yml", BLACK + f"images:\n  logo: images/{name}\n")
        write(folder, "Layouts/a.yml", "size: [100, 50]\nroot:\n  image: { name: logo }\n")
    return setup


def many_scans():
    """A valid progressive JPEG of 2048x2048 pixels and 2647 scans in 100 KB: every
    coefficient band of every component refined bit by bit (libjpeg decodes it all
    in about 17 s)."""
    scans = [(c, k, k, 0, 13) for c in range(3) for k in range(1, 64)]
    scans += [(c, k, k, a + 1, a) for a in range(12, -1, -1) for c in range(3) for k in range(1, 64)]
    return jpeg(256, 256, scans=scans)


def cases():
    # 18: refused when the theme loads, except the JPEG drawn and the one misnamed.
    good = jpeg(4, 4, lambda x, y, c: 40 * c + 10 * x)
    sof = good.index(b"\xff\xc0")
    huge = good[:sof + 5] + struct.pack(">HH", 65000, 65000) + good[sof + 9:]
    return [
        Case("18 a JPEG is drawn", ["render", "--out", "out"], [0], setup=jpeg_theme("ok.jpg", good)),
        Case("18 a JPEG cut in its data", ["render", "--out", "out"], [2], "corrupt JPEG: Premature end of JPEG file",
             setup=jpeg_theme("cut.jpg", good[:-40])),
        Case("18 a JPEG declaring 65000x65000 pixels", ["render", "--out", "out"], [2], "JPEG too large: image is 65000x65000",
             setup=jpeg_theme("huge.jpg", huge)),
        Case("18 a JPEG marker then noise", ["render", "--out", "out"], [2], "corrupt JPEG",
             setup=jpeg_theme("noise.jpg", b"\xff\xd8\xff" + bytes((i * 131 + 7) % 256 for i in range(5000)))),
        Case("18 a 100 KB progressive JPEG of 2647 scans", ["render", "--out", "out"], [2], "more than 100 scans",
             setup=jpeg_theme("scans.jpg", many_scans())),
        Case("18 a JPEG named .png in an asset catalog", ["render", "--dump"], [0],
             setup=then(small_project(BLACK + "sources:\n  - A.xcassets\n", {"a": "size: [32, 32]\nroot:\n  image: { name: Logo }\n"}),
                        lambda folder, binary: write(folder, "Layouts/A.xcassets/Logo.imageset/logo.png", good),
                        lambda folder, binary: write(folder, "Layouts/A.xcassets/Logo.imageset/Contents.json",
                                                     '{ "images" : [ { "filename" : "logo.png", "idiom" : "universal" } ] }'))),
    ]
