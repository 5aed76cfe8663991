"""Projects the fuzzer's cases run in: small ones written as text, the test fixture,
the showcase, and the steps that change them (edits, git commits, hand-made PNGs)."""

import os
import shutil
import struct
import subprocess
import zlib

from harness import FIXTURES, SHOWCASE, SHOWCASE_GOLDEN

BOX = "size: [100, 50]\nroot:\n  box: { fill: c0 }\n"
BLACK = 'colors:\n  c0: "#000000"\n'


def write(folder, relative, content):
    path = os.path.join(folder, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(content.encode() if isinstance(content, str) else content)
    return path


def copy(source, folder, relative):
    target = os.path.join(folder, relative)
    if os.path.isdir(source):
        shutil.copytree(source, target)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(source, target)


def small_project(theme, layouts):
    """A setup for a theme and layouts given as text."""
    def setup(folder, binary):
        write(folder, "Layouts/theme.yml", theme)
        for name, text in layouts.items():
            write(folder, f"Layouts/{name}.yml", text)
    return setup


def fixture_project(folder, binary):
    """The test fixture project (9 small snapshots), its goldens recorded."""
    for item in os.listdir(os.path.join(FIXTURES, "project")):
        copy(os.path.join(FIXTURES, "project", item), folder, item)
    darkroom_quietly(binary, folder, "record")


def showcase_project(layouts=None):
    """The showcase, or some of its layouts, with their goldens (and the palette's)."""
    def setup(folder, binary):
        copy(os.path.join(SHOWCASE, "theme.yml"), folder, "Layouts/theme.yml")
        copy(os.path.join(SHOWCASE, "images"), folder, "Layouts/images")
        copy(os.path.join(SHOWCASE, "symbols"), folder, "Layouts/symbols")
        copy(os.path.join(SHOWCASE, "Localizable.xcstrings"), folder, "Layouts/Localizable.xcstrings")
        names = layouts or [n[:-4] for n in os.listdir(SHOWCASE) if n.endswith(".yml") and n != "theme.yml"]
        for name in names + ["palette"]:
            if name != "palette":
                copy(os.path.join(SHOWCASE, name + ".yml"), folder, f"Layouts/{name}.yml")
            copy(os.path.join(SHOWCASE_GOLDEN, name), folder, f"Golden/{name}")
    return setup


def then(*setups):
    def setup(folder, binary):
        for step in setups:
            step(folder, binary)
    return setup


def darkroom_quietly(binary, folder, *args):
    subprocess.run([binary, *args], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def png(width, height, rows=None, color_type=6, chunks=()):
    """A PNG file: `rows` of raw bytes (filter byte included) or one colour."""
    channels = {0: 1, 2: 3, 6: 4}[color_type]
    if rows is None:
        rows = (b"\0" + b"\x40" * (width * channels)) * height
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    body = b"".join(chunk(k, d) for k, d in chunks)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + body + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def nested(depth, inner, opener, closer):
    return opener * depth + inner + closer * depth


def edit(relative, old, new):
    def setup(folder, binary):
        path = os.path.join(folder, relative)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert old in text, f"{relative} lacks {old!r}"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))
    return setup


def committed(folder, binary):
    """The project as a git repository with one commit on main."""
    git = ["git", "-c", "user.email=fuzz@example.com", "-c", "user.name=fuzz"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=folder, check=True)
    subprocess.run(git + ["add", "-A"], cwd=folder, check=True)
    subprocess.run(git + ["commit", "-q", "-m", "base"], cwd=folder, check=True)
