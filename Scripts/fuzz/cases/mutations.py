"""Seeded random damage to the showcase's layouts, theme, string catalog, images and
goldens and to the test fixture's colour sources (random bytes, truncation, deep
nesting, aliases, huge numbers, misspelt names, lying PNG headers), run through
verify, record or render."""

import os
import random
import re
import struct
import zlib

from harness import FIXTURES, SECONDS, SHOWCASE, Case
from cases.jpegs import jpeg, jpeg_theme
from projects import copy, showcase_project, write

HOSTILE_NUMBERS = [
    "1e308", "-1e308", "nan", ".nan", ".inf", "-.inf", "-0", "0", "-1", "4097", "16385", "99999999999999999999",
    "9223372036854775807", "-9223372036854775808", "1e-300", "0x7fffffff", "1_000", "65536", "3.4e39",
]
HOSTILE_STRINGS = [
    "'\\xff'", '"\\u0000"', '""', "~", "null", "[]", "{}", "&x", "*x", "!!binary aGk=", "<<: *x", "? a", "|\n  x",
    "'" + "x" * 100_000 + "'", "\t", "---\n", "...\n", "%YAML 1.1\n",
]


def mutate_text(data, rng):
    """One random damage to a text file, with its description."""
    text = data.decode("utf-8", "replace")
    choice = rng.randrange(12)
    at = rng.randrange(len(data) + 1)
    if choice == 0:
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1:], f"byte {at} replaced"
    if choice == 1:
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        return data[:at] + junk + data[at:], f"{len(junk)} random bytes at {at}"
    if choice == 2:
        end = min(len(data), at + rng.randint(1, 200))
        return data[:at] + data[end:], f"bytes {at}..{end} deleted"
    if choice == 3:
        return data[:at], f"cut at {at}"
    if choice == 4:
        numbers = list(re.finditer(r"(?<![\w#.])-?\d+(\.\d+)?(?![\w.])", text))
        if numbers:
            match = rng.choice(numbers)
            value = rng.choice(HOSTILE_NUMBERS)
            return (text[: match.start()] + value + text[match.end():]).encode(), f"number {match.group()} → {value}"
    if choice == 5:
        depth = rng.choice([40, 64, 200, 10_000, 100_000])
        opener, closer = rng.choice([("[", "]"), ("{a: ", "}"), ("- ", "")])
        value = opener * depth + "x" + closer * depth
        if opener == "- ":
            value = "\n" + "".join("  " * i + "- " for i in range(min(depth, 3000))) + "x"
        spots = [m.end() for m in re.finditer(r": ", text)] or [len(text)]
        spot = rng.choice(spots)
        return (text[:spot] + value + "\n" + text[spot:]).encode(), f"{depth} deep {opener.strip()!r} at {spot}"
    if choice == 6:
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        anchor = lines[i]
        if ": " in anchor and ": " in lines[j]:
            lines[i] = anchor.replace(": ", ": &fz ", 1)
            lines[j] = lines[j].split(": ", 1)[0] + ": *fz"
            return "\n".join(lines).encode(), f"line {j + 1} aliases line {i + 1}"
        bomb = "fz0: &fz0 [x,x,x,x,x,x,x,x,x]\n" + "".join(
            f"fz{k}: &fz{k} [" + ",".join([f"*fz{k - 1}"] * 9) + "]\n" for k in range(1, 9))
        return (bomb + text).encode(), "an alias bomb at the top"
    if choice == 7:
        words = list(re.finditer(r"\b[A-Za-z][A-Za-z0-9]{3,}\b", text))
        if words:
            word = rng.choice(words)
            w = word.group()
            k = rng.randrange(len(w))
            typo = w[:k] + w[k + 1:] if rng.random() < 0.5 else w[:k] + w[k:k + 2][::-1] + w[k + 2:]
            return (text[: word.start()] + typo + text[word.end():]).encode(), f"{w} → {typo}"
    if choice == 8:
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        lines[i] = (" " * rng.randint(1, 3)) + lines[i] if rng.random() < 0.5 else lines[i].lstrip()
        return "\n".join(lines).encode(), f"indentation of line {i + 1}"
    if choice == 9:
        value = rng.choice(HOSTILE_STRINGS)
        spots = [m.end() for m in re.finditer(r": ", text)] or [0]
        spot = rng.choice(spots)
        end = text.find("\n", spot)
        end = len(text) if end < 0 else end
        return (text[:spot] + value + text[end:]).encode(), f"a value → {value[:20]!r}"
    if choice == 10:
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines.insert(j, lines[i])
        return "\n".join(lines).encode(), f"line {i + 1} repeated at {j + 1}"
    return data[:at] + rng.choice([b"\xff\xfe", b"\xc3(", b"\xed\xa0\x80", b"\x00", b"\r"]) + data[at:], f"bad UTF-8 at {at}"


