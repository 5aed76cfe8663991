"""What a pull request could try (issue 26), one case per class: a golden whose
picture is replaced with its text chunks kept; a label that forges workflow commands
and extra lines; a layout linked to a file outside the project; an incomplete set of
shards merged; a forged render cache; a manifest over the JSON limit."""

import os
import re
import struct
import zlib

from harness import Case
from projects import BLACK, darkroom_quietly, edit, fixture_project, small_project, then, write


def chunks(data):
    """The PNG's chunks as (type, body) pairs."""
    offset, found = 8, []
    while offset + 12 <= len(data):
        length = struct.unpack(">I", data[offset:offset + 4])[0]
        found.append((data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]))
        offset += 12 + length
    return found


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def replace_picture_keep_text(folder, binary):
    """card/light.png's image data swapped for card/dark.png's, every text chunk of
    card/light kept (its digest and its image data hash): valid CRCs throughout."""
    light, dark = (os.path.join(folder, f"Golden/card/{m}.png") for m in ("light", "dark"))
    with open(light, "rb") as f:
        kept = chunks(f.read())
    with open(dark, "rb") as f:
        other = chunks(f.read())
    text = [c for c in kept if c[0] in (b"tEXt", b"zTXt", b"iTXt")]
    image = [c for c in other if c[0] not in (b"tEXt", b"zTXt", b"iTXt", b"IEND")]
    data = b"\x89PNG\r\n\x1a\n" + b"".join(chunk(k, b) for k, b in image[:1] + text + image[1:]) + chunk(b"IEND", b"")
    with open(light, "wb") as f:
        f.write(data)


def no_forged_lines(folder, binary, result):
    """Nothing the label holds may start a line of its own or a workflow command."""
    problems = []
    for line in (result.stdout + result.stderr).splitlines():
        if line.lstrip().startswith("::") or "##[" in line or line.startswith("FORGED"):
            problems.append(f"a forged line: {line[:200]!r}")
    return problems


def shards_then_merge_one(folder, binary):
    fixture_project(folder, binary)
    edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')(folder, binary)
    for n in (1, 2, 3):
        darkroom_quietly(binary, folder, "verify", "--shard", f"{n}/3", "--report", f"shard{n}")


def forged_cache(folder, binary):
    """A warm cache filled, then every entry rewritten to claim the goldens' digests."""
    fixture_project(folder, binary)
    darkroom_quietly(binary, folder, "verify")
    edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')(folder, binary)
    cache = os.path.join(folder, ".darkroom/cache/renders")
    if os.path.exists(cache):
        with open(cache, "rb") as f:
            data = f.read()
        with open(cache, "wb") as f:
            f.write(re.sub(rb"[0-9a-f]{32}", b"0" * 32, data))


def cases():
    label = "size: [200, 40]\nroot:\n  label: { text: \"a\\n::error file=README.md,line=1::owned\\nFORGED ::add-mask::x ##[error]y\" }\n"
    return [
        Case("26 a golden's picture replaced, its text chunks kept", ["verify", "--no-cache"], [1], "FAIL card/light",
             setup=then(fixture_project, replace_picture_keep_text)),
        Case("26 a label that forges workflow commands and lines", ["render", "--dump"], [0],
             setup=small_project(BLACK, {"a": label}), after=no_forged_lines),
        Case("26 a layout linked to a file outside the project", ["render", "--out", "out"], [2], "outside the project",
             setup=then(small_project(BLACK, {}),
                        lambda folder, binary: os.symlink("/etc/hostname", os.path.join(folder, "Layouts/a.yml")))),
        Case("26 two shards of three merged", ["merge-reports", "shard1", "shard2", "--out", "merged"], [2],
             "shard", setup=shards_then_merge_one),
        Case("26 a render cache rewritten to claim the goldens' digests", ["verify"], [1], "FAIL",
             setup=forged_cache),
        Case("26 a manifest over the JSON limit", ["verify", "--golden-format", "manifest"], [2], "limit",
             setup=then(small_project(BLACK, {"a": "size: [20, 20]\nroot:\n  box: {}\n"}),
                        lambda folder, binary: write(folder, "Golden/snapshots.json", "{" + " " * (17 << 20) + "}"))),
    ]