def mutate_jpeg(data, rng):
    """One random damage to a JPEG: bytes of its headers or data, a cut, lying sizes."""
    choice = rng.randrange(5)
    at = rng.randrange(len(data))
    if choice == 0:
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1:], f"byte {at} replaced"
    if choice == 1:
        return data[:at], f"cut at {at}"
    if choice == 2:
        sof = max(data.find(b"\xff\xc0"), data.find(b"\xff\xc2"))
        size = rng.choice([0, 1, 65535, 16385, 8193])
        return data[:sof + 5] + struct.pack(">HH", size, rng.choice([1, 16, 65535])) + data[sof + 9:], f"size {size}"
    if choice == 3:
        return data[:at] + b"\xff" + bytes([rng.choice([0xC4, 0xDA, 0xDB, 0xD9, 0xC0, 0xDD])]) + data[at:], f"a marker at {at}"
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    return data[:at] + junk + data[at:], f"{len(junk)} random bytes at {at}"


def fix_crc(data, offset):
    """Recomputes the CRC of the chunk starting at `offset` (its length field)."""
    length = struct.unpack(">I", data[offset:offset + 4])[0]
    end = offset + 8 + length
    if end + 4 > len(data):
        return data
    crc = struct.pack(">I", zlib.crc32(bytes(data[offset + 4:end])))
    return data[:end] + crc + data[end + 4:]


def mutate_png(data, rng):
    """One random damage to a PNG file."""
    data = bytearray(data)
    choice = rng.randrange(8)
    if len(data) < 33 and choice in (2, 3, 4):
        choice = 1  # too short for a header to rewrite: cut it instead
    if not data:
        return b"\x89PNG", "a signature's first half"
    if choice == 0:
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
        return bytes(data), f"bit flip at {at}"
    if choice == 1:
        at = rng.randrange(len(data))
        return bytes(data[:at]), f"cut at {at}"
    if choice == 2:
        width, height = rng.choice([(100_000, 100_000), (0, 10), (16385, 1), (1, 0x7FFFFFFF), (1, 1), (65535, 65535)])
        data[16:24] = struct.pack(">II", width, height)
        return fix_crc(data, 8), f"IHDR says {width}×{height} (CRC fixed)"
    if choice == 3:
        depth, color = rng.choice([(16, 6), (1, 0), (8, 3), (4, 2), (8, 7)])
        data[24], data[25] = depth, color
        return fix_crc(data, 8), f"bit depth {depth}, colour type {color} (CRC fixed)"
    if choice == 4:
        chunk = struct.pack(">I", 0x7FFFFFFF) + b"tEXt" + b"x" * 32
        return bytes(data[:33]) + chunk + bytes(data[33:]), "a chunk claiming 2 GB"
    if choice == 5:
        iend = data.rfind(b"IEND")
        return bytes(data[: iend - 4]) if iend > 4 else bytes(data), "IEND removed"
    if choice == 6:
        idat = data.find(b"IDAT")
        if idat > 4:
            length = struct.unpack(">I", data[idat - 4:idat])[0]
            try:
                body = bytearray(zlib.decompress(bytes(data[idat + 4: idat + 4 + length])))
            except zlib.error:  # damaged already, or the stream spans several IDATs
                body = b""
            if body:
                for _ in range(rng.randint(1, 8)):
                    body[rng.randrange(len(body))] = rng.randrange(256)
                packed = zlib.compress(bytes(body))
                data[idat - 4: idat + 8 + length] = struct.pack(">I", len(packed)) + b"IDAT" + packed + b"\0\0\0\0"
                return fix_crc(data, idat - 4), "image data changed (valid zlib, CRC fixed)"
        return bytes(data), "unchanged (no single IDAT)"
    return rng.choice([b"", b"\x89PNG\r\n\x1a\n", b"not a png", bytes(rng.randrange(256) for _ in range(64))]), "replaced"


def mutation_case(index, seed):
    """Case `index` of a seeded run: one project, one to three damages, one command."""
    rng = random.Random(seed * 1_000_003 + index)
    # The store screenshots file stands on three layouts and draws 48 store-sized
    # pages: too heavy for a mutation's time bound; its errors are tested in Swift.
    layouts = sorted(n[:-4] for n in os.listdir(SHOWCASE) if n.endswith(".yml") and n not in ("theme.yml", "screenshots.yml"))
    target = rng.choices(["layout", "theme", "source", "golden", "image", "strings", "jpeg"], [32, 18, 14, 18, 9, 9, 6])[0]
    layout = rng.choice(layouts)
    if target == "jpeg":
        victim = "Layouts/images/photo.jpg"
        progressive = [(c, 1, 63, 0, 0) for c in range(3)] if rng.random() < 0.5 else None
        base_setup = jpeg_theme("photo.jpg", jpeg(8, 6, lambda x, y, c: (x * 30 + y * 20 + c * 60) % 256, scans=progressive))
    elif target == "source":
        base = os.path.join(FIXTURES, "sources")
        files = sorted(os.path.relpath(os.path.join(p, f), base) for p, _, fs in os.walk(base) for f in fs)
        victim = "Layouts/" + rng.choice(files)

        def base_setup(folder, binary):
            copy(base, folder, "Layouts")
            write(folder, "Layouts/a.yml", "size: [200, 80]\nroot:\n  vstack:\n    children:\n"
                  "      - box: { fill: Brand/Primary, border: cardBorder, height: 40 }\n"
                  "      - label: { text: Sources, color: caption }\n")
    else:
        base_setup = showcase_project([layout])
        victim = {
            "layout": f"Layouts/{layout}.yml",
            "theme": "Layouts/theme.yml",
            "golden": f"Golden/{rng.choice([layout, 'palette'])}/{rng.choice(['light', 'dark', 'elevated', 'light-hc', 'dark-hc'])}.png",
            "image": "Layouts/images/" + rng.choice(sorted(os.listdir(os.path.join(SHOWCASE, "images")))),
            "strings": "Layouts/Localizable.xcstrings",
        }[target]
    damages = []

    def setup(folder, binary):
        base_setup(folder, binary)
        path = os.path.join(folder, victim)
        if not os.path.isfile(path):
            damages.append("(no such file)")
            return
        with open(path, "rb") as f:
            data = f.read()
        for _ in range(rng.randint(1, 3)):
            mutate = mutate_png if victim.endswith(".png") else mutate_jpeg if victim.endswith(".jpg") else mutate_text
            data, what = mutate(data, rng)
            damages.append(what)
        with open(path, "wb") as f:
            f.write(data)

    command = rng.choices([["verify"], ["record"], ["render", "--out", "out"], ["verify", "--full"]], [45, 20, 20, 15])[0]
    case = Case(f"mutation {index} (seed {seed}): {victim}", command, seconds=SECONDS, setup=setup)
    case.damages = damages
    return case
